"""The duel command: whole games between levels, the same figures for a seed whatever the
number of worker processes."""

from __future__ import annotations

import json

import pytest

from ai.__main__ import main
from ai.duel import seat_levels

TIMING = ("seconds_per_decision",)


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
