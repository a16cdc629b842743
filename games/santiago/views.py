"""What the players see: the public board and one player's screen.

The public view has no field for pesos, VP or goods, except `open_holdings`, which is filled only
at tables that chose the all-public (Yucata) variant. Everything is plain ids (`rum`, `pedro`,
`bank`, `blue`) so a renderer can map them to pictures and the catalogue to names
(`santiago.good.rum`, `santiago.citizen.pedro`, `santiago.building.bank`, `santiago.colour.blue`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.text import Msg


@dataclass(frozen=True, slots=True)
class Stop:
    """One stop of the road. Stop 0 is the harbour (no citizen, colour None, always active)."""

    index: int
    citizen: str | None
    colour: str | None  # flower colour of the citizen; None for the harbour and El Zorro
    active: bool


@dataclass(frozen=True, slots=True)
class BuildingSpace:
    """One of the 12 building spaces; the flower colour belongs to the space."""

    index: int
    colour: str
    building: str
    owner: int | None
    pawn: int | None


@dataclass(frozen=True, slots=True)
class SeatPublic:
    """What everybody knows about a seat."""

    seat: int
    markers_left: int
    pawn: int | None  # building space index, None while the pawn is off the board
    buildings: tuple[str, ...]  # building ids owned, in space order
    passed: bool  # passed in the current delivery round


@dataclass(frozen=True, slots=True)
class Die:
    good: str
    value: int


@dataclass(frozen=True, slots=True)
class Holdings:
    """What lies behind one screen. `goods` lists every good incl. wood, in GOODS order."""

    pesos: int
    vp: int
    goods: tuple[tuple[str, int], ...]

    def count(self, good: str) -> int:
        for name, n in self.goods:
            if name == good:
                return n
        raise KeyError(good)


@dataclass(frozen=True, slots=True)
class PendingView:
    seat: int
    kind: str
    prompt: Msg


@dataclass(frozen=True, slots=True)
class LastMove:
    """The latest decision taken, for the board to show. Every Santiago decision is public: the
    table sees each drive, gain, delivery and gift, so nothing here is hidden.

    `kind` is the decision it answered (`santiago.drive`, `santiago.building`, ...; the decision
    kinds of `pending`), `code` the choice (`drive:3`, `use`, `deliver:rum`, `zorro:give:vp`);
    an amount delivered names its good too (`amount:2:rum`, `amount:1:wood`).
    `citizen` is the citizen at the car's stop when the decision was about it (using it, Pablo's
    good, Alonso's option, a gift to El Zorro's visitor); `building` and `space` the building the
    decision was about (using it, claiming it, moving the pawn there). `car_from` and `car_to`
    are the car's latest drive: the stop it left and the stop where it stopped (None before the
    first drive).
    """

    seat: int
    kind: str
    code: str
    citizen: str | None
    building: str | None
    space: int | None
    car_from: int | None
    car_to: int | None


@dataclass(frozen=True, slots=True)
class PublicView:
    players: int
    road: tuple[Stop, ...]  # 10 stops, index 0 = harbour
    car: int  # stop index of the car
    buildings: tuple[BuildingSpace, ...]  # 12 spaces
    seats: tuple[SeatPublic, ...]
    ship: int  # number of the ship in port on the track, 1..7
    ships_departed: int
    demand: tuple[Die, ...] | None  # the 4 ship dice; None while a new ship has no demand yet
    set_aside: Die | None
    price: int  # 2, 3 or 4
    supply: tuple[tuple[str, int], ...]  # goods in the supply, GOODS order
    start_seat: int
    active_seat: int
    pending: tuple[PendingView, ...]
    game_over: bool
    open_holdings: tuple[Holdings, ...] | None  # only at all-public tables, else None
    # the 5 dice just rolled while the roller chooses which one to set aside, else None
    rolled: tuple[Die, ...] | None = None
    last_move: LastMove | None = None  # None before the first decision

    @property
    def player_count(self) -> int:
        """The name every game's public view shares (`games.PublicView`)."""
        return self.players


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    holdings: Holdings
    public: PublicView


def _holdings(state, seat: int) -> Holdings:
    from .data import GOODS

    base = seat * 6
    return Holdings(
        state.pesos[seat],
        state.vp[seat],
        tuple((g, state.goods[base + i]) for i, g in enumerate(GOODS)),
    )


def _last_move(state) -> LastMove | None:
    from . import data as D
    from .engine import KIND

    if state.last is None:
        return None
    seat, phase, code, citizen, space = state.last
    car_from, car_to = (None, None) if state.trip is None else state.trip
    return LastMove(
        seat=seat,
        kind=KIND[phase],
        code=code,
        citizen=None if citizen < 0 else D.CITIZENS[citizen],
        building=None if space < 0 else D.BUILDINGS[state.buildings[space]],
        space=None if space < 0 else space,
        car_from=car_from,
        car_to=car_to,
    )


def public_view(state) -> PublicView:
    """Build the public view of a state; hidden holdings appear only at open tables."""
    from . import data as D
    from .labels import prompt
    from .state import OVER

    road = [Stop(0, None, None, True)]
    for stop in range(1, D.STOPS):
        cit = state.road[stop]
        colour = state.citizen_colour[cit]
        road.append(
            Stop(
                stop,
                D.CITIZENS[cit],
                None if colour < 0 else D.COLOURS[colour],
                not (state.inactive >> stop) & 1,
            )
        )
    occupant = {sp: seat for seat, sp in enumerate(state.pawn) if sp >= 0}
    spaces = tuple(
        BuildingSpace(
            sp,
            D.COLOURS[D.SPACE_COLOUR[sp]],
            D.BUILDINGS[state.buildings[sp]],
            None if state.owner[sp] < 0 else state.owner[sp],
            occupant.get(sp),
        )
        for sp in range(12)
    )
    seats = tuple(
        SeatPublic(
            seat,
            D.MARKERS - state.owner.count(seat),
            None if state.pawn[seat] < 0 else state.pawn[seat],
            tuple(D.BUILDINGS[state.buildings[sp]] for sp in range(12) if state.owner[sp] == seat),
            bool((state.passed >> seat) & 1),  # cleared when the delivery round ends
        )
        for seat in range(state.player_count)
    )
    demand = (
        tuple(Die(D.GOODS[g], v) for g, v in zip(state.dice_goods, state.dice_values, strict=True))
        if state.dice_goods
        else None
    )
    aside = None if state.aside is None else Die(D.GOODS[state.aside[0]], state.aside[1])
    pending = tuple(
        PendingView(seat, kind, prompt(state, seat, kind)) for seat, kind, _ in state.choices
    )
    open_holdings = (
        tuple(_holdings(state, seat) for seat in range(state.player_count))
        if state.options["open_holdings"]
        else None
    )
    return PublicView(
        players=state.player_count,
        road=tuple(road),
        car=state.car,
        buildings=spaces,
        seats=seats,
        ship=min(state.ships + 1, D.SHIPS),
        ships_departed=state.ships,
        demand=demand,
        set_aside=aside,
        price=state.price,
        supply=tuple((g, state.supply[i]) for i, g in enumerate(D.GOODS)),
        start_seat=state.start,
        active_seat=state.active,
        pending=pending,
        game_over=state.phase == OVER,
        open_holdings=open_holdings,
        rolled=tuple(Die(D.GOODS[g], v) for g, v in enumerate(state.rolled))
        if state.rolled
        else None,
        last_move=_last_move(state),
    )


def player_view(state, seat: int) -> PlayerView:
    return PlayerView(seat, _holdings(state, seat), public_view(state))


# Options a front end shows on a line of their own (not as "house rule: name = value").
OPTIONS_SHOWN_APART = ("open_holdings", "citizen_colours", "first_rules")

# Events whose news the final scores give already (the reason the game ended): the final
# message leaves them out, the log keeps them.
TOLD_BY_THE_RESULT = frozenset({"santiago.event.game_over"})


def figures(view: PlayerView) -> Msg:
    """The private figures of `view`, as one line beside the player's screen picture. A
    parameter given as a tuple is a list of terms ("2 units of rum"), joined by the reader."""
    h = view.holdings
    return Msg("bot.figures.santiago", {"pesos": h.pesos, "vp": h.vp, "goods": counted_goods(h)})


def counted_goods(holdings: Holdings) -> tuple[Msg, ...]:
    """The goods of `holdings` it has any of, each counted in words ("2 units of rum")."""
    return tuple(Msg(f"santiago.count.{good}", {"n": n}) for good, n in holdings.goods if n)


def option_notes(options) -> list[Msg]:
    """The table's variants worth a line of their own when the game is opened."""
    return [Msg("bot.option.open_holdings")] if options.get("open_holdings") else []
