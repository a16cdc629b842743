"""Export and import of one game as plain JSON, and the replay that checks it.

An export holds everything needed to rebuild the game: kind, options, seed, seats and the action
log (plus the state and the result, so an import can prove the replay reaches the same place).
Nothing in an export is taken on trust that the log can tell: the state and the result stored
are the replay's, and an export that states another one is refused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import games

from .errors import StorageError
from .results import RESIGNED_NOTE, result_of

EXPORT_FORMAT = "malecon.game.v1"


def named(data: Any) -> str:
    """How a refusal names the exported game: by its id where it had one."""
    return f"game {data.get('id')}" if isinstance(data, dict) and "id" in data else "the game"


def _fail(data: Any, reason: str) -> StorageError:
    return StorageError(f"Cannot import {named(data)}: {reason}.")


def check_import(data: Any) -> None:
    """The shape of an export; `StorageError` saying what is wrong."""
    if not isinstance(data, dict):
        raise _fail(data, "an export is a JSON object")
    if data.get("format") != EXPORT_FORMAT:
        raise _fail(data, f"unknown format {data.get('format')!r}, expected {EXPORT_FORMAT!r}")
    if data.get("kind") not in games.names():
        raise _fail(data, f"unknown game kind {data.get('kind')!r}")
    if data.get("status") not in ("lobby", "active", "finished", "abandoned"):
        raise _fail(data, f"unknown status {data.get('status')!r}")
    for key, kind in (("guild_id", int), ("channel_id", int), ("creator_id", int)):
        if not isinstance(data.get(key), kind):
            raise _fail(data, f"{key} must be an integer")
    if not isinstance(data.get("options"), dict):
        raise _fail(data, "options must be an object")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise _fail(data, "it has no seats")
    for index, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or seat.get("seat") != index
            or not isinstance(seat.get("user_id"), int)
            or not isinstance(seat.get("name"), str)
            or not isinstance(seat.get("controller", "human"), str)
            or not isinstance(seat.get("resigned", False), bool)
        ):
            raise _fail(data, f"seat {index} is malformed")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise _fail(data, "actions must be a list")
    for index, action in enumerate(actions, start=1):
        if (
            not isinstance(action, dict)
            or action.get("seq") != index
            or not isinstance(action.get("seat"), int)
            or not isinstance(action.get("code"), str)
            or not isinstance(action.get("at"), str)
        ):
            raise _fail(data, f"action {index} is malformed or out of sequence")
    seed = data.get("seed")
    if data["status"] == "lobby" or (data["status"] == "abandoned" and seed is None):
        if seed is not None or actions:
            raise _fail(data, "a game that never started has no seed and no actions")
    elif not isinstance(seed, int):
        raise _fail(data, "a started game needs an integer seed")


# A game can be finished before its rules end it: by the table's vote, or a resignation.
EARLY_ENDS = ("ended", "resigned")


def replay_export(data: dict[str, Any]) -> Any:
    """Rebuild the state of a checked export; None for a game that never started.

    Raises `StorageError` when an action is illegal, when the status disagrees with the replay,
    or when the exported state differs from the rebuilt one.
    """
    if data["seed"] is None:
        return None
    engine = games.get(data["kind"])
    try:
        record = games.Replay(
            data["kind"],
            len(data["seats"]),
            data["seed"],
            data["options"],
            [(a["seat"], a["code"]) for a in data["actions"]],
        )
        state = games.History.of(record).state  # undo entries included
    except Exception as exc:  # noqa: BLE001 - any failure means the log does not replay
        raise _fail(data, f"its log does not replay ({type(exc).__name__}: {exc})") from exc
    over = engine.is_over(state)
    ended_early = (data.get("result") or {}).get("how") in EARLY_ENDS
    if data["status"] == "finished" and not over and not ended_early:
        raise _fail(data, "it is marked finished but its replay is not over")
    if data["status"] == "active" and over:
        raise _fail(data, "it is marked active but its replay is over")
    replayed = canonical(engine.to_json(state))
    if data.get("state") is not None and as_written_now(engine, data["state"], replayed) != (
        replayed
    ):
        raise _fail(data, "its state differs from the replay of its log")
    return state


# How a game ended, and the status it leaves the game in.
ENDINGS = {
    "finished": "finished",
    "ended": "finished",
    "resigned": "finished",
    "abandoned": "abandoned",
}
# What the history and the ratings take from a result: they must be the replay's.
COMPARED = ("scores", "winners", "places", "ranking")


def rebuild_result(data: dict[str, Any], state: Any) -> tuple[str, games.Result] | None:
    """How a replayed export ended and its result rebuilt from the replay; None when it states
    none. `StorageError` when the result it states differs from the rebuilt one.

    The log does not hold who resigned, nor which player the table ended the game without: the
    seats' `resigned` flags say the first (an older export's result names them in its note), and
    the second is the one seat, if any, whose place last makes the stated result the replay's.
    """
    ended = data.get("result")
    if ended is None:
        return None
    if (
        not isinstance(ended, dict)
        or ended.get("how") not in ENDINGS
        or not isinstance(ended.get("result"), dict)
    ):
        raise _fail(data, "its result is malformed")
    how, stated = ended["how"], ended["result"]
    if state is None:
        raise _fail(data, "it never started but states a result")
    if data["status"] != ENDINGS[how]:
        raise _fail(data, f"it is marked {data['status']} but its result says it was {how}")
    seats = len(data["seats"])
    resigned = _resigned(data, stated)
    if how == "resigned" and len(resigned) < seats - 1:
        raise _fail(data, "its result says it ended by resignation but nobody resigned")
    lasts: list[tuple[int, ...]] = [()]
    if how == "ended" and not games.get(data["kind"]).is_over(state):
        lasts += [(seat,) for seat in range(seats) if seat not in resigned]
    rebuilt = [
        result_of(data["kind"], state, resigned=resigned, last=last, abandoned=how == "abandoned")
        for last in lasts
    ]
    for result in rebuilt:
        if all(canonical(stated.get(k)) == canonical(getattr(result, k)) for k in COMPARED):
            return how, result
    key = next(k for k in COMPARED if canonical(stated.get(k)) != canonical(getattr(rebuilt[0], k)))
    raise _fail(
        data,
        f"its result gives {key} {json.dumps(stated.get(key))} but the replay of its log gives"
        f" {json.dumps(canonical(getattr(rebuilt[0], key)))}",
    )


def _resigned(data: dict[str, Any], stated: dict[str, Any]) -> tuple[int, ...]:
    seats = data["seats"]
    if any("resigned" in seat for seat in seats):
        return tuple(seat["seat"] for seat in seats if seat.get("resigned"))
    # An export written before seats carried the flag: the result's note names who resigned.
    for note in stated.get("notes") or ():
        try:
            said = games.Msg.from_json(note)
            if said.key != RESIGNED_NOTE:
                continue
            named = [p.params["seat"] for p in said.params["who"].params.values()]
        except (KeyError, TypeError, AttributeError, ValueError):
            continue
        if all(type(s) is int and 0 <= s < len(seats) for s in named):
            return tuple(sorted(set(named)))
    return ()


@dataclass(frozen=True)
class CheckedExport:
    """An export that replays, with the state and the ending the replay gives it."""

    data: dict[str, Any]
    state: Any
    ending: tuple[str, games.Result] | None


def check_export(data: Any) -> CheckedExport:
    """Check an export's shape, replay its log and rebuild its result; `StorageError` naming
    the game and what is wrong. Pure: nothing is opened or written."""
    check_import(data)
    state = replay_export(data)
    return CheckedExport(data, state, rebuild_result(data, state))


def canonical(data: Any) -> Any:
    """JSON data as it reads back (tuples become lists), for comparisons."""
    return json.loads(json.dumps(data))


def as_written_now(engine: Any, stored: Any, replayed: Any = None) -> Any:
    """A stored state's JSON with its deck in the form this version writes: a Havana state of
    an earlier version carries its whole deck where a state now names the bundled deck by its
    fingerprint. Only the deck is taken from the state read back and written again; every
    other field stays as stored, so a changed or added one is still found. A state that cannot
    be read back is returned as it is, so it differs and is reported. With the `replayed`
    state's JSON, the bookkeeping an earlier version wrote in another form (the game names it)
    is taken from the replay."""
    data = canonical(stored)
    written_then = getattr(engine, "bookkeeping_written_then", None)
    if replayed is not None and written_then is not None and isinstance(data, dict):
        for field in written_then(data):
            if field in replayed:
                data[field] = replayed[field]
    try:
        written = canonical(engine.to_json(engine.from_json(data)))
    except Exception:  # noqa: BLE001 - a damaged state is compared (and reported) as it is
        return data
    options, now = data.get("options"), written.get("options")
    if isinstance(options, dict) and isinstance(now, dict) and "deck" in options and "deck" in now:
        data["options"] = {**options, "deck": now["deck"]}
    return data


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """The path of the first place where two JSON values differ, or None if equal."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}[len {len(a)} != {len(b)}]"
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if a == b else path
