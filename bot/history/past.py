"""Looking at a game that is over, or any game of the server by its number: `/game board`,
`/game log` and `/game history export` (and the replay viewer) fall back to the channel's last ended game
when none is being played, and take `game:` with the server's history as choices.

Everything is per server: a game number from another server is answered "no such game here",
the same answer as a number that does not exist, so nothing tells one server about another.
A game still being played is shown only as everybody sees it; its export (which holds what
lies behind the screens) waits until it is over.
"""

from __future__ import annotations

import asyncio
import io
import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import games
from bot.core import lone_choices
from bot.core.errors import Refusal
from bot.core.tables import server_of
from bot.discord_io import components, pictures
from bot.discord_io.answering import answer
from bot.discord_io.guard import handler
from bot.text import lengths, present
from bot.text.i18n import text
from bot.text.preferences import Preferences
from storage import GameRecord, StorageError
from storage import history as past
from storage.records import PRACTICE

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

# Game ids are SQLite integers; a typed or forged number may have any number of digits.
MAX_ID = 2**63 - 1
# The autocomplete looks through this many of the server's latest games for what is typed.
CHOICES_SCANNED = 100
# `/game log`'s lines: by default as many as a phone shows at once; at most what a player
# catching up on days of play would read, in a few messages.
LOG_LINES = 15
LOG_MOST = 100


def timestamp(iso: str, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone and language."""
    return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


def how_ended(locale: Any, how: str) -> str:
    return text(locale, f"bot.how.{how}")


async def game_choices(
    store, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The server's latest ended games whose line contains what was typed (at most 25)."""
    if interaction.guild_id is None:
        return []
    typed = current.strip().casefold().lstrip("#")
    found = []
    for ending in await past.recent(store, interaction.guild_id, CHOICES_SCANNED):
        players = ", ".join(f"{p.name} {p.score}" for p in ending.placings)
        name = (
            f"#{ending.game_id} {present.title(interaction.locale, ending.kind)}"
            f" {ending.ended_at[:10]}: {players}"
        )
        if typed and typed not in name.casefold():
            continue
        found.append(
            app_commands.Choice(name=present.clip(name, lengths.CHOICE_NAME), value=ending.game_id)
        )
        if len(found) == 25:
            break
    return found


class PastGames:
    """The board, log and export of the game here or of the server's history."""

    def __init__(self, preferences: Preferences, tables: Tables, guard: Guard) -> None:
        self.preferences, self.tables, self.guard = preferences, tables, guard

    async def game_of_server(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """A started game of the server the interaction comes from, by its number; in a DM,
        only the practice table played in that DM (its review's and replay's buttons)."""
        # In a DM every other number is refused alike, whether a game has it or not.
        refused = (
            "bot.error.guild_only" if interaction.guild_id is None else "bot.error.no_such_game"
        )
        if not 0 < game_id <= MAX_ID:
            raise Refusal(refused)
        try:
            record = await self.tables.store.get(game_id)
        except StorageError:
            raise Refusal(refused) from None
        if record.guild_id != server_of(interaction) or record.state_json is None:
            raise Refusal(refused)
        # A practice game is its learner's, kept out of the server's history: it is seen from
        # its own private thread (or DM) only.
        if record.mode == PRACTICE and interaction.channel_id != record.channel_id:
            raise Refusal(refused)
        return record

    async def viewed_game(self, interaction: discord.Interaction, game_id: int | None):
        """The game `game:` names, else the one being played here, else the last one that
        ended in this channel."""
        if game_id is not None:
            return await self.game_of_server(interaction, game_id)
        record = await self.tables.store.by_channel(interaction.channel_id)
        if record is not None and record.status == "active":
            return record
        last = await past.last_in_channel(
            self.tables.store, interaction.guild_id, interaction.channel_id
        )
        if last is None:
            raise Refusal("bot.error.no_game")
        return await self.tables.store.get(last)

    async def ended_summary(self, locale, record: GameRecord) -> str:
        """Two lines on an ended game: how and when it ended, and the places and scores."""
        ending = await past.ending(self.tables.store, record.id)
        if ending is None:  # ended without a result (a simulator's broken game)
            return text(
                locale,
                "bot.past.title",
                game=present.title(locale, record.kind),
                id=record.id,
                how=how_ended(locale, "abandoned"),
                when=timestamp(record.updated_at),
            )
        rows = " · ".join(
            text(
                locale,
                "bot.past.row",
                place=p.place,
                name=present.seat_name(record, p.seat, locale),
                score=p.score,
            )
            for p in ending.placings
        )
        title = text(
            locale,
            "bot.past.title",
            game=present.title(locale, record.kind),
            id=record.id,
            how=how_ended(locale, ending.how),
            when=timestamp(ending.ended_at),
        )
        return f"{title}\n{rows}"

    @handler(defer="thinking")
    async def show_board(
        self, interaction, locale, game_id: int | None = None, as_text: bool = False
    ) -> None:
        # Acknowledged first: reading the game waits for the store, which may be busy.
        record = await self.viewed_game(interaction, game_id)
        state = self.tables.state_of(record)
        engine = games.get(record.kind)
        if record.status == "active":
            content, _ = components.prompt_for(
                locale, record, state, record.seat_of(interaction.user.id)
            )
        else:
            content = await self.ended_summary(locale, record)
        public = engine.public_view(state)
        names = present.seat_names(record, locale)
        file = await pictures.board(public, names, locale, record.version)
        await answer(interaction, content, files=pictures.attached(file))
        if as_text or self.preferences.wants_text(interaction.guild_id, interaction.user.id):
            # Only the public board: a player's own screen in words goes to their DM alone.
            board = pictures.board_text(public, names, locale, record.version)
            for piece in pictures.pieces(board):
                await answer(interaction, piece)

    @handler(defer="thinking")
    async def show_log(
        self, interaction, locale, game_id: int | None = None, count: int = LOG_LINES
    ) -> None:
        record = await self.viewed_game(interaction, game_id)
        rows = await self.tables.store.actions(record.id)
        replay = games.Replay(
            game=record.kind,
            players=len(record.seats),
            seed=record.seed,
            options=record.options,
            actions=[(row.seat, row.code) for row in rows],
        )
        taken = lone_choices.moves_of(
            await self.tables.store.get_note(record.id, lone_choices.NOTE)
        )
        events = await asyncio.to_thread(lone_choices.logged_events, replay, taken)
        # The latest `count` lines, every one of them: the log is where "…and more" points to.
        # Counted in lines, as the player reads them (an event may say nothing to the table).
        lines = present.public_events(locale, record, events, limit=None)[-max(1, count) :]
        body = "\n".join(lines) or text(locale, "bot.log.empty")
        head = text(locale, "bot.log.title", count=len(rows))
        if record.status != "active":
            head = f"{await self.ended_summary(locale, record)}\n{head}"
        content = present.end_lists(f"{head}\n{body}")
        # A long log goes on in further messages, cut between lines: clipped to one, it would
        # lose its latest lines, the ones asked for.
        for piece in pictures.pieces(content, present.MAX_CONTENT):
            await self.guard.reply(interaction, piece)

    @handler(defer="thinking")
    async def export(self, interaction, locale, game_id: int | None = None) -> None:
        """The game's record as a JSON file, only to who asked: enough to replay and check it
        with `python -m storage import`."""
        record = await self.viewed_game(interaction, game_id)
        if record.status == "active":
            raise Refusal("bot.error.export_active")
        data = await self.tables.store.export_game(record.id)
        blob = json.dumps(data, indent=1, ensure_ascii=False).encode()
        file = discord.File(io.BytesIO(blob), filename=f"game-{record.id}.json")
        content = text(
            locale, "bot.export.done", game=present.title(locale, record.kind), id=record.id
        )
        await self.guard.reply(interaction, content, file=file)
