"""What a front end offers when a game is opened: each game's options as a player chooses them.

A front end (the Discord bot's `/game new`) lists these for every game of the registry, so a
new game brings its own options. `first`: shown before the options every game shares (the AI
seats, the clock); the rest after them, in the registry's order.
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
