"""What the public record tells the game review of the hidden parts (`Model.recall`): no more than
the table saw, and what the samples drawn from it keep."""

from __future__ import annotations

import random

import ai
import games
from ai import review, sampling_havana
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
