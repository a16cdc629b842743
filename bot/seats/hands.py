"""Who plays a seat: resigning, handing a seat to another member, coming back, and the
table's choice when a decision has waited past the turn limit.

Every change of hands goes through the store (`controller`, `resigned`, the seat's timer) under
the channel's lock, and is announced in the channel; the AI starts thinking at once for a seat it
now plays, and a person who takes a seat gets its screen by DM at once. A seat a person plays
moves only with their word (their own command, or "yes" to a request), when the AI plays it,
after its decision passed the turn limit, or by a moderator; resigning is final.

Ending a game early stores its standing as the result: the scores as they stand, the players
who resigned last, then the absent player.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

import games
from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.guard import handler
from bot.discord_io.turn_messages import message_link, pinging
from bot.seats import components
from bot.text import present
from bot.text.i18n import channel_locale, game_locale, text
from bot.text.preferences import Preferences
from storage import GameRecord, VersionConflict
from storage.clock import EXTENSION, WaitPlan, ai_plays_once, fresh, scheduled, vote_closed
from storage.play import standing_now
from storage.records import AI_PREFIX, HUMAN, result_to_json

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.guard import Guard
    from bot.discord_io.screen_dms import ScreenDms
    from bot.seats.ai_seats import AiSeats

log = logging.getLogger(__name__)

# The level the AI plays at when it stands in for a person.
STAND_IN = "greedy"
# A note per seat: the open request to hand it to another member, waiting for its person.
HAND_OVER_NOTE = "handover:"


class Seats:
    """Who plays a seat: resigning, handing over, coming back, the turn limit's choice."""

    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        announcer: Announcer,
        poke: Callable[..., None],
        ai: AiSeats,
        mail: ScreenDms,
    ) -> None:
        self.preferences, self.tables, self.guard = preferences, tables, guard
        self.announcer, self.poke, self.ai, self.mail = announcer, poke, ai, mail

    # ------------------------------------------------------------------ ending early

    async def end_now(
        self, record: GameRecord, *, how: str, last: tuple[int, ...] = (), post: bool = True
    ) -> None:
        """End an active game with the scores as they stand and post the result (the caller
        holds the channel's lock). `how`: "ended" (the table chose), "resigned", "abandoned"
        (kept as abandoned, no winner). `post`: False when the channel is gone, where a post
        would only be refused, and tried again by the outbox for ever."""
        result = standing_now(record, self.tables.state_of(record), last)
        if how == "abandoned":
            result = games.no_winner(result)
        status = "abandoned" if how == "abandoned" else "finished"
        record = await self.tables.store.end_game(
            record.id,
            status=status,
            how=how,
            result_json=json.dumps(result_to_json(result)),
            expected_version=record.version,
        )
        self.tables.forget(record.id)
        if not post:
            self.announcer.ended(record)
            return
        locale = game_locale(self.preferences, record)
        try:
            await self.announcer.post_result(locale, record, ())
        except discord.HTTPException as exc:
            await self.announcer._failed(record, exc)

    # ------------------------------------------------------------------ resigning

    @handler(defer="thinking")
    async def resign(self, interaction: discord.Interaction, locale) -> None:
        record = await self.tables.active_game(interaction, None)
        seat = self.tables.seat_of(record, interaction.user.id)
        if record.seats[seat].resigned:
            raise Refusal("bot.error.already_resigned")
        await self.guard.reply(
            interaction,
            text(locale, "bot.resign.ask"),
            view=components.resign_view(locale, record.id, seat),
        )

    @handler(defer="update")
    async def confirm_resign(
        self, interaction: discord.Interaction, locale, game_id: int, seat: int
    ):
        # the private question is edited
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, game_id)
            if self.tables.seat_of(record, interaction.user.id) != seat:
                raise Refusal("bot.error.not_your_seat")
            if record.seats[seat].resigned:
                raise Refusal("bot.error.already_resigned")
            name = present.seat_name(record, seat, channel_locale(self.preferences, interaction))
            await self.tables.store.set_seat_flags(record.id, seat, resigned=True)
            record = await self.hand_to_ai(record, seat)
            await interaction.edit_original_response(
                content=text(locale, "bot.resign.done"), view=None
            )
            staying = [s for s in record.seats if not s.resigned]
            ch = channel_locale(self.preferences, interaction)
            if len(staying) <= 1:
                await self.end_now(record, how="resigned")
                return
            await self.say(record, text(ch, "bot.resign.said", who=name))
            self.ai.wake(record, self.tables.state_of(record))

    # ------------------------------------------------------------------ hands

    async def hand_to_ai(self, record: GameRecord, seat: int) -> GameRecord:
        """The AI plays `seat` from now on; its timer stops (the AI decides at once)."""
        record = await self.tables.store.set_controller(record.id, seat, AI_PREFIX + STAND_IN)
        await self._drop_timer(record, seat)
        return record

    async def _drop_timer(self, record: GameRecord, seat: int) -> None:
        waits = await self.tables.store.waits(record.id)
        await self.tables.store.put_waits(
            record.id, WaitPlan(tuple(w.seat for w in waits if w.seat != seat))
        )

    async def _new_timer(self, record: GameRecord, seat: int) -> None:
        """A person now plays `seat`: if it must decide, its clock starts now."""
        pending = {d.seat for d in games.get(record.kind).pending(self.tables.state_of(record))}
        waits = await self.tables.store.waits(record.id)
        keep = tuple(w.seat for w in waits if w.seat != seat)
        new = ()
        if seat in pending:
            found = record.seats[seat]
            new = (fresh(record.id, seat, now(), record.settings, found.muted),)
        await self.tables.store.put_waits(record.id, WaitPlan(keep, new))
        self.poke()

    async def say(self, record: GameRecord, content: str, ping: list[int] = ()) -> None:
        try:
            await self.announcer.channel(record).send(
                content, allowed_mentions=pinging(self.announcer.awake(ping))
            )
        except discord.HTTPException as exc:
            log.warning("game %s: could not post in the channel (HTTP %s)", record.id, exc.status)

    @handler(defer="thinking")
    async def substitute(
        self,
        interaction: discord.Interaction,
        locale,
        member: discord.Member,
        seat_number: int | None,
    ) -> None:
        """Hand a seat to another member of the server.

        Its player hands it over themselves; a moderator (Manage Channels) moves any seat; who
        opened the game moves an AI's seat, a seat the AI plays for its person, or one whose
        decision has passed the turn limit, and for any other person's seat asks that person,
        whose "yes" moves it. A resigned seat is the AI's to the end and moves to nobody."""
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, None)
            mine = record.seat_of(interaction.user.id)
            seat = mine if seat_number is None else seat_number - 1
            if seat is None or not 0 <= seat < len(record.seats):
                raise Refusal("bot.error.which_seat", high=len(record.seats))
            moderator = (
                interaction.permissions is not None and interaction.permissions.manage_channels
            )
            creator = interaction.user.id == record.creator_id
            if seat != mine and not (creator or moderator):
                raise Refusal("bot.error.cannot_substitute")
            if record.seats[seat].resigned:
                raise Refusal("bot.error.seat_resigned")
            if member.bot:
                raise Refusal("bot.error.substitute_bot")
            if record.seat_of(member.id) is not None:
                raise Refusal(
                    "bot.error.substitute_seated", who=present.escape(member.display_name)
                )
            ch = channel_locale(self.preferences, interaction)
            if seat != mine and not moderator and not await self._free_to_move(record, seat):
                await self._refuse_if_asked(record, seat, member, locale)
                await self._ask_holder(interaction, record, seat, member, ch)
                holder = present.seat_name(record, seat, locale)
                who = present.escape(member.display_name)
                await self.guard.reply(
                    interaction, text(locale, "bot.handover.asked", holder=holder, who=who)
                )
                return
            by = None if seat == mine else present.escape(interaction.user.display_name)
            await self._hand_over(record, seat, member.id, member.display_name, ch, by=by)
            await self.guard.reply(interaction, text(locale, "bot.substitute.done"))

    async def _free_to_move(self, record: GameRecord, seat: int) -> bool:
        """May who opened the game move this seat without its person's word? Yes if no person
        plays it now (an AI's seat, or the AI stands in), or if its decision has passed the
        turn limit."""
        if not present.played_by_person(record, seat):
            return True
        for wait in await self.tables.store.waits(record.id):
            if wait.seat == seat:
                late = wait.deadline is not None and now() >= wait.deadline
                return late or wait.vote_at is not None
        return False

    async def _refuse_if_asked(self, record: GameRecord, seat: int, member, locale) -> None:
        """The same request while it is open posts nothing again (one message, one ping, one
        pair of buttons): the asker is given its link."""
        note = await self.tables.store.get_note(record.id, f"{HAND_OVER_NOTE}{seat}")
        asked = json.loads(note) if note else None
        if asked is not None and asked.get("to") == member.id:
            raise Refusal(
                "bot.error.handover_open",
                holder=present.seat_name(record, seat, locale),
                who=present.escape(member.display_name),
                link=message_link(record, asked.get("message")),
            )

    async def _ask_holder(
        self, interaction: discord.Interaction, record: GameRecord, seat: int, member, ch
    ) -> None:
        """Ask the seat's person in the channel (buttons only they may press); the request is
        kept as a note, so a restart still knows whom it was for."""
        holder = record.seats[seat].user_id
        key = f"{HAND_OVER_NOTE}{seat}"
        asked = {"to": member.id, "name": member.display_name}
        await self.tables.store.set_note(record.id, key, json.dumps(asked))
        content = text(
            ch,
            "bot.handover.ask",
            holder=f"<@{holder}>",
            by=present.escape(interaction.user.display_name),
            who=present.escape(member.display_name),
        )
        view = components.hand_over_view(ch, record.id, seat, holder, member.id)
        try:
            sent = await self.announcer.channel(record).send(
                content, view=view, allowed_mentions=pinging(self.announcer.awake([holder]))
            )
        except discord.HTTPException:
            await self.tables.store.delete_note(record.id, key)
            raise Refusal("bot.error.handover_not_posted") from None
        asked["message"] = str(sent.id)
        await self.tables.store.set_note(record.id, key, json.dumps(asked))

    @handler(defer="update")
    async def answer_hand_over(
        self,
        interaction: discord.Interaction,
        locale,
        game_id: int,
        seat: int,
        holder: int,
        to: int,
        accept: bool,
    ) -> None:
        """The seat's person answers a request to hand their seat to `to`."""
        # the request's message is edited
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, game_id)
            if (
                interaction.user.id != holder
                or seat >= len(record.seats)
                or record.seats[seat].user_id != holder
            ):
                raise Refusal("bot.error.handover_not_yours")
            key = f"{HAND_OVER_NOTE}{seat}"
            note = await self.tables.store.get_note(record.id, key)
            asked = json.loads(note) if note else None
            if asked is None or asked.get("to") != to:
                raise Refusal("bot.error.handover_over")
            ch = channel_locale(self.preferences, interaction)
            name = present.seat_name(record, seat, ch)
            if not accept:
                await self.tables.store.delete_note(record.id, key)
                await interaction.edit_original_response(
                    content=text(ch, "bot.handover.declined", holder=name), view=None
                )
                return
            if record.seats[seat].resigned:
                raise Refusal("bot.error.seat_resigned")
            if record.seat_of(to) is not None:
                who = present.escape(asked.get("name", "?"))
                raise Refusal("bot.error.substitute_seated", who=who)
            await self.tables.store.delete_note(record.id, key)
            await interaction.edit_original_response(
                content=text(
                    ch,
                    "bot.handover.accepted",
                    holder=name,
                    who=present.escape(asked.get("name", "?")),
                ),
                view=None,
            )
            await self._hand_over(record, seat, to, asked.get("name", "?"), ch, by=None)

    async def _hand_over(
        self, record: GameRecord, seat: int, user_id: int, name: str, ch, *, by: str | None
    ) -> GameRecord:
        """`user_id` plays `seat` from now on: its clock starts for them, the turn message
        names them at once if the seat decides now, the channel is told (`by`: who moved a seat
        not their own; its person, if any, is pinged), which pings them once, and they get the
        seat's screen by DM at once."""
        held = record.seats[seat]
        before = present.seat_name(record, seat, ch)
        record = await self.tables.store.substitute(record.id, seat, user_id, name)
        await self._new_timer(record, seat)
        # A request still open for the seat was made to the person who no longer holds it.
        await self.tables.store.delete_note(record.id, f"{HAND_OVER_NOTE}{seat}")
        pinged = await self._name_in_turn_message(record, seat, user_id)
        who = f"<@{user_id}>"
        new = [] if pinged else [user_id]
        if by is None:
            await self.say(record, text(ch, "bot.substitute.said", who=who, before=before), new)
        else:
            told = [held.user_id] if held.has_person else []
            if told:
                before = f"<@{held.user_id}>"
            content = text(ch, "bot.substitute.said_by", who=who, before=before, by=by)
            await self.say(record, content, [*new, *told])
        self.mail.hand_over(record, self.tables.state_of(record), seat)
        return record

    async def _name_in_turn_message(self, record: GameRecord, seat: int, user_id: int) -> bool:
        """The live turn message of a seat that decides now names its new holder at once (an
        edit, which pings nobody). True when the turn message pinged them already: Discord
        refused the edit and a new one was posted instead."""
        state = self.tables.state_of(record)
        if seat not in {d.seat for d in games.get(record.kind).pending(state)}:
            return False
        await self.announcer.refresh(game_locale(self.preferences, record), record, state)
        shown = self.announcer.turns.get(record.id)
        return shown is not None and user_id in shown.pinged

    @handler(defer="thinking")
    async def return_seat(self, interaction: discord.Interaction, locale) -> None:
        """ "I'm back": a person takes back the seat the AI has been playing for them."""
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, None)
            seat = self.tables.seat_of(record, interaction.user.id)
            found = record.seats[seat]
            if found.resigned:
                raise Refusal("bot.error.already_resigned")
            if found.ai_level is None:
                raise Refusal("bot.error.not_with_ai")
            record = await self.tables.store.set_controller(record.id, seat, HUMAN)
            await self._new_timer(record, seat)
            self.mail.hand_over(record, self.tables.state_of(record), seat)
            await self.guard.reply(interaction, text(locale, "bot.return.done"))
            ch = channel_locale(self.preferences, interaction)
            await self.say(
                record, text(ch, "bot.return.said", who=present.seat_name(record, seat, ch))
            )

    # ------------------------------------------------------------------ the turn limit

    @handler(defer="update")
    async def limit_choice(
        self,
        interaction: discord.Interaction,
        locale,
        game_id: int,
        seat: int,
        since: int,
        choice: str,
    ) -> None:
        """One of the other players chooses what happens to a decision past the turn limit;
        the first choice counts, the buttons go, and the channel is told."""
        # the vote's message is edited
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.active_game(interaction, game_id)
            me = self.tables.seat_of(record, interaction.user.id)
            if me == seat or not present.played_by_person(record, me):
                raise Refusal("bot.error.limit_not_yours")
            waits = {w.seat: w for w in await self.tables.store.waits(record.id)}
            wait = waits.get(seat)
            if wait is None or int(wait.since) != since or wait.vote_at is None:
                raise Refusal("bot.error.limit_over")
            if vote_closed(wait, now()):
                # Their time ran out, or another player chose that the AI plays it.
                raise Refusal("bot.error.limit_over")
            keep = tuple(s for s in waits if s != seat)
            absent = present.seat_name(record, seat, channel_locale(self.preferences, interaction))
            if choice == "wait":
                later = replace(wait, deadline=now() + EXTENSION, vote_at=None, vote_message=None)
                later = scheduled(later, record.settings, record.seats[seat].muted)
                await self.tables.store.put_waits(record.id, WaitPlan(keep, (later,)))
                self.poke()
            elif choice == "once":
                # The timer stays until the AI's move replaces it (a crash before that
                # move leaves it to fall due again).
                standing = ai_plays_once(wait, now())
                await self.tables.store.put_waits(record.id, WaitPlan(keep, (standing,)))
                self.poke(standing.due)
            elif choice == "seat":
                record = await self.hand_to_ai(record, seat)
            ch = channel_locale(self.preferences, interaction)
            outcome = text(
                ch,
                f"bot.limit.chose.{choice}",
                who=present.escape(interaction.user.display_name),
                absent=absent,
            )
            await interaction.edit_original_response(content=outcome, view=None)
            if choice == "end":
                try:
                    await self.end_now(record, how="ended", last=(seat,))
                except VersionConflict:
                    raise Refusal("bot.error.limit_over") from None
                return
            await self.say(record, outcome)
        if choice == "once":
            self.ai.stand_in(record, seat)
        elif choice == "seat":
            self.ai.wake(record, self.tables.state_of(record))
