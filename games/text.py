"""Translatable messages.

The rules never build finished sentences: they return a `Msg` (a catalogue key and its
parameters). The English catalogue lives beside each game and is registered here, so the
bot can look every text up by locale while the simulator and tests read plain English
through `str(msg)`.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# key -> English template. Each game module registers its own entries at import time.
ENGLISH: dict[str, str] = {}

_FORMATTER = string.Formatter()


def register(catalogue: Mapping[str, str]) -> None:
    """Add English templates; a key registered twice with different text is a bug."""
    for key, text in catalogue.items():
        old = ENGLISH.get(key)
        if old is not None and old != text:
            raise ValueError(f"message key {key!r} registered twice with different text")
        ENGLISH[key] = text


@dataclass(frozen=True, slots=True)
class Msg:
    """A message to show a person: a catalogue key plus parameters.

    Parameter values are ints, strings or nested `Msg` (for game terms such as a good's name,
    which must be translated too).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def to_json(self) -> dict:
        return {"key": self.key, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: Mapping) -> Msg:
        return Msg(data["key"], {k: _param_from_json(v) for k, v in data["params"].items()})


def msg(key: str, **params: Any) -> Msg:
    return Msg(key, params)


# A reference to a seat inside a message. Without names it reads "Player 2"; the bot passes
# the seats' display names to `render` so that it reads "Anna".
PLAYER_KEY = "player"
ENGLISH[PLAYER_KEY] = "Player {number}"


def player(seat: int) -> Msg:
    return Msg(PLAYER_KEY, {"seat": seat, "number": seat + 1})


ENGLISH.update(
    {
        "players.1": "{p0}",
        "players.2": "{p0} and {p1}",
        "players.3": "{p0}, {p1} and {p2}",
        "players.4": "{p0}, {p1}, {p2} and {p3}",
    }
)


def players(seats: Sequence[int]) -> Msg:
    """Several seats in one phrase ("Anna and Ben"), each a `player` reference."""
    return Msg(f"players.{len(seats)}", {f"p{i}": player(s) for i, s in enumerate(seats)})


def render(
    message: Msg,
    catalogue: Mapping[str, str],
    fallback: Mapping[str, str] = ENGLISH,
    names: Sequence[str] | None = None,
) -> str:
    """Fill a template from `catalogue` (falling back to English, then to the bare key).

    `names` (seat order) replaces every `player(seat)` reference by that seat's name.
    """
    if message.key == PLAYER_KEY and names is not None:
        seat = message.params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
    template = catalogue.get(message.key) or fallback.get(message.key) or message.key
    values = {
        k: render(v, catalogue, fallback, names) if isinstance(v, Msg) else v
        for k, v in message.params.items()
    }
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation with a wrong placeholder must never break a game: show the key.
        return f"{message.key} {values}"


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name}


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.to_json()}
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$msg" in value:
        return Msg.from_json(value["$msg"])
    return value
