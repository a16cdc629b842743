"""`/game history stats` and `/game history leaderboard`: a member's figures per game in this server with the
chart of their rating, and the server's best ten in one game.

Ratings are OpenSkill's (see `storage.ratings`): shown as the estimate plus or minus its
uncertainty; the leaderboard sorts by the estimate minus three uncertainties, so a player climbs
it by playing, not by one lucky game. The AI's seats are rated per level and take part.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from babel.numbers import format_decimal

from bot.discord_io.guard import handler
from bot.text import lengths, present
from bot.text.i18n import escape, language, text
from bot.text.lengths import clip
from bot.text.openings import opening_text
from render.rating_chart import rating_chart_png
from storage import history as past
from storage.ratings import LEADERBOARD_GAMES, ai_level, user_identity, user_of

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

CHART_FILE = "rating.png"
# The chart shows a member's latest rated games, however many they played.
CHART_POINTS = 200


def number(locale, value: float) -> str:
    return format_decimal(round(value, 1), format="#,##0.0", locale=language(locale))


def chart_alt(locale, name: str, chart) -> str:
    """The rating chart's alt text: each game's rating at the first and the last game shown."""
    lines = [text(locale, "bot.stats.chart", name=name) + ":"]
    for game, series in chart:
        if not series:
            continue
        lines.append(
            text(
                locale,
                "bot.stats.chart_alt",
                game=game,
                first=number(locale, series[0][0]),
                last=number(locale, series[-1][0]),
                games=text(locale, "bot.stats.games", n=len(series)),
            )
        )
    return " ".join(lines)


class Statistics:
    """`/game history stats` and `/game history leaderboard`."""

    def __init__(self, tables: Tables, guard: Guard) -> None:
        self.tables, self.guard = tables, guard

    @handler(defer="thinking")
    async def show_stats(self, interaction: discord.Interaction, locale, member) -> None:
        who = member or interaction.user
        name = escape(who.display_name)
        player = user_identity(who.id)
        found = await past.stats(self.tables.store, interaction.guild_id, player)
        if not found:
            await self.guard.reply(interaction, text(locale, "bot.stats.none", name=name))
            return
        lines = [text(locale, "bot.stats.title", name=name)]
        chart = []
        for kind_stats in found:
            lines.append(self._kind_line(locale, kind_stats))
            if kind_stats.favourite_opening:
                opening = opening_text(locale, kind_stats.favourite_opening)
                lines.append(text(locale, f"bot.stats.opening.{kind_stats.kind}", opening=opening))
            rating = kind_stats.rating
            if rating is None:
                lines.append(text(locale, "bot.stats.unrated"))
                continue
            lines.append(
                text(
                    locale,
                    "bot.stats.rating",
                    mu=number(locale, rating.mu),
                    sigma=number(locale, rating.sigma),
                    games=text(locale, "bot.stats.games", n=rating.games),
                )
            )
            series = await past.rating_series(
                self.tables.store, interaction.guild_id, player, kind_stats.kind, CHART_POINTS
            )
            chart.append((present.title(locale, kind_stats.kind), series))
        file = None
        if chart:
            png = await asyncio.to_thread(
                rating_chart_png,
                text(locale, "bot.stats.chart", name=who.display_name),
                chart,
                text(locale, "bot.stats.chart_x"),
                text(locale, "bot.stats.chart_y"),
            )
            alt = chart_alt(locale, who.display_name, chart)
            file = discord.File(
                io.BytesIO(png), filename=CHART_FILE, description=clip(alt, lengths.ALT_TEXT)
            )
        await self.guard.reply(interaction, "\n".join(lines), file=file)

    def _kind_line(self, locale, found: past.KindStats) -> str:
        return text(
            locale,
            "bot.stats.kind",
            game=present.title(locale, found.kind),
            games=text(locale, "bot.stats.games", n=found.games),
            wins=text(locale, "bot.stats.wins", n=found.wins),
            place=number(locale, found.average_place),
            score=number(locale, found.average_score),
            best=found.best_score,
            best_game=found.best_game,
        )

    @handler(defer="thinking")
    async def show_leaderboard(self, interaction: discord.Interaction, locale, kind: str) -> None:
        best = await past.leaderboard(self.tables.store, interaction.guild_id, kind)
        title = present.title(locale, kind)
        if not best:
            await self.guard.reply(
                interaction,
                text(locale, "bot.leaderboard.none", least=LEADERBOARD_GAMES, game=title),
            )
            return
        named = await past.names(self.tables.store, interaction.guild_id, [p for p, _ in best])
        lines = [text(locale, "bot.leaderboard.title", game=title, least=LEADERBOARD_GAMES)]
        for rank, (player, rating) in enumerate(best, start=1):
            lines.append(
                text(
                    locale,
                    "bot.leaderboard.row",
                    rank=rank,
                    name=self._rated_name(locale, player, named),
                    mu=number(locale, rating.mu),
                    sigma=number(locale, rating.sigma),
                    games=text(locale, "bot.stats.games", n=rating.games),
                )
            )
        await self.guard.reply(interaction, "\n".join(lines))

    @staticmethod
    def _rated_name(locale, player: str, named: dict[str, str]) -> str:
        level = ai_level(player)
        if level is not None:
            return (
                "**"
                + text(locale, "bot.leaderboard.ai", level=text(locale, f"bot.ai.word.{level}"))
                + "**"
            )
        if player in named:
            return "**" + escape(named[player]) + "**"
        if user_of(player) is not None:
            return f"<@{user_of(player)}>"
        return text(locale, "bot.leaderboard.somebody")
