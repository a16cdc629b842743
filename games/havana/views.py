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

from .cards import CARD_IDS, TARGET_VP, number_of
from .deck import bundled
from .engine import ENDS, ROWS, building_msg, pending_seats, protected, row_ends
from .labels import decision
from .state import DEMOLISHED, FIRST_BLACK_MARKET, FIRST_WORKERS, State


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
    both ends), () for an empty row or a game that is over.
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

    @property
    def player_count(self) -> int:
        """The name every game's public view shares (`games.PublicView`)."""
        return self.players_count


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What `seat` sees: its hand and discard pile (card ids, sorted), the face-down card(s) it
    has placed but that are not revealed yet, and the public table."""

    seat: int
    hand: tuple[str, ...]
    discard: tuple[str, ...]
    secret_picks: tuple[str, ...]
    public: PublicView


def _cubes(c: list[int]) -> Cubes:
    return Cubes(c[0], c[1], c[2], c[3], c[4])


def _building_view(state: State, b: int) -> BuildingView:
    building = state.deck[b]
    c = building.cost
    return BuildingView(
        id=building.id,
        name=building_msg(state, b),
        vp=building.vp,
        cost=Cost(Cubes(c[0], c[1], c[2], c[3], c[4]), c[5], c[6], building.requires_architect),
    )


def public_view(state: State) -> PublicView:
    """Everything on the table; nothing of a hand, a discard pile or a face-down card."""
    pending = tuple(decision(state, seat) for seat in pending_seats(state))
    players = []
    for seat, p in enumerate(state.players):
        number = number_of(p.face_up) if p.face_up else None
        players.append(
            PlayerPublic(
                seat=seat,
                face_up=tuple(CARD_IDS[c] for c in p.face_up),
                number=number,
                number_text=f"{number:02d}" if number is not None else "",
                picked=len(p.unrevealed) if state.phase == "pick" else 0,
                covering=("left", "right")[p.cover] if p.cover >= 0 else None,
                placed=state.phase == "place" and bool(p.unrevealed),
                cubes=_cubes(p.cubes),
                workers=p.workers,
                pesos=p.pesos,
                buildings=tuple(_building_view(state, b) for b in p.buildings),
                vp=p.vp,
                hand_size=len(p.hand),
                discard_size=len(p.discard),
                age_rank=p.age,
                protected=protected(p),
                has_played=p.played,
            )
        )
    rows = tuple(
        RowView(
            name=ROWS[r],
            buildings=tuple(_building_view(state, b) for b in state.rows[r]),
            # once the game is over, nothing is for sale
            buyable_ends=()
            if state.phase == "over"
            else tuple(ENDS[e] for e in row_ends(state.rows[r])),
        )
        for r in (0, 1)
    )
    return PublicView(
        players_count=state.player_count,
        target_vp=TARGET_VP[state.player_count],
        round=state.round,
        max_rounds=state.options["max_rounds"],
        phase=state.phase,
        rows=rows,  # type: ignore[arg-type]
        centre=Pool(state.centre_pesos, _cubes(state.centre)),
        bank_pesos=state.bank_pesos,
        bank_workers=state.bank_workers,
        bag_count=sum(state.bag),
        deck_count=len(state.stack),
        box_cubes=_cubes(state.box_cubes),
        box_buildings=len(state.box_buildings),
        turn_order=state.order if state.phase in ("actions", "place") else (),
        active_seat=state.order[state.turn] if state.phase == "actions" else None,
        demolition_used=bool(state.flags & DEMOLISHED),
        workers_first_used=bool(state.flags & FIRST_WORKERS),
        black_market_first_used=bool(state.flags & FIRST_BLACK_MARKET),
        players=tuple(players),
        pending=tuple(PendingView(d.seat, d.kind, d.prompt, d.secret) for d in pending),
        game_over=state.phase == "over",
        winners=state.winners,
        end_reason=Msg(
            "havana.end." + state.reason,
            {"target": TARGET_VP[state.player_count], "rounds": state.options["max_rounds"]},
        )
        if state.reason
        else None,
        synthetic_deck=state.deck is bundled(),
        last_move=_last_move(state),
    )


def _last_move(state: State) -> LastMove | None:
    if state.last is None:
        return None
    seat, kind, action, card, b, row, end, bought, changed, victim = state.last
    return LastMove(
        seat=seat,
        kind=kind,
        action=action,
        card=None if card < 0 else CARD_IDS[card],
        building=None if b < 0 else _building_view(state, b),
        row=None if row < 0 else ROWS[row],
        end=None if end < 0 else ENDS[end],
        bought=bool(bought),
        rows_changed=tuple(ROWS[r] for r in (0, 1) if changed >> r & 1),
        victim=None if victim < 0 else victim,
    )


def player_view(state: State, seat: int) -> PlayerView:
    p = state.players[seat]
    return PlayerView(
        seat=seat,
        hand=tuple(CARD_IDS[c] for c in p.hand),
        discard=tuple(CARD_IDS[c] for c in sorted(p.discard)),
        secret_picks=tuple(CARD_IDS[c] for c in p.unrevealed),
        public=public_view(state),
    )


# Options a front end shows on a line of their own (not as "house rule: name = value").
OPTIONS_SHOWN_APART = ("deck", "deck_source")

# Events that tell nothing when their amount is 0 (a thief whose victim had nothing to take):
# event key -> the parameter holding the amount.
EMPTY_WHEN_ZERO = {
    "havana.event.peso_theft": "pesos",
    "havana.event.material_target": "count",
    "havana.event.debris": "count",  # Debris when the centre holds no rubble
}

# Events whose news the final scores give already (why the game ended, who won): the final
# message leaves them out, the log keeps them.
TOLD_BY_THE_RESULT = frozenset(
    {
        "havana.event.game_over_target",
        "havana.event.game_over_round_limit",
        "havana.event.game_over_no_buildings",
    }
)


def figures(view: PlayerView) -> Msg:
    """The private figures of `view` (hand, discard pile, face-down cards). A parameter given
    as a tuple is a list of terms, joined by the reader."""

    def cards(ids, line: str) -> tuple[Msg, ...] | Msg:
        # no cards: a phrase of each line's own, agreeing with its label ("Discard pile:
        # empty", "Face-down cards: none", "Hand: no cards")
        if not ids:
            return Msg(f"havana.no_cards.{line}")
        return tuple(Msg("havana.card." + c) for c in ids)

    return Msg(
        "bot.figures.havana",
        {
            "hand": cards(view.hand, "hand"),
            "discard": cards(view.discard, "discard"),
            "picks": cards(view.secret_picks, "picks"),
        },
    )


def option_notes(options) -> list[Msg]:
    """The table's variants worth a line of their own when the game is opened."""
    return [Msg("bot.option.own_deck")] if options.get("deck_source") == "custom" else []
