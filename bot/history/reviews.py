"""`/game history review`: an ended game's review, only to who asks. Per player the accuracy and
the counts of inaccuracies, mistakes and blunders; a member's three costliest decisions (by
default the asker's, if they played), each with a button that opens the replay at that moment
(the public board, and the presser's own screen then, to them alone); the chart of each seat's
win chance over the game.

When a game's review is done (`ReviewRunner`), its final scores are written again with a
"Game review" button and one line with everyone's accuracy (an edit: it pings nobody, and its
allowed mentions say so). Buttons:

    rv:<game>               under the final scores: the review of that game
    rvm:<game>:<entry>      under a review: the replay at the moment of that log entry

A practice game's review opens by itself in its private thread (or the learner's DMs, where
the table was played) as soon as it is done, for the learner alone (only they and the bot read
it); its buttons answer there.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING

import discord

import games
from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io import components, layouts, pictures
from bot.discord_io.answering import answer, think
from bot.discord_io.final_scores import FINAL_MESSAGE
from bot.discord_io.guard import handler
from bot.discord_io.outbox import UNDELIVERED
from bot.history import review_text
from bot.history.replay import state_at
from bot.text import lengths, present
from bot.text.i18n import escape, game_locale, text
from games.text import Msg
from render.review_chart import review_chart_png
from storage import GameRecord, StorageError
from storage import reviews as stored
from storage.records import PRACTICE

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.channel_posts import ChannelPosts
    from bot.discord_io.guard import Guard
    from bot.discord_io.outbox import Outbox
    from bot.history.past import PastGames
    from bot.history.replay import Replays
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)

CHART_FILE = "review.png"
# The outbox item of a game whose final scores do not show its finished review yet.
REVIEWED = "reviewed"
# The note of a practice game whose review was posted for its learner.
LEARNER_TOLD = "review_posted"


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rv:(?P<game>\d{1,19})"):
    def __init__(self, game: int, label: str = "?") -> None:
        super().__init__(components.button(label, discord.ButtonStyle.primary, f"rv:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.reviews_shown.show_review(interaction, self.game, None)


class MomentButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rvm:(?P<game>\d{1,19}):(?P<entry>\d{1,9})",
):
    def __init__(self, game: int, entry: int, label: str = "?") -> None:
        super().__init__(
            components.button(label, discord.ButtonStyle.secondary, f"rvm:{game}:{entry}")
        )
        self.game, self.entry = game, entry

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["entry"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.reviews_shown.show_moment(
            interaction, self.game, self.entry
        )


ITEMS = (ReviewButton, MomentButton)


def pending_at(record: GameRecord, log: list[tuple[int, str]], entries: set[int]) -> dict:
    """The pending decisions before each of `entries` (log entries), replayed once."""
    history = games.History.start(
        games.Replay(record.kind, len(record.seats), record.seed, record.options, [])
    )
    engine = games.get(record.kind)
    found = {}
    for entry, (seat, code) in enumerate(log):
        if entry in entries:
            found[entry] = engine.pending(history.state)
        if entry >= max(entries, default=-1):
            break
        history, _ = history.play(seat, code)
    return found


class GameReviews:
    """The reviews as players read them: `/game history review`, its buttons, and the final
    scores' line once a review is done (`posts` edits that message)."""

    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        past: PastGames,
        replays: Replays,
        posts: ChannelPosts,
        outbox: Outbox,
        which: str = "on",
    ) -> None:
        self.preferences, self.tables, self.guard = preferences, tables, guard
        # Which ended games this deployment reviews (GAME_REVIEWS: "on", "practice", "off"): a
        # review that will not run until an operator turns reviews on says so, not "soon".
        self.which = which
        self.past, self.replays, self.posts = past, replays, posts
        # Tries the final scores' edit again when Discord refused it or gave no answer.
        self.outbox = outbox
        outbox.register(REVIEWED, self._tell_again)

    async def _result(self, record: GameRecord) -> dict:
        """The game's review, or the refusal that says why there is none to show yet."""
        if record.status == "active":
            raise Refusal("bot.error.review_active", id=record.id)
        found = await stored.review(self.tables.store, record.id, now=now())
        if found.status == "none":
            raise Refusal("bot.error.review_none", id=record.id)
        if found.status != "done":
            if not self.runs_for(record):
                raise Refusal("bot.error.review_off", id=record.id)
            if found.total is None:
                raise Refusal("bot.error.review_queued", id=record.id)
            raise Refusal(
                "bot.error.review_running",
                id=record.id,
                progress=Msg("bot.review.progress", {"done": found.done, "total": found.total}),
            )
        if found.result.get("error") is not None:
            raise Refusal("bot.error.review_failed", id=record.id)
        return found.result

    def runs_for(self, record: GameRecord) -> bool:
        """Whether this deployment reviews `record`'s game."""
        return self.which == "on" or (self.which == "practice" and record.mode == PRACTICE)

    @handler(defer="thinking")
    async def show_review(
        self, interaction: discord.Interaction, locale, game_id: int | None, member=None
    ) -> None:
        record = await self.past.viewed_game(interaction, game_id)
        result = await self._result(record)
        if member is not None and record.seat_of(member.id) is None:
            raise Refusal(
                "bot.error.review_not_player", name=escape(member.display_name), id=record.id
            )
        await self._answer(interaction, locale, record, result, member)

    @handler(defer=None)
    async def open_review(self, interaction: discord.Interaction, locale, game_id: int) -> None:
        """`open_review` below: the review of one game, to who the interaction is from."""
        if not interaction.response.is_done():
            await think(interaction)
        record = await self.past.game_of_server(interaction, game_id)
        await self._answer(interaction, locale, record, await self._result(record), None)

    async def _answer(self, interaction, locale, record: GameRecord, result: dict, member) -> None:
        viewer = record.seat_of(interaction.user.id)
        content, file, view = await self._compose(locale, record, result, member, viewer)
        await answer(interaction, content, files=[file], view=view)
        if view is not None:
            view.stop()

    async def _compose(self, locale, record: GameRecord, result: dict, member, viewer):
        """The review as `viewer` (a seat or None) reads it: the text, the chart, and the buttons
        to the costliest decisions of `member` (default: the viewer's own seat)."""
        names = present.seat_names(record, locale)
        seat = viewer if member is None else record.seat_of(member.id)
        lines = [
            text(locale, "bot.review.title", game=present.title(locale, record.kind), id=record.id)
        ]
        lines.extend(review_text.player_line(locale, record, s) for s in review_text.seats(result))
        view = None
        if seat is not None:
            name = present.seat_name(record, seat, locale)
            worst = review_text.costliest(result, seat)
            if worst:
                lines.append(text(locale, "bot.review.costliest", name=name))
                log = [(r.seat, r.code) for r in await self.tables.store.actions(record.id)]
                entries = {d["entry"] for d in worst}
                pending = await asyncio.to_thread(pending_at, record, log, entries)
                view = components.new_view()
                for d in worst:
                    deciding = next(
                        (p for p in pending.get(d["entry"], ()) if p.seat == seat), None
                    )
                    shown = review_text.shown_to(d, deciding, viewer)
                    lines.append(review_text.decision_line(locale, record, d, names, shown))
                    label = text(locale, "bot.review.moment", move=review_text.move_number(d))
                    view.add_item(MomentButton(record.id, d["entry"], label))
            else:
                lines.append(text(locale, "bot.review.nothing_costly", name=name))
        lines.append(text(locale, "bot.review.caveat"))
        file = await asyncio.to_thread(self._chart, locale, record, result, names)
        content = present.clip("\n".join(lines), present.MAX_CONTENT)
        return content, file, view

    @staticmethod
    def _chart(locale, record: GameRecord, result: dict, names: list[str]) -> discord.File:
        lines = review_text.chart_lines(record, result, names)
        png = review_chart_png(
            text(locale, "bot.review.chart", id=record.id),
            lines,
            max(1, record.version),
            text(locale, "bot.review.chart_x"),
            text(locale, "bot.review.chart_y"),
        )
        alt = review_text.chart_alt(locale, record, lines)
        return discord.File(
            io.BytesIO(png), filename=CHART_FILE, description=lengths.clip(alt, lengths.ALT_TEXT)
        )

    @handler(defer="thinking")
    async def show_moment(
        self, interaction: discord.Interaction, locale, game_id: int, entry: int
    ) -> None:
        """The replay at the moment of a decision, headed by what the review says of it; with
        the presser's own screen then, to them alone, when they played the game."""
        record = await self.past.game_of_server(interaction, game_id)
        result = await self._result(record)
        step = max(0, min(entry, record.version))
        viewer = record.seat_of(interaction.user.id)
        content, file, view = await self.replays.frame(locale, record, step, viewer)
        rows = await self.tables.store.actions(record.id)
        log = [(r.seat, r.code) for r in rows[: record.version]]
        state, _ = await asyncio.to_thread(state_at, record, log, step)
        decision = next((d for d in result["decisions"] if d["entry"] == step), None)
        if decision is not None and decision.get("counted"):
            deciding = next(
                (p for p in games.get(record.kind).pending(state) if p.seat == decision["seat"]),
                None,
            )
            shown = review_text.shown_to(decision, deciding, viewer)
            names = present.seat_names(record, locale)
            said = review_text.decision_line(locale, record, decision, names, shown)
            content = present.clip(f"{said}\n{content}", present.MAX_CONTENT)
        await answer(interaction, content, files=pictures.attached(file), view=view)
        view.stop()
        if viewer is None:
            return
        mine = games.get(record.kind).player_view(state, viewer)
        names = present.seat_names(record, locale)
        screen = await pictures.screen(mine, names, locale)
        said = text(locale, "bot.review.your_screen", step=step)
        figures = present.figures(locale, record.kind, mine)
        await answer(
            interaction,
            present.clip(f"{said}\n{figures}", present.MAX_CONTENT),
            files=pictures.attached(screen),
        )

    # -- the final scores -----------------------------------------------------------------------

    async def reviewed(self, game_id: int) -> None:
        """A game's review is done: its final scores get the "Game review" button and the line
        of everyone's accuracy, written again in place (no ping: an edit notifies nobody, and
        it allows no mention anyway). Discord's refusal or silence leaves it to the outbox."""
        try:
            await self._open_for_learner(game_id)
            await self._tell(game_id)
        except UNDELIVERED as exc:
            log.warning(
                "game %s: its final scores not marked reviewed yet (%s)",
                game_id,
                getattr(exc, "status", None) or type(exc).__name__,
            )
            await self.outbox.failed(game_id, REVIEWED, exc)
        except StorageError:
            log.warning("game %s: its review is done, its final scores not told", game_id)

    async def _open_for_learner(self, game_id: int) -> None:
        """A practice game's review opens by itself in its private thread (or DM), where only the
        learner and the bot read: the learner's own view of it, once (a note remembers it)."""
        store = self.tables.store
        record = await store.get(game_id)
        if record.mode != PRACTICE or await store.get_note(game_id, LEARNER_TOLD) is not None:
            return
        found = await stored.review(store, game_id)
        if found.result is None or found.result.get("error") is not None:
            return
        locale = game_locale(self.preferences, record)
        viewer = record.seat_of(record.creator_id)
        content, file, view = await self._compose(locale, record, found.result, None, viewer)
        message = await self.posts.channel(record).send(
            content, file=file, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        await store.set_note(game_id, LEARNER_TOLD, str(message.id))

    async def _tell_again(self, game_id: int, item: str) -> None:
        await self._tell(game_id)
        await self.outbox.done(game_id, item)

    async def _tell(self, game_id: int) -> None:
        store = self.tables.store
        record = await store.get(game_id)
        note = await store.get_note(game_id, FINAL_MESSAGE)
        found = await stored.review(store, game_id)
        if note is None or found.result is None or found.result.get("error") is not None:
            return
        locale = game_locale(self.preferences, record)
        line = review_text.accuracy_line(locale, record, found.result)
        button = ReviewButton(game_id, text(locale, "bot.review.button"))
        try:
            message = await self.posts.channel(record).fetch_message(int(note))
            view = layouts.with_line_and_button(message, line, button.item)
            if view is None:
                return  # carries it already, or is no layout of ours
            await self.posts.edit(
                record, message.id, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.NotFound:
            # Deleted (the message, or its channel): nothing will carry the line, so nothing is
            # tried again; `/game history review` still shows the review.
            log.info("game %s: its final scores are gone; the review is not told there", game_id)
