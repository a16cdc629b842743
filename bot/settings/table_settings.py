"""The table's clock settings, muting reminders, and `/game mine` (where is it my turn?)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.guard import handler
from bot.discord_io.turn_messages import message_link
from bot.text import present
from bot.text.i18n import text
from storage.clock import REMINDER_CHOICES, TURN_LIMIT_CHOICES, Settings, SettingsError, WaitPlan
from storage.clock import scheduled as rescheduled

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

# `/game mine` lists at most this many games (one message).
MINE_LIMIT = 20


def parse_setting(value: str, allowed) -> int | None:
    if value == "off":
        return None
    try:
        seconds = int(value)
    except ValueError:
        raise Refusal("bot.error.bad_setting") from None
    if seconds not in allowed:
        raise Refusal("bot.error.bad_setting")
    return seconds


def with_clock(settings: Settings, reminders: str | None, turn_limit: str | None) -> Settings:
    """`settings` with the reminder interval and the turn limit a command gave (None: as they
    were); a value not offered is refused."""
    if reminders is not None:
        settings = replace(settings, reminders=parse_setting(reminders, REMINDER_CHOICES))
    if turn_limit is not None:
        settings = replace(settings, turn_limit=parse_setting(turn_limit, TURN_LIMIT_CHOICES))
    return settings


class TableSettings:
    """The table's reminders and turn limit, a player's muting, `/game mine`."""

    def __init__(self, tables: Tables, guard: Guard, poke: Callable[[], None]) -> None:
        self.tables, self.guard, self.poke = tables, guard, poke

    @handler(defer="thinking")
    async def set_explanations(self, interaction, locale, on: bool) -> None:
        """A member's explanations of each kind of decision met for the first time, in all
        their games (`/game settings explanations:`)."""
        await self.tables.lessons.set_explaining(interaction.user.id, on)
        await self.guard.reply(
            interaction, text(locale, "bot.learn.explaining" if on else "bot.learn.not_explaining")
        )

    @handler(defer="thinking")
    async def show_settings(
        self,
        interaction,
        locale,
        reminders: str | None,
        turn_limit: str | None,
        explanations: bool | None = None,
    ):
        """`/game settings`: shows the table's clock; in the lobby its creator may change it.
        `explanations`, given with a change of the clock, is the member's own setting and
        takes effect with it; if the clock's change is refused, neither is made (one command,
        one outcome), and the refusal says how to change the explanations alone."""
        try:
            record = await self._clock(interaction, reminders, turn_limit)
        except Refusal as refusal:
            if explanations is None:
                raise
            reason = text(locale, refusal.key, **refusal.params)
            raise Refusal(
                "bot.learn.settings_unchanged", reason=reason, value=str(explanations)
            ) from None
        lines = [text(locale, "bot.settings.title", game=present.title(locale, record.kind))]
        lines += present.clock_lines(locale, record.settings)
        seat = record.seat_of(interaction.user.id)
        if seat is not None and record.seats[seat].muted:
            lines.append(text(locale, "bot.settings.you_muted"))
        if explanations is not None:
            await self.tables.lessons.set_explaining(interaction.user.id, explanations)
            key = "bot.learn.explaining" if explanations else "bot.learn.not_explaining"
            lines += ["", text(locale, key)]
        await self.guard.reply(interaction, "\n".join(lines))

    async def _clock(self, interaction, reminders: str | None, turn_limit: str | None):
        """The game here, with the table's clock changed as asked (in the lobby, by its
        creator), or a refusal before anything is written."""
        record = await self.tables.game_here(interaction.channel_id)
        if reminders is not None or turn_limit is not None:
            async with self.tables.lock(interaction.channel_id):
                record = await self.tables.game_here(interaction.channel_id)
                if record.status != "lobby":
                    raise Refusal("bot.error.settings_started")
                if interaction.user.id != record.creator_id:
                    raise Refusal(
                        "bot.error.not_creator_settings", creator=f"<@{record.creator_id}>"
                    )
                changed = with_clock(record.settings, reminders, turn_limit)
                try:
                    record = await self.tables.store.set_settings(record.id, changed)
                except SettingsError:
                    raise Refusal("bot.error.bad_setting") from None
        return record

    @handler(defer="thinking")
    async def mute(self, interaction, locale, on: bool) -> None:
        """`/game reminders off|on`: this player's reminders for the game here."""
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, None)
            seat = self.tables.seat_of(record, interaction.user.id)
            record = await self.tables.store.set_seat_flags(record.id, seat, muted=not on)
            waits = await self.tables.store.waits(record.id)
            mine = [w for w in waits if w.seat == seat]
            if mine:
                again = rescheduled(mine[0], record.settings, not on)
                others = tuple(w.seat for w in waits if w.seat != seat)
                await self.tables.store.put_waits(record.id, WaitPlan(others, (again,)))
                self.poke()
        await self.guard.reply(
            interaction, text(locale, "bot.reminders.on" if on else "bot.reminders.off")
        )

    @handler(defer="thinking")
    async def mine(self, interaction: discord.Interaction, locale) -> None:
        """Every lobby and game of the user (in this server, or everywhere from a DM)."""
        found = await self.tables.store.games_of(interaction.user.id, interaction.guild_id)
        if not found:
            await self.guard.reply(interaction, text(locale, "bot.mine.none"))
            return
        at = now()
        lines = [text(locale, "bot.mine.title")]
        away = self.tables.away
        mine_until = away.until(interaction.guild_id or 0, interaction.user.id, at)
        if interaction.guild_id is not None and mine_until is not None:
            lines.append(text(locale, "bot.away.you", date=present.date(mine_until)))
        for record, seat, wait in found[:MINE_LIMIT]:
            game = present.table_title(locale, record)
            where = message_link(record, None)
            if record.status == "lobby":
                lines.append(text(locale, "bot.mine.lobby", game=game, channel=where))
            elif wait is None:
                lines.append(text(locale, "bot.mine.others", game=game, channel=where))
            elif wait.deadline is None:
                waited = present.duration(locale, at - wait.since)
                lines.append(
                    text(locale, "bot.mine.yours", game=game, channel=where, waited=waited)
                )
            else:
                lines.append(
                    text(
                        locale,
                        "bot.mine.yours_left",
                        game=game,
                        channel=where,
                        waited=present.duration(locale, at - wait.since),
                        left=present.duration(locale, max(0.0, wait.deadline - at)),
                    )
                )
            others = away.of_seats(record, at) if record.status == "active" else {}
            lines.extend(
                present.away_line(locale, record, s, until)
                for s, until in others.items()
                if s != seat
            )
        if len(found) > MINE_LIMIT:
            lines.append(text(locale, "bot.mine.more", count=len(found) - MINE_LIMIT))
        await self.guard.reply(interaction, "\n".join(lines))
