"""What a league shows: its one standings message in the channel (posted at the season's start,
edited after every game, with the standings picture and its alt text), and `/league standings`,
`/league mine` and `/league list`, answered privately. Every name is people's text: shown
escaped, and these messages ping nobody."""

from __future__ import annotations

import io
import logging
from fractions import Fraction
from typing import TYPE_CHECKING

import discord
from babel.numbers import format_decimal

from bot.core.errors import Refusal
from bot.discord_io.guard import handler
from bot.discord_io.pictures import POOL
from bot.leagues.finding import find_league
from bot.text import present
from bot.text.i18n import language, server_locale, text
from bot.text.preferences import Preferences
from games.league_table import Standing
from render import league_standings
from storage import leagues as lg

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()
# Lines of the standings message; `/league standings` lists everyone.
ROWS_SHOWN = 20
# The standings picture shows this many players.
PICTURE_ROWS = 16
ALT_LIMIT = 1024


def number(value: Fraction | float | int) -> int | float:
    """League points and averages as people read them: whole numbers as such, else two
    decimals at most."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    rounded = round(float(value), 2)
    return int(rounded) if rounded == int(rounded) else rounded


def shown(locale, value: Fraction | float | int) -> str:
    """`number` written as the reader's language writes it ("1,5" in Italian)."""
    return format_decimal(number(value), locale=language(locale))


def row_text(locale, line: Standing, names: dict[int, str], gone: set[int]) -> str:
    player = present.escape(names.get(line.player, "?"))
    if line.player in gone:
        player = text(locale, "bot.league.gone", player=player)
    average = "–" if line.average_score is None else shown(locale, line.average_score)
    return text(
        locale,
        "bot.league.row",
        rank=line.rank,
        player=player,
        points=text(locale, "bot.league.points", n=number(line.points)),
        games=text(locale, "bot.league.games", n=line.games),
        opponents=shown(locale, line.opponents_points),
        average=average,
    )


def standings_text(
    locale, league: lg.League, table, names, gone, played_rounds: int, rows: int | None
) -> str:
    spec = league.spec
    if league.status == "finished":
        head = text(locale, "bot.league.standings_final", name=present.escape(spec.name))
    else:
        head = text(
            locale,
            "bot.league.standings",
            name=present.escape(spec.name),
            round=played_rounds,
            rounds=spec.rounds,
        )
    shown = table if rows is None else table[:rows]
    lines = [head, *(row_text(locale, line, names, gone) for line in shown)]
    if league.stopped is not None:
        said = text(
            locale,
            "bot.league.stopped",
            name=present.escape(spec.name),
            round=played_rounds + 1,
            creator=f"<@{spec.creator_id}>",
        )
        lines.insert(0, said)
    if rows is not None and len(table) > rows:
        lines.append(text(locale, "bot.league.more", count=len(table) - rows))
    return present.clip("\n".join(lines), present.MAX_CONTENT)


class Boards:
    """The standings message and the `/league` commands that only read."""

    def __init__(
        self, client: discord.Client, preferences: Preferences, tables: Tables, guard: Guard
    ) -> None:
        self.client, self.preferences, self.tables, self.guard = client, preferences, tables, guard
        # The running leagues' standings, kept game by game (the message is drawn after each).
        self.kept = lg.KeptStandings()

    @property
    def store(self):
        return self.tables.store

    async def _facts(self, league: lg.League):
        table = await self.kept.standings(self.store, league)
        names, gone = self.kept.people(league.id)
        done = [r for r in await lg.rounds(self.store, league.id) if r.ended_at is not None]
        return table, names, gone, len(done)

    async def picture(self, locale, league: lg.League, table, names) -> discord.File | None:
        """The standings picture with its alt text; None when the drawing workers failed (the
        text says it all the same)."""
        rows = [
            (line.rank, names.get(line.player, "?"), float(line.points))
            for line in table[:PICTURE_ROWS]
        ]
        title = league.spec.name
        png = await POOL.run(
            league_standings.standings_png,
            title,
            rows,
            text(locale, "bot.league.picture_points"),
            language(locale),
        )
        if png is None:
            return None
        alt = text(
            locale,
            "bot.league.alt",
            name=title,
            rows="; ".join(
                text(
                    locale,
                    "bot.league.alt_row",
                    rank=rank,
                    player=name,
                    points=text(locale, "bot.league.points", n=number(points)),
                )
                for rank, name, points in rows
            ),
        )
        return discord.File(
            io.BytesIO(png), filename="standings.png", description=present.clip(alt, ALT_LIMIT)
        )

    async def refresh(self, league: lg.League) -> tuple[Standing, ...]:
        """Post the league's standings message, or edit it; the standings are returned."""
        table, names, gone, played = await self._facts(league)
        channel = self.client.get_channel(league.spec.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return table
        ch = server_locale(self.preferences, league.spec.guild_id)
        content = standings_text(ch, league, table, names, gone, played, ROWS_SHOWN)
        file = await self.picture(ch, league, table, names)
        try:
            if league.standings_message_id is not None:
                message = channel.get_partial_message(league.standings_message_id)
                try:
                    await message.edit(
                        content=content,
                        attachments=[] if file is None else [file],
                        allowed_mentions=NONE,
                    )
                    return table
                except discord.NotFound:
                    pass  # deleted: posted again
                file = await self.picture(ch, league, table, names)
            extra = {} if file is None else {"file": file}
            sent = await channel.send(content, allowed_mentions=NONE, **extra)
            await lg.set_message(self.store, league.id, "standings", sent.id)
        except discord.HTTPException:
            log.warning("league %s: the standings could not be posted", league.id)
        return table

    # ------------------------------------------------------------------ commands

    @handler(defer="thinking")
    async def standings(self, interaction, locale, league_id: int | None) -> None:
        league = await find_league(self.store, interaction, league_id)
        table, names, gone, played = await self._facts(league)
        content = standings_text(locale, league, table, names, gone, played, None)
        await self.guard.reply(
            interaction, content, file=await self.picture(locale, league, table, names)
        )

    @handler(defer="thinking")
    async def mine(self, interaction, locale) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        me = interaction.user.id
        for league in await lg.leagues_of(self.store, interaction.guild_id):
            if league.status != "running":
                continue
            done = await lg.rounds(self.store, league.id)
            if not done:
                continue
            for table in await lg.tables(self.store, league.id, done[-1].number):
                if me not in table.players or table.game_id is None:
                    continue
                record = await self.store.get(table.game_id)
                names = {m.user_id: m.name for m in await lg.members(self.store, league.id)}
                others = present.listed(
                    locale,
                    [
                        text(locale, "bot.league.ai")
                        if p is None
                        else present.escape(names.get(p, "?"))
                        for p in table.players
                        if p != me
                    ],
                )
                await self.guard.reply(
                    interaction,
                    text(
                        locale,
                        "bot.league.mine",
                        name=present.escape(league.spec.name),
                        round=table.round,
                        table=table.number,
                        players=others,
                        thread=f"<#{record.channel_id}>",
                    ),
                )
                return
        raise Refusal("bot.league.mine_none")

    @handler(defer="thinking")
    async def listed(self, interaction, locale) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        found = await lg.leagues_of(self.store, interaction.guild_id)
        if not found:
            raise Refusal("bot.league.list_none")
        lines = []
        for league in found:
            done = await lg.rounds(self.store, league.id)
            status = text(
                locale,
                "bot.league.status.stopped"
                if league.stopped is not None
                else f"bot.league.status.{league.status}",
                round=len(done),
                rounds=league.spec.rounds,
            )
            lines.append(
                text(
                    locale,
                    "bot.league.list_row",
                    number=league.id,
                    name=present.escape(league.spec.name),
                    game=present.title(locale, league.spec.kind),
                    status=status,
                    count=len(await lg.members(self.store, league.id)),
                )
            )
        await self.guard.reply(interaction, present.clip("\n".join(lines), present.MAX_CONTENT))
