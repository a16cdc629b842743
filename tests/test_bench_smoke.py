"""Every script of `bench/` still runs: each is started as `make bench` starts it, with its
smallest parameters, and must end on its own with status 0 and its JSON line last, so a change of
the bot that breaks a bench shows here, not on the day its figures are measured again.

The figures of so small a run mean nothing; what is asserted is that the script gets through the
same code as a full run (the bot in SimCord, its workers, the store) and ends its workers. A bench
killed half way leaves none of its worker processes behind."""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import descendants, ends

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
# Each script's smallest run: what its full run does, a round or a few moves of it.
SMOKE = {
    "ai.py": ["--games", "1", "--budget", "4", "--workers", "1", "--only", "havana"],
    "ai_strength.py": [
        *("--games", "1", "--seeds", "1", "--budget", "4", "--workers", "1", "--only", "havana"),
    ],
    "discord_budget.py": ["--only", "havana", "--sizes", "3", "--steps", "15"],
    "e2e.py": ["--games-per-kind", "1", "--moves", "15", "--floor", "5"],
    "engine.py": ["--games", "2", "--chess-games", "1"],
    "havana_length.py": ["--games", "2", "--players", "2"],
    "history.py": ["--games", "50", "--repeat", "1"],
    "learn.py": [
        *("--channels", "4", "--hints", "3", "--every", "0.05", "--budget", "4"),
        *("--workers", "1", "--only", "havana", "--steps", "15"),
    ],
    "league.py": ["--members", "8", "--rounds", "2", "--max-rounds", "1"],
    "load.py": ["--k", "2", "--moves", "8", "--min-moves", "8"],
    "memory.py": ["--games", "50"],
    "render.py": ["--repeat", "1", "--game-moves", "3"],
    "review.py": [
        *("--only", "havana", "--workers", "1", "--check-games", "1", "--rollouts", "2"),
        *("--check-level", "greedy", "--play-budget", "4", "--max-blunders", "1"),
        *("--check-class", "costly"),
        *("--review-rollouts", "2", "--review-max", "2", "--horizon", "4"),
        *("--search", "16", "--accuracy-search", "16", "--recheck", "4"),
    ],
    "review_apart.py": [
        *("--only", "havana", "--games", "1", "--samples", "2", "--rollouts", "2"),
        *("--max-decisions", "1", "--search", "8", "--recheck", "2"),
    ],
    "scheduler.py": ["--games", "60", "--burst", "45"],
    "sqlalchemy_core.py": ["--moves", "10", "--repeat", "1"],
    "storage.py": ["--moves", "20", "--finished", "10", "--active", "5"],
    "ux.py": ["--games", "1", "--only", "havana", "--decisions", "20"],
}
# Far more than any of them takes on a busy machine: a bench that hangs fails instead.
TIMEOUT = 240


def test_every_bench_script_has_a_smoke_run():
    assert sorted(SMOKE) == sorted(p.name for p in BENCH.glob("*.py"))


def run(script: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *SMOKE[script]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr[-4000:]
    last = json.loads(lines[-1])
    assert isinstance(last, dict)
    return last


# Those left out are run to their JSON line by tests of their own below.
@pytest.mark.parametrize(
    "script",
    sorted(set(SMOKE) - {"load.py", "scheduler.py", "learn.py", "league.py", "review.py"}),
)
def test_the_bench_runs_to_its_json_line(script):
    run(script)


def review_bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCH / "review.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def test_the_review_bench_checks_an_earlier_runs_blunders_from_the_seats_knowledge(tmp_path):
    """Check 2 run again on the cases an earlier run checked, each from the moment as the
    deciding seat knew it: the same cases, each replayed to the same decision."""
    earlier = run("review.py")
    cases = earlier["blunders"]["cases"]
    assert cases, "the smoke run checked no case"
    saved = tmp_path / "earlier.json"
    saved.write_text(json.dumps(earlier) + "\n")
    args = [*SMOKE["review.py"], "--blunders-from", str(saved), "--check-start", "seat"]
    done = review_bench(*args)
    assert done.returncode == 0, done.stderr[-4000:]
    again = json.loads(done.stdout.strip().splitlines()[-1])["blunders"]["cases"]
    key = ("game", "seed", "entry", "seat", "played", "preferred", "cost", "se")
    assert [[c[k] for k in key] for c in again] == [[c[k] for k in key] for c in cases]
    assert {c["start"] for c in again} == {"seat"} and {c["start"] for c in cases} == {"real"}
    # Counting the report's own error too only widens the check's interval.
    assert all(isinstance(c["agrees"], bool) for c in again)
    assert all(c["agrees"] for c in again if c["cost_within"])
    # Measured again as this review measures a flagged decision, the earlier cost kept beside.
    done = review_bench(*SMOKE["review.py"], "--blunders-from", str(saved), "--remeasure")
    assert done.returncode == 0, done.stderr[-4000:]
    last = json.loads(done.stdout.strip().splitlines()[-1])
    remeasured = last["blunders"]["cases"]
    assert [c["cost_then"] for c in remeasured] == [c["cost"] for c in cases]
    assert [c["played"] for c in remeasured] == [c["played"] for c in cases]
    assert all(c["cost"] >= 0 and c["se"] >= 0 for c in remeasured)
    assert last["parameters"]["method"]["face_down"] == "rule"
    assert last["parameters"]["method"]["recheck"] == 4


def test_the_review_bench_remeasures_only_an_earlier_runs_blunders():
    done = review_bench("--remeasure")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "needs --blunders-from" in done.stderr


@pytest.mark.parametrize(
    "text, says",
    [
        (None, "No such file"),
        ("", "not the JSON line of a run of this bench"),
        ("not a run\n", "not the JSON line of a run of this bench"),
        ('{"parameters": {}}\n', "not the JSON line of a run of this bench"),
        ('{"parameters": {"seed": 2}, "levels": {}}\n', "checked no blunder (--rollouts 0)"),
    ],
)
def test_the_review_bench_refuses_a_file_that_is_no_run_of_it_in_one_line(tmp_path, text, says):
    saved = tmp_path / "earlier.json"
    if text is not None:
        saved.write_text(text)
    done = review_bench("--blunders-from", str(saved))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert says in done.stderr


def test_the_review_bench_without_rollouts_orders_the_levels_three_ways_and_checks_nothing():
    # No time table: the blunders test's `run("review.py")` times its review.
    args = [*SMOKE["review.py"], "--check-games", "2", "--rollouts", "0", "--timing", "0"]
    done = review_bench(*args)
    assert done.returncode == 0, done.stderr[-4000:]
    last = json.loads(done.stdout.strip().splitlines()[-1])
    assert "blunders" not in last
    levels = last["levels"]["havana"]
    assert levels["games"] == 2
    for key in (
        "ordered",
        "ordered_by_cost",
        "ordered_by_plain_accuracy",
        "ordered_by_mattered_accuracy",
        "finished_in_order",
    ):
        assert 0 <= levels[key] <= 2
    assert set(levels["pairs_by_places"]) == {"greedy>random", "strong>random", "strong>greedy"}
    assert last["parameters"]["method"]["accuracy_value"] == "mixed"
    assert last["parameters"]["method"]["accuracy_search"] == {"santiago": 16, "havana": 16}
    # Each level gets a mean accuracy of each kind (none over mattered decisions if it had none).
    for level, plain in levels["mean_plain_accuracy"].items():
        assert plain is not None and 0 <= plain <= 100
        mattered = levels["mean_mattered_accuracy"][level]
        assert mattered is None or 0 <= mattered <= 100
    # Every game's line says where each level finished, 1 to 3.
    lines = [line for line in done.stdout.splitlines() if line.startswith("game havana")]
    assert len(lines) == 2
    for line in lines:
        places = ast.literal_eval(line.split("places ", 1)[1].split("}", 1)[0] + "}")
        assert set(places) == {"random", "greedy", "strong"}
        assert all(1 <= p <= 3 for p in places.values()) and min(places.values()) == 1


def test_the_load_bench_plays_through_choose_and_its_private_answer():
    """The players answer "Choose" in the private follow-up that carries their buttons."""
    figures = run("load.py")["k"]["2"]
    assert figures["interactions_by_kind"]["choose"] > 0
    assert figures["moves"] >= 16
    assert figures["floor_moves_per_s"] > 0
    # The second floor, sending a turn message as the bot posts it, runs too.
    assert figures["layout_floor_moves_per_s"] > 0


def test_the_turn_clock_bench_measures_until_no_timer_of_the_burst_is_due():
    """The bench measures to the last timer of the burst (SimCord may settle before it, while
    the clock waits for Discord), every message under Discord's global limit."""
    figures = run("scheduler.py")
    assert figures["still_due"] == 0
    assert figures["messages_sent"] > 0
    assert figures["global_bound_requests"] >= figures["messages_sent"]


def test_the_learn_bench_times_hints_while_channels_keep_the_ai_busy():
    """Hints are answered while the busy channels' AI decisions go on, and the practice game's
    requests are counted from `/learn` on."""
    figures = run("learn.py")
    assert figures["hints"] == 3 and figures["hint_p95_s"] > 0
    assert figures["ai_decisions_meanwhile"] > 0
    assert figures["practice"]["havana"]["moves"] > 0
    assert figures["practice"]["havana"]["requests"] > 0


def test_the_league_bench_plays_every_round_and_measures_the_bookkeeping():
    """Every table of every round is a game played to its end; the figures are there."""
    figures = run("league.py")
    assert figures["games"] == 4 and figures["winner_points"] > 0
    assert figures["bookkeeping_cpu_s"] > 0 and figures["pairing_max_s"] >= 0


@pytest.mark.skipif(
    not os.path.isdir("/proc/self") or not hasattr(os, "pidfd_open"), reason="needs Linux"
)
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_killed_review_bench_leaves_no_worker_behind(how):
    """The review bench is killed while its pool works (its first figure printed, the games of
    check 1 to come): each of its worker processes ends with it, none waits for work for ever."""
    args = [*SMOKE["review.py"]]
    args[args.index("--check-games") + 1] = "4"
    bench = subprocess.Popen(
        [sys.executable, str(BENCH / "review.py"), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = bench.stdout.readline()
        assert first.startswith("time havana:"), first + bench.stderr.read()
        started = descendants(bench.pid)
        assert started, "the bench's workers run"
        bench.send_signal(how)
        left = [pid for pid in started if not ends(pid, TIMEOUT)]
        for pid in left:  # still running: not left behind by the test too
            os.kill(pid, signal.SIGKILL)
        assert left == []
        bench.communicate(timeout=TIMEOUT)
        assert bench.returncode == -how
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
