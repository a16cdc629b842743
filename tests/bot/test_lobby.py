"""Opening, joining, leaving, starting and abandoning a game; every bad input is refused politely."""

from __future__ import annotations

import json

import discord

from bot.discord_io.announce import PARENT_CHANNEL
from tests.bot.driver import text_of


async def open_lobby(member, channel, game="santiago", **options):
    result = await member.slash(channel, "game new", game=game, **options)
    assert not result.ephemeral, text_of(result.response)
    return result.response


def refused(result, *words):
    """An ephemeral answer that contains `words`."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None and message.ephemeral, result
    for word in words:
        assert word in text_of(message), text_of(message)
    return text_of(message)


async def test_lobby_buttons_and_commands(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    lobby = await open_lobby(ana, channel)
    assert "Santiago de Cuba" in text_of(lobby)
    await ben.click(lobby, label="Join")
    posted = len(channel.history())
    joined = await cai.slash(channel, "game join")
    # The lobby stays one message: edited, with nobody pinged; the joiner is answered alone.
    assert joined.ephemeral and len(channel.history()) == posted
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert cai.mention in text_of(lobby_now) and ben.mention in text_of(lobby_now)
    await cai.slash(channel, "game leave")
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert cai.mention not in text_of(lobby_now)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert [s.user_id for s in record.seats] == [ana.id, ben.id]
    await ana.click(lobby, label="Start")
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.status == "active"
    assert "begins" in text_of(channel.history()[-2])
    # After the start the lobby keeps its list of players but loses its buttons.
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert ben.mention in text_of(lobby_now) and not lobby_now.components


async def test_bad_lobby_inputs_change_nothing(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    # No game here.
    for command in (
        "game join",
        "game leave",
        "game start",
        "game board",
        "game screen",
        "game log",
        "game abandon",
    ):
        refused(await ben.slash(channel, command), "no game")
    refused(await ben.slash(channel, "game move", choice="drive:1"), "no game")

    lobby = await open_lobby(ana, channel)
    # A game already here.
    refused(await ben.slash(channel, "game new", game="havana"), "already a game")
    # Start: only the creator, and only with enough players.
    refused(await ben.slash(channel, "game start"), "Only", ana.mention)
    refused(await ana.slash(channel, "game start"), "2 to 4 players")
    # Joining twice, leaving without a seat, the creator leaving.
    await ben.click(lobby, label="Join")
    refused(await ben.click(lobby, label="Join"), "already have a seat")
    refused(await cai.click(lobby, label="Leave"), "not a player")
    refused(await ana.click(lobby, label="Leave"), "cannot leave")
    # Lobby full.
    await cai.click(lobby, label="Join")
    await dee.click(lobby, label="Join")
    eve = guild.add_member(simcord_env.create_user("eve"))
    refused(await eve.click(lobby, label="Join"), "full")
    # Moves before the start.
    refused(await ben.slash(channel, "game move", choice="drive:1"), "not being played")
    record = await store.by_channel(channel.id)
    assert [s.user_id for s in record.seats] == [ana.id, ben.id, cai.id, dee.id]
    assert record.status == "lobby"


async def test_options_are_validated_by_the_game(simcord_env, table):
    guild, channel, (ana, *_rest) = table
    store = simcord_env.bot.store
    # An option of the other game is unknown to Havana.
    text = refused(
        await ana.slash(channel, "game new", game="havana", open_holdings=True), "cannot be used"
    )
    assert "open_holdings" in text
    refused(
        await ana.slash(channel, "game new", game="havana", deck=("deck.json", b"{not json")),
        "not valid JSON (line 1, column 2)",
    )
    # A string would be read as a path by the engine: refused before it gets there.
    refused(
        await ana.slash(channel, "game new", game="havana", deck=("deck.json", b'"/etc/passwd"')),
        "not a deck",
    )
    refused(
        await ana.slash(
            channel,
            "game new",
            game="havana",
            deck=("deck.json", json.dumps({"buildings": []}).encode()),
        ),
        "cannot be used",
    )
    assert await store.by_channel(channel.id) is None
    lobby = await open_lobby(ana, channel, "santiago", open_holdings=True)
    assert "open holdings" in text_of(lobby)
    record = await store.by_channel(channel.id)
    assert record.options["open_holdings"] is True


async def test_havana_with_its_own_deck(simcord_env, table):
    from games.havana.deck import bundled_file

    guild, channel, (ana, *_rest) = table
    data = json.loads(json.dumps(bundled_file()))
    data["buildings"] = data["buildings"][::-1]  # same cards, another order: a deck of our own
    deck = json.dumps(data).encode()
    lobby = await open_lobby(ana, channel, "havana", deck=("deck.json", deck))
    assert "own deck" in text_of(lobby)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.options["deck_source"] == "custom"


async def test_a_hostile_deck_file_is_refused_politely(simcord_env, table):
    from games.havana.deck import bundled_file

    guild, channel, (ana, *_rest) = table
    deep = b"[" * 50_000 + b"]" * 50_000
    refused(
        await ana.slash(channel, "game new", game="havana", deck=("deck.json", deep)),
        "The deck file cannot be used: the JSON is nested more than 32 levels deep.",
    )
    refused(
        await ana.slash(channel, "game new", game="havana", deck=("deck.json", b"\xff\xfe[]")),
        "The deck file cannot be used: the file is not UTF-8 text.",
    )
    data = json.loads(json.dumps(bundled_file()))
    data["buildings"][2]["name"] = "W" * 7000
    refused(
        await ana.slash(
            channel, "game new", game="havana", deck=("deck.json", json.dumps(data).encode())
        ),
        "#3",
        "shrine",
        "at most 40",
    )
    assert await simcord_env.bot.store.by_channel(channel.id) is None


async def test_abandon_needs_the_creator_or_manage_channels(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    lobby = await open_lobby(ana, channel)
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    refused(await ben.slash(channel, "game abandon"), "Only")
    assert (await simcord_env.bot.store.by_channel(channel.id)).status == "active"
    game_id = (await simcord_env.bot.store.by_channel(channel.id)).id
    done = await mod.slash(channel, "game abandon")
    assert not done.ephemeral
    assert "abandoned" in "".join(text_of(m) for m in [done.response, *done.followups] if m)
    assert await simcord_env.bot.store.by_channel(channel.id) is None
    # Kept with the scores as they stood, and no winner.
    how, stored = await simcord_env.bot.store.result(game_id)
    assert how == "abandoned" and json.loads(stored)["winners"] == []
    assert any("nobody wins" in text_of(m) for m in channel.history()[-2:])
    # Kept as abandoned, and the channel is free.
    summaries = await simcord_env.bot.store.list_active()
    assert summaries == [] or all(s.channel_id != channel.id for s in summaries)
    await open_lobby(ana, channel, "havana")


async def test_help_shows_the_rules_of_the_game_here_or_of_both(simcord_env, table):
    guild, channel, (ana, *_rest) = table
    both = await ana.slash(channel, "game help")
    assert both.ephemeral
    await ana.click(both.response, label="Rules: Santiago de Cuba")
    assert "Drive the car" in text_of(_now(simcord_env, both.response))
    await open_lobby(ana, channel, "havana")
    one = await ana.slash(channel, "game help")
    await ana.click(one.response, label="Rules: Havana")
    assert "Havana" in text_of(_now(simcord_env, one.response))


def _now(env, message):
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


async def test_every_table_option_can_be_chosen_in_game_new(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    other = guild.create_text_channel("havana")
    lobby = await open_lobby(
        ana, channel, "santiago", max_distance=5, pablo_allows_wood=True, reroll_empty_demand=True
    )
    # each house rule in words, with its value
    said = text_of(lobby)
    assert "House rule — the longest drive, in stops: 5" in said
    assert "House rule — Pablo may give wood: yes" in said
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.options["max_distance"] == 5 and record.options["reroll_empty_demand"] is True
    lobby = await open_lobby(ana, other, "havana", max_rounds=12, row_end_rule="both_ends_of_a_row")
    assert "House rule — rounds before the most VP win: 12" in text_of(lobby)
    # a chosen value in the words the command offered it, not its code
    assert (
        "House rule — where the deal at setup puts a building worth 1-3 VP: both ends of a row"
        in text_of(lobby)
    )
    # An option of the other game is refused politely, and nothing is created.
    third = guild.create_text_channel("third")
    refused(await ana.slash(third, "game new", game="havana", max_distance=3), "cannot be used")
    assert await simcord_env.bot.store.by_channel(third.id) is None


async def test_a_game_in_its_own_thread(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="havana", thread=True)
    assert not opened.ephemeral
    announce = "".join(text_of(m) for m in [opened.response, *opened.followups] if m)
    assert "in its own thread" in announce
    (room,) = channel.threads
    record = await simcord_env.bot.store.by_channel(room.id)
    assert record is not None and record.status == "lobby"
    lobby = next(m for m in room.history() if "new game is open" in text_of(m))
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    assert (await simcord_env.bot.store.by_channel(room.id)).status == "active"
    in_channel = len(channel.history())
    # The whole game happens in the thread; the channel is free for another game meanwhile.
    assert any("move 1" in text_of(m) for m in room.history())
    await open_lobby(cai, channel, "santiago")
    await ana.slash(room, "game abandon")
    result = text_of(channel.history()[-1])
    assert len(channel.history()) == in_channel + 2 and f"<#{room.id}>" in result


async def test_a_thread_game_knows_its_channel_from_the_moment_it_is_written(
    simcord_env, table, monkeypatch
):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store

    async def stopped(*args, **kwargs):
        raise RuntimeError("the bot stopped here")

    # The bot stops right after writing the game, before its AI seat is added: the channel
    # its result goes to was written with it.
    monkeypatch.setattr(type(store), "add_ai", stopped)
    await ana.slash(channel, "game new", game="havana", thread=True, ai_players=1)
    (room,) = channel.threads
    record = await store.by_channel(room.id)
    assert record is not None
    assert await store.get_note(record.id, PARENT_CHANNEL) == str(channel.id)


async def test_the_lobby_message_says_what_is_true_at_each_stage(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    lobby = await open_lobby(ana, channel)

    def now():
        return text_of(next(m for m in channel.history() if m.id == lobby.id))

    assert "Press Join" in now() and "once enough players have joined" in now()
    await ben.click(lobby, label="Join")
    assert "Press Join" in now() and f"{ana.mention} can press Start now" in now()
    assert "once enough" not in now()
    await cai.click(lobby, label="Join")
    await dee.click(lobby, label="Join")
    assert "Players (4/4" in now() and "Every seat is taken" in now()
    assert "Press Join" not in now()
    await ana.slash(channel, "game start")
    assert "The game has started" in now() and "below in this channel" in now()
    assert "Press Join" not in now() and "Start now" not in now()
    assert cai.mention in now(), "the lobby keeps its list of players"


async def test_a_lobby_started_by_its_button_says_so(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    lobby = await open_lobby(ana, channel, game="havana")
    await ben.click(lobby, label="Join")
    await ana.click(lobby, label="Start")
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "The game has started" in text_of(shown) and "Press Join" not in text_of(shown)
    assert not shown.components
