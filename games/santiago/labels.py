"""Human labels (Msg) of action codes and prompts of decisions. Kept off the hot path."""

from __future__ import annotations

from games.text import Msg

from . import data as D
from .state import AMOUNT, BUILDING, CASINO_AMOUNT, CITIZEN, ROLL, State


def _m(key: str, **params) -> Msg:
    return Msg("santiago." + key, params)


def _good(name: str) -> Msg:
    return Msg("santiago.good." + name)


def _building(name: str) -> Msg:
    return Msg("santiago.building." + name)


def label(s: State, seat: int, code: str) -> Msg:
    head, _, rest = code.partition(":")
    if head == "drive":
        d = int(rest)
        stop = (s.car + d) % D.STOPS
        cit = s.road[stop]
        to = _m("harbour") if cit < 0 else Msg("santiago.citizen." + D.CITIZENS[cit])
        return _m("action.drive", stops=d, cost=d - 1, to=to)
    if head == "leave":
        g = D.GOOD_INDEX[rest]
        return _m("action.leave", good=_good(rest), value=s.rolled[g] if s.rolled else 0)
    if code == "use":
        if s.phase == CITIZEN:
            return _m(
                "action.use_citizen", citizen=Msg("santiago.citizen." + D.CITIZENS[s.road[s.car]])
            )
        if s.phase == BUILDING and s.bld[s.pd[0]] == D.NEWSPAPER:
            return _m("action.newspaper_peso")
        return _m("action.use_building", building=_building(D.BUILDINGS[s.bld[s.pd[0]]]))
    if code == "skip":
        return _m("action.skip")
    if code == "pass":
        return _m("action.pass")
    if head == "pablo":
        return _m("action.take", good=_good(rest))
    if head == "alonso":
        return _m("action.alonso_" + rest)
    if head in ("claim", "own", "pawn"):
        return _m("action." + head, building=_building(rest))
    if head == "convert":
        src, dst = ("sugar_cane", "rum") if s.bld[s.pd[0]] == D.DISTILLERY else ("tobacco", "cigar")
        return _m("action.convert", amount=int(rest), src=_good(src), dst=_good(dst))
    if head == "market":
        side, _, g = rest.partition(":")
        return _m("action.market_" + side, good=_good(g))
    if head == "cafe":
        return _m("action.cafe_" + rest)
    if head == "customs":
        return _m("action.customs", good=_good(rest))
    if head == "casino":
        if rest in ("vp", "pesos", "more", "less"):
            return _m("action.casino_" + rest)
        k = int(rest)
        if s.phase == CASINO_AMOUNT and s.pd[0] == "vp":
            return _m("action.casino_buy", pesos=3 * k, vp=k)
        return _m("action.casino_sell", pesos=3 * k, vp=k)
    if head == "price":
        return _m("action.price_" + rest, price=s.price)
    if head == "office":
        return _m("action.office", good=_good(rest))
    if head == "flip":
        return _m("action.flip", citizen=Msg("santiago.citizen." + rest))
    if head == "deliver":
        return _m("action.deliver", good=_good(rest))
    if head == "wood":
        return _m("action.wood", good=_good(rest))
    if head == "amount":
        k = int(rest)
        if s.phase == AMOUNT:
            _seat, kind, g = s.pd
            vp = k if kind == "w" else k * s.price
            what = _good("wood") if kind == "w" else _good(D.GOODS[g])
            return _m("action.amount", amount=k, good=what, vp=vp)
        return _m("action.amount_plain", amount=k)
    if code == "zorro:nothing":
        return _m("action.zorro_nothing")
    if head == "zorro":
        what = rest.partition(":")[2]
        if what == "peso":
            return _m("action.zorro_peso")
        if what == "vp":
            return _m("action.zorro_vp")
        return _m("action.zorro_good", good=_good(what))
    return _m("action.unknown", code=code)


def prompt(s: State, seat: int, kind: str) -> Msg:
    """What the deciding player is asked."""
    key = kind.partition(".")[2]
    if s.phase == ROLL:
        return _m("prompt.roll")
    if s.phase == BUILDING:
        return _m("prompt.building", building=_building(D.BUILDINGS[s.bld[s.pd[0]]]))
    if s.phase == CITIZEN:
        return _m("prompt.citizen", citizen=Msg("santiago.citizen." + D.CITIZENS[s.road[s.car]]))
    return _m("prompt." + key)
