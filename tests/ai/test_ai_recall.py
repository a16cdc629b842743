"""What the public record tells the game review of the hidden parts (`Model.recall`): no more than
the table saw, and what the samples drawn from it keep."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ai import review, sampling_havana
from ai.cards_havana import card_value
from ai.models import MODELS


def _states(name: str, players: int, seed: int, level: str = "random") -> list:
    """The states before each decision of a whole game of `level` seats, and the end."""
    model = MODELS[name]
    game = model.game
    state, states = game.new(players, seed, None), []
    for i in range(2000):
        states.append(state)
        if game.is_over(state):
            break
        seat = model.pending(state)[0][0]
        state, _ = game.apply(state, seat, ai.choose(name, state, seat, level=level, seed=i))
    return states


def test_no_santiago_screen_changes_by_a_secret_action():
    # The ground of Santiago de Cuba's recall: whatever changes a screen is done in public, a
    # decision the table sees (none is secret) and events any seat may read (but a forced
    # move's note to its player).
    model = MODELS["santiago"]
    game = model.game
    changes = 0
    for seed in (1, 2):
        state = game.new(3, seed, None)
        for i in range(3000):
            if game.is_over(state):
                break
            seat = model.pending(state)[0][0]
            assert not any(d.secret for d in game.pending(state))
            code = ai.choose("santiago", state, seat, level="random", seed=i)
            after, events = game.apply(state, seat, code)
            private = [e.msg.key for e in events if e.only_for is not None]
            assert all(key == "santiago.event.forced" for key in private), private
            changes += (after.pesos, after.vp, after.goods) != (state.pesos, state.vp, state.goods)
            state = after
    assert changes > 50


def test_santiago_samples_keep_the_recalled_screens_and_draw_the_dice():
    states = _states("santiago", 3, 4)
    before = states[len(states) // 2]
    known = review.known("santiago", states[: len(states) // 2 + 1])
    model = MODELS["santiago"]
    game = model.game
    rolls = set()
    for k in range(6):
        sample = model.determinize(before, 1, random.Random(k), known)
        assert (sample.pesos, sample.vp, sample.goods) == (before.pesos, before.vp, before.goods)
        data = game.to_json(sample)
        rolls.add(data["rng"])
    assert len(rolls) == 6, "the future dice are drawn, never read"


def test_havana_recall_keeps_the_discards_seen_and_not_what_a_refreshment_took():
    model = MODELS["havana"]
    refreshed = 0
    for seed in range(1, 9):
        states = _states("havana", 3, seed)
        for i in range(1, len(states)):
            known = sampling_havana.recall(states[: i + 1])
            for v, p in enumerate(states[i].players):
                # The real pile is always among what the record allows.
                assert set(p.discard) <= known[v]
                taken = set(states[i - 1].players[v].discard) - set(p.discard)
                if len(taken) == 1 and len(p.hand) == len(states[i - 1].players[v].hand) + 1:
                    # A refreshment: the card it took is still one the pile may hold.
                    refreshed += 1
                    assert taken <= known[v]
                    assert len(known[v]) > len(p.discard)
            if i % 25 == 0:
                # A sample for another seat deals each pile from the recalled cards, at its size.
                sample = model.determinize(states[i], 0, random.Random(i), known)
                for v in (1, 2):
                    mine, real = sample.players[v], states[i].players[v]
                    assert set(mine.discard) <= known[v] and len(mine.discard) == len(real.discard)
                    assert len(mine.hand) == len(real.hand)
                    assert sorted(mine.hand + mine.face_up + mine.discard + mine.unrevealed) == (
                        sorted(real.hand + real.face_up + real.discard + real.unrevealed)
                    )
    assert refreshed >= 1, "no refreshment in these games: the test would prove little"


def test_havana_recall_is_the_same_for_twin_games_dealt_other_hidden_cards():
    # Hands and face-down picks shuffled among themselves in every state: the record is the same.
    rng = random.Random(5)
    states = _states("havana", 3, 3)
    game = games.get("havana")
    twins = []
    for state in states:
        data = game.to_json(state)
        for p in data["players"]:
            hidden = p["hand"] + p["picks"]
            rng.shuffle(hidden)
            p["picks"] = hidden[: len(p["picks"])]
            p["hand"] = sorted(hidden[len(p["picks"]) :])
        twins.append(game.from_json(data))
    assert any(game.to_json(a) != game.to_json(b) for a, b in zip(states, twins, strict=True))
    assert sampling_havana.recall(states) == sampling_havana.recall(twins)


def _after_a_face_down_card(states: list) -> list[tuple[int, int]]:
    """(index, deciding seat) of the states where another seat holds a card face down."""
    model = MODELS["havana"]
    found = []
    for i, state in enumerate(states[:-1]):
        seat = model.pending(state)[0][0]
        if any(p.unrevealed for v, p in enumerate(state.players) if v != seat):
            found.append((i, seat))
    return found


def test_havana_samples_deal_the_cards_others_chose_face_down_as_the_ais_rule_would():
    model = MODELS["havana"]
    game = model.game
    differed = checked = 0
    for seed in (2, 3):
        states = _states("havana", 3, seed)
        for i, seat in _after_a_face_down_card(states):
            known = sampling_havana.recall(states[: i + 1])
            ruled = model.determinize(states[i], seat, random.Random(i), known, face_down="rule")
            drawn = model.determinize(states[i], seat, random.Random(i), known)
            for v in range(3):
                mine, other = ruled.players[v], drawn.players[v]
                # The same cards behind the screen, the discard pile as the record deals it.
                assert mine.discard == other.discard
                assert sorted(mine.hand + mine.unrevealed) == sorted(other.hand + other.unrevealed)
                if v == seat or not mine.unrevealed:
                    assert (mine.hand, mine.unrevealed) == (other.hand, other.unrevealed)
                    continue
                # Each card chosen face down is one the rule prefers to every card kept.
                worth = [card_value(states[i], v, c) for c in mine.unrevealed]
                assert all(min(worth) > card_value(states[i], v, c) for c in mine.hand)
                checked += 1
                differed += mine.unrevealed != other.unrevealed
            assert game.to_json(ruled)["stack"] == game.to_json(drawn)["stack"]
    assert checked >= 20 and differed >= 10, (checked, differed)
    with pytest.raises(ValueError):
        model.determinize(states[0], 0, random.Random(1), None, face_down="guess")


def test_havana_samples_by_the_rule_are_the_same_whatever_the_others_really_chose():
    # Twin tables whose other seats chose other cards face down (the same cards behind their
    # screens): the rule reads only what is on the table, so the samples are the same.
    model = MODELS["havana"]
    game = model.game
    rng = random.Random(8)
    states = _states("havana", 3, 4)
    compared = 0
    for i, seat in _after_a_face_down_card(states):
        data = game.to_json(states[i])
        for v, p in enumerate(data["players"]):
            if v != seat and p["picks"] and p["hand"]:
                hidden = p["hand"] + p["picks"]
                rng.shuffle(hidden)
                p["picks"], p["hand"] = hidden[: len(p["picks"])], sorted(hidden[len(p["picks"]) :])
        twin = game.from_json(data)
        if game.to_json(twin) == game.to_json(states[i]):
            continue
        known = sampling_havana.recall(states[: i + 1])
        assert known == sampling_havana.recall([*states[:i], twin])
        mine = model.determinize(states[i], seat, random.Random(i), known, face_down="rule")
        theirs = model.determinize(twin, seat, random.Random(i), known, face_down="rule")
        assert game.to_json(mine) == game.to_json(theirs)
        compared += 1
    assert compared >= 5, "too few twins: the test would prove little"
