"""Pure rules of the games we host. No I/O, no asyncio, no Discord.

game = games.get("santiago")
state = game.new(players=3, seed=42)
decision = game.pending(state)[0]
state, events = game.apply(state, decision.seat, game.legal_codes(state, decision.seat)[0])

A stored game is its seed plus its log; `replay` rebuilds it, and `History` (games.undo) plays a
log whose entries may take decisions back (`UNDO`). A game people play is dealt from
`fresh_seed()`, which nobody can guess (games.rng).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .core import (
    MAX_CHOICES,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    OptionError,
    PendingSeat,
    PlayerView,
    PublicView,
    Replay,
    Result,
    StateError,
)
from .rng import fresh_seed
from .series import vp_series
from .standings import no_winner, put_last
from .text import Msg, msg
from .undo import UNDO, History, UndoCheck, replay, replay_states, undoable

# Game name -> module that defines `GAME`. Imported lazily so one game's import cost is not paid by the other.
_MODULES = {"santiago": "games.santiago", "havana": "games.havana"}
# The games of this package; `names()` adds those registered from outside it.
NAMES = tuple(_MODULES)
# Game name -> the package of a game registered from outside games/ (see `register`).
_OUTSIDE: dict[str, Any] = {}


def register(package: Any) -> None:
    """Host a game that lives outside this package: `package` offers what ours do, `GAME`
    (the engine, known by its `name`), `views` (`figures`, `option_notes`,
    `OPTIONS_SHOWN_APART`) and `front` (`OPTIONS`, see `games.front`). Registering the same
    package again changes nothing; another game of the same name is refused."""
    name = package.GAME.name
    known = _OUTSIDE.get(name)
    if name in _MODULES or (known is not None and known is not package):
        raise ValueError(f"a game called {name!r} is registered already")
    _OUTSIDE[name] = package


def names() -> tuple[str, ...]:
    """Every game hosted: ours, then those registered from outside, in their order."""
    return (*_MODULES, *_OUTSIDE)


def outside() -> tuple[str, ...]:
    """The modules of the games registered from outside this package, by name: importing one
    registers its game, so another process (a worker) hosts the same games by importing them."""
    return tuple(package.__name__ for package in _OUTSIDE.values())


def part(name: str, face: str) -> Any:
    """The module (or object) `face` ("views", "front") of the game called `name`."""
    outside = _OUTSIDE.get(name)
    if outside is not None:
        return getattr(outside, face)
    get(name)  # the same KeyError for an unknown game
    return importlib.import_module(f"{_MODULES[name]}.{face}")


def get(name: str) -> Game:
    """The game called `name`; KeyError names the known games."""
    outside = _OUTSIDE.get(name)
    if outside is not None:
        return outside.GAME
    try:
        module = _MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(names())}") from None
    return importlib.import_module(module).GAME


def option_defaults(name: str) -> Mapping[str, Any]:
    return get(name).options(None)


def _views(name: str):
    return part(name, "views")


def figures(name: str, player_view: Any) -> Msg:
    """A player's private figures (from `player_view`) in words, beside their screen."""
    return _views(name).figures(player_view)


def means(name: str, player_view: Any, decision: Decision) -> Msg:
    """What of a player's own holdings `decision` reads (from `player_view`), in words, for the
    place they decide: the game's `means` face, or their figures for a game that has none."""
    try:
        face = part(name, "means")
    except (AttributeError, ModuleNotFoundError):
        return figures(name, player_view)
    return face.means(player_view, decision)


def says_nothing(name: str, event: Event) -> bool:
    """Whether `event` tells a reader nothing (a thief who found nothing to take): the rules
    record it, and a front end may leave it out."""
    amount = getattr(_views(name), "EMPTY_WHEN_ZERO", {}).get(event.msg.key)
    return amount is not None and event.msg.params.get(amount) == 0


def told_by_the_result(name: str, event: Event) -> bool:
    """Whether the final scores tell what `event` says (why the game ended): a front end that
    shows both may leave the event out."""
    return event.msg.key in getattr(_views(name), "TOLD_BY_THE_RESULT", ())


def _glossary(name: str):
    """The game's `glossary` face (the effects of its cards, buildings and people in words),
    or None for a game that offers none."""
    try:
        return part(name, "glossary")
    except (AttributeError, ModuleNotFoundError):
        return None


def explain(name: str, state: Any, seat: int, code: str) -> Msg | None:
    """What the card, building or person that the choice `code` of `seat` names does, in
    words; None when it names none (or the game explains nothing)."""
    glossary = _glossary(name)
    return None if glossary is None else glossary.explain(state, seat, code)


def glossary(name: str) -> list[tuple[Msg, list[tuple[Msg, Msg]]]]:
    """Every card, building and person of the game with its effect, for its help page:
    sections (a heading, then name and effect pairs); empty for a game that explains nothing."""
    found = _glossary(name)
    return [] if found is None else found.sections()


def detail(name: str, effect: Msg) -> Msg:
    """The longer telling of an effect that `explain` or `glossary` gave, for a reader who
    asked about that one thing: where there is nothing more to say, the same effect (in the
    words a menu abbreviates, see `roomy`)."""
    found = _glossary(name)
    return effect if found is None else found.detail(effect)


def roomy(name: str, effect: Msg) -> Msg:
    """An effect that `glossary` gave as a page lists it, where a menu option's 100 characters
    made it abbreviate words: the same effect for a game that abbreviates none."""
    found = _glossary(name)
    say_roomily = getattr(found, "roomy", None)
    return effect if say_roomily is None else say_roomily(effect)


def stored_label(name: str, label: Msg) -> Msg:
    """A move's label as an earlier version kept it (a game review stores its labels), in the
    parameters its text takes today; the same label for a game whose labels never changed."""
    try:
        upgrade = getattr(part(name, "labels"), "stored", None)
    except (ImportError, AttributeError):
        return label
    return label if upgrade is None else upgrade(label)


def option_notes(name: str, options: Mapping[str, Any]) -> list[Msg]:
    """The variants of a table worth a line of their own (the rest are house rules)."""
    return _views(name).option_notes(options)


def options_shown_apart(name: str) -> tuple[str, ...]:
    """Options that `option_notes` describes, or that no front end lists as a house rule."""
    return tuple(_views(name).OPTIONS_SHOWN_APART)


__all__ = [
    "MAX_CHOICES",
    "NAMES",
    "detail",
    "explain",
    "figures",
    "glossary",
    "option_notes",
    "options_shown_apart",
    "says_nothing",
    "told_by_the_result",
    "UNDO",
    "Action",
    "Decision",
    "Event",
    "Game",
    "History",
    "IllegalAction",
    "Msg",
    "OptionError",
    "PendingSeat",
    "PlayerView",
    "PublicView",
    "Replay",
    "Result",
    "StateError",
    "UndoCheck",
    "fresh_seed",
    "get",
    "names",
    "part",
    "register",
    "msg",
    "no_winner",
    "option_defaults",
    "outside",
    "put_last",
    "replay",
    "replay_states",
    "undoable",
    "vp_series",
]
