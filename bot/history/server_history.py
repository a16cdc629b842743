"""`/game history list`: the server's ended games, newest first, a page at a time, for everybody or
one member and one game; Newest / Newer / Older buttons page through them.

A button's custom id carries the filters and the ending it pages from, never the server: that
comes from the press itself, so a copied button shows the games of the server it is pressed in.

    hp:<member id or 0>:<all|game name>:<f|n|o>:<seq>   newest, newer than, older than
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.errors import Refusal
from bot.discord_io import components
from bot.discord_io.guard import handler
from bot.history.past import MAX_ID, how_ended, timestamp
from bot.text import present
from bot.text.i18n import escape, text
from storage import history as past
from storage.ratings import user_identity
from storage.records import Seat

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

# Eight games fill a message: four long names and the links of each still fit in 2,000 characters.
PAGE = 8
NAME_LENGTH = 24


# The kinds a page can be filtered by: every game of the registry (ids made before stay valid).
def _template(kinds) -> str:
    return (
        r"hp:(?P<member>\d{1,20}):(?P<kind>all|"
        + "|".join(kinds)
        + r"):(?P<op>[fno]):(?P<seq>\d{1,19})"
    )


def page_view(locale: Any, member: int, kind: str | None, shown: past.Page) -> discord.ui.View:
    view = components.new_view()
    if not shown.endings:
        return view
    which = kind or "all"
    newest_first, oldest = shown.endings[0].seq, shown.endings[-1].seq
    has_newer = shown.newer > 0
    has_older = shown.newer + len(shown.endings) < shown.total
    for op, seq, usable in (
        ("f", 0, has_newer),
        ("n", newest_first, has_newer),
        ("o", oldest, has_older),
    ):
        label = text(
            locale,
            {"f": "bot.history.newest", "n": "bot.history.newer", "o": "bot.history.older"}[op],
        )
        button = HistoryButton(member, which, op, seq, label)
        button.item.disabled = not usable
        view.add_item(button)
    return view


def _length(locale: Any, started: str, ended: str) -> str:
    seconds = (datetime.fromisoformat(ended) - datetime.fromisoformat(started)).total_seconds()
    if seconds < 3600:
        return text(locale, "bot.history.short")
    return present.duration(locale, seconds)


def _name(locale: Any, placing: past.Placing) -> str:
    seat = Seat(placing.seat, placing.user_id, placing.name, placing.controller)
    return escape(present.clip(present.display_name(seat, locale), NAME_LENGTH))


def page_text(locale: Any, shown: past.Page, filters: str) -> str:
    if not shown.endings:
        return text(locale, "bot.history.none", filters=filters)
    lines = [
        text(
            locale,
            "bot.history.title",
            filters=filters,
            first=shown.newer + 1,
            last=shown.newer + len(shown.endings),
            total=shown.total,
        )
    ]
    for ending in shown.endings:
        lines.append(
            text(
                locale,
                "bot.history.game",
                id=ending.game_id,
                game=present.title(locale, ending.kind),
                when=timestamp(ending.ended_at, "d"),
                channel=f"<#{ending.channel_id}>",
                moves=text(locale, "bot.history.moves", n=ending.moves),
                length=_length(locale, ending.started_at, ending.ended_at),
                how=how_ended(locale, ending.how),
            )
        )
        lines.append(
            "   "
            + " · ".join(
                text(locale, "bot.past.row", place=p.place, name=_name(locale, p), score=p.score)
                for p in ending.placings
            )
        )
    return present.clip(present.end_lists("\n".join(lines)), present.MAX_CONTENT)


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=_template(games.NAMES),
):
    def __init__(self, member: int, kind: str, op: str, seq: int, label: str = "?") -> None:
        super().__init__(
            components.button(
                label, discord.ButtonStyle.secondary, f"hp:{member}:{kind}:{op}:{seq}"
            )
        )
        self.member, self.kind, self.op, self.seq = member, kind, op, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["member"]), match["kind"], match["op"], int(match["seq"]), item.label or "?"
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        kind = None if self.kind == "all" else self.kind
        await interaction.client.services.history.history_page(
            interaction, self.member, kind, self.op, self.seq
        )


HistoryButton.__discord_ui_compiled_template__ = components.GamesTemplate(_template)


class HistoryViews:
    """`/game history list` and its pages."""

    def __init__(self, tables: Tables, guard: Guard) -> None:
        self.tables, self.guard = tables, guard

    async def _history(self, locale, guild_id: int, member: int, kind, **where) -> tuple:
        player = user_identity(member) if member else None
        shown = await past.page(
            self.tables.store, guild_id, player=player, kind=kind, size=PAGE, **where
        )
        filters = ""
        if member:
            name = await self._member_name(guild_id, member, shown)
            filters += text(locale, "bot.history.member", name=name)
        if kind is not None:
            filters += text(locale, "bot.history.kind", game=present.title(locale, kind))
        return page_text(locale, shown, filters), page_view(locale, member, kind, shown)

    async def _member_name(self, guild_id: int, member: int, shown: past.Page) -> str:
        for ending in shown.endings:
            for placing in ending.placings:
                if placing.user_id == member:
                    return escape(placing.name)
        return f"<@{member}>"

    @handler(defer="thinking")
    async def show_history(
        self,
        interaction: discord.Interaction,
        locale,
        member: discord.Member | None,
        kind: str | None,
    ) -> None:
        member_id = 0 if member is None else member.id
        content, view = await self._history(locale, interaction.guild_id, member_id, kind)
        await self.guard.reply(interaction, content, view=view)

    @handler()
    async def history_page(
        self,
        interaction: discord.Interaction,
        locale,
        member: int,
        kind: str | None,
        op: str,
        seq: int,
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        await interaction.response.defer()
        # A forged id may carry a number beyond SQLite's integers.
        bound = min(seq, MAX_ID)
        where = {"o": {"older_than": bound}, "n": {"newer_than": bound}}.get(op, {})
        content, view = await self._history(locale, interaction.guild_id, member, kind, **where)
        await interaction.edit_original_response(
            content=content, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        view.stop()
