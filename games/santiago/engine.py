"""The rules of Santiago de Cuba (spec: rules/santiago_de_cuba.md; gaps decided as E1-E30, C1-C12).

The engine is a small state machine. `state.phase` names the pending decision, `state.pd` holds
its data, and `state.choices` caches the legal codes of every pending decision, so the codes are
computed once per state. A decision with exactly one legal code is applied at once (with a
`santiago.event.forced` line for that player) only when the table can see that it is forced: at a
screened table a decision whose options read a screen (`private_options`) is always asked, even
with one option, because skipping the question would tell everybody what lies behind the screen.
Optional things always offer `skip`.
"""

from __future__ import annotations

from games import rng
from games.core import Event, IllegalAction
from games.text import Msg, player

from . import data as D
from .data import (
    BANK,
    BLACK_MARKET,
    CAFE,
    CASINO,
    CHURCH,
    CIGAR_FACTORY,
    CUSTOMS,
    DISTILLERY,
    HARBOUR_OFFICE,
    NEWSPAPER,
    OFFICE,
    SAWMILL,
)
from .state import (
    ALONSO,
    AMOUNT,
    BUILDING,
    CASINO_AMOUNT,
    CITIZEN,
    CLAIM,
    DELIVER,
    DRIVE,
    MARKET_TAKE,
    NSRC,
    OVER,
    OWNUSE,
    PABLO,
    PAWN,
    ROLL,
    VP_BUILDINGS,
    VP_CITIZENS,
    VP_DELIVERIES,
    VP_OWNER,
    VP_START,
    VP_ZORRO,
    ZORRO,
    State,
)

GOOD_MSG = tuple(Msg("santiago.good." + g) for g in D.GOODS)
CITIZEN_MSG = tuple(Msg("santiago.citizen." + c) for c in D.CITIZENS)
BUILDING_MSG = tuple(Msg("santiago.building." + b) for b in D.BUILDINGS)
COLOUR_MSG = tuple(Msg("santiago.colour." + c) for c in D.COLOURS)

KIND = {
    ROLL: "santiago.roll",
    DRIVE: "santiago.drive",
    CITIZEN: "santiago.citizen",
    PABLO: "santiago.pablo",
    ALONSO: "santiago.alonso",
    CLAIM: "santiago.claim",
    OWNUSE: "santiago.alonso_use",
    PAWN: "santiago.pawn",
    BUILDING: "santiago.building",
    MARKET_TAKE: "santiago.market_take",
    CASINO_AMOUNT: "santiago.casino_amount",
    DELIVER: "santiago.deliver",
    AMOUNT: "santiago.amount",
    ZORRO: "santiago.zorro",
}

# Decisions whose options are read from a screen: how far the pesos let the car drive, what the
# goods allow to deliver, how much the casino can change, what El Zorro's victim can give.
PRIVATE_PHASES = frozenset({DRIVE, DELIVER, AMOUNT, CASINO_AMOUNT, ZORRO})
# Buildings whose first decision reads the visitor's goods, pesos or VP (the others read only the
# board: the dice, the price, the citizens).
PRIVATE_BUILDINGS = frozenset(
    {DISTILLERY, CIGAR_FACTORY, BLACK_MARKET, SAWMILL, CAFE, CASINO, OFFICE}
)

LEAVE_CODES = tuple("leave:" + D.GOODS[g] for g in D.DICE_GOODS)
DRIVE_CODES = tuple(f"drive:{d}" for d in range(26))
AMOUNT_CODES = tuple(f"amount:{k}" for k in range(26))


def M(key: str, **params) -> Msg:
    return Msg("santiago." + key, params)


# What the game itself does, whoever's move set it off: such events are nobody's.
GAME_EVENTS = frozenset(
    {
        "pass_harbour",
        "delivery_round",
        "inactive",
        "checkered_flag",
        "price",
        "depart",
        "game_over",
        "owner_vp",
        "rolled",
        "demand",
        "empty_reroll",
        "empty_departs",
        "all_passed",
        "flip",
    }
)


def _ev(ev: list, seat: int | None, key: str, **params) -> None:
    ev.append(Event(Msg("santiago.event." + key, params), None if key in GAME_EVENTS else seat))


def _add_vp(t: State, seat: int, source: int, k: int) -> None:
    """Every VP change goes through here, so the sources always add up to the VP."""
    t.vp[seat] += k
    t.vpsrc[seat * NSRC + source] += k


# ---------------------------------------------------------------- setup


def new_state(players: int, seed: int, opts: dict) -> tuple[State, list]:
    """Random layout, random start player; the last player in turn order rolls the first demand."""
    s = State.__new__(State)
    s.n = players
    s.opts = opts
    s.rng = rng.start(seed)
    colours = opts["citizen_colours"]
    s.cit_colour = tuple(
        -1 if colours[c] is None else D.COLOUR_INDEX[colours[c]] for c in D.CITIZENS
    )
    s.bld = tuple(s.shuffled(list(range(12))))
    s.road = (-1, *s.shuffled(list(range(9))))
    s.inactive = 0
    s.car = D.HARBOUR
    s.owner = [-1] * 12
    s.pawn = [-1] * players
    s.pesos = [D.START_PESOS] * players
    s.vp = [D.START_VP] * players
    s.vpsrc = [0] * (NSRC * players)
    for seat in range(players):
        s.vpsrc[seat * NSRC + VP_START] = D.START_VP
    s.last = None
    s.trip = None
    s.goods = list(D.START_GOODS) * players
    s.supply = [D.GOODS_PER_TYPE - players * D.START_GOODS[g] for g in range(6)]
    s.dg = []
    s.dv = []
    s.aside = None
    s.price = D.PRICE_MIN
    s.ships = 0
    s.start = s.next_random(players)
    s.active = s.start
    s.passed = 0
    s.departed = False
    s.moved = False
    s.version = 0
    s.rolled = ()
    s.phase = ROLL
    s.pd = ()
    ev: list = []
    _ev(ev, None, "setup", start=player(s.start))
    roller = (s.start - 1) % players  # E30: the player to the right of the start player
    _begin_roll(s, roller, s.start, ev)
    settle(s, ev)
    return s, ev


# ---------------------------------------------------------------- codes


def private_options(s: State) -> bool:
    """Does the set of options of the pending decision(s) depend on hidden holdings?

    Decided from the kind of decision (and which building, a public fact) alone, never from the
    holdings themselves, so the answer is public. Nothing is hidden at an open-holdings table.
    """
    if s.opts["open_holdings"] or s.opts.get("first_rules"):
        return False
    if s.phase == BUILDING:
        return s.bld[s.pd[0]] in PRIVATE_BUILDINGS
    if s.phase == DRIVE:
        return s.opts["max_distance"] > 1  # a cap of 1 stop forces every drive, as all can see
    return s.phase in PRIVATE_PHASES


def open_codes(s: State, codes: list[str]) -> tuple[str, ...]:
    """Of a decision whose options read a screen, the codes legal whatever the screen holds:
    the first stop is free, a delivery round can always be passed, an amount of one is always
    there once a good was chosen, and an optional building can always be left unused."""
    ph = s.phase
    if ph == DRIVE:
        always = ("drive:1",)
    elif ph == DELIVER:
        always = ("pass",)
    elif ph == AMOUNT:
        always = ("amount:1",)
    elif ph == BUILDING:
        always = ("skip",)
    else:
        always = ()
    return tuple(code for code in always if code in codes)


def compute_choices(s: State) -> tuple:
    """((seat, kind, codes), ...) for every pending decision."""
    ph = s.phase
    if ph == OVER:
        return ()
    if ph == ZORRO:
        return tuple((v, KIND[ZORRO], _zorro_codes(s, v)) for v in s.pd)
    if ph == ROLL:
        return ((s.pd[0], KIND[ROLL], list(LEAVE_CODES)),)
    if ph == DELIVER:
        seat = s.pd[0]
        return ((seat, KIND[DELIVER], _deliver_codes(s, seat)),)
    if ph == AMOUNT:
        seat, kind, g = s.pd
        i = _die_of(s, g)
        held = s.goods[seat * 6 + (D.WOOD if kind == "w" else g)]
        top = min(held, s.dv[i])
        return ((seat, KIND[AMOUNT], list(AMOUNT_CODES[1 : top + 1])),)
    seat = s.active
    if ph == DRIVE:
        top = min(s.opts["max_distance"], s.pesos[seat] + 1)
        codes = list(DRIVE_CODES[1 : top + 1])
    elif ph == CITIZEN:
        codes = ["use", "skip"] if _gain_possible(s, s.road[s.car]) else ["skip"]
    elif ph == PABLO:
        allowed = 6 if s.opts["pablo_allows_wood"] else 5
        codes = ["pablo:" + D.GOODS[g] for g in range(allowed) if s.supply[g] > 0]
        codes.append("skip")
    elif ph == ALONSO:
        codes = []
        if _markers_left(s, seat) and -1 in s.owner:
            codes.append("alonso:claim")
        if seat in s.owner:
            codes.append("alonso:use")
        codes.append("skip")
    elif ph == CLAIM:
        codes = ["claim:" + D.BUILDINGS[s.bld[sp]] for sp in range(12) if s.owner[sp] < 0]
    elif ph == OWNUSE:
        codes = ["own:" + D.BUILDINGS[s.bld[sp]] for sp in range(12) if s.owner[sp] == seat]
    elif ph == PAWN:
        codes = ["pawn:" + D.BUILDINGS[s.bld[sp]] for sp in _pawn_targets(s, seat)]
    elif ph == BUILDING:
        codes = building_codes(s, seat, s.bld[s.pd[0]])
    elif ph == MARKET_TAKE:
        given = s.pd[0]
        codes = [
            "market:take:" + D.GOODS[g] for g in D.DICE_GOODS if g != given and s.supply[g] > 0
        ]
    elif ph == CASINO_AMOUNT:
        direction, _via, first = s.pd
        top = s.pesos[seat] // 3 if direction == "vp" else s.vp[seat]
        codes = casino_codes(top, first)
    else:  # pragma: no cover - every phase is handled above
        raise AssertionError(ph)
    return ((seat, KIND[ph], codes),)


CASINO_PAGE = 23  # amounts per casino menu, leaving room for "more" and "less" (25 in all)


def casino_codes(top: int, first: int) -> list[str]:
    """Amounts offered at the casino (any number, 7): all of 1..top when they fit in one menu;
    otherwise pages of 23 amounts starting at `first`, with `casino:more` / `casino:less` to
    turn the page, so every amount stays reachable within Discord's 25 entries."""
    if top <= CASINO_PAGE + 1:
        return [f"casino:{k}" for k in range(1, top + 1)]
    last = min(top, first + CASINO_PAGE - 1)
    codes = [f"casino:{k}" for k in range(first, last + 1)]
    if first > 1:
        codes.append("casino:less")
    if last < top:
        codes.append("casino:more")
    return codes


def _markers_left(s: State, seat: int) -> int:
    return D.MARKERS - s.owner.count(seat)


def _gain_possible(s: State, cit: int) -> bool:
    """May using the citizen bring anything? Decided from public information only."""
    if cit == D.EL_ZORRO:
        # At a screened table nobody knows whether the others have anything to give.
        return not s.opts["open_holdings"] or any(
            _zorro_codes(s, v) != ["zorro:nothing"] for v in range(s.n) if v != s.active
        )
    kind, good, amount = D.SIMPLE_GAINS[cit]
    if kind != "good":
        return True
    have = s.supply[good]
    return have >= amount or (have > 0 and s.opts["partial_supply_grants"])


def _pawn_targets(s: State, seat: int) -> list[int]:
    """Free spaces of the visited citizen's colour other than the pawn's own (5.3)."""
    colour = s.cit_colour[s.road[s.car]]
    pawns = s.pawn
    return [sp for sp in range(colour * 3, colour * 3 + 3) if sp not in pawns]


def _die_of(s: State, good: int) -> int:
    for i, g in enumerate(s.dg):
        if g == good:
            return i
    return -1


def _deliver_codes(s: State, seat: int) -> list[str]:
    codes = []
    base = seat * 6
    wood = s.goods[base + D.WOOD] > 0
    for g, v in zip(s.dg, s.dv, strict=True):
        if v > 0 and s.goods[base + g] > 0:
            codes.append("deliver:" + D.GOODS[g])
    if wood:
        for g, v in zip(s.dg, s.dv, strict=True):
            if v > 0:
                codes.append("wood:" + D.GOODS[g])
    codes.append("pass")
    return codes


def _zorro_codes(s: State, seat: int) -> list[str]:
    codes = []
    if s.pesos[seat] > 0:
        codes.append("zorro:give:peso")
    if s.vp[seat] > 0:
        codes.append("zorro:give:vp")
    base = seat * 6
    for g in D.DICE_GOODS:
        if s.goods[base + g] > 0:
            codes.append("zorro:give:" + D.GOODS[g])
    return codes or ["zorro:nothing"]  # E18: a victim with nothing gives nothing


def building_codes(s: State, seat: int, b: int) -> list[str]:
    """First decision when using building `b` (always ends with `skip`, using is optional)."""
    base = seat * 6
    goods = s.goods
    if b in (BANK, CHURCH):
        return ["use", "skip"]
    if b in (DISTILLERY, CIGAR_FACTORY):
        src, dst = (D.SUGAR, D.RUM) if b == DISTILLERY else (D.TOBACCO, D.CIGAR)
        top = min(goods[base + src], s.supply[dst])
        return [f"convert:{k}" for k in range(1, top + 1)] + ["skip"]
    if b == BLACK_MARKET:
        codes = []
        for g in D.DICE_GOODS:
            if goods[base + g] > 0 and any(h != g and s.supply[h] > 0 for h in D.DICE_GOODS):
                codes.append("market:give:" + D.GOODS[g])
        codes.append("skip")
        return codes
    if b == SAWMILL:
        return ["use", "skip"] if goods[base + D.WOOD] > 0 else ["skip"]
    if b == CAFE:
        codes = []
        if goods[base + D.CIGAR] > 0:
            codes.append("cafe:cigar")
        if goods[base + D.RUM] > 0:
            codes.append("cafe:rum")
        if len(codes) == 2:
            codes.append("cafe:both")
        codes.append("skip")
        return codes
    if b == CUSTOMS:
        codes = ["customs:" + D.GOODS[g] for g, v in zip(s.dg, s.dv, strict=True) if v > 0]
        codes.append("skip")
        return codes
    if b == CASINO:
        codes = []
        if s.pesos[seat] >= 3:
            codes.append("casino:vp")
        if s.vp[seat] > 0:
            codes.append("casino:pesos")
        codes.append("skip")
        return codes
    if b == HARBOUR_OFFICE:
        codes = ["price:up"]
        if s.price > D.PRICE_MIN:
            codes.append("price:down")
        codes.append("skip")
        return codes
    if b == OFFICE:
        codes = [
            "office:" + D.GOODS[g]
            for g, v in zip(s.dg, s.dv, strict=True)
            if v > 0 and goods[base + g] > 0
        ]
        codes.append("skip")
        return codes
    if b == NEWSPAPER:
        codes = [
            "flip:" + D.CITIZENS[s.road[stop]]
            for stop in range(1, D.STOPS)
            if not (s.inactive >> stop) & 1
        ]
        codes.append("use")
        codes.append("skip")
        return codes
    raise AssertionError(b)  # pragma: no cover


# ---------------------------------------------------------------- apply


def apply_code(s: State, seat: int, code: str) -> tuple[State, list]:
    """Validate and apply; the old state is untouched."""
    for who, _kind, codes in s.choices:
        if who == seat:
            if code not in codes:
                raise IllegalAction(_why_illegal(s, seat, code))
            break
    else:
        if s.phase == OVER:
            raise IllegalAction(M("illegal.over"))
        raise IllegalAction(M("illegal.not_your_turn"))
    t = s.copy()
    ev: list = []
    t.last = public_last(s, seat, code)
    do(t, seat, code, ev)
    settle(t, ev)
    t.version = s.version + 1
    return t, ev


# Decisions about the citizen at the car's stop, and the building each building decision is about.
_AT_CITIZEN = frozenset({CITIZEN, PABLO, ALONSO, ZORRO})
_NAMED_BUILDING = {CLAIM: 6, OWNUSE: 4, PAWN: 5}  # the code names the building after this prefix


def public_last(s: State, seat: int, code: str) -> tuple:
    """(seat, phase, code, citizen, space) of an action about to be applied to `s`: who decided
    what, at which citizen and which building space (-1 for none). Every Santiago action is
    public (the table sees every gain, delivery and gift), and so is everything read here."""
    ph = s.phase
    citizen = s.road[s.car] if ph in _AT_CITIZEN else -1
    space = -1
    if ph == BUILDING:
        space = s.pd[0]
    elif ph in _NAMED_BUILDING:
        space = s.bld.index(D.BUILDING_INDEX[code[_NAMED_BUILDING[ph] :]])
    elif ph == MARKET_TAKE:
        space = s.bld.index(BLACK_MARKET)
    elif ph == CASINO_AMOUNT:
        space = s.bld.index(CASINO)
    return (seat, ph, code, citizen, space)


def settle(t: State, ev: list) -> None:
    """Refresh the cached choices and apply every decision that the table can see is forced.

    A single option is taken at once only when the options are public; a decision with
    `private_options` is asked as usual, since "had no other choice" would tell the table about a
    screened purse (0 pesos: a drive of 1 stop only; no good to deliver; nothing but VP to give).
    """
    while True:
        t.choices = choices = compute_choices(t)
        if private_options(t):
            return
        for seat, _kind, codes in choices:
            if len(codes) == 1:
                from .labels import label

                # Told only to the player concerned, who was not asked; the table sees what it did.
                ev.append(Event(M("event.forced", action=label(t, seat, codes[0])), seat, seat))
                do(t, seat, codes[0], ev)
                break
        else:
            return


def do(t: State, seat: int, code: str, ev: list) -> None:
    ph = t.phase
    if ph == DRIVE:
        _drive(t, seat, int(code[6:]), ev)
    elif ph == ROLL:
        _leave(t, seat, D.GOOD_INDEX[code[6:]], ev)
    elif ph == DELIVER:
        if code == "pass":
            _pass(t, seat, ev)
        elif code.startswith("deliver:"):
            t.phase, t.pd = AMOUNT, (seat, "d", D.GOOD_INDEX[code[8:]])
        else:
            t.phase, t.pd = AMOUNT, (seat, "w", D.GOOD_INDEX[code[5:]])
    elif ph == AMOUNT:
        _deliver(t, seat, int(code[7:]), ev)
    elif ph == CITIZEN:
        cit = t.road[t.car]
        if code == "skip":
            _ev(ev, seat, "skip_citizen", citizen=CITIZEN_MSG[cit])
        if cit == D.EL_ZORRO:  # the pawn stays, used or not (exception 1)
            if code == "use":
                _begin_zorro(t, seat, ev)
            else:
                _after_zorro(t, seat, ev)
        else:
            if code == "use":
                _simple_gain(t, seat, cit, ev)
            _step_b(t, seat, ev)
    elif ph == PABLO:
        if code != "skip":
            g = D.GOOD_INDEX[code[6:]]
            _gain_good(t, seat, g, 1, ev)
        else:
            _ev(ev, seat, "skip_citizen", citizen=CITIZEN_MSG[D.PABLO])
        _step_b(t, seat, ev)
    elif ph == ALONSO:
        if code == "alonso:claim":
            t.phase, t.pd = CLAIM, ()
        elif code == "alonso:use":
            t.phase, t.pd = OWNUSE, ()
        else:
            _ev(ev, seat, "skip_citizen", citizen=CITIZEN_MSG[D.ALONSO])
            _step_b(t, seat, ev)
    elif ph == CLAIM:
        sp = t.bld.index(D.BUILDING_INDEX[code[6:]])
        t.owner[sp] = seat
        _ev(ev, seat, "claim", building=BUILDING_MSG[t.bld[sp]])
        _step_b(t, seat, ev)
    elif ph == OWNUSE:
        sp = t.bld.index(D.BUILDING_INDEX[code[4:]])
        _ev(ev, seat, "alonso_use", building=BUILDING_MSG[t.bld[sp]])
        _enter_building(t, seat, sp, True, ev)
    elif ph == PAWN:
        sp = t.bld.index(D.BUILDING_INDEX[code[5:]])
        _move_pawn(t, seat, sp, ev)
        _enter_building(t, seat, sp, False, ev)
    elif ph == BUILDING:
        sp, via_alonso = t.pd
        _use_building(t, seat, sp, code, via_alonso, ev)
    elif ph == MARKET_TAKE:
        given, via_alonso = t.pd
        g = D.GOOD_INDEX[code[12:]]
        t.goods[seat * 6 + g] += 1
        t.supply[g] -= 1
        _ev(ev, seat, "market", give=GOOD_MSG[given], take=GOOD_MSG[g])
        _after_building(t, seat, via_alonso, ev)
    elif ph == CASINO_AMOUNT:
        direction, via_alonso, first = t.pd
        if code == "casino:more" or code == "casino:less":
            step = CASINO_PAGE if code == "casino:more" else -CASINO_PAGE
            t.pd = (direction, via_alonso, first + step)
            return
        k = int(code[7:])
        if direction == "vp":
            t.pesos[seat] -= 3 * k
            _add_vp(t, seat, VP_BUILDINGS, k)
            _ev(ev, seat, "casino_vp", pesos=3 * k, vp=k)
        else:
            _add_vp(t, seat, VP_BUILDINGS, -k)
            t.pesos[seat] += 3 * k
            _ev(ev, seat, "casino_pesos", pesos=3 * k, vp=k)
        _after_building(t, seat, via_alonso, ev)
    elif ph == ZORRO:
        _zorro_give(t, seat, code[11:] if code != "zorro:nothing" else "", ev)
    else:  # pragma: no cover
        raise AssertionError(ph)


# ---------------------------------------------------------------- turn flow


def _start_turn(t: State, seat: int) -> None:
    t.active = seat
    t.departed = False
    t.moved = False
    t.phase, t.pd = DRIVE, ()


def _drive(t: State, seat: int, d: int, ev: list) -> None:
    """Move the car d stops clockwise for d - 1 pesos (5.1); passing the harbour raises the price."""
    t.pesos[seat] -= d - 1
    pos = start = t.car
    t.inactive &= ~(1 << pos)  # the start stop is left behind (E21)
    for _ in range(d - 1):
        pos = (pos + 1) % D.STOPS
        if pos == D.HARBOUR:
            _ev(ev, seat, "pass_harbour")
            _price_up(t, seat, ev)
            if t.phase == OVER:
                t.car = pos  # the 7th ship left as the car went by: it stops there (E24)
                t.trip = (start, pos)
                return
        else:
            t.inactive &= ~(1 << pos)
    pos = (pos + 1) % D.STOPS
    t.car = pos
    t.trip = (start, pos)
    cit = t.road[pos]
    _ev(
        ev,
        seat,
        "drive",
        stops=d,
        cost=d - 1,
        to=M("harbour") if cit < 0 else CITIZEN_MSG[cit],
    )
    if pos == D.HARBOUR:
        _ev(ev, seat, "delivery_round")
        t.passed = 0
        t.phase, t.pd = DELIVER, (seat,)
    elif (t.inactive >> pos) & 1:
        _ev(ev, seat, "inactive", citizen=CITIZEN_MSG[cit])
        _end_turn(t, seat, ev)
    elif cit == D.EL_ZORRO and t.opts.get("first_rules"):
        _begin_zorro(t, seat, ev)
    elif cit in D.SIMPLE_GAINS or cit == D.EL_ZORRO:
        t.phase, t.pd = CITIZEN, ()  # El Zorro too is optional (5.2, E11)
    elif cit == D.PABLO:
        t.phase, t.pd = PABLO, ()
    else:
        t.phase, t.pd = ALONSO, ()


def _price_up(t: State, seat: int, ev: list) -> None:
    t.price += 1
    if t.price > D.PRICE_MAX:
        _ev(ev, seat, "checkered_flag")
        _depart(t, seat, ev)
    else:
        _ev(ev, seat, "price", price=t.price)


def _depart(t: State, seat: int, ev: list) -> None:
    """The ship leaves (8.5). The 7th departure ends the game at once (E24)."""
    t.ships += 1
    t.dg = []
    t.dv = []
    t.aside = None
    t.price = D.PRICE_MIN
    _ev(ev, seat, "depart", ship=t.ships)
    if t.ships >= D.SHIPS:
        if t.opts["owner_vp_at_game_end"] and t.phase != ROLL:
            _owner_vp(t, t.active, ev)
        t.phase, t.pd = OVER, ()
        _ev(ev, None, "game_over")
        return
    t.departed = True


def _owner_vp(t: State, seat: int, ev: list) -> None:
    """5.4: the owner of the building the active pawn stands on gets 1 VP (not for one's own)."""
    sp = t.pawn[seat]
    if sp < 0:
        return
    owner = t.owner[sp]
    if owner < 0 or owner == seat:
        return
    if t.opts["owner_vp_only_when_moved"] and not t.moved:
        return
    _add_vp(t, owner, VP_OWNER, 1)
    _ev(ev, owner, "owner_vp", building=BUILDING_MSG[t.bld[sp]], visitor=player(seat))


def _end_turn(t: State, seat: int, ev: list) -> None:
    _owner_vp(t, seat, ev)
    nxt = (seat + 1) % t.n
    if t.departed:
        _begin_roll(t, seat, nxt, ev)
    else:
        _start_turn(t, nxt)


def _begin_roll(t: State, roller: int, after: int, ev: list) -> None:
    """Roll the 5 dice; the roller then chooses which one to set aside (8.6)."""
    t.rolled = tuple(D.DIE_FACES[g][t.next_random(6)] for g in D.DICE_GOODS)
    t.phase, t.pd = ROLL, (roller, after)
    _ev(ev, roller, "rolled", **dict(zip(D.GOODS, t.rolled, strict=False)))


def _leave(t: State, seat: int, left: int, ev: list) -> None:
    roller, after = t.pd
    t.dg = [g for g in D.DICE_GOODS if g != left]
    t.dv = [t.rolled[g] for g in t.dg]
    t.aside = (left, t.rolled[left])
    t.rolled = ()
    _ev(ev, seat, "demand", aside=GOOD_MSG[left])
    if not any(t.dv):
        if t.opts["reroll_empty_demand"]:
            _ev(ev, seat, "empty_reroll")
            _begin_roll(t, roller, after, ev)
            return
        # E10: the literal rule, a ship with no demand departs at once and the roller rolls again.
        _ev(ev, seat, "empty_departs")
        _depart(t, seat, ev)
        if t.phase != OVER:
            _begin_roll(t, roller, after, ev)
        return
    _start_turn(t, after)


# ---------------------------------------------------------------- delivery round


def _next_deliverer(t: State, cur: int) -> int:
    for k in range(1, t.n + 1):
        seat = (cur + k) % t.n
        if not (t.passed >> seat) & 1:
            return seat
    return -1


def _pass(t: State, seat: int, ev: list) -> None:
    t.passed |= 1 << seat
    _ev(ev, seat, "pass")
    nxt = _next_deliverer(t, seat)
    if nxt >= 0:
        t.phase, t.pd = DELIVER, (nxt,)
        return
    # 8.2 (b): everybody passed with demand open: the price rises, maybe to the checkered flag.
    t.passed = 0
    _ev(ev, None, "all_passed")
    _price_up(t, t.active, ev)
    if t.phase != OVER:
        _end_turn(t, t.active, ev)


def _deliver(t: State, seat: int, k: int, ev: list) -> None:
    _seat, kind, g = t.pd
    i = _die_of(t, g)
    t.dv[i] -= k
    if kind == "w":
        t.goods[seat * 6 + D.WOOD] -= k
        t.supply[D.WOOD] += k
        _add_vp(t, seat, VP_DELIVERIES, k)
        _ev(ev, seat, "deliver_wood", amount=k, good=GOOD_MSG[g], vp=k)
    else:
        t.goods[seat * 6 + g] -= k
        t.supply[g] += k
        _add_vp(t, seat, VP_DELIVERIES, k * t.price)
        _ev(ev, seat, "deliver", amount=k, good=GOOD_MSG[g], vp=k * t.price)
    if not any(t.dv):
        t.passed = 0
        _depart(t, t.active, ev)
        if t.phase != OVER:
            _end_turn(t, t.active, ev)
        return
    nxt = _next_deliverer(t, seat)
    t.phase, t.pd = DELIVER, (nxt,)


# ---------------------------------------------------------------- citizens


def _gain_good(t: State, seat: int, g: int, k: int, ev: list) -> None:
    """Take k goods from the finite supply: what is there (E1), or nothing if not all is there
    when partial grants are off (C6)."""
    have = t.supply[g]
    got = min(k, have)
    if got < k and not t.opts["partial_supply_grants"]:
        got = 0
    t.supply[g] -= got
    t.goods[seat * 6 + g] += got
    _ev(ev, seat, "gain_goods", amount=got, good=GOOD_MSG[g], wanted=k)


def _simple_gain(t: State, seat: int, cit: int, ev: list) -> None:
    kind, good, amount = D.SIMPLE_GAINS[cit]
    if kind == "good":
        _gain_good(t, seat, good, amount, ev)
    elif kind == "vp":
        _add_vp(t, seat, VP_CITIZENS, amount)
        _ev(ev, seat, "gain_vp", vp=amount)
    else:
        t.pesos[seat] += amount
        _ev(ev, seat, "gain_pesos", pesos=amount)


def _step_b(t: State, seat: int, ev: list) -> None:
    """Move the pawn to a free building of the citizen's colour, or stay (exception 4, E14)."""
    targets = _pawn_targets(t, seat)
    if len(targets) > 1:
        t.phase, t.pd = PAWN, ()
        return
    if targets:
        return _forced_pawn(t, seat, targets[0], ev)
    colour = COLOUR_MSG[t.cit_colour[t.road[t.car]]]
    if t.pawn[seat] >= 0:
        _ev(ev, seat, "all_occupied_stay", colour=colour)
        _enter_building(t, seat, t.pawn[seat], False, ev)
    else:
        _ev(ev, seat, "all_occupied_off", colour=colour)
        _end_turn(t, seat, ev)


def _forced_pawn(t: State, seat: int, sp: int, ev: list) -> None:
    _ev(ev, seat, "forced", action=M("action.pawn", building=BUILDING_MSG[t.bld[sp]]))
    _move_pawn(t, seat, sp, ev)
    _enter_building(t, seat, sp, False, ev)


def _move_pawn(t: State, seat: int, sp: int, ev: list) -> None:
    t.pawn[seat] = sp
    t.moved = True
    _ev(ev, seat, "pawn", building=BUILDING_MSG[t.bld[sp]])


def _begin_zorro(t: State, seat: int, ev: list) -> None:
    """Every other player gives 1 peso, 1 VP or 1 non-wood good, each choosing at once (E18).

    Every one of them is asked, also one who has nothing (their only option is to give nothing):
    at a screened table nobody else may learn that from the engine skipping them. At an
    open-holdings table `settle` takes that single option at once.
    """
    victims = tuple((seat + k) % t.n for k in range(1, t.n))
    if t.opts.get("first_rules"):
        # Games stored under the first rules skipped a victim with nothing, telling everybody.
        for v in victims:
            if _zorro_codes(t, v) == ["zorro:nothing"]:
                _ev(ev, v, "zorro_nothing")
        victims = tuple(v for v in victims if _zorro_codes(t, v) != ["zorro:nothing"])
        if not victims:
            _after_zorro(t, seat, ev)
            return
    t.phase, t.pd = ZORRO, victims


def _zorro_give(t: State, seat: int, what: str, ev: list) -> None:
    """`what` is "peso", "vp", a good, or "" for a victim who has nothing to give."""
    thief = t.active
    if not what:
        _ev(ev, seat, "zorro_nothing")
    elif what == "peso":
        t.pesos[seat] -= 1
        t.pesos[thief] += 1
        _ev(ev, seat, "zorro_give", item=M("pesos", n=1), to=player(thief))
    elif what == "vp":
        _add_vp(t, seat, VP_ZORRO, -1)
        _add_vp(t, thief, VP_ZORRO, 1)
        _ev(ev, seat, "zorro_give", item=M("vps", n=1), to=player(thief))
    else:
        g = D.GOOD_INDEX[what]
        t.goods[seat * 6 + g] -= 1
        t.goods[thief * 6 + g] += 1
        _ev(ev, seat, "zorro_give", item=GOOD_MSG[g], to=player(thief))
    t.pd = tuple(v for v in t.pd if v != seat)
    if not t.pd:
        _after_zorro(t, thief, ev)


def _after_zorro(t: State, seat: int, ev: list) -> None:
    if t.pawn[seat] >= 0:
        _enter_building(t, seat, t.pawn[seat], False, ev)
    else:
        _ev(ev, seat, "no_pawn")  # E13: the pawn is not on the board yet
        _end_turn(t, seat, ev)


# ---------------------------------------------------------------- buildings


def _enter_building(t: State, seat: int, sp: int, via_alonso: bool, ev: list) -> None:
    b = t.bld[sp]
    # Under the first rules a sawmill chosen through Alonso was used at once when it could be.
    sawmill = b == SAWMILL and t.opts.get("first_rules") and building_codes(t, seat, b)[0] == "use"
    if via_alonso and (b in (BANK, CHURCH) or sawmill):
        # The player already chose to use this building through Alonso: nothing left to ask.
        # (Not the sawmill: whether it can be used depends on the wood behind the screen.)
        _use_building(t, seat, sp, "use", True, ev)
        return
    t.phase, t.pd = BUILDING, (sp, via_alonso)


def _after_building(t: State, seat: int, via_alonso: bool, ev: list) -> None:
    if t.phase == OVER:
        return
    if via_alonso:
        _step_b(t, seat, ev)
    else:
        _end_turn(t, seat, ev)


def _use_building(t: State, seat: int, sp: int, code: str, via_alonso: bool, ev: list) -> None:
    b = t.bld[sp]
    bm = BUILDING_MSG[b]
    base = seat * 6
    if code == "skip":
        _ev(ev, seat, "skip_building", building=bm)
    elif b == BANK:
        t.pesos[seat] += 2
        _ev(ev, seat, "gain_pesos", pesos=2)
    elif b == CHURCH:
        _add_vp(t, seat, VP_BUILDINGS, 1)
        _ev(ev, seat, "gain_vp", vp=1)
    elif b in (DISTILLERY, CIGAR_FACTORY):
        src, dst = (D.SUGAR, D.RUM) if b == DISTILLERY else (D.TOBACCO, D.CIGAR)
        k = int(code[8:])
        t.goods[base + src] -= k
        t.supply[src] += k
        t.goods[base + dst] += k
        t.supply[dst] -= k
        _ev(ev, seat, "convert", amount=k, src=GOOD_MSG[src], dst=GOOD_MSG[dst])
    elif b == BLACK_MARKET:
        g = D.GOOD_INDEX[code[12:]]
        t.goods[base + g] -= 1
        t.supply[g] += 1
        t.phase, t.pd = MARKET_TAKE, (g, via_alonso)
        return
    elif b == SAWMILL:
        t.goods[base + D.WOOD] -= 1
        t.supply[D.WOOD] += 1
        _add_vp(t, seat, VP_BUILDINGS, 1)
        t.pesos[seat] += 1
        _ev(ev, seat, "sawmill")
    elif b == CAFE:
        gs = (D.CIGAR, D.RUM) if code == "cafe:both" else (D.GOOD_INDEX[code[5:]],)
        for g in gs:
            t.goods[base + g] -= 1
            t.supply[g] += 1
        _add_vp(t, seat, VP_BUILDINGS, 2 * len(gs))
        _ev(ev, seat, "cafe", vp=2 * len(gs), goods=len(gs))
    elif b == CUSTOMS:
        g = D.GOOD_INDEX[code[8:]]
        t.dv[_die_of(t, g)] = 0
        _ev(ev, seat, "customs", good=GOOD_MSG[g])
        if not any(t.dv):
            _depart(t, seat, ev)
    elif b == CASINO:
        t.phase, t.pd = CASINO_AMOUNT, (code[7:], via_alonso, 1)
        return
    elif b == HARBOUR_OFFICE:
        if code == "price:up":
            _price_up(t, seat, ev)
        else:
            t.price -= 1
            _ev(ev, seat, "price", price=t.price)
    elif b == OFFICE:
        g = D.GOOD_INDEX[code[7:]]
        t.goods[base + g] -= 1
        t.supply[g] += 1
        _add_vp(t, seat, VP_BUILDINGS, 2)
        t.dv[_die_of(t, g)] -= 1
        _ev(ev, seat, "office", good=GOOD_MSG[g])
        if not any(t.dv):
            _depart(t, seat, ev)
    elif b == NEWSPAPER:
        t.pesos[seat] += 1
        _ev(ev, seat, "gain_pesos", pesos=1)
        if code.startswith("flip:"):
            cit = D.CITIZEN_INDEX[code[5:]]
            t.inactive |= 1 << t.road.index(cit)
            _ev(ev, seat, "flip", citizen=CITIZEN_MSG[cit])
    _after_building(t, seat, via_alonso, ev)


# ---------------------------------------------------------------- illegal actions


def _why_illegal(s: State, seat: int, code: str) -> Msg:
    """A sentence for the player explaining why `code` is not possible now."""
    ph = s.phase
    if ph == DRIVE and code.startswith("drive:"):
        try:
            d = int(code[6:])
        except ValueError:
            d = -1
        if d >= 1 and d <= s.opts["max_distance"] and d - 1 > s.pesos[seat]:
            return M("illegal.drive_cost", stops=d, cost=d - 1, pesos=s.pesos[seat])
        return M("illegal.drive_range", most=s.opts["max_distance"])
    return M("illegal.code", code=code, kind=Msg(KIND[ph]))
