"""JSON form of a state (lossless, versioned) and the table options."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games import jsonin, rng
from games.core import OptionError, StateError
from games.text import OR, Msg, joined

from . import data as D
from .state import (
    CASINO_INSERTED_AT,
    FIELDS,
    OVER,
    PHASE_NAMES,
    VP_EARLIER,
    VP_SOURCE_COUNT,
    VP_SOURCES_BEFORE_CASINO,
    State,
)

FORMAT = 1
# A colour file maps 11 citizens to colour names: a few hundred bytes.
COLOURS_FILE_BYTES = 64 * 1024

BOOL_OPTIONS = {
    "open_holdings": False,  # True: every seat's pesos, VP and goods are public (Yucata style)
    "partial_supply_grants": True,  # E1 / C6: take what the supply has left
    "reroll_empty_demand": False,  # E10: a demand of four zeros departs (False) or is rerolled
    "owner_vp_only_when_moved": False,  # E12: owner VP at every turn end (False) or after a move
    "owner_vp_at_game_end": False,  # E24: owner VP in the turn the 7th ship departs
    "pablo_allows_wood": False,  # C3: Pablo gives no wood
}


def options(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate and complete the table options; raise OptionError naming the bad one."""
    raw = dict(raw or {})
    out: dict[str, Any] = {}
    for name, default in BOOL_OPTIONS.items():
        value = raw.pop(name, default)
        if not isinstance(value, bool):
            raise OptionError(Msg("santiago.option.bool", {"name": name}))
        out[name] = value
    distance = raw.pop("max_distance", 10)
    if isinstance(distance, bool) or not isinstance(distance, int) or not 1 <= distance <= 24:
        raise OptionError(Msg("santiago.option.distance", {}))
    out["max_distance"] = distance
    out["citizen_colours"] = _colours(raw.pop("citizen_colours", None))
    # Set (by the database migration only) on games stored under the first version's rules, so
    # their logs keep replaying: single options taken even when only a screen shows they are the
    # only ones, El Zorro compulsory. New games never carry it.
    first_rules = raw.pop("first_rules", False)
    if not isinstance(first_rules, bool):
        raise OptionError(Msg("santiago.option.bool", {"name": "first_rules"}))
    if first_rules:
        out["first_rules"] = True
    if raw:
        raise OptionError(Msg("santiago.option.unknown", {"name": sorted(raw)[0]}))
    return out


def _colour_error(reason: str | Msg, **params: Any) -> OptionError:
    """The option refused, with why: a `Msg`, or the key of one of ours (`not_mapping`)."""
    if isinstance(reason, str):
        reason = Msg(f"santiago.option.colours.{reason}", params)
    return OptionError(Msg("santiago.option.colours", {"reason": reason}))


def _colours(value: Any) -> dict[str, str | None]:
    """The citizen -> flower colour map: the documented default, overridden by a mapping or a
    JSON file holding one."""
    if value is None:
        return dict(D.DEFAULT_CITIZEN_COLOURS)
    if isinstance(value, str):
        try:
            value = jsonin.load_file(Path(value), max_bytes=COLOURS_FILE_BYTES)
        except OSError:
            raise _colour_error("unreadable") from None
        except jsonin.JSONInputError as exc:
            raise _colour_error(exc.reason) from None
    if not isinstance(value, Mapping):
        raise _colour_error("not_mapping")
    colours = dict(D.DEFAULT_CITIZEN_COLOURS)
    for cit, colour in value.items():
        if cit not in D.CITIZEN_INDEX:
            raise _colour_error("unknown_citizen", name=str(cit))
        if cit == "el_zorro":
            if colour is not None:
                raise _colour_error("el_zorro")
            continue
        if not isinstance(colour, str) or colour not in D.COLOUR_INDEX:
            # the file takes the codes, whatever the reader's language: named as written
            codes = joined([f"`{c}`" for c in D.COLOURS], *OR)
            shown = json.dumps(colour, ensure_ascii=False)[:40]  # as the file wrote it
            raise _colour_error("not_colour", value=shown.strip('"'), colours=codes)
        colours[cit] = colour
    return colours


def to_json(state: State) -> dict:
    return {
        "game": "santiago",
        "format": FORMAT,
        "players": state.player_count,
        "options": {**state.options, "citizen_colours": dict(state.options["citizen_colours"])},
        "rng": str(state.rng),
        "road": list(state.road),
        "inactive": state.inactive,
        "car": state.car,
        "buildings": list(state.buildings),
        "owner": list(state.owner),
        "pawn": list(state.pawn),
        "pesos": list(state.pesos),
        "vp": list(state.vp),
        "goods": list(state.goods),
        "supply": list(state.supply),
        "dice_goods": list(state.dice_goods),
        "dice_values": list(state.dice_values),
        "aside": None if state.aside is None else list(state.aside),
        "price": state.price,
        "ships": state.ships,
        "start": state.start,
        "active": state.active,
        "phase": PHASE_NAMES[state.phase],
        "phase_data": list(state.phase_data),
        "rolled": list(state.rolled),
        "passed": state.passed,
        "departed": state.departed,
        "moved": state.moved,
        "version": state.version,
        "vp_sources": list(state.vp_sources),
        "last": _last_to_json(state.last),
        "trip": None if state.trip is None else list(state.trip),
    }


def _last_to_json(last: tuple | None) -> dict | None:
    if last is None:
        return None
    seat, phase, code, citizen, space = last
    return {
        "seat": seat,
        "phase": PHASE_NAMES[phase],
        "code": code,
        "citizen": citizen,
        "space": space,
    }


def _last_from_json(data: Any, n: int) -> tuple | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or not isinstance(data["code"], str):
        raise StateError("bad last action")
    phase = PHASE_NAMES.index(data["phase"])
    if phase == OVER:
        raise StateError("bad last action")
    seat = _ints([data["seat"]], 1, 0, n - 1)[0]
    citizen = _ints([data["citizen"]], 1, -1, 8)[0]
    space = _ints([data["space"]], 1, -1, 11)[0]
    return (seat, phase, data["code"], citizen, space)


def _vp_sources(data: Mapping[str, Any], vp: list[int]) -> list[int]:
    """VP by source. Whatever the other sources do not explain counts as `earlier`: all the VP
    of a state stored before the sources were kept, or VP edited by hand."""
    n = len(vp)
    if "vp_sources" in data and len(data["vp_sources"]) == VP_SOURCES_BEFORE_CASINO * n:
        old = _ints(data["vp_sources"], VP_SOURCES_BEFORE_CASINO * n, -(1 << 62))
        sources = []
        for seat in range(n):
            row = old[seat * VP_SOURCES_BEFORE_CASINO : (seat + 1) * VP_SOURCES_BEFORE_CASINO]
            sources += [*row[:CASINO_INSERTED_AT], 0, *row[CASINO_INSERTED_AT:]]
    elif "vp_sources" in data:
        sources = _ints(data["vp_sources"], VP_SOURCE_COUNT * n, -(1 << 62))
    else:
        sources = [0] * (VP_SOURCE_COUNT * n)
    for seat in range(n):
        row = seat * VP_SOURCE_COUNT
        sources[row + VP_EARLIER] = 0
        sources[row + VP_EARLIER] = vp[seat] - sum(sources[row : row + VP_SOURCE_COUNT])
    return sources


def _ints(value: Any, length: int | None = None, lo: int = -1, hi: int = 1 << 62) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise StateError("bad list")
    for x in value:
        if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
            raise StateError("bad number")
    return list(value)


def from_json(data: Mapping[str, Any]) -> State:
    from .engine import compute_choices

    try:
        if data.get("game") != "santiago" or data.get("format") != FORMAT:
            raise StateError("not a Santiago de Cuba state of a known format")
        state = State.__new__(State)
        n = data["players"]
        if n not in (2, 3, 4):
            raise StateError("bad player count")
        state.player_count = n
        state.options = options(data["options"])
        colours = state.options["citizen_colours"]
        state.citizen_colour = tuple(
            -1 if colours[c] is None else D.COLOUR_INDEX[colours[c]] for c in D.CITIZENS
        )
        state.rng = int(data["rng"])
        if not rng.valid(state.rng):
            raise StateError("bad rng")
        road = _ints(data["road"], 10)
        if road[0] != -1 or sorted(road[1:]) != list(range(9)):
            raise StateError("bad road")
        state.road = tuple(road)
        state.inactive = _ints([data["inactive"]], 1, 0, (1 << 10) - 1)[0]
        state.car = _ints([data["car"]], 1, 0, 9)[0]
        buildings = _ints(data["buildings"], 12)
        if sorted(buildings) != list(range(12)):
            raise StateError("bad buildings")
        state.buildings = tuple(buildings)
        state.owner = _ints(data["owner"], 12, -1, n - 1)
        state.pawn = _ints(data["pawn"], n, -1, 11)
        state.pesos = _ints(data["pesos"], n, 0)
        state.vp = _ints(data["vp"], n, 0)
        state.goods = _ints(data["goods"], 6 * n, 0, 8)
        state.supply = _ints(data["supply"], 6, 0, 8)
        for g in range(6):
            if state.supply[g] + sum(state.goods[seat * 6 + g] for seat in range(n)) != 8:
                raise StateError("goods do not add up to 8 of each")
        state.dice_goods = _ints(data["dice_goods"], None, 0, 4)
        state.dice_values = _ints(data["dice_values"], len(state.dice_goods), 0, 4)
        if len(state.dice_goods) not in (0, 4):
            raise StateError("bad dice")
        aside = data["aside"]
        state.aside = None if aside is None else tuple(_ints(aside, 2, 0, 4))
        state.price = _ints([data["price"]], 1, 2, 4)[0]
        state.ships = _ints([data["ships"]], 1, 0, 7)[0]
        state.start = _ints([data["start"]], 1, 0, n - 1)[0]
        state.active = _ints([data["active"]], 1, 0, n - 1)[0]
        state.phase = PHASE_NAMES.index(data["phase"])
        phase_data = data["phase_data"]
        if not isinstance(phase_data, list):
            raise StateError("bad phase data")
        for x in phase_data:
            if not isinstance(x, int | str):
                raise StateError("bad phase data")
        state.phase_data = tuple(phase_data)
        state.rolled = tuple(_ints(data["rolled"], None, 0, 4))
        state.passed = _ints([data["passed"]], 1, 0, 15)[0]
        state.departed = bool(data["departed"])
        state.moved = bool(data["moved"])
        state.version = _ints([data["version"]], 1, 0)[0]
        # Kept since the score breakdown and the last move: older states have neither.
        state.vp_sources = _vp_sources(data, state.vp)
        state.last = _last_from_json(data.get("last"), n)
        trip = data.get("trip")
        state.trip = None if trip is None else tuple(_ints(trip, 2, 0, 9))
        if (state.phase == OVER) != (state.ships == 7):
            raise StateError("the game ends exactly with the 7th ship")
        state.choices = compute_choices(state)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OptionError) as exc:
        raise StateError(f"damaged Santiago de Cuba state: {exc.__class__.__name__}") from None
    assert set(FIELDS) == {f for f in FIELDS if hasattr(state, f)}
    return state
