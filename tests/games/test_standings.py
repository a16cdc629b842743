"""A game ended early: the standing as it is now, seats forced to the last places, no winner.

The bot ends games that cannot end by the rules (a vote, `/game abandon`, a resignation); these
tests check on random positions of both games that what it shows then is a sound result.
"""

from __future__ import annotations

import itertools
import json

import pytest

import games
from games import Result, no_winner, put_last
from games.simulate import play_random
from games.text import Msg

SEEDS = (3, 8, 21)
EARLY = {"santiago": "santiago.reason.ended_early", "havana": "havana.end.ended_early"}


def positions(name: str, players: int, seed: int) -> list:
    """Every position of one seeded random game, from the first to the last."""
    game = games.get(name)
    seen = [game.new(players, seed)]
    play_random(name, players, seed, on_move=lambda state, _seat, _code: seen.append(state))
    return seen


def key(result: Result, seat: int) -> tuple[int, ...]:
    """What decides a seat's place: its score, then its tie-break values in order."""
    breaks = result.tiebreaks[seat] if result.tiebreaks else ()
    return (result.scores[seat], *breaks)


def assert_sound(result: Result, players: int) -> None:
    """Places follow scores and tie-breaks (equal only when everything is equal), the ranking
    follows the places, and the winners are exactly the seats in first place."""
    assert len(result.scores) == len(result.places) == players
    assert sorted(result.ranking) == list(range(players))
    if result.tiebreaks:
        assert len(result.tiebreaks) == players
        assert all(len(t) == len(result.tiebreak_names) for t in result.tiebreaks)
    for seat in range(players):
        better = sum(1 for other in range(players) if key(result, other) > key(result, seat))
        assert result.places[seat] == 1 + better
    assert [result.places[s] for s in result.ranking] == sorted(result.places)
    assert result.winners == tuple(s for s in result.ranking if result.places[s] == 1)
    assert result.winners


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", games.NAMES)
def test_the_standing_of_any_position_is_a_sound_result_and_the_real_one_at_the_end(name, players):
    game = games.get(name)
    for seed in SEEDS:
        states = positions(name, players, seed)
        for depth, state in enumerate(states[:-1]):
            before = json.dumps(game.to_json(state), sort_keys=True) if depth % 25 == 0 else None
            standing = game.standing(state)
            if before is not None:  # looking at the standing changes nothing in the game
                assert json.dumps(game.to_json(state), sort_keys=True) == before
            assert game.result(state) is None
            assert_sound(standing, players)
            assert standing.reason.key == EARLY[name]
            assert "ended early" in str(standing.reason)
        final = states[-1]
        assert game.is_over(final)
        assert game.standing(final) == game.result(final)
        assert_sound(game.result(final), players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_santiago_standing_counts_leftover_goods_as_at_the_end(players):
    game = games.get("santiago")
    converted = False
    for state in positions("santiago", players, SEEDS[0])[:-1]:
        standing = game.standing(state)
        for seat in range(players):
            goods = sum(state.goods[seat * 6 : seat * 6 + 6])
            assert standing.scores[seat] == state.vp[seat] + goods // 3
            assert standing.tiebreaks[seat] == (goods % 3, state.pesos[seat])
            converted |= goods >= 3
    assert converted  # the game held at least one position where goods were worth VP


def test_havana_standing_is_by_vp_with_ties_shared():
    game = games.get("havana")
    shared = False
    for state in positions("havana", 3, SEEDS[1])[:-1]:
        standing = game.standing(state)
        assert standing.scores == tuple(p.vp for p in state.players)
        assert standing.tiebreaks == ()
        shared |= len(standing.winners) > 1
    assert shared  # the opening, at least, is a tie shared by everybody


# ------------------------------------------------------------------ put_last and no_winner


def real_results() -> list[Result]:
    """Standings of positions early, midway and at the end of random games of both games."""
    out = []
    for name in games.NAMES:
        game = games.get(name)
        for players in (2, 3, 4):
            states = positions(name, players, SEEDS[2])
            for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
                out.append(game.standing(state))
    return out


def test_put_last_moves_the_seats_to_the_end_and_keeps_everything_else_sound():
    note = Msg("test.resigned")
    for result in real_results():
        players = len(result.scores)
        assert put_last(result, ()) == result
        for size in range(players + 1):
            for forced in itertools.combinations(range(players), size):
                moved = put_last(result, forced, note=note)
                others = [s for s in result.ranking if s not in forced]
                behind = [s for s in result.ranking if s in forced]
                assert moved.ranking == tuple(others + behind)
                for group, offset in ((others, 0), (behind, len(others))):
                    for seat in group:
                        ahead = sum(1 for s in group if result.places[s] < result.places[seat])
                        assert moved.places[seat] == offset + 1 + ahead
                assert [moved.places[s] for s in moved.ranking] == sorted(moved.places)
                assert moved.places[moved.ranking[0]] == 1
                assert moved.winners == tuple(s for s in moved.ranking if moved.places[s] == 1)
                if others:
                    assert not set(moved.winners) & set(forced)
                else:
                    assert moved.winners == result.winners
                assert moved.scores == result.scores and moved.tiebreaks == result.tiebreaks
                assert moved.reason == result.reason
                assert moved.notes == (*result.notes, note)


def test_put_last_on_known_numbers():
    # Scores 10, 12, 12, 8: seats 1 and 2 share the win, seat 0 is third, seat 3 fourth.
    result = Result(
        scores=(10, 12, 12, 8), winners=(1, 2), ranking=(1, 2, 0, 3), places=(3, 1, 1, 4)
    )
    one = put_last(result, [2])
    assert one.ranking == (1, 0, 3, 2)
    assert one.places == (2, 1, 4, 3)
    assert one.winners == (1,)
    assert one.notes == ()
    # Both winners resign: they share the last place, tied among themselves as they were.
    both = put_last(result, {1, 2})
    assert both.ranking == (0, 3, 1, 2)
    assert both.places == (1, 3, 3, 2)
    assert both.winners == (0,)
    # The seat that was last anyway stays last.
    assert put_last(result, [3]).places == (3, 1, 1, 4)
    # Everybody forced last: the order among them is the old one.
    everybody = put_last(result, range(4))
    assert everybody.places == (3, 1, 1, 4) and everybody.winners == (1, 2)
    # Applied twice, the later seat goes behind the earlier one.
    twice = put_last(put_last(result, [1]), [0])
    assert twice.ranking == (2, 3, 1, 0) and twice.places == (4, 3, 1, 2)
    assert twice.winners == (2,)


def test_put_last_refuses_seats_the_result_does_not_have():
    result = Result(scores=(5, 4), winners=(0,), ranking=(0, 1), places=(1, 2))
    for bad in ([2], [-1], ["0"], [True]):
        with pytest.raises(ValueError):
            put_last(result, bad)


def test_an_abandoned_game_keeps_its_standing_but_has_no_winner():
    for result in real_results():
        abandoned = no_winner(put_last(result, [0]))
        assert abandoned.winners == ()
        assert abandoned.ranking == put_last(result, [0]).ranking
        assert abandoned.places == put_last(result, [0]).places
        assert abandoned.scores == result.scores and abandoned.reason == result.reason
