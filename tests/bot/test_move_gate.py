"""Every move enters the game through one gate, whoever makes it: a click, a typed
`/game move`, an AI seat, the AI standing in when the turn limit passed."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from bot.play.gate import Gate
from tests.bot.driver import Table, text_of
from tests.bot.test_clock import DAY, until_waiting_for

BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def test_every_saved_move_went_through_the_gate_once(simcord_env, table, monkeypatch):
    guild, channel, (ana, ben, cai, dee) = table
    bot = simcord_env.bot
    submitted: list[tuple[str, int]] = []
    real_submit = Gate.submit

    async def counted_submit(self, channel_id, locate, seat_of, codes, source, **how):
        try:
            done = await real_submit(self, channel_id, locate, seat_of, codes, source, **how)
        except Exception:
            submitted.append((source, 0))
            raise
        submitted.append((source, 0 if done is None else len(done.applied)))
        return done

    monkeypatch.setattr(Gate, "submit", counted_submit)
    commits = []
    real_commit = bot.store.commit_move

    async def counted_commit(*args, **kwargs):
        stored = await real_commit(*args, **kwargs)
        commits.append(stored)
        return stored

    monkeypatch.setattr(bot.store, "commit_move", counted_commit)

    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(3), typed=0.0)
    await game.open("santiago", 3, ai_players=1)
    for _ in range(20):  # a person types one move
        await bot.services.ai.idle()
        await simcord_env.settle()
        deciders = game.named(text_of(game.prompt_message()))
        if deciders:
            await game.typed_move(deciders[0])
            break
    for _ in range(200):  # people click, and the AI seat plays
        if {"click", "ai"} <= {source for source, applied in submitted if applied}:
            break
        await bot.services.ai.idle()
        await simcord_env.settle()
        await game.step()
    await until_waiting_for(simcord_env, game, cai)
    await simcord_env.advance_time(3 * DAY)  # the table is asked; nobody answers
    await simcord_env.advance_time(DAY)
    await bot.services.ai.idle()
    await simcord_env.settle()

    sources = {source for source, applied in submitted if applied}
    assert sources == {"click", "typed", "ai", "clock"}, submitted
    record = await bot.store.by_channel(channel.id)
    assert len(commits) == sum(applied for _, applied in submitted) == record.version
    assert len(await bot.store.actions(record.id)) == record.version


def test_nothing_else_in_bot_applies_a_move():
    users = []
    for path in sorted(BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        if "apply_move" in names:
            users.append(path.relative_to(BOT).as_posix())
    assert users == ["play/gate.py"]
