"""The game review as players meet it: once the analysis of an ended game is done, its final
scores carry a "Game review" button and everyone's accuracy (written again in place, pinging
nobody); `/game history review` and that button show each player's accuracy and counts, a
member's costliest decisions with a button that opens the replay at that moment (the screen
then only to its own player), and the chart of each seat's win chance; the refusals before
there is one to show; the five languages; a hidden choice never named to the others; the
final scores' edit tried again when Discord fails it; a practice game's review opening by
itself for its learner."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image
from simcord import SetupError

import games
from ai import review
from bot.core.timing import now
from bot.discord_io.layouts import text_of
from bot.discord_io.outbox import BACKOFF
from bot.history import review_text
from bot.history.replay import state_at
from bot.history.review_runner import LEASE_SECONDS
from render import review_chart
from storage import Store, apply_move, start_game
from storage import reviews as stored
from storage.backends.steps import Execute
from tests.bot.driver import Table, components_of, custom_ids
from tests.bot.driver import last_answer as answer
from tests.bot.faults import server_error
from tests.bot.test_history import resigned_game
from tests.bot.test_hostile_input import forged_press
from tests.bot.test_learn_dm import open_in_dm
from tests.bot.test_learn_practice import open_practice, play_out
from tests.bot.test_lobby import refused
from tests.bot.test_reviews import TINY, _ended_game, tiny


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return tiny(new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8, reviews="on"))


def final_scores(env, channel):
    """The game's final scores as the channel shows them now."""
    return next(m for m in reversed(channel.history()) if "Final scores" in text_of(m))


async def played_and_reviewed(env, new_bot, db_path, channel, players, kind: str, seed: int):
    """A whole game of `kind` played by `players` to its end, then its review run.

    The runner pauses while the game is played and goes on once it ended (from the test, so
    SimCord does not wait for it): on a busy machine a whole analysis may outlast the few
    seconds SimCord lets the bot settle after the last move's interaction."""
    runner = env.bot.services.reviews
    await runner.close()
    game = Table(env, channel, players, random.Random(seed))
    await game.open(kind, len(players))
    await game.play_to_end()
    (game_id,) = (await env.bot.store.read("SELECT max(game_id) FROM endings"))[0]
    final = final_scores(env, channel)
    assert f"rv:{game_id}" not in custom_ids(final) and "Accuracy" not in text_of(final)
    runner.start()
    await runner.idle()
    await env.settle()
    return game_id


async def replay_state(env, game_id: int, step: int):
    record = await env.bot.store.get(game_id)
    log = [(r.seat, r.code) for r in await env.bot.store.actions(game_id)]
    return state_at(record, log, step)[0]


@pytest.mark.parametrize(("kind", "seed"), [("havana", 4), ("santiago", 2)])
async def test_a_reviewed_game_tells_its_final_scores_and_shows_its_review(
    simcord_env, new_bot, db_path, table, kind, seed
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await played_and_reviewed(
        simcord_env, new_bot, db_path, channel, [ana, ben], kind, seed
    )
    result = (await stored.review(simcord_env.bot.store, game_id)).result
    assert result["method"] == TINY

    # The final scores carry the button and one line with everyone's accuracy.
    final = final_scores(simcord_env, channel)
    assert f"rv:{game_id}" in custom_ids(final)
    accuracy = {s["seat"]: s["accuracy"] for s in result["seats"]}
    line = next(x for x in text_of(final).splitlines() if x.startswith("Accuracy by"))
    assert line == (
        f"Accuracy by the game review: ana {accuracy[0]:.1f} %, ben {accuracy[1]:.1f} %"
    )
    # The scores, their picture and the Rematch button are still there.
    assert "Final scores" in text_of(final) and f"rm:{game_id}" in custom_ids(final)
    assert [a.filename for a in final.attachments] and final.attachments[0].description

    # The button and the command show the same review, only to who asks.
    pressed = answer(await ana.click(final, custom_id=f"rv:{game_id}"))
    asked = answer(await ana.slash(channel, "game history review"))
    for shown in (pressed, asked):
        assert shown.ephemeral
        said = text_of(shown)
        assert said.startswith(
            f"**Review of {'Havana' if kind == 'havana' else 'Santiago de Cuba'}"
        )
        for seat, name in ((0, "ana"), (1, "ben")):
            counts = result["seats"][seat]
            assert f"**{name}**: accuracy {counts['accuracy']:.1f} % · " in said, said
            for word, n in (("inaccurac", counts["inaccuracy"]), ("mistake", counts["mistake"])):
                assert re.search(rf"\b{n} {word}", said), said
        assert "The costliest decisions of **ana**:" in said
    assert text_of(pressed) == text_of(asked)

    # Ana's three costliest decisions, each with its button, in the order they were taken.
    worst = review_text.costliest(result, 0)
    assert 1 <= len(worst) <= 3
    moves = [f"Move {review_text.move_number(d)}:" for d in worst]
    assert [x.split(" ", 1)[1].split(":")[0] for x in text_of(asked).splitlines()
            if re.match(r"^(\?!|\?\?|\?|•) Move \d+:", x)] == [m[:-1] for m in moves]  # fmt: skip
    assert [i for i in custom_ids(asked) if i.startswith("rvm:")] == [
        f"rvm:{game_id}:{d['entry']}" for d in worst
    ]

    # The chart: a line per seat, legible on a phone, with its alt text in words.
    (chart,) = asked.attachments
    assert chart.filename == "review.png"
    image = Image.open(io.BytesIO(await chart.read()))
    assert image.size == (review_chart.W, review_chart.H)
    assert chart.description.startswith(f"Game {game_id}: win chance over the game:")
    assert "ana from" in chart.description and "ben from" in chart.description
    assert len(chart.description) <= 1024

    # Another member's decisions, by name; a member who did not play is refused.
    bens = text_of(answer(await ana.slash(channel, "game history review", member=ben)))
    assert "The costliest decisions of **ben**:" in bens or "No decision of **ben**" in bens
    refused(
        await ana.slash(channel, "game history review", member=cai),
        f"cai did not play game {game_id}.",
    )
    # Cai did not play: the summary and the chart, no decisions of anyone's.
    theirs = answer(await cai.slash(channel, "game history review"))
    assert "costliest" not in text_of(theirs) and not custom_ids(theirs)


async def test_a_decision_button_opens_the_replay_there_with_the_screen_only_to_its_player(
    simcord_env, new_bot, db_path, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await played_and_reviewed(
        simcord_env, new_bot, db_path, channel, [ana, ben], "havana", 4
    )
    result = (await stored.review(simcord_env.bot.store, game_id)).result
    asked = answer(await ana.slash(channel, "game history review"))
    first = review_text.costliest(result, 0)[0]
    button = f"rvm:{game_id}:{first['entry']}"
    opened = await ana.click(asked, custom_id=button)
    replay, (screen,) = opened.response, opened.followups
    assert replay.ephemeral and f"step {first['entry']} of" in text_of(replay)
    # Headed by what the review says of that decision, as the review listed it.
    move = f"Move {review_text.move_number(first)}: "
    listed = next(x for x in text_of(asked).splitlines() if move in x)
    assert text_of(replay).splitlines()[0] == listed
    assert replay.attachments and custom_ids(replay)[0].startswith(f"rp:{game_id}:")
    assert screen.ephemeral and screen.attachments
    assert text_of(screen).startswith(f"Your screen at step {first['entry']}, only to you:")
    # The screen then: the hand ana held at that moment.
    state = await replay_state(simcord_env, game_id, first["entry"])
    hand = games.get("havana").player_view(state, 0).hand
    said = text_of(screen).splitlines()[1]
    assert said.startswith("Hand: ") and said.count("(") == len(hand), said
    # Cai, who did not play, gets the same public replay and no screen.
    theirs = await forged_press(simcord_env, cai, asked, button)
    said = [text_of(m) for m in [theirs.response, *theirs.followups] if m is not None]
    assert any(f"step {first['entry']} of" in s for s in said)
    assert not any("Your screen" in s for s in said)


# Enough samples for the analysis to flag decisions of the game of `_ended_game` (a blunder at
# its 13th move), still quick.
# One search for both judgings: these tests are about what players see, not the search.
SMALL = review.method(0, 4, 4, 3, search=16, recheck=4, accuracy_search={})


async def ended_game(
    env, bot, new_bot, db_path, guild, channel, ana, ben, *, run: bool, reviews: str = ""
):
    """A Havana game of ana and ben, ended after 40 random moves; the bot restarted on it, its
    review run with `SMALL` when `run`, else left in the queue (the runner off, or reviewing
    only the games `reviews` names).

    Its review is queued once the bot is up (as an old game's is), so that the analysis runs
    while the test waits for it, not while SimCord waits for the restarted bot to settle."""
    await bot.services.reviews.close()
    await bot.store.close()
    game_id = await _ended_game(db_path, guild, channel, ana, ben)
    store = await Store.open(db_path)
    try:
        await store.transaction(_forget_review(game_id))
    finally:
        await store.close()
    again = new_bot(db_path, ai_workers=1, reviews=reviews or ("on" if run else "off"))
    again.services.reviews.how = dict(SMALL)
    again.services.reviews.niceness = 0
    await env.restart_bot(again)
    assert await stored.queue_review(again.store, game_id)
    if run:
        await again.services.reviews.idle()
        await env.settle()
    return again, game_id


async def test_each_refusal_is_polite_and_says_why(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    bot, game_id = await ended_game(
        simcord_env, simcord_bot, new_bot, db_path, guild, channel, ana, ben, run=False
    )
    store = bot.store
    # Told as where every game is reviewed; the runner stays off, so the queue holds still.
    bot.services.reviews_shown.which = "on"

    # Queued, not started: the games are analysed one at a time.
    refused(
        await ana.slash(channel, "game history review", game=game_id),
        f"The analysis of game {game_id} has not started yet",
    )
    # Another process is at it: how far it got.
    claim = await stored.claim_review(store, "elsewhere", now=now(), lease=LEASE_SECONDS)
    record = games.Replay(claim.kind, claim.players, claim.seed, claim.options, claim.actions)
    for step in range(3):
        analysis, total = review.analyse_next(review.replay_to_json(record), step, SMALL)
        until = now() + LEASE_SECONDS
        assert await stored.save_review_progress(
            store, game_id, "elsewhere", step, analysis, total, until
        )
    said = refused(await ana.slash(channel, "game history review", game=game_id))
    assert f"is still running: 3 of {total} decisions analysed." in said, said
    # The moment's button of a review not done yet is refused the same way.
    review_msg = answer(await ana.slash(channel, "game history review", game=game_id))
    pressed = await forged_press(simcord_env, ana, review_msg, f"rvm:{game_id}:5")
    assert "still running" in refused(pressed)

    # A game in play: after its end. A number that is no game here: no such game.
    game = Table(simcord_env, channel, [cai, dee], random.Random(1))
    await game.open("havana", 2)
    live = await store.by_channel(channel.id)
    for asked in (
        await ana.slash(channel, "game history review"),
        await ana.slash(channel, "game history review", game=live.id),
    ):
        refused(asked, f"game {live.id} is still being played")
    refused(
        await ana.slash(channel, "game history review", game=live.id + 50),
        "There is no such game here",
    )

    # The review done, a member who did not play it is refused; an old game never analysed.
    await stored.release_review(store, "elsewhere")
    bot.services.reviews.start()
    await bot.services.reviews.idle()
    assert "Review of Havana" in text_of(
        answer(await ana.slash(channel, "game history review", game=game_id))
    )
    refused(
        await ana.slash(channel, "game history review", game=game_id, member=cai),
        f"cai did not play game {game_id}.",
    )
    await store.transaction(_forget_review(game_id))
    refused(
        await ana.slash(channel, "game history review", game=game_id),
        f"Game {game_id} was never analysed",
    )


async def test_a_bot_reviewing_practice_games_only_says_so_of_the_others(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    """GAME_REVIEWS' default: a practice game's review opens by itself, another game's is not
    run, and asking for that one says why instead of "try again later"."""
    guild, channel, (ana, ben, cai, dee) = table
    bot, game_id = await ended_game(
        simcord_env, simcord_bot, new_bot, db_path, guild, channel, ana, ben, run=False,
        reviews="practice",
    )  # fmt: skip
    runner = bot.services.reviews
    await runner.idle()
    off = f"Game {game_id} is not analysed on this bot: its operator has game reviews turned off"
    refused(await ana.slash(channel, "game history review", game=game_id), off)

    await runner.close()
    room, game = await open_practice(simcord_env, channel, cai, "havana")
    await play_out(simcord_env, game, room)
    assert "review will open here" in [m for m in room.history() if m.author.bot][-1].content
    runner.start()
    await runner.idle()
    await simcord_env.settle()
    posted = [m for m in room.history() if text_of(m).startswith("**Review of Havana, game")]
    assert len(posted) == 1 and "**cai**: accuracy " in text_of(posted[0])
    # The other game is still waiting, for an operator who turns every review on.
    assert (await stored.review(bot.store, game_id)).status == "queued"
    refused(await ana.slash(channel, "game history review", game=game_id), off)


def _forget_review(game_id: int):
    """A game that ended before reviews were kept has no row in their queue."""
    yield Execute("DELETE FROM reviews WHERE game_id = ?", (game_id,))


async def test_the_replay_marks_a_flagged_decision_naming_a_hidden_choice_to_its_player_only(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    bot, game_id = await ended_game(
        simcord_env, simcord_bot, new_bot, db_path, guild, channel, ana, ben, run=True
    )
    result = (await stored.review(bot.store, game_id)).result
    flagged = [d for d in result["decisions"] if d.get("counted") and d["class"] != "ok"]
    assert flagged, "the analysis flagged nothing: the test would prove little"
    for d in flagged:
        mark = review_text.MARKS[d["class"]]
        kind = d["class"].capitalize()
        player = (ana, ben)[d["seat"]]
        shown = {}
        for member in (ana, ben, cai):
            opened = answer(await member.slash(channel, "game history replay", game=game_id))
            step = d["entry"]
            for _ in range(step // 10):
                await member.click(shown_now(simcord_env, opened), label="+10")
            for _ in range(step % 10):
                await member.click(shown_now(simcord_env, opened), label="Next")
            frame = text_of(shown_now(simcord_env, opened))
            assert f"step {step} of" in frame
            name = player.name
            line = next(x for x in frame.splitlines() if x.startswith(f"{mark} {kind} by"))
            assert line.startswith(f"{mark} {kind} by **{name}** here"), line
            shown[member.name] = line
        # Who did not play and the other player read the same line; its own player reads the
        # choices by name (the others do when the whole table could see them).
        other = (ben, ana)[d["seat"]]
        assert shown[other.name] == shown["cai"]
        assert ": chose " in shown[player.name] and "the analysis preferred" in shown[player.name]
        if "in a hidden choice" in shown["cai"]:
            assert "chose" not in shown["cai"] and "preferred" not in shown["cai"]


def shown_now(env, message):
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


async def _twin(store, guild, channel, ana, ben, anas: list[str]) -> int:
    """A Havana game of ana and ben in `channel`, abandoned once both made their two face-down
    opening picks: ana's are `anas`, ben's the same in every twin."""
    lobby = await store.create_game(
        guild_id=guild.id,
        channel_id=channel.id,
        kind="havana",
        options={},
        creator_id=ana.id,
        creator_name="ana",
    )
    await store.join(lobby.id, ben.id, "ben")
    await start_game(store, lobby.id, seed=21)
    record = await store.get(lobby.id)
    for seat, code in [(0, anas[0]), (0, anas[1]), (1, "pick:debris"), (1, "pick:workers")]:
        record = (
            await apply_move(store, lobby.id, seat, code, expected_version=record.version)
        ).record
    await store.end_game(
        record.id,
        status="abandoned",
        how="abandoned",
        result_json='{"scores": [0, 0], "places": [1, 1]}',
        expected_version=record.version,
    )
    return lobby.id


async def test_twins_that_differ_in_a_hidden_pick_review_the_others_alike(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    """Two games alike but for ana's face-down picks: what the review shows of ben's decisions,
    who could not see them, is word for word the same to everybody, and ana's hidden picks are
    named to nobody else."""
    guild, channel, (ana, ben, cai, dee) = table
    await simcord_bot.services.reviews.close()
    await simcord_bot.store.close()
    store = await Store.open(db_path)
    try:
        first = await _twin(store, guild, channel, ana, ben, ["pick:siesta", "pick:refreshment"])
        other = guild.create_text_channel("twin")
        second = await _twin(store, guild, other, ana, ben, ["pick:architect", "pick:protection"])
    finally:
        await store.close()
    bot = new_bot(db_path, ai_workers=1, reviews="on")
    # Havana not played to the end (nor the costs measured, which plays to the end): the twins'
    # sameness does not hang on how far it looks.
    bot.services.reviews.how = dict(
        review.method(0, 4, 4, 3, to_end=(), search=16, recheck=0, accuracy_search={})
    )
    bot.services.reviews.niceness = 0
    await simcord_env.restart_bot(bot)
    await bot.services.reviews.idle()
    results = [(await stored.review(bot.store, g)).result for g in (first, second)]
    assert [d["code"] for d in results[0]["decisions"]] != [
        d["code"] for d in results[1]["decisions"]
    ]
    assert results[0]["decisions"][2:] == results[1]["decisions"][2:]

    def public(said: str, game_id: int) -> list[str]:
        # ana's own line and the chart's words of her are hers; the rest is compared.
        lines = said.replace(f"game {game_id}", "game #").splitlines()
        return [x for x in lines if not x.startswith("**ana**")]

    for member in (ben, cai):
        seen = []
        for game_id in (first, second):
            shown = answer(
                await member.slash(channel, "game history review", game=game_id, member=ben)
            )
            alt = shown.attachments[0].description
            bens = alt[alt.index("ben from") :]
            seen.append((public(text_of(shown), game_id), bens, custom_ids(shown)))
            # Ana's hidden picks, under her name, are named to nobody else.
            hers = text_of(
                answer(await member.slash(channel, "game history review", game=game_id, member=ana))
            )
            for code in ("siesta", "refreshment", "architect", "protection"):
                assert code.capitalize() not in hers.replace("**ana**", ""), hers
        assert seen[0][0] == seen[1][0] and seen[0][1] == seen[1][1]
        assert [i.split(":")[2] for i in seen[0][2]] == [i.split(":")[2] for i in seen[1][2]]
    # Ana reads her own picks by name.
    mine = text_of(answer(await ana.slash(channel, "game history review", game=first)))
    if "The costliest decisions of **ana**:" in mine:
        assert "a hidden choice" not in mine


# What each language's review starts with, one of its counts, its chart's title and a refusal.
LANGUAGES = {
    "en-US": ("**Review of Havana, game", "accuracy", "win chance over the game", "did not play"),
    "it": (
        "**Analisi della partita",
        "precisione",
        "probabilità di vittoria",
        "non ha giocato",
    ),
    "de": (
        "**Analyse von Spiel",
        "Genauigkeit",
        "Gewinnchance im Verlauf",
        "nicht mitgespielt",
    ),
    "es-ES": ("**Análisis de la partida", "precisión", "probabilidad de victoria", "no jugó"),
    "ru": ("**Разбор партии «Гавана» №", "точность", "шанс на победу", "нет игрока"),
}


@pytest.mark.parametrize("locale", sorted(LANGUAGES))
async def test_the_review_speaks_the_readers_language(
    simcord_env, simcord_bot, new_bot, table, db_path, client_locales, locale
):
    guild, channel, (ana, ben, cai, dee) = table
    bot, game_id = await ended_game(
        simcord_env, simcord_bot, new_bot, db_path, guild, channel, ana, ben, run=True
    )
    client_locales[ana.id] = locale
    title, word, chart, refusal = LANGUAGES[locale]
    shown = answer(await ana.slash(channel, "game history review", game=game_id))
    said = text_of(shown)
    assert said.startswith(title), said
    assert f"**ana**: {word} " in said, said
    assert chart in shown.attachments[0].description
    # The costliest decisions' buttons are labelled in the language too.
    assert refusal in refused(
        await ana.slash(channel, "game history review", game=game_id, member=cai)
    )
    if locale != "en-US":
        assert "The costliest" not in said and "accuracy" not in said


async def test_final_scores_discord_would_not_let_be_read_are_told_of_the_review_later(
    simcord_env, new_bot, db_path, table, faults
):
    """Discord answers 503 when the bot reads the final scores back to add the review: the
    outbox tries again, and the button and line come a little later."""
    guild, channel, (ana, ben, cai, dee) = table
    await simcord_env.bot.services.reviews.close()
    game_id = await resigned_game(simcord_env, channel, ana, ben, steps=14)
    final = final_scores(simcord_env, channel)
    # Out of the queue until Discord fails: the bot restarts with its runner on, then the
    # review is queued again (as an old game's is) and runs.
    await simcord_env.bot.store.transaction(_forget_review(game_id))
    await simcord_env.bot.store.close()
    again = tiny(new_bot(db_path, ai_workers=1, ai_budget=8, reviews="on"))
    # Enough samples that some decision had a choice worth judging, so there is a line.
    again.services.reviews.how = dict(SMALL)
    await simcord_env.restart_bot(again)
    faults.install(again)
    rule = server_error("GET", f"/channels/{channel.id}/messages/{final.id}", 503, times=None)
    faults.add(rule)
    assert await stored.queue_review(again.store, game_id)
    await again.services.reviews.idle()
    await simcord_env.settle()
    assert rule.answered and f"rv:{game_id}" not in custom_ids(final_scores(simcord_env, channel))
    faults.clear()
    await simcord_env.advance_time(BACKOFF[0] + 1)
    told = final_scores(simcord_env, channel)
    assert f"rv:{game_id}" in custom_ids(told)
    assert "Accuracy by the game review: ana " in text_of(told)
    assert text_of(told).count("Accuracy by the game review") == 1


async def test_deleted_final_scores_are_not_told_of_the_review_again_and_again(simcord_env, table):
    """A moderator deleted the final scores before the analysis was done: the bot does not try
    to edit them again and again; the review is there all the same."""
    guild, channel, (ana, ben, cai, dee) = table
    runner = simcord_env.bot.services.reviews
    await runner.close()
    game_id = await resigned_game(simcord_env, channel, ana, ben, steps=14)
    final = final_scores(simcord_env, channel)
    simcord_env.backend.delete_message(channel.id, final.id)
    runner.how = dict(SMALL)
    runner.start()
    await runner.idle()
    await simcord_env.settle()
    reads = [r for r in simcord_env.backend.http_requests if r.path.endswith(f"/{final.id}")]
    assert len(reads) == 1
    assert not await simcord_env.bot.store.deliveries()
    await simcord_env.advance_time(BACKOFF[-1] * 3)
    again = [r for r in simcord_env.backend.http_requests if r.path.endswith(f"/{final.id}")]
    assert again == reads
    shown = await ana.slash(channel, "game history review", game=game_id)
    assert "**ana**: accuracy" in text_of(answer(shown))


async def test_the_final_scores_are_told_of_the_review_in_the_servers_language(simcord_env):
    """The server speaks Italian by the time the analysis is done: the line and the button
    under the final scores are Italian, as the channel's messages are."""
    owner = simcord_env.create_user("ana")
    guild = simcord_env.create_guild(owner=owner)
    channel = guild.create_text_channel("giochi")
    ana, ben = guild.add_member(owner), guild.add_member(simcord_env.create_user("ben"))
    runner = simcord_env.bot.services.reviews
    await runner.close()
    game_id = await resigned_game(simcord_env, channel, ana, ben, steps=14)
    chosen = await ana.slash(channel, "game language", language="it")
    assert "italiano" in text_of(answer(chosen))
    runner.how = dict(SMALL)
    runner.start()
    await runner.idle()
    await simcord_env.settle()
    told = final_scores(simcord_env, channel)
    assert "Precisione secondo l'analisi della partita: ana " in text_of(told)
    (button,) = [c for c in components_of(told) if c.get("custom_id") == f"rv:{game_id}"]
    assert button["label"] == "Analisi della partita"


async def test_a_practice_game_s_review_opens_by_itself_in_its_private_thread(simcord_env, table):
    """After a practice game, its review comes to the learner by itself, once, in the private
    thread only they and the bot read: their own view of it, with the chart."""
    guild, channel, (ana, ben, cai, dee) = table
    runner = simcord_env.bot.services.reviews
    await runner.close()
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    store = simcord_env.bot.store
    record = await store.by_channel(room.id)
    await play_out(simcord_env, game, room)
    record = await store.get(record.id)
    assert record.mode == "practice" and record.status == "finished"
    # First the note that the review is on its way, to the learner by name (no ping).
    note = [m for m in room.history() if m.author.bot][-1]
    assert "review will open here" in note.content and ana.mention in note.content
    runner.start()
    await runner.idle()
    await simcord_env.settle()
    posted = [m for m in room.history() if text_of(m).startswith("**Review of Havana, game")]
    assert len(posted) == 1
    (review_message,) = posted
    assert "**ana**: accuracy " in text_of(review_message)
    assert [a.filename for a in review_message.attachments] == ["review.png"]
    # Told once: the review being done again posts nothing more.
    await simcord_env.bot.services.reviews_shown.reviewed(record.id)
    await simcord_env.settle()
    assert len([m for m in room.history() if text_of(m).startswith("**Review of")]) == 1
    # Nobody else can read the thread, and the channel itself heard nothing of it.
    with pytest.raises(SetupError):
        room.history(viewer=ben)
    assert not any("Review of" in text_of(m) for m in channel.history())


async def test_a_practice_game_in_the_members_dms_gets_its_review_there(simcord_env, table):
    """A practice table opened in the member's DMs (no private thread here) ends with its
    review there, by itself, once; no channel of the server hears of it."""
    guild, channel, (ana, ben, cai, dee) = table
    runner = simcord_env.bot.services.reviews
    await runner.close()
    news = guild.create_news_channel("announcements")
    _, game = await open_in_dm(simcord_env, ana, "havana", news)
    dm = ana.user.dm_channel
    record = await simcord_env.bot.store.by_channel(dm.id)
    await play_out(simcord_env, game, dm)
    shown = [m for m in dm.history() if not m.flags.ephemeral]
    assert "review will open here" in shown[-1].content
    runner.start()
    await runner.idle()
    await simcord_env.settle()
    posted = [m for m in dm.history() if text_of(m).startswith("**Review of Havana, game")]
    assert len(posted) == 1
    assert "**ana**: accuracy " in text_of(posted[0])
    assert [a.filename for a in posted[0].attachments] == ["review.png"]
    await simcord_env.bot.services.reviews_shown.reviewed(record.id)
    await simcord_env.settle()
    assert len([m for m in dm.history() if text_of(m).startswith("**Review of")]) == 1
    assert not any("Review of" in text_of(m) for m in [*channel.history(), *news.history()])
    # Its buttons answer there: a costly decision's moment, and the final scores' review.
    moment = next(i for i in custom_ids(posted[0]) if i.startswith("rvm:"))
    shown = answer(await ana.user.click(posted[0], custom_id=moment))
    assert shown.ephemeral and text_of(shown).startswith("Your screen at step"), text_of(shown)
    final = next(m for m in dm.history() if f"rv:{record.id}" in custom_ids(m))
    again = answer(await ana.user.click(final, custom_id=f"rv:{record.id}"))
    assert again.ephemeral and text_of(again).startswith("**Review of Havana, game")
