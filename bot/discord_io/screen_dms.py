"""Private screens by direct message: one DM per player and game, edited as holdings change.

A DM is a courtesy, never a condition for play: closed DMs are said once in the channel (the
player then uses `/game screen`), Discord being busy is waited out (`dm_channels.py`), and a DM
that still fails (a Discord outage, a timeout) is left to the outbox, which brings the player's
screen up to date from the stored game later: the move that caused it is already saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core import metrics
from bot.core.published import Published
from bot.core.state_cache import StateCache
from bot.discord_io import pictures
from bot.discord_io.dm_channels import CANNOT_DM, DmChannels
from bot.discord_io.look_back import unknown
from bot.discord_io.outbox import UNDELIVERED
from bot.discord_io.turn_messages import nonce
from bot.text import lengths, present
from bot.text.i18n import escape, game_locale, text
from bot.text.means import means_of
from bot.text.recap import recap
from games import Decision
from storage import GameRecord

if TYPE_CHECKING:
    from bot.core.game_log import GameLogs
    from bot.core.tables import Tables
    from bot.discord_io.outbox import Outbox
    from bot.discord_io.quiet_members import Quiet
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)

# Screen DMs whose place is remembered (the players of the games played lately).
SCREENS_KEPT = 2048
# The outbox item of a seat's screen DM: "screen:<seat>".
SCREEN = "screen"


def private_part(view: Any) -> Any:
    """The part of a player view that lies behind the player's screen (the view minus `public`)."""
    if dataclasses.is_dataclass(view):
        return {
            f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "public"
        }
    return view


@dataclasses.dataclass
class Pending:
    """A screen waiting for its DM: the newest view of the seat, everything it alone was told
    since its DM was last brought up to date, since when (`time.perf_counter`) it has waited, and
    the channel's message it follows (`after`: done once that message is out or failed), and
    the decision that waits for the seat, if any (`deciding`: the DM then opens with what the
    others did since the seat's last decision, and shows the seat's means for it)."""

    record: GameRecord
    view: Any
    told: list
    over: bool
    since: float
    after: asyncio.Future
    deciding: Decision | None = None


@dataclasses.dataclass(frozen=True)
class ScreenDm:
    """A screen DM as composed: its text, its picture's PNG (None: given up) and alt text,
    and the text boards of a member who reads boards as text."""

    seat: int
    user_id: int
    content: str
    data: bytes | None
    alt: str
    embeds: list


def screen_item(seat: int) -> str:
    return f"{SCREEN}:{seat}"


class ScreenDms:
    """`tables` gives the state cache; `quiet`: who is in their quiet hours, whose screen DM
    waits until they end; `logs`: the games' logs as moves, for the recap of a DM whose seat
    decides; `outbox` tries again the screen DMs that failed."""

    def __init__(
        self,
        client: discord.Client,
        preferences: Preferences,
        tables: Tables,
        quiet: Quiet,
        logs: GameLogs,
        outbox: Outbox,
    ) -> None:
        self.client, self.preferences = client, preferences
        self.tables = tables
        self.quiet = quiet
        self.logs = logs
        self.outbox = outbox
        outbox.register(SCREEN, self.redeliver)
        # (game id, seat) -> what that seat alone was told in DMs that failed, told with the
        # outbox's next try (lost with a restart: the screen itself is not).
        self.untold: dict[tuple[int, int], list] = {}
        # user id -> last locale seen, so their DMs speak their language.
        self.locales = preferences.member_locales
        # (game id, note key) -> the player's screen DM as its note says "channel:message":
        # a move edits it without asking the store where it is. The note stays the truth
        # (restarts read it); only this process writes it.
        self.screens = StateCache(SCREENS_KEPT)
        # (game id, seat) -> the private part its DM shows, so a move compares with what the
        # player sees instead of computing every seat's view before the move too.
        self.shown = StateCache(SCREENS_KEPT)
        # (game id, note key) -> (the DM's note, a digest of the picture it shows): a DM whose
        # words change but whose picture would not (a line told to the player alone) keeps its
        # picture instead of uploading the same one again.
        self.pictured = StateCache(SCREENS_KEPT)
        # (game id, seat) -> the screen waiting for its DM, and the task delivering that seat's
        # DMs one after the other. A move that changes a screen whose DM is still being drawn
        # or sent replaces the waiting one: a busy table's quick moves cost one picture, the
        # DM always ends on the newest screen, and nothing told is dropped.
        self.pending: dict[tuple[int, int], Pending] = {}
        self.couriers: dict[tuple[int, int], asyncio.Task] = {}
        # Where each player's DMs go, opened at a steady pace and kept.
        self.channels = DmChannels(client)

    @property
    def store(self):
        return self.tables.store

    def locale_of(self, user_id: int, record: GameRecord | None = None) -> discord.Locale | str:
        """What a player reads alone: their own Discord language once they have interacted
        (and we speak it), else the language of the game's channel."""
        found = self.locales.get(user_id)
        if found is not None:
            return found
        if record is None:
            return "en"
        return self.channel_locale_of(record)

    def channel_locale_of(self, record: GameRecord) -> discord.Locale | str:
        return game_locale(self.preferences, record)

    def where(self, locale: Any, record: GameRecord) -> str:
        """The game's channel and server in plain words (a mention reads "#unknown" in DMs)."""
        if record.in_dms:
            return text(locale, "bot.dm.where_dm")
        channel = self.client.get_channel(record.channel_id)
        guild = self.client.get_guild(record.guild_id)
        if channel is None or guild is None or not hasattr(channel, "name"):
            return f"<#{record.channel_id}>"
        return text(locale, "bot.dm.where", channel=escape(channel.name), server=escape(guild.name))

    def queue(self, published: Published, announced: asyncio.Future) -> None:
        """After a move: DM every player whose screen changed (or who was told something
        alone); at the end of the game every player's screen DM is brought to its final
        figures. The pictures are drawn while the channel's message is; each DM is sent once
        that message is out (`announced` done), so the table's news comes first."""
        record, before, after = published.record, published.before, published.state
        events = published.events
        engine = games.get(record.kind)
        if record.options.get("open_holdings"):
            # Nothing lies behind a screen: the board shows every holding, and what a player
            # is told alone (a forced step) the table can see happen anyway.
            return
        over = engine.is_over(after)
        deciding = {d.seat: d for d in engine.pending(after)} if not over else {}
        for seat in range(len(record.seats)):
            if not present.played_by_person(record, seat):
                continue  # the AI reads no DMs
            key = (record.id, seat)
            view = engine.player_view(after, seat)
            told = [e for e in events if e.only_for == seat]
            waiting = self.pending.get(key)
            if waiting is not None:
                waiting.record, waiting.view, waiting.after = record, view, announced
                waiting.told.extend(told)
                waiting.over = waiting.over or over
                waiting.deciding = deciding.get(seat)
            else:
                if key in self.shown:
                    shown = self.shown.get(key)
                else:
                    shown = (
                        None if before is None else private_part(engine.player_view(before, seat))
                    )
                if shown == private_part(view) and not told and not over:
                    continue
                self.pending[key] = Pending(
                    record, view, told, over, time.perf_counter(), announced, deciding.get(seat)
                )
            if key not in self.couriers:
                self.couriers[key] = asyncio.create_task(self._courier(key))

    def hand_over(self, record: GameRecord, state: Any, seat: int) -> None:
        """Whoever takes a seat gets its screen by DM at once, not at its next change."""
        if record.options.get("open_holdings") or not present.played_by_person(record, seat):
            return
        engine = games.get(record.kind)
        key = (record.id, seat)
        view = engine.player_view(state, seat)
        deciding = next((d for d in engine.pending(state) if d.seat == seat), None)
        # What the seat's DM showed before was another person's (or nobody's) DM.
        self.shown.pop(key, None)
        now = asyncio.get_running_loop().create_future()
        now.set_result(None)
        waiting = self.pending.get(key)
        if waiting is not None:
            waiting.record, waiting.view, waiting.after = record, view, now
            waiting.deciding = deciding
        else:
            over = engine.is_over(state)
            self.pending[key] = Pending(
                record, view, [], over, time.perf_counter(), now, None if over else deciding
            )
        if key not in self.couriers:
            self.couriers[key] = asyncio.create_task(self._courier(key))

    async def redeliver(self, game_id: int, item: str) -> None:
        """The outbox's turn: the seat's screen as the stored game has it now, to whoever
        holds the seat (its courier reports to the outbox how that went)."""
        seat = int(item.partition(":")[2])
        record = await self.store.get(game_id)
        if (
            seat >= len(record.seats)
            or record.options.get("open_holdings")
            or not present.played_by_person(record, seat)
        ):
            await self.outbox.done(game_id, item)
            return
        self.hand_over(record, self.tables.state_of(record), seat)

    async def _courier(self, key: tuple[int, int]) -> None:
        try:
            while (job := self.pending.pop(key, None)) is not None:
                seat = key[1]
                if await self.quiet.hold(job.record.seats[seat].user_id, job.record, "screen"):
                    # Its DM is brought up to date when the quiet hours end; until then it
                    # shows what it showed, and the next change compares with that.
                    continue
                # What the DM will show: the next change compares with it, not with the DM
                # still being sent.
                self.shown[key] = private_part(job.view)
                told = [*self.untold.pop(key, ()), *job.told]
                try:
                    await self._dm_screen(job.record, seat, job.view, told, job.after, job.deciding)
                except UNDELIVERED as exc:
                    self.shown.pop(key, None)
                    self.untold[key] = told
                    log.warning(
                        "game %s: could not DM seat %s its screen (HTTP %s, code %s);"
                        " it is tried again later",
                        job.record.id,
                        seat,
                        getattr(exc, "status", None),
                        getattr(exc, "code", None),
                    )
                    await self.outbox.failed(job.record.id, screen_item(seat), exc)
                    continue
                await self.outbox.done(job.record.id, screen_item(seat))
                self.delivered(time.perf_counter() - job.since)
        except BaseException:
            self.shown.pop(key, None)
            raise
        finally:
            self.couriers.pop(key, None)

    def delivered(self, waited: float) -> None:
        """A screen DM is up to date, `waited` seconds after the change it shows."""
        metrics.screen_dm(waited)

    async def idle(self) -> None:
        """Wait until every screen DM is up to date (shutdown and the benchmarks use it)."""
        while self.couriers:
            await asyncio.gather(*list(self.couriers.values()), return_exceptions=True)

    async def close(self, grace: float = 5.0) -> None:
        """Let the DMs under way finish for a few seconds, then stop them (the next change
        of each screen brings its DM up to date)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.idle(), grace)
        for task in list(self.couriers.values()):
            task.cancel()

    async def _dm_screen(
        self,
        record: GameRecord,
        seat: int,
        view: Any,
        told: list,
        after: asyncio.Future,
        deciding: Decision | None = None,
    ) -> None:
        """The seat's screen DM brought up to date, once the channel's message is out."""
        screen = await self._compose(record, seat, view, told, after, deciding)
        await self._deliver(record, screen)

    async def _compose(
        self,
        record: GameRecord,
        seat: int,
        view: Any,
        told: list,
        after,
        deciding: Decision | None,
    ) -> ScreenDm:
        """What the DM shows: what happened since the seat last decided (when it decides
        now), the figures, what it was told alone, the picture (drawn while the channel's
        message is posted, waited for once it is out) and the text boards if asked for."""
        user_id = record.seats[seat].user_id
        locale = self.locale_of(user_id, record)
        names = present.seat_names(record, locale)
        since = ""
        if deciding is not None:
            since = recap(locale, record, await self.logs.steps(self.store, record), seat)
        lines = [
            *([since, ""] if since else []),
            text(
                locale,
                "bot.dm.title",
                game=present.title(locale, record.kind),
                channel=self.where(locale, record),
            ),
            present.figures(locale, record.kind, view),
            *self._means(locale, record, view, deciding),
            *present.private_events(locale, told, seat, names),
        ]
        content = present.clip("\n".join(lines), present.MAX_CONTENT)
        picture = asyncio.ensure_future(
            pictures.screen_png(view, names, locale, priority=pictures.LATER)
        )
        try:
            # Whether the announcement was posted or not, the DM follows it.
            await asyncio.wait([after])
            data = await picture
        finally:
            picture.cancel()
        return ScreenDm(
            seat,
            user_id,
            content,
            data,
            pictures.screen_alt(view, names, locale),
            self._text_boards(record, user_id, view, names, locale),
        )

    def _means(self, locale, record: GameRecord, view: Any, deciding: Decision | None) -> list:
        """The seat's means for the decision that waits for it (unless worded as its figures)."""
        if deciding is None:
            return []
        line = means_of(locale, record.kind, view, deciding)
        return [] if line == present.figures(locale, record.kind, view) else [line]

    async def _deliver(self, record: GameRecord, screen: ScreenDm) -> None:
        """The DM edited in place (its picture kept when it is the same), or sent anew when
        there is none yet or it was deleted; closed DMs are said once in the channel."""
        user_id, data = screen.user_id, screen.data
        digest = None if data is None else hashlib.blake2b(data, digest_size=16).digest()
        key = f"dm:{user_id}"
        note = self.screens.get((record.id, key))
        if note is None:
            note = await self.store.get_note(record.id, key)
        if note:
            channel_id, message_id = (int(x) for x in note.split(":"))
            try:
                message = self.client.get_partial_messageable(channel_id).get_partial_message(
                    message_id
                )
                if data is not None and self.pictured.get((record.id, key)) == (note, digest):
                    # The picture stays.
                    await message.edit(content=screen.content, embeds=screen.embeds)
                else:
                    # Without its picture (given up), rather than beside an old one.
                    await message.edit(
                        content=screen.content,
                        embeds=screen.embeds,
                        attachments=pictures.attached(pictures.screen_file(data, screen.alt)),
                    )
                self.screens[(record.id, key)] = note
                self.pictured[(record.id, key)] = (note, digest)
                return
            except discord.HTTPException as exc:
                if exc.code == CANNOT_DM:
                    await self._dms_closed(record, user_id)
                    return
                if unknown(exc):
                    raise  # perhaps edited: tried again later, never a second DM
                # The old DM was deleted or cannot be edited: send a new one.

        async def send_new() -> discord.Message:
            dm = await self.channels.open(user_id)
            files = pictures.attached(pictures.screen_file(data, screen.alt))
            # A DM sent again after its answer was lost gives back the one already there.
            once = nonce(record, f"s{screen.seat}.{record.version}")
            return await dm.send(screen.content, files=files, embeds=screen.embeds, nonce=once)

        try:
            # Discord busy (opening DMs too fast, rate limits, outages) says nothing of the
            # player: the DM is tried again later. Only 50007 means closed DMs.
            sent = await self.channels.retrying(send_new, f"game {record.id}: screen DM")
        except discord.HTTPException as exc:
            if exc.code == CANNOT_DM:
                await self._dms_closed(record, user_id)
                return
            raise
        note = f"{sent.channel.id}:{sent.id}"
        await self.store.set_note(record.id, key, note)
        self.screens[(record.id, key)] = note
        self.pictured[(record.id, key)] = (note, digest)

    def _text_boards(
        self, record: GameRecord, user_id: int, view: Any, names, locale
    ) -> list[discord.Embed]:
        """For a member who asked for text boards (`/game accessibility`): their screen and the
        board as text, in an embed (a DM's own text stays short). A player's screen in words
        is only ever in their own DM."""
        if not self.preferences.wants_text(record.guild_id, user_id):
            return []
        board = pictures.board_text(view.public, names, locale, record.version)
        words = f"{pictures.screen_text(view, names, locale)}\n\n{board}"
        return [discord.Embed(description=present.clip(words, lengths.EMBED_DESCRIPTION))]

    async def _dms_closed(self, record: GameRecord, user_id: int) -> None:
        """Say once per game and player that DMs are closed; the game carries on. Noted once
        it is said: a line Discord refused is said when the outbox tries the screen again."""
        key = f"dm_closed:{user_id}"
        if await self.store.get_note(record.id, key):
            return
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        quiet = self.quiet.until(user_id) is not None
        await channel.send(
            text(self.channel_locale_of(record), "bot.dm.closed", who=f"<@{user_id}>"),
            allowed_mentions=discord.AllowedMentions(
                users=[] if quiet else [discord.Object(user_id)]
            ),
        )
        await self.store.set_note(record.id, key, "1")
