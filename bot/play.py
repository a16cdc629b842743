"""Playing: moves from buttons, menus and `/game move`, private choices, board, screen, log."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

import games
from games import Decision, IllegalAction
from storage import GameRecord, VersionConflict
from storage.play import MoveResult, apply_move

from . import components, metrics, pictures, present
from .clock import now
from .errors import Refusal
from .i18n import channel_locale, escape, reported_locale, text, text_msg

log = logging.getLogger(__name__)

# No action code is longer: codes travel in custom ids, which hold at most 100 characters.
MAX_CODE = components.CUSTOM_ID_LIMIT


async def defer_privately(interaction: discord.Interaction) -> bool:
    """Acknowledge at once (the work may take a while): a press on a private answer will edit
    that answer; anything else gets a private answer. True for the former."""
    from_ephemeral = bool(interaction.message and interaction.message.flags.ephemeral)
    if from_ephemeral:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    return from_ephemeral


class Play:
    def _pending(self, record: GameRecord, state: Any) -> tuple[Decision, ...]:
        return tuple(games.get(record.kind).pending(state))

    def _prompt_for(self, locale, record: GameRecord, state: Any, seat: int | None):
        """The current prompt as one player should see it: their own choices if they decide."""
        engine = games.get(record.kind)
        decisions = self._pending(record, state)
        mine = [d for d in decisions if d.seat == seat]
        if mine and seat is not None:
            actions = engine.legal_actions(state, seat)
            content = present.decision_line(locale, record, mine[0], ping=False)
            return content, components.choices_view(
                locale,
                record.id,
                record.version,
                actions,
                seat=seat,
                screen=True,
                names=present.seat_names(record, locale),
                several=mine[0].repeat,
            )
        others = " ".join(present.decision_line(locale, record, d, ping=False) for d in decisions)
        return text(locale, "bot.turn.not_yours", waiting=others), None

    def _private_next(self, locale, record: GameRecord, state: Any, seat: int):
        """After a choice: the seat's next choices, if it decides again, in the same private
        answer (public ones are on the channel message too), so a whole turn can be played in
        one ephemeral message without pressing "Choose" again."""
        if seat not in {d.seat for d in self._pending(record, state)}:
            return None, None
        return self._prompt_for(locale, record, state, seat)

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

    async def _still_open(
        self, record: GameRecord, seat: int, version: int, made_for: int | None, deciders
    ) -> bool:
        """Is a component made at `version` for `made_for`'s decision still that decision?

        It is while that seat has not acted since and still has to decide: whatever else
        happened in between were other players' independent choices (simultaneous decisions).
        """
        if made_for is None or made_for != seat or version > record.version:
            return False
        if seat not in deciders:
            return False
        return not await self.store.acted_since(record.id, seat, version)

    async def click_move(
        self, interaction, game_id: int, version: int, seat: int | None, code: str | Sequence[str]
    ) -> None:
        await self.move(interaction, code, game_id=game_id, version=version, made_for=seat)

    async def move(
        self,
        interaction: discord.Interaction,
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

        async def work(locale):
            from_ephemeral = await defer_privately(interaction)
            if not codes or any(len(c) > MAX_CODE for c in codes):
                shown = escape(present.clip(codes[0] if codes else "", 60))
                raise Refusal("bot.error.unknown_choice", choice=shown)
            async with self.lock(interaction.channel_id):
                record = await self.playing_game(interaction, game_id)
                seat = self.seat_of(record, interaction.user.id)
                state = self.state_of(record)
                decisions = self._pending(record, state)
                deciders = {d.seat for d in decisions}
                stale = version is not None and version != record.version
                if stale and not await self._still_open(record, seat, version, made_for, deciders):
                    content, view = self._prompt_for(locale, record, state, seat)
                    raise Refusal("bot.error.outdated", current=content, view=view)
                if seat not in deciders or (made_for is not None and made_for != seat):
                    content, _ = self._prompt_for(locale, record, state, seat)
                    raise Refusal("bot.error.not_your_decision", current=content)
                engine = games.get(record.kind)
                if typed:
                    codes[0] = self._match_typed(
                        locale, record, engine.legal_actions(state, seat), codes[0]
                    )
                names = present.seat_names(record, locale)
                done, events, result = [], [], None
                for step, chosen in enumerate(codes):
                    now_state = state if result is None else result.state
                    label = next(
                        (
                            a.label
                            for a in engine.legal_actions(now_state, seat)
                            if a.code == chosen
                        ),
                        None,
                    )
                    try:
                        result = await self.commit(
                            record if result is None else result.record,
                            seat,
                            chosen,
                            server_locale=reported_locale(interaction),
                        )
                    except IllegalAction as exc:
                        if step == 0:
                            raise Refusal("bot.error.illegal", reason=exc.msg) from None
                        break  # the first choice stands; the player is asked again
                    except VersionConflict:
                        if step > 0:
                            break
                        self._states.pop(record.id, None)
                        fresh = await self.store.get(record.id)
                        content, view = self._prompt_for(locale, fresh, self.state_of(fresh), seat)
                        raise Refusal("bot.error.conflict", current=content, view=view) from None
                    events.extend(result.events)
                    shown = (
                        text_msg(locale, label, names, markdown=True) if label else escape(chosen)
                    )
                    done.append(text(locale, "bot.move.done", choice=shown))
                # Saved: from here on a failure to post must not be reported as "nothing changed".
                mine = present.private_events(locale, events, seat, names)
                following, view = self._private_next(locale, result.record, result.state, seat)
                last = codes[: len(done)][-1]
                before_last = state if len(done) == 1 else None
                if before_last is not None and not engine.closes_undo(
                    before_last, seat, last, result.state, result.events
                ):
                    # The misclick is cheap to take back while nothing closed the window.
                    view = components.with_undo(locale, view, record.id, seat)
                confirm = "\n".join([*done, *mine, *([following] if following else [])])
                await self.answer_saved(interaction, confirm, edit=from_ephemeral, view=view)
                combined = MoveResult(result.record, result.state, events)
                posted = await self.publish(
                    channel_locale(interaction), combined, state, seat, deciders
                )
                if not posted:
                    await self.answer_saved(interaction, text(locale, "bot.error.not_posted"))

        await self.guarded(interaction, work)

    async def commit(
        self, record: GameRecord, seat: int, code: str, server_locale: str | None = None
    ) -> MoveResult:
        """Save one move of `seat` (the engine validates; one transaction; the version check).

        Every move takes this path, whoever made it: a click, a typed `/game move`, the AI.
        The caller holds the channel's lock and has checked that `seat` may act.
        `server_locale`: what the move's interaction reported (`i18n.reported_locale`).
        """
        with metrics.database(record.guild_id):
            result = await apply_move(
                self.store,
                record.id,
                seat,
                code,
                expected_version=record.version,
                at=now(),
                known=(record, self.state_of(record)),
                server_locale=server_locale,
            )
        metrics.move(record.guild_id, record.kind)
        if result.record.status != "active":
            metrics.game_ended(record.guild_id)
        self._states[record.id] = (result.record.version, result.state)
        if result.next_due is not None:
            self.clock.poke(result.next_due)
        return result

    async def publish(
        self, locale, result: MoveResult, before: Any, actor: int | None, deciders
    ) -> bool:
        """After a saved move: the channel's message, the changed screens by DM, and the AI
        seats that decide next start thinking. False when the channel message failed."""
        # The screens are drawn while the board is: both in the picture workers.
        announced = asyncio.get_running_loop().create_future()
        self.mail.queue(result.record, before, result.state, result.events, announced)
        try:
            posted = await self.announcer.after_move(
                locale, result.record, result.state, result.events, actor, deciders
            )
        finally:
            announced.set_result(None)
        self.ai.wake(result.record, result.state)
        return posted

    async def undo(self, interaction, game_id: int | None = None, seat: int | None = None) -> None:
        """Take back the player's latest decision, as long as nothing closed the window since
        (a die, a card drawn, something hidden shown, another player's decision). Logged as an
        action of its own; the log stays append-only and replays exactly."""

        async def work(locale):
            from_ephemeral = await defer_privately(interaction)
            async with self.lock(interaction.channel_id):
                record = await self.playing_game(interaction, game_id)
                mine = self.seat_of(record, interaction.user.id)
                if seat is not None and seat != mine:
                    raise Refusal("bot.error.not_your_seat")
                state = self.state_of(record)
                deciders = {d.seat for d in self._pending(record, state)}
                try:
                    result = await self.commit(
                        record, mine, games.UNDO, server_locale=reported_locale(interaction)
                    )
                except IllegalAction as exc:
                    raise Refusal("bot.error.cannot_undo", reason=exc.msg) from None
                names = present.seat_names(record, locale)
                told = present.private_events(locale, result.events, mine, names)
                following, view = self._private_next(locale, result.record, result.state, mine)
                confirm = "\n".join([*told, *([following] if following else [])])
                await self.answer_saved(interaction, confirm, edit=from_ephemeral, view=view)
                await self.publish(channel_locale(interaction), result, state, mine, deciders)

        await self.guarded(interaction, work)

    async def answer_saved(
        self, interaction, content: str, *, edit: bool = False, ephemeral: bool = True, view=None
    ) -> None:
        """Answer after a move was saved: a failure here is logged, never reported as a failed
        move (the move stands, and the channel shows it). `view`: the player's next choices."""
        content = present.clip(content, present.MAX_CONTENT)
        try:
            if edit:
                await interaction.edit_original_response(content=content, view=view)
            elif view is not None:
                await interaction.followup.send(
                    content,
                    ephemeral=ephemeral,
                    view=view,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                await interaction.followup.send(
                    content,
                    ephemeral=ephemeral,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        except discord.HTTPException as exc:
            log.warning(
                "channel %s: could not answer %s after a saved move (HTTP %s)",
                interaction.channel_id,
                interaction.user.id,
                exc.status,
            )

    async def show_choices(self, interaction, game_id: int, version: int) -> None:
        """The "Choose" button: the clicker's own choices now, built from their seat only.

        Whatever the button's version, a player who decides now gets their current choices.
        """

        async def work(locale):
            # Acknowledged before the store is asked: Discord gives up on an interaction that
            # has no answer after 3 seconds, however busy the other channels keep the bot.
            await defer_privately(interaction)
            record = await self.playing_game(interaction, game_id)
            seat = self.seat_of(record, interaction.user.id)
            state = self.state_of(record)
            content, view = self._prompt_for(locale, record, state, seat)
            if view is None:
                raise Refusal("bot.error.not_your_decision", current=content)
            await self.reply(interaction, content, view=view)

        await self.guarded(interaction, work)

    async def show_screen(self, interaction, game_id: int | None = None) -> None:
        async def work(locale):
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await self.playing_game(interaction, game_id)
            seat = self.seat_of(record, interaction.user.id)
            engine = games.get(record.kind)
            view = engine.player_view(self.state_of(record), seat)
            file = await pictures.screen(view, present.seat_names(record, locale), locale)
            await interaction.followup.send(
                present.figures(locale, record.kind, view),
                files=pictures.attached(file),
                ephemeral=True,
            )

        await self.guarded(interaction, work)
