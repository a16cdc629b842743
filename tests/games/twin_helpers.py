"""Twin states for the non-interference tests.

A twin is a reached state with something hidden changed: what one seat keeps behind its screen
or in its hand, or what nobody sees yet (the dice to come, the order of the building deck). Its
public view is the original's, so nothing the channel shows may tell the two apart, until the
rules themselves reveal what was changed (a roll, a card turned face up). `revealed` says when
that happens: a comparison of the two games stops at the first step of the original game that
reveals it.

Twins are built here, not in the engines: the games have no use for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.havana import engine as havana_engine
from games.santiago import engine as santiago_engine


@dataclass(frozen=True)
class Twin:
    state: Any
    what: str  # what was changed, for failure messages
    revealed: Callable[[Any, Any], bool]  # (before, after) of a step of the original game
    settle_events: list  # what settling the twin did; a correct engine has nothing left to do


def _never(before: Any, after: Any) -> bool:
    return False


def _rng_used(before: Any, after: Any) -> bool:
    return before.rng != after.rng


# ---------------------------------------------------------------- Santiago


def santiago_twins(state: Any, rnd: random.Random) -> list[Twin]:
    """For every seat behind a screen: a twin where that seat has nothing at all, and one with
    other amounts; for everybody: a twin with other dice to come."""
    twins = []
    if not state.options["open_holdings"]:
        for seat in range(state.player_count):
            for empty in (True, False):
                twin = _santiago_holdings(state, seat, rnd, empty)
                if twin is not None:
                    twins.append(twin)
    t = state.copy()
    t.rng = rnd.getrandbits(64)
    twins.append(_santiago_settled(t, "the dice to come", _rng_used))
    return twins


def _santiago_holdings(state: Any, seat: int, rnd: random.Random, empty: bool) -> Twin | None:
    t = state.copy()
    # Pesos and VP are unlimited counters: any amount is possible.
    t.pesos[seat] = 0 if empty else rnd.randint(0, 12)
    t.vp[seat] = 0 if empty else rnd.randint(0, 30)
    # The goods supply is public, so a good can only change screens: what `seat` gives up,
    # another seat holds instead (that seat's screen changes too, its pesos and VP do not).
    other = rnd.choice([v for v in range(t.player_count) if v != seat])
    for g in range(6):
        a, b = seat * 6 + g, other * 6 + g
        both = t.goods[a] + t.goods[b]
        t.goods[a] = 0 if empty else rnd.randint(0, both)
        t.goods[b] = both - t.goods[a]
    what = f"seat {seat}'s screen ({'emptied' if empty else 'changed'}, goods with seat {other})"
    return _santiago_settled(t, what, _never)


def _santiago_settled(t: Any, what: str, revealed) -> Twin | None:
    """The twin as `apply` would leave it; None if a pending decider has no option at all (a
    player who chose to deliver rum has rum: such a twin cannot arise from legal moves)."""
    t.choices = santiago_engine.compute_choices(t)
    if any(not codes for _seat, _kind, codes in t.choices):
        return None
    events: list = []
    santiago_engine.settle(t, events)
    return Twin(t, what, revealed, events)


# ---------------------------------------------------------------- Havana


def havana_twins(state: Any, rnd: random.Random) -> list[Twin]:
    """For every seat: a twin with other cards in hand (swapped with its face-down discard pile)
    and one with another face-down pick; for everybody: another deck order and other cubes to
    come out of the bag."""
    twins = []
    for seat in range(state.player_count):
        p = state.players[seat]
        if p.discard:
            t = state.clone()
            q = t.players[seat]
            i, j = rnd.randrange(len(q.hand)), rnd.randrange(len(q.discard))
            q.hand[i], q.discard[j] = q.discard[j], q.hand[i]
            q.hand.sort()
            twins.append(_havana_settled(t, f"seat {seat}'s hand and discard pile", _never))
        if p.unrevealed and p.hand:
            t = state.clone()
            q = t.players[seat]
            i, j = rnd.randrange(len(q.unrevealed)), rnd.randrange(len(q.hand))
            q.unrevealed[i], q.hand[j] = q.hand[j], q.unrevealed[i]
            q.hand.sort()
            twins.append(_havana_settled(t, f"seat {seat}'s face-down pick", _picks_revealed(seat)))
    t = state.clone()
    rnd.shuffle(t.stack)
    t.rng = rnd.getrandbits(64)
    twins.append(
        _havana_settled(
            t, "the deck order and the bag", lambda a, b: _rng_used(a, b) or a.stack != b.stack
        )
    )
    return twins


def _picks_revealed(seat: int):
    def revealed(before: Any, after: Any) -> bool:
        return bool(before.players[seat].unrevealed) and not after.players[seat].unrevealed

    return revealed


def _havana_settled(t: Any, what: str, revealed) -> Twin:
    events: list = []
    havana_engine.settle(t, events)
    return Twin(t, what, revealed, events)
