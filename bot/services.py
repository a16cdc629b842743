"""The bot's services put together: each is given in its constructor the services it uses.

Read top to bottom, this is the map of `bot/`: the shared tables, the Discord output (the
announcer, the DMs, the guard that runs every handler), the turn clock, the move gate and the
AI seats behind it, then the concerns the commands and buttons call.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.clock.turn_clock import Clock
from bot.core.game_log import GameLogs
from bot.core.tables import Tables
from bot.discord_io.announce import Announcer
from bot.discord_io.dms import Mail
from bot.discord_io.guard import Guard
from bot.discord_io.outbox import Outbox
from bot.discord_io.quiet import Quiet
from bot.discord_io.threads import Threads
from bot.history.past import PastGames
from bot.history.replay import Replays
from bot.history.server_history import HistoryViews
from bot.history.stats import Statistics
from bot.lobby.opening import Lobby
from bot.lobby.rematch import Rematch
from bot.play.gate import Gate, Publisher
from bot.play.help import Help
from bot.play.moves import Play
from bot.play.recap import Recaps
from bot.seats.ai_seats import AiSeats
from bot.seats.hands import Seats
from bot.settings.accessibility import Accessibility
from bot.settings.away import AwayMode
from bot.settings.quiet_setting import QuietSetting
from bot.settings.server_language import Languages
from bot.settings.table_settings import TableSettings

if TYPE_CHECKING:
    from bot.app import MaleconBot


class Services:
    def __init__(
        self,
        bot: MaleconBot,
        *,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_budget: int | None = None,
    ) -> None:
        self.tables = tables = Tables(bot)
        self.logs = GameLogs()
        self.quiet = Quiet(bot)
        # What could not be posted yet, posted again from the stored games.
        self.outbox = Outbox(bot)
        self.mail = Mail(bot, tables, self.quiet, self.logs, self.outbox)
        self.announcer = Announcer(bot, tables, self.quiet, self.outbox)
        self.threads = Threads(bot)
        self.guard = Guard(tables.lock, self.announcer, self.mail.locales, bot.on_error)
        self.clock = Clock(bot, tables, self.announcer, self.mail, self.quiet, self.outbox)
        self.publisher = Publisher(self.mail, self.announcer)
        self.gate = Gate(tables, self.clock, self.publisher)
        self.ai = AiSeats(bot, tables, self.gate, workers=ai_workers, budget=ai_budget)
        # A saved move wakes the AI seats that decide next; a decision nobody made in time is
        # the AI's to play once.
        self.publisher.listen(self.ai.wake)
        self.clock.when_expired(self.ai.stand_in)
        self.play = Play(tables, self.guard, self.gate, self.logs)
        self.recaps = Recaps(tables, self.guard, self.logs)
        self.help = Help(tables, self.guard)
        self.seats = Seats(bot, tables, self.guard, self.announcer, self.clock, self.ai, self.mail)
        self.lobby = Lobby(
            tables, self.guard, self.announcer, self.clock, self.publisher, self.seats, rng
        )
        self.rematch = Rematch(tables, self.guard, self.lobby)
        # The final scores carry its button (the announcer does not know the lobby).
        self.announcer.final_view = self.rematch.final_view
        self.settings = TableSettings(tables, self.guard, self.clock, self.lobby)
        self.past = PastGames(tables, self.guard, self.play)
        self.history = HistoryViews(tables, self.guard)
        self.replays = Replays(tables, self.guard, self.past)
        self.stats = Statistics(tables, self.guard)
        self.languages = Languages(bot, self.guard)
        self.away = AwayMode(tables, self.guard, self.announcer)
        self.accessibility = Accessibility(bot, self.guard)
        self.quiet_setting = QuietSetting(self.guard, self.quiet)
