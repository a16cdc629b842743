"""The turn clock in virtual time: reminders, the table's choice at the turn limit, the AI
stepping in, restarts, muting, and reminders that say nothing about what is hidden."""

from __future__ import annotations

import random

import pytest

from tests.bot.driver import Table, bot_messages, custom_ids, press_together, text_of

HOUR = 3600
DAY = 24 * HOUR


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


def dms(env, member):
    channel_id = env.backend.dm_channels.get(member.id)
    if channel_id is None:
        return []
    bot_id = env.bot.user.id
    return [m for m in env.backend.messages.get(channel_id, {}).values() if m.author_id == bot_id]


def reminders_to(env, member):
    return [m for m in dms(env, member) if "has waited" in text_of(m)]


def channel_pings(env, channel, member, words="has waited"):
    return [
        m
        for m in bot_messages(env, channel)
        if words in text_of(m) and member.id in m.ping_user_ids
    ]


async def until_waiting_for(env, game, absent, limit=400):
    """Everybody but `absent` plays (and the AI moves) until `absent` must decide."""
    for _ in range(limit):
        await env.bot.services.ai.idle()
        await env.settle()
        message = game.prompt_message()
        if message is not None and absent in game.named(text_of(message)):
            return
        await game.step()
    raise AssertionError("the absent player never had to decide")


async def a_table_waiting_for_cai(env, table, kind="santiago"):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(env, channel, [ana, ben, cai], random.Random(3))
    await game.open(kind, 3)
    await until_waiting_for(env, game, cai)
    return game


async def test_reminders_at_24_and_48_hours_then_the_table_is_asked_at_3_days(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    version = record.version

    await simcord_env.advance_time(23 * HOUR)
    assert reminders_to(simcord_env, cai) == []
    await simcord_env.advance_time(1 * HOUR)
    first = reminders_to(simcord_env, cai)
    assert len(first) == 1 and "24 hours" in text_of(first[0])
    assert f"/channels/{guild.id}/{channel.id}/" in text_of(first[0]), "links the turn message"
    assert channel_pings(simcord_env, channel, cai) == []

    await simcord_env.advance_time(24 * HOUR)
    pings = channel_pings(simcord_env, channel, cai)
    assert len(pings) == 1 and "2 days" in text_of(pings[0])
    assert set(pings[0].ping_user_ids) == {cai.id}
    assert len(reminders_to(simcord_env, cai)) == 1

    await simcord_env.advance_time(24 * HOUR)
    asks = [m for m in bot_messages(simcord_env, channel) if "what should happen" in text_of(m)]
    assert len(asks) == 1
    ask = asks[0]
    assert set(ask.ping_user_ids) == {ana.id, ben.id}
    labels = [c["label"] for row in ask.components for c in row["components"]]
    assert labels == [
        "Wait one more day",
        "AI plays this decision",
        "AI takes the seat",
        "End the game now",
    ]
    assert (await store.by_channel(channel.id)).version == version, "nothing was played yet"
    # One reminder per interval at most: nothing else was said to or about cai.
    assert len(channel_pings(simcord_env, channel, cai)) == 1


async def test_a_move_that_starts_an_earlier_timer_wakes_the_clock(simcord_env, table):
    """The clock sleeps until the earliest timer it knows; a move that starts an earlier one
    (at a table with shorter reminders) wakes it, and each player is reminded on time."""
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)  # reminded after 24 hours
    await simcord_env.advance_time(12 * HOUR)
    other = guild.create_text_channel("second")
    second = Table(simcord_env, other, [ana, ben, dee], random.Random(5))
    await second.open("santiago", 3, reminders="21600", turn_limit="off")  # every 6 hours
    first = second.named(text_of(second.prompt_message()))
    assert len(first) == 1
    # Muted, with no turn limit, the first player's decision has no timer: the clock sleeps
    # on until the first table's reminder. Their move starts the next player's 6-hour timer.
    await first[0].slash(other, "game reminders", state="off")
    await second.step()
    await simcord_env.settle()
    waiting = second.named(text_of(second.prompt_message()))
    assert waiting and first[0] not in waiting

    await simcord_env.advance_time(5 * HOUR)
    assert all(reminders_to(simcord_env, m) == [] for m in waiting)
    await simcord_env.advance_time(1 * HOUR)
    assert all(len(reminders_to(simcord_env, m)) == 1 for m in waiting), "6 hours after"
    assert reminders_to(simcord_env, cai) == []
    await simcord_env.advance_time(6 * HOUR)
    assert len(reminders_to(simcord_env, cai)) == 1, "and the first table's timer still counts"


async def reach_the_question(env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = await a_table_waiting_for_cai(env, table)
    await env.advance_time(3 * DAY)
    ask = next(
        m for m in reversed(bot_messages(env, channel)) if "what should happen" in text_of(m)
    )
    message = next(m for m in channel.history() if m.id == ask.id)
    return game, message


async def test_nobody_answers_and_the_ai_plays_that_one_decision_a_day_later(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game, ask = await reach_the_question(simcord_env, table)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    await simcord_env.advance_time(23 * HOUR)
    assert (await store.by_channel(channel.id)).version == record.version
    await simcord_env.advance_time(1 * HOUR)
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    rows = await store.actions(record.id)
    assert len(rows) > record.version and rows[record.version].seat == 2
    fresh = await store.by_channel(channel.id)
    assert fresh.seats[2].controller == "human", "one decision only: cai keeps the seat"


@pytest.mark.parametrize("choice", ["Wait one more day", "AI plays this decision"])
async def test_the_first_choice_counts_and_is_announced(simcord_env, table, choice):
    guild, channel, (ana, ben, cai, dee) = table
    game, ask = await reach_the_question(simcord_env, table)
    store = simcord_env.bot.store
    before = await store.by_channel(channel.id)
    refused = await cai.click(ask, label=choice)
    said_to_cai = " ".join(text_of(m) for m in [refused.response, *refused.followups] if m)
    assert "Only the other players" in said_to_cai
    ids = {
        c["label"]: c["custom_id"] for row in ask.components for c in row.to_dict()["components"]
    }
    # Ana and Ben press at the same moment: one press counts, the other is told.
    results = await press_together(
        simcord_env, [(ana, ask, ids[choice], None), (ben, ask, ids[choice], None)]
    )
    answers = [" ".join(text_of(m) for m in [r.response, *r.followups] if m) for r in results]
    assert sum("already" in a for a in answers) == 1, answers
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    said = [m for m in bot_messages(simcord_env, channel) if " chose" in text_of(m)]
    assert said and not said[-1].components, "the choice is announced, the buttons are gone"
    after = await store.by_channel(channel.id)
    assert after.status == "active", "the first choice counts, not a later one"
    if choice == "Wait one more day":
        assert after.version == before.version
        await simcord_env.advance_time(DAY)
        asks = [m for m in bot_messages(simcord_env, channel) if "has not decided" in text_of(m)]
        assert len(asks) == 1 and "for 4 days" in text_of(asks[0]), "a day later: asked again"
    else:
        rows = await store.actions(after.id)
        assert rows[before.version].seat == 2 and after.seats[2].controller == "human"


async def test_the_ai_takes_the_seat_and_the_game_is_played_to_its_end(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game, ask = await reach_the_question(simcord_env, table)
    await ben.click(ask, label="AI takes the seat")
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.seats[2].controller == "ai:greedy"
    game.players = [ana, ben]
    for _ in range(1500):
        await simcord_env.bot.services.ai.idle()
        await simcord_env.settle()
        if game.finished():
            break
        await game.step()
    assert game.finished()
    final = channel.history()[-1]
    assert "cai (AI greedy)" in text_of(final)


async def test_ending_the_game_ranks_the_absent_player_last(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game, ask = await reach_the_question(simcord_env, table)
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    await ana.click(ask, label="End the game now")
    assert await store.by_channel(channel.id) is None, "the channel is free"
    how, stored = await store.result(record.id)
    import json

    result = json.loads(stored)
    assert how == "ended" and result["ranking"][-1] == 2 and 2 not in result["winners"]
    final = channel.history()[-1]
    assert "Final scores" in text_of(final) and "ended early" in text_of(final)


async def test_a_restart_between_two_reminders_sends_no_duplicate(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)
    await simcord_env.advance_time(30 * HOUR)
    assert len(reminders_to(simcord_env, cai)) == 1
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await simcord_env.advance_time(10 * HOUR)
    assert len(reminders_to(simcord_env, cai)) == 1
    assert channel_pings(simcord_env, channel, cai) == []
    await simcord_env.advance_time(8 * HOUR)
    assert len(channel_pings(simcord_env, channel, cai)) == 1


@pytest.fixture
def german_server(simcord_env, monkeypatch):
    """A Community server whose preferred language is German: Discord sends it as the
    `guild_locale` of every interaction there (SimCord's payloads always say en-US)."""
    from simcord import interactions

    build = interactions.base_payload

    def localized(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", localized)
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    players = [guild.add_member(simcord_env.create_user(name)) for name in ("ana", "ben", "cai")]
    return channel, players


async def test_after_a_restart_the_clock_still_speaks_the_server_language(
    simcord_env, simcord_bot, new_bot, german_server, db_path
):
    channel, (ana, ben, cai) = german_server
    opened = await ana.slash(channel, "game new", game="santiago")
    lobby = opened.response
    button = {i.rsplit(":", 1)[-1]: i for i in custom_ids(lobby)}
    for player in (ben, cai):
        assert (await player.click(lobby, custom_id=button["join"])).acknowledged
    await ana.click(lobby, custom_id=button["start"])
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(3))
    for _ in range(400):
        await simcord_env.bot.services.ai.idle()
        await simcord_env.settle()
        message = game.prompt_message()
        deciders = game.named(text_of(message))
        if cai in deciders:
            break
        player = game.rng.choice(deciders)
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if choose:
            shown = await player.click(message, custom_id=choose[0])
            await game.answer(player, shown.response)
        else:
            await game.answer(player, message)
    else:
        raise AssertionError("cai never had to decide")

    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    # Nobody has clicked since the restart: only the database knows the channel's language.
    await simcord_env.advance_time(2 * DAY)
    pings = channel_pings(simcord_env, channel, cai, words="wartet eine Entscheidung schon")
    assert len(pings) == 1 and "2 Tage" in text_of(pings[0]), [
        text_of(m) for m in bot_messages(simcord_env, channel)[-2:]
    ]
    await simcord_env.advance_time(DAY)
    asks = [m for m in bot_messages(simcord_env, channel) if "was soll passieren?" in text_of(m)]
    assert len(asks) == 1
    labels = [c["label"] for row in asks[0].components for c in row["components"]]
    assert "Noch einen Tag warten" in labels


async def test_a_deadline_that_passed_while_the_bot_was_stopped_is_handled_at_once(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)
    await simcord_bot.services.clock.close()  # the process stops: no clock runs
    await simcord_env.advance_time(3 * DAY + HOUR)
    assert reminders_to(simcord_env, cai) == []
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await simcord_env.settle()
    asks = [m for m in bot_messages(simcord_env, channel) if "what should happen" in text_of(m)]
    assert len(asks) == 1
    # The missed reminders are not sent now, all at once.
    assert reminders_to(simcord_env, cai) == [] and channel_pings(simcord_env, channel, cai) == []


async def test_a_muted_player_gets_no_reminder_but_the_table_is_still_asked(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)
    muted = await cai.slash(channel, "game reminders", state="off")
    assert muted.ephemeral and "No more reminders" in text_of(muted.response)
    await simcord_env.advance_time(3 * DAY)
    assert reminders_to(simcord_env, cai) == [] and channel_pings(simcord_env, channel, cai) == []
    asks = [m for m in bot_messages(simcord_env, channel) if "what should happen" in text_of(m)]
    assert len(asks) == 1


async def test_a_player_who_left_the_server_is_pinged_in_the_channel(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await a_table_waiting_for_cai(simcord_env, table)
    guild.remove_member(cai)
    # Discord refuses a DM to a user who shares no server with the bot any more (SimCord
    # does not model that refusal, so it is injected as Discord answers it).
    dm = cai.user.dm_channel
    simcord_env.inject_error(
        "POST", f"/channels/{dm.id}/messages", status=403, code=50007, times=None
    )
    await simcord_env.advance_time(DAY)
    assert reminders_to(simcord_env, cai) == []
    assert len(channel_pings(simcord_env, channel, cai)) == 1
    await simcord_env.advance_time(2 * DAY)
    asks = [m for m in bot_messages(simcord_env, channel) if "what should happen" in text_of(m)]
    assert len(asks) == 1, "the timer handles a player who left like any absent player"


async def test_reminders_and_the_tables_question_reveal_nothing_hidden(simcord_env, table):
    """Twin games that differ only in what lies behind the waiting player's screen give the
    same reminders and the same question to the table, word for word."""
    import re

    import games
    from storage import apply_move, start_game
    from storage.records import dump_state

    guild, channel, (ana, ben, cai, dee) = table
    twin = guild.create_text_channel("twin")
    store = simcord_env.bot.store
    engine = games.get("santiago")
    at = simcord_env.now().timestamp()
    ids = []
    for where in (channel, twin):
        lobby = await store.create_game(
            guild_id=guild.id,
            channel_id=where.id,
            kind="santiago",
            options=engine.options(None),
            creator_id=ana.id,
            creator_name="ana",
        )
        await store.join(lobby.id, ben.id, "ben")
        await store.join(lobby.id, cai.id, "cai")
        result = await start_game(store, lobby.id, seed=21, at=at)
        state = result.state
        while 2 not in {d.seat for d in engine.pending(state)}:
            seat = engine.pending(state)[0].seat
            code = engine.legal_codes(state, seat)[0]
            result = await apply_move(
                store, lobby.id, seat, code, expected_version=result.record.version, at=at
            )
            state = result.state
        ids.append(lobby.id)
    # The twin: cai's screen holds other amounts (pesos and VP are not counted anywhere public).
    record = await store.get(ids[1])
    state = record.state()
    state.pesos[2] += 7
    state.vp[2] += 3
    await store._db.execute(
        "UPDATE games SET state = ? WHERE id = ?", (dump_state(engine, state), ids[1])
    )
    assert (await store.get(ids[0])).state_json != (await store.get(ids[1])).state_json
    simcord_env.bot.services.clock.poke()
    await simcord_env.advance_time(3 * DAY + HOUR)

    def seen(where):
        texts = [text_of(m) for m in bot_messages(simcord_env, where)]
        # A DM names its game's channel in words ("#games on …"): the twins differ only there.
        named = f"#{where.name} on "
        texts += [
            text_of(m).replace(named, "#channel on ")
            for m in dms(simcord_env, cai)
            if named in text_of(m)
        ]
        return [re.sub(r"\d{15,}", "#", t).replace(str(ids[1]), str(ids[0])) for t in texts]

    first, second = seen(channel), seen(twin)
    assert first == second
    assert any("has waited" in t for t in first) and any("has not decided" in t for t in first)
