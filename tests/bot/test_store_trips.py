"""A move asks the store as little as it can: the game is read once, the move is one
transaction, and the players' screen DMs are edited without asking the store where they are
(every other channel's moves wait for the same database thread)."""

from __future__ import annotations

import random

from tests.bot.driver import Table, components_of, press_together, text_of
from tests.bot.test_ai_seats import until_a_person_decides


async def trace(store, callback) -> None:
    """Hand every SQL statement the store's SQLite connection runs to `callback` (None: stop)."""
    raw = store._db.raw
    await raw._execute(raw._conn.set_trace_callback, callback)


async def statements_of_steps(env, game: Table, steps: int) -> list[str]:
    """The SQL the bot runs while `game` plays `steps` decisions."""
    statements: list[str] = []
    await trace(env.bot.store, statements.append)
    try:
        for _ in range(steps):
            await game.step()
    finally:
        await trace(env.bot.store, None)
    return statements


async def test_moves_read_no_note_once_the_screens_are_known(simcord_env, table):
    guild, channel, (ana, ben, *_) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(4))
    await game.open("santiago", 2)
    for _ in range(8):  # every player has had a screen DM by now
        await game.step()
    statements = await statements_of_steps(simcord_env, game, 12)
    moves = sum(1 for s in statements if s.startswith("INSERT INTO actions"))
    assert moves == 12, statements
    note_reads = [s for s in statements if s.startswith("SELECT value FROM notes")]
    assert note_reads == [], note_reads


async def test_a_move_does_not_read_the_game_before_its_transaction(simcord_env, table):
    """The bot plays from the record the store last committed: the only read of the game in a
    move is the one inside its transaction, which checks the version."""
    guild, channel, (ana, ben, *_) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(5))
    await game.open("havana", 2)
    statements = await statements_of_steps(simcord_env, game, 12)
    moves = sum(1 for s in statements if s.startswith("INSERT INTO actions"))
    record_reads = [s for s in statements if s.startswith("SELECT g.id")]
    assert moves >= 12 and len(record_reads) == moves, record_reads


async def test_turn_notes_of_games_played_at_once_share_a_transaction(simcord_env, table):
    """Each new turn message is noted for restarts behind the move, the notes of games moving
    at the same moment in one transaction: fewer syncs to disk than one per note. (Two tables
    of a person and an AI seat: a move that hands the turn to the AI posts its message at once,
    with no board to draw, so both tables' notes come together.)"""
    guild, channel, (ana, ben, cai, dee) = table
    channels = [channel, guild.create_text_channel("more")]
    # What a member has had explained is written once per kind of decision they meet (a
    # transaction of its own): these players know the game, so only the turn notes count here.
    for person in (ana, cai):
        await person.slash(channel, "game settings", explanations=False)
    games = []
    for where, person, seed in ((channels[0], ana, 1), (channels[1], cai, 2)):
        opened = await person.slash(where, "game new", game="santiago", ai_players=1)
        await person.click(opened.response, label="Start")
        games.append(Table(simcord_env, where, [person], random.Random(seed)))
    statements: list[str] = []
    store = simcord_env.bot.store
    await trace(store, statements.append)
    try:
        for _ in range(8):
            await until_a_person_decides(simcord_env, games[0])
            presses = []
            for game in games:
                prompt = game.prompt_message()
                if not game.named(text_of(prompt)):
                    continue
                player = game.named(text_of(prompt))[0]
                for item in components_of(prompt):
                    if item.get("custom_id", "").startswith("mc:"):
                        presses.append((player, prompt, item["custom_id"], None))
                        break
                    if item.get("custom_id", "").startswith("ms:"):
                        first = [item["options"][0]["value"]]
                        presses.append((player, prompt, item["custom_id"], first))
                        break
            await press_together(simcord_env, presses)
    finally:
        await trace(store, None)
    moves = sum(1 for s in statements if s.startswith("INSERT INTO actions"))
    notes = sum(1 for s in statements if s.startswith("INSERT INTO notes"))
    transactions = sum(1 for s in statements if s.startswith("BEGIN"))
    assert moves >= 8 and notes >= 4, (moves, notes)
    assert transactions < moves + notes, (transactions, moves, notes)
