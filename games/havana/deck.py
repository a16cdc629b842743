"""The building deck: loading, validating and the bundled deck.

The rulebook does not print the 36 buildings, so the bundled `buildings.json` is our own deck
(marked `synthetic`). Another deck can be given as the game option `deck`: a path to a JSON file,
the parsed file (a dict with `buildings`) or the list of buildings. A deck needs at least 12
buildings (two rows of 6 to deal) and unique ids; 36 is the size of the printed game.

A building is `{"id": str, "name": str, "vp": int >= 1, "cost": {...}, "requires_architect": bool}`
where `cost` may hold `red`, `yellow`, `brown`, `blue`, `rubble`, `pesos`, `workers` (missing = 0).

Deck files come from players, so every text has a limit: an id is 1 to 32 letters, digits, `_`
or `-` (ids may become part of action codes, which Discord carries in custom ids of at most 100
characters), a name 1 to 40 printable characters (it must fit on a card), the file's optional
`note` at most 1,000; the file itself at most 256 KB and nested at most 32 levels.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from games import jsonin
from games.core import OptionError
from games.text import Msg

COST_FIELDS = ("red", "yellow", "brown", "blue", "rubble", "pesos", "workers")
MIN_DECK = 12
MAX_DECK = 200
MAX_FILE_BYTES = 256 * 1024
MAX_ID = 32
MAX_NAME = 40
MAX_NOTE = 1000
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]+")
# Control, format (invisible, bidi overrides), surrogate and private-use characters.
_UNPRINTABLE = frozenset(("Cc", "Cf", "Cs", "Co"))


class Building(NamedTuple):
    id: str
    name: str
    vp: int
    cost: tuple[
        int, int, int, int, int, int, int
    ]  # red, yellow, brown, blue, rubble, pesos, workers
    requires_architect: bool


def _error(key: str, **params: Any) -> OptionError:
    return OptionError(Msg(f"havana.option.{key}", params))


def _card_error(index: int, card_id: str, field: str, problem: str, **params: Any) -> OptionError:
    return _error(
        "deck_card",
        index=index + 1,  # as a person counts the file's buildings: the first is #1
        id=card_id,
        field=field,
        problem=Msg(f"havana.option.problem.{problem}", params),
    )


def _printable(text: str) -> bool:
    return not any(unicodedata.category(ch) in _UNPRINTABLE for ch in text)


def _shown(card_id: str) -> str:
    """A refused id as it may appear in a message: short and printable."""
    clipped = "".join(ch if _printable(ch) else "?" for ch in card_id[:MAX_ID])
    return clipped + ("…" if len(card_id) > MAX_ID else "")


def _text_problem(value: Any, limit: int) -> tuple[str, dict]:
    """Why `value` is not a usable text of at most `limit` characters ("" if it is)."""
    if not isinstance(value, str) or not value.strip():
        return "not_text", {}
    if len(value) > limit:
        return "too_long", {"limit": limit, "length": len(value)}
    if not _printable(value):
        return "unprintable", {}
    return "", {}


def _read_file(raw: str | Path) -> Any:
    try:
        return jsonin.load_file(Path(raw), max_bytes=MAX_FILE_BYTES)
    except OSError:
        raise _error("deck_unreadable", path=str(raw)) from None
    except jsonin.JSONInputError as exc:
        if exc.key == "syntax":
            raise _error(
                "deck_not_json", path=str(raw), detail=exc.reason.params["detail"]
            ) from None
        raise _error("deck_refused", path=str(raw), reason=exc.reason) from None


def parse_deck(raw: Any) -> list[dict]:
    """Validate a deck (path, file dict or list) and return it as a list of normalised dicts.

    Raise `OptionError` naming the card (index and id) and the field at fault.
    """
    if isinstance(raw, (str, Path)):
        raw = _read_file(raw)
    if isinstance(raw, Mapping):
        if "buildings" not in raw:
            raise _error("deck_no_buildings")
        if "note" in raw:
            problem, params = _text_problem(raw["note"], MAX_NOTE)
            if problem:
                raise _error(
                    "deck_field",
                    field="note",
                    problem=Msg(f"havana.option.problem.{problem}", params),
                )
        raw = raw["buildings"]
    if not isinstance(raw, list):
        raise _error("deck_not_list")
    if not MIN_DECK <= len(raw) <= MAX_DECK:
        raise _error("deck_size", count=len(raw), low=MIN_DECK, high=MAX_DECK)
    seen: set[str] = set()
    return [_card(index, card, seen) for index, card in enumerate(raw)]


def _card(index: int, card: Any, seen: set[str]) -> dict:
    """One card of a deck, validated and normalised; its id is added to `seen`."""
    if not isinstance(card, Mapping):
        raise _card_error(index, "?", "card", "not_object")
    card_id = card.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise _card_error(index, "?", "id", "missing" if card_id is None else "not_text")
    if len(card_id) > MAX_ID:
        raise _card_error(
            index, _shown(card_id), "id", "too_long", limit=MAX_ID, length=len(card_id)
        )
    if not ID_PATTERN.fullmatch(card_id):
        raise _card_error(index, _shown(card_id), "id", "bad_id", limit=MAX_ID)
    if card_id in seen:
        raise _card_error(index, card_id, "id", "duplicate")
    seen.add(card_id)
    name = card.get("name", card_id)
    problem, params = _text_problem(name, MAX_NAME)
    if problem:
        raise _card_error(index, card_id, "name", problem, **params)
    if "vp" not in card:
        raise _card_error(index, card_id, "vp", "missing")
    vp = card["vp"]
    if not isinstance(vp, int) or isinstance(vp, bool):
        raise _card_error(index, card_id, "vp", "not_integer")
    if vp < 1:
        raise _card_error(index, card_id, "vp", "not_positive")
    cost = card.get("cost")
    if not isinstance(cost, Mapping):
        raise _card_error(index, card_id, "cost", "missing" if cost is None else "not_object")
    for key in cost:
        if key not in COST_FIELDS:
            raise _card_error(index, card_id, f"cost.{key}", "unknown_field")
    clean_cost = {}
    for key in COST_FIELDS:
        value = cost.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _card_error(index, card_id, f"cost.{key}", "not_integer")
        if value < 0:
            raise _card_error(index, card_id, f"cost.{key}", "negative")
        if value > 50:
            raise _card_error(index, card_id, f"cost.{key}", "too_large")
        clean_cost[key] = value
    if not any(clean_cost.values()):
        raise _card_error(index, card_id, "cost", "empty")
    arch = card.get("requires_architect", False)
    if not isinstance(arch, bool):
        raise _card_error(index, card_id, "requires_architect", "not_boolean")
    return {
        "id": card_id,
        "name": name,
        "vp": vp,
        "cost": clean_cost,
        "requires_architect": arch,
    }


def to_buildings(cards: list[dict]) -> tuple[Building, ...]:
    return tuple(
        Building(
            c["id"],
            c["name"],
            c["vp"],
            tuple(c["cost"][k] for k in COST_FIELDS),  # type: ignore[arg-type]
            c["requires_architect"],
        )
        for c in cards
    )


@lru_cache(maxsize=1)
def bundled_file() -> dict:
    """The bundled deck file, parsed."""
    text = resources.files(__package__).joinpath("buildings.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _bundled_cards() -> tuple[dict, ...]:
    return tuple(parse_deck(bundled_file()))


def bundled_cards() -> list[dict]:
    """The bundled deck as a validated `deck` option: a fresh copy (callers may keep or change
    it) of the parsed file, which is read and checked only once."""
    return [{**c, "cost": dict(c["cost"])} for c in _bundled_cards()]


def is_bundled(cards: list[dict]) -> bool:
    """True when a validated deck is exactly the bundled file's deck."""
    return list(_bundled_cards()) == cards


@lru_cache(maxsize=1)
def bundled() -> tuple[Building, ...]:
    return to_buildings(list(_bundled_cards()))


@lru_cache(maxsize=1)
def bundled_ref() -> str:
    """The bundled deck's fingerprint: a state of a game played with it names the deck by this
    instead of carrying its cards (85% of the state), so a move neither copies nor re-checks
    them. A stored state names one edition of the file: changing the file changes it."""
    canonical = json.dumps(list(_bundled_cards()), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


@lru_cache(maxsize=1)
def bundled_option() -> list[dict]:
    """The bundled deck as a `deck` option, one list shared by every state read back by
    reference (states never change their options)."""
    return bundled_cards()


_CACHE: dict[str, tuple[Building, ...]] = {}


def buildings_of(deck_option: list[dict] | None) -> tuple[Building, ...]:
    """The buildings of a validated `deck` option, cached by content. The bundled deck always
    gives the same object, `bundled()`; None (stored by early versions) also means it."""
    if deck_option is None or is_bundled(deck_option):
        return bundled()
    key = json.dumps(deck_option, sort_keys=True)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 32:
            _CACHE.clear()
        found = _CACHE[key] = to_buildings(deck_option)
    return found
