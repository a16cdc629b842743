"""Playing: moves from buttons, menus and `/game move`, private choices, board, screen, log."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.errors import Refusal
from bot.discord_io import components, pictures
from bot.discord_io.answering import answer, came_from_private
from bot.discord_io.guard import handler
from bot.discord_io.turn_messages import message_link
from bot.play.gate import MoveRefused, Submitted
from bot.play.means import private_prompt, refused_move
from bot.text import lessons, present
from bot.text.i18n import channel_locale, escape, reported_locale, text, text_msg
from bot.text.preferences import Preferences
from bot.text.recap import recap
from games import Decision
from storage import GameRecord

if TYPE_CHECKING:
    from bot.core.game_log import GameLogs
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard
    from bot.play.gate import Gate

log = logging.getLogger(__name__)

# No action code is longer: codes travel in custom ids, which hold at most 100 characters.
MAX_CODE = components.CUSTOM_ID_LIMIT


class Play:
    """Moves from buttons, menus and `/game move`, undo, private choices and screens."""

    def __init__(
        self, preferences: Preferences, tables: Tables, guard: Guard, gate: Gate, logs: GameLogs
    ) -> None:
        self.preferences, self.tables, self.guard, self.gate = preferences, tables, guard, gate
        # The games' logs as moves, for the recap in a player's private prompt.
        self.logs = logs

    def _pending(self, record: GameRecord, state: Any) -> tuple[Decision, ...]:
        return tuple(games.get(record.kind).pending(state))

    def _private_next(self, locale, record: GameRecord, state: Any, seat: int):
        """After a choice: the seat's next choices, if it decides again, in the same private
        answer (public ones are on the channel message too), so a whole turn can be played in
        one ephemeral message without pressing "Choose" again; opened by the seat's means, which
        the choice may have changed."""
        if seat not in {d.seat for d in self._pending(record, state)}:
            return None, None
        return private_prompt(locale, record, state, seat)

    async def _lesson(self, user_id: int, record: GameRecord, state: Any, seat: int):
        """The lesson of the seat's decision in `state` when its member meets that kind of
        decision for the first time (noted as met), else None."""
        if state is None:
            return None
        kinds = [d.kind for d in self._pending(record, state) if d.seat == seat]
        name = lessons.lesson_of(record.kind, kinds[0]) if kinds else None
        if name is None or not await self.tables.lessons.first_time(user_id, name):
            return None
        return name

    async def _teach(self, user_id: int, locale, done: Submitted, mine, following, view):
        """A kind of decision met for the first time is explained in the answer to a move: the
        one just made (if no private prompt explained it before), then the one that comes next
        (above its choices). Returns the answer's lines, its next prompt and its view."""
        record, seat = done.record, done.seat
        made = await self._lesson(user_id, record, done.before, seat)
        if made is not None:
            mine = [*mine, lessons.short(locale, made)]
            view = components.with_lesson(locale, view, made)
        state = done.result.state
        coming = await self._lesson(user_id, record, state, seat) if following else None
        if coming is not None:
            following = f"{lessons.short(locale, coming)}\n\n{following}"
            view = components.with_lesson(locale, view, coming)
        if following:
            view = components.with_hint(locale, view, record, seat)
        return mine, following, view

    # A new private message: the prompt the button is on keeps its choices.
    @handler(defer=None)
    async def explain(self, interaction, locale, lesson: str) -> None:
        """The "More" button: a kind of decision's full explanation, to the reader alone."""
        if not lessons.is_lesson(lesson):
            raise Refusal("bot.learn.no_lesson")
        await self.guard.reply(interaction, lessons.full(locale, lesson))

    def _match_typed(self, locale, record: GameRecord, actions, typed: str) -> str:
        """A typed `/game move` value: a code from the autocomplete list, or a label typed by
        hand (exactly, or a part of only one label). Otherwise the refusal lists the labels."""
        codes = [a.code for a in actions]
        if typed in codes:
            return typed
        names = present.seat_names(record, locale)
        labels = [(text_msg(locale, a.label, names), a.code) for a in actions]
        wanted = typed.strip().casefold()
        exact = [code for label, code in labels if label.casefold() == wanted]
        if len(exact) == 1:
            return exact[0]
        partial = [code for label, code in labels if wanted and wanted in label.casefold()]
        if len(partial) == 1:
            return partial[0]
        listed = ", ".join(f"“{escape(label)}”" for label, _ in labels[: components.MAX_LISTED])
        raise Refusal(
            "bot.error.pick_from_list", choice=escape(present.clip(typed, 60)), choices=listed
        )

    async def click_move(
        self, interaction, game_id: int, version: int, seat: int | None, code: str | Sequence[str]
    ) -> None:
        await self.move(interaction, code, game_id=game_id, version=version, made_for=seat)

    @handler(defer="press")
    async def move(
        self,
        interaction: discord.Interaction,
        locale,
        code: str | Sequence[str],
        *,
        game_id: int | None = None,
        version: int | None = None,
        made_for: int | None = None,
    ) -> None:
        """Apply `code` (or several codes in a row, from a menu taking several) for the user;
        `version` and `made_for` say which decision a component was made for (a typed move has
        neither, and may be a label typed by hand)."""
        codes = [code] if isinstance(code, str) else list(code)
        typed = game_id is None
        from_ephemeral = came_from_private(interaction)
        if not codes or any(len(c) > MAX_CODE for c in codes):
            shown = escape(present.clip(codes[0] if codes else "", 60))
            raise Refusal("bot.error.unknown_choice", choice=shown)

        def resolve(record, state, seat, typed_code):
            actions = games.get(record.kind).legal_actions(state, seat)
            return self._match_typed(locale, record, actions, typed_code)

        async def saved(done: Submitted) -> None:
            record, result, seat = done.record, done.result, done.seat
            names = present.seat_names(record, locale)
            lines = [
                text(
                    locale,
                    "bot.move.done",
                    choice=text_msg(locale, label, names, markdown=True)
                    if label
                    else escape(chosen),
                )
                for chosen, label in done.applied
            ]
            mine = present.private_events(locale, result.events, seat, names)
            following, view = self._private_next(locale, result.record, result.state, seat)
            mine, following, view = await self._teach(
                interaction.user.id, locale, done, mine, following, view
            )
            last = done.applied[-1][0]
            if len(done.applied) == 1 and not games.get(record.kind).closes_undo(
                done.before, seat, last, result.state, result.events
            ):
                # The misclick is cheap to take back while nothing closed the window.
                view = components.with_undo(locale, view, record.id, seat)
            confirm = "\n".join([*lines, *mine, *([following] if following else [])])
            await self.guard.answer_saved(interaction, confirm, edit=from_ephemeral, view=view)
            if pressed is not None:
                # The channel message this press was on is edited (or loses its buttons)
                # through the press's answer, whatever its age (see `ChannelPosts.edit`).
                self.guard.announcer.press(pressed, interaction)

        pressed = (
            None if typed or from_ephemeral or not interaction.message else interaction.message.id
        )
        done = await self._submit(
            interaction,
            locale,
            game_id,
            codes,
            "typed" if typed else "click",
            version=version,
            made_for=made_for,
            resolve=resolve if typed else None,
            on_saved=saved,
        )
        if done is not None and not done.posted:
            await self.guard.answer_saved(interaction, text(locale, "bot.error.not_posted"))
        if done is not None:
            # A member who reads the board as text gets the position their move left.
            public = games.get(done.record.kind).public_view(done.result.state)
            await self._text_board(interaction, locale, done.result.record, public)

    async def _submit(
        self, interaction, locale, game_id, codes, source, *, seat_of=None, **how
    ) -> Submitted:
        """A person's move through the gate; the gate's refusals become polite answers that
        show the player the game as it stands."""
        try:
            return await self.gate.submit(
                interaction.channel_id,
                lambda: self.tables.playing_game(interaction, game_id),
                seat_of or (lambda record: self.tables.seat_of(record, interaction.user.id)),
                codes,
                source,
                server_locale=reported_locale(interaction),
                locale=lambda record: channel_locale(self.preferences, interaction),
                interaction=interaction,
                **how,
            )
        except MoveRefused as refused:
            record, state, seat = refused.record, refused.state, refused.seat
            if refused.why == MoveRefused.OUTDATED:
                content, view = private_prompt(locale, record, state, seat)
                # Discord may have refused to take the buttons off an old message (30046):
                # pressed there, the player is shown the way to the newest one.
                turn = await self.guard.announcer.turn_message(record)
                pressed = interaction.message.id if interaction.message else None
                if turn is not None and pressed not in (None, turn.message_id):
                    content = f"{content}\n{message_link(record, str(turn.message_id))}"
                raise Refusal("bot.error.outdated", current=content, view=view) from None
            if refused.why == MoveRefused.NOT_DECIDING:
                content, _ = components.prompt_for(locale, record, state, seat)
                raise Refusal("bot.error.not_your_decision", current=content) from None
            if refused.why == MoveRefused.ILLEGAL:
                if codes == [games.UNDO]:
                    raise Refusal("bot.error.cannot_undo", reason=refused.reason) from None
                raise refused_move(locale, record, state, seat, refused.reason) from None
            fresh = await self.tables.store.get(record.id)
            content, view = private_prompt(locale, fresh, self.tables.state_of(fresh), seat)
            raise Refusal("bot.error.conflict", current=content, view=view) from None

    @handler(defer="private")
    async def undo(
        self, interaction, locale, game_id: int | None = None, seat: int | None = None
    ) -> None:
        """Take back the player's latest decision, as long as nothing closed the window since
        (a die, a card drawn, something hidden shown, another player's decision). Logged as an
        action of its own; the log stays append-only and replays exactly."""
        from_ephemeral = came_from_private(interaction)

        def mover(record: GameRecord) -> int:
            mine = self.tables.seat_of(record, interaction.user.id)
            if seat is not None and seat != mine:
                raise Refusal("bot.error.not_your_seat")
            return mine

        async def saved(done: Submitted) -> None:
            result, mine = done.result, done.seat
            names = present.seat_names(done.record, locale)
            told = present.private_events(locale, result.events, mine, names)
            following, view = self._private_next(locale, result.record, result.state, mine)
            confirm = "\n".join([*told, *([following] if following else [])])
            await self.guard.answer_saved(interaction, confirm, edit=from_ephemeral, view=view)

        source = "typed" if game_id is None else "click"
        await self._submit(
            interaction, locale, game_id, [games.UNDO], source, seat_of=mover, on_saved=saved
        )

    @handler(defer="press")
    async def show_choices(self, interaction, locale, game_id: int, version: int) -> None:
        """The "Choose" button: the clicker's own choices now, built from their seat only.

        Whatever the button's version, a player who decides now gets their current choices.
        The press is deferred as an update of the turn message and answered in a private
        follow-up: the move made from that answer may end the turn, and the press's token then
        takes the turn message's buttons away (see `Announcer._edit`).
        """
        # Acknowledged before the store is asked: Discord gives up on an interaction that
        # has no answer after 3 seconds, however busy the other channels keep the bot.
        record = await self.tables.playing_game(interaction, game_id)
        seat = self.tables.seat_of(record, interaction.user.id)
        state = self.tables.state_of(record)
        content, view = private_prompt(locale, record, state, seat)
        if view is None:
            raise Refusal("bot.error.not_your_decision", current=content)
        since = recap(locale, record, await self.logs.steps(self.tables.store, record), seat)
        if since:
            content = f"{since}\n\n{content}"
        # A kind of decision met for the first time is explained first, before the recap of
        # what happened since: the rule is what the member needs to read the rest.
        lesson = await self._lesson(interaction.user.id, record, state, seat)
        if lesson is not None:
            content = f"{lessons.short(locale, lesson)}\n\n{content}"
            view = components.with_lesson(locale, view, lesson)
        view = components.with_hint(locale, view, record, seat)
        await self.guard.reply(interaction, content, view=view)
        if not came_from_private(interaction):
            self.guard.announcer.press(interaction.message.id, interaction)
        await self._text_board(
            interaction, locale, record, games.get(record.kind).public_view(state)
        )

    @handler(defer="thinking")
    async def show_screen(self, interaction, locale, game_id: int | None = None) -> None:
        record = await self.tables.playing_game(interaction, game_id)
        seat = self.tables.seat_of(record, interaction.user.id)
        engine = games.get(record.kind)
        view = engine.player_view(self.tables.state_of(record), seat)
        names = present.seat_names(record, locale)
        file = await pictures.screen(view, names, locale)
        await answer(
            interaction, present.figures(locale, record.kind, view), files=pictures.attached(file)
        )
        if self.preferences.wants_text(interaction.guild_id, interaction.user.id):
            for piece in pictures.pieces(pictures.screen_text(view, names, locale)):
                await answer(interaction, piece)
            await self._text_board(interaction, locale, record, view.public)

    async def _text_board(self, interaction, locale, record: GameRecord, public: Any) -> None:
        """The board as text after a private answer, for a member who asked for text boards
        (`/game accessibility`)."""
        if not self.preferences.wants_text(interaction.guild_id, interaction.user.id):
            return
        names = present.seat_names(record, locale)
        for piece in pictures.pieces(pictures.board_text(public, names, locale, record.version)):
            await answer(interaction, piece)
