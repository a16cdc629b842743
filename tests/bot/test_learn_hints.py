"""The "Hint" button: offered on the private prompt at practice tables and at tables opened with
`/game new ... hints:True` (unrated, and the lobby and every turn message say so), answering
privately with up to three choices, their win chances and why; refused at a rated table, with the
reason, changing nothing. At a practice table a line under each AI move says why it was chosen."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games
from bot.text import present
from bot.text.i18n import text_msg
from storage.backends.steps import Execute
from storage.records import dump_state
from tests.ai.ai_helpers import TWINS
from tests.bot.driver import (
    Table,
    custom_ids,
    last_answer,
    private_answer,
    random_move,
    settle_ai,
    text_of,
)
from tests.bot.test_hostile_input import forged_press
from tests.bot.test_learn_practice import open_practice, play_out


async def private_prompt(env, game, player):
    """The player's private prompt with its choices: "Choose" if the turn message offers it,
    else the private answer to a move on the turn message when the player decides again."""
    rng = random.Random(2)
    for _ in range(80):
        message = game.prompt_message()
        if message is not None and player in game.named(text_of(message)):
            choose = [i for i in custom_ids(message) if i.startswith("mx:")]
            if choose:
                return private_answer(await player.click(message, custom_id=choose[0]))
            custom_id, values = random_move(message, rng)
            if values is None:
                pressed = await player.click(message, custom_id=custom_id)
            else:
                pressed = await player.select(message, values, custom_id=custom_id)
            answer = private_answer(pressed)
            await settle_ai(env)
            if any(i.startswith("hn:") for i in custom_ids(answer)):
                return answer
            continue
        await game.step()
        await settle_ai(env)
    raise AssertionError("the player never had a private prompt")


async def ask(player, prompt):
    (hint,) = [i for i in custom_ids(prompt) if i.startswith("hn:")]
    answered = await player.click(prompt, custom_id=hint)
    return last_answer(answered)


async def test_a_hint_at_a_practice_table_and_the_ais_reasons(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    prompt = await private_prompt(simcord_env, game, ana)
    answer = await ask(ana, prompt)
    assert answer.ephemeral
    lines = answer.content.splitlines()
    # It names the decision it weighed, as the prompt asks it: the reply stays in the chat
    # when the prompt above it moves on to the next decision.
    head, question = lines[0].split(" · ", 1)
    assert head == "**Hint**" and question in text_of(prompt)
    assert lines[1].startswith("From what you can know")
    assert 1 <= len(lines) - 2 <= 3
    assert all("% to win." in line for line in lines[2:])
    await settle_ai(simcord_env)
    # The AI's moves at a practice table come with a line saying why, among the move's events;
    # a card played face down is never named (its choice stays secret until everybody chose).
    for _ in range(6):
        await game.step()
        await settle_ai(simcord_env)
    said = [
        line
        for m in room.history()
        for line in text_of(m).splitlines()
        if line.startswith("• Why AI")
    ]
    assert said and all(line.endswith(".") for line in said)
    assert not [line for line in said if "face down" in line]
    # Said among the move's events: the thread holds no message more than the turn messages.
    assert not [m for m in room.history() if m.content.startswith("Why")]


async def test_a_table_with_hints_says_so_and_offers_them(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="santiago", hints=True)
    assert "Hints are on at this table" in opened.response.content
    await ben.click(opened.response, label="Join")
    await ana.click(opened.response, label="Start")
    game = Table(simcord_env, channel, [ana, ben], random.Random(3), typed=0.0)
    assert "Hints are on at this table" in text_of(game.prompt_message())
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.mode == "hints"
    for _ in range(30):
        message = game.prompt_message()
        deciders = game.named(text_of(message))
        assert "Hints are on at this table" in text_of(message)
        player = deciders[0]
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if choose:
            prompt = private_answer(await player.click(message, custom_id=choose[0]))
            answer = await ask(player, prompt)
            assert answer.content.startswith("**Hint**")
            return
        await game.step()
    raise AssertionError("no private prompt came")


async def test_hints_are_refused_at_a_rated_table(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(5), typed=0.0)
    await game.open("santiago", 2)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert record.mode == "rated"
    for _ in range(30):
        message = game.prompt_message()
        player = game.named(text_of(message))[0]
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if choose:
            prompt = private_answer(await player.click(message, custom_id=choose[0]))
            assert not [i for i in custom_ids(prompt) if i.startswith("hn:")]
            break
        await game.step()
    # A forged press asks all the same: refused politely, nothing changes.
    before = await simcord_env.bot.store.by_channel(channel.id)
    seat = before.seat_of(ana.id)
    pressed = await forged_press(simcord_env, ana, message, f"hn:{before.id}:{seat}")
    refused = last_answer(pressed)
    assert refused.ephemeral and "no hints at a rated table" in refused.content
    after = await simcord_env.bot.store.by_channel(channel.id)
    assert after.version == before.version


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_twin_positions_give_the_same_hint(simcord_env, table, kind):
    """The same decision, the others' hidden holdings dealt otherwise (their screens, hands,
    picks, the deck and the dice to come): the hint is word for word the same."""
    guild, channel, (ana, ben, cai, dee) = table
    room, game = await open_practice(simcord_env, channel, ana, kind)
    prompt = await private_prompt(simcord_env, game, ana)
    first = await ask(ana, prompt)
    assert first.content.startswith("**Hint**")
    store = simcord_env.bot.store
    record = await store.by_channel(room.id)
    engine = games.get(kind)
    rng = random.Random(9)
    twin = None
    while twin is None:
        twin = TWINS[kind](record.state(), 0, rng)
    assert engine.to_json(twin) != engine.to_json(record.state())
    assert engine.player_view(twin, 0) == engine.player_view(record.state(), 0)

    def rewrite():
        yield Execute(
            "UPDATE games SET state = ? WHERE id = ?", (dump_state(engine, twin), record.id)
        )

    await store.transaction(rewrite())
    simcord_env.bot.services.tables.forget(record.id)
    second = await ask(ana, prompt)
    assert second.content == first.content


# Santiago de Cuba only: at Havana's opening every hand is the same, so no twin can differ in
# what an AI hides until the game has gone on.
@pytest.mark.parametrize("kind", ["santiago"])
async def test_the_ais_reason_reads_nothing_the_learner_cannot_see_wherever_the_learner_sits(
    simcord_env, table, kind
):
    """A rematch moves every seat one up, so a learner may sit anywhere, an AI first: the line
    on why an AI chose its move is judged from the learner's seat, so twins that differ only in
    what the learner cannot see (that AI's own screen or hand among it) give the same line."""
    guild, channel, (ana, *_) = table
    room, game = await open_practice(simcord_env, channel, ana, kind)
    record = await simcord_env.bot.store.by_channel(room.id)
    n = len(record.seats)
    seats = sorted((replace(s, seat=(s.seat + 1) % n) for s in record.seats), key=lambda s: s.seat)
    moved = replace(record, seats=tuple(seats))
    assert moved.seat_of(ana.id) == 1
    engine = games.get(kind)
    state = record.state()
    rng = random.Random(5)
    twins = (TWINS[kind](state, 1, rng) for _ in range(200))
    twin = next(t for t in twins if t and engine.player_view(t, 0) != engine.player_view(state, 0))
    assert engine.player_view(twin, 1) == engine.player_view(state, 1)
    twin_record = replace(moved, state_json=dump_state(engine, twin))
    ai = simcord_env.bot.services.ai
    told = 0
    for decision in engine.pending(state):
        if decision.seat == 1:
            continue
        for code in engine.legal_codes(state, decision.seat)[:4]:
            first = await ai.why(moved, decision.seat, code)
            assert first == await ai.why(twin_record, decision.seat, code)
            told += first is not None
    assert told


@pytest.mark.parametrize("kind", ["santiago", "havana"])
@pytest.mark.parametrize("where", ["thread", "dm"])
async def test_the_learners_very_first_decision_offers_a_hint(simcord_env, table, kind, where):
    """Wherever the practice table is, its learner's first decision has "Hint": on the turn
    message when the choices are its buttons (Santiago's first drive), else on the private
    prompt "Choose" opens (Havana's first cards)."""
    guild, channel, (ana, *_) = table
    if where == "thread":
        room, game = await open_practice(simcord_env, channel, ana, kind)
        learner = ana
    else:
        opened = await ana.user.slash("learn", game=kind)
        assert opened.ephemeral
        await settle_ai(simcord_env)
        room = ana.user.dm_channel
        learner = ana.user
        game = Table(simcord_env, room, [learner], random.Random(1), typed=0.0)
    store = simcord_env.bot.store
    record = await store.by_channel(room.id)
    learner_seat = record.seat_of(ana.id)
    assert all(row.seat != learner_seat for row in await store.actions(record.id))
    turn = game.prompt_message()
    assert learner in game.named(text_of(turn))
    choose = [i for i in custom_ids(turn) if i.startswith("mx:")]
    # Santiago's first drive is answered on the turn message; Havana's cards behind "Choose".
    prompt = private_answer(await learner.click(turn, custom_id=choose[0])) if choose else turn
    hint = await ask(learner, prompt)
    assert hint.ephemeral and hint.content.startswith("**Hint**"), hint.content
    assert "% to win." in hint.content
    # Nothing was played by asking.
    assert (await store.by_channel(room.id)).version == record.version


async def moves_as_shown(env, record) -> list[tuple[int, str, object, list[str]]]:
    """Each move of the game's log: its seat, its code, the state it was made in, and the
    lines the table reads of it (before any line on why it was chosen)."""
    store = env.bot.store
    engine = games.get(record.kind)
    record = await store.get(record.id)
    state = engine.new(len(record.seats), record.seed, record.options)
    moves = []
    for action in await store.actions(record.id):
        after, events = engine.apply(state, action.seat, action.code)
        lines = present.public_events("en", record, events, limit=None)
        moves.append((action.seat, action.code, state, lines))
        state = after
    return moves


async def test_each_ais_reason_comes_under_the_lines_of_its_own_move(simcord_env, table):
    """An AI's choice that shows no line of its own (the good to deliver, before how many; the
    casino's "Sell VP", before how much) is explained under the line that shows what it did
    ("Delivers 2 units of cigars"), never above it as if it explained the move before."""
    guild, channel, (ana, *_) = table
    room, game = await open_practice(simcord_env, channel, ana, "santiago")
    record = await simcord_env.bot.store.by_channel(room.id)
    await play_out(simcord_env, game, room)
    shown = [text_of(m).splitlines() for m in room.history() if m.author.bot]
    engine = games.get("santiago")
    names = present.seat_names(record, "en")
    moves = await moves_as_shown(simcord_env, record)
    checked = 0
    for (seat, code, state, lines), (then, _, _, next_lines) in zip(moves, moves[1:], strict=False):
        if record.seats[seat].ai_level is None or lines or then != seat or not next_lines:
            continue
        labels = {a.code: a.label for a in engine.public_actions(state, seat)}
        if code not in labels:
            continue  # said without naming the choice ("did that"): not told apart here
        why = f"• Why {names[seat]} chose **{text_msg('en', labels[code], names)}**"
        # Where the table reads the next move's lines, this choice's reason follows them.
        places = [
            (said, k)
            for said in shown
            for k in range(len(said) - len(next_lines) + 1)
            if said[k : k + len(next_lines)] == next_lines
        ]
        if not places:
            continue  # left out of a message that had more to say than it lists
        under = [said[k + len(next_lines) :] for said, k in places]
        assert any(rest and rest[0].startswith(why) for rest in under), (why, under)
        # And never above them.
        above = [said[k - 1] for said, k in places if k > 0]
        assert not [line for line in above if line.startswith(why)], (why, above)
        checked += 1
    assert checked, "no AI choice without a line of its own came up"


async def test_a_hint_left_above_the_next_decision_names_the_one_it_weighed(simcord_env, table):
    """Havana's opening: "Hint" on the first of two face-down picks, then a pick. The prompt
    moves on to the second pick; the hint still in the chat names the first, so it is not read
    as advice on the second (whose best card may be the one just picked)."""
    guild, channel, (ana, *_) = table
    room, game = await open_practice(simcord_env, channel, ana, "havana")
    prompt = await private_prompt(simcord_env, game, ana)
    hint = await ask(ana, prompt)
    weighed = hint.content.splitlines()[0].split(" · ", 1)[1]
    assert "2 still to choose" in weighed and weighed in text_of(prompt)
    custom_id, values = random_move(prompt, random.Random(4))
    if values is None:
        pressed = await ana.click(prompt, custom_id=custom_id)
    else:
        pressed = await ana.select(prompt, values, custom_id=custom_id)
    after = pressed.response if pressed.response is not None else private_answer(pressed)
    assert "1 still to choose" in text_of(after)
    assert weighed not in text_of(after)
    second = await ask(ana, after)
    assert "1 still to choose" in second.content.splitlines()[0]
