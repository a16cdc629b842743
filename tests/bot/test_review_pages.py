"""The game review as players meet it: once the analysis of an ended game is done, its final
scores carry a "Game review" button and everyone's accuracy (written again in place, pinging
nobody); `/game history review` and that button show each player's accuracy and counts, a
member's costliest decisions with a button that opens the replay at that moment (the screen
then only to its own player), and the chart of each seat's win chance; the refusals before
there is one to show; the five languages; a hidden choice never named to the others."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

import games
from bot.discord_io.layouts import text_of
from bot.history import review_text
from bot.history.replay import state_at
from render import review_chart
from storage import reviews as stored
from tests.bot.driver import Table, custom_ids
from tests.bot.driver import last_answer as answer
from tests.bot.test_hostile_input import forged_press
from tests.bot.test_lobby import refused
from tests.bot.test_reviews import TINY, tiny


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return tiny(new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8, reviews=True))


def final_scores(env, channel):
    """The game's final scores as the channel shows them now."""
    return next(m for m in reversed(channel.history()) if "Final scores" in text_of(m))


async def played_and_reviewed(env, channel, players, kind: str, seed: int):
    """A whole game of `kind` played by `players` to its end, then its review run.

    The runner is paused while the game is played and started again at its end (as after a
    restart): on a busy machine a whole analysis may outlast the few seconds SimCord lets the
    bot settle after the last move's interaction."""
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
    simcord_env, table, kind, seed
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await played_and_reviewed(simcord_env, channel, [ana, ben], kind, seed)
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
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await played_and_reviewed(simcord_env, channel, [ana, ben], "havana", 4)
    result = (await stored.review(simcord_env.bot.store, game_id)).result
    asked = answer(await ana.slash(channel, "game history review"))
    first = review_text.costliest(result, 0)[0]
    button = f"rvm:{game_id}:{first['entry']}"
    opened = await ana.click(asked, custom_id=button)
    replay, (screen,) = opened.response, opened.followups
    assert replay.ephemeral and f"step {first['entry']} of" in text_of(replay)
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
