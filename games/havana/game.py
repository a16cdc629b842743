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


def _m(key: str, **params: Any) -> Msg:
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
                raise OptionError(_m("havana.option.unknown", name=str(key)))
        max_rounds = raw.get("max_rounds", DEFAULT_MAX_ROUNDS)
        if (
            not isinstance(max_rounds, int)
            or isinstance(max_rounds, bool)
            or not (1 <= max_rounds <= 1000)
        ):
            raise OptionError(_m("havana.option.max_rounds", value=str(max_rounds)))
        rule = raw.get("row_end_rule", ROW_RULES[0])
        if rule not in ROW_RULES:
            raise OptionError(_m("havana.option.row_end_rule", value=str(rule)))
        source = raw.get("deck_source", DECK_SOURCES[0])
        if source not in DECK_SOURCES:
            raise OptionError(_m("havana.option.deck_source", value=str(source)))
        return max_rounds, rule, source

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(_m("havana.option.players", count=str(players)))
        opts = self.options(options)
        return new_state(players, seed, opts, buildings_of(opts["deck"]))

    # ------------------------------------------------------------ decisions

    def pending(self, state: State) -> tuple[Decision, ...]:
        return tuple(_decision(state, seat) for seat in pending_seats(state))

    def legal_codes(self, state: State, seat: int) -> list[str]:
        if not 0 <= seat < state.n:
            return []
        return codes_for(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Action(code, label(state, seat, code)) for code in self.legal_codes(state, seat)]

    def apply(self, state: State, seat: int, code: str) -> tuple[State, list]:
        if not isinstance(code, str) or code not in self.legal_codes(state, seat):
            raise IllegalAction(why_illegal(state, seat, code))
        s = state.clone()
        events: list = []
        do_action(s, seat, code, events)
        s.version += 1
        s.last = public_last(state, seat, code, s)
        return s, events

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def version(self, state: State) -> int:
        return state.version

    def result(self, state: State) -> Result | None:
        """Scores are VP. The player who reaches the target wins alone; at a fallback end the
        most VP win and tied players share the win (E23)."""
        if state.phase != "over":
            return None
        reason = _m(
            "havana.end." + state.reason,
            target=TARGET_VP[state.n],
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
        winners = tuple(v for v in range(state.n) if state.players[v].vp == best)
        return _ranked(state, winners, _m("havana.end.ended_early"))

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
            secret_picks=tuple(CARD_IDS[c] for c in p.picks),
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
    ranking = tuple(sorted(range(state.n), key=lambda v: (v not in winners, -scores[v], v)))
    places = [0] * state.n
    for v in range(state.n):
        if v in winners:
            places[v] = 1
        else:
            places[v] = (
                1
                + len(winners)
                + sum(1 for u in range(state.n) if u not in winners and scores[u] > scores[v])
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


def _decision(s: State, seat: int) -> Decision:
    # The options of a pick, a placement and a refreshment are cards of the hand or of the
    # face-down discard pile: hidden, so `private_options`. All other options read the table.
    if s.phase == "pick":
        p = s.players[seat]
        left = 2 - len(p.picks)
        prompt = _m("havana.prompt.pick", count=left)
        return Decision(seat, "pick", prompt, True, private_options=True, repeat=left)
    if s.phase == "place":
        if s.players[seat].cover < 0:
            return Decision(seat, "cover", _m("havana.prompt.cover"))
        return Decision(seat, "place", _m("havana.prompt.place"), True, private_options=True)
    sub = s.sub
    kind = sub[0]
    params: dict[str, Any] = {}
    if kind == "tax":
        params["victim"] = player_msg(sub[1])
    elif kind == "target":
        params["card"] = card_msg(sub[1])
    elif kind == "steal":
        params["victim"] = player_msg(sub[1])
        params["count"] = sub[2]
    elif kind == "mama":
        params["count"] = sub[1]
    elif kind == "pay":
        params["building"] = building_msg(s, sub[1])
    hand = kind == "refresh"
    return Decision(seat, kind, Msg("havana.prompt." + kind, params), hand, private_options=hand)


def label(s: State, seat: int, code: str) -> Msg:
    head, _, arg = code.partition(":")
    if head in ("pick", "place", "first", "refresh"):
        return _m("havana.action." + head, card=card_msg(CARD_INDEX[arg]))
    if head in ("end", "skip"):
        return _m("havana.action." + head)
    if head == "cover":
        p = s.players[seat]
        return _m(
            "havana.action.cover",
            side=_m("havana.side." + arg),
            card=card_msg(p.up[0 if arg == "left" else 1]),
        )
    if head in ("buy", "demolish"):
        r_name, _, e_name = arg.partition(":")
        row = s.rows[ROWS.index(r_name)]
        b = row[0] if e_name == "left" else row[-1]
        return _m(
            "havana.action." + head,
            building=building_msg(s, b),
            vp=s.deck[b].vp,
            row=_m("havana.row." + r_name),
            end=_m("havana.end_name." + e_name),
        )
    if head == "pay":
        if arg in ("worker", "pesos"):
            return _m("havana.action.pay_" + arg)
        if arg == "rubble":
            unit_colour = _pay_colour(s)
            return _m("havana.action.pay_rubble", colour=colour_msg(unit_colour))
        return _m("havana.action.pay_cube", colour=colour_msg(COLOUR_INDEX[arg]))
    if head == "remove":
        victim = player_msg(s.sub[1])
        if arg == "worker":
            return _m("havana.action.remove_worker", victim=victim)
        return _m("havana.action.remove_cube", victim=victim, colour=colour_msg(COLOUR_INDEX[arg]))
    if head == "target":
        v = int(arg) - 1
        p = s.players[v]
        return _m("havana.action.target", victim=player_msg(v), pesos=p.pesos, cubes=sum(p.cubes))
    if head == "take":
        return _m("havana.action.take", colour=colour_msg(COLOUR_INDEX[arg]))
    return _m("havana.action.unknown", code=code)


def _pay_colour(s: State) -> int:
    from .engine import pay_unit

    return pay_unit(s.deck[s.sub[1]].cost, s.sub[4])


def why_illegal(s: State, seat: int, code: Any) -> Msg:
    """A sentence for the player saying why `code` cannot be played now."""
    if s.phase == "over":
        return _m("havana.illegal.over")
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        return _m("havana.illegal.no_seat")
    if seat not in pending_seats(s):
        if s.phase == "pick":
            return _m("havana.illegal.already_picked")
        return _m("havana.illegal.not_your_turn", player=player_msg(pending_seats(s)[0]))
    if not isinstance(code, str):
        return _m("havana.illegal.unknown", code=str(code))
    head, _, arg = code.partition(":")
    decision = _decision(s, seat)
    p = s.players[seat]
    if head in ("pick", "place", "refresh") and decision.kind == head:
        if arg not in CARD_INDEX:
            return _m("havana.illegal.no_such_card", card=arg)
        if head == "refresh":
            return _m("havana.illegal.not_in_discard", card=card_msg(CARD_INDEX[arg]))
        return _m("havana.illegal.not_in_hand", card=card_msg(CARD_INDEX[arg]))
    if head == "buy" and decision.kind == "buy":
        r_name, _, e_name = arg.partition(":")
        if r_name not in ROWS or e_name not in ENDS:
            return _m("havana.illegal.no_such_end")
        row = s.rows[ROWS.index(r_name)]
        if not row:
            return _m("havana.illegal.empty_row")
        b = row[0] if e_name == "left" else row[-1]
        if s.deck[b].requires_architect and ARCHITECT not in p.up:
            return _m("havana.illegal.needs_architect", building=building_msg(s, b))
        if not can_buy(s, p, b):
            return _m("havana.illegal.cannot_afford", building=building_msg(s, b))
    if head == "demolish" and decision.kind == "demolish":
        return _m("havana.illegal.no_such_end")
    if head == "take" and decision.kind in ("steal", "mama") and arg in COLOUR_INDEX:
        return _m("havana.illegal.no_cube", colour=colour_msg(COLOUR_INDEX[arg]))
    if head == "target" and decision.kind == "target":
        return _m("havana.illegal.bad_target")
    if head == "buy" and decision.kind != "buy":
        return _m("havana.illegal.buy_after_actions")
    return _m("havana.illegal.not_now", prompt=decision.prompt)


# ---------------------------------------------------------------- views


def _cubes(c: list[int]) -> Cubes:
    return Cubes(c[0], c[1], c[2], c[3], c[4])


def _building_view(s: State, b: int) -> BuildingView:
    building = s.deck[b]
    c = building.cost
    return BuildingView(
        id=building.id,
        name=building_msg(s, b),
        vp=building.vp,
        cost=Cost(Cubes(c[0], c[1], c[2], c[3], c[4]), c[5], c[6], building.requires_architect),
    )


def public_view(s: State, pending: tuple[Decision, ...]) -> PublicView:
    players = []
    for seat, p in enumerate(s.players):
        number = number_of(p.up) if p.up else None
        players.append(
            PlayerPublic(
                seat=seat,
                face_up=tuple(CARD_IDS[c] for c in p.up),
                number=number,
                number_text=f"{number:02d}" if number is not None else "",
                picked=len(p.picks) if s.phase == "pick" else 0,
                covering=("left", "right")[p.cover] if p.cover >= 0 else None,
                placed=s.phase == "place" and bool(p.picks),
                cubes=_cubes(p.cubes),
                workers=p.workers,
                pesos=p.pesos,
                buildings=tuple(_building_view(s, b) for b in p.buildings),
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
            buildings=tuple(_building_view(s, b) for b in s.rows[r]),
            buyable_ends=tuple(ENDS[e] for e in row_ends(s.rows[r])),
        )
        for r in (0, 1)
    )
    return PublicView(
        players_count=s.n,
        target_vp=TARGET_VP[s.n],
        round=s.round,
        max_rounds=s.options["max_rounds"],
        phase=s.phase,
        rows=rows,  # type: ignore[arg-type]
        centre=Pool(s.centre_pesos, _cubes(s.centre)),
        bank_pesos=s.bank_pesos,
        bank_workers=s.bank_workers,
        bag_count=sum(s.bag),
        deck_count=len(s.stack),
        box_cubes=_cubes(s.box_cubes),
        box_buildings=len(s.box_buildings),
        turn_order=s.order if s.phase in ("actions", "place") else (),
        active_seat=s.order[s.turn] if s.phase == "actions" else None,
        demolition_used=bool(s.flags & DEMOLISHED),
        workers_first_used=bool(s.flags & FIRST_WORKERS),
        black_market_first_used=bool(s.flags & FIRST_BLACK_MARKET),
        players=tuple(players),
        pending=tuple(PendingView(d.seat, d.kind, d.prompt, d.secret) for d in pending),
        game_over=s.phase == "over",
        winners=s.winners,
        end_reason=_m(
            "havana.end." + s.reason, target=TARGET_VP[s.n], rounds=s.options["max_rounds"]
        )
        if s.reason
        else None,
        synthetic_deck=s.deck is bundled(),
        last_move=_last_move(s),
    )


def _last_move(s: State) -> LastMove | None:
    if s.last is None:
        return None
    seat, kind, action, card, b, row, end, bought, changed, victim = s.last
    return LastMove(
        seat=seat,
        kind=kind,
        action=action,
        card=None if card < 0 else CARD_IDS[card],
        building=None if b < 0 else _building_view(s, b),
        row=None if row < 0 else ROWS[row],
        end=None if end < 0 else ENDS[end],
        bought=bool(bought),
        rows_changed=tuple(ROWS[r] for r in (0, 1) if changed >> r & 1),
        victim=None if victim < 0 else victim,
    )


# ---------------------------------------------------------------- JSON

_PLAYER_INTS = ("pesos", "workers", "vp", "age", "cover")
_PLAYER_LISTS = ("cubes", "buildings", "hand", "up", "discard", "picks")
_STATE_LISTS = ("stack", "box_buildings", "bag", "centre", "box_cubes")
_STATE_INTS = (
    "n",
    "rng",
    "centre_pesos",
    "bank_pesos",
    "bank_workers",
    "round",
    "turn",
    "flags",
    "version",
)


def to_json(s: State) -> dict:
    return {
        "format": STATE_FORMAT,
        "game": "havana",
        "options": _options_json(s),
        **{k: getattr(s, k) for k in _STATE_INTS},
        **{k: list(getattr(s, k)) for k in _STATE_LISTS},
        "rows": [list(s.rows[0]), list(s.rows[1])],
        "phase": s.phase,
        "order": list(s.order),
        "todo": None if s.todo is None else list(s.todo),
        "sub": None if s.sub is None else list(s.sub),
        "reason": s.reason,
        "winners": list(s.winners),
        "last": None if s.last is None else list(s.last),
        "players": [
            {
                **{k: getattr(p, k) for k in _PLAYER_INTS},
                **{k: list(getattr(p, k)) for k in _PLAYER_LISTS},
                "played": p.played,
            }
            for p in s.players
        ],
    }


def _options_json(s: State) -> dict:
    """The state's options; the bundled deck by its fingerprint (see `deck.bundled_ref`), any
    other deck card by card."""
    out = {k: v for k, v in s.options.items() if k != "deck"}
    out["deck"] = bundled_ref() if s.deck is bundled() else copy.deepcopy(s.options["deck"])
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
        s = State.__new__(State)
        s.options = options
        deck = options["deck"]
        s.deck = bundled() if deck is bundled_option() else buildings_of(deck)
        nb = len(s.deck)
        for k in _STATE_INTS:
            setattr(s, k, _int(data[k], -1 if k == "cover" else 0))
        if not rng.valid(s.rng):
            raise StateError("bad rng")
        if not 2 <= s.n <= 4:
            raise StateError("bad player count")
        s.stack = _ints(data["stack"], high=nb - 1)
        s.box_buildings = _ints(data["box_buildings"], high=nb - 1)
        for k in ("bag", "centre", "box_cubes"):
            setattr(s, k, _ints(data[k], 5))
        rows = data["rows"]
        if not isinstance(rows, list) or len(rows) != 2:
            raise StateError("bad rows")
        s.rows = [_ints(rows[0], high=nb - 1), _ints(rows[1], high=nb - 1)]
        if data["phase"] not in ("pick", "actions", "place", "over"):
            raise StateError("bad phase")
        s.phase = data["phase"]
        s.order = tuple(_ints(data["order"], s.n, s.n - 1))
        s.todo = None if data["todo"] is None else tuple(_ints(data["todo"], high=SET_SIZE - 1))
        sub = data["sub"]
        if sub is not None:
            if not isinstance(sub, list) or not sub or not isinstance(sub[0], str):
                raise StateError("bad step")
            sub = (sub[0], *_ints(sub[1:]))
        s.sub = sub
        if not isinstance(data["reason"], str):
            raise StateError("bad reason")
        s.reason = data["reason"]
        s.winners = tuple(_ints(data["winners"], high=s.n - 1))
        s.last = _last_from_json(data.get("last"), s.n, nb)  # absent from older states
        raw_players = data["players"]
        if not isinstance(raw_players, list) or len(raw_players) != s.n:
            raise StateError("bad players")
        s.players = []
        for raw in raw_players:
            p = Player.__new__(Player)
            for k in _PLAYER_INTS:
                setattr(p, k, _int(raw[k], -1 if k == "cover" else 0))
            p.cubes = _ints(raw["cubes"], 5)
            p.buildings = _ints(raw["buildings"], high=nb - 1)
            for k in ("hand", "up", "discard", "picks"):
                setattr(p, k, _ints(raw[k], high=SET_SIZE - 1))
            if not isinstance(raw["played"], bool):
                raise StateError("bad played flag")
            p.played = raw["played"]
            if sorted(p.hand + p.up + p.discard + p.picks) != list(range(SET_SIZE)):
                raise StateError("a player's cards do not make one set")
            s.players.append(p)
        _check_totals(s)
        return s
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"damaged Havana state: {exc!r}") from None


_KINDS = ("pick", "cover", "place", "first", "buy", "pay", "refresh", "demolish", "tax")
_KINDS += ("target", "steal", "mama")


def _last_from_json(data: Any, n: int, nb: int) -> tuple | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 10:
        raise StateError("bad last move")
    seat, kind, action, *rest = data
    if kind not in _KINDS or not isinstance(action, str):
        raise StateError("bad last move")
    highs = (SET_SIZE - 1, nb - 1, 1, 1, 1, 3, n - 1)
    numbers = [_int(v, -1, high) for v, high in zip(rest, highs, strict=True)]
    return (_int(seat, 0, n - 1), kind, action, *numbers)


def _check_totals(s: State) -> None:
    cubes = sum(s.bag) + sum(s.centre) + sum(s.box_cubes) + sum(sum(p.cubes) for p in s.players)
    workers = s.bank_workers + sum(p.workers for p in s.players)
    pesos = s.bank_pesos + s.centre_pesos + sum(p.pesos for p in s.players)
    if (cubes, workers, pesos) != (TOTAL_CUBES, TOTAL_WORKERS, TOTAL_PESOS):
        raise StateError("components are not conserved")
    seen = s.stack + s.box_buildings + s.rows[0] + s.rows[1]
    for p in s.players:
        seen += p.buildings
    if sorted(seen) != list(range(len(s.deck))):
        raise StateError("buildings are not all accounted for")


__all__ = ["COLOURS", "Havana"]
