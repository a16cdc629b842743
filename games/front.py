"""What a front end offers when a game is opened: each game's options as a player chooses them.

A front end (the Discord bot's `/game new`) lists these for every game of the registry, so a
new game brings its own options. `first`: shown before the options every game shares (the AI
seats, the clock); the rest after them, in the registry's order.

A game's front module may also name its colour, `ACCENT` (0xRRGGBB), which a front end gives
the game's messages (the bot's turn messages and final scores); a game that names none gets
`DEFAULT_ACCENT`.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import names, part


@dataclass(frozen=True)
class FrontOption:
    name: str  # the option's name in `Game.options`
    kind: str  # "bool", "int" (low..high), "choice" (choices: (label, value) pairs), "file"
    description: str  # English, at most 100 characters; the front end translates it
    low: int = 0
    high: int = 0
    choices: tuple[tuple[str, str], ...] = ()
    first: bool = False


# The colour of a game whose front module names none: a neutral slate blue.
DEFAULT_ACCENT = 0x4F6D8F


def accent(name: str) -> int:
    """The colour of the game called `name` (its front module's `ACCENT`, else the default)."""
    return int(getattr(part(name, "front"), "ACCENT", DEFAULT_ACCENT))


def front_options(name: str) -> tuple[FrontOption, ...]:
    return tuple(part(name, "front").OPTIONS)


def all_front_options() -> list[FrontOption]:
    """Every game's options in the order a front end shows them (an option two games share
    is listed once)."""
    listed: dict[str, FrontOption] = {}
    for first in (True, False):
        for name in names():
            for option in front_options(name):
                if option.first == first:
                    listed.setdefault(option.name, option)
    return list(listed.values())
