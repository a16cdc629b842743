"""The engine contract shared by every game.

A game is a state plus a list of pending decisions. Nothing moves a game but
`apply(state, seat, code)`, which returns a *new* state and the events a log would show, or
raises `IllegalAction`. Randomness comes only from the seeded RNG inside the state, so the
seed plus the list of action codes rebuilds the game exactly.

Each game package (`games.santiago`, `games.havana`) provides one `Game` object; look it
up with `games.get(name)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .text import Msg

# Discord holds at most 25 options in a menu or an autocomplete list; no decision may offer more.
MAX_CHOICES = 25

# Bumped when the JSON layout of any state changes incompatibly.
STATE_FORMAT = 1


class IllegalAction(Exception):
    """An action that the rules do not allow now. `msg` is a sentence for the player."""

    def __init__(self, message: Msg):
        super().__init__(str(message))
        self.msg = message


class OptionError(ValueError):
    """A game option that does not exist or has a bad value. `msg` is for the person."""

    def __init__(self, message: Msg):
        super().__init__(str(message))
        self.msg = message


class StateError(ValueError):
    """A stored state that cannot be read back (wrong version, damaged JSON)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice: a stable code (`drive:3`) and a short label for a person."""

    code: str
    label: Msg


@dataclass(frozen=True, slots=True)
class Decision:
    """Somebody must decide: which seat, what kind of decision, and a prompt to show them.

    `secret` marks decisions whose choice must not be announced until revealed (Havana's
    face-down card picks); the bot prompts those players privately.

    `private_options` marks decisions whose set of options depends on information hidden from
    the table (a screened purse, a hand of cards): listing the options, or even saying that there
    is only one, would tell the others something. Such a decision is always asked, even with a
    single option, and its options are shown to the deciding player alone. The flag itself is
    computed from public information only.

    `repeat` is how many decisions of this kind the seat takes in a row, each from the options
    left by the one before (Havana's two opening picks): a client may take them in one go.

    `open_codes`, for a decision with `private_options`: the codes that are legal whatever lies
    behind any screen (the free first stop of a drive, passing a delivery): a client may show
    those to everybody, and the rest to the deciding player alone.
    """

    seat: int
    kind: str
    prompt: Msg
    secret: bool = False
    private_options: bool = False
    repeat: int = 1
    open_codes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """What a game log would say. `seat` is the acting seat (None for the game itself).

    `only_for` is None for a public event; otherwise the event tells something hidden and may be
    shown to that seat alone (never in a channel).
    """

    msg: Msg
    seat: int | None = None
    only_for: int | None = None

    def to_json(self) -> dict:
        return {"msg": self.msg.to_json(), "seat": self.seat, "only_for": self.only_for}


@dataclass(frozen=True, slots=True)
class Result:
    """Final standing.

    `scores` is in seat order. `ranking` lists seats best first; `places` gives each seat's place
    (1 = winner; equal places are shared). `tiebreaks[seat]` holds the values compared after the
    score, named by `tiebreak_names`. `notes` explain how ties were broken; `reason` says why the
    game ended. `breakdown[seat]` explains a score: labelled parts, in a fixed order per game,
    that add up to `scores[seat]` (a part may be negative: VP given away); empty when the game
    gives none.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]
    tiebreaks: tuple[tuple[int, ...], ...] = ()
    tiebreak_names: tuple[Msg, ...] = ()
    notes: tuple[Msg, ...] = ()
    reason: Msg | None = None
    breakdown: tuple[tuple[tuple[Msg, int], ...], ...] = ()


@runtime_checkable
class Game(Protocol):
    """What every game offers. States are opaque to callers; views are typed per game."""

    name: str
    min_players: int
    max_players: int
    title: Msg

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate and complete options (defaults filled in); raise `OptionError`."""

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """The initial state for `players` seats (0..players-1) from `seed`."""

    def pending(self, state: Any) -> tuple[Decision, ...]:
        """Who must decide now. Empty only when the game is over."""

    def legal_codes(self, state: Any, seat: int) -> list[str]:
        """Codes of `legal_actions`, without labels (the fast path for simulations)."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every legal action of `seat` now (at most MAX_CHOICES); empty if it has nothing to decide."""

    def public_actions(self, state: Any, seat: int) -> list[Action]:
        """For a decision with `private_options`: every action that COULD be legal for `seat`
        given only what the whole table knows (a superset of `legal_actions`, the same whatever
        lies behind any screen, labels included), so a client may show them all to everybody
        and let the engine refuse one the screen cannot pay for. Empty when the engine gives no
        such set (no public bound, or nothing hidden)."""

    def apply(self, state: Any, seat: int, code: str) -> tuple[Any, list[Event]]:
        """The new state and events; the old state is unchanged. Raise `IllegalAction`."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result | None:
        """Final scores and winner(s) once the game is over, else None."""

    def standing(self, state: Any) -> Result:
        """The result if the game ended now: scored and tie-broken as at the real end, with a
        reason saying it was ended early. Equal to `result` once the game is over."""

    def public_view(self, state: Any) -> Any:
        """What everybody may see. Its type has no field for hidden information."""

    def player_view(self, state: Any, seat: int) -> Any:
        """What `seat` sees behind its own screen, plus the public view."""

    def to_json(self, state: Any) -> dict:
        """A JSON-ready dict with a `format` field; `from_json` gives back an equal state."""

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Raise `StateError` when the data cannot be a state of this game."""

    def version(self, state: Any) -> int:
        """How many actions are in effect: applied since the start and not taken back."""

    def undo_barrier(
        self, before: Any, seat: int, code: str, after: Any, events: Sequence[Event]
    ) -> Msg | None:
        """Why `seat`'s action `code`, taken from `before` to `after` with `events`, can never be
        taken back (a die rolled, something hidden shown, another player to decide, the end), as
        a sentence for the player; None while it may be (see `games.undo`)."""

    def closes_undo(
        self, before: Any, seat: int, code: str, after: Any, events: Sequence[Event]
    ) -> bool:
        """True when that action must not be taken back: `undo_barrier` gives a reason."""


class PendingSeat(Protocol):
    """One pending decision as a public view lists it: who decides, what kind of decision, and
    the prompt (a game may add more, as Havana's `secret`)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def prompt(self) -> Msg: ...


@runtime_checkable
class PublicView(Protocol):
    """What render/ and bot/ read from any game's public view, under the same names in every
    game (each game's view has more, read only by that game's own faces). A view that has a
    phase, a round or ships that sailed names them `phase`, `round` and `ships_departed`: the
    bot posts a new board picture when one of them, or `active_seat`, changes."""

    @property
    def player_count(self) -> int:
        """How many seats the table has."""

    @property
    def active_seat(self) -> int | None:
        """The seat whose turn it is, None when nobody's turn is under way (players choosing at
        the same time, the end)."""

    @property
    def pending(self) -> Sequence[PendingSeat]:
        """The decisions waiting, as `Game.pending` gives them, in public terms."""

    @property
    def game_over(self) -> bool: ...

    @property
    def last_move(self) -> Any:
        """The latest decision in public terms, for the board to show; None before the first."""


@runtime_checkable
class PlayerView(Protocol):
    """What one seat sees: its own hidden part (game-specific fields) and the public view."""

    @property
    def seat(self) -> int: ...

    @property
    def public(self) -> PublicView: ...


@dataclass(frozen=True, slots=True)
class Replay:
    """A game as it is stored: enough to rebuild every state."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: Sequence[tuple[int, str]] = ()
