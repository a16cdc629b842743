"""The Havana `Game` object: options, the contract methods, labels, views and JSON."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from games import rng, undo
from games.core import (
    STATE_FORMAT,
    Action,
    Decision,
    Event,
    IllegalAction,
    OptionError,
    Result,
    StateError,
)
from games.text import Msg

from . import catalogue  # noqa: F401 - registers the English texts
from .cards import (
    ARCHITECT,
    CARD_IDS,
    CARD_INDEX,
    COLOUR_INDEX,
    COLOURS,
    SET_SIZE,
    TARGET_VP,
    TOTAL_CUBES,
    TOTAL_PESOS,
    TOTAL_WORKERS,
    number_of,
)
from .deck import (
    buildings_of,
    bundled,
    bundled_cards,
    bundled_option,
    bundled_ref,
    is_bundled,
    parse_deck,
)
from .engine import (
    ENDS,
    ROWS,
    building_msg,
    can_buy,
    card_msg,
    codes_for,
    colour_msg,
    do_action,
    new_state,
    pending_seats,
    player_msg,
    protected,
    public_last,
    row_ends,
)
from .state import DEMOLISHED, FIRST_BLACK_MARKET, FIRST_WORKERS, Player, State
from .views import (
    BuildingView,
    Cost,
    Cubes,
    LastMove,
    PendingView,
    PlayerPublic,
    PlayerView,
    Pool,
    PublicView,
    RowView,
)

DEFAULT_MAX_ROUNDS = 60
ROW_RULES = ("any_end", "both_ends_of_a_row")
OPTION_NAMES = ("deck", "deck_source", "max_rounds", "row_end_rule")
DECK_SOURCES = ("bundled", "custom")


def _msg(key: str, **params: Any) -> Msg:
    """A text of the catalogues by its full key, with its parameters."""
    return Msg(key, params)


class Havana:
    """Havana (Reinhard Staupe) for 2 to 4 players."""

    name = "havana"
    min_players = 2
    max_players = 4
    title = Msg("havana.title")

    # ------------------------------------------------------------ options and setup

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """`max_rounds` (fallback end, default 60), `row_end_rule` (E1 reading) and `deck`
        (absent or None = the bundled deck; a path, a parsed deck file or a list of buildings).

        The result always holds the whole validated deck, the bundled one included, so the
        stored options alone rebuild a game exactly even if a deck file changes later.
        `deck_source` says whether that deck is the bundled one ("bundled") or not ("custom");
        it is derived from the deck, so a given value is only checked."""
        raw = dict(raw or {})
        max_rounds, rule, source = self._plain_options(raw)
        deck = raw.get("deck")
        if deck is None:
            deck, source = bundled_cards(), "bundled"
        else:
            deck = parse_deck(deck)
            source = "bundled" if is_bundled(deck) else "custom"
        return {"deck": deck, "deck_source": source, "max_rounds": max_rounds, "row_end_rule": rule}

    def _plain_options(self, raw: Mapping[str, Any]) -> tuple[int, str, str]:
        """The options other than the deck, checked: (max_rounds, row_end_rule, deck_source)."""
        for key in raw:
            if key not in OPTION_NAMES:
                raise OptionError(_msg("havana.option.unknown", name=str(key)))
        max_rounds = raw.get("max_rounds", DEFAULT_MAX_ROUNDS)
        if (
            not isinstance(max_rounds, int)
            or isinstance(max_rounds, bool)
            or not (1 <= max_rounds <= 1000)
        ):
            raise OptionError(_msg("havana.option.max_rounds", value=str(max_rounds)))
        rule = raw.get("row_end_rule", ROW_RULES[0])
        if rule not in ROW_RULES:
            raise OptionError(_msg("havana.option.row_end_rule", value=str(rule)))
        source = raw.get("deck_source", DECK_SOURCES[0])
        if source not in DECK_SOURCES:
            raise OptionError(_msg("havana.option.deck_source", value=str(source)))
        return max_rounds, rule, source

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(_msg("havana.option.players", count=str(players)))
        opts = self.options(options)
        return new_state(players, seed, opts, buildings_of(opts["deck"]))

    # ------------------------------------------------------------ decisions

    def pending(self, state: State) -> tuple[Decision, ...]:
        return tuple(_decision(state, seat) for seat in pending_seats(state))

    def legal_codes(self, state: State, seat: int) -> list[str]:
        if not 0 <= seat < state.player_count:
            return []
        return codes_for(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Action(code, label(state, seat, code)) for code in self.legal_codes(state, seat)]

    def public_actions(self, state: State, seat: int) -> list[Action]:
        return []  # a hand of cards bounds nothing the table could offer in one tap

    def apply(self, state: State, seat: int, code: str) -> tuple[State, list]:
        if not isinstance(code, str) or code not in self.legal_codes(state, seat):
            raise IllegalAction(why_illegal(state, seat, code))
        after = state.clone()
        events: list = []
        do_action(after, seat, code, events)
        after.version += 1
        after.last = public_last(state, seat, code, after)
        return after, events

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def version(self, state: State) -> int:
        return state.version

    def result(self, state: State) -> Result | None:
        """Scores are VP. The player who reaches the target wins alone; at a fallback end the
        most VP win and tied players share the win (E23)."""
        if state.phase != "over":
            return None
        reason = _msg(
            "havana.end." + state.reason,
            target=TARGET_VP[state.player_count],
            rounds=state.options["max_rounds"],
        )
        return _ranked(state, state.winners, reason)

    def standing(self, state: State) -> Result:
        """The result if the game ended now. A game in progress is scored like a fallback end
        (E23): the most VP win and tied players share the win, as the rules break no ties at
        the end; nobody can be at the target yet, since reaching it ends the game at once."""
        if state.phase == "over":
            return self.result(state)
        best = max(p.vp for p in state.players)
        winners = tuple(v for v in range(state.player_count) if state.players[v].vp == best)
        return _ranked(state, winners, _msg("havana.end.ended_early"))

    # ------------------------------------------------------------ undo

    def undo_barrier(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> Msg | None:
        """The undo window closes when the face-down picks or placements are turned up (the
        last pick or placement of a round), when a building comes from the deck (a row
        refilled), when cubes come out of the bag (black market, the supply phase), at the end,
        and when another player comes to decide (the end of a turn, the next placement). A
        pick is undoable until another player picks: the others are choosing at the same time
        and learn nothing from it. A refreshment is undoable: the card is the player's own."""
        if after.phase == "over":
            return undo.OVER
        if before.phase in ("pick", "place") and after.phase != before.phase:
            return undo.REVEALED
        if before.stack != after.stack:
            return undo.CARD_DRAWN
        if before.rng != after.rng:
            return undo.CUBES_DRAWN
        return undo.common_barrier(self, before, seat, after, events)

    def closes_undo(
        self, before: State, seat: int, code: str, after: State, events: Sequence[Event]
    ) -> bool:
        return self.undo_barrier(before, seat, code, after, events) is not None

    # ------------------------------------------------------------ views

    def public_view(self, state: State) -> PublicView:
        return public_view(state, self.pending(state))

    def player_view(self, state: State, seat: int) -> PlayerView:
        p = state.players[seat]
        return PlayerView(
            seat=seat,
            hand=tuple(CARD_IDS[c] for c in p.hand),
            discard=tuple(CARD_IDS[c] for c in sorted(p.discard)),
            secret_picks=tuple(CARD_IDS[c] for c in p.unrevealed),
            public=self.public_view(state),
        )

    # ------------------------------------------------------------ JSON

    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(self, data)


# ---------------------------------------------------------------- standing


def _ranked(state: State, winners: tuple[int, ...], reason: Msg) -> Result:
    """Winners first, then the others by VP; equal VP share a place. VP come only from
    buildings, so the breakdown lists each seat's buildings in the order bought."""
    scores = tuple(p.vp for p in state.players)
    ranking = tuple(
        sorted(range(state.player_count), key=lambda v: (v not in winners, -scores[v], v))
    )
    places = [0] * state.player_count
    for v in range(state.player_count):
        if v in winners:
            places[v] = 1
        else:
            places[v] = (
                1
                + len(winners)
                + sum(
                    1
                    for u in range(state.player_count)
                    if u not in winners and scores[u] > scores[v]
                )
            )
    return Result(
        scores=scores,
        winners=winners,
        ranking=ranking,
        places=tuple(places),
        reason=reason,
        breakdown=tuple(
            tuple((building_msg(state, b), state.deck[b].vp) for b in p.buildings)
            for p in state.players
        ),
    )


# ---------------------------------------------------------------- prompts and labels


def _decision(state: State, seat: int) -> Decision:
    # The options of a pick, a placement and a refreshment are cards of the hand or of the
    # face-down discard pile: hidden, so `private_options`. All other options read the table.
    if state.phase == "pick":
        p = state.players[seat]
        left = 2 - len(p.unrevealed)
        prompt = _msg("havana.prompt.pick", count=left)
        return Decision(seat, "pick", prompt, True, private_options=True, repeat=left)
    if state.phase == "place":
        if state.players[seat].cover < 0:
            return Decision(seat, "cover", _msg("havana.prompt.cover"))
        return Decision(seat, "place", _msg("havana.prompt.place"), True, private_options=True)
    step = state.step
    kind = step[0]
    params: dict[str, Any] = {}
    if kind == "tax":
        params["victim"] = player_msg(step[1])
    elif kind == "target":
        params["card"] = card_msg(step[1])
    elif kind == "steal":
        params["victim"] = player_msg(step[1])
        params["count"] = step[2]
    elif kind == "mama":
        params["count"] = step[1]
    elif kind == "pay":
        params["building"] = building_msg(state, step[1])
    hand = kind == "refresh"
    return Decision(seat, kind, Msg("havana.prompt." + kind, params), hand, private_options=hand)


def label(state: State, seat: int, code: str) -> Msg:
    head, _, arg = code.partition(":")
    if head in ("pick", "place", "first", "refresh"):
        return _msg("havana.action." + head, card=card_msg(CARD_INDEX[arg]))
    if head in ("end", "skip"):
        return _msg("havana.action." + head)
    if head == "cover":
        p = state.players[seat]
        return _msg(
            "havana.action.cover",
            side=_msg("havana.side." + arg),
            card=card_msg(p.face_up[0 if arg == "left" else 1]),
        )
    if head in ("buy", "demolish"):
        r_name, _, e_name = arg.partition(":")
        row = state.rows[ROWS.index(r_name)]
        b = row[0] if e_name == "left" else row[-1]
        return _msg(
            "havana.action." + head,
            building=building_msg(state, b),
            vp=state.deck[b].vp,
            row=_msg("havana.row." + r_name),
            end=_msg("havana.end_name." + e_name),
        )
    if head == "pay":
        if arg in ("worker", "pesos"):
            return _msg("havana.action.pay_" + arg)
        if arg == "rubble":
            unit_colour = _pay_colour(state)
            return _msg("havana.action.pay_rubble", colour=colour_msg(unit_colour))
        return _msg("havana.action.pay_cube", colour=colour_msg(COLOUR_INDEX[arg]))
    if head == "remove":
        victim = player_msg(state.step[1])
        if arg == "worker":
            return _msg("havana.action.remove_worker", victim=victim)
        return _msg(
            "havana.action.remove_cube", victim=victim, colour=colour_msg(COLOUR_INDEX[arg])
        )
    if head == "target":
        v = int(arg) - 1
        p = state.players[v]
        return _msg("havana.action.target", victim=player_msg(v), pesos=p.pesos, cubes=sum(p.cubes))
    if head == "take":
        return _msg("havana.action.take", colour=colour_msg(COLOUR_INDEX[arg]))
    return _msg("havana.action.unknown", code=code)


def _pay_colour(state: State) -> int:
    from .engine import pay_unit

    return pay_unit(state.deck[state.step[1]].cost, state.step[4])


def why_illegal(state: State, seat: int, code: Any) -> Msg:
    """A sentence for the player saying why `code` cannot be played now."""
    if state.phase == "over":
        return _msg("havana.illegal.over")
    if not isinstance(seat, int) or not 0 <= seat < state.player_count:
        return _msg("havana.illegal.no_seat")
    if seat not in pending_seats(state):
        if state.phase == "pick":
            return _msg("havana.illegal.already_picked")
        return _msg("havana.illegal.not_your_turn", player=player_msg(pending_seats(state)[0]))
    if not isinstance(code, str):
        return _msg("havana.illegal.unknown", code=str(code))
    head, _, arg = code.partition(":")
    decision = _decision(state, seat)
    p = state.players[seat]
    if head in ("pick", "place", "refresh") and decision.kind == head:
        if arg not in CARD_INDEX:
            return _msg("havana.illegal.no_such_card", card=arg)
        if head == "refresh":
            return _msg("havana.illegal.not_in_discard", card=card_msg(CARD_INDEX[arg]))
        return _msg("havana.illegal.not_in_hand", card=card_msg(CARD_INDEX[arg]))
    if head == "buy" and decision.kind == "buy":
        r_name, _, e_name = arg.partition(":")
        if r_name not in ROWS or e_name not in ENDS:
            return _msg("havana.illegal.no_such_end")
        row = state.rows[ROWS.index(r_name)]
        if not row:
            return _msg("havana.illegal.empty_row")
        b = row[0] if e_name == "left" else row[-1]
        if state.deck[b].requires_architect and ARCHITECT not in p.face_up:
            return _msg("havana.illegal.needs_architect", building=building_msg(state, b))
        if not can_buy(state, p, b):
            return _msg("havana.illegal.cannot_afford", building=building_msg(state, b))
    if head == "demolish" and decision.kind == "demolish":
        return _msg("havana.illegal.no_such_end")
    if head == "take" and decision.kind in ("steal", "mama") and arg in COLOUR_INDEX:
        return _msg("havana.illegal.no_cube", colour=colour_msg(COLOUR_INDEX[arg]))
    if head == "target" and decision.kind == "target":
        return _msg("havana.illegal.bad_target")
    if head == "buy" and decision.kind != "buy":
        return _msg("havana.illegal.buy_after_actions")
    return _msg("havana.illegal.not_now", prompt=decision.prompt)


# ---------------------------------------------------------------- views


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


def public_view(state: State, pending: tuple[Decision, ...]) -> PublicView:
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
            buyable_ends=tuple(ENDS[e] for e in row_ends(state.rows[r])),
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
        end_reason=_msg(
            "havana.end." + state.reason,
            target=TARGET_VP[state.player_count],
            rounds=state.options["max_rounds"],
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


# ---------------------------------------------------------------- JSON

# (JSON key, attribute): the stored format keeps its first, shorter keys, in this order.
_PLAYER_INTS = ("pesos", "workers", "vp", "age", "cover")
_PLAYER_LISTS = (
    ("cubes", "cubes"),
    ("buildings", "buildings"),
    ("hand", "hand"),
    ("up", "face_up"),
    ("discard", "discard"),
    ("picks", "unrevealed"),
)
_PLAYER_CARDS = (
    ("hand", "hand"),
    ("up", "face_up"),
    ("discard", "discard"),
    ("picks", "unrevealed"),
)
_STATE_LISTS = ("stack", "box_buildings", "bag", "centre", "box_cubes")
_STATE_INTS = (
    ("n", "player_count"),
    ("rng", "rng"),
    ("centre_pesos", "centre_pesos"),
    ("bank_pesos", "bank_pesos"),
    ("bank_workers", "bank_workers"),
    ("round", "round"),
    ("turn", "turn"),
    ("flags", "flags"),
    ("version", "version"),
)


def to_json(state: State) -> dict:
    return {
        "format": STATE_FORMAT,
        "game": "havana",
        "options": _options_json(state),
        **{key: getattr(state, attribute) for key, attribute in _STATE_INTS},
        **{k: list(getattr(state, k)) for k in _STATE_LISTS},
        "rows": [list(state.rows[0]), list(state.rows[1])],
        "phase": state.phase,
        "order": list(state.order),
        "todo": None if state.cards_to_resolve is None else list(state.cards_to_resolve),
        "sub": None if state.step is None else list(state.step),
        "reason": state.reason,
        "winners": list(state.winners),
        "last": None if state.last is None else list(state.last),
        "players": [
            {
                **{k: getattr(p, k) for k in _PLAYER_INTS},
                **{key: list(getattr(p, attribute)) for key, attribute in _PLAYER_LISTS},
                "played": p.played,
            }
            for p in state.players
        ],
    }


def _options_json(state: State) -> dict:
    """The state's options; the bundled deck by its fingerprint (see `deck.bundled_ref`), any
    other deck card by card."""
    out = {k: v for k, v in state.options.items() if k != "deck"}
    out["deck"] = bundled_ref() if state.deck is bundled() else copy.deepcopy(state.options["deck"])
    return out


def _stored_options(game: Havana, raw: Any) -> dict:
    """The options of a stored state. A deck named by fingerprint must be the bundled one of
    this version; it is not checked card by card again (it was when the game began)."""
    if isinstance(raw, Mapping) and isinstance(raw.get("deck"), str):
        if raw["deck"] != bundled_ref():
            raise StateError(
                f"the state names a deck ({raw['deck'][:20]}...) that is not the bundled deck"
                " of this version"
            )
        try:
            max_rounds, rule, _ = game._plain_options(raw)
        except OptionError as exc:
            raise StateError(f"bad options: {exc}") from None
        return {
            "deck": bundled_option(),
            "deck_source": "bundled",
            "max_rounds": max_rounds,
            "row_end_rule": rule,
        }
    try:
        return game.options(raw)
    except OptionError as exc:
        raise StateError(f"bad options: {exc}") from None


def _int(value: Any, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise StateError(f"bad number {value!r}")
    if high is not None and value > high:
        raise StateError(f"number {value!r} out of range")
    return value


def _ints(value: Any, length: int | None = None, high: int | None = None) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise StateError(f"bad list {value!r}")
    return [_int(v, 0, high) for v in value]


def from_json(game: Havana, data: Mapping[str, Any]) -> State:
    """Rebuild a state; raise `StateError` for anything that cannot be a Havana state."""
    try:
        if not isinstance(data, Mapping):
            raise StateError("not an object")
        if data.get("format") != STATE_FORMAT or data.get("game") != "havana":
            raise StateError("not a Havana state of this format")
        options = _stored_options(game, data["options"])
        state = State.__new__(State)
        state.options = options
        deck = options["deck"]
        state.deck = bundled() if deck is bundled_option() else buildings_of(deck)
        deck_size = len(state.deck)
        for key, attribute in _STATE_INTS:
            setattr(state, attribute, _int(data[key]))
        if not rng.valid(state.rng):
            raise StateError("bad rng")
        if not 2 <= state.player_count <= 4:
            raise StateError("bad player count")
        state.stack = _ints(data["stack"], high=deck_size - 1)
        state.box_buildings = _ints(data["box_buildings"], high=deck_size - 1)
        for k in ("bag", "centre", "box_cubes"):
            setattr(state, k, _ints(data[k], 5))
        rows = data["rows"]
        if not isinstance(rows, list) or len(rows) != 2:
            raise StateError("bad rows")
        state.rows = [_ints(rows[0], high=deck_size - 1), _ints(rows[1], high=deck_size - 1)]
        if data["phase"] not in ("pick", "actions", "place", "over"):
            raise StateError("bad phase")
        state.phase = data["phase"]
        state.order = tuple(_ints(data["order"], state.player_count, state.player_count - 1))
        state.cards_to_resolve = (
            None if data["todo"] is None else tuple(_ints(data["todo"], high=SET_SIZE - 1))
        )
        step = data["sub"]
        if step is not None:
            if not isinstance(step, list) or not step or not isinstance(step[0], str):
                raise StateError("bad step")
            step = (step[0], *_ints(step[1:]))
        state.step = step
        if not isinstance(data["reason"], str):
            raise StateError("bad reason")
        state.reason = data["reason"]
        state.winners = tuple(_ints(data["winners"], high=state.player_count - 1))
        state.last = _last_from_json(
            data.get("last"), state.player_count, deck_size
        )  # absent from older states
        raw_players = data["players"]
        if not isinstance(raw_players, list) or len(raw_players) != state.player_count:
            raise StateError("bad players")
        state.players = []
        for raw in raw_players:
            p = Player.__new__(Player)
            for k in _PLAYER_INTS:
                setattr(p, k, _int(raw[k], -1 if k == "cover" else 0))
            p.cubes = _ints(raw["cubes"], 5)
            p.buildings = _ints(raw["buildings"], high=deck_size - 1)
            for key, attribute in _PLAYER_CARDS:
                setattr(p, attribute, _ints(raw[key], high=SET_SIZE - 1))
            if not isinstance(raw["played"], bool):
                raise StateError("bad played flag")
            p.played = raw["played"]
            if sorted(p.hand + p.face_up + p.discard + p.unrevealed) != list(range(SET_SIZE)):
                raise StateError("a player's cards do not make one set")
            state.players.append(p)
        _check_totals(state)
        return state
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"damaged Havana state: {exc!r}") from None


_KINDS = ("pick", "cover", "place", "first", "buy", "pay", "refresh", "demolish", "tax")
_KINDS += ("target", "steal", "mama")


def _last_from_json(data: Any, n: int, deck_size: int) -> tuple | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 10:
        raise StateError("bad last move")
    seat, kind, action, *rest = data
    if kind not in _KINDS or not isinstance(action, str):
        raise StateError("bad last move")
    highs = (SET_SIZE - 1, deck_size - 1, 1, 1, 1, 3, n - 1)
    numbers = [_int(v, -1, high) for v, high in zip(rest, highs, strict=True)]
    return (_int(seat, 0, n - 1), kind, action, *numbers)


def _check_totals(state: State) -> None:
    cubes = (
        sum(state.bag)
        + sum(state.centre)
        + sum(state.box_cubes)
        + sum(sum(p.cubes) for p in state.players)
    )
    workers = state.bank_workers + sum(p.workers for p in state.players)
    pesos = state.bank_pesos + state.centre_pesos + sum(p.pesos for p in state.players)
    if (cubes, workers, pesos) != (TOTAL_CUBES, TOTAL_WORKERS, TOTAL_PESOS):
        raise StateError("components are not conserved")
    seen = state.stack + state.box_buildings + state.rows[0] + state.rows[1]
    for p in state.players:
        seen += p.buildings
    if sorted(seen) != list(range(len(state.deck))):
        raise StateError("buildings are not all accounted for")


__all__ = ["COLOURS", "Havana"]
