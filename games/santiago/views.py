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


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    holdings: Holdings
    public: PublicView
