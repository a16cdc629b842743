"""Command line tools for the game database.

DB is an SQLite file (a path or sqlite:///path) or a postgresql:// URL.

python -m storage verify DB             replay every game and compare with the stored state
python -m storage export DB GAME_ID     print one game as JSON (seed, options, seats, log)
python -m storage import DB FILE        store an exported game again (replayed and checked:
                                        a state or result the log does not give is refused,
                                        and so is a game the server already holds)
python -m storage copy SRC DST          every game and its rows into an empty DST, then verify
python -m storage ratings --rebuild [DB] recompute every rating from the stored results
                                        (DB defaults to DATABASE_URL, else DATABASE_PATH)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
from pathlib import Path

from games import jsonin

from .backends import is_postgres, sqlite_path
from .copy import copy_database
from .endings import rebuild
from .errors import StorageError
from .exchange import CheckedExport, check_export
from .store import Store
from .verify import verify_path

# An export holds one game: its options (a deck at most) and its moves, far below this.
MAX_IMPORT_BYTES = 32 * 1024 * 1024


def _default_database() -> str:
    """The bot's own database: DATABASE_URL wins over DATABASE_PATH, as for the bot."""
    return (
        os.environ.get("DATABASE_URL", "").strip()
        or os.environ.get("DATABASE_PATH", "").strip()
        or "data/malecon.sqlite3"
    )


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
    ratings = commands.add_parser(
        "ratings", help="list the ratings, or recompute them from the stored results"
    )
    ratings.add_argument("db", nargs="?", default=_default_database())
    ratings.add_argument(
        "--rebuild", action="store_true", help="recompute every rating in the order games ended"
    )
    copy = commands.add_parser(
        "copy", help="copy every game into an empty database (SQLite <-> PostgreSQL), then verify"
    )
    copy.add_argument("source")
    copy.add_argument("target")
    return parser


RATING_ROWS = "SELECT guild_id, kind, player, mu, sigma, games FROM ratings ORDER BY 1, 2, 3"


async def _ratings(db: str, again: bool) -> dict:
    """The ratings (and with `again`, rebuilt from the results in one transaction): the
    report says how many games were rated and how many ratings came out different."""
    async with await Store.open(db) as store:
        before = await store.read(RATING_ROWS)
        if not again:
            return {"ratings": [list(r) for r in before]}
        games = await store.transaction(rebuild())
        after = await store.read(RATING_ROWS)
    was = {r[:3]: r[3:] for r in before}
    now = {r[:3]: r[3:] for r in after}
    changed = sum(1 for key in was.keys() | now.keys() if was.get(key) != now.get(key))
    return {"games_rated": games, "ratings": len(after), "changed": changed}


async def _export(db: str, game_id: int) -> dict:
    async with await Store.open(db) as store:
        return await store.export_game(game_id)


async def _import(db: str, checked: CheckedExport, guild: int | None, channel: int | None) -> int:
    async with await Store.open(db) as store:
        record = await store.import_game(checked, guild_id=guild, channel_id=channel)
        return record.id


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Reading a file that is not there would create it: say so instead.
    must_exist = {"verify": "db", "export": "db", "ratings": "db", "copy": "source"}.get(
        args.command
    )
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
        if args.command == "ratings":
            report = asyncio.run(_ratings(args.db, args.rebuild))
            if not args.rebuild:
                for guild, kind, player, mu, sigma, games in report["ratings"]:
                    print(f"{guild} {kind} {player} mu={mu:.3f} sigma={sigma:.3f} games={games}")
            print(json.dumps(report if args.rebuild else {"ratings": len(report["ratings"])}))
            return 0
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
        # Replayed and checked before the database is opened: a refused file leaves it as it was.
        checked = check_export(data)
        game_id = asyncio.run(_import(args.db, checked, args.guild, args.channel))
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
