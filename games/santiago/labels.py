"""Human labels (Msg) of action codes and prompts of decisions. Kept off the hot path."""

from __future__ import annotations

from games.text import Msg

from . import data as D
from .state import AMOUNT, BUILDING, CASINO_AMOUNT, CITIZEN, ROLL, State


def _msg(key: str, **params) -> Msg:
    """A text of the Santiago catalogue: `key` without its `santiago.` prefix."""
    return Msg("santiago." + key, params)


def _good(name: str) -> Msg:
    return Msg("santiago.good." + name)


def goods(name: str, n: int) -> Msg:
    """`n` of the good `name` as a sentence takes or gives them ("2 units of rum")."""
    return Msg("santiago.goods." + name, {"n": n})


# Labels whose good was a name and a count before it was one phrase (`goods`).
_ONE_GOOD = frozenset(
    f"santiago.action.{k}" for k in ("take", "market_give", "market_take", "office", "zorro_good")
)


def stored(label: Msg) -> Msg:
    """A label an earlier version kept (a game review stores them) in today's parameters: a
    good counted was a name (`good`, `src`) and a number (`amount`) before it was a phrase."""
    p = label.params
    if label.key in ("santiago.action.drive", "santiago.action.drive_free"):
        # the harbour as a menu option has its own word ("Harbour"), not the sentence's
        if isinstance(p.get("to"), Msg) and p["to"].key == "santiago.harbour":
            return Msg(label.key, {**p, "to": _msg("harbour_option")})
        return label
    if "goods" in p:
        return label
    if label.key in _ONE_GOOD and isinstance(p.get("good"), Msg):
        return _msg(label.key[9:], goods=goods(p["good"].key[14:], 1))
    if label.key == "santiago.action.amount" and isinstance(p.get("good"), Msg):
        return _msg("action.amount", goods=goods(p["good"].key[14:], p["amount"]), vp=p["vp"])
    if label.key == "santiago.action.convert" and isinstance(p.get("src"), Msg):
        return _msg("action.convert", goods=goods(p["src"].key[14:], p["amount"]), dst=p["dst"])
    return label


def _building(name: str) -> Msg:
    return Msg("santiago.building." + name)


def label(state: State, seat: int, code: str) -> Msg:
    head, _, rest = code.partition(":")
    if head == "drive":
        d = int(rest)
        stop = (state.car + d) % D.STOPS
        cit = state.road[stop]
        to = _msg("harbour_option") if cit < 0 else Msg("santiago.citizen." + D.CITIZENS[cit])
        if d == 1:  # the first stop is free
            return _msg("action.drive_free", stops=d, to=to)
        return _msg("action.drive", stops=d, cost=d - 1, to=to)
    if head == "leave":
        g = D.GOOD_INDEX[rest]
        return _msg("action.leave", good=_good(rest), value=state.rolled[g] if state.rolled else 0)
    if code == "use":
        if state.phase == CITIZEN:
            return _msg(
                "action.use_citizen",
                citizen=Msg("santiago.citizen." + D.CITIZENS[state.road[state.car]]),
            )
        if state.phase == BUILDING and state.buildings[state.phase_data[0]] == D.NEWSPAPER:
            return _msg("action.newspaper_peso")
        return _msg(
            "action.use_building",
            building=_building(D.BUILDINGS[state.buildings[state.phase_data[0]]]),
        )
    if code == "skip":
        return _msg("action.skip")
    if code == "pass":
        return _msg("action.pass")
    if head == "pablo":
        return _msg("action.take", goods=goods(rest, 1))
    if head == "alonso":
        return _msg("action.alonso_" + rest)
    if head in ("claim", "own", "pawn"):
        return _msg("action." + head, building=_building(rest))
    if head in _BUILDING_HEADS:
        return _building_action(state, head, rest)
    if head == "deliver":
        return _msg("action.deliver", good=_good(rest))
    if head == "wood":
        return _msg("action.wood", good=_good(rest))
    if head == "amount":
        k = int(rest)
        if state.phase == AMOUNT:
            g = state.delivered_good()
            vp = k if g == D.WOOD else k * state.price
            return _msg("action.amount", goods=goods(D.GOODS[g], k), vp=vp)
        return _msg("action.amount_plain", amount=k)
    if code == "zorro:nothing":
        return _msg("action.zorro_nothing")
    if head == "zorro":
        what = rest.partition(":")[2]
        if what == "peso":
            return _msg("action.zorro_peso")
        if what == "vp":
            return _msg("action.zorro_vp")
        return _msg("action.zorro_good", goods=goods(what, 1))
    return _msg("action.unknown", code=code)


# The first words of the codes that use a building's own options.
_BUILDING_HEADS = frozenset(
    {"convert", "market", "cafe", "customs", "casino", "price", "office", "flip"}
)


def _building_action(state: State, head: str, rest: str) -> Msg:
    """The label of one of a building's own options (`_BUILDING_HEADS`)."""
    if head == "convert":
        src, dst = (
            ("sugar_cane", "rum")
            if state.buildings[state.phase_data[0]] == D.DISTILLERY
            else ("tobacco", "cigar")
        )
        return _msg("action.convert", goods=goods(src, int(rest)), dst=_good(dst))
    if head == "market":
        side, _, g = rest.partition(":")
        return _msg("action.market_" + side, goods=goods(g, 1))
    if head == "cafe":
        return _msg("action.cafe_" + rest)
    if head == "customs":
        return _msg("action.customs", good=_good(rest))
    if head == "casino":
        if rest in ("vp", "pesos", "more", "less"):
            return _msg("action.casino_" + rest)
        k = int(rest)
        if state.phase == CASINO_AMOUNT and state.phase_data[0] == "vp":
            return _msg("action.casino_buy", pesos=3 * k, vp=k)
        return _msg("action.casino_sell", pesos=3 * k, vp=k)
    if head == "price":
        return _msg("action.price_" + rest, price=state.price)
    if head == "office":
        return _msg("action.office", goods=goods(rest, 1))
    return _msg("action.flip", citizen=Msg("santiago.citizen." + rest))


def prompt(state: State, seat: int, kind: str) -> Msg:
    """What the deciding player is asked."""
    key = kind.partition(".")[2]
    if state.phase == ROLL:
        return _msg("prompt.roll")
    if state.phase == BUILDING:
        return _msg(
            "prompt.building", building=_building(D.BUILDINGS[state.buildings[state.phase_data[0]]])
        )
    if state.phase == CITIZEN:
        return _msg(
            "prompt.citizen", citizen=Msg("santiago.citizen." + D.CITIZENS[state.road[state.car]])
        )
    return _msg("prompt." + key)
