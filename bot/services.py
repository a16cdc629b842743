"""The bot's services put together: each is given in its constructor what it uses.

Read top to bottom, this is the map of `bot/`: the store and the preferences every concern reads,
the shared tables, the Discord output (the announcer, the DMs, the guard that runs every
handler), the turn clock, the move gate and the AI seats behind it, then the concerns the
commands and buttons call. `start` and `stop`/`release` bring them up and down in the order
they depend on each other.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from discord.ext import commands

from bot.core import metrics
from bot.core.game_log import GameLogs
from bot.core.store_holder import StoreHolder
from bot.core.tables import Tables
from bot.discord_io import pictures
from bot.discord_io.announce import Announcer
from bot.discord_io.guard import Guard
from bot.discord_io.outbox import Outbox
from bot.discord_io.quiet_members import Quiet
from bot.discord_io.screen_dms import ScreenDms
from bot.discord_io.threads import Threads
from bot.history.past import PastGames
from bot.history.replay import Replays
from bot.history.review_runner import ReviewRunner
from bot.history.reviews import GameReviews
from bot.history.server_history import HistoryViews
from bot.history.stats import Statistics
from bot.leagues.boards import Boards
from bot.leagues.seasons import Seasons
from bot.leagues.signup import Signups
from bot.learn.hints import Hints
from bot.learn.practice import Practice
from bot.lobby.gone_rooms import GoneRooms
from bot.lobby.lobby_settings import LobbySettings
from bot.lobby.opening import Lobby
from bot.lobby.rematch import Rematch
from bot.lobby.seated import SeatedOpening
from bot.play.gate import Gate, Publisher
from bot.play.help import Help
from bot.play.moves import Play
from bot.play.recap import Recaps
from bot.seats.ai_seats import AiSeats
from bot.seats.hands import Seats
from bot.settings.accessibility import Accessibility
from bot.settings.away_setting import AwayMode
from bot.settings.quiet_setting import QuietSetting
from bot.settings.server_language import Languages
from bot.settings.table_settings import TableSettings
from bot.text.preferences import Preferences
from bot.timers.turn_clock import Clock
from storage.store import Shards


class Services:
    """`client`: the bot, for the services that call Discord; `location`: the database (a file
    or a URL), opened by `start`; `shards`: those this process runs (None: all of them)."""

    def __init__(
        self,
        client: commands.Bot,
        location: str | Path,
        *,
        shards: Shards | None = None,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_budget: int | None = None,
        reviews: str = "off",
    ) -> None:
        self.client = client
        self.store_holder = holder = StoreHolder(location)
        # Servers' languages, members' text boards and Discord languages.
        self.preferences = preferences = Preferences()
        self.tables = tables = Tables(holder)
        self.logs = GameLogs()
        self.quiet = Quiet(holder)
        # What could not be posted yet, posted again from the stored games.
        self.outbox = Outbox(holder)
        self.mail = ScreenDms(client, preferences, tables, self.quiet, self.logs, self.outbox)
        self.announcer = Announcer(client, preferences, tables, self.quiet, self.outbox)
        self.threads = Threads(client, holder, preferences)
        self.guard = Guard(tables.lock, self.announcer, preferences, client.on_error)
        self.clock = Clock(
            shards, preferences, tables, self.announcer, self.mail, self.quiet, self.outbox
        )
        poke = self.clock.poke
        self.publisher = Publisher(self.mail, self.announcer)
        self.gate = Gate(tables, poke, self.publisher)
        self.ai = AiSeats(
            shards, preferences, tables, self.gate, workers=ai_workers, budget=ai_budget
        )
        # A saved move wakes the AI seats that decide next; a decision nobody made in time is
        # the AI's to play once.
        self.publisher.listen(self.ai.wake)
        self.clock.when_expired(self.ai.stand_in)
        # Ended games are reviewed one at a time at the lowest priority; a move that ends one
        # starts its review.
        self.reviews = ReviewRunner(holder, practice_only=reviews == "practice")
        # "on": every ended game; "practice": practice games only; "off": none (GAME_REVIEWS).
        self.run_reviews = reviews
        self.publisher.listen(self.reviews.poke)
        self.play = Play(preferences, tables, self.guard, self.gate, self.logs)
        self.recaps = Recaps(tables, self.guard, self.logs)
        self.help = Help(preferences, tables, self.guard)
        self.seats = Seats(
            preferences, tables, self.guard, self.announcer, poke, self.ai, self.mail
        )
        self.lobby = Lobby(
            preferences, tables, self.guard, self.announcer, poke, self.publisher, self.seats, rng
        )
        # A deleted channel or thread ends its table; Discord says so, or refuses a post there.
        self.rooms = GoneRooms(client, tables, self.seats, self.outbox)
        self.outbox.when_unknown_channel(self.rooms.refused)
        self.rematch = Rematch(preferences, tables, self.guard, self.lobby)
        self._learning(reviews)
        # The final scores carry its button (the announcer does not know the lobby).
        self.announcer.final_view = self.rematch.final_view
        self.lobby_settings = LobbySettings(tables, self.guard, self.lobby)
        self.settings = TableSettings(tables, self.guard, poke)
        self.past = PastGames(preferences, tables, self.guard)
        self.history = HistoryViews(tables, self.guard)
        self.replays = Replays(tables, self.guard, self.past)
        self._reviews_shown(reviews)
        self.stats = Statistics(tables, self.guard)
        self.languages = Languages(holder, preferences, self.guard)
        self.away = AwayMode(preferences, tables, self.guard, self.announcer)
        self.accessibility = Accessibility(holder, preferences, self.guard)
        self.quiet_setting = QuietSetting(self.guard, self.quiet)
        self._leagues(client, shards, rng)

    def _reviews_shown(self, reviews: str) -> None:
        """The reviews as players read them; a finished review is told on its final scores."""
        self.reviews_shown = GameReviews(
            self.preferences,
            self.tables,
            self.guard,
            self.past,
            self.replays,
            self.announcer.posts,
            self.outbox,
            which=reviews,
        )
        self.reviews.when_reviewed(self.reviews_shown.reviewed)

    def _learning(self, reviews: str) -> None:
        """A member's practice table (a practice game that ends opens its review, where games
        are reviewed), and hints at unrated tables."""
        preferences, tables = self.preferences, self.tables
        self.practice = Practice(
            preferences,
            tables,
            self.guard,
            self.lobby,
            self.rooms,
            self.announcer,
            reviewed=reviews != "off",
        )
        self.publisher.listen(self.practice.after_move)
        self.hints = Hints(preferences, tables, self.guard, self.ai)

    def _leagues(self, client, shards, rng) -> None:
        """Leagues: tables opened seated in threads, the sign-up, the standings, the rounds."""
        preferences, tables, poke = self.preferences, self.tables, self.clock.poke
        self.seated = SeatedOpening(preferences, tables, poke, self.publisher, rng)
        self.signups = Signups(client, preferences, tables, self.guard, poke)
        self.league_boards = Boards(client, preferences, tables, self.guard)
        self.seasons = Seasons(
            client,
            shards,
            preferences,
            tables,
            self.guard,
            self.signups,
            self.seated,
            self.seats,
            self.ai,
            self.league_boards,
            poke,
        )
        # Every ended game may be a league's table; a round's deadline is the clock's to keep.
        self.announcer.when_ended(self.seasons.game_ended)
        self.clock.also(self.seasons)

    async def start(self) -> None:
        """At the bot's start-up: the store first (created or migrated), then what each
        service reads from it, then what runs by itself (the outbox, the AI, the clock)."""
        store = await self.store_holder.open()
        self.threads.install(self.client.http)
        self.client.add_listener(self.threads.on_thread_update)
        await self.preferences.load(store)
        self.mail.channels.know(await store.screen_dm_channels())
        pictures.POOL.warm()
        metrics.active_games(
            [g.guild_id for g in await store.list_active() if g.status == "active"]
        )
        await self.announcer.load()
        await self.tables.away.load()
        await self.tables.lessons.load()
        await self.quiet.load()
        await self.outbox.resume()
        await self.ai.resume()
        self.clock.start()
        self.seasons.start()
        if self.run_reviews != "off":
            self.reviews.start()

    async def stop(self) -> None:
        """Before the bot disconnects: what runs by itself stops, in the reverse order."""
        await self.reviews.close()
        await self.seasons.close()
        await self.clock.close()
        await self.ai.close()
        await self.mail.close()
        await self.outbox.close()

    async def release(self) -> None:
        """After the bot disconnected: the picture workers end, waited for in a thread as each
        finishes the picture it is drawing, then the store closes."""
        await asyncio.to_thread(pictures.POOL.close)
        await self.store_holder.close()
