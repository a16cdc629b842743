"""Hints and the AI's reasons: the best codes for a seat and why, read only from what the seat
can know (twins that differ in others' hidden holdings give the same hints and reasons), legal,
ranked by their estimated win chance, each reason one of the evaluation's terms."""

from __future__ import annotations

import random

import pytest

import games
from ai.hints import TERMS, hints, reason
from tests.ai.ai_helpers import TWINS, positions


@pytest.mark.parametrize("name", games.NAMES)
def test_twins_differing_in_what_a_seat_cannot_see_give_the_same_hints_and_reasons(name):
    rng = random.Random(f"hint-twins:{name}")
    compared = 0
    for state, seat in positions(name, 3, 21, 40):
        twin = TWINS[name](state, seat, rng)
        if twin is None:
            continue
        mine = hints(name, state, seat, seed="7:12:1", samples=3, horizon=6)
        theirs = hints(name, twin, seat, seed="7:12:1", samples=3, horizon=6)
        assert mine == theirs
        code = mine[0]["code"]
        assert reason(name, state, seat, code, seed=3) == reason(name, twin, seat, code, seed=3)
        compared += 1
    assert compared >= 8, "too few twins: the test would prove little"


@pytest.mark.parametrize("name", games.NAMES)
def test_hints_are_legal_ranked_and_explained_in_the_evaluations_terms(name):
    game = games.get(name)
    for state, seat in positions(name, 3, 5, 6):
        found = hints(name, state, seat, seed=1, samples=3, horizon=6)
        assert 1 <= len(found) <= 3
        legal = game.legal_codes(state, seat)
        assert all(f["code"] in legal for f in found)
        assert len({f["code"] for f in found}) == len(found)
        wins = [f["win"] for f in found]
        assert wins == sorted(wins, reverse=True) and all(0 <= w <= 100 for w in wins)
        for f in found:
            assert f["reason"] in (*TERMS, "steady")
            assert (f["worth"] >= 1) == (f["reason"] != "steady")
            assert (f["player"] is not None) == (f["reason"] == "deny")
            assert f["player"] != seat
        # The same question, the same answer.
        assert found == hints(name, state, seat, seed=1, samples=3, horizon=6)


def test_a_game_without_a_model_has_no_hints():
    assert hints("no-such-game", None, 0, seed=1) == []
    assert reason("no-such-game", None, 0, "x", seed=1) is None


@pytest.mark.parametrize("name", games.NAMES)
def test_a_reason_told_to_another_player_is_judged_only_in_worlds_where_the_move_could_be_made(
    name,
):
    """The learner cannot see an AI's purse: a world drawn from their view may leave the AI
    too poor for the move it made. Such a world explains nothing; the reason comes from the
    others, or there is none, and nothing fails."""
    game = games.get(name)
    told = 0
    for state, seat in positions(name, 3, 11, 30):
        viewer = (seat + 1) % 3
        for code in game.legal_codes(state, seat):
            said = reason(name, state, seat, code, seed=5, viewer=viewer)
            if said is not None:
                assert said["reason"] in (*TERMS, "steady")
                told += 1
    assert told, "no reason was told at all"


@pytest.mark.parametrize("name", games.NAMES)
def test_the_reason_for_a_move_that_ends_the_game_is_worth_what_the_final_scores_say(name):
    """The VP it scores: not an evaluation's bonus for the winner, told as goods worth some 100
    VP, nor the others' standing estimated before against their final scores."""
    game = games.get(name)
    chooser = random.Random(4)
    found = 0
    for seed in range(1, 9):
        state = game.new(3, seed)
        while not game.is_over(state):
            seat = game.pending(state)[0].seat
            codes = game.legal_codes(state, seat)
            for code in codes:
                after, _ = game.apply(state, seat, code)
                if game.is_over(after):
                    said = reason(name, state, seat, code, seed=2)
                    if said is not None:
                        assert said["reason"] in ("points", "steady"), said
                        assert said["worth"] <= 30, said
                        found += 1
            state, _ = game.apply(state, seat, chooser.choice(codes))
    assert found, "no move ended a game"
