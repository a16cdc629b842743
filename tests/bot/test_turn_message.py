"""The turn message as a player reads it: the picture above the prompt never names somebody who
is not deciding, one header and one prompt per message, one language after `/game language`,
and the same order in both games (text, picture, buttons in one message)."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.driver import Table

MOVE = re.compile(r"\bmove (\d+)\b")
HEADER = re.compile(r"^\*\*[^*]+\*\*, move \d+:$", re.MULTILINE)


def newest_picture(env, channel):
    """The newest channel message of the bot with a picture, as Discord stores it."""
    bot_id = env.bot.user.id
    stored = env.backend.messages.get(channel.id, {})
    for message in reversed(list(stored.values())):
        if message.author_id == bot_id and not message.is_ephemeral and message.attachments:
            return message
    return None


def attachment_field(attachment, name):
    return attachment.get(name) if isinstance(attachment, dict) else getattr(attachment, name)


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_the_newest_picture_names_nobody_and_says_after_which_move(simcord_env, table, kind):
    guild, channel, members = table
    game = Table(simcord_env, channel, members, random.Random(23), typed=0.0)
    await game.open(kind, 3)
    store = simcord_env.bot.store
    names = [m.name for m in game.players]
    checked = live_pictures = 0
    while not game.finished() and game.moves < 400:
        await game.step()
        record = await store.by_channel(channel.id)
        if record is None:
            break
        message = newest_picture(simcord_env, channel)
        assert message is not None
        (board,) = [
            a for a in message.attachments if attachment_field(a, "filename") == "board.png"
        ]
        alt = attachment_field(board, "description")
        assert alt, "the board picture has alt text"
        # Its first sentence names the position, as the picture's top line does; the players
        # (where their pieces are, who that position waits for) are described after it.
        position = alt.split(". ")[0]
        assert not [n for n in names if re.search(rf"\b{re.escape(n)}\b", position)], alt
        assert "Now:" not in alt
        drawn_after = MOVE.search(position)
        if drawn_after is None:
            assert "Start of the game" in position, alt
        else:
            assert int(drawn_after[1]) <= record.version, (alt, record.version)
        checked += 1
        # The same order in both games: a picture is part of a turn message (its text, then
        # the picture, then the buttons), never a message of its own.
        assert len(HEADER.findall(message.content)) == 1, message.content
        if game.prompt_message().id == message.id:
            assert message.components, "the buttons are on the picture's message"
            live_pictures += 1
    assert checked > 30
    assert live_pictures > 3
    # However often a turn message was edited: one header (and so one prompt) in each.
    bot_id = simcord_env.bot.user.id
    for message in simcord_env.backend.messages[channel.id].values():
        if message.author_id == bot_id:
            assert len(HEADER.findall(message.content)) <= 1, message.content


async def test_an_edited_turn_message_is_wholly_in_the_language_of_the_moment(simcord_env):
    """Havana's players pick their cards at once, so each pick edits the same turn message:
    after `/game language`, the next edit writes every line again in the new language."""
    owner = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=owner)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(owner)]
    members += [guild.add_member(simcord_env.create_user(n)) for n in ("ben", "cai")]
    ana, ben, cai = members
    game = Table(simcord_env, channel, members, random.Random(5), typed=0.0)
    await game.open("havana", 3)
    turn = game.prompt_message()

    async def pick(player):
        shown = await player.click(turn, label=choose_label(turn))
        reply = shown.followups[-1] if shown.followups else shown.response
        await game.answer(player, reply)

    await pick(ana)
    english = simcord_env.backend.get_message(channel.id, turn.id).content
    assert english.count("**Havana**, move ") == 1, english
    assert "• " in english, "the pick is announced on the turn message"

    done = await ana.slash(channel, "game language", language="it")
    assert done.ephemeral
    await pick(ben)
    stored = simcord_env.backend.get_message(channel.id, turn.id)
    assert stored.edited_timestamp is not None
    italian = stored.content
    assert game.prompt_message().id == turn.id, "the same message was edited"
    assert italian.count("**Havana**, mossa ") == 1, italian
    assert "move" not in italian, italian
    # Each line the English message had is now in Italian (the names aside).
    for line in english.splitlines():
        assert line not in italian.splitlines(), (line, italian)
    assert italian.count("• ") == 2, italian


def choose_label(message) -> str:
    """The label of the message's "Choose" button, in whatever language it speaks."""
    from tests.bot.driver import components_of

    return next(c["label"] for c in components_of(message) if c["custom_id"].startswith("mx:"))
