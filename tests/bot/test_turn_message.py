"""The turn message as a player reads it: the picture above the prompt never names somebody who
is not deciding, one header and one prompt per message, one language after `/game language`,
and the same order in both games (text, picture, buttons in one message). Whenever a person is
asked to decide, the message that asks shows the position they decide in, in the channel's
language of the moment."""

from __future__ import annotations

import random
import re

import pytest
from simcord.results import to_discord_message

import games
import render
from bot.discord_io import pictures
from bot.text import present
from bot.text.i18n import languages
from tests.bot.driver import Table, components_of, text_of

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
            a
            for a in message.attachments
            if re.fullmatch(r"board-\d+\.png", attachment_field(a, "filename"))
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
        assert len(HEADER.findall(text_of(message))) == 1, text_of(message)
        if game.prompt_message().id == message.id:
            assert components_of(message), "the buttons are on the picture's message"
            live_pictures += 1
    assert checked > 30
    assert live_pictures > 3
    # However often a turn message was edited: one header (and so one prompt) in each.
    bot_id = simcord_env.bot.user.id
    for message in simcord_env.backend.messages[channel.id].values():
        if message.author_id == bot_id:
            assert len(HEADER.findall(text_of(message))) <= 1, text_of(message)


async def test_an_edited_turn_message_is_wholly_in_the_language_of_the_moment(simcord_env):
    """Havana's players pick their cards at once, so each pick edits the same turn message:
    after `/game language` (which writes it again at once), the next edit writes every line
    again in the new language."""
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
        shown = await player.click(turn, label=choose_label(game.prompt_message()))
        reply = shown.followups[-1] if shown.followups else shown.response
        await game.answer(player, reply)

    await pick(ana)
    english = text_of(simcord_env.backend.get_message(channel.id, turn.id))
    assert english.count("**Havana**, move ") == 1, english
    assert "• " in english, "the pick is announced on the turn message"

    done = await ana.slash(channel, "game language", language="it")
    assert done.ephemeral
    await pick(ben)
    stored = simcord_env.backend.get_message(channel.id, turn.id)
    assert stored.edited_timestamp is not None
    italian = text_of(stored)
    assert game.prompt_message().id == turn.id, "the same message was edited"
    assert italian.count("**Havana**, mossa ") == 1, italian
    assert "move" not in italian, italian
    # Each line the English message had is now in Italian (the names aside).
    for line in english.splitlines():
        assert line not in italian.splitlines(), (line, italian)
    assert italian.count("• ") == 2, italian


def choose_label(message) -> str:
    """The label of the message's "Choose" button, in whatever language it speaks."""
    return next(c["label"] for c in components_of(message) if c["custom_id"].startswith("mx:"))


def gallery(stored) -> tuple[dict, dict]:
    """The one picture of a turn message as Discord stores it: its media gallery item, and
    the attachment that item shows."""
    items = [
        item
        for component in walk(stored.components)
        if component.get("type") == 12
        for item in component["items"]
    ]
    assert len(items) == 1, "one picture in the message that asks"
    (item,) = items
    (attachment,) = [
        a for a in stored.attachments if str(a["id"]) == str(item["media"]["attachment_id"])
    ]
    assert item["media"]["url"] == attachment["url"]
    return item, attachment


def walk(components):
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield from walk([component["accessory"]])


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_the_message_that_asks_shows_the_position_decided_in_every_language(
    simcord_env, kind
):
    """A whole game, every seat a person's, the server's language changed now and then through
    all five: after every decision the message that asks the next person (a new one, or the
    same one edited) carries the board of the position they decide in, drawn in the language
    of the moment, named for its move, its alt text that position's, its caption after that
    move; its bytes are the board the renderer draws of it."""
    owner = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=owner)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(owner)]
    members += [guild.add_member(simcord_env.create_user(n)) for n in ("ben", "cai")]
    game = Table(simcord_env, channel, members, random.Random(31), typed=0.0)
    await game.open(kind, 3)
    store, engine = simcord_env.bot.store, games.get(kind)
    spoken = list(languages())
    lang, seen, drawn_again = "en", set(), 0
    while not game.finished():
        if game.moves % 9 == 8 and game.moves // 9 < 3 * len(spoken):
            # Now and then the server speaks another language; the turn message follows at once.
            lang = spoken[(game.moves // 9 + 1) % len(spoken)]
            done = await members[0].slash(channel, "game language", language=lang)
            assert done.ephemeral
        record = await store.by_channel(channel.id)
        state = simcord_env.bot.services.tables.state_of(record)
        message = game.prompt_message()
        stored = simcord_env.backend.get_message(channel.id, message.id)
        item, attachment = gallery(stored)
        assert attachment["filename"] == f"board-{record.version}.png"
        public = engine.public_view(state)
        names = present.seat_names(record, lang)
        alt = pictures.board_alt(public, names, lang, record.version)
        assert item["description"] == attachment["description"] == alt
        caption = alt.split(". ")[0]
        if record.version:
            assert re.search(rf"\b{record.version}\b", caption), caption
        if game.moves % 7 == 0:  # the picture itself, now and then (drawing takes a while)
            data = await to_discord_message(simcord_env, stored).attachments[0].read()
            assert data == render.board_png(public, names, lang, record.version)
            drawn_again += 1
        seen.add(lang)
        await game.step()
    assert seen == set(spoken)
    assert game.moves > 30 and drawn_again > 4


def shown_parts(stored) -> tuple[list[str], list[str], list[str]]:
    """A stored message's texts (not a choice's effect, which goes with its button), the files
    its pictures show, and its controls' custom ids."""
    walked = list(walk(stored.components))
    texts = [
        c["content"]
        for container in stored.components
        for c in container.get("components") or []
        if c.get("type") == 10
    ]
    by_id = {str(a["id"]): a["filename"] for a in stored.attachments}
    shows = [
        by_id[str(item["media"]["attachment_id"])]
        for c in walked
        if c.get("type") == 12
        for item in c["items"]
    ]
    return texts, shows, [c["custom_id"] for c in walked if c.get("custom_id")]


async def gives_way(game, env, channel, *, restart=None, limit: int = 60):
    """Step until the turn message gives way to a new one: what the old one showed just before
    (texts, pictures, controls) and what it shows after. `restart()` before each step, if given."""
    for _ in range(limit):
        old = game.prompt_message()
        before = shown_parts(env.backend.get_message(channel.id, old.id))
        if restart is not None:
            await restart()
        await game.step()
        await env.settle()
        if game.prompt_message().id != old.id:
            return old, before, shown_parts(env.backend.get_message(channel.id, old.id))
    raise AssertionError("no new turn message")


async def test_a_turn_message_that_gives_way_keeps_its_text_and_board_but_no_buttons(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    """The message a new turn message replaces is written again without its controls: the same
    texts in the same container, the same board (the attachment it had), nothing to press; and
    so after a restart too, when the bot no longer holds what it wrote (it reads the message
    from Discord)."""
    guild, channel, members = table
    game = Table(simcord_env, channel, members[:3], random.Random(8), typed=0.0)
    await game.open("santiago", 3)
    bots = [simcord_bot]

    async def restart():
        await bots[-1].store.close()  # the old process is gone: only the file remains
        bots.append(new_bot(db_path, rng=random.Random(len(bots))))
        await simcord_env.restart_bot(bots[-1])
        since[0] = len(simcord_env.http_requests)

    since = [0]
    for again in (None, restart):
        old, before, after = await gives_way(game, simcord_env, channel, restart=again)
        texts, shows, ids = before
        assert shows and any(i.startswith(("mc:", "ms:", "mx:")) for i in ids)
        assert simcord_env.backend.get_message(channel.id, old.id).flags & (1 << 15)
        assert after == (texts, shows, []), "the same texts and board, nothing to press"
    # Read through the press's token (as it edits), or from the channel.
    read = [r for r in simcord_env.http_requests[since[0] :] if r.method == "GET"]
    assert [r.path for r in read if r.path.endswith(("/@original", f"/{old.id}"))], read
