"""JSON form of a Havana state (lossless, versioned) and the table options."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games import rng
from games.core import STATE_FORMAT, OptionError, StateError
from games.text import Msg

from .cards import SET_SIZE, TOTAL_CUBES, TOTAL_PESOS, TOTAL_WORKERS
from .deck import (
    buildings_of,
    bundled,
    bundled_cards,
    bundled_option,
    bundled_ref,
    is_bundled,
    parse_deck,
)
from .state import Player, State

DEFAULT_MAX_ROUNDS = 60
ROW_RULES = ("any_end", "both_ends_of_a_row")
OPTION_NAMES = ("deck", "deck_source", "max_rounds", "row_end_rule")
DECK_SOURCES = ("bundled", "custom")


def _msg(key: str, **params: Any) -> Msg:
    """A text of the catalogues by its full key, with its parameters."""
    return Msg(key, params)


def options(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """`max_rounds` (fallback end, default 60), `row_end_rule` (E1 reading) and `deck`
    (absent or None = the bundled deck; a path, a parsed deck file or a list of buildings).

    The result always holds the whole validated deck, the bundled one included, so the
    stored options alone rebuild a game exactly even if a deck file changes later.
    `deck_source` says whether that deck is the bundled one ("bundled") or not ("custom");
    it is derived from the deck, so a given value is only checked."""
    raw = dict(raw or {})
    max_rounds, rule, source = _plain_options(raw)
    deck = raw.get("deck")
    if deck is None:
        deck, source = bundled_cards(), "bundled"
    else:
        deck = parse_deck(deck)
        source = "bundled" if is_bundled(deck) else "custom"
    return {"deck": deck, "deck_source": source, "max_rounds": max_rounds, "row_end_rule": rule}


def _plain_options(raw: Mapping[str, Any]) -> tuple[int, str, str]:
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


def _stored_options(raw: Any) -> dict:
    """The options of a stored state. A deck named by fingerprint must be the bundled one of
    this version; it is not checked card by card again (it was when the game began)."""
    if isinstance(raw, Mapping) and isinstance(raw.get("deck"), str):
        if raw["deck"] != bundled_ref():
            raise StateError(
                f"the state names a deck ({raw['deck'][:20]}...) that is not the bundled deck"
                " of this version"
            )
        try:
            max_rounds, rule, _ = _plain_options(raw)
        except OptionError as exc:
            raise StateError(f"bad options: {exc}") from None
        return {
            "deck": bundled_option(),
            "deck_source": "bundled",
            "max_rounds": max_rounds,
            "row_end_rule": rule,
        }
    try:
        return options(raw)
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


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state; raise `StateError` for anything that cannot be a Havana state."""
    try:
        if not isinstance(data, Mapping):
            raise StateError("not an object")
        if data.get("format") != STATE_FORMAT or data.get("game") != "havana":
            raise StateError("not a Havana state of this format")
        opts = _stored_options(data["options"])
        state = State.__new__(State)
        state.options = opts
        deck = opts["deck"]
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
