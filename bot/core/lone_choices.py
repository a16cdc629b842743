"""Decisions taken by themselves: a person's decision with one possible choice by what the
whole table knows (a lone "Skip" of a building nobody could use, a lone amount of 1).

Asking for a tap on a lone choice only costs the player time. But a decision whose options
read a screen may come down to one choice because of what lies behind it (no pesos, no goods):
taking it then would tell the table. So only the choices any table could see count: the
legal ones of a decision that reads no screen, the public superset (`public_actions`) of one
that does; with no public superset nothing is taken. (The engines take most lone choices
themselves; these are the ones they leave because the decision reads a screen.)

The game's log keeps only codes, so which moves were taken by themselves is a note of the
game (their move numbers), read back by `/game log`.
"""

from __future__ import annotations

from typing import Any

import games
from games import Event, Msg
from games.text import player

# The note holding the move numbers of the moves taken by themselves.
NOTE = "lone_choices"


def lone_choice(engine: Any, record: Any, state: Any) -> tuple[int, str] | None:
    """(seat, code) of a person's pending decision that the table can see has one choice."""
    for decision in engine.pending(state):
        seat = decision.seat
        if record.seats[seat].ai_level is not None:
            continue  # the AI decides at once anyway
        if decision.private_options:
            shown = [a.code for a in engine.public_actions(state, seat)]
        else:
            shown = engine.legal_codes(state, seat)
        if len(shown) == 1:
            # Legal too, since the public choices hold every legal one and there is one.
            return seat, shown[0]
    return None


def said(seat: int, action: Msg) -> Event:
    """The line that says the move was taken by itself, before the move's own lines."""
    return Event(Msg("bot.event.by_itself", {"player": player(seat), "action": action}), seat)


def moves_of(note: str | None) -> frozenset[int]:
    return frozenset(int(n) for n in (note or "").split())


def with_moves(note: str | None, moves: list[int]) -> str:
    return " ".join(str(n) for n in sorted(moves_of(note) | set(moves)))


def logged_events(replay: Any, taken: frozenset[int]) -> list[Event]:
    """Every event of a replayed game (`replay`: a `games.Replay` with its actions), each move
    taken by itself (`taken`: their move numbers) preceded by the line that says so."""
    engine = games.get(replay.game)
    history = games.History.start(replay)
    events: list[Event] = []
    for number, (seat, code) in enumerate(replay.actions, start=1):
        if number in taken:
            labels = [a.label for a in engine.legal_actions(history.state, seat) if a.code == code]
            events += [said(seat, label) for label in labels[:1]]
        history, new = history.play(seat, code)
        events.extend(new)
    return events
