"""`python -m storage verify` and `python -m games simulate --db`: replaying stored games."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import sqlite3
import subprocess
import sys

import pytest
from pages import damage_page, first_keys, leaf_pages
from storage_support import play_random_moves, started_game

from games.simulate import simulate
from storage import Store
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


@pytest.fixture(scope="module")
def many_games_template(tmp_path_factory):
    """Sixteen started games with some moves each, in sixteen channels, stored through the store."""
    path = tmp_path_factory.mktemp("many") / "many.sqlite3"

    async def fill():
        store = await Store.open(path)
        try:
            for n in range(16):
                started = await started_game(store, players=2 + n % 3, channel=100 + n, seed=n)
                await play_random_moves(store, started.record.id, 25, seed=n)
        finally:
            await store.close()

    asyncio.run(fill())
    return path


@pytest.fixture
def many_games(many_games_template, tmp_path):
    path = tmp_path / "many.sqlite3"
    shutil.copyfile(many_games_template, path)
    return path


def channels(path) -> dict[int, int]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT id, channel_id FROM games").fetchall())


def test_a_damaged_page_of_game_rows_names_those_games_and_checks_the_others(many_games):
    channel_of = channels(many_games)
    leaves = leaf_pages(many_games, "games")
    assert len(leaves) >= 3, "the test needs game rows on several pages"
    page = leaves[len(leaves) // 2]
    lost = first_keys(many_games, page)
    damage_page(many_games, page)
    check = run("storage", "verify", str(many_games))
    assert check.returncode == 1, check.stdout + check.stderr
    assert "Traceback" not in check.stderr and check.stderr == ""
    for game_id in lost:
        assert f"game {game_id}: Game {game_id} cannot be read" in check.stdout, check.stdout
    assert "damaged" in check.stdout
    named = {int(word) for word in re.findall(r"MISMATCH game (\d+)", check.stdout)}
    assert named == set(lost)
    total = len(channel_of)
    assert last_json(check.stdout) == {
        "games": total,
        "verified": total - len(lost),
        "mismatches": len(lost),
    }


def test_a_damaged_page_of_the_action_log_names_those_games_by_channel(many_games):
    channel_of = channels(many_games)
    leaves = leaf_pages(many_games, "actions")
    assert len(leaves) >= 3, "the test needs the log on several pages"
    page = leaves[len(leaves) // 2]
    on_page = set(first_keys(many_games, page))
    damage_page(many_games, page)
    check = run("storage", "verify", str(many_games))
    assert check.returncode == 1, check.stdout + check.stderr
    assert "Traceback" not in check.stderr and check.stderr == ""
    named = {int(word) for word in re.findall(r"MISMATCH game (\d+)", check.stdout)}
    # A game whose log ends just before the page or starts just after it may also be read
    # through the page (its boundary key sits on the parent page), so it may be named too.
    assert on_page <= named <= on_page | {min(on_page) - 1, max(on_page) + 1}, (on_page, named)
    for game_id in named:
        assert f"channel {channel_of[game_id]}): The action log of game {game_id} cannot" in (
            check.stdout
        ), check.stdout
    total = len(channel_of)
    assert last_json(check.stdout) == {
        "games": total,
        "verified": total - len(named),
        "mismatches": len(named),
    }


@pytest.mark.parametrize("keep", [0, 100], ids=["whole-first-page", "schema-after-the-header"])
def test_a_damaged_first_page_is_one_clear_line(many_games, keep):
    damage_page(many_games, 1, keep=keep)
    check = run("storage", "verify", str(many_games))
    assert check.returncode == 2
    lines = [line for line in (check.stdout + check.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and str(many_games) in lines[0] and "damaged" in lines[0], lines
