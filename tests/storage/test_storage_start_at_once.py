"""Two processes starting at once on an old SQLite file: the second waits for the first one's
migration, however long it takes on a busy host, up to a bound; past it, one clear line saying
that another process holds the database and how long it waited. Never "database is locked".

The first process is held inside its last migration (`start_child.py --hold`) until the test
lets it go, so the second one really meets a migration in progress; nothing here sleeps."""

from __future__ import annotations

import json
import queue
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from storage.migrations import LATEST, migrate

CHILD = Path(__file__).with_name("start_child.py")
ROOT = Path(__file__).resolve().parents[2]
# Only a safety net: every wait below ends on a line or an exit the test waits for.
SAFETY = 120


def old_file(path: Path) -> None:
    """A database of schema 10, holding one lobby, as an earlier version left it."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    assert migrate(conn, upto=10) == 10
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, kind, status, options, creator_id,"
        " created_at, updated_at) VALUES (1, 2, 'santiago', 'lobby', '{}', 3, 't', 't')"
    )
    conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 3, 'Ana')")
    conn.close()


class Child:
    """`start_child.py` in a process of its own, its output read line by line as it comes."""

    def __init__(self, db: Path, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), str(db), *options],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: dict[str, queue.Queue] = {}
        self.seen: dict[str, list[str]] = {}
        for name in ("stdout", "stderr"):
            self.lines[name], self.seen[name] = queue.Queue(), []
            stream = getattr(self.process, name)
            threading.Thread(target=self._read, args=(stream, name), daemon=True).start()

    def _read(self, stream, name: str) -> None:
        for line in stream:
            self.lines[name].put(line.rstrip("\n"))
        self.lines[name].put(None)

    def wait_for(self, name: str, words: str) -> str:
        """The first line of `name` holding `words`; fails if the stream ends first."""
        while True:
            line = self.lines[name].get(timeout=SAFETY)
            if line is None:
                self.process.wait(timeout=SAFETY)
                raise AssertionError(
                    f"ended ({self.process.returncode}) without {words!r}: {self.seen}"
                )
            self.seen[name].append(line)
            if words in line:
                return line

    def go_on(self) -> None:
        self.process.stdin.write("go\n")
        self.process.stdin.close()

    def finish(self) -> tuple[int, list[str], list[str]]:
        """Exit status, and every line of stdout and stderr."""
        status = self.process.wait(timeout=SAFETY)
        for name in ("stdout", "stderr"):
            while (line := self.lines[name].get(timeout=SAFETY)) is not None:
                self.seen[name].append(line)
        if not self.process.stdin.closed:
            self.process.stdin.close()
        return status, self.seen["stdout"], self.seen["stderr"]


def stop(*children: Child | None) -> None:
    """A test that failed half-way leaves none of its children running."""
    for child in children:
        if child is not None and child.process.poll() is None:
            child.process.kill()
            child.process.wait(timeout=SAFETY)


def migrated_with_its_lobby(path: Path) -> bool:
    with sqlite3.connect(path) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        seats = conn.execute("SELECT game_id, name FROM seats").fetchall()
    return version == LATEST and seats == [(1, "Ana")]


def test_the_second_process_waits_for_the_firsts_migration(tmp_path):
    db = tmp_path / "old.sqlite3"
    old_file(db)
    first = Child(db, "--hold")
    second = None
    try:
        first.wait_for("stdout", "migrating")
        second = Child(db)
        said = second.wait_for("stderr", "another process")
        assert str(db) in said
        first.go_on()
        for child in (first, second):
            status, out, err = child.finish()
            assert status == 0, (out, err)
            assert json.loads(out[-1])["mismatches"] == 0
            assert not [line for line in err if "locked" in line or "Traceback" in line], err
    finally:
        stop(first, second)
    assert migrated_with_its_lobby(db)


def test_past_the_bound_one_clear_line_says_who_holds_it_and_how_long_it_waited(tmp_path):
    db = tmp_path / "old.sqlite3"
    old_file(db)
    first = Child(db, "--hold")
    second = None
    try:
        first.wait_for("stdout", "migrating")
        second = Child(db, "--wait", "0.5")
        status, out, err = second.finish()  # the first one holds the file all the while
        first.go_on()
        assert first.finish()[0] == 0
    finally:
        stop(first, second)
    assert status == 2 and out == []
    assert err[-1] == (
        f"Another process holds {db} (migrating it, or writing to it): gave up after waiting"
        " 0.5 seconds; start again once it is done."
    ), err
    assert not [line for line in err if "locked" in line or "Traceback" in line], err
    assert migrated_with_its_lobby(db)
