"""Taking back a misclick, as Board Game Arena allows it.

A player may take back their own latest decisions as long as, since then, nothing random happened
(a die rolled, a cube drawn from the bag, a card drawn from the deck), nothing hidden was shown to
anybody, and no other player decided or came to decide. Each game says which of its actions close
that window (`Game.undo_barrier`); a finished game takes nothing back.

The log stays append-only: an undo is an entry of its own, `(seat, "undo")`, meaning "take back
this seat's latest decision that is still open". `History` replays a log with such entries: the
state after an undo equals the state before the decision taken back (its version too), and a
second undo takes back the decision before that one (an undo is never itself undone).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Event, Game, IllegalAction, Replay
from .text import Msg, player, register

# The code of an undo entry in a log. No game ever offers it as one of its own codes.
UNDO = "undo"

ENGLISH = {
    "undo.refused.nothing": "There is nothing of yours to take back.",
    "undo.refused.over": "The game is over: nothing can be taken back.",
    "undo.refused.other_decided": ("That cannot be taken back: another player has decided since."),
    "undo.closed.rolled": "That cannot be taken back: a die was rolled since.",
    "undo.closed.cubes_drawn": ("That cannot be taken back: cubes were drawn from the bag since."),
    "undo.closed.card_drawn": (
        "That cannot be taken back: a building was drawn from the deck since."
    ),
    "undo.closed.revealed": "That cannot be taken back: face-down cards were revealed since.",
    "undo.closed.shown": (
        "That cannot be taken back: another player has been told something privately since."
    ),
    "undo.closed.passed": "That cannot be taken back: another player has to decide now.",
    "undo.event.took_back": "{player} takes back their last decision.",
    "undo.event.took_back_yours": "You took back: {action}.",
}
register(ENGLISH)

NOTHING = Msg("undo.refused.nothing")
OVER = Msg("undo.refused.over")
OTHER_DECIDED = Msg("undo.refused.other_decided")
ROLLED = Msg("undo.closed.rolled")
CUBES_DRAWN = Msg("undo.closed.cubes_drawn")
CARD_DRAWN = Msg("undo.closed.card_drawn")
REVEALED = Msg("undo.closed.revealed")
SHOWN = Msg("undo.closed.shown")
PASSED = Msg("undo.closed.passed")


def common_barrier(game: Game, before: Any, seat: int, after: Any, events: Sequence[Event]):
    """What closes the window in every game: the end; a seat that had nothing to decide before
    and must decide now (the turn passed); an event for another seat alone (it was told
    something hidden, or a decision of its own was taken for it). Seats already deciding in parallel (a simultaneous pick, El Zorro's
    victims) do not close it: taking the decision back tells them nothing, and if one of them
    decides in between, the undo is refused for that reason. Returns the reason, or None."""
    if game.is_over(after):
        return OVER
    deciding = {d.seat for d in game.pending(before)}
    if any(d.seat != seat and d.seat not in deciding for d in game.pending(after)):
        return PASSED
    if any(e.only_for is not None and e.only_for != seat for e in events):
        return SHOWN
    return None


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the log still in effect: its log entry (0-based), who took it, its code,
    the state it was taken from and the events it caused."""

    entry: int
    seat: int
    code: str
    before: Any
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """Whether a seat may undo now: `entry` is the log entry an undo would take back, or None
    with `reason` saying why not (a sentence for the player)."""

    entry: int | None
    reason: Msg | None = None

    def __bool__(self) -> bool:
        return self.entry is not None


class History:
    """A game as its log built it, undo entries included. Immutable: `play` returns a new one.

    It keeps every decision still in effect (newest first, as a linked list of `Step`s, so a new
    history shares its past with the old one) and computes the undo window only when an undo is
    asked, so replaying a log costs little more than applying its actions.
    """

    __slots__ = ("game", "state", "entries", "_steps")

    def __init__(self, game: Game, state: Any, entries: int = 0, steps: tuple | None = None):
        self.game = game
        self.state = state
        self.entries = entries  # log entries so far, undo entries included
        self._steps = steps  # (Step, older steps) or None

    @classmethod
    def start(cls, record: Replay) -> History:
        """The history of `record`'s game before its first action."""
        from . import get

        game = get(record.game)
        return cls(game, game.new(record.players, record.seed, record.options))

    @classmethod
    def of(cls, record: Replay) -> History:
        """The history after every entry of `record`'s log."""
        history = cls.start(record)
        for seat, code in record.actions:
            history, _ = history.play(seat, code)
        return history

    def play(self, seat: int, code: str) -> tuple[History, list[Event]]:
        """Apply one log entry, a decision or an undo. Raises `IllegalAction`, changing nothing."""
        if code == UNDO:
            return self._undo(seat)
        state, events = self.game.apply(self.state, seat, code)
        step = Step(self.entries, seat, code, self.state, tuple(events))
        return History(self.game, state, self.entries + 1, (step, self._steps)), events

    def check_undo(self, seat: int) -> UndoCheck:
        """May `seat` undo now, and which log entry would it take back?"""
        if self.game.is_over(self.state):
            return UndoCheck(None, OVER)
        if self._steps is None:
            return UndoCheck(None, NOTHING)
        top = self._steps[0]
        if top.seat != seat:
            return UndoCheck(None, OTHER_DECIDED if self._has_step_of(seat) else NOTHING)
        why = self.game.undo_barrier(top.before, seat, top.code, self.state, top.events)
        if why is not None:
            return UndoCheck(None, why)
        return UndoCheck(top.entry)

    def steps(self) -> Iterator[Step]:
        """The decisions in effect, newest first."""
        node = self._steps
        while node is not None:
            yield node[0]
            node = node[1]

    def _has_step_of(self, seat: int) -> bool:
        return any(step.seat == seat for step in self.steps())

    def _undo(self, seat: int) -> tuple[History, list[Event]]:
        check = self.check_undo(seat)
        if not check:
            raise IllegalAction(check.reason)
        top, older = self._steps
        events = [Event(Msg("undo.event.took_back", {"player": player(seat)}), seat)]
        label = next(
            (a.label for a in self.game.legal_actions(top.before, seat) if a.code == top.code),
            None,
        )
        if label is not None:
            # The action's own words may name a secret card: they are for its player alone.
            events.append(Event(Msg("undo.event.took_back_yours", {"action": label}), seat, seat))
        return History(self.game, top.before, self.entries + 1, older), events


def undoable(history: History, seat: int) -> UndoCheck:
    """May `seat` undo now, and which log entry would it take back? (`History.check_undo`.)"""
    return history.check_undo(seat)


def replay(record: Replay) -> tuple[Any, list[Event]]:
    """Rebuild a game from its seed and log (undo entries included): the final state and every
    event, the undos' own included."""
    history = History.start(record)
    events: list[Event] = []
    for seat, code in record.actions:
        history, new_events = history.play(seat, code)
        events.extend(new_events)
    return history.state, events


def replay_states(record: Replay) -> Iterator[Any]:
    """Every state of a game: the initial one, then the one after each log entry."""
    history = History.start(record)
    yield history.state
    for seat, code in record.actions:
        history, _ = history.play(seat, code)
        yield history.state
