""" "Since your last turn": after a player was away for ten moves, `/game recap` and the private
prompt open with what the others did, from public events only, at most eight moves and the
rest counted; twin logs that differ only in what was told to one seat alone give the same
recap."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.text import lessons, present
from bot.text.i18n import text_msg
from bot.text.recap import MAX_RECAP_LINES, recap, since_last_decision
from tests.bot.driver import Table, custom_ids, private_answer, text_of
from tests.bot.test_clock import dms
from tests.bot.test_secrecy import PRIVATE_WORDS

TITLE = "Since your last turn:"


def below_the_lesson(answer) -> tuple[str | None, str]:
    """A private prompt's lesson (when it explains a kind of decision met for the first time,
    with its "More" button) and what follows it. The lesson, if any, opens the prompt."""
    said = text_of(answer)
    more = [i for i in custom_ids(answer) if i.startswith("ll:")]
    if not more:
        return None, said
    lesson = more[0][3:]
    opening = lessons.short("en", lesson) + "\n\n"
    assert said.startswith(opening), said
    return lesson, said.removeprefix(opening)


async def away_for_ten_moves(env, game, member, limit=600):
    """Play on (everybody as the driver picks) until `member` must decide and the others
    have made at least ten moves since `member`'s last one."""
    store = env.bot.store
    for _ in range(limit):
        await env.settle()
        record = await store.by_channel(game.channel.id)
        seat = record.seat_of(member.id)
        message = game.prompt_message()
        if member in game.named(text_of(message)):
            rows = await store.actions(record.id)
            others = 0
            for row in reversed(rows):
                if row.seat == seat:
                    break
                others += 1
            if others >= 10:
                return record, message
        await game.step()
    raise AssertionError("never away for ten moves")


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_the_recap_after_ten_moves_away_tells_public_moves_only(simcord_env, table, kind):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(env, channel, [ana, ben, cai], random.Random(5), typed=0)
    await game.open(kind, 3)
    record, prompt = await away_for_ten_moves(env, game, cai)
    seat = record.seat_of(cai.id)
    steps = await env.bot.services.logs.steps(env.bot.store, record)
    moves = [e for e in since_last_decision(steps, seat) if present.public_events("en", record, e)]

    asked = await cai.slash(channel, "game recap")
    assert asked.ephemeral
    said = text_of(private_answer(asked))
    lines = said.splitlines()
    assert lines[0] == f"**{TITLE}**"
    told = [line for line in lines[1:] if line.startswith("• ")]
    assert 1 <= len(told) <= MAX_RECAP_LINES
    # The newest moves, those that led to cai's decision, close the recap; the earlier ones
    # are counted above them.
    newest = [line.removeprefix("• ") for line in present.public_events("en", record, moves[-1])]
    assert told[-1] == "• " + " ".join(newest), said
    if len(moves) > len(told):
        assert lines[1].startswith(f"({len(moves) - len(told)} earlier moves are left out"), said
        assert "`/game log`" in lines[1]
    names = present.seat_names(record, "en")
    hidden = {
        text_msg("en", e.msg, names, markdown=True)
        for _, events in steps
        for e in events
        if e.only_for is not None
    }
    public = {line for _, events in steps for line in present.public_events("en", record, events)}
    for word in PRIVATE_WORDS:
        assert word not in said
    assert not any(h in said for h in hidden if h not in "\n".join(public))

    # The private prompt ("Choose") gives the same recap, where there is one: first, or right
    # under the lesson of a kind of decision met for the first time.
    if any(i.startswith("mx:") for i in custom_ids(prompt)):
        _, shown = below_the_lesson(private_answer(await cai.click(prompt, label="Choose")))
        assert shown.startswith(said)
    # So does the screen's DM sent while the decision waited for cai (if it changed then).
    last = text_of(dms(env, cai)[-1]) if dms(env, cai) else ""
    assert TITLE not in last or last.startswith(f"**{TITLE}**")

    # Twins: the same log with other things told to single seats (or nothing) -> same recap.
    others = [e for _, events in steps for e in events if e.only_for is not None]
    if others:
        twin = [
            (
                actor,
                [
                    e if e.only_for is None else dataclasses.replace(e, msg=others[0].msg)
                    for e in events
                ],
            )
            for actor, events in steps
        ]
        bare = [(actor, [e for e in events if e.only_for is None]) for actor, events in steps]
        for locale in ("en", "de", "ru"):
            assert recap(locale, record, twin, seat) == recap(locale, record, steps, seat)
            assert recap(locale, record, bare, seat) == recap(locale, record, steps, seat)


async def test_nothing_new_and_not_a_player_are_said_politely(simcord_env, table):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(env, channel, [ana, ben, cai], random.Random(4), typed=0)
    await game.open("santiago", 3)
    first = game.named(text_of(game.prompt_message()))[0]
    nothing = await first.slash(channel, "game recap")
    assert text_of(private_answer(nothing)) == "Nothing has happened since the game began."
    # Before a player's first turn the recap tells what happened since the start.
    await game.step()
    second = next(p for p in game.players if p is not first)
    begun = text_of(private_answer(await second.slash(channel, "game recap")))
    assert begun.startswith("**Since the game began:**\n• "), begun
    assert "last turn" not in begun
    outsider = await dee.slash(channel, "game recap")
    assert outsider.ephemeral


async def test_the_private_prompt_and_the_screen_dm_open_with_the_recap(simcord_env, table):
    """While a decision waits for cai: "Choose" answers with the recap first, the same as
    `/game recap` (below only the lesson of a kind of decision cai meets for the first time,
    which opens the prompt), and the screen's DM sent then opens with the recap too."""
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(env, channel, [ana, ben, cai], random.Random(5), typed=0)
    await game.open("havana", 3)
    chose = dm = taught = False
    last_dm = None
    for _ in range(400):
        await env.settle()
        if game.finished() or (chose and dm and taught):
            break
        prompt = game.prompt_message()
        sent = dms(env, cai)
        changed = bool(sent) and text_of(sent[-1]) != last_dm
        last_dm = text_of(sent[-1]) if sent else None
        if cai in game.named(text_of(prompt)):
            said = text_of(private_answer(await cai.slash(channel, "game recap")))
            if said.startswith(f"**{TITLE}**"):
                if changed:
                    assert text_of(sent[-1]).startswith(said), "the DM opens with the recap"
                    dm = True
                if any(i.startswith("mx:") for i in custom_ids(prompt)):
                    answer = private_answer(await cai.click(prompt, label="Choose"))
                    lesson, shown = below_the_lesson(answer)
                    assert shown.startswith(said + "\n"), "so does the private prompt"
                    taught = taught or lesson is not None
                    chose = True
        await game.step()
    assert dm, "a screen DM was sent while cai decided"
    assert chose, "a hidden choice of cai's went through Choose"
    assert taught, "a lesson opened a private prompt, above the recap"
