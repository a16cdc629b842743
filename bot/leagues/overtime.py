"""A round's deadline with overtime "clock": which players are absent, by the turn clock's
measure, so the AI takes their seats while those who play keep theirs."""

from __future__ import annotations

from bot.core import lone_choices
from bot.seats.ai_seats import STAND_INS


async def absent_seats(store, record, at: float) -> list[int]:
    """The seats of a game at its round's deadline whose players are absent, by the turn
    clock's measure: a person who has made no decision of their own in the game (moves
    the bot took by itself or the AI played for them at the turn limit do not count), or
    whose decision now waiting has passed the table's turn limit. Those who play keep
    their seats, and the clock treats their later decisions as any table's."""
    taken = lone_choices.moves_of(await store.get_note(record.id, lone_choices.NOTE))
    taken |= lone_choices.moves_of(await store.get_note(record.id, STAND_INS))
    decided = {a.seat for a in await store.actions(record.id) if a.seq not in taken}
    late = {
        w.seat
        for w in await store.waits(record.id)
        if w.vote_at is not None or (w.deadline is not None and w.deadline <= at)
    }
    return [
        held.seat
        for held in record.seats
        if held.ai_level is None and (held.seat not in decided or held.seat in late)
    ]
