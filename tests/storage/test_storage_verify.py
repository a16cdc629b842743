"""`python -m storage verify` and `python -m games simulate --db`: replaying stored games."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys

import pytest

from games.simulate import simulate
from storage.__main__ import main as storage_main
from storage.simulate import simulate_into_db


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture(scope="module")
def simulated_template(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "sim.sqlite3"
    summary = simulate_into_db(path, "santiago", 3, 3, 5, None)
    assert summary.errors == 0 and summary.finished == 3
    return path


@pytest.fixture
def simulated_db(simulated_template, tmp_path):
    """A fresh copy of three simulated games (the store was closed, so the file is complete)."""
    path = tmp_path / "sim.sqlite3"
    shutil.copyfile(simulated_template, path)
    return path


def last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_the_simulator_through_the_database_plays_the_same_games(tmp_path, kind):
    plain = simulate(kind, 3, 3, 5)
    stored = simulate_into_db(tmp_path / "sim.sqlite3", kind, 3, 3, 5, None)
    assert stored.final_scores == plain.final_scores
    assert stored.decisions == plain.decisions > 0
    with sqlite3.connect(tmp_path / "sim.sqlite3") as conn:
        rows = conn.execute("SELECT status, version FROM games ORDER BY id").fetchall()
        logged = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    assert [status for status, _ in rows] == ["finished"] * 3
    assert sum(version for _, version in rows) == logged == plain.decisions
    assert storage_main(["verify", str(tmp_path / "sim.sqlite3")]) == 0


def test_a_good_database_verifies(simulated_db, capsys):
    assert storage_main(["verify", str(simulated_db)]) == 0
    assert last_json(capsys.readouterr().out) == {"games": 3, "verified": 3, "mismatches": 0}


def test_a_tampered_state_is_found_and_the_game_named(simulated_db, capsys):
    with sqlite3.connect(simulated_db) as conn:
        state = json.loads(conn.execute("SELECT state FROM games WHERE id = 2").fetchone()[0])
        state["round"] = state.get("round", 0) + 1 if isinstance(state.get("round"), int) else 1
        conn.execute("UPDATE games SET state = ? WHERE id = 2", (json.dumps(state),))
        channel = conn.execute("SELECT channel_id FROM games WHERE id = 2").fetchone()[0]
    assert storage_main(["verify", str(simulated_db)]) == 1
    out = capsys.readouterr().out
    assert last_json(out) == {"games": 3, "verified": 2, "mismatches": 1}
    assert f"game 2 (santiago, finished, guild 0, channel {channel})" in out
    assert "differs from the replay at $.round" in out


def test_a_state_that_does_not_parse_is_a_mismatch_naming_the_game(simulated_db, capsys):
    with sqlite3.connect(simulated_db) as conn:
        conn.execute("UPDATE games SET state = substr(state, 1, 40) WHERE id = 3")
    assert storage_main(["verify", str(simulated_db)]) == 1
    out = capsys.readouterr().out
    assert "game 3 (santiago" in out and "does not parse" in out
    assert last_json(out)["mismatches"] == 1


def test_unreadable_options_are_a_mismatch_naming_the_game(simulated_db, capsys):
    with sqlite3.connect(simulated_db) as conn:
        conn.execute("UPDATE games SET options = '{broken' WHERE id = 1")
    assert storage_main(["verify", str(simulated_db)]) == 1
    out = capsys.readouterr().out
    assert "game 1" in out and "options or seats" in out
    assert last_json(out) == {"games": 3, "verified": 2, "mismatches": 1}


def test_a_missing_move_is_found(simulated_db, capsys):
    with sqlite3.connect(simulated_db) as conn:
        conn.execute("DROP TRIGGER actions_no_delete")  # tampering by hand, past the guard
        conn.execute(
            "DELETE FROM actions WHERE game_id = 1 AND seq = (SELECT max(seq) FROM actions WHERE game_id = 1)"
        )
    assert storage_main(["verify", str(simulated_db)]) == 1
    out = capsys.readouterr().out
    assert "game 1 (santiago" in out and "actions in the log" in out


def test_simulate_cli_and_verify_cli_agree(tmp_path):
    db = str(tmp_path / "cli.sqlite3")
    sim = run(
        "games",
        "simulate",
        "--game",
        "santiago",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "1",
        "--db",
        db,
        "--json",
    )
    assert sim.returncode == 0, sim.stderr
    summary = last_json(sim.stdout)
    assert summary["finished"] == 3 and summary["errors"] == 0
    check = run("storage", "verify", db)
    assert check.returncode == 0, check.stdout + check.stderr
    assert last_json(check.stdout) == {"games": 3, "verified": 3, "mismatches": 0}


def test_verify_refuses_what_is_not_a_game_database(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database at all\n" * 10)
    check = run("storage", "verify", str(junk))
    assert check.returncode == 2
    assert "not an SQLite database" in check.stderr
