"""What each person may see of a Havana game.

`PublicView` is everything on the table: it has no field for a hand, a discard pile's contents or
a face-down card that has not been revealed, so a channel message built from it cannot leak a
secret. `PlayerView` adds what one seat sees behind its own screen.

Card ids are the ones of `games.havana.cards` (`siesta`, `refreshment`, `protection`, `debris`,
`demolition`, `tax_collector`, `workers`, `architect`, `peso_thief`, `material_thief`,
`black_market`, `pesos`, `mama`); their display names are `Msg("havana.card.<id>")`.
Colours are `red`, `yellow`, `brown`, `blue` and `rubble` (grey), named by `Msg("havana.colour.<c>")`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.text import Msg


@dataclass(frozen=True, slots=True)
class Cubes:
    """Building materials by colour; `rubble` are the grey cubes."""

    red: int = 0
    yellow: int = 0
    brown: int = 0
    blue: int = 0
    rubble: int = 0

    @property
    def coloured(self) -> int:
        return self.red + self.yellow + self.brown + self.blue

    @property
    def total(self) -> int:
        return self.coloured + self.rubble


@dataclass(frozen=True, slots=True)
class Cost:
    """What a building asks for. `requires_architect` is a condition, not a payment."""

    cubes: Cubes
    pesos: int
    workers: int
    requires_architect: bool


@dataclass(frozen=True, slots=True)
class BuildingView:
    id: str
    name: Msg
    vp: int
    cost: Cost


@dataclass(frozen=True, slots=True)
class RowView:
    """One building row, left to right. Only the ends can be bought or demolished.

    `buyable_ends` is ("left", "right") for two cards or more, ("left",) for a single card (it is
    both ends), () for an empty row.
    """

    name: str  # "top" or "bottom"
    buildings: tuple[BuildingView, ...]
    buyable_ends: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pool:
    """The centre pool under the rows: it accumulates from round to round."""

    pesos: int
    cubes: Cubes


@dataclass(frozen=True, slots=True)
class PlayerPublic:
    """One player's side of the table as everybody sees it.

    `face_up` holds the two face-up action cards left to right (lower number first); it is empty
    before the first reveal. `number` is the two-digit turn number (`number_text` keeps the
    leading zero, e.g. "07"). During the secret first pick `picked` counts the face-down cards
    placed so far (0-2). During phase III `covering` says which face-up card ("left"/"right") the
    player is covering and `placed` that the face-down card lies on it; its identity is secret.
    `age_rank` is the public last tie-break (0 = youngest, acts first on a full tie).
    """

    seat: int
    face_up: tuple[str, ...]
    number: int | None
    number_text: str
    picked: int
    covering: str | None
    placed: bool
    cubes: Cubes
    workers: int
    pesos: int
    buildings: tuple[BuildingView, ...]
    vp: int
    hand_size: int
    discard_size: int
    age_rank: int
    protected: bool
    has_played: bool  # this round's phase I turn is over


@dataclass(frozen=True, slots=True)
class PendingView:
    seat: int
    kind: str
    prompt: Msg
    secret: bool


@dataclass(frozen=True, slots=True)
class LastMove:
    """The latest decision taken, in public terms, for the board to show.

    `kind` is the decision it answered (the kinds of `pending`: "pick", "cover", "place",
    "first", "buy", "pay", "refresh", "demolish", "tax", "target", "steal", "mama"). `action` is
    the code chosen, except that a pick, a placement and a refreshment keep only that word: the
    card they name is secret. `card` is the action card resolved first ("first") or the face-up
    card covered ("cover"). `building`, `row` and `end` name the building bought, being paid
    for or demolished and the row end it comes from; `bought` says that this decision completed
    the purchase. `rows_changed` names the rows whose cards changed (a purchase, a demolition,
    a refill from the deck). `victim` is the seat taxed, chosen by a thief or stolen from.
    """

    seat: int
    kind: str
    action: str
    card: str | None
    building: BuildingView | None
    row: str | None
    end: str | None
    bought: bool
    rows_changed: tuple[str, ...]
    victim: int | None


@dataclass(frozen=True, slots=True)
class PublicView:
    """The whole table. `phase` is one of "pick" (secret first choice), "actions" (phase I),
    "place" (phase III) or "over". `turn_order` is this round's order, frozen at the start of
    phase I; `active_seat` is the seat whose phase I turn it is (None outside phase I)."""

    players_count: int
    target_vp: int
    round: int
    max_rounds: int
    phase: str
    rows: tuple[RowView, RowView]
    centre: Pool
    bank_pesos: int
    bank_workers: int
    bag_count: int
    deck_count: int
    box_cubes: Cubes
    box_buildings: int
    turn_order: tuple[int, ...]
    active_seat: int | None
    demolition_used: bool
    workers_first_used: bool
    black_market_first_used: bool
    players: tuple[PlayerPublic, ...]
    pending: tuple[PendingView, ...]
    game_over: bool
    winners: tuple[int, ...]
    end_reason: Msg | None
    synthetic_deck: bool
    last_move: LastMove | None = None  # None before the first decision


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What `seat` sees: its hand and discard pile (card ids, sorted), the face-down card(s) it
    has placed but that are not revealed yet, and the public table."""

    seat: int
    hand: tuple[str, ...]
    discard: tuple[str, ...]
    secret_picks: tuple[str, ...]
    public: PublicView


# Options a front end shows on a line of their own (not as "house rule: name = value").
OPTIONS_SHOWN_APART = ("deck", "deck_source")

# Events that tell nothing when their amount is 0 (a thief whose victim had nothing to take):
# event key -> the parameter holding the amount.
EMPTY_WHEN_ZERO = {"havana.event.peso_theft": "pesos", "havana.event.material_target": "count"}


def figures(view: PlayerView) -> Msg:
    """The private figures of `view` (hand, discard pile, face-down cards). A parameter given
    as a tuple is a list of terms, joined by the reader."""

    def cards(ids) -> tuple[Msg, ...]:
        return tuple(Msg("havana.card." + c) for c in ids)

    return Msg(
        "bot.figures.havana",
        {
            "hand": cards(view.hand),
            "discard": cards(view.discard),
            "picks": cards(view.secret_picks),
        },
    )


def option_notes(options) -> list[Msg]:
    """The table's variants worth a line of their own when the game is opened."""
    return [Msg("bot.option.own_deck")] if options.get("deck_source") == "custom" else []
