""" "Since your last turn": what the others did since a player's last decision, in a few lines,
from the events a channel hears of only (`present.channel_events`), so it tells a player
nothing the table could not read. Pure: the same log gives the same recap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.text import lengths, present
from bot.text.i18n import text

# At most this many moves are told; the others are counted.
MAX_RECAP_LINES = 8
# What a recap may take of a message, so the prompt after it is never cut.
MAX_RECAP = 900


def since_last_decision(steps: Sequence[tuple[int, Sequence]], seat: int) -> list[Sequence]:
    """The events of the others' log entries after `seat`'s last one (all of them if it has
    not decided yet)."""
    last = max((i for i, (actor, _) in enumerate(steps) if actor == seat), default=-1)
    return [events for actor, events in steps[last + 1 :] if actor != seat]


def recap(locale: Any, record: Any, steps: Sequence[tuple[int, Sequence]], seat: int) -> str:
    """The recap as text (empty when the others did nothing the table heard of): one line per
    move, the newest eight (those that led to the decision now), after how many earlier ones
    are left out. Before the seat's first decision it tells what happened since the start."""
    moves = []
    for events in since_last_decision(steps, seat):
        said = [line.removeprefix("• ") for line in present.public_events(locale, record, events)]
        if said:
            moves.append("• " + " ".join(said))
    if not moves:
        return ""
    title = text(locale, "bot.recap.title" if has_decided(steps, seat) else "bot.recap.begun")
    shown = moves[-MAX_RECAP_LINES:]
    while True:
        left_out = len(moves) - len(shown)
        earlier = [text(locale, "bot.recap.earlier", count=left_out)] if left_out else []
        said = "\n".join([title, *earlier, *shown])
        # Too long for its room: the oldest moves give way, never the newest.
        if len(shown) == 1 or lengths.utf16_len(said) <= MAX_RECAP:
            return present.clip(said, MAX_RECAP)
        shown = shown[1:]


def has_decided(steps: Sequence[tuple[int, Sequence]], seat: int) -> bool:
    return any(actor == seat for actor, _ in steps)


def nothing_key(steps: Sequence[tuple[int, Sequence]], seat: int) -> str:
    """What `/game recap` says when nothing happened: since the last turn, or since the start."""
    return "bot.recap.nothing" if has_decided(steps, seat) else "bot.recap.nothing_yet"
