"""The game state: a compact record of small lists, cheap to copy on every action.

All fields are ints, tuples and lists of ints, so a state is copied with a handful of list
slices (no deepcopy) and compared field by field. Randomness comes from a generator whose
whole state is one int (`rng`, see `games.rng`), so it serialises trivially.
"""

from __future__ import annotations

from typing import Any

from games.rng import MASK64, keyed_draw

from .data import WOOD

# Phases: what the pending decision is about.
ROLL, DRIVE, CITIZEN, PABLO, ALONSO, CLAIM, OWNUSE, PAWN = range(8)
BUILDING, MARKET_TAKE, CASINO_AMOUNT, DELIVER, AMOUNT, ZORRO, OVER = range(8, 15)
PHASE_NAMES = (
    "roll",
    "drive",
    "citizen",
    "pablo",
    "alonso",
    "claim",
    "own",
    "pawn",
    "building",
    "market",
    "casino",
    "deliver",
    "amount",
    "zorro",
    "over",
)

FIELDS = (
    "player_count",
    "options",
    "rng",
    "road",
    "citizen_colour",
    "inactive",
    "car",
    "buildings",
    "owner",
    "pawn",
    "pesos",
    "vp",
    "goods",
    "supply",
    "dice_goods",
    "dice_values",
    "aside",
    "price",
    "ships",
    "start",
    "active",
    "phase",
    "phase_data",
    "rolled",
    "passed",
    "departed",
    "moved",
    "version",
    "vp_sources",
    "last",
    "trip",
    "choices",
)

# Where VP came from, kept per seat so that the final scores can be explained. Every change of
# `vp` changes one of these by the same amount. `earlier` holds the VP of states stored before
# the sources were kept (nothing else ever adds to it). `casino` is the VP bought and sold at the
# Casino, kept apart from `buildings`, where a sale read "buildings −14" (states stored before
# still have them there).
VP_SOURCES = (
    "start",
    "deliveries",
    "citizens",
    "buildings",
    "casino",
    "owner",
    "el_zorro",
    "earlier",
)
(
    VP_START,
    VP_DELIVERIES,
    VP_CITIZENS,
    VP_BUILDINGS,
    VP_CASINO,
    VP_OWNER,
    VP_ZORRO,
    VP_EARLIER,
) = range(len(VP_SOURCES))
VP_SOURCE_COUNT = len(VP_SOURCES)
# States stored before the Casino's VP were kept apart had 7 sources a seat, without `casino`
# (the 5th today): fixed numbers, whatever sources come later.
VP_SOURCES_BEFORE_CASINO = 7
CASINO_INSERTED_AT = 4


class State:
    """One moment of a game. Treat as immutable outside the engine: `apply` works on a copy.

    player_count: 2..4 seats, numbered 0..player_count - 1.
    options: the validated table options (`serial.options`); shared, never mutated.
    rng: the generator, one int (`games.rng`).
    road: citizen index per stop, stop 0 (the harbour) holding -1.
    citizen_colour: flower colour index per citizen (-1 for El Zorro, who has none).
    inactive: bit mask of the stops whose citizen lies face down.
    car: the stop the car stands on.
    buildings: building id per space (12 spaces, 3 per colour, colour by colour).
    owner: seat owning each space (-1 none); pawn: space of each seat's pawn (-1 off the board).
    pesos, vp: per seat. goods: per seat, 6 counts (flat: seat * 6 + good). supply: 6 counts.
    dice_goods / dice_values: the good and the remaining demand of each of the 4 ship dice,
        index by index (both empty while the new ship has no demand yet).
    aside: (good, value) of the die set aside, or None.
    price: 2..4 VP per good delivered. ships: departed so far (the 7th ends the game).
    start: the start player. active: the seat whose turn it is.
    phase / phase_data: what the pending decision is about (ROLL, DRIVE, ...) and its data, a
        tuple whose shape each phase fixes (e.g. ROLL: (roller, next turn's seat); BUILDING:
        (space, via Alonso); DELIVER: (deliverer,)).
    rolled: the 5 rolled values while the roller chooses the die to set aside, else ().
    passed: bit mask of the seats that passed in the delivery round.
    departed: a ship left this turn. moved: the active pawn moved this turn.
    version: the number of actions in effect.
    vp_sources: per seat, VP_SOURCE_COUNT ints (flat), the VP by source; they add up to `vp`.
    last: the last action in public terms, (seat, phase, code, citizen, space) with -1 for none,
        or None before the first action. trip: (from, to) stops of the latest drive, or None.
    choices: cached ((seat, kind, codes), ...) of the pending decisions.
    """

    __slots__ = FIELDS

    def copy(self) -> State:
        t = State.__new__(State)
        t.player_count = self.player_count
        t.options = self.options
        t.rng = self.rng
        t.road = self.road
        t.citizen_colour = self.citizen_colour
        t.inactive = self.inactive
        t.car = self.car
        t.buildings = self.buildings
        t.owner = self.owner[:]
        t.pawn = self.pawn[:]
        t.pesos = self.pesos[:]
        t.vp = self.vp[:]
        t.goods = self.goods[:]
        t.supply = self.supply[:]
        t.dice_goods = self.dice_goods[:]
        t.dice_values = self.dice_values[:]
        t.aside = self.aside
        t.price = self.price
        t.ships = self.ships
        t.start = self.start
        t.active = self.active
        t.phase = self.phase
        t.phase_data = self.phase_data
        t.rolled = self.rolled
        t.passed = self.passed
        t.departed = self.departed
        t.moved = self.moved
        t.version = self.version
        t.vp_sources = self.vp_sources[:]
        t.last = self.last
        t.trip = self.trip
        t.choices = self.choices
        return t

    def delivered_good(self) -> int:
        """The good an AMOUNT decision delivers (its `phase_data` is seat, kind, ship's good):
        wood where the player chose to deliver wood instead of the ship's good."""
        _seat, kind, g = self.phase_data
        return WOOD if kind == "w" else g

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<santiago State v{self.version} phase={PHASE_NAMES[self.phase]} ships={self.ships}>"
        )

    def next_random(self, bound: int) -> int:
        """A uniform int in [0, bound) from the state's generator (`games.rng`); advances `rng`."""
        if self.rng > MASK64:
            self.rng, z = keyed_draw(self.rng)
            return z % bound
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        return z % bound  # bias below 2**-58: irrelevant for dice of 6 faces

    def shuffled(self, items: list) -> list:
        for i in range(len(items) - 1, 0, -1):
            j = self.next_random(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
