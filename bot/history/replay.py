"""`/game history replay`: step through a game in an ephemeral message, the board at each step with what
happened in it. The buttons carry the game and the step shown, so they work after a restart
and need no memory of the message; a press edits the message through its own interaction.

    rp:<game>:<step>:<first|b10|back|next|n10|last>

Only what everybody could see is shown: the public board and the public events, for a game
still being played as for one that is over. Steps are the entries of the game's log (an undo is
a step too), so step k is the game as its k-th entry left it.

Once the game's review is done, the moment of a decision it flagged (the step where it was
taken) carries a note: ?!, ? or ?? with what the analysis preferred, the choices named only to
their own player unless the whole table could see them (`review_text.shown_to`).
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.discord_io import components, pictures
from bot.discord_io.answering import answer
from bot.discord_io.guard import handler
from bot.history import review_text
from bot.text import present
from bot.text.i18n import text
from storage import GameRecord
from storage import reviews as stored_reviews

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.history.past import PastGames

MOVES = {"first": None, "b10": -10, "back": -1, "next": 1, "n10": 10, "last": None}


def target(op: str, step: int, steps: int) -> int:
    """The step a button leads to from `step`, within the game's `steps`."""
    if op == "first":
        return 0
    if op == "last":
        return steps
    return max(0, min(steps, step + MOVES[op]))


def replay_view(locale: Any, game: int, step: int, steps: int) -> discord.ui.View:
    view = components.new_view()
    for op in MOVES:
        button = ReplayButton(game, step, op, text(locale, f"bot.replay.{op}"))
        button.item.disabled = target(op, step, steps) == step
        view.add_item(button)
    return view


def state_at(record: GameRecord, log: list[tuple[int, str]], step: int):
    """The state after the first `step` entries of the log, and the events of the last one."""
    history = games.History.start(
        games.Replay(record.kind, len(record.seats), record.seed, record.options, [])
    )
    events: list[games.Event] = []
    for seat, code in log[:step]:
        history, events = history.play(seat, code)
    return history.state, events


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rp:(?P<game>\d{1,19}):(?P<step>\d{1,9}):(?P<op>first|b10|back|next|n10|last)",
):
    def __init__(self, game: int, step: int, op: str, label: str = "?") -> None:
        super().__init__(
            components.button(label, discord.ButtonStyle.secondary, f"rp:{game}:{step}:{op}")
        )
        self.game, self.step, self.op = game, step, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["step"]), match["op"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.replays.replay_step(
            interaction, self.game, self.step, self.op
        )


class Replays:
    """`/game history replay` and its buttons."""

    def __init__(self, tables: Tables, guard: Guard, past: PastGames) -> None:
        self.tables, self.guard, self.past = tables, guard, past

    async def _analysed(self, record: GameRecord) -> dict[int, dict]:
        """The analysed decisions of a game whose review is done, by log entry."""
        if record.status == "active":
            return {}
        found = await stored_reviews.review(self.tables.store, record.id)
        if found.result is None:
            return {}
        return {d["entry"]: d for d in found.result.get("decisions") or ()}

    async def frame(self, locale, record: GameRecord, step: int, viewer: int | None = None):
        """The message of one step: its text, the board picture and the buttons; `viewer`:
        the seat of who looks, who reads their own analysed choices by name."""
        rows = await self.tables.store.actions(record.id)
        log = [(r.seat, r.code) for r in rows[: record.version]]
        step = max(0, min(step, len(log)))
        state, events = await asyncio.to_thread(state_at, record, log, step)
        engine = games.get(record.kind)
        lines = [
            text(
                locale,
                "bot.replay.title",
                game=present.title(locale, record.kind),
                id=record.id,
                step=step,
                steps=len(log),
            )
        ]
        if record.status == "active":
            lines.append(text(locale, "bot.replay.live"))
        if step == 0:
            lines.append(text(locale, "bot.replay.start"))
        else:
            lines.append(text(locale, "bot.replay.step", step=step))
            public = present.public_events(locale, record, events)
            lines.extend(public or [text(locale, "bot.replay.nothing_public")])
        if step == len(log) and record.status != "active":
            # Also a game ended early (a vote, a resignation): nobody decides after its end.
            lines.append(text(locale, "bot.replay.end"))
        else:
            pending = engine.pending(state)
            lines.extend(present.decision_line(locale, record, d, ping=False) for d in pending)
            analysed = (await self._analysed(record)).get(step)
            if analysed is not None:
                deciding = next((d for d in pending if d.seat == analysed["seat"]), None)
                shown = review_text.shown_to(analysed, deciding, viewer)
                names = present.seat_names(record, locale)
                mark = review_text.mark_line(locale, record, analysed, names, shown)
                if mark is not None:
                    lines.append(mark)
        file = await pictures.board(
            engine.public_view(state), present.seat_names(record, locale), locale, step
        )
        content = present.clip("\n".join(lines), present.MAX_CONTENT)
        return content, file, replay_view(locale, record.id, step, len(log))

    @handler(defer="thinking")
    async def show_replay(
        self, interaction: discord.Interaction, locale, game_id: int | None
    ) -> None:
        record = await self.past.viewed_game(interaction, game_id)
        viewer = record.seat_of(interaction.user.id)
        content, file, view = await self.frame(locale, record, 0, viewer)
        await answer(interaction, content, files=pictures.attached(file), view=view)
        view.stop()

    @handler(defer="update")
    async def replay_step(
        self, interaction: discord.Interaction, locale, game_id: int, step: int, op: str
    ) -> None:
        record = await self.past.game_of_server(interaction, game_id)
        shown = target(op, step, record.version)
        viewer = record.seat_of(interaction.user.id)
        content, file, view = await self.frame(locale, record, shown, viewer)
        await interaction.edit_original_response(
            content=content,
            attachments=pictures.attached(file),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        view.stop()
