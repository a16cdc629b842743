"""A saved move reaches everyone, once, whatever Discord does with the calls that follow it.

For both games and every way a move is made (a click, a typed `/game move`, a typed `/game
undo`, the lobby's Start, an AI seat's move), each Discord call made after the move is saved
gets no answer in turn (a timeout before Discord sees it, an answer lost after Discord did it,
5xx on every try: `tests/bot/faults.py`), one call per move. Then, with nobody clicking to
unstick it: the move is saved once, the channel has exactly one message with live move buttons
and it names the people who decide, nobody is pinged twice and whoever must now decide is
pinged once, every screen DM shows the seat's screen, the AI plays on, nobody was told that
nothing changed, and nothing is left in the outbox.
"""

from __future__ import annotations

import random

import discord
import pytest

import games
from bot.text import present
from tests.bot.driver import (
    Table,
    bot_messages,
    components_of,
    custom_ids,
    saved_by_itself,
    text_of,
)
from tests.bot.faults import NO_ANSWER, NONCE_SECONDS, nth_call, server_error, timeout

MOVE_BUTTONS = ("mc:", "ms:", "mx:")
# Virtual seconds a game may take to show everything again once Discord answers.
PATIENCE = 900
STEP = 5
# The calls after a commit tried, and how many moves in a row may make fewer calls than the
# one to try before the kind of fault is done with.
MAX_CALLS = 12
MISSES = 3
NOTHING_CHANGED = "Nothing was changed"


def arm_at_commit(env, rule, wanted) -> list:
    """Arm `rule` as the first move `wanted(record, seat, code)` of an action (or a start,
    seat None) is saved: the calls it counts are the ones made after the commit. Gives the list
    of the moves it was armed at."""
    store = env.bot.store
    commit, start = store.commit_move, store.start
    armed: list = []

    def arm(record, seat, code) -> None:
        if rule.hit is None and not rule.armed and wanted(record, seat, code):
            armed.append((record.id, seat, code))
            rule.arm()

    async def committed(game_id, **kwargs):
        saved = await commit(game_id, **kwargs)
        arm(saved, kwargs["seat"], kwargs["code"])
        return saved

    async def started(game_id, **kwargs):
        saved = await start(game_id, **kwargs)
        arm(saved, None, None)
        return saved

    store.commit_move, store.start = committed, started
    return armed


def pings_at_creation(env) -> dict[int, list[int]]:
    """message id -> whom it pinged when it was posted (an edit pings nobody, and SimCord's
    message keeps only what its last edit would ping)."""
    pinged: dict[int, list[int]] = {}
    commit = env.backend.commit_message

    def committed(message, **kwargs):
        stored = commit(message, **kwargs)
        pinged[stored.id] = list(stored.ping_user_ids)
        return stored

    env.backend.commit_message = committed
    return pinged


def live(env, channel) -> list:
    """The bot's channel messages that still carry move buttons or a menu."""
    return [
        m
        for m in bot_messages(env, channel)
        if any(c.get("custom_id", "").startswith(MOVE_BUTTONS) for c in components_of(m))
    ]


def deciding_people(record) -> set[int]:
    state = record.state()
    return {
        record.seats[d.seat].user_id
        for d in games.get(record.kind).pending(state)
        if present.played_by_person(record, d.seat)
    }


class Scene:
    """One game under faults, and what it looked like before the move being tried."""

    def __init__(self, env, channel, people, seed: int) -> None:
        self.env, self.channel = env, channel
        self.game = Table(env, channel, people, random.Random(seed), typed=0.0)
        # A press whose answers are lost waits for them (on the virtual clock) before the
        # player looks at the channel again.
        self.game.after_press = self.settled
        self.store = env.bot.store
        self.services = env.bot.services
        self.pinged: dict[int, list[int]] = {}

    async def record(self):
        return await self.store.by_channel(self.channel.id)

    async def settled(self) -> None:
        """Let virtual time pass, nobody clicking, until the bot has nothing left to do."""
        lock = self.services.tables.lock(self.channel.id)
        # Nothing is awaited that a virtual timer holds up (a request waiting out its lost
        # answer): time passes until the bot is idle.
        for _ in range(PATIENCE // STEP):
            await self.env.settle()
            idle = not (self.services.mail.couriers or self.services.ai.busy())
            if idle and not self.services.outbox.rows and not lock.locked() and self.shown():
                return
            await self.env.advance_time(STEP)
        raise AssertionError(f"the game stalls: outbox {sorted(self.services.outbox.rows)}")

    def shown(self) -> bool:
        return self.game.finished() or bool(live(self.env, self.channel))

    def mark(self):
        """Where the channel stands before a move: its newest message, who decides."""
        stored = self.env.backend.messages.get(self.channel.id, {})
        return max(stored, default=0)

    async def check(self, since: int, version: int, deciders_before: set[int], what: str):
        record = await self.record()
        if record is None:  # the game ended: its final scores are posted, once
            finals = [
                m for m in bot_messages(self.env, self.channel) if "Final scores" in text_of(m)
            ]
            assert len(finals) == 1, what
            assert not live(self.env, self.channel), what
            return None
        assert record.version == version, f"{what}: saved once (version {record.version})"
        messages = live(self.env, self.channel)
        assert len(messages) == 1, f"{what}: {len(messages)} messages with live buttons"
        message = messages[0]
        moves = [i for i in custom_ids(message) if i.startswith(MOVE_BUTTONS)]
        assert all(f":{record.id}:{record.version}" in i for i in moves), f"{what}: {moves}"
        deciders = deciding_people(record)
        named = {p.id for p in self.game.named(text_of(message))}
        assert named == deciders, f"{what}: the turn message names {named}, not {deciders}"
        new = [m for m in bot_messages(self.env, self.channel) if m.id > since]
        for person in self.game.players:
            pings = sum(person.id in self.pinged.get(m.id, ()) for m in new)
            assert pings <= 1, f"{what}: {person.name} pinged {pings} times"
            if person.id in deciders - deciders_before:
                assert pings == 1, f"{what}: {person.name} must decide and was not pinged"
        self.screens_current(record)
        return record

    def screens_current(self, record) -> None:
        engine, state = games.get(record.kind), record.state()
        for seat, holder in enumerate(record.seats):
            if not present.played_by_person(record, seat):
                continue
            dm = self.env.backend.dm_channels.get(holder.user_id)
            assert dm is not None, f"seat {seat} never got its screen"
            newest = [m for m in self.env.backend.messages[dm].values() if m.author_id][-1]
            view = engine.player_view(state, seat)
            figures = present.figures(discord.Locale.american_english, record.kind, view)
            assert figures in text_of(newest), f"seat {seat}'s screen DM is not current"

    def told_nothing_changed(self) -> list[str]:
        return [
            text_of(m)
            for messages in self.env.backend.messages.values()
            for m in messages.values()
            if NOTHING_CHANGED in (text_of(m) or "")
        ]


async def typed_move(scene: Scene) -> None:
    message = scene.game.prompt_message()
    player = scene.game.rng.choice(scene.game.named(text_of(message)))
    choices = await player.autocomplete(scene.channel, "game move", "choice", "")
    await player.slash(scene.channel, "game move", choice=scene.game.rng.choice(choices)["value"])


async def undo(scene: Scene) -> None:
    """The player who just moved takes it back with `/game undo` (refused when the move closed
    the window: the caller tries again)."""
    version = (await scene.record()).version
    for person in scene.game.players:
        await person.slash(scene.channel, "game undo")
        if (await scene.record()).version != version:
            return


async def play_under_faults(env, table, faults, kind: str, source: str) -> dict[str, int]:
    """Every Discord call after a saved move of `source`, one per move, with each kind of no
    answer; for each kind, the last call it reached."""
    guild, channel, members = table
    rule = faults.add(nth_call(1, NO_ANSWER[0]))
    people = members[:2]
    # The AI's own moves are tried at a table with an AI seat; the people's at a table of two,
    # where an undo stays possible until the other player decides.
    ai_players = 1 if source == "ai" else 0

    def wanted(record, seat, code) -> bool:
        if source == "start":
            return seat is None
        if seat is None:
            return False
        if source == "undo":
            return code == games.UNDO
        by_ai = not present.played_by_person(record, seat)
        return by_ai == (source == "ai") and code != games.UNDO

    armed = arm_at_commit(env, rule, wanted)
    pinged = pings_at_creation(env)
    reached: dict[str, int] = {}
    scene = None
    actions = 0
    for fault in NO_ANSWER:
        nth, misses = 1, 0
        # The n-th call after the commit, for n = 1, 2, ... until several moves in a row made
        # fewer calls than that (moves differ: a new board, a DM or not).
        while nth <= MAX_CALLS and misses < MISSES:
            actions += 1
            assert actions < 400, "too few moves of the kind were saved"
            if scene is None or scene.game.finished() or source == "start":
                channel = guild.create_text_channel(f"{kind}-{source}-{actions}")
                scene = Scene(env, channel, people, seed=actions)
                scene.pinged = pinged
                if source != "start":
                    await scene.game.open(kind, 2, ai_players=ai_players, ai_level="random")
                    await scene.settled()
            rule.nth, rule.kind, rule.hit, rule.armed = nth, fault, None, False
            if source == "undo":
                await scene.game.step()  # the move to take back
                await scene.settled()
            record = await scene.record()
            since = scene.mark()
            active = record is not None and record.status == "active"
            before = deciding_people(record) if active else set()
            commits = len(armed)
            if source == "start":
                await scene.game.open(kind, 2, ai_players=ai_players, ai_level="random")
            elif source == "typed":
                await typed_move(scene)
            elif source == "undo":
                await undo(scene)
            else:
                await scene.game.step()
            await scene.settled()
            rule.armed = False
            if len(armed) == commits:
                continue  # nothing of the kind was saved (an undo refused): again
            what = f"{kind}, {source}, {fault} at call {nth} ({rule.hit})"
            assert len(armed) == commits + 1, f"{what}: saved {len(armed) - commits} times"
            after = await scene.record()
            if after is not None and source != "ai":
                # Saved once: one version on from the game the player saw (a start: version 0).
                # (and the lone choices it left, taken by themselves in the same save)
                expected = 0 if source == "start" else record.version + 1
                expected += await saved_by_itself(env, after, expected)
                assert after.version == expected, f"{what}: version {after.version}"
            version = None if after is None else after.version
            await scene.check(since, version, before, what)
            assert not scene.told_nothing_changed(), what
            assert not env.bot.services.outbox.rows, what
            assert await env.bot.store.deliveries() == [], what
            if rule.hit is None:
                misses += 1
                continue
            reached[fault], nth, misses = nth, nth + 1, 0
    return reached


@pytest.mark.parametrize("kind", ["santiago", "havana"])
@pytest.mark.parametrize("source", ["click", "typed", "undo", "start", "ai"])
async def test_a_saved_move_reaches_everyone_once_whatever_call_gets_no_answer(
    simcord_env, table, faults, kind, source
):
    reached = await play_under_faults(simcord_env, table, faults, kind, source)
    # Each kind of no answer was tried at every call after the commit, from the first to the
    # last one some move made (the mover's answer, the turn message, the old one's buttons,
    # the screen DMs).
    assert all(reached.get(fault, 0) >= 2 for fault in NO_ANSWER), reached


async def test_a_post_whose_answer_was_lost_is_found_after_a_restart_past_the_nonce_window(
    simcord_env, simcord_bot, new_bot, table, db_path, faults
):
    """An AI move's turn message is posted but its answer lost, and the channel cannot be read
    just then either: the bot stops, and comes back after Discord has forgotten the nonce. The
    message is found in the channel and kept, never posted a second time."""
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(2), typed=0.0)
    await game.open("havana", 2, ai_players=1, ai_level="random")
    path = f"/channels/{channel.id}/messages"
    lost = faults.add(timeout("POST", path, after=10, applied=True, times=1))
    faults.add(server_error("GET", path, 503, times=1))
    for _ in range(60):
        await game.step()
        await simcord_env.advance_time(15)
        if lost.answered:
            break
    else:
        raise AssertionError("no AI move posted a turn message")
    assert simcord_bot.services.outbox.rows, "the lost post waits in the outbox"
    posted = len(bot_messages(simcord_env, channel))
    # The bot stops before its next try; it is back after the nonce is forgotten.
    await simcord_bot.services.outbox.close()
    await simcord_bot.store.close()
    await simcord_env.advance_time(NONCE_SECONDS + 60)
    faults.clear()
    restarted = new_bot(db_path, rng=random.Random(3))
    await simcord_env.restart_bot(restarted)
    faults.install(restarted)
    await simcord_env.advance_time(60)
    assert len(bot_messages(simcord_env, channel)) == posted, "posted a second time"
    assert len(live(simcord_env, channel)) == 1
    assert await restarted.store.deliveries() == []
    record = await restarted.store.by_channel(channel.id)
    message = live(simcord_env, channel)[0]
    assert all(f":{record.id}:{record.version}" in i for i in custom_ids(message)), custom_ids(
        message
    )
    # Play goes on from it (edited, or retired for the next one).
    await game.step()
    await simcord_env.advance_time(15)
    assert (await restarted.store.by_channel(channel.id)).version > record.version
    assert len(live(simcord_env, channel)) == 1


@pytest.mark.parametrize("fault", NO_ANSWER)
async def test_a_typed_start_whose_own_answer_fails_still_posts_a_pinging_turn_message(
    simcord_env, table, faults, fault
):
    """`/game start` typed: its "thinking..." answer cannot be filled. The first turn message is
    a message of its own all the same, which pings the first player, never the start's answer."""
    guild, channel, (ana, ben, cai, dee) = table
    pinged = pings_at_creation(simcord_env)
    lobby = await ana.slash(channel, "game new", game="santiago")
    await ben.click(lobby.response, label="Join")
    rule = faults.add(nth_call(1, fault))
    arm_at_commit(simcord_env, rule, lambda record, seat, code: seat is None)
    await ana.slash(channel, "game start")
    for _ in range(PATIENCE // STEP):
        if live(simcord_env, channel) and not simcord_env.bot.services.outbox.rows:
            break
        await simcord_env.advance_time(STEP)
    assert rule.hit is not None, "the start's own answer got no answer"
    record = await simcord_env.bot.store.by_channel(channel.id)
    (message,) = live(simcord_env, channel)
    deciders = deciding_people(record)
    assert {ana.id, ben.id} & deciders
    assert all(pinged.get(message.id, []).count(user) == 1 for user in deciders)
