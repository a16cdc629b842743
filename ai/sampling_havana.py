"""Determinization for Havana: a full state built from what one seat may know.

Hidden from a seat are the other players' hands, discard piles and face-down picks, the order of
the building deck (and which unseen buildings were boxed), and the generator of future cube draws.
Cubes, pesos, workers, VP, face-up cards and every pile's size are public; the bag's colours follow
from them. The sample starts from the state's JSON and overwrites every hidden field with draws
from the caller's generator, using only public sizes and the seat's own cards.

The game review also knows the public record (`recall`): every card that goes onto a discard pile
was face up just before (rules, section 7), so the pile holds only cards the table saw covered
since that player last took the pile back; only a refreshment takes a card out unseen. A sample
given that record deals each other discard pile from those cards alone. It may also deal the
cards the other players have already chosen face down this round by the rule the AI plays such a
choice with (`face_down` "rule", `cards_havana.secret_choice`: the card likeliest to bring its owner
most), rather than at random: a thief or a protection is placed on purpose, and a card dealt there
at random leaves out what that placement says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.havana import GAME
from games.havana.cards import SET_SIZE

from .cards_havana import card_value

FACE_DOWN = ("random", "rule")


def determinize(
    state: Any, seat: int, rng: random.Random, known: Any = None, face_down: str = "random"
) -> Any:
    """A complete state that `seat` cannot tell apart from `state`, hidden parts drawn from `rng`;
    with `known` (`recall`), each other discard pile drawn from the cards seen going onto it; with
    `face_down` "rule", each other player's face-down choices of this round those of the AI's rule
    among the cards the sample leaves that player (its hand and those choices)."""
    if face_down not in FACE_DOWN:
        raise ValueError(f"unknown face_down {face_down!r}: one of {FACE_DOWN}")
    data = GAME.to_json(state)
    for v, player in enumerate(data["players"]):
        if v != seat:
            _sample_cards(player, rng, None if known is None else known[v])
            if face_down == "rule" and player["picks"]:
                _choose_picks(player, state, v)
    _sample_buildings(data, rng)
    # Future draws from the bag come from the state's generator: a fresh one makes them unknown.
    data["rng"] = rng.getrandbits(64)
    return GAME.from_json(data)


def redraw_unseen(state: Any, rng: random.Random) -> Any:
    """The same moment with what no seat has seen yet drawn again from `rng`: the order of the
    face-down building deck and the generator of future cube draws. Everything dealt stays as it
    is, every seat's hand, picks and discard pile included: the rows, the box, the bag's counts
    and each seat's holdings are on the table or behind a seat's own knowledge."""
    data = GAME.to_json(state)
    # Every other building was seen: in a row, bought, or demolished from a row into the box.
    rng.shuffle(data["stack"])
    data["rng"] = rng.getrandbits(64)
    return GAME.from_json(data)


def recall(states: Sequence[Any]) -> list[frozenset[int]]:
    """What the public record says of each discard pile, from the states of a game's decisions
    so far (oldest first): for each player, the cards seen going onto the pile since it was last
    taken back. Only what the table saw is read: a card that appears on a pile had just been
    covered face up; a pile that empties, or a hand that grows by more than one card at once,
    was taken back in public. Which card a refreshment took out is never read."""
    seen: list[set[int]] = []
    previous = None
    for state in states:
        players = state.players
        if not seen:
            seen = [set() for _ in players]
        for v, p in enumerate(players):
            before = None if previous is None else previous.players[v]
            if not p.discard or (before is not None and len(p.hand) > len(before.hand) + 1):
                seen[v] = set()
            # Cards new on the pile were face up a moment ago (a set difference, not the pile:
            # what left it unseen must stay unknown).
            old = set() if before is None else set(before.discard)
            seen[v] |= set(p.discard) - old
        previous = state
    return [frozenset(s) for s in seen]


def _sample_cards(player: dict, rng: random.Random, pile: frozenset[int] | None) -> None:
    """Deal the cards not face up into the hand, the discard pile and the picks, keeping the
    public sizes of each; the discard pile from `pile` (the cards seen going onto it) if given."""
    unseen = [c for c in range(SET_SIZE) if c not in player["up"]]
    discard = len(player["discard"])
    if pile is not None:
        # A refreshment may have taken any of the seen cards back: which ones stay is drawn.
        candidates = [c for c in unseen if c in pile]
        rng.shuffle(candidates)
        chosen = candidates[:discard]
        rest = [c for c in unseen if c not in chosen]
        rng.shuffle(rest)
        # Never fewer than the public size, should the record say less than the pile holds.
        short = discard - len(chosen)
        chosen, rest = chosen + rest[:short], rest[short:]
        picks = len(player["picks"])
        player["discard"] = chosen
        player["picks"] = rest[:picks]
        player["hand"] = sorted(rest[picks:])
        return
    rng.shuffle(unseen)
    picks = len(player["picks"])
    player["picks"] = unseen[:picks]
    player["discard"] = unseen[picks : picks + discard]
    player["hand"] = sorted(unseen[picks + discard :])


def _choose_picks(player: dict, state: Any, v: int) -> None:
    """Deal `v`'s face-down choices again as the AI's rule makes them, from the same cards: the
    rule values a card by what is on the table (`card_value` reads only public holdings), so the
    first pick, the second pick and a phase III card are each the best card left; ties keep the
    sample's own order."""
    pool = player["picks"] + player["hand"]
    ranked = sorted(pool, key=lambda c: -card_value(state, v, c))
    picks = len(player["picks"])
    player["picks"] = ranked[:picks]
    player["hand"] = sorted(ranked[picks:])


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
