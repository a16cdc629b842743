"""The duel command: whole games between levels, the same figures for a seed whatever the
number of worker processes."""

from __future__ import annotations

import json

import pytest

from ai.__main__ import main
from ai.duel import percentile, seat_levels

TIMING = ("seconds_per_decision", "p95_seconds_per_decision")


def run(capsys, *args: str) -> dict:
    assert main(["duel", *args, "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_duel_reports_every_game_and_is_the_same_with_more_workers(capsys):
    args = ("--game", "santiago", "--players", "2", "--seats", "greedy,random", "--games", "4")
    one = run(capsys, *args, "--seed", "3", "--workers", "1")
    two = run(capsys, *args, "--seed", "3", "--workers", "2")
    assert one["game"] == "santiago" and one["players"] == 2 and one["games"] == 4
    assert one["seats"] == ["greedy", "random"]
    assert one["errors"] == 0
    assert sum(one["wins"].values()) == pytest.approx(4)
    assert set(one["mean_score"]) == set(one["seconds_per_decision"]) == {"greedy", "random"}
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }
    other_seed = run(capsys, *args, "--seed", "4", "--workers", "1")
    assert other_seed["mean_score"] != one["mean_score"]


def test_duel_reports_the_95th_percentile_of_thinking_time(capsys):
    assert main(["duel", "--game", "havana", "--players", "2", "--seats", "greedy,random",
                 "--games", "2", "--json"]) == 0  # fmt: skip
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert "p95 s" in out[1]
    p95 = summary["p95_seconds_per_decision"]
    assert set(p95) == {"greedy", "random"} and all(v >= 0 for v in p95.values())
    # The 95th of 100 times is the 95th smallest, whatever their order.
    assert percentile([t / 100 for t in range(100, 0, -1)], 0.95) == 0.95
    assert percentile([], 0.95) is None


def test_one_level_against_three_fills_the_table(capsys):
    summary = run(
        capsys, "--game", "havana", "--players", "4", "--seats", "greedy,random", "--games", "2"
    )
    assert summary["seats"] == ["greedy", "random", "random", "random"]
    assert sum(summary["wins"].values()) == pytest.approx(2)


def test_no_level_keeps_the_first_seat():
    levels = ("strong", "greedy", "greedy", "greedy")
    firsts = [seat_levels(levels, i)[0] for i in range(4)]
    assert firsts == ["strong", "greedy", "greedy", "greedy"]
    assert sorted(seat_levels(levels, 1)) == sorted(levels)
    assert seat_levels(("strong", "greedy"), 1) == ("greedy", "strong")


def test_bad_seats_are_refused(capsys):
    with pytest.raises(SystemExit):
        main(["duel", "--game", "havana", "--players", "2", "--seats", "genius"])
    assert "--seats" in capsys.readouterr().err
