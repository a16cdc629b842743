"""`/game quiet`: a member's quiet hours, in their own time zone, for all their games.

`/game quiet from:22 to:8 timezone:Europe/Rome` sets them, `/game quiet off:True` ends them,
`/game quiet` alone says what is set. They belong to the person, not to a server: the DMs they
silence reach the person wherever they play. What the hours do is in `bot/discord_io/quiet_members.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.quiet_hours import QuietHours, closest_zones, known_zone, zone_choices
from bot.core.timing import now
from bot.discord_io.guard import handler
from bot.text.i18n import text
from games.text import OR, joined

if TYPE_CHECKING:
    from bot.discord_io.guard import Guard
    from bot.discord_io.quiet_members import Quiet


async def timezone_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in zone_choices(current)]


def hours_line(locale, hours: QuietHours) -> str:
    return text(
        locale,
        "bot.quiet.set",
        start=f"{hours.start:02d}:00",
        end=f"{hours.end:02d}:00",
        zone=hours.zone,
    )


class QuietSetting:
    """`/game quiet` (the guard answers and runs it); `quiet` keeps the hours."""

    def __init__(self, guard: Guard, quiet: Quiet) -> None:
        self.guard = guard
        self.quiet = quiet

    @handler()
    async def choose(
        self,
        interaction: discord.Interaction,
        locale,
        start: int | None,
        end: int | None,
        zone: str | None,
        off: bool,
    ) -> None:
        user = interaction.user.id
        given = [v for v in (start, end, zone) if v is not None]
        if off:
            if given:
                raise Refusal("bot.quiet.off_and_hours")
            if user not in self.quiet.hours:
                raise Refusal("bot.quiet.none_to_end")
            await self.quiet.choose(user, None)
            await self.guard.reply(interaction, text(locale, "bot.quiet.ended"))
            return
        if not given:
            current = self.quiet.hours.get(user)
            shown = (
                text(locale, "bot.quiet.none") if current is None else hours_line(locale, current)
            )
            await self.guard.reply(interaction, shown)
            return
        if len(given) < 3:
            raise Refusal("bot.quiet.incomplete")
        if not (0 <= start <= 23 and 0 <= end <= 23):
            raise Refusal("bot.quiet.bad_hour")
        if start == end:
            raise Refusal("bot.quiet.same_hours")
        name = known_zone(zone)
        if name is None:
            near = closest_zones(zone)
            if near:
                offered = joined([f"`{n}`" for n in near], *OR)
                raise Refusal("bot.quiet.bad_zone", typed=zone, near=offered)
            raise Refusal("bot.quiet.bad_zone_far", typed=zone)
        hours = QuietHours(start, end, name)
        await self.quiet.choose(user, hours)
        lines = [hours_line(locale, hours), text(locale, "bot.quiet.clock")]
        if self.quiet.until(user, now()) is not None:
            lines.append(text(locale, "bot.quiet.now"))
        await self.guard.reply(interaction, "\n".join(lines))
