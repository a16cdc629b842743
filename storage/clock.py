"""How long a decision may wait: the table's settings and the timer of every waiting decision.

Pure policy, no I/O: the store keeps one `Wait` per seat that a person must decide for, written in
the transaction of the move that created the decision, and the bot's scheduler asks `due_step`
what to do when its `due` time comes. Times are POSIX seconds from the bot's one clock.

With the defaults (reminders 24 h, turn limit 3 days) a decision that waits is reminded by DM at
24 h, by a ping in the channel at 48 h, and at 3 days the other players are asked what to do
(wait a day more, let the AI play this decision or the seat, or end the game); if nobody answers
within a day, the AI plays that one decision. Its timer stays until the AI's move replaces it,
in the move's own transaction, so a move that never comes (the process died while the AI
thought) leaves the timer to fall due again. Without a turn limit the reminders go on with a
growing interval (after 1, 3, 7, 15... intervals), so a game that waits for ever stays quiet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

HOUR = 3600
DAY = 24 * HOUR

DEFAULT_REMINDERS = DAY
DEFAULT_TURN_LIMIT = 3 * DAY
REMINDER_RANGE = (6 * HOUR, 7 * DAY)
TURN_LIMIT_RANGE = (12 * HOUR, 14 * DAY)
# What the bot offers in its menus (seconds; None for off).
REMINDER_CHOICES = (None, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY)
TURN_LIMIT_CHOICES = (None, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 5 * DAY, 7 * DAY, 14 * DAY)
# How long the other players have to choose once the turn limit has passed; "wait one more day".
VOTE_TIME = DAY
EXTENSION = DAY
# How long the AI's move for a decision nobody made in time may take before its timer falls due
# again (and the AI is asked again): far longer than thinking takes, short after a crash.
STAND_IN_RETRY = 60


class SettingsError(ValueError):
    """A table setting out of its range; `key` and `params` name a message for the person."""

    def __init__(self, key: str, **params: int) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Settings:
    """Seconds, or None for off."""

    reminders: int | None = DEFAULT_REMINDERS
    turn_limit: int | None = DEFAULT_TURN_LIMIT

    def checked(self) -> Settings:
        low, high = REMINDER_RANGE
        if self.reminders is not None and not low <= self.reminders <= high:
            raise SettingsError("settings.reminders", low=low, high=high)
        low, high = TURN_LIMIT_RANGE
        if self.turn_limit is not None and not low <= self.turn_limit <= high:
            raise SettingsError("settings.turn_limit", low=low, high=high)
        return self


@dataclass(frozen=True, slots=True)
class Wait:
    """The timer of one seat's waiting decision.

    `since`: when the decision began. `deadline`: when the turn limit runs out (None: no limit).
    `reminded`: how many reminder times have passed. `vote_at`: when the other players were asked
    what to do (None: not yet), and `vote_message` the message holding their buttons; once their
    time to choose has run out (`vote_closed`) the AI plays the decision. `due`: the next time
    something happens (None: nothing will).
    """

    game_id: int
    seat: int
    since: float
    deadline: float | None = None
    reminded: int = 0
    vote_at: float | None = None
    vote_message: int | None = None
    due: float | None = None


@dataclass(frozen=True, slots=True)
class WaitPlan:
    """The timers a change leaves: `keep` those seats' timers as they are, add `new` ones, and
    drop every other timer of the game."""

    keep: tuple[int, ...] = ()
    new: tuple[Wait, ...] = ()


def reminder_at(wait: Wait, settings: Settings, number: int | None = None) -> float | None:
    """When reminder `number` (counting from 1; default: the next) falls due."""
    every = settings.reminders
    if every is None:
        return None
    k = wait.reminded + 1 if number is None else number
    if settings.turn_limit is None:
        return wait.since + every * (2**k - 1)  # growing: 1, 3, 7, 15... intervals
    return wait.since + every * k


def next_due(wait: Wait, settings: Settings, muted: bool) -> float | None:
    if wait.vote_at is not None:
        return wait.vote_at + VOTE_TIME  # reminders stop while the others choose
    times = [] if wait.deadline is None else [wait.deadline]
    if not muted:
        remind = reminder_at(wait, settings)
        if remind is not None:
            times.append(remind)
    return min(times) if times else None


def scheduled(wait: Wait, settings: Settings, muted: bool) -> Wait:
    return replace(wait, due=next_due(wait, settings, muted))


def fresh(game_id: int, seat: int, now: float, settings: Settings, muted: bool) -> Wait:
    """The timer of a decision that begins `now`."""
    limit = settings.turn_limit
    wait = Wait(game_id, seat, since=now, deadline=None if limit is None else now + limit)
    return scheduled(wait, settings, muted)


def vote_closed(wait: Wait, now: float) -> bool:
    """Has the others' time to choose run out (or did they choose that the AI plays)?"""
    return wait.vote_at is not None and now >= wait.vote_at + VOTE_TIME


def standing_in(wait: Wait, now: float) -> Wait:
    """The timer of a decision the AI plays now, for a person nobody heard from in time.

    The timer is not spent here: the AI's move replaces it in the move's own transaction. Until
    then it falls due again every `STAND_IN_RETRY` seconds, when the AI is asked again, so a
    move that never came (the process died while the AI thought) is not waited for for ever.
    """
    return replace(wait, due=now + STAND_IN_RETRY)


def ai_plays_once(wait: Wait, now: float) -> Wait:
    """The other players chose that the AI plays this decision: their vote closes now, as if
    its time had run out, and the decision's timer is the AI's (`standing_in`)."""
    return standing_in(replace(wait, vote_at=now - VOTE_TIME, vote_message=None), now)


def due_step(wait: Wait, settings: Settings, muted: bool, now: float) -> str | None:
    """What is due now for this wait: "expired" (nobody chose in time: the AI plays this
    decision), "vote" (the turn limit has passed: ask the others), "remind", or None."""
    if wait.vote_at is not None:
        return "expired" if vote_closed(wait, now) else None
    if wait.deadline is not None and now >= wait.deadline:
        return "vote"
    remind = None if muted else reminder_at(wait, settings)
    if remind is not None and now >= remind:
        return "remind"
    return None


def reminders_passed(wait: Wait, settings: Settings, now: float) -> int:
    """How many reminder times lie at or before `now` (a bot that was down sends one, not all)."""
    count = wait.reminded
    while True:
        at = reminder_at(wait, settings, count + 1)
        if at is None or at > now:
            return count
        count += 1
