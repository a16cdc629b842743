"""Opening a league (`/league new`) and its one sign-up message, whose Join and Leave buttons
edit it in place with the count and the names; the message never pings anybody (the league's
name and the members' names are people's text)."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

import games
from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.guard import handler
from bot.leagues import components
from bot.leagues.names import members
from bot.lobby.opening import missing_permissions
from bot.settings.table_settings import with_clock
from bot.text import moments, present
from bot.text.i18n import channel_locale, server_locale, text
from bot.text.preferences import Preferences
from games.league_table import check_points, default_points
from storage import leagues as lg
from storage.clock import Settings

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

NONE = discord.AllowedMentions.none()


def signup_text(locale, league: lg.League, people: list[lg.Member]) -> str:
    """The sign-up message: the league's settings, how to join, who has."""
    spec = league.spec
    parts = [
        text(
            locale,
            "bot.league.signup",
            name=present.escape(spec.name),
            game=present.title(locale, spec.kind),
            rounds=spec.rounds,
            days=spec.round_seconds // 86400,
            low=spec.table_minimum,
            high=spec.table_size,
            points=", ".join(map(str, spec.points)),
        ),
        text(locale, "bot.league.signup_rated" if spec.rated else "bot.league.signup_unrated"),
    ]
    creator = f"<@{spec.creator_id}>"
    names = members(locale, people)
    if league.status == "signup":
        if spec.starts_at is not None:
            said = text(
                locale, "bot.league.signup_at", creator=creator, **moments.moment(spec.starts_at)
            )
            parts.append(said)
        else:
            parts.append(text(locale, "bot.league.signup_how", creator=creator))
        parts.append(text(locale, "bot.league.signup_count", count=len(people), names=names))
    else:
        parts.append(text(locale, "bot.league.signup_closed", count=len(people), names=names))
    return present.clip("\n".join(parts), present.MAX_CONTENT)


class Signups:
    """`/league new` and the sign-up buttons."""

    def __init__(
        self,
        client: discord.Client,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        poke: Callable[[float | None], None],
    ) -> None:
        self.client, self.preferences, self.tables = client, preferences, tables
        self.guard, self.poke = guard, poke

    @property
    def store(self):
        return self.tables.store

    @handler()
    async def new_league(
        self,
        interaction: discord.Interaction,
        locale,
        *,
        name: str,
        kind: str,
        raw_options: dict,
        size: int,
        smallest: int | None,
        rounds: int,
        days: int,
        points: str | None,
        rated: bool,
        overtime: str,
        reminders: str | None,
        turn_limit: str | None,
        starts_in: int | None,
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        await self.check_organiser(interaction)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal("bot.error.league_here")
        missing = missing_permissions(interaction, thread=True)
        if missing:
            names = ", ".join(text(locale, f"bot.permission.{m}") for m in missing)
            raise Refusal("bot.error.bot_permissions", missing=names)
        name, minimum, size, scale, options, settings = checked(
            name, kind, raw_options, size, smallest, points, reminders, turn_limit
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        spec = lg.LeagueSpec(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            name=name,
            kind=kind,
            options=options,
            table_size=size,
            table_minimum=minimum,
            rounds=rounds,
            round_seconds=days * 86400,
            points=scale,
            rated=rated,
            overtime=overtime if overtime in lg.OVERTIME else "clock",
            reminders=settings.reminders,
            turn_limit=settings.turn_limit,
            creator_id=interaction.user.id,
            seed=secrets.token_hex(16),
            starts_at=None if starts_in is None else now() + starts_in * 3600,
        )
        league = await lg.create_league(self.store, spec)
        ch = channel_locale(self.preferences, interaction)
        sent = await channel.send(
            signup_text(ch, league, []),
            view=components.signup_view(ch, league.id),
            allowed_mentions=NONE,
        )
        await lg.set_message(self.store, league.id, "signup", sent.id)
        if spec.starts_at is not None:
            self.poke(spec.starts_at)
        await self.guard.reply(
            interaction, text(locale, "bot.league.created", name=present.escape(name))
        )

    async def check_organiser(self, interaction: discord.Interaction) -> None:
        """Manage Server, or the role the server named for leagues (`/league organisers`)."""
        perms = interaction.permissions
        if perms is not None and perms.manage_guild:
            return
        role = await lg.organiser_role(self.store, interaction.guild_id)
        if role is None:
            raise Refusal("bot.error.league_not_allowed")
        roles = getattr(interaction.user, "roles", [])
        if not any(r.id == role for r in roles):
            raise Refusal("bot.error.league_not_organiser", role=f"<@&{role}>")

    @handler(defer="private")
    async def organisers(
        self, interaction: discord.Interaction, locale, role: discord.Role | None, off: bool
    ) -> None:
        """`/league organisers`: (Manage Server) the role whose members may open leagues too."""
        if interaction.guild_id is None:
            raise Refusal("bot.error.guild_only")
        perms = interaction.permissions
        if perms is None or not perms.manage_guild:
            raise Refusal("bot.error.league_organisers")
        if off:
            await lg.set_organiser_role(self.store, interaction.guild_id, None)
        elif role is not None:
            await lg.set_organiser_role(self.store, interaction.guild_id, role.id)
        named = await lg.organiser_role(self.store, interaction.guild_id)
        if named is None:
            said = text(locale, "bot.league.organisers_none")
        else:
            said = text(locale, "bot.league.organisers", role=f"<@&{named}>")
        await self.guard.reply(interaction, said)

    @handler(defer="update")
    async def press(self, interaction: discord.Interaction, locale, league_id: int, op: str):
        """Join or Leave on the sign-up message: the message is edited with the new count."""
        league = await lg.league(self.store, league_id, interaction.guild_id)
        if league is None:
            raise Refusal("bot.error.league_unknown")
        if league.status != "signup":
            raise Refusal("bot.error.league_started")
        user = interaction.user
        if op == "join":
            if not await lg.join_league(self.store, league.id, user.id, user.display_name):
                raise Refusal("bot.error.league_joined")
            said = "bot.league.joined"
        else:
            if not await lg.leave_league(self.store, league.id, user.id):
                raise Refusal("bot.error.league_not_member")
            said = "bot.league.unjoined"
        people = await lg.members(self.store, league.id)
        ch = server_locale(self.preferences, league.spec.guild_id)
        await interaction.edit_original_response(
            content=signup_text(ch, league, people),
            view=components.signup_view(ch, league.id),
            allowed_mentions=NONE,
        )
        await self.guard.reply(
            interaction, text(locale, said, name=present.escape(league.spec.name))
        )

    async def refresh(self, league: lg.League) -> None:
        """The sign-up message again after a member left by command."""
        await self.close(league, await lg.members(self.store, league.id))

    async def close(self, league: lg.League, people: list[lg.Member]) -> None:
        """The sign-up message with `people`; once the season has started (`league.status`) it
        has no buttons and says who plays."""
        if league.signup_message_id is None:
            return
        channel = self.client.get_channel(league.spec.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        ch = server_locale(self.preferences, league.spec.guild_id)
        view = components.signup_view(ch, league.id) if league.status == "signup" else None
        # Deleted, or Discord does not answer: the season goes on all the same.
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(league.signup_message_id).edit(
                content=signup_text(ch, league, people), view=view, allowed_mentions=NONE
            )


def checked(name, kind, raw_options, size, smallest, points, reminders, turn_limit):
    """`/league new`'s values as the league keeps them, or the refusal of the first bad one."""
    name = name.strip()
    if not 1 <= len(name) <= 80:
        raise Refusal("bot.error.league_name", high=80)
    engine = games.get(kind)
    size = max(engine.min_players, min(size, engine.max_players))
    low = max(engine.min_players, 2)
    minimum = max(low, size - 1) if smallest is None else smallest
    if not low <= minimum <= size:
        raise Refusal("bot.error.league_minimum", high=size)
    scale = parse_points(points, size)
    try:
        options = engine.options(raw_options)
    except games.OptionError as exc:
        raise Refusal("bot.error.bad_option", reason=exc.msg) from None
    settings = with_clock(Settings(), reminders, turn_limit)
    return name, minimum, size, scale, options, settings


def parse_points(points: str | None, size: int) -> tuple[int, ...]:
    """The league's points per place from what was typed ("6,4,2,0"), or the default."""
    if points is None:
        return default_points(size)
    example = ",".join(map(str, default_points(size)))
    try:
        values = [int(p) for p in points.replace(";", ",").split(",")]
        return check_points(values, size)
    except ValueError:
        raise Refusal("bot.error.league_points", count=size, example=example) from None
