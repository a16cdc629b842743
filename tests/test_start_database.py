"""`python -m bot` refuses a database it could not write, before connecting and without touching it.

Tests run as root in CI, and root may write any file whatever its permission bits. So when root,
the start-up runs in a child process that drops to the unprivileged user 65534 (nobody) after
importing everything it may need (the interpreter and the checkout itself may live where nobody
cannot read); otherwise the files are made read-only with chmod.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import games
from storage import Store

ROOT = Path(__file__).resolve().parents[1]
NOBODY = 65534
AS_ROOT = os.geteuid() == 0

# Every module of the project is imported before dropping to nobody, not only those the start-up
# imports at once: some are imported lazily (the SQLite backend, inside `open_backend`), and when
# the checkout lives in a private folder (`mktemp -d`, root's home) nobody could not read them.
START = f"""
import concurrent.futures.thread, encodings.idna, importlib, os, pkgutil, sys
import aiohttp, discord
import bot.__main__ as start
for package in ("bot", "storage", "games"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(module.name)
if os.geteuid() == 0:
    os.setgroups([])
    os.setgid({NOBODY})
    os.setuid({NOBODY})
sys.exit(start.main())
"""


@pytest.fixture
def folder():
    """A folder every user may enter (pytest's own temporary folders are private to root)."""
    made = Path(tempfile.mkdtemp(prefix="malecon-start-"))
    made.chmod(0o755)
    yield made / "data"
    for path in (made, *made.rglob("*")):
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(made)


def make_database(path: Path) -> None:
    async def fill():
        store = await Store.open(path)
        try:
            await store.create_game(
                guild_id=1,
                channel_id=2,
                kind="santiago",
                options=games.get("santiago").options(None),
                creator_id=3,
                creator_name="Ana",
            )
        finally:
            await store.close()

    asyncio.run(fill())


def give(path: Path, user: int) -> None:
    if AS_ROOT:
        os.chown(path, user, user)


def read_only_file(db: Path) -> None:
    give(db.parent, NOBODY)
    give(db, NOBODY)
    db.chmod(0o444)


def file_of_another_user(db: Path) -> None:
    if not AS_ROOT:
        pytest.skip("only root can give a file to another user")
    db.parent.chmod(0o777)  # the folder is not the problem here
    db.chmod(0o644)  # root's file: nobody may read it, not write it


def read_only_folder(db: Path) -> None:
    give(db, NOBODY)
    db.chmod(0o666)
    db.parent.chmod(0o555)  # no room for the -wal and -shm files


def start_lines(db, folder) -> list[str]:
    """Start the bot's database check on `db` (as an unprivileged user when run as root); it
    must exit with status 2. Returns the non-empty lines it wrote to stderr."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "LOG_LEVEL")}
    env.update(DISCORD_TOKEN="not-a-real-token", DATABASE_PATH=str(db), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", START],
        cwd=folder.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    return [line for line in done.stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("damage", [read_only_file, file_of_another_user, read_only_folder])
def test_an_unwritable_database_is_one_clear_line_and_left_untouched(folder, damage):
    db = folder / "malecon.sqlite3"
    make_database(db)
    damage(db)
    before = db.read_bytes()
    listing = sorted(p.name for p in folder.iterdir())
    lines = start_lines(db, folder)
    assert len(lines) == 1, lines
    assert str(db) in lines[0] and "cannot be written" in lines[0], lines
    assert "read and write access" in lines[0] and "DATABASE_PATH" in lines[0], lines
    assert db.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == listing


def test_a_folder_that_cannot_be_made_is_one_clear_line(folder):
    folder.mkdir()
    folder.chmod(0o555)
    give(folder, NOBODY)
    db = folder / "games" / "malecon.sqlite3"
    lines = start_lines(db, folder)
    assert len(lines) == 1 and str(folder / "games") in lines[0], lines
    assert not (folder / "games").exists()
