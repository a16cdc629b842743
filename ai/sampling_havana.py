"""Determinization for Havana: a full state built from what one seat may know.

Hidden from a seat are the other players' hands, discard piles and face-down picks, the order of
the building deck (and which unseen buildings were boxed), and the generator of future cube draws.
Cubes, pesos, workers, VP, face-up cards and every pile's size are public; the bag's colours follow
from them. The sample starts from the state's JSON and overwrites every hidden field with draws
from the caller's generator, using only public sizes and the seat's own cards.
"""

from __future__ import annotations

import random
from typing import Any

from games.havana import GAME
from games.havana.cards import SET_SIZE


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """A complete state that `seat` cannot tell apart from `state`, hidden parts drawn from `rng`."""
    data = GAME.to_json(state)
    for v, player in enumerate(data["players"]):
        if v != seat:
            _sample_cards(player, rng)
    _sample_buildings(data, rng)
    # Future draws from the bag come from the state's generator: a fresh one makes them unknown.
    data["rng"] = rng.getrandbits(64)
    return GAME.from_json(data)


def _sample_cards(player: dict, rng: random.Random) -> None:
    """Deal the cards not face up into the hand, the discard pile and the picks, keeping the
    public sizes of each."""
    unseen = [c for c in range(SET_SIZE) if c not in player["up"]]
    rng.shuffle(unseen)
    picks, discard = len(player["picks"]), len(player["discard"])
    player["picks"] = unseen[:picks]
    player["discard"] = unseen[picks : picks + discard]
    player["hand"] = sorted(unseen[picks + discard :])


def _sample_buildings(data: dict, rng: random.Random) -> None:
    """Shuffle every building that is neither in a row nor owned; the box keeps its count."""
    seen = set(data["rows"][0]) | set(data["rows"][1])
    for player in data["players"]:
        seen.update(player["buildings"])
    total = len(data["stack"]) + len(data["box_buildings"]) + len(seen)
    unseen = [b for b in range(total) if b not in seen]
    rng.shuffle(unseen)
    boxed = len(data["box_buildings"])
    data["box_buildings"] = unseen[:boxed]
    data["stack"] = unseen[boxed:]
