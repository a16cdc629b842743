"""Positions for rules tests.

`started` plays a real game from a seed up to the first drive. `arrange` then sets a handful of
fields of that position the way a table might look later in a game (road order, building layout,
pawns, holdings, demand) while keeping the 8-of-each goods count exact, and hands the turn to one
seat at the start of its drive. Everything after that is played through `GAME.apply` only.
"""

from __future__ import annotations

from games.santiago import GAME, engine
from games.santiago import data as D
from games.santiago.state import DRIVE, VP_EARLIER, VP_SOURCE_COUNT

# A fixed table used by most tests (stops 1..9 and the 12 spaces: 3 yellow, 3 blue, 3 red, 3 white).
ROAD = ["maria", "jose", "el_zorro", "pedro", "conchita", "miguel", "pablo", "martinez", "alonso"]
BUILDINGS = [
    "church", "distillery", "sawmill",  # yellow
    "cigar_factory", "black_market", "bank",  # blue
    "cafe", "customs", "casino",  # red
    "harbour_office", "office", "newspaper",  # white
]  # fmt: skip


def started(players: int = 3, seed: int = 7, **options):
    state = GAME.new(players, seed, options or None)
    seat = GAME.pending(state)[0].seat
    state, _ = GAME.apply(state, seat, GAME.legal_codes(state, seat)[0])
    return state


def stop_of(citizen: str, road=ROAD) -> int:
    return road.index(citizen) + 1


def arrange(
    state,
    *,
    active: int = 0,
    road=ROAD,
    buildings=BUILDINGS,
    car: int | str = 0,
    pawns: dict | None = None,
    owners: dict | None = None,
    pesos: dict | None = None,
    vp: dict | None = None,
    goods: dict | None = None,
    demand: dict | None = ...,
    price: int = 2,
    inactive=(),
    ships: int | None = None,
):
    """A copy of `state` with the given fields set; the turn starts with `active` driving.

    goods: {seat: {good: n}} replaces those seats' goods (others keep theirs); the supply is
    recomputed. demand: {good: value} for the 4 ship dice (the 5th good is set aside at 0), or
    None for a new ship without demand. car: a stop or a citizen name.
    """
    t = state.copy()
    t.road = (-1, *(D.CITIZEN_INDEX[c] for c in road))
    t.buildings = tuple(D.BUILDING_INDEX[b] for b in buildings)
    t.car = car if isinstance(car, int) else stop_of(car, road)
    t.inactive = 0
    for c in inactive:
        t.inactive |= 1 << stop_of(c, road)
    t.pawn = [-1] * t.player_count
    for seat, b in (pawns or {}).items():
        t.pawn[seat] = t.buildings.index(D.BUILDING_INDEX[b])
    t.owner = [-1] * 12
    for b, seat in (owners or {}).items():
        t.owner[t.buildings.index(D.BUILDING_INDEX[b])] = seat
    for seat, n in (pesos or {}).items():
        t.pesos[seat] = n
    for seat, n in (vp or {}).items():
        t.vp[seat] = n
        # An arranged position has no history: its VP count as earned earlier.
        row = seat * VP_SOURCE_COUNT
        t.vp_sources[row : row + VP_SOURCE_COUNT] = [0] * VP_SOURCE_COUNT
        t.vp_sources[row + VP_EARLIER] = n
    for seat, held in (goods or {}).items():
        for g in range(6):
            t.goods[seat * 6 + g] = held.get(D.GOODS[g], 0)
    for g in range(6):
        t.supply[g] = 8 - sum(t.goods[seat * 6 + g] for seat in range(t.player_count))
        assert t.supply[g] >= 0, "more than 8 of a good arranged"
    if demand is not ...:
        if demand is None:
            t.dice_goods, t.dice_values, t.aside = [], [], None
        else:
            t.dice_goods = [D.GOOD_INDEX[g] for g in demand]
            t.dice_values = list(demand.values())
            left = next(g for g in D.DICE_GOODS if g not in t.dice_goods)
            t.aside = (left, 0)
    t.price = price
    if ships is not None:
        t.ships = ships
    t.active = active
    t.departed = t.moved = False
    t.passed = 0
    t.rolled = ()
    t.phase, t.phase_data = DRIVE, ()
    engine.settle(t, [])
    return t


def play(state, *codes):
    """Apply codes in turn, each by the only seat that has a decision (or `(seat, code)`)."""
    events = []
    for item in codes:
        if isinstance(item, tuple):
            seat, code = item
        else:
            pending = GAME.pending(state)
            assert len(pending) == 1, f"several seats decide: {pending}"
            seat, code = pending[0].seat, item
        state, new = GAME.apply(state, seat, code)
        events.extend(new)
    return state, events


def drive_to(state, citizen: str | None, road=ROAD):
    """The drive code that takes the car from its stop to `citizen` (None = the harbour)."""
    target = 0 if citizen is None else stop_of(citizen, road)
    d = (target - state.car) % D.STOPS or D.STOPS
    return f"drive:{d}"


def codes(state, seat=None):
    if seat is None:
        seat = GAME.pending(state)[0].seat
    return GAME.legal_codes(state, seat)


def kinds(state):
    return [(d.seat, d.kind) for d in GAME.pending(state)]


def holding(state, seat, good):
    return state.goods[seat * 6 + D.GOOD_INDEX[good]]


def keys(events):
    return [e.msg.key for e in events]


def space(state, building: str) -> int:
    return state.buildings.index(D.BUILDING_INDEX[building])
