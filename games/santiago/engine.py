"""The rules of Santiago de Cuba (spec: rules/santiago_de_cuba.md; gaps decided as E1-E30, C1-C12).

The engine is a small state machine. `state.phase` names the pending decision, `state.phase_data`
holds its data, and `state.choices` caches the legal codes of every pending decision, so the codes
are computed once per state. A decision with exactly one legal code is applied at once (with a
`santiago.event.forced` line for that player) only when the table can see that it is forced: at a
screened table a decision whose options read a screen (`private_options`) is always asked, even
with one option, because skipping the question would tell everybody what lies behind the screen.
Optional things always offer `skip`.
"""

from __future__ import annotations

from games import rng
from games.core import Event, IllegalAction
from games.text import Msg, joined, player

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
from .labels import goods
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
    OVER,
    OWNUSE,
    PABLO,
    PAWN,
    ROLL,
    VP_BUILDINGS,
    VP_CASINO,
    VP_CITIZENS,
    VP_DELIVERIES,
    VP_OWNER,
    VP_SOURCE_COUNT,
    VP_START,
    VP_ZORRO,
    ZORRO,
    State,
)

GOOD_MSG = tuple(Msg("santiago.good." + g) for g in D.GOODS)
CITIZEN_MSG = tuple(Msg("santiago.citizen." + c) for c in D.CITIZENS)
BUILDING_MSG = tuple(Msg("santiago.building." + building) for building in D.BUILDINGS)

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


def _msg(key: str, **params) -> Msg:
    """A text of the Santiago catalogue: `key` without its `santiago.` prefix."""
    return Msg("santiago." + key, params)


def _goods(g: int, n: int) -> Msg:
    """`n` of good `g` (an index) as a sentence takes or gives them (see `labels.goods`)."""
    return goods(D.GOODS[g], n)


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


def _event(events: list, seat: int | None, key: str, **params) -> None:
    """Log `santiago.event.<key>` as `seat`'s doing, or as nobody's for the game's own events."""
    if key in GAME_EVENTS:
        seat = None
    elif seat is not None:
        # A player's doing names them in its own sentence ("Ana passes.", «Анна пропускает
        # ход»): credited after a colon, the verb would start a sentence within a sentence.
        params = {"player": player(seat), **params}
    events.append(Event(Msg("santiago.event." + key, params), seat))


def _add_vp(state: State, seat: int, source: int, k: int) -> None:
    """Every VP change goes through here, so the sources always add up to the VP."""
    state.vp[seat] += k
    state.vp_sources[seat * VP_SOURCE_COUNT + source] += k


# ---------------------------------------------------------------- setup


def new_state(players: int, seed: int, options: dict) -> tuple[State, list]:
    """Random layout, random start player; the last player in turn order rolls the first demand."""
    state = State.__new__(State)
    state.player_count = players
    state.options = options
    state.rng = rng.start(seed)
    colours = options["citizen_colours"]
    state.citizen_colour = tuple(
        -1 if colours[c] is None else D.COLOUR_INDEX[colours[c]] for c in D.CITIZENS
    )
    state.buildings = tuple(state.shuffled(list(range(12))))
    state.road = (-1, *state.shuffled(list(range(9))))
    state.inactive = 0
    state.car = D.HARBOUR
    state.owner = [-1] * 12
    state.pawn = [-1] * players
    state.pesos = [D.START_PESOS] * players
    state.vp = [D.START_VP] * players
    state.vp_sources = [0] * (VP_SOURCE_COUNT * players)
    for seat in range(players):
        state.vp_sources[seat * VP_SOURCE_COUNT + VP_START] = D.START_VP
    state.last = None
    state.trip = None
    state.goods = list(D.START_GOODS) * players
    state.supply = [D.GOODS_PER_TYPE - players * D.START_GOODS[g] for g in range(6)]
    state.dice_goods = []
    state.dice_values = []
    state.aside = None
    state.price = D.PRICE_MIN
    state.ships = 0
    state.start = state.next_random(players)
    state.active = state.start
    state.passed = 0
    state.departed = False
    state.moved = False
    state.version = 0
    state.rolled = ()
    state.phase = ROLL
    state.phase_data = ()
    events: list = []
    _event(events, None, "setup", start=player(state.start))
    roller = (state.start - 1) % players  # E30: the player to the right of the start player
    _begin_roll(state, roller, state.start, events)
    settle(state, events)
    return state, events


# ---------------------------------------------------------------- codes


def private_options(state: State) -> bool:
    """Does the set of options of the pending decision(s) depend on hidden holdings?

    Decided from the kind of decision (and which building, a public fact) alone, never from the
    holdings themselves, so the answer is public. Nothing is hidden at an open-holdings table.
    """
    if state.options["open_holdings"] or state.options.get("first_rules"):
        return False
    if state.phase == BUILDING:
        return state.buildings[state.phase_data[0]] in PRIVATE_BUILDINGS
    if state.phase == DRIVE:
        return (
            state.options["max_distance"] > 1
        )  # a cap of 1 stop forces every drive, as all can see
    return state.phase in PRIVATE_PHASES


def open_codes(state: State, codes: list[str]) -> tuple[str, ...]:
    """Of a decision whose options read a screen, the codes legal whatever the screen holds:
    the first stop is free, a delivery round can always be passed, an amount of one is always
    there once a good was chosen, and an optional building can always be left unused."""
    phase = state.phase
    if phase == DRIVE:
        always = ("drive:1",)
    elif phase == DELIVER:
        always = ("pass",)
    elif phase == AMOUNT:
        always = ("amount:1",)
    elif phase == BUILDING:
        always = ("skip",)
    else:
        always = ()
    return tuple(code for code in always if code in codes)


def public_codes(state: State, seat: int) -> tuple[str, ...]:
    """Of a decision whose options read a screen, every code that COULD be legal for `seat`
    given what the table knows: the codes it would have if its screen held everything that is
    not in the (public) supply and more pesos and VP than anything costs. A superset of its
    legal codes, and the same whatever lies behind any screen. Empty when no such set is
    worth showing (the casino's amounts have no public bound)."""
    if not private_options(state) or state.phase == CASINO_AMOUNT:
        return ()
    rich = state.copy()
    rich.pesos = rich.pesos[:]
    rich.vp = rich.vp[:]
    rich.pesos[seat] = rich.vp[seat] = 1000
    rich.goods = rich.goods[:]
    for g in range(6):
        rich.goods[seat * 6 + g] = D.GOODS_PER_TYPE - state.supply[g]
    codes = next((c for who, _kind, c in compute_choices(rich) if who == seat), [])
    if state.phase == ZORRO:
        codes = [*codes, "zorro:nothing"]  # a victim with nothing gives nothing (E18)
    return tuple(codes)


def compute_choices(state: State) -> tuple:
    """((seat, kind, codes), ...) for every pending decision."""
    phase = state.phase
    if phase == OVER:
        return ()
    if phase == ZORRO:
        return tuple((v, KIND[ZORRO], _zorro_codes(state, v)) for v in state.phase_data)
    if phase == ROLL:
        return ((state.phase_data[0], KIND[ROLL], list(LEAVE_CODES)),)
    if phase == DELIVER:
        seat = state.phase_data[0]
        return ((seat, KIND[DELIVER], _deliver_codes(state, seat)),)
    if phase == AMOUNT:
        seat, _kind, g = state.phase_data
        i = _die_of(state, g)
        held = state.goods[seat * 6 + state.delivered_good()]
        top = min(held, state.dice_values[i])
        return ((seat, KIND[AMOUNT], list(AMOUNT_CODES[1 : top + 1])),)
    seat = state.active
    if phase == DRIVE:
        top = min(state.options["max_distance"], state.pesos[seat] + 1)
        codes = list(DRIVE_CODES[1 : top + 1])
    elif phase == CITIZEN:
        codes = ["use", "skip"] if _gain_possible(state, state.road[state.car]) else ["skip"]
    elif phase == PABLO:
        allowed = 6 if state.options["pablo_allows_wood"] else 5
        codes = ["pablo:" + D.GOODS[g] for g in range(allowed) if state.supply[g] > 0]
        codes.append("skip")
    elif phase == ALONSO:
        codes = []
        if _markers_left(state, seat) and -1 in state.owner:
            codes.append("alonso:claim")
        if seat in state.owner:
            codes.append("alonso:use")
        codes.append("skip")
    elif phase == CLAIM:
        codes = [
            "claim:" + D.BUILDINGS[state.buildings[space]]
            for space in range(12)
            if state.owner[space] < 0
        ]
    elif phase == OWNUSE:
        codes = [
            "own:" + D.BUILDINGS[state.buildings[space]]
            for space in range(12)
            if state.owner[space] == seat
        ]
    elif phase == PAWN:
        codes = [
            "pawn:" + D.BUILDINGS[state.buildings[space]] for space in _pawn_targets(state, seat)
        ]
    elif phase == BUILDING:
        codes = building_codes(state, seat, state.buildings[state.phase_data[0]])
    elif phase == MARKET_TAKE:
        given = state.phase_data[0]
        codes = [
            "market:take:" + D.GOODS[g] for g in D.DICE_GOODS if g != given and state.supply[g] > 0
        ]
    elif phase == CASINO_AMOUNT:
        direction, _via, first = state.phase_data
        top = state.pesos[seat] // 3 if direction == "vp" else state.vp[seat]
        codes = casino_codes(top, first)
    else:  # pragma: no cover - every phase is handled above
        raise AssertionError(phase)
    return ((seat, KIND[phase], codes),)


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


def _markers_left(state: State, seat: int) -> int:
    return D.MARKERS - state.owner.count(seat)


def _gain_possible(state: State, citizen: int) -> bool:
    """May using the citizen bring anything? Decided from public information only."""
    if citizen == D.EL_ZORRO:
        # At a screened table nobody knows whether the others have anything to give.
        return not state.options["open_holdings"] or any(
            _zorro_codes(state, v) != ["zorro:nothing"]
            for v in range(state.player_count)
            if v != state.active
        )
    kind, good, amount = D.SIMPLE_GAINS[citizen]
    if kind != "good":
        return True
    have = state.supply[good]
    return have >= amount or (have > 0 and state.options["partial_supply_grants"])


def _pawn_targets(state: State, seat: int) -> list[int]:
    """Free spaces of the visited citizen's colour other than the pawn's own (5.3)."""
    colour = state.citizen_colour[state.road[state.car]]
    pawns = state.pawn
    return [space for space in range(colour * 3, colour * 3 + 3) if space not in pawns]


def _die_of(state: State, good: int) -> int:
    for i, g in enumerate(state.dice_goods):
        if g == good:
            return i
    return -1


def _deliver_codes(state: State, seat: int) -> list[str]:
    codes = []
    base = seat * 6
    wood = state.goods[base + D.WOOD] > 0
    for g, v in zip(state.dice_goods, state.dice_values, strict=True):
        if v > 0 and state.goods[base + g] > 0:
            codes.append("deliver:" + D.GOODS[g])
    if wood:
        for g, v in zip(state.dice_goods, state.dice_values, strict=True):
            if v > 0:
                codes.append("wood:" + D.GOODS[g])
    codes.append("pass")
    return codes


def _zorro_codes(state: State, seat: int) -> list[str]:
    codes = []
    if state.pesos[seat] > 0:
        codes.append("zorro:give:peso")
    if state.vp[seat] > 0:
        codes.append("zorro:give:vp")
    base = seat * 6
    for g in D.DICE_GOODS:
        if state.goods[base + g] > 0:
            codes.append("zorro:give:" + D.GOODS[g])
    return codes or ["zorro:nothing"]  # E18: a victim with nothing gives nothing


def building_codes(state: State, seat: int, building: int) -> list[str]:
    """First decision when using `building` (always ends with `skip`, using is optional)."""
    base = seat * 6
    goods = state.goods
    if building in (BANK, CHURCH):
        return ["use", "skip"]
    if building in (DISTILLERY, CIGAR_FACTORY):
        src, dst = (D.SUGAR, D.RUM) if building == DISTILLERY else (D.TOBACCO, D.CIGAR)
        top = min(goods[base + src], state.supply[dst])
        return [f"convert:{k}" for k in range(1, top + 1)] + ["skip"]
    if building == BLACK_MARKET:
        codes = []
        for g in D.DICE_GOODS:
            if goods[base + g] > 0 and any(h != g and state.supply[h] > 0 for h in D.DICE_GOODS):
                codes.append("market:give:" + D.GOODS[g])
        codes.append("skip")
        return codes
    if building == SAWMILL:
        return ["use", "skip"] if goods[base + D.WOOD] > 0 else ["skip"]
    if building == CAFE:
        codes = []
        if goods[base + D.CIGAR] > 0:
            codes.append("cafe:cigar")
        if goods[base + D.RUM] > 0:
            codes.append("cafe:rum")
        if len(codes) == 2:
            codes.append("cafe:both")
        codes.append("skip")
        return codes
    if building == CUSTOMS:
        codes = [
            "customs:" + D.GOODS[g]
            for g, v in zip(state.dice_goods, state.dice_values, strict=True)
            if v > 0
        ]
        codes.append("skip")
        return codes
    if building == CASINO:
        codes = []
        if state.pesos[seat] >= 3:
            codes.append("casino:vp")
        if state.vp[seat] > 0:
            codes.append("casino:pesos")
        codes.append("skip")
        return codes
    if building == HARBOUR_OFFICE:
        codes = ["price:up"]
        if state.price > D.PRICE_MIN:
            codes.append("price:down")
        codes.append("skip")
        return codes
    if building == OFFICE:
        codes = [
            "office:" + D.GOODS[g]
            for g, v in zip(state.dice_goods, state.dice_values, strict=True)
            if v > 0 and goods[base + g] > 0
        ]
        codes.append("skip")
        return codes
    if building == NEWSPAPER:
        codes = [
            "flip:" + D.CITIZENS[state.road[stop]]
            for stop in range(1, D.STOPS)
            if not (state.inactive >> stop) & 1
        ]
        codes.append("use")
        codes.append("skip")
        return codes
    raise AssertionError(building)  # pragma: no cover


# ---------------------------------------------------------------- apply


def apply_code(state: State, seat: int, code: str) -> tuple[State, list]:
    """Validate and apply; the old state is untouched."""
    for who, _kind, codes in state.choices:
        if who == seat:
            if code not in codes:
                raise IllegalAction(_why_illegal(state, seat, code))
            break
    else:
        if state.phase == OVER:
            raise IllegalAction(_msg("illegal.over"))
        raise IllegalAction(_msg("illegal.not_your_turn"))
    after = state.copy()
    events: list = []
    after.last = public_last(state, seat, code)
    do(after, seat, code, events)
    settle(after, events)
    after.version = state.version + 1
    return after, events


# Decisions about the citizen at the car's stop, and the building each building decision is about.
_AT_CITIZEN = frozenset({CITIZEN, PABLO, ALONSO, ZORRO})
_NAMED_BUILDING = {CLAIM: 6, OWNUSE: 4, PAWN: 5}  # the code names the building after this prefix


def public_last(state: State, seat: int, code: str) -> tuple:
    """(seat, phase, code, citizen, space) of an action about to be applied to `state`: who decided
    what, at which citizen and which building space (-1 for none). Every Santiago action is
    public (the table sees every gain, delivery and gift), and so is everything read here."""
    phase = state.phase
    citizen = state.road[state.car] if phase in _AT_CITIZEN else -1
    space = -1
    if phase == BUILDING:
        space = state.phase_data[0]
    elif phase in _NAMED_BUILDING:
        space = state.buildings.index(D.BUILDING_INDEX[code[_NAMED_BUILDING[phase] :]])
    elif phase == MARKET_TAKE:
        space = state.buildings.index(BLACK_MARKET)
    elif phase == CASINO_AMOUNT:
        space = state.buildings.index(CASINO)
    elif phase == AMOUNT:
        # how many, and of what: the good was the decision before ("amount:2:rum")
        code = f"{code}:{D.GOODS[state.delivered_good()]}"
    return (seat, phase, code, citizen, space)


def settle(state: State, events: list) -> None:
    """Refresh the cached choices and apply every decision that the table can see is forced.

    A single option is taken at once only when the options are public; a decision with
    `private_options` is asked as usual, since "had no other choice" would tell the table about a
    screened purse (0 pesos: a drive of 1 stop only; no good to deliver; nothing but VP to give).
    """
    while True:
        state.choices = choices = compute_choices(state)
        if private_options(state):
            return
        for seat, _kind, codes in choices:
            if len(codes) == 1:
                from .labels import label

                # Told only to the player concerned, who was not asked; the table sees what it did.
                events.append(
                    Event(_msg("event.forced", action=label(state, seat, codes[0])), seat, seat)
                )
                do(state, seat, codes[0], events)
                break
        else:
            return


def do(state: State, seat: int, code: str, events: list) -> None:
    phase = state.phase
    if phase == DRIVE:
        _drive(state, seat, int(code[6:]), events)
    elif phase == ROLL:
        _leave(state, seat, D.GOOD_INDEX[code[6:]], events)
    elif phase == DELIVER:
        if code == "pass":
            _pass(state, seat, events)
        elif code.startswith("deliver:"):
            state.phase, state.phase_data = AMOUNT, (seat, "d", D.GOOD_INDEX[code[8:]])
        else:
            state.phase, state.phase_data = AMOUNT, (seat, "w", D.GOOD_INDEX[code[5:]])
    elif phase == AMOUNT:
        _deliver(state, seat, int(code[7:]), events)
    elif phase == CITIZEN:
        _at_citizen(state, seat, code, events)
    elif phase == PABLO:
        if code != "skip":
            g = D.GOOD_INDEX[code[6:]]
            _gain_good(state, seat, g, 1, events)
        else:
            _event(events, seat, "skip_citizen", citizen=CITIZEN_MSG[D.PABLO])
        _step_b(state, seat, events)
    elif phase == ALONSO:
        if code == "alonso:claim":
            state.phase, state.phase_data = CLAIM, ()
        elif code == "alonso:use":
            state.phase, state.phase_data = OWNUSE, ()
        else:
            _event(events, seat, "skip_citizen", citizen=CITIZEN_MSG[D.ALONSO])
            _step_b(state, seat, events)
    elif phase == CLAIM:
        space = state.buildings.index(D.BUILDING_INDEX[code[6:]])
        state.owner[space] = seat
        _event(events, seat, "claim", building=BUILDING_MSG[state.buildings[space]])
        _step_b(state, seat, events)
    elif phase == OWNUSE:
        space = state.buildings.index(D.BUILDING_INDEX[code[4:]])
        _event(events, seat, "alonso_use", building=BUILDING_MSG[state.buildings[space]])
        _enter_building(state, seat, space, True, events)
    elif phase == PAWN:
        space = state.buildings.index(D.BUILDING_INDEX[code[5:]])
        _move_pawn(state, seat, space, events)
        _enter_building(state, seat, space, False, events)
    elif phase == BUILDING:
        space, via_alonso = state.phase_data
        _use_building(state, seat, space, code, via_alonso, events)
    elif phase == MARKET_TAKE:
        given, via_alonso = state.phase_data
        g = D.GOOD_INDEX[code[12:]]
        state.goods[seat * 6 + g] += 1
        state.supply[g] -= 1
        _event(events, seat, "market", give=_goods(given, 1), take=_goods(g, 1))
        _after_building(state, seat, via_alonso, events)
    elif phase == CASINO_AMOUNT:
        _casino_amount(state, seat, code, events)
    elif phase == ZORRO:
        _zorro_give(state, seat, code[11:] if code != "zorro:nothing" else "", events)
    else:  # pragma: no cover
        raise AssertionError(phase)


def _at_citizen(state: State, seat: int, code: str, events: list) -> None:
    """The citizen at the car's stop, used or skipped."""
    citizen = state.road[state.car]
    if code == "skip":
        _event(events, seat, "skip_citizen", citizen=CITIZEN_MSG[citizen])
    if citizen == D.EL_ZORRO:  # the pawn stays, used or not (exception 1)
        if code == "use":
            _begin_zorro(state, seat, events)
        else:
            _after_zorro(state, seat, events)
    else:
        if code == "use":
            _simple_gain(state, seat, citizen, events)
        _step_b(state, seat, events)


def _casino_amount(state: State, seat: int, code: str, events: list) -> None:
    """An amount of VP bought or sold at the casino, or another page of amounts."""
    direction, via_alonso, first = state.phase_data
    if code == "casino:more" or code == "casino:less":
        step = CASINO_PAGE if code == "casino:more" else -CASINO_PAGE
        state.phase_data = (direction, via_alonso, first + step)
        return
    k = int(code[7:])
    if direction == "vp":
        state.pesos[seat] -= 3 * k
        _add_vp(state, seat, VP_CASINO, k)
        _event(events, seat, "casino_vp", pesos=3 * k, vp=k)
    else:
        _add_vp(state, seat, VP_CASINO, -k)
        state.pesos[seat] += 3 * k
        _event(events, seat, "casino_pesos", pesos=3 * k, vp=k)
    _after_building(state, seat, via_alonso, events)


# ---------------------------------------------------------------- turn flow


def _start_turn(state: State, seat: int) -> None:
    state.active = seat
    state.departed = False
    state.moved = False
    state.phase, state.phase_data = DRIVE, ()


def _drive(state: State, seat: int, stops: int, events: list) -> None:
    """Move the car `stops` stops clockwise for stops - 1 pesos (5.1); passing the harbour raises
    the price."""
    state.pesos[seat] -= stops - 1
    pos = start = state.car
    state.inactive &= ~(1 << pos)  # the start stop is left behind (E21)
    for _ in range(stops - 1):
        pos = (pos + 1) % D.STOPS
        if pos == D.HARBOUR:
            _event(events, seat, "pass_harbour")
            _price_up(state, seat, events)
            if state.phase == OVER:
                state.car = pos  # the 7th ship left as the car went by: it stops there (E24)
                state.trip = (start, pos)
                return
        else:
            state.inactive &= ~(1 << pos)
    pos = (pos + 1) % D.STOPS
    state.car = pos
    state.trip = (start, pos)
    citizen = state.road[pos]
    # to the harbour in a sentence of its own: "zum Hafen", «в порт», not a stop's name
    if citizen < 0 and stops == 1:  # the first stop is free: "free", never "for 0 pesos"
        _event(events, seat, "drive_free_harbour", stops=stops)
    elif citizen < 0:
        _event(events, seat, "drive_harbour", stops=stops, cost=stops - 1)
    elif stops == 1:
        _event(events, seat, "drive_free", stops=stops, to=CITIZEN_MSG[citizen])
    else:
        _event(events, seat, "drive", stops=stops, cost=stops - 1, to=CITIZEN_MSG[citizen])
    if pos == D.HARBOUR:
        _event(events, seat, "delivery_round")
        state.passed = 0
        state.phase, state.phase_data = DELIVER, (seat,)
    elif (state.inactive >> pos) & 1:
        _event(events, seat, "inactive", citizen=CITIZEN_MSG[citizen])
        _end_turn(state, seat, events)
    elif citizen == D.EL_ZORRO and state.options.get("first_rules"):
        _begin_zorro(state, seat, events)
    elif citizen in D.SIMPLE_GAINS or citizen == D.EL_ZORRO:
        state.phase, state.phase_data = CITIZEN, ()  # El Zorro too is optional (5.2, E11)
    elif citizen == D.PABLO:
        state.phase, state.phase_data = PABLO, ()
    else:
        state.phase, state.phase_data = ALONSO, ()


def _price_up(state: State, seat: int, events: list) -> None:
    state.price += 1
    if state.price > D.PRICE_MAX:
        _event(events, seat, "checkered_flag")
        _depart(state, seat, events)
    else:
        _event(events, seat, "price", price=state.price)


def _depart(state: State, seat: int, events: list) -> None:
    """The ship leaves (8.5). The 7th departure ends the game at once (E24)."""
    state.ships += 1
    state.dice_goods = []
    state.dice_values = []
    state.aside = None
    state.price = D.PRICE_MIN
    _event(events, seat, "depart", ship=state.ships)
    if state.ships >= D.SHIPS:
        if state.options["owner_vp_at_game_end"] and state.phase != ROLL:
            _owner_vp(state, state.active, events)
        state.phase, state.phase_data = OVER, ()
        _event(events, None, "game_over")
        return
    state.departed = True


def _owner_vp(state: State, seat: int, events: list) -> None:
    """5.4: the owner of the building the active pawn stands on gets 1 VP (not for one's own)."""
    space = state.pawn[seat]
    if space < 0:
        return
    owner = state.owner[space]
    if owner < 0 or owner == seat:
        return
    if state.options["owner_vp_only_when_moved"] and not state.moved:
        return
    _add_vp(state, owner, VP_OWNER, 1)
    _event(
        events,
        owner,
        "owner_vp",
        building=BUILDING_MSG[state.buildings[space]],
        visitor=player(seat),
    )


def _end_turn(state: State, seat: int, events: list) -> None:
    _owner_vp(state, seat, events)
    next_seat = (seat + 1) % state.player_count
    if state.departed:
        _begin_roll(state, seat, next_seat, events)
    else:
        _start_turn(state, next_seat)


def _begin_roll(state: State, roller: int, next_seat: int, events: list) -> None:
    """Roll the 5 dice; the roller then chooses which one to set aside (8.6)."""
    state.rolled = tuple(D.DIE_FACES[g][state.next_random(6)] for g in D.DICE_GOODS)
    state.phase, state.phase_data = ROLL, (roller, next_seat)
    _event(events, roller, "rolled", **dict(zip(D.GOODS, state.rolled, strict=False)))


def _leave(state: State, seat: int, left: int, events: list) -> None:
    roller, next_seat = state.phase_data
    state.dice_goods = [g for g in D.DICE_GOODS if g != left]
    state.dice_values = [state.rolled[g] for g in state.dice_goods]
    state.aside = (left, state.rolled[left])
    state.rolled = ()
    _event(events, seat, "demand", aside=GOOD_MSG[left])
    if not any(state.dice_values):
        if state.options["reroll_empty_demand"]:
            _event(events, seat, "empty_reroll")
            _begin_roll(state, roller, next_seat, events)
            return
        # E10: the literal rule, a ship with no demand departs at once and the roller rolls again.
        _event(events, seat, "empty_departs")
        _depart(state, seat, events)
        if state.phase != OVER:
            _begin_roll(state, roller, next_seat, events)
        return
    _start_turn(state, next_seat)


# ---------------------------------------------------------------- delivery round


def _next_deliverer(state: State, cur: int) -> int:
    for k in range(1, state.player_count + 1):
        seat = (cur + k) % state.player_count
        if not (state.passed >> seat) & 1:
            return seat
    return -1


def _pass(state: State, seat: int, events: list) -> None:
    state.passed |= 1 << seat
    _event(events, seat, "pass")
    next_seat = _next_deliverer(state, seat)
    if next_seat >= 0:
        state.phase, state.phase_data = DELIVER, (next_seat,)
        return
    # 8.2 (b): everybody passed with demand open: the price rises, maybe to the checkered flag.
    state.passed = 0
    _event(events, None, "all_passed")
    _price_up(state, state.active, events)
    if state.phase != OVER:
        _end_turn(state, state.active, events)


def _deliver(state: State, seat: int, k: int, events: list) -> None:
    _seat, kind, g = state.phase_data
    i = _die_of(state, g)
    state.dice_values[i] -= k
    if kind == "w":
        state.goods[seat * 6 + D.WOOD] -= k
        state.supply[D.WOOD] += k
        _add_vp(state, seat, VP_DELIVERIES, k)
        _event(events, seat, "deliver_wood", wood=_goods(D.WOOD, k), good=GOOD_MSG[g], vp=k)
    else:
        state.goods[seat * 6 + g] -= k
        state.supply[g] += k
        _add_vp(state, seat, VP_DELIVERIES, k * state.price)
        _event(events, seat, "deliver", goods=_goods(g, k), vp=k * state.price)
    if not any(state.dice_values):
        state.passed = 0
        _depart(state, state.active, events)
        if state.phase != OVER:
            _end_turn(state, state.active, events)
        return
    next_seat = _next_deliverer(state, seat)
    state.phase, state.phase_data = DELIVER, (next_seat,)


# ---------------------------------------------------------------- citizens


def _gain_good(state: State, seat: int, g: int, k: int, events: list) -> None:
    """Take k goods from the finite supply: what is there (E1), or nothing if not all is there
    when partial grants are off (C6)."""
    have = state.supply[g]
    got = min(k, have)
    if got < k and not state.options["partial_supply_grants"]:
        got = 0
    state.supply[g] -= got
    state.goods[seat * 6 + g] += got
    if got == k:  # all that was due: the log says no "(of k)"
        _event(events, seat, "gain_goods_full", goods=_goods(g, got))
    else:
        _event(events, seat, "gain_goods", goods=_goods(g, got), wanted=k)


def _simple_gain(state: State, seat: int, citizen: int, events: list) -> None:
    kind, good, amount = D.SIMPLE_GAINS[citizen]
    if kind == "good":
        _gain_good(state, seat, good, amount, events)
    elif kind == "vp":
        _add_vp(state, seat, VP_CITIZENS, amount)
        _event(events, seat, "gain_vp", vp=amount)
    else:
        state.pesos[seat] += amount
        _event(events, seat, "gain_pesos", pesos=amount)


def _step_b(state: State, seat: int, events: list) -> None:
    """Move the pawn to a free building of the citizen's colour, or stay (exception 4, E14)."""
    targets = _pawn_targets(state, seat)
    if len(targets) > 1:
        state.phase, state.phase_data = PAWN, ()
        return
    if targets:
        return _forced_pawn(state, seat, targets[0], events)
    # each colour words its own phrase ("every red building"), since many languages agree it
    colour = D.COLOURS[state.citizen_colour[state.road[state.car]]]
    if state.pawn[seat] >= 0:
        _event(events, seat, f"all_occupied_stay.{colour}")
        _enter_building(state, seat, state.pawn[seat], False, events)
    else:
        _event(events, seat, f"all_occupied_off.{colour}")
        _end_turn(state, seat, events)


def _forced_pawn(state: State, seat: int, space: int, events: list) -> None:
    _event(events, seat, "forced_pawn")
    _move_pawn(state, seat, space, events)
    _enter_building(state, seat, space, False, events)


def _move_pawn(state: State, seat: int, space: int, events: list) -> None:
    state.pawn[seat] = space
    state.moved = True
    _event(events, seat, "pawn", building=BUILDING_MSG[state.buildings[space]])


def _begin_zorro(state: State, seat: int, events: list) -> None:
    """Every other player gives 1 peso, 1 VP or 1 non-wood good, each choosing at once (E18).

    Every one of them is asked, also one who has nothing (their only option is to give nothing):
    at a screened table nobody else may learn that from the engine skipping them. At an
    open-holdings table `settle` takes that single option at once.
    """
    victims = tuple((seat + k) % state.player_count for k in range(1, state.player_count))
    if state.options.get("first_rules"):
        # Games stored under the first rules skipped a victim with nothing, telling everybody.
        for v in victims:
            if _zorro_codes(state, v) == ["zorro:nothing"]:
                _event(events, v, "zorro_nothing")
        victims = tuple(v for v in victims if _zorro_codes(state, v) != ["zorro:nothing"])
        if not victims:
            _after_zorro(state, seat, events)
            return
    state.phase, state.phase_data = ZORRO, victims


def _zorro_give(state: State, seat: int, what: str, events: list) -> None:
    """`what` is "peso", "vp", a good, or "" for a victim who has nothing to give."""
    thief = state.active
    if not what:
        _event(events, seat, "zorro_nothing")
    elif what == "peso":
        state.pesos[seat] -= 1
        state.pesos[thief] += 1
        _event(events, seat, "zorro_give", item=_msg("pesos", n=1), to=player(thief))
    elif what == "vp":
        _add_vp(state, seat, VP_ZORRO, -1)
        _add_vp(state, thief, VP_ZORRO, 1)
        _event(events, seat, "zorro_give", item=_msg("vps", n=1), to=player(thief))
    else:
        g = D.GOOD_INDEX[what]
        state.goods[seat * 6 + g] -= 1
        state.goods[thief * 6 + g] += 1
        _event(events, seat, "zorro_give", item=_goods(g, 1), to=player(thief))
    state.phase_data = tuple(v for v in state.phase_data if v != seat)
    if not state.phase_data:
        _after_zorro(state, thief, events)


def _after_zorro(state: State, seat: int, events: list) -> None:
    if state.pawn[seat] >= 0:
        _enter_building(state, seat, state.pawn[seat], False, events)
    else:
        _event(events, seat, "no_pawn")  # E13: the pawn is not on the board yet
        _end_turn(state, seat, events)


# ---------------------------------------------------------------- buildings


def _enter_building(state: State, seat: int, space: int, via_alonso: bool, events: list) -> None:
    building = state.buildings[space]
    # Under the first rules a sawmill chosen through Alonso was used at once when it could be.
    sawmill = (
        building == SAWMILL
        and state.options.get("first_rules")
        and building_codes(state, seat, building)[0] == "use"
    )
    if via_alonso and (building in (BANK, CHURCH) or sawmill):
        # The player already chose to use this building through Alonso: nothing left to ask.
        # (Not the sawmill: whether it can be used depends on the wood behind the screen.)
        _use_building(state, seat, space, "use", True, events)
        return
    state.phase, state.phase_data = BUILDING, (space, via_alonso)


def _after_building(state: State, seat: int, via_alonso: bool, events: list) -> None:
    if state.phase == OVER:
        return
    if via_alonso:
        _step_b(state, seat, events)
    else:
        _end_turn(state, seat, events)


def _use_building(
    state: State, seat: int, space: int, code: str, via_alonso: bool, events: list
) -> None:
    building = state.buildings[space]
    building_msg = BUILDING_MSG[building]
    base = seat * 6
    if code == "skip":
        _event(events, seat, "skip_building", building=building_msg)
    elif building == BANK:
        state.pesos[seat] += 2
        _event(events, seat, "gain_pesos", pesos=2)
    elif building == CHURCH:
        _add_vp(state, seat, VP_BUILDINGS, 1)
        _event(events, seat, "gain_vp", vp=1)
    elif building in (DISTILLERY, CIGAR_FACTORY):
        src, dst = (D.SUGAR, D.RUM) if building == DISTILLERY else (D.TOBACCO, D.CIGAR)
        k = int(code[8:])
        state.goods[base + src] -= k
        state.supply[src] += k
        state.goods[base + dst] += k
        state.supply[dst] -= k
        _event(events, seat, "convert", goods=_goods(src, k), dst=GOOD_MSG[dst])
    elif building == BLACK_MARKET:
        g = D.GOOD_INDEX[code[12:]]
        state.goods[base + g] -= 1
        state.supply[g] += 1
        state.phase, state.phase_data = MARKET_TAKE, (g, via_alonso)
        return
    elif building == SAWMILL:
        state.goods[base + D.WOOD] -= 1
        state.supply[D.WOOD] += 1
        _add_vp(state, seat, VP_BUILDINGS, 1)
        state.pesos[seat] += 1
        _event(events, seat, "sawmill")
    elif building == CAFE:
        gs = (D.CIGAR, D.RUM) if code == "cafe:both" else (D.GOOD_INDEX[code[5:]],)
        for g in gs:
            state.goods[base + g] -= 1
            state.supply[g] += 1
        _add_vp(state, seat, VP_BUILDINGS, 2 * len(gs))
        _event(events, seat, "cafe", vp=2 * len(gs), given=joined([_goods(g, 1) for g in gs]))
    elif building == CUSTOMS:
        g = D.GOOD_INDEX[code[8:]]
        state.dice_values[_die_of(state, g)] = 0
        _event(events, seat, "customs", good=GOOD_MSG[g])
        if not any(state.dice_values):
            _depart(state, seat, events)
    elif building == CASINO:
        state.phase, state.phase_data = CASINO_AMOUNT, (code[7:], via_alonso, 1)
        return
    elif building == HARBOUR_OFFICE:
        if code == "price:up":
            _price_up(state, seat, events)
        else:
            state.price -= 1
            _event(events, seat, "price", price=state.price)
    elif building == OFFICE:
        g = D.GOOD_INDEX[code[7:]]
        state.goods[base + g] -= 1
        state.supply[g] += 1
        _add_vp(state, seat, VP_BUILDINGS, 2)
        state.dice_values[_die_of(state, g)] -= 1
        _event(events, seat, "office", goods=_goods(g, 1))
        if not any(state.dice_values):
            _depart(state, seat, events)
    elif building == NEWSPAPER:
        state.pesos[seat] += 1
        _event(events, seat, "gain_pesos", pesos=1)
        if code.startswith("flip:"):
            citizen = D.CITIZEN_INDEX[code[5:]]
            state.inactive |= 1 << state.road.index(citizen)
            _event(events, seat, "flip", citizen=CITIZEN_MSG[citizen])
    _after_building(state, seat, via_alonso, events)


# ---------------------------------------------------------------- illegal actions


def _why_illegal(state: State, seat: int, code: str) -> Msg:
    """A sentence for the player explaining why `code` is not possible now. A code that could
    be legal (offered to the whole table) says what the player's own screen lacks for it."""
    phase = state.phase
    if phase == DRIVE and code.startswith("drive:"):
        try:
            stops = int(code[6:])
        except ValueError:
            stops = -1
        if stops >= 1 and stops <= state.options["max_distance"] and stops - 1 > state.pesos[seat]:
            return _msg("illegal.drive_cost", stops=stops, cost=stops - 1, pesos=state.pesos[seat])
        return _msg("illegal.drive_range", most=state.options["max_distance"])
    if code in public_codes(state, seat):
        return _short_of(state, seat, code)
    return _msg("illegal.code", code=code, kind=Msg(KIND[phase]))


def _short_of(state: State, seat: int, code: str) -> Msg:
    """What `seat`'s screen lacks for `code`, one of its decision's public codes."""
    head, _, rest = code.partition(":")
    goods = state.goods[seat * 6 : seat * 6 + 6]
    if code == "zorro:nothing":
        return _msg("illegal.zorro_nothing")
    if code in ("casino:vp", "zorro:give:peso"):
        return _msg("illegal.short_pesos", have=state.pesos[seat])
    if code in ("casino:pesos", "zorro:give:vp"):
        return _msg("illegal.short_vp", have=state.vp[seat])
    if head == "wood" or (head == "use" and state.phase == BUILDING):
        g = D.WOOD  # the sawmill's use takes a wood, as a delivery with wood does
    elif head == "amount":
        g = state.delivered_good()
    elif head == "convert":
        g = D.SUGAR if state.buildings[state.phase_data[0]] == DISTILLERY else D.TOBACCO
    elif code == "cafe:both":
        g = D.CIGAR if goods[D.CIGAR] == 0 else D.RUM
    else:  # deliver:, office:, market:give:, cafe:, zorro:give: name the good last
        g = D.GOOD_INDEX[code.rpartition(":")[2]]
    if not goods[g]:
        return _msg(f"illegal.no_good.{D.GOODS[g]}")
    return _msg("illegal.short_good", held=_msg(f"count.{D.GOODS[g]}", n=goods[g]))
