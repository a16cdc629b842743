"""A whole game in a server that speaks Italian, with one player whose Discord speaks Russian.

The server chooses Italian with `/game language`; the channel (lobby, moves, final scores) is
then Italian for everybody, while what only Ben reads, his ephemeral replies and his screen DM,
follows his own client's language, Russian. The game is Havana with a house limit of one
round, so it is played to its final scores in a few dozen clicks.

SimCord sends every interaction with the locale en-US (`simcord.interactions.base_payload`
writes it into the payload). The `client_locales` fixture wraps that payload builder, which
every actor calls through the module, and puts each user's own locale in the payload, as
Discord does for a client set to another language.
"""

from __future__ import annotations

import json
import random

import pytest
from simcord.results import to_discord_message

import render
from bot.discord_io import pictures
from bot.text import present
from storage import history
from storage.records import result_from_json
from tests.bot.driver import Table, custom_ids, private_answer, text_of


@pytest.fixture
def server(simcord_env):
    """A server owned by Ana (so she may choose its language), with Ben as a member."""
    ana_user = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=ana_user)
    channel = guild.create_text_channel("giochi")
    ana = guild.add_member(ana_user)
    ben = guild.add_member(simcord_env.create_user("ben"))
    return channel, ana, ben


def _said(result) -> str:
    """Everything an interaction answered: the response and its follow-ups."""
    parts = [text_of(result.response)] if result.response is not None else []
    parts += [text_of(f) for f in result.followups]
    return "\n".join(p for p in parts if p)


async def _final_scores_png(store, guild_id: int, channel_id: int, lang: str) -> bytes:
    """The final scores of the channel's last game as the renderer draws them in `lang`."""
    game_id = await history.last_in_channel(store, guild_id, channel_id)
    record = await store.get(game_id)
    result = result_from_json(json.loads((await store.result(game_id))[1]))
    log = [(row.seat, row.code) for row in await store.actions(game_id)]
    series = pictures.score_series(record, log)
    return render.final_scores_png(record.kind, result, present.seat_names(record), series, lang)


def _dm_text(env, member) -> str:
    dm = env.backend.dm_channels[member.id]
    stored = list(env.backend.messages.get(dm, {}).values())
    assert stored, f"no DM to {member.name}"
    return text_of(to_discord_message(env, stored[-1]))


def _button(message, op: str) -> str:
    return next(i for i in custom_ids(message) if i.endswith(":" + op))


async def test_the_channel_speaks_the_server_language_and_ben_reads_his_own(
    simcord_env, server, client_locales
):
    channel, ana, ben = server
    client_locales[ben.id] = "ru"

    refused = await ben.slash(channel, "game language", language="it")
    assert refused.ephemeral
    assert "Выбрать язык сервера могут только" in _said(refused)

    chosen = await ana.slash(channel, "game language", language="it")
    assert "le partite di questo server ora parlano italiano" in _said(chosen)

    opened = await ana.slash(channel, "game new", game="havana", max_rounds=1)
    assert not opened.ephemeral
    lobby = opened.response
    assert "Premi «Partecipa» per prendere un posto" in text_of(lobby)
    assert (await ben.click(lobby, custom_id=_button(lobby, "join"))).acknowledged
    lobby = channel.history()[-1]
    await ana.click(lobby, custom_id=_button(lobby, "start"))

    # Ben asks for his screen in the channel: only he sees it, in Russian.
    screen = await ben.slash(channel, "game screen")
    assert screen.ephemeral
    assert "Рука: " in _said(screen)

    game = Table(simcord_env, channel, [ana, ben], random.Random(3))
    game.finished = lambda: any("Punteggi finali" in text_of(m) for m in game.recent(2))
    typed = False
    while not game.finished():
        message = game.prompt_message()
        assert message is not None, [text_of(m) for m in game.bot_messages()[-3:]]
        player = game.rng.choice(game.named(text_of(message)))
        if player is ben and not typed:
            # Ben types his move: the confirmation only he sees is Russian.
            options = await ben.autocomplete(channel, "game move", "choice", "")
            done = await ben.slash(channel, "game move", choice=options[0]["value"])
            assert done.ephemeral
            assert "Готово: " in _said(done)
            typed = True
            continue
        if any(i.startswith("mx:") for i in custom_ids(message)):
            choose = next(i for i in custom_ids(message) if i.startswith("mx:"))
            shown = await player.click(message, custom_id=choose)
            assert private_answer(shown).ephemeral
            await game.answer(player, private_answer(shown))
        else:
            await game.answer(player, message)
        assert game.moves < 400, "the one-round game did not end"
    assert typed

    # The channel is Italian from the lobby to the final scores, for both players alike.
    bot_id = simcord_env.bot.user.id
    texts = [text_of(m) for m in game.recent(100_000) if m.author.id == bot_id]
    assert (
        "La partita di **Havana** è finita.\n" in texts[-1] and "\nPunteggi finali:\n" in texts[-1]
    )
    assert any("Inizia il round 1" in t for t in texts)
    assert not [t for t in texts if "Final scores" in t or "Round 1 begins" in t]
    assert not [t for t in texts if any("а" <= c <= "я" for c in t.lower())]

    # The final scores' picture is drawn with the Italian captions, not the English ones.
    final = [m for m in game.recent(100_000) if m.author.id == bot_id][-1]
    posted = await final.attachments[0].read()
    assert posted == await _final_scores_png(
        simcord_env.bot.store, channel.guild.id, channel.id, "it"
    )
    assert posted != await _final_scores_png(
        simcord_env.bot.store, channel.guild.id, channel.id, "en"
    )

    # Ben's screen DM is Russian too.
    dm = _dm_text(simcord_env, ben)
    assert dm.startswith("Ваша ширма — **Гавана**")
    assert "Рука: " in dm
    # Ana's client is en-US, a language we speak: her DM is English, not Ben's Russian.
    assert _dm_text(simcord_env, ana).startswith("Your screen in **Havana**")


async def test_an_ai_seat_is_named_in_the_reader_s_language(simcord_env, server, client_locales):
    """The store names an AI seat "AI 1"; an Italian channel reads "IA 1 (forte)", and a
    Russian player's own view of the same lobby reads "ИИ 1 (сильный)"."""
    channel, ana, ben = server
    client_locales[ben.id] = "ru"
    await ana.slash(channel, "game language", language="it")
    opened = await ana.slash(channel, "game new", game="havana", ai_players=1, ai_level="strong")
    lobby = opened.response
    assert "IA 1 (forte)" in text_of(lobby)
    assert "AI 1" not in text_of(lobby) and "strong" not in text_of(lobby)

    await ben.click(lobby, custom_id=_button(lobby, "join"))
    await ana.click(lobby, custom_id=_button(lobby, "start"))
    # The AI has put its first cards face down; Ben's log names it in Russian.
    told = _said(await ben.slash(channel, "game log"))
    assert "ИИ 1 (сильный) кладёт карту в закрытую." in told
