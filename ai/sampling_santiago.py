"""Determinization for Santiago de Cuba: a full state built from what one seat may know.

Hidden from a seat are the other screens (pesos, VP and goods) and the generator of future dice.
Everything else is on the table. The sample starts from the state's JSON and overwrites every
hidden field with draws from the caller's generator, using only public totals (the goods supply)
and the seat's own screen, so two states that look the same to the seat give the same sample.

The game review also knows the public record (`recall`). Behind the screens nothing changes by a
secret action: every gain, payment, delivery, exchange and El Zorro gift is made in the open and
logged in public (rules, section 10.1: "a player with perfect recall can reconstruct every
holding"), so a seat that remembers the log knows every screen; only the future dice are
unknown. A sample given that record takes the screens from it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.santiago import GAME
from games.santiago.data import DICE_GOODS, GOODS, GOODS_PER_TYPE, WOOD

_DICE = len(DICE_GOODS)


def determinize(
    state: Any, seat: int, rng: random.Random, known: Any = None, face_down: str = "random"
) -> Any:
    """A complete state that `seat` cannot tell apart from `state`, hidden parts drawn from `rng`;
    with `known` (`recall`), the screens as the public record tallies them. `face_down` is Havana's
    (how others' face-down choices are dealt): no choice here is made face down."""
    data = GAME.to_json(state)
    n = data["players"]
    if known is not None:
        for field, value in known.items():
            data[field] = list(value)
    elif not data["options"]["open_holdings"]:
        _sample_screens(data, n, seat, rng)
        # Where each screen's VP came from is as hidden as the VP: the sample keeps none of it.
        data.pop("vp_sources", None)
    # Future dice come from the state's generator: a fresh one makes them unknown.
    data["rng"] = str(rng.getrandbits(64))
    return GAME.from_json(data)


def redraw_unseen(state: Any, rng: random.Random) -> Any:
    """The same moment with what no seat has seen yet drawn again from `rng`: the generator of
    future dice, the only thing of Santiago de Cuba not on the table or behind a screen (the
    buildings, the road and the first player are laid out in public at the start)."""
    data = GAME.to_json(state)
    data["rng"] = str(rng.getrandbits(64))
    return GAME.from_json(data)


def recall(states: Sequence[Any]) -> dict[str, tuple[int, ...]]:
    """The screens as the public record of the game so far tallies them (the states of its
    decisions, oldest first). Every change of a screen is made in public (no Santiago decision is
    secret, and no event but a forced move's note is for one seat only: `tests/ai/test_ai_recall.py`
    checks it on whole games), so the tally is the screens of the latest state: they are read
    from it, as the log would give them, rather than added up again from the log's texts."""
    last = states[-1]
    return {
        "pesos": tuple(last.pesos),
        "vp": tuple(last.vp),
        "goods": tuple(last.goods),
        "vp_sources": tuple(last.vp_sources),
    }


def _sample_screens(data: dict, n: int, seat: int, rng: random.Random) -> None:
    others = [v for v in range(n) if v != seat]
    goods, supply = data["goods"], data["supply"]
    mine_pesos, mine_vp = data["pesos"][seat], data["vp"][seat]
    for v in others:
        # No public record of another purse: assume it is like ours, give or take a little.
        data["pesos"][v] = max(0, mine_pesos + rng.randint(-2, 2))
        data["vp"][v] = max(0, mine_vp + rng.randint(-3, 3))
        for g in range(len(GOODS)):
            goods[v * 6 + g] = 0
    # Each good not in the supply nor behind our screen is behind one of the other screens.
    for g in range(len(GOODS)):
        unknown = GOODS_PER_TYPE - supply[g] - goods[seat * 6 + g]
        for _ in range(unknown):
            goods[rng.choice(others) * 6 + g] += 1
    _respect_pending(data, seat, others, rng)


def _respect_pending(data: dict, seat: int, others: list[int], rng: random.Random) -> None:
    """Make the sample agree with what the pending decisions show in public: a seat asked to
    give to El Zorro has something to give, a seat choosing how many goods to deliver holds one,
    a seat at the casino can pay."""
    phase, pd = data["phase"], data["phase_data"]
    goods = data["goods"]
    if phase == "zorro":
        for v in pd:
            if v == seat:
                continue
            dice = sum(goods[v * 6 + g] for g in range(_DICE))
            if not (data["pesos"][v] or data["vp"][v] or dice):
                data["pesos"][v] = 1
    elif phase == "amount" and pd[0] != seat:
        v, kind, g = pd
        g = WOOD if kind == "w" else g
        if goods[v * 6 + g] == 0:
            donors = [u for u in others if u != v and goods[u * 6 + g] > 0]
            donor = rng.choice(donors)
            goods[donor * 6 + g] -= 1
            goods[v * 6 + g] += 1
    elif phase == "casino" and data["active"] != seat:
        v = data["active"]
        direction, _via, first = pd
        if direction == "vp":
            data["pesos"][v] = max(data["pesos"][v], 3 * first)
        else:
            data["vp"][v] = max(data["vp"][v], first)
