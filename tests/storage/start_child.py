"""A process starting on a database as `python -m storage verify DB` does, for the start-up
tests: `--hold` stops it inside its last migration, holding the file's write lock, until a line
comes on its standard input (it says `migrating` first); `--wait SECONDS` bounds how long it
waits for another process holding the file."""

from __future__ import annotations

import argparse
import dataclasses
import sys

import storage.database
import storage.migrations
from storage.__main__ import main


def hold_in_last_migration() -> None:
    last = storage.migrations.MIGRATIONS[-1]

    def held():
        print("migrating", flush=True)
        sys.stdin.readline()
        yield from last.rewrite() if last.rewrite is not None else ()

    storage.migrations.MIGRATIONS = (
        *storage.migrations.MIGRATIONS[:-1],
        dataclasses.replace(last, rewrite=held),
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--hold", action="store_true")
    parser.add_argument("--wait", type=float)
    args = parser.parse_args()
    if args.hold:
        hold_in_last_migration()
    if args.wait is not None:
        storage.database.START_WAIT_SECONDS = args.wait
    sys.exit(main(["verify", args.db]))
