"""`/learn` where no private thread can be opened (a channel where the bot may not create
private threads, an announcement channel, the bot's DM itself): the practice table opens in the
member's DMs with the bot, in the member's language, and is played there entirely (the turn
messages, buttons and menus, the private prompt, lessons, hints, the AI's reasons, the final
scores), after a restart too; one practice table per member wherever it is; closed DMs are
refused politely with nothing kept; and the table stays out of every server's history, stats
and leaderboard."""

from __future__ import annotations

import random

import discord
import pytest

from tests.bot.driver import (
    Table,
    components_of,
    custom_ids,
    last_answer,
    private_answer,
    settle_ai,
    text_of,
)
from tests.bot.faults import close_dms
from tests.bot.test_hostile_input import forged_press
from tests.bot.test_learn_hints import ask, private_prompt
from tests.bot.test_learn_practice import play_out, said_in
from tests.bot.test_learn_teaching import decided, explained

PRACTICE_LINE = "Practice table: unrated"
IN_DMS = "open in our direct messages"


def shut_channel(guild):
    """A text channel where the bot may not create private threads."""
    return guild.create_text_channel(
        "no-threads",
        overwrites={guild.me: discord.PermissionOverwrite(create_private_threads=False)},
    )


def dm_messages(env, member) -> list:
    """What the member's DMs with the bot show them (not the private answers)."""
    return [m for m in member.user.dm_channel.history() if not m.flags.ephemeral]


async def open_in_dm(env, member, kind, channel=None, **options):
    """`/learn` in `channel` (else in the bot's DM itself); the answer, and a driver for the
    table in the member's DMs."""
    if channel is None:
        result = await member.user.slash("learn", game=kind, **options)
    else:
        result = await member.slash(channel, "learn", game=kind, **options)
    assert result.ephemeral, result.response.content
    await settle_ai(env)
    game = Table(env, member.user.dm_channel, [member.user], random.Random(len(kind)), typed=0.0)
    return result, game


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_where_no_private_thread_can_be_opened_the_table_is_played_in_the_members_dms(
    simcord_env, table, kind
):
    guild, channel, (ana, ben, cai, dee) = table
    shut = shut_channel(guild)
    result, game = await open_in_dm(simcord_env, ana, kind, shut)
    assert IN_DMS in text_of(last_answer(result))
    store = simcord_env.bot.store
    dm = ana.user.dm_channel
    record = await store.by_channel(dm.id)
    assert record.mode == "practice" and record.status == "active" and record.guild_id == 0
    assert [s.has_person for s in record.seats] == [True, False, False]
    # Nothing in the server: no thread, not a word in either channel.
    assert not shut.threads and not channel.threads
    assert not said_in(shut) and not said_in(channel)
    opening = dm_messages(simcord_env, ana)[0]
    assert "practice table of" in opening.content and ana.mention in opening.content
    assert PRACTICE_LINE in opening.content and "every server's history" in opening.content
    turn = game.prompt_message()
    assert turn is not None and "(practice)**, move" in text_of(turn)
    assert PRACTICE_LINE not in text_of(turn)

    # A hint, privately, from the private prompt in the DM.
    prompt = await private_prompt(simcord_env, game, ana.user)
    hint = await ask(ana.user, prompt)
    assert hint.ephemeral and hint.content.startswith("**Hint**")
    assert "% to win." in hint.content
    await settle_ai(simcord_env)

    await play_out(simcord_env, game, dm)
    shown = dm_messages(simcord_env, ana)
    # The AI's moves came with the reason for them.
    assert any(line.startswith("• Why AI") for m in shown for line in text_of(m).splitlines())
    # Each kind of decision met was explained once, with its "More" button.
    counted = explained(simcord_env)
    assert set(counted) == await decided(simcord_env, record)
    assert counted and all(n == 1 for n in counted.values()), counted
    # The final scores end it there, marked practice; no Rematch in a DM (`/learn` again).
    final = [m for m in shown if "Final scores" in text_of(m)][-1]
    assert PRACTICE_LINE in text_of(final)
    # No `/game new` in a DM, which belongs to no server: `/learn` again.
    assert "/game new" not in text_of(final) and "`/learn`" in text_of(final)
    assert not [c for c in components_of(final) if c.get("custom_id", "").startswith("rm:")]
    assert not said_in(shut) and not said_in(channel)
    # In no server's history, stats, ratings or leaderboard.
    assert await store.read("SELECT * FROM endings") == []
    assert await store.read("SELECT * FROM ratings") == []
    listed = await ana.slash(channel, "game history list")
    assert str(record.id) not in listed.response.content.split("**")[1::2]
    stats = await ana.slash(channel, "game history stats")
    assert "has not finished a game" in stats.response.content
    board = await ana.slash(channel, "game history leaderboard", game=kind)
    assert "Nobody has" in board.response.content
    # Over: the learner may open another.
    assert await store.practice_table(ana.id) is None


async def test_learn_in_the_bots_dm_opens_the_table_there_in_the_members_language(
    simcord_env, table, client_locales
):
    guild, channel, (ana, ben, cai, dee) = table
    client_locales[ana.id] = "de"
    result, game = await open_in_dm(simcord_env, ana, "havana")
    assert "Direktnachrichten" in text_of(last_answer(result))
    dm = ana.user.dm_channel
    record = await simcord_env.bot.store.by_channel(dm.id)
    assert record.guild_id == 0 and record.mode == "practice"
    turn = game.prompt_message()
    assert "Havanna" in text_of(turn) and "Wähle" in text_of(turn), text_of(turn)
    # Everything in the DM is the member's alone: Choose is not said to show them to them only.
    assert "**Wählen**" in text_of(turn) and "nur du" not in text_of(turn), text_of(turn)
    for _ in range(6):
        await game.step()
        await settle_ai(simcord_env)
    assert (await simcord_env.bot.store.get(record.id)).version > record.version
    # Typed in the DM: a move from the autocomplete.
    while ana.user not in game.named(text_of(game.prompt_message())):
        await game.step()
        await settle_ai(simcord_env)
    version = (await simcord_env.bot.store.get(record.id)).version
    choices = await ana.user.autocomplete("game move", "choice", "")
    assert choices
    moved = await ana.user.slash("game move", choice=choices[0]["value"])
    assert moved.ephemeral and "Erledigt" in private_answer(moved).content
    assert (await simcord_env.bot.store.get(record.id)).version > version
    # `/game screen` and `/game recap` there answer about it, privately.
    screen = await ana.user.slash("game screen")
    assert screen.ephemeral and "Hand:" in text_of(private_answer(screen))
    recap = await ana.user.slash("game recap")
    assert recap.ephemeral and "Seit deinem letzten Zug" in text_of(private_answer(recap))
    # `/game mine` in the DM lists it, marked practice.
    mine = await ana.user.slash("game mine")
    listed = text_of(last_answer(mine))
    assert f"**Havanna (Übung)** in https://discord.com/channels/@me/{dm.id}:" in listed, listed
    # `/game abandon` there ends it; then `/learn` in the DM opens the next one.
    ended = await ana.user.slash("game abandon")
    assert not ended.ephemeral
    assert await simcord_env.bot.store.practice_table(ana.id) is None
    again, _ = await open_in_dm(simcord_env, ana, "santiago")
    assert "Direktnachrichten" in text_of(last_answer(again))


async def test_closed_dms_and_no_thread_are_refused_politely_and_nothing_is_kept(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    shut = shut_channel(guild)
    news = guild.create_news_channel("announcements")
    # Ana does not accept direct messages from server members: Discord answers 403 / 50007.
    close_dms(simcord_env, ana)
    for where in (shut, news):
        refused = await ana.slash(where, "learn", game="havana")
        assert refused.ephemeral
        said = text_of(last_answer(refused))
        assert "neither in a private thread here nor in our direct messages" in said, said
        assert not where.threads and not said_in(where)
    store = simcord_env.bot.store
    assert await store.practice_table(ana.id) is None
    assert await store.read("SELECT * FROM games") == []
    assert dm_messages(simcord_env, ana) == []
    # Where a private thread can be opened, it is.
    opened = await ana.slash(channel, "learn", game="havana")
    assert opened.ephemeral and len(channel.threads) == 1


async def test_one_practice_table_per_member_across_threads_and_dms(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    shut = shut_channel(guild)
    # Ana's table is in a private thread: asked in a channel without threads, or in the DM,
    # she is pointed to it and no table opens in her DMs (which show her screen alone).
    await ana.slash(channel, "learn", game="havana")
    (room,) = channel.threads
    for again in (
        await ana.slash(shut, "learn", game="santiago"),
        await ana.user.slash("learn", game="santiago"),
    ):
        assert again.ephemeral and room.mention in text_of(last_answer(again))
    shown = dm_messages(simcord_env, ana)
    assert all(m.content.startswith("Your screen in **Havana**") for m in shown), shown
    assert await simcord_env.bot.store.by_channel(ana.user.dm_channel.id) is None
    # Ben's table is in his DMs: asked where a thread could open, he is pointed to his DMs.
    await open_in_dm(simcord_env, ben, "santiago", shut)
    for again in (
        await ben.slash(channel, "learn", game="havana"),
        await ben.user.slash("learn", game="havana"),
    ):
        said = text_of(last_answer(again))
        assert again.ephemeral and "already have a practice table, in our direct messages" in said
    assert len(channel.threads) == 1
    kept = await simcord_env.bot.store.read("SELECT count(*) FROM games WHERE mode = 'practice'")
    assert kept == [(2,)]


async def test_a_restart_keeps_the_dm_table_playable(simcord_env, table, new_bot, db_path):
    guild, channel, (ana, ben, cai, dee) = table
    news = guild.create_news_channel("announcements")
    result, game = await open_in_dm(simcord_env, ana, "santiago", news)
    for _ in range(3):
        await game.step()
        await settle_ai(simcord_env)
    dm = ana.user.dm_channel
    before = await simcord_env.bot.store.by_channel(dm.id)
    await simcord_env.bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(3)))
    await settle_ai(simcord_env)
    # The buttons already in the DM (DynamicItems) answer the new process: the table waited
    # for its learner, so only her presses move it on.
    assert (await simcord_env.bot.store.by_channel(dm.id)).version == before.version
    for _ in range(4):
        await game.step()
        await settle_ai(simcord_env)
    after = await simcord_env.bot.store.by_channel(dm.id)
    assert after.id == before.id and after.version > before.version


async def test_the_learners_undo_in_the_dm(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await open_in_dm(simcord_env, ana, "santiago", shut_channel(guild))
    dm = ana.user.dm_channel
    game = Table(simcord_env, dm, [ana.user], random.Random(5), typed=0.0)
    store = simcord_env.bot.store
    for _ in range(60):
        message = game.prompt_message()
        if ana.user in game.named(text_of(message)):
            ids = custom_ids(message)
            choose = [i for i in ids if i.startswith("mx:")]
            pressed = message
            if choose:
                pressed = last_answer(await ana.user.click(message, custom_id=choose[0]))
            moves = [i for i in custom_ids(pressed) if i.startswith("mc:")]
            if moves:
                done = await ana.user.click(pressed, custom_id=moves[0])
                answered = [m for m in done.followups if m.flags.ephemeral] or [done.response]
                undo = [m for m in answered if any(i.startswith("ud:") for i in custom_ids(m))]
                if undo:
                    version = (await store.by_channel(dm.id)).version
                    undone = await ana.user.click(undo[-1], label="Undo")
                    assert "You took back" in text_of(last_answer(undone))
                    assert (await store.by_channel(dm.id)).version == version + 1
                    return
                await settle_ai(simcord_env)
                continue
        await game.step()
        await settle_ai(simcord_env)
    raise AssertionError("no move of the learner could be taken back")


async def test_a_dm_tables_buttons_act_only_in_that_dm(simcord_env, table):
    """Custom ids come back from the client: a press naming a member's DM table, forged in
    another member's DM or in a server's channel, reaches nothing."""
    guild, channel, (ana, ben, cai, dee) = table
    _, game = await open_in_dm(simcord_env, ana, "havana", shut_channel(guild))
    record = await simcord_env.bot.store.by_channel(ana.user.dm_channel.id)
    turn = game.prompt_message()
    choose = next(i for i in custom_ids(turn) if i.startswith("mx:"))
    await ben.user.send_dm("hello")
    for forged in (
        await forged_press(simcord_env, ben, turn, choose, dm=True),
        await forged_press(simcord_env, ben, turn, choose, channel=channel),
    ):
        assert "another channel" in text_of(last_answer(forged))
    assert (await simcord_env.bot.store.get(record.id)).version == record.version
    # Ana's own press there opens her choices.
    shown = await ana.user.click(turn, custom_id=choose)
    assert any(i.startswith("mc:") for i in custom_ids(private_answer(shown)))


async def test_a_dm_table_speaks_its_members_language_not_the_servers(simcord_env, client_locales):
    """The server speaks Italian; Ben's client German: his table in his DMs speaks German,
    the AI's moves included, while the server's own tables stay Italian."""
    ana_user = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=ana_user)
    ana = guild.add_member(ana_user)
    ben = guild.add_member(simcord_env.create_user("ben"))
    client_locales[ben.id] = "de"
    await ana.slash(guild.create_text_channel("giochi"), "game language", language="it")
    news = guild.create_news_channel("annunci")
    result, game = await open_in_dm(simcord_env, ben, "santiago", news)
    assert "Direktnachrichten" in text_of(last_answer(result))
    for _ in range(8):
        await game.step()
        await settle_ai(simcord_env)
    shown = "\n".join(text_of(m) for m in dm_messages(simcord_env, ben))
    assert "Übungstisch" in shown and "KI 1" in shown, shown
    assert "allenamento" not in shown


async def test_the_overviews_practise_button_in_the_bots_dm_opens_the_table_there(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    overview = await ana.user.slash("learn")
    assert overview.ephemeral and "0 of 12" in overview.response.content
    opened = await ana.user.click(overview.response, custom_id="lp:havana")
    assert opened.ephemeral and "open here, in our direct messages" in text_of(last_answer(opened))
    record = await simcord_env.bot.store.by_channel(ana.user.dm_channel.id)
    assert record.kind == "havana" and record.mode == "practice" and record.guild_id == 0


async def test_quiet_hours_hold_nothing_of_the_table_the_member_plays_in_their_dms(
    simcord_env, table
):
    """In her quiet hours (now, 05:30 in Kolkata) Ana plays at her table in her DMs: each of
    her moves is answered there at once, her screen's DM too, and nothing waits for the
    hours' end."""
    guild, channel, (ana, ben, cai, dee) = table
    await ana.slash(channel, "game quiet", **{"from": 5, "to": 9, "timezone": "Asia/Kolkata"})
    _, game = await open_in_dm(simcord_env, ana, "santiago", shut_channel(guild))
    for _ in range(6):
        await game.step()
        await settle_ai(simcord_env)
    shown = dm_messages(simcord_env, ana)
    assert any(text_of(m).startswith("Your screen in **Santiago de Cuba**") for m in shown)
    assert await simcord_env.bot.store.read("SELECT * FROM quiet_held") == []
    await simcord_env.advance_time(5 * 3600)
    assert not any("Your quiet hours are over" in text_of(m) for m in dm_messages(simcord_env, ana))


async def test_the_moves_of_a_dm_table_are_counted_as_dms_in_the_metrics(simcord_env, table):
    from prometheus_client import REGISTRY

    def moves(shard):
        return REGISTRY.get_sample_value("malecon_moves_total", {"shard": shard, "kind": "havana"})

    guild, channel, (ana, ben, cai, dee) = table
    before = moves("dm") or 0.0
    server = moves("0") or 0.0
    _, game = await open_in_dm(simcord_env, ana, "havana", shut_channel(guild))
    for _ in range(3):
        await game.step()
        await settle_ai(simcord_env)
    record = await simcord_env.bot.store.by_channel(ana.user.dm_channel.id)
    assert moves("dm") - before == record.version
    assert (moves("0") or 0.0) == server


async def test_text_boards_asked_for_in_a_server_come_to_the_table_in_dms(simcord_env, table):
    """Ana asked for text boards in her server; her table in her DMs belongs to no server, and
    her screen's DM there carries the board as text too. Ben, who did not ask, gets none."""
    guild, channel, (ana, ben, cai, dee) = table
    on = await ana.slash(channel, "game accessibility", text_boards=True)
    assert on.ephemeral
    shut = shut_channel(guild)
    for member in (ana, ben):
        _, game = await open_in_dm(simcord_env, member, "havana", shut)
        for _ in range(3):
            await game.step()
            await settle_ai(simcord_env)
    ana_boards = [e for m in dm_messages(simcord_env, ana) for e in m.embeds]
    assert ana_boards and ana_boards[-1].description.startswith("## ana")
    assert not [e for m in dm_messages(simcord_env, ben) for e in m.embeds]
