"""Kill writers with SIGKILL at random moments: no committed move is lost, no half move is kept.

SQLite: one writer process on one file. PostgreSQL: several writer processes at once, each
keeping a game going in a channel of its own, all killed together.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

WRITER = Path(__file__).with_name("crash_writer.py")
KILLS = 15
PG_KILLS = 8
PG_WRITERS = 3


def committed(stdout: str) -> dict[int, int]:
    """The last version the writer reported as committed, per game (complete lines only)."""
    last: dict[int, int] = {}
    for line in stdout.splitlines(keepends=True):
        if line.endswith("\n"):
            game_id, version = map(int, line.split())
            last[game_id] = max(version, last.get(game_id, -1))
    return last


def stored_versions(path: Path) -> dict[int, tuple[int, int, str]]:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        schema = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema")}
        if "games" not in schema:
            # Killed while the very first start-up created the file: nothing was committed yet.
            return {}
        rows = conn.execute(
            "SELECT g.id, g.version, (SELECT count(*) FROM actions WHERE game_id = g.id), g.status"
            " FROM games AS g"
        ).fetchall()
    return {game_id: (version, logged, status) for game_id, version, logged, status in rows}


def test_sigkill_loses_no_committed_move_and_keeps_no_half_move(tmp_path):
    path = tmp_path / "crash.sqlite3"
    chooser = random.Random(2024)
    reported: dict[int, int] = {}
    before: dict[int, int] = {}  # each game's version found at the previous kill
    moves_seen = ahead = 0
    for kill in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, str(WRITER), str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        first = ""
        if kill % 3 == 0:
            # Some kills land while the writer opens or migrates the file...
            time.sleep(chooser.uniform(0.05, 0.6))
        else:
            # ...most in the middle of play, however long start-up takes on a busy machine.
            first = writer.stdout.readline()
            time.sleep(chooser.uniform(0.0, 0.5))
        writer.send_signal(signal.SIGKILL)
        out, err = writer.communicate(timeout=30)
        out = first + out
        assert writer.returncode == -signal.SIGKILL, err
        now = committed(out)
        moves_seen += sum(now.values())
        reported.update(now)
        if not path.exists():
            continue
        stored = stored_versions(path)
        for game_id, version in reported.items():
            in_db, logged, _ = stored[game_id]
            # Every reported move is there; the move in flight at the kill may be there too
            # (also one a writer started again committed before saying so), but always whole:
            # the log and the version agree.
            known = max(version, before.get(game_id, -1))
            assert version <= in_db <= known + 1, (game_id, version, before.get(game_id), in_db)
            assert logged == in_db
            ahead += in_db > version
        before = {game_id: in_db for game_id, (in_db, *_) in stored.items()}
        assert sum(1 for _, _, status in stored.values() if status in ("lobby", "active")) <= 1
    assert moves_seen > 50, "the writer hardly ran; the test proves nothing"
    print(f"{moves_seen} moves reported, {ahead} checks found the move in flight committed")
    check = subprocess.run(
        [sys.executable, "-m", "storage", "verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert check.returncode == 0, check.stdout
    assert '"mismatches": 0' in check.stdout


def pg_stored_versions(url: str) -> dict[int, tuple[int, int, str, int]]:
    import asyncpg

    async def read():
        conn = await asyncpg.connect(url)
        try:
            if await conn.fetchval("SELECT to_regclass('games')") is None:
                # Killed while the very first start-up migrated: nothing was committed yet.
                return []
            return await conn.fetch(
                "SELECT g.id, g.version, (SELECT count(*) FROM actions WHERE game_id = g.id),"
                " g.status, g.channel_id FROM games AS g"
            )
        finally:
            await conn.close()

    return {r[0]: (r[1], r[2], r[3], r[4]) for r in asyncio.run(read())}


def test_sigkill_of_several_writers_on_postgresql_loses_no_committed_move(pg_empty_url):
    chooser = random.Random(2025)
    reported: dict[int, int] = {}
    # Each game's version found at the previous kill.
    before: dict[int, int] = {}
    moves_seen = 0
    for _ in range(PG_KILLS):
        writers = [
            subprocess.Popen(
                [sys.executable, str(WRITER), pg_empty_url, str(channel)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for channel in range(1, PG_WRITERS + 1)
        ]
        # Start-up (imports, connecting, migrating) takes a varying time on a busy machine: kill
        # only once the writers have stored moves again, at a random moment after that.
        baseline = sum(v for v, _, _, _ in pg_stored_versions(pg_empty_url).values())
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            stored_now = sum(v for v, _, _, _ in pg_stored_versions(pg_empty_url).values())
            if stored_now > baseline + 5:
                break
            time.sleep(0.1)
        time.sleep(chooser.uniform(0.0, 0.5))
        for writer in writers:
            writer.send_signal(signal.SIGKILL)
        for writer in writers:
            out, err = writer.communicate(timeout=30)
            assert writer.returncode == -signal.SIGKILL, err
            now = committed(out)
            moves_seen += sum(now.values())
            reported.update(now)
        stored = pg_stored_versions(pg_empty_url)
        for game_id, version in reported.items():
            in_db, logged, _, _ = stored[game_id]
            # The move in flight at a kill may be there; a writer started again may commit one
            # more of that game and be killed before saying so: one past what is known either way.
            known = max(version, before.get(game_id, -1))
            assert version <= in_db <= known + 1, (game_id, version, before.get(game_id), in_db)
            assert logged == in_db
        before = {game_id: in_db for game_id, (in_db, *_) in stored.items()}
        for channel in range(1, PG_WRITERS + 1):
            open_games = [
                g for g in stored.values() if g[3] == channel and g[2] in ("lobby", "active")
            ]
            assert len(open_games) <= 1
    assert moves_seen > 50, "the writers hardly ran; the test proves nothing"
    check = subprocess.run(
        [sys.executable, "-m", "storage", "verify", pg_empty_url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert '"mismatches": 0' in check.stdout
