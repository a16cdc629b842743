"""Pictures for players who cannot see them: alt text on every picture, in the reader's
language, and the board as text a screen reader reads well.

The server speaks Italian (`/game language`); Ben's client speaks Russian, Ana's English. The
channel's pictures are described in Italian, what only Ben gets (his DMs, his private answers)
in Russian, what only Ana gets in English. A channel's description is built from the public
view alone: every one equals the description of a public view the game went through.
"""

from __future__ import annotations

import random
import re

import pytest
from simcord.results import to_discord_message

import games
from bot.text.i18n import text
from render import describe
from render.captions import language, say
from storage import history
from tests.bot.driver import Table, custom_ids, private_answer, text_of

NAMES = ("ana", "ben", "cai", "dee")
BOX_DRAWING = re.compile(r"[\u2500-\u259f]")
# Emoji and pictographs: a screen reader reads them as their names, if at all.
PICTOGRAPHS = re.compile(r"[\u2600-\u27bf\U0001f000-\U0001faff]")


@pytest.fixture
def server(simcord_env, client_locales):
    """A server owned by Ana, who chooses Italian for it; Ben's client speaks Russian."""
    ana = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=ana)
    channel = guild.create_text_channel("giochi")
    members = [guild.add_member(ana)]
    members += [guild.add_member(simcord_env.create_user(n)) for n in NAMES[1:]]
    client_locales[members[1].id] = "ru"
    return channel, members


def field(attachment, name):
    return attachment.get(name) if isinstance(attachment, dict) else getattr(attachment, name)


def stored(env, channel_id):
    return list(env.backend.messages.get(channel_id, {}).values())


def said(result) -> list:
    """The messages of an interaction's answer: the response and its follow-ups."""
    return [m for m in [result.response, *result.followups] if m is not None]


def named(filename: str) -> str:
    """A picture's file name, a turn message's board (named for its move) as any board's."""
    return "board.png" if re.fullmatch(r"board-\d+\.png", filename) else filename


def marker(lang: str, filename: str, kind: str) -> str:
    """Words every description of such a picture has in `lang` (not a player's name)."""
    filename = named(filename)
    with language(lang):
        if filename == "board.png":
            return say("pic.santiago.players") + ":"
        if filename == "screen.png":
            key = "pic.your_screen" if kind == "santiago" else "pic.your_cards"
            return say(key, name="\0").split("\0")[1]
        if filename == "scores.png":
            return say("pic.scores.title", game="\0").split("\0")[1]
    return text(lang, "bot.stats.chart", name="\0").split("\0")[1]


def check_described(attachments, lang: str, kind: str) -> int:
    for attachment in attachments:
        alt = field(attachment, "description")
        name = field(attachment, "filename")
        assert alt, f"{name} has no description"
        assert marker(lang, name, kind) in alt, (lang, name, alt)
        if lang != "en":
            assert marker("en", name, kind) not in alt, (lang, name, alt)
    return len(attachments)


def button(message, op: str) -> str:
    return next(i for i in custom_ids(message) if i.endswith(":" + op))


async def open_game(env, channel, players, kind: str, rng, **options) -> Table:
    """Open, join and start a game by the lobby's buttons (whatever their language)."""
    creator, *others = players
    lobby = (await creator.slash(channel, "game new", game=kind, **options)).response
    for player in others:
        assert (await player.click(lobby, custom_id=button(lobby, "join"))).acknowledged
    await creator.click(lobby, custom_id=button(lobby, "start"))
    return Table(env, channel, list(players), rng, typed=0.0)


async def step(game: Table) -> None:
    """One decision, as `Table.step` takes it, whatever the language of the buttons."""
    message = game.prompt_message()
    assert message is not None, [text_of(m) for m in game.bot_messages()[-3:]]
    player = game.rng.choice(game.named(text_of(message)))
    choose = [i for i in custom_ids(message) if i.startswith("mx:")]
    if choose:
        shown = await player.click(message, custom_id=choose[0])
        assert private_answer(shown).ephemeral
        await game.answer(player, private_answer(shown))
    else:
        await game.answer(player, message)


async def play(env, channel, members, kind: str, rng: random.Random, limit: int) -> Table:
    game = Table(env, channel, members, rng, typed=0.0)
    game.finished = lambda: any("Punteggi finali" in text_of(m) for m in game.recent(2))
    while not game.finished() and game.moves < limit:
        await step(game)
    return game


def states_of(record, rows):
    replay = games.Replay(
        record.kind,
        len(record.seats),
        record.seed,
        record.options,
        [(r.seat, r.code) for r in rows],
    )
    return list(games.replay_states(replay))


@pytest.mark.parametrize(
    ("kind", "players", "options"), [("santiago", 2, {}), ("havana", 3, {"max_rounds": 2})]
)
async def test_every_picture_of_a_whole_game_is_described_in_its_reader_s_language(
    simcord_env, server, kind, players, options
):
    channel, members = server
    ana, ben, cai = members[:3]
    chosen = await ana.slash(channel, "game language", language="it")
    assert "italiano" in text_of(said(chosen)[-1])
    await open_game(simcord_env, channel, members[:players], kind, None, **options)
    game = await play(simcord_env, channel, members[:players], kind, random.Random(5), 3000)
    assert game.finished()
    store = simcord_env.bot.store
    bot_id = simcord_env.bot.user.id

    # Every picture the channel saw: each board, the final scores; in Italian.
    pictures = [
        a
        for m in stored(simcord_env, channel.id)
        if m.author_id == bot_id and not m.is_ephemeral
        for a in m.attachments
    ]
    assert {named(field(a, "filename")) for a in pictures} == {"board.png", "scores.png"}
    assert check_described(pictures, "it", kind) > 5
    # A channel's board is described from a public view alone: the same words as the public
    # view of a position the game went through (so twins that differ only in what is hidden,
    # whose public views are equal, are described alike; see tests/render/test_describe.py).
    record = await store.get(await history.last_in_channel(store, channel.guild.id, channel.id))
    engine = games.get(record.kind)
    names = [s.name for s in record.seats]
    public = [
        describe.board_alt(engine.public_view(state), names, "it", move)
        for move, state in enumerate(states_of(record, await store.actions(record.id)))
    ]
    boards = [
        field(a, "description") for a in pictures if named(field(a, "filename")) == "board.png"
    ]
    assert all(alt in public for alt in boards)

    # Every screen DM, in each player's own language.
    for member, lang in ((ana, "en"), (ben, "ru"), (cai, "en"))[:players]:
        dm = simcord_env.backend.dm_channels[member.id]
        screens = [a for m in stored(simcord_env, dm) for a in m.attachments]
        assert check_described(screens, lang, kind) >= 1
        assert all(member.name in field(a, "description") for a in screens)

    # Every picture ever uploaded, also those a later edit replaced, had its description.
    uploads = [
        a
        for r in simcord_env.http_requests
        if isinstance(r.json, dict)
        for a in r.json.get("attachments") or ()
        if a.get("filename")
    ]
    assert len(uploads) >= len(pictures)
    assert all(a.get("description") for a in uploads), [
        a for a in uploads if not a.get("description")
    ][:1]

    # What Ben asks for afterwards: the board, a replay frame and its next step, his stats.
    board = await ben.slash(channel, "game board")
    replay = await ben.slash(channel, "game history replay")
    frame = said(replay)[-1]
    step = next(i for i in custom_ids(frame) if i.endswith(":next"))
    stepped = await ben.click(frame, custom_id=step)
    stats = await ben.slash(channel, "game history stats")
    asked = [*said(board), frame, *said(stepped), *said(stats)]
    attachments = [a for m in asked for a in m.attachments]
    assert {field(a, "filename") for a in attachments} == {"board.png", "rating.png"}
    assert check_described(attachments, "ru", kind) >= 3


def plain_lines(message_texts: list[str]) -> list[str]:
    return [line for t in message_texts for line in t.splitlines()]


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_the_text_board_of_a_four_player_game(simcord_env, server, kind):
    channel, members = server
    ana, ben = members[:2]
    game = await open_game(simcord_env, channel, members, kind, random.Random(9))
    for _ in range(25):
        await step(game)

    answer = await ben.slash(channel, "game board", text=True)
    messages = said(answer)
    assert all(m.ephemeral for m in messages)
    texts = [text_of(m) for m in messages[1:]]
    assert texts and all(len(t) <= 2000 for t in texts)
    lines = plain_lines(texts)
    # Headings, then one list item per place and per player; in Ben's Russian.
    assert lines[0].startswith("## ")
    with language("ru"):
        players = say("pic.santiago.players")
        places = say("pic.text.santiago.road" if kind == "santiago" else "pic.havana.top_row")
    headings = [line[4:] for line in lines if line.startswith("### ")]
    assert players in headings and places in headings
    for member in members:
        assert len([line for line in lines if line.startswith(f"- {member.name} (")]) == 1
    record = await simcord_env.bot.store.by_channel(channel.id)
    public = games.get(kind).public_view(simcord_env.bot.services.tables.state_of(record))
    items = [line for line in lines if line.startswith("- ")]
    if kind == "santiago":
        places = len(public.road) + len(public.buildings)
    else:
        places = sum(max(1, len(row.buildings)) for row in public.rows)
    assert len(items) >= 4 + places
    assert not [line for line in lines if BOX_DRAWING.search(line) or PICTOGRAPHS.search(line)]
    assert not [line for line in lines if line and not line.startswith(("#", "- "))]
    # The public board only: nothing of Ben's own screen.
    with language("ru"):
        mine = say("pic.your_screen" if kind == "santiago" else "pic.your_cards", name="ben")
    assert mine not in "\n".join(texts)


async def test_text_boards_reach_only_the_member_who_asked_and_survive_a_restart(
    simcord_env, server, new_bot, db_path
):
    channel, members = server
    ana, ben = members[:2]
    off = await ben.slash(channel, "game accessibility")
    assert off.ephemeral and "выключена" in text_of(off.response)
    on = await ben.slash(channel, "game accessibility", text_boards=True)
    assert on.ephemeral and "включена" in text_of(said(on)[-1])

    await simcord_env.bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path))
    kept = await ben.slash(channel, "game accessibility")
    assert "Текстовая версия поля включена" in text_of(said(kept)[-1])

    game = await open_game(simcord_env, channel, members[:2], "havana", random.Random(4))
    for _ in range(6):
        await step(game)
    # Ben's screen DM carries his screen and the board as text; Ana's does not.
    ben_dm = stored(simcord_env, simcord_env.backend.dm_channels[ben.id])
    embeds = [e for m in ben_dm for e in to_discord_message(simcord_env, m).embeds]
    assert embeds
    words = embeds[-1].description
    assert words.startswith("## ben")
    with language("ru"):
        assert say("pic.text.havana.hand", cards="") in words
        assert say("pic.santiago.players") in words
    ana_dm = stored(simcord_env, simcord_env.backend.dm_channels[ana.id])
    assert not [m for m in ana_dm if to_discord_message(simcord_env, m).embeds]
    # The channel shows no player's screen in words, and no text board at all.
    public = [to_discord_message(simcord_env, m) for m in stored(simcord_env, channel.id)]
    public = [m for m in public if not m.flags.ephemeral]
    assert not [m for m in public if m.embeds]
    # His private prompt ("Choose") comes with the board as text.
    message = game.prompt_message()
    if ben in game.named(text_of(message)) and any(
        i.startswith("mx:") for i in custom_ids(message)
    ):
        choose = next(i for i in custom_ids(message) if i.startswith("mx:"))
        shown = await ben.click(message, custom_id=choose)
        assert private_answer(shown).ephemeral
        assert any(text_of(m).startswith("## ") for m in shown.followups)

    # A move of his, by a button on the turn message, is answered with the board as text too;
    # a move of Ana's is not.
    answered = {}
    for _ in range(40):
        message = game.prompt_message()
        deciders = game.named(text_of(message))
        player = next((p for p in (ben, ana) if p in deciders and p not in answered), None)
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if player is not None and choose:
            message = private_answer(await player.click(message, custom_id=choose[0]))
        moves = [i for i in custom_ids(message) if i.startswith("mc:")]
        if player is not None and moves:
            pressed = await player.click(message, custom_id=moves[0])
            answered[player] = [text_of(m) for m in pressed.followups if m.flags.ephemeral]
        else:
            await step(game)
        if len(answered) == 2:
            break
    assert set(answered) == {ana, ben}
    assert any(t.startswith("## ") for t in answered[ben]), answered[ben]
    assert not any(t.startswith("## ") for t in answered[ana]), answered[ana]

    # Turned off, the next DM has no text; the setting goes back to off.
    assert "выключена" in text_of(
        said(await ben.slash(channel, "game accessibility", text_boards=False))[-1]
    )
    assert (channel.guild.id, ben.id) not in simcord_env.bot.services.preferences.text_board_members


async def test_a_bad_board_request_gets_a_polite_private_answer(simcord_env, server):
    """No game here, or a game number that is not this server's: one private answer in the
    reader's language, and no text board."""
    channel, members = server
    ben = members[1]
    for options, key in (({}, "bot.error.no_game"), ({"game": 9999}, "bot.error.no_such_game")):
        answer = await ben.slash(channel, "game board", text=True, **options)
        (only,) = said(answer)
        assert only.ephemeral
        assert text_of(only) == text("ru", key)
    assert not [m for m in stored(simcord_env, channel.id) if not m.is_ephemeral]
