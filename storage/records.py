"""Plain values read from the database: games, seats, summaries and action log rows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import games

from .clock import Settings
from .errors import CorruptGame

STATUSES = ("lobby", "active", "finished", "abandoned")
# A channel holds at most one game in these states (see the partial unique index).
OPEN_STATUSES = ("lobby", "active")


# What a table counts for: a rated game; an unrated one where players may ask for hints; a
# member's practice against the AI, kept out of the server's history, stats and ratings.
RATED, HINTS, PRACTICE = "rated", "hints", "practice"
MODES = (RATED, HINTS, PRACTICE)

# Who plays a seat: its person, or the AI at one of its levels ("ai:greedy").
HUMAN = "human"
AI_PREFIX = "ai:"


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat. `controller` says who plays it now: its person (`human`) or the AI
    (`ai:<level>`). A seat opened for the AI has no Discord user: its `user_id` is negative."""

    seat: int
    user_id: int
    name: str
    controller: str = HUMAN
    muted: bool = False  # no reminders for this player in this game
    resigned: bool = False  # ranked last; the AI plays the seat

    @property
    def ai_level(self) -> str | None:
        if self.controller.startswith(AI_PREFIX):
            return self.controller[len(AI_PREFIX) :]
        return None

    @property
    def has_person(self) -> bool:
        return self.user_id > 0


@dataclass(frozen=True, slots=True)
class Delivery:
    """A row of the outbox: `item` of game `game_id` ("channel", "screen:<seat>") is not shown
    yet; the next attempt is due at `due` (POSIX seconds), after `attempts` failed ones."""

    game_id: int
    item: str
    due: float
    attempts: int = 0


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of the append-only action log; `seq` counts from 1."""

    seq: int
    seat: int
    code: str
    at: str


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A lobby or active game as listed at start-up: everything but the state."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    version: int
    creator_id: int
    seats: tuple[Seat, ...]
    updated_at: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game. `version` is the number of moves applied (0 at the start)."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    options: dict
    seed: int | None
    version: int
    creator_id: int
    seats: tuple[Seat, ...]
    created_at: str
    updated_at: str
    state_json: str | None
    settings: Settings = Settings()
    # The server's own Discord language (`guild_locale`) as the game's latest interaction
    # reported it, for what the bot says in the channel unasked; None if not known.
    server_locale: str | None = None
    # One of `MODES`.
    mode: str = RATED

    @property
    def rated(self) -> bool:
        return self.mode == RATED

    @property
    def in_dms(self) -> bool:
        """A practice table played in the member's DMs with the bot: it belongs to no server
        (stored under server 0)."""
        return self.guild_id == 0

    def describe(self) -> str:
        return f"game {self.id} ({self.kind}, channel {self.channel_id})"

    def state(self) -> Any:
        """The engine state; `CorruptGame` naming the game if it cannot be read back."""
        if self.state_json is None:
            raise CorruptGame(f"{self.describe()} has no state: it is {self.status}.", self.id)
        return parse_state(self.id, self.kind, self.state_json, self.describe())

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


def parse_state(game_id: int, kind: str, state_json: str, described: str | None = None) -> Any:
    described = described or f"game {game_id}"
    try:
        engine = games.get(kind)
    except KeyError:
        raise CorruptGame(f"{described} is of an unknown kind {kind!r}.", game_id) from None
    try:
        data = json.loads(state_json)
        return engine.from_json(data)
    except Exception as exc:  # noqa: BLE001 - any failure to read back means a damaged state
        raise CorruptGame(
            f"The stored state of {described} cannot be read back: {type(exc).__name__}: {exc}",
            game_id,
        ) from exc


def dump_state(engine: Any, state: Any) -> str:
    """The state as compact JSON, the form kept in the database."""
    return json.dumps(engine.to_json(state), separators=(",", ":"), ensure_ascii=False)


def result_to_json(result: games.Result) -> dict:
    """A final standing as plain JSON (messages as catalogue keys, so they stay translatable)."""
    return {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "ranking": list(result.ranking),
        "places": list(result.places),
        "tiebreaks": [list(t) for t in result.tiebreaks],
        "tiebreak_names": [m.to_json() for m in result.tiebreak_names],
        "notes": [m.to_json() for m in result.notes],
        "reason": None if result.reason is None else result.reason.to_json(),
        "breakdown": [
            [[label.to_json(), value] for label, value in parts] for parts in result.breakdown
        ],
    }


def result_from_json(data: dict) -> games.Result:
    return games.Result(
        scores=tuple(data["scores"]),
        winners=tuple(data["winners"]),
        ranking=tuple(data["ranking"]),
        places=tuple(data["places"]),
        tiebreaks=tuple(tuple(t) for t in data["tiebreaks"]),
        tiebreak_names=tuple(games.Msg.from_json(m) for m in data["tiebreak_names"]),
        notes=tuple(games.Msg.from_json(m) for m in data["notes"]),
        reason=None if data["reason"] is None else games.Msg.from_json(data["reason"]),
        breakdown=tuple(
            tuple((games.Msg.from_json(label), value) for label, value in parts)
            for parts in data.get("breakdown", ())
        ),
    )
