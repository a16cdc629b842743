"""The building deck: loading, validating and the bundled deck.

The rulebook does not print the 36 buildings, so the bundled `buildings.json` is our own deck
(marked `synthetic`). Another deck can be given as the game option `deck`: a path to a JSON file,
the parsed file (a dict with `buildings`) or the list of buildings. A deck needs at least 12
buildings (two rows of 6 to deal) and unique ids; 36 is the size of the printed game.

A building is `{"id": str, "name": str, "vp": int >= 1, "cost": {...}, "requires_architect": bool}`
where `cost` may hold `red`, `yellow`, `brown`, `blue`, `rubble`, `pesos`, `workers` (missing = 0).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from games.core import OptionError
from games.text import Msg

COST_FIELDS = ("red", "yellow", "brown", "blue", "rubble", "pesos", "workers")
MIN_DECK = 12
MAX_DECK = 200


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


def _card_error(index: int, card_id: str, field: str, problem: str) -> OptionError:
    return _error(
        "deck_card",
        index=index,
        id=card_id,
        field=field,
        problem=Msg(f"havana.option.problem.{problem}"),
    )


def parse_deck(raw: Any) -> list[dict]:
    """Validate a deck (path, file dict or list) and return it as a list of normalised dicts.

    Raise `OptionError` naming the card (index and id) and the field at fault.
    """
    if isinstance(raw, (str, Path)):
        path = Path(raw)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            raise _error("deck_unreadable", path=str(raw)) from None
        try:
            raw = json.loads(text)
        except ValueError as exc:
            raise _error("deck_not_json", path=str(raw), detail=str(exc)) from None
    if isinstance(raw, Mapping):
        if "buildings" not in raw:
            raise _error("deck_no_buildings")
        raw = raw["buildings"]
    if not isinstance(raw, list):
        raise _error("deck_not_list")
    if not MIN_DECK <= len(raw) <= MAX_DECK:
        raise _error("deck_size", count=len(raw), low=MIN_DECK, high=MAX_DECK)
    cards: list[dict] = []
    seen: set[str] = set()
    for index, card in enumerate(raw):
        if not isinstance(card, Mapping):
            raise _card_error(index, "?", "card", "not_object")
        card_id = card.get("id")
        if not isinstance(card_id, str) or not card_id.strip():
            raise _card_error(index, "?", "id", "missing" if card_id is None else "not_text")
        if card_id in seen:
            raise _card_error(index, card_id, "id", "duplicate")
        seen.add(card_id)
        name = card.get("name", card_id)
        if not isinstance(name, str) or not name.strip():
            raise _card_error(index, card_id, "name", "not_text")
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
        cards.append(
            {
                "id": card_id,
                "name": name,
                "vp": vp,
                "cost": clean_cost,
                "requires_architect": arch,
            }
        )
    return cards


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
