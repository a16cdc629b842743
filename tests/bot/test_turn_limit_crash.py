"""The turn limit passed, nobody answered the table's question, and the bot process is killed
(SIGKILL, its workers with it) while its AI thinks about the decision: the next process on the
same database makes that decision when it starts, says so in the channel once and asks nobody
again. On SQLite and PostgreSQL; and when the first process was not killed but goes on beside
the next one (a restart overlapping its successor), the decision is still made once."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROCESS = "tests.bot.stand_in_process"
# Only a bound for a process that hangs; the processes print within seconds.
PATIENCE = 240


def bot_process(*args: str) -> subprocess.Popen:
    # A session of its own: the kill takes the bot's worker processes with it.
    return subprocess.Popen(
        [sys.executable, "-m", PROCESS, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def next_report(process: subprocess.Popen) -> dict:
    ready, _, _ = select.select([process.stdout], [], [], PATIENCE)
    line = process.stdout.readline() if ready else ""
    assert line, f"no report from the bot process (exit {process.poll()})"
    return json.loads(line)


def kill(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=60)


def end(process: subprocess.Popen) -> str:
    """Its error output, once it is gone."""
    kill(process)
    return process.communicate(timeout=60)[1]


@pytest.fixture
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.mark.parametrize(
    "database, first",
    [("sqlite", "killed"), ("postgresql", "killed"), ("postgresql", "still running")],
    indirect=["database"],
)
def test_a_process_gone_while_the_ai_stands_in_leaves_the_move_to_the_next(
    database, first, tmp_path
):
    release = tmp_path / "release"
    stalling = bot_process("stall", database, str(release))
    try:
        stalled = next_report(stalling)
        if first == "killed":
            kill(stalling)

        second = bot_process("resume", database, str(stalled["elapsed"]))
        try:
            out, err = second.communicate(timeout=PATIENCE)
        finally:
            kill(second)
        assert second.returncode == 0, err
        after = json.loads(out.splitlines()[-1])
        assert after["version"] == stalled["version"] + 1, "the decision was made after the restart"
        assert after["last_seat"] == 2, "by the AI, for cai"
        said = after["said"]
        assert len(said) == 1, "the AI's move, announced once"
        assert not any("has waited" in t or "has not decided" in t for t in said), said

        if first == "still running":
            # The first process's AI gets to think now, about a decision made meanwhile.
            release.touch()
            late = next_report(stalling)
            assert late["version"] == after["version"], "no second move"
            assert late["for_cai"] == stalled["for_cai"] + 1
    finally:
        err = end(stalling)
    assert "Traceback" not in err, err
