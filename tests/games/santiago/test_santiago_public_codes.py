"""The choices a screened table may show everybody: every code that could be legal for a decision
that reads a screen, judged from public facts alone.

Over random games, at every decision whose options read a screen: the public codes hold every
legal code, every twin (the same table with other screens, see `twin_helpers`) gets the same
public codes and labels, and a public code the decider's screen cannot pay for is refused with a
sentence about that screen alone (the same whatever the others' screens hold).
"""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.santiago import GAME
from games.santiago.state import CASINO_AMOUNT
from games.text import Msg
from tests.games.twin_helpers import santiago_twins

SHORT = {
    "santiago.illegal.drive_cost",
    "santiago.illegal.no_good",
    "santiago.illegal.short_good",
    "santiago.illegal.short_pesos",
    "santiago.illegal.short_vp",
    "santiago.illegal.zorro_nothing",
}


NO_GOOD = "santiago.illegal.no_good"  # a sentence per good: santiago.illegal.no_good.rum


def _kind(key: str) -> str:
    return NO_GOOD if key.startswith(NO_GOOD + ".") else key


def refusal(state, seat: int, code: str):
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, code)
    return refused.value.msg


def others_changed(twin_what: str, seat: int) -> bool:
    """Did the twin leave `seat`'s own screen as it was?"""
    return not twin_what.startswith(f"seat {seat}'s") and f"with seat {seat})" not in twin_what


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 11, {}), (3, 12, {}), (4, 13, {}), (3, 14, {"max_distance": 4})],
)
def test_public_codes_hold_every_legal_code_and_tell_no_screen(players, seed, options):
    rnd = random.Random(seed)
    kinds, refused, twins = set(), 0, 0
    for game in range(4):
        state = GAME.new(players, seed * 10 + game, options)
        while not GAME.is_over(state):
            decisions = GAME.pending(state)
            for decision in decisions:
                seat = decision.seat
                public = GAME.public_actions(state, seat)
                if not decision.private_options:
                    assert public == []
                    continue
                codes = [a.code for a in public]
                legal = GAME.legal_codes(state, seat)
                if state.phase != CASINO_AMOUNT:
                    assert set(codes) >= set(legal), (decision.kind, codes, legal)
                    kinds.add(decision.kind)
                for code in set(codes) - set(legal):
                    msg = refusal(state, seat, code)
                    assert _kind(msg.key) in SHORT, (code, msg)
                    refused += 1
                if rnd.randrange(4):
                    continue
                for twin in santiago_twins(state, rnd):
                    assert GAME.public_actions(twin.state, seat) == public, twin.what
                    twins += 1
                    if not others_changed(twin.what, seat):
                        continue
                    # Another seat's screen changed: what this decider is told is the same.
                    mine = set(GAME.legal_codes(twin.state, seat))
                    for code in set(codes) - set(legal):
                        assert code not in mine
                        assert refusal(twin.state, seat, code) == refusal(state, seat, code)
            seat = rnd.choice(decisions).seat
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_codes(state, seat)))
    assert {"santiago.drive", "santiago.deliver", "santiago.amount", "santiago.building"} <= kinds
    assert refused > 20
    assert twins > 50


def test_open_holdings_tables_need_no_public_codes():
    state = GAME.new(3, 5, {"open_holdings": True})
    assert all(GAME.public_actions(state, d.seat) == [] for d in GAME.pending(state))


def test_a_good_the_screen_lacks_is_named_once():
    """ "You have no rum for that.", "You have only 1 unit of rum: not enough for that.": never
    the good twice ("not enough cigars: you have 0 units of cigars")."""
    seen = set()
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.new(3, seed)
        while not GAME.is_over(state) and len(seen) < 2:
            for decision in GAME.pending(state):
                legal = set(GAME.legal_codes(state, decision.seat))
                for action in GAME.public_actions(state, decision.seat):
                    if action.code in legal:
                        continue
                    msg = refusal(state, decision.seat, action.code)
                    if _kind(msg.key) == NO_GOOD:
                        good = msg.key.removeprefix(NO_GOOD + ".")
                        name = str(Msg(f"santiago.good.{good}"))
                    elif msg.key == "santiago.illegal.short_good":
                        good = msg.params["held"].key.removeprefix("santiago.count.")
                        name = str(Msg(f"santiago.good.{good}"))
                    else:
                        continue
                    assert str(msg).count(name) == 1, str(msg)
                    seen.add(_kind(msg.key))
            seat = rnd.choice(GAME.pending(state)).seat
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_codes(state, seat)))
    assert seen == {"santiago.illegal.no_good", "santiago.illegal.short_good"}, seen
