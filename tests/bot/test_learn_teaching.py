"""Teach as you go: the first time a member meets a kind of decision, in any game, their private
answer explains it (a few lines in their language and a "More" button with the whole rule); it
is explained once, never again, across games and restarts; `/game settings explanations:False`
turns it off; `/learn` alone shows what is met and what is left."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import games
from bot.core.lone_choices import NOTE, moves_of
from bot.discord_io.layouts import text_of
from bot.text import lessons
from bot.text.i18n import text
from tests.bot.driver import Table, components_of, custom_ids, private_answer, settle_ai
from tests.bot.test_learn_practice import open_practice, play_out

LESSON = re.compile(r"ll:([a-z0-9_]+\.[a-z0-9_]+)")


def explained(env, since: int = 0) -> Counter:
    """Each lesson's "More" button sent by the bot after request `since`, counted."""
    found: Counter = Counter()
    for request in env.http_requests[since:]:
        found.update(LESSON.findall(str(request.json)))
    return found


async def decided(env, record) -> set[str]:
    """The lessons of the kinds of decision the member (seat 0) took in the game, leaving out
    those the bot took by itself (a choice the whole table could see was the only one)."""
    store = env.bot.store
    engine = games.get(record.kind)
    record = await store.get(record.id)
    taken = moves_of(await store.get_note(record.id, NOTE))
    state = engine.new(len(record.seats), record.seed, record.options)
    kinds = set()
    for action in await store.actions(record.id):
        if action.seat == 0 and action.seq not in taken:
            (kind,) = [d.kind for d in engine.pending(state) if d.seat == 0]
            kinds.add(f"{record.kind}.{kind.removeprefix(record.kind + '.')}")
        state, _ = engine.apply(state, action.seat, action.code)
    return kinds


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_each_kind_of_decision_is_explained_once_in_the_members_language(
    simcord_env, table, client_locales, kind
):
    guild, channel, (ana, ben, cai, dee) = table
    client_locales[ana.id] = "it"
    room, game = await open_practice(simcord_env, channel, ana, kind)
    record = await simcord_env.bot.store.by_channel(room.id)
    await play_out(simcord_env, game, room)

    counted = explained(simcord_env)
    met = await decided(simcord_env, record)
    assert met, "the member decided something"
    assert set(counted) == met
    assert all(n == 1 for n in counted.values()), counted
    assert await simcord_env.bot.store.lessons_met(ana.id) == met
    # In the member's language: the Italian lines, never the English ones.
    sent = " ".join(str(r.json) for r in simcord_env.http_requests)
    for lesson in met:
        italian = text("it", f"bot.learn.lesson.{lesson}").split("\n")[0]
        english = text("en", f"bot.learn.lesson.{lesson}").split("\n")[0]
        assert italian != english and italian in sent and english not in sent

    # "More" gives the whole rule, privately, in the member's language.
    answers = [m for m in room.history(viewer=ana) if m.flags.ephemeral]
    holding = [m for m in answers if any(i.startswith("ll:") for i in custom_ids(m))]
    if holding:
        more = await ana.click(
            holding[-1], custom_id=next(i for i in custom_ids(holding[-1]) if i.startswith("ll:"))
        )
        assert more.ephemeral
        lesson = next(i for i in custom_ids(holding[-1]) if i.startswith("ll:"))[3:]
        assert more.response.content == text("it", f"bot.learn.more.{lesson}")

    # Never again: a later game (after a restart, too) explains nothing already met.
    before = len(simcord_env.http_requests)
    room2, game2 = await open_practice(simcord_env, channel, ana, kind)
    for _ in range(12):
        await game2.step()
        await settle_ai(simcord_env)
    again = explained(simcord_env, before)
    assert not set(again) & met, again


async def test_explanations_off_and_the_overview_of_what_is_left(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    overview = await ana.slash(channel, "learn")
    assert overview.ephemeral
    content = overview.response.content
    assert "0 of 14" in content and "0 of 12" in content
    # what is left is listed as the language lists things: "a, b and c", not a bare comma list
    left = [line for line in content.split("\n") if line.startswith("Still to meet: ")]
    assert len(left) == 2 and all(re.fullmatch(r"[^,]+(, [^,]+)* and [^,]+\.", x) for x in left)
    offers = [i for i in custom_ids(overview.response) if i.startswith("lp:")]
    assert sorted(offers) == ["lp:havana", "lp:santiago"]
    # The overview's button opens a practice table of that game.
    opened = await ana.click(overview.response, custom_id="lp:havana")
    assert opened.ephemeral
    (room,) = channel.threads
    record = await simcord_env.bot.store.by_channel(room.id)
    assert record.kind == "havana" and record.mode == "practice"

    off = await ben.slash(channel, "game settings", explanations=False)
    assert off.ephemeral and "no more explanations" in off.response.content
    before = len(simcord_env.http_requests)
    room_b, game_b = await open_practice(simcord_env, channel, ben, "santiago")
    for _ in range(10):
        await game_b.step()
        await settle_ai(simcord_env)
    assert not explained(simcord_env, before)
    assert await simcord_env.bot.store.lessons_met(ben.id) == set()
    told = await ben.slash(channel, "learn")
    assert "explanations are off" in told.response.content


async def test_what_a_member_met_and_their_practice_table_survive_a_restart(
    simcord_env, table, new_bot, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    for _ in range(6):
        await game.step()
        await settle_ai(simcord_env)
    met = await simcord_env.bot.store.lessons_met(ana.id)
    assert met
    before = await simcord_env.bot.store.by_channel(room.id)

    await simcord_env.bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path))
    await settle_ai(simcord_env)
    kept = await simcord_env.bot.store.by_channel(room.id)
    assert kept is not None and kept.mode == "practice" and kept.id == before.id
    again = await ana.slash(channel, "learn", game="havana")
    assert again.ephemeral and room.mention in again.response.content
    since = len(simcord_env.http_requests)
    for _ in range(6):
        await game.step()
        await settle_ai(simcord_env)
    assert not set(explained(simcord_env, since)) & met
    met = await simcord_env.bot.store.lessons_met(ana.id)
    overview = await ana.slash(channel, "learn")
    assert f"{len(met)} of 12" in overview.response.content


async def test_the_lesson_opens_the_private_prompt_before_the_recap(simcord_env, table):
    """A member who meets a kind of decision for the first time reads its lesson first in
    "Choose"'s answer, then what happened since their last turn, then their choices."""
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(env, channel, [ana, ben, cai], random.Random(5), typed=0)
    await game.open("havana", 3)
    heading = text("en", "bot.learn.new_decision")
    for _ in range(400):
        await env.settle()
        prompt = game.prompt_message()
        assert prompt is not None, "the game ended before the case came"
        if cai in game.named(text_of(prompt)) and any(
            i.startswith("mx:") for i in custom_ids(prompt)
        ):
            since = text_of(private_answer(await cai.slash(channel, "game recap")))
            if since.startswith("**Since your last turn:**"):
                answer = private_answer(await cai.click(prompt, label="Choose"))
                more = [i for i in custom_ids(answer) if i.startswith("ll:")]
                if more:
                    shown = text_of(answer)
                    lesson = more[0][3:]
                    assert shown.startswith(lessons.short("en", lesson) + "\n\n" + since), shown
                    assert shown.index(heading) < shown.index(since) < shown.index("**cai**")
                    # The choices follow, on the same answer.
                    assert any(i.startswith(("mc:", "ms:")) for i in custom_ids(answer))
                    return
        await game.step()
    raise AssertionError("cai never met a new kind of decision with a recap to read")


async def test_explanations_take_effect_with_a_change_of_the_tables_clock(simcord_env, table):
    """`/game settings` with `explanations:` and `reminders`/`turn_limit` in one command makes
    every change; when the clock's change is refused, nothing changes and the answer says how
    to change the explanations alone."""
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    lobby = await ana.slash(channel, "game new", game="santiago")
    assert not lobby.ephemeral
    await ben.click(lobby.response, label="Join")

    both = await ana.slash(
        channel, "game settings", turn_limit="86400", reminders="21600", explanations=False
    )
    assert both.ephemeral
    said = text_of(private_answer(both))
    assert "Turn limit: 24 hours" in said and "Reminders after: 6 hours" in said, said
    assert text("en", "bot.learn.not_explaining") in said
    record = await env.bot.store.by_channel(channel.id)
    assert (record.settings.turn_limit, record.settings.reminders) == (86400, 21600)
    assert ana.id in await env.bot.store.lessons_off()
    told = await ana.slash(channel, "learn")
    assert "explanations are off" in told.response.content

    # Ben did not open the game: the clock is not his, so nothing of the command is made.
    refused = await ben.slash(channel, "game settings", turn_limit="off", explanations=False)
    assert refused.ephemeral
    said = text_of(private_answer(refused))
    assert "Only" in said and "explanations:False` alone" in said, said
    assert ben.id not in await env.bot.store.lessons_off()
    record = await env.bot.store.by_channel(channel.id)
    assert record.settings.turn_limit == 86400

    # Turned on again, together with the clock, by who opened the game.
    again = await ana.slash(channel, "game settings", reminders="off", explanations=True)
    said = text_of(private_answer(again))
    assert text("en", "bot.learn.explaining") in said
    assert ana.id not in await env.bot.store.lessons_off()
    record = await env.bot.store.by_channel(channel.id)
    assert record.settings.reminders is None


async def test_two_lessons_in_one_answer_each_say_which_rule_their_more_explains(
    simcord_env, table, client_locales
):
    """Santiago's first drive is a button of the turn message: its answer explains the drive
    just made and the citizen that comes next, each "More" naming its own rule."""
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, "santiago")
    turn = game.prompt_message()
    drive = next(i for i in custom_ids(turn) if i.startswith("mc:"))
    answer = private_answer(await ana.click(turn, custom_id=drive))
    more = [c for c in components_of(answer) if c.get("custom_id", "").startswith("ll:")]
    assert [c["label"] for c in more] == ["More: driving the car", "More: using a citizen"]
    for button in more:
        lesson = button["custom_id"][3:]
        pressed = await ana.click(answer, custom_id=button["custom_id"])
        assert pressed.ephemeral
        assert pressed.response.content == text("en", f"bot.learn.more.{lesson}")
    # In the member's language, the rule's name too.
    client_locales[ben.id] = "it"
    room_b, game_b = await open_practice(simcord_env, channel, ben, "santiago")
    turn = game_b.prompt_message()
    drive = next(i for i in custom_ids(turn) if i.startswith("mc:"))
    answer = private_answer(await ben.click(turn, custom_id=drive))
    labels = [c["label"] for c in components_of(answer) if c["custom_id"].startswith("ll:")]
    assert labels == [
        f"Approfondisci: {text('it', 'bot.learn.name.santiago.drive')}",
        f"Approfondisci: {text('it', 'bot.learn.name.santiago.citizen')}",
    ]
