"""A saved move (or a game's start) as everything that tells the table of it sees it: the gate
hands one `Published` to the announcer (the channel's message) and to the mail (the screen
DMs), instead of each being told its parts, or the mover's interaction, some other way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from games import Event
from storage import GameRecord


@dataclass(frozen=True)
class Published:
    """`record` and `state`: the game as saved; `events`: what the move did; `before`: the
    state the mover saw (None at a start, and for a repair, which has no move); `actor`: the
    seat that moved (None: a start, a repair); `locale`: the channel's language; `interaction`:
    the person's interaction that made it (None for the AI, the clock, a repair), whose token
    posts the next turn message as its follow-up."""

    record: GameRecord
    state: Any
    events: Sequence[Event] = ()
    before: Any = None
    actor: int | None = None
    locale: Any = None
    interaction: discord.Interaction | None = None
