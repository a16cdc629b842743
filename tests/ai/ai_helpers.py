"""Positions for the computer-player tests: real games played with random legal moves, stopped
where a seat has a real choice, and twins of them that differ only in what one seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import games

SMALL_BUDGET = 24  # simulations of the strong level in tests; the bench uses the default


def positions(name: str, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """`count` (state, seat) pairs from one random game, each a decision with several codes."""
    game = games.get(name)
    chooser = random.Random(seed)
    state = game.new(players, seed)
    found: list[tuple[Any, int]] = []
    while not game.is_over(state):
        seat = game.pending(state)[0].seat
        codes = game.legal_codes(state, seat)
        for decision in game.pending(state):
            if len(game.legal_codes(state, decision.seat)) > 1 and chooser.random() < 0.25:
                found.append((state, decision.seat))
        state, _ = game.apply(state, seat, chooser.choice(codes))
    chooser.shuffle(found)
    return found[:count]


def santiago_twin(state: Any, seat: int, rng: random.Random) -> Any | None:
    """The same table with other purses and screens and another dice generator, or None when
    no such change keeps everything the seat sees."""
    game = games.get("santiago")
    data = game.to_json(state)
    others = [v for v in range(data["players"]) if v != seat]
    v = rng.choice(others)
    data["pesos"][v] += rng.randint(1, 4)
    data["vp"][v] += rng.randint(1, 4)
    data["rng"] = str(rng.getrandbits(64))
    if len(others) > 1:
        # Move goods from one hidden screen to another: the supply stays the same.
        goods = data["goods"]
        u = rng.choice([w for w in others if w != v])
        for g in range(6):
            while goods[v * 6 + g]:
                goods[v * 6 + g] -= 1
                goods[u * 6 + g] += 1
    return _checked(game, state, seat, data)


def havana_twin(state: Any, seat: int, rng: random.Random) -> Any | None:
    """The same table with other hands, discard piles and picks dealt differently, the building
    deck in another order and another generator for the bag, or None when nothing can move."""
    game = games.get("havana")
    data = game.to_json(state)
    for v, p in enumerate(data["players"]):
        if v == seat:
            continue
        hidden = p["hand"] + p["discard"] + p["picks"]
        rng.shuffle(hidden)
        sizes = len(p["picks"]), len(p["discard"])
        p["picks"] = hidden[: sizes[0]]
        p["discard"] = hidden[sizes[0] : sizes[0] + sizes[1]]
        p["hand"] = sorted(hidden[sizes[0] + sizes[1] :])
    rng.shuffle(data["stack"])
    data["rng"] = rng.getrandbits(64)
    return _checked(game, state, seat, data)


def _checked(game: Any, state: Any, seat: int, data: dict) -> Any | None:
    twin = game.from_json(data)
    if game.to_json(twin) == game.to_json(state):
        return None
    if game.player_view(twin, seat) != game.player_view(state, seat):
        return None
    return twin


TWINS = {"santiago": santiago_twin, "havana": havana_twin}
