"""Command line tools for the game database.

DB is an SQLite file (a path or sqlite:///path) or a postgresql:// URL.

python -m storage verify DB             replay every game and compare with the stored state
python -m storage export DB GAME_ID     print one game as JSON (seed, options, seats, log)
python -m storage import DB FILE        store an exported game again (replayed and checked)
python -m storage copy SRC DST          every game and its rows into an empty DST, then verify
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from pathlib import Path

from games import jsonin

from .backends import is_postgres, sqlite_path
from .copy import copy_database
from .errors import StorageError
from .store import Store
from .verify import verify_path

# An export holds one game: its options (a deck at most) and its moves, far below this.
MAX_IMPORT_BYTES = 32 * 1024 * 1024


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m storage")
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay every stored game and compare states")
    verify.add_argument("db")
    export = commands.add_parser("export", help="print one game as JSON")
    export.add_argument("db")
    export.add_argument("game_id", type=int)
    export.add_argument("-o", "--output", help="write to this file instead of standard output")
    imp = commands.add_parser("import", help="store an exported game (replayed and checked)")
    imp.add_argument("db")
    imp.add_argument("file", help="an export file, or - for standard input")
    imp.add_argument("--guild", type=int, help="guild id to store it under")
    imp.add_argument("--channel", type=int, help="channel id to store it under")
    copy = commands.add_parser(
        "copy", help="copy every game into an empty database (SQLite <-> PostgreSQL), then verify"
    )
    copy.add_argument("source")
    copy.add_argument("target")
    return parser


async def _export(db: str, game_id: int) -> dict:
    async with await Store.open(db) as store:
        return await store.export_game(game_id)


async def _import(db: str, data: dict, guild: int | None, channel: int | None) -> int:
    async with await Store.open(db) as store:
        record = await store.import_game(data, guild_id=guild, channel_id=channel)
        return record.id


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Reading a file that is not there would create it: say so instead.
    must_exist = {"verify": "db", "export": "db", "copy": "source"}.get(args.command)
    if must_exist is not None:
        given = getattr(args, must_exist)
        if not is_postgres(given) and not sqlite_path(given).exists():
            print(f"{given} does not exist.", file=sys.stderr)
            return 2
    try:
        if args.command == "copy":
            copied = asyncio.run(copy_database(args.source, args.target))
            for problem in copied.report.problems:
                print(f"MISMATCH {problem}")
            print(json.dumps(copied.to_json()))
            return 1 if copied.report.problems else 0
        if args.command == "verify":
            report = asyncio.run(verify_path(args.db))
            for problem in report.problems:
                print(f"MISMATCH {problem}")
            print(json.dumps(report.to_json()))
            return 1 if report.problems else 0
        if args.command == "export":
            text = json.dumps(asyncio.run(_export(args.db, args.game_id)), indent=1)
            if args.output:
                Path(args.output).write_text(text + "\n", encoding="utf-8")
            else:
                print(text)
            return 0
        try:
            if args.file == "-":
                data = jsonin.loads(
                    sys.stdin.buffer.read(MAX_IMPORT_BYTES + 1), max_bytes=MAX_IMPORT_BYTES
                )
            else:
                data = jsonin.load_file(args.file, max_bytes=MAX_IMPORT_BYTES)
        except OSError as exc:
            print(f"{args.file} cannot be read: {exc.strerror}.", file=sys.stderr)
            return 2
        except jsonin.JSONInputError as exc:
            print(f"{args.file} cannot be imported: {exc}.", file=sys.stderr)
            return 2
        game_id = asyncio.run(_import(args.db, data, args.guild, args.channel))
        print(f"imported as game {game_id}")
        return 0
    except StorageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # damage met where no game can be named
        print(
            f"{getattr(args, 'db', args.command)} is damaged and cannot be read ({exc}).",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":
    sys.exit(main())
