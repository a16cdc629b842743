"""SimCord harness: the real bot from `create_bot` on a temporary SQLite file."""

from __future__ import annotations

import functools
import random

import pytest

from bot import create_bot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def new_bot():
    """`create_bot` for a test; every bot made is closed at the end.

    SimCord detaches a bot without closing it (a real process would simply end), and an open
    store keeps its database thread alive, which would stop the test process from exiting.
    """
    made = []

    def make(db_path, **kwargs):
        made.append(create_bot(db_path, **kwargs))
        return made[-1]

    yield make
    for bot in made:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7))


@pytest.fixture
def table(simcord_env):
    """A server with one text channel and four members."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    players = [
        guild.add_member(simcord_env.create_user(name)) for name in ("ana", "ben", "cai", "dee")
    ]
    return guild, channel, players


@pytest.fixture
def client_locales(monkeypatch):
    """user id -> the Discord locale their client sends (en-US when not listed)."""
    from simcord import interactions

    locales: dict[int, str] = {}
    build = interactions.base_payload

    def localized(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], "en-US")
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", localized)
    return locales


@pytest.fixture
def faults(simcord_env):
    """Discord's limits and failures under the bot's HTTP client (tests/bot/faults.py)."""
    from tests.bot.faults import Faults

    return Faults(simcord_env).install()


@pytest.fixture(autouse=True)
def _settle_promptly(request):
    """SimCord's settle checks again every 50 ms of real time while bot-owned work is
    outstanding, and waits that long even when what was outstanding was only a callback that
    ran at once: most of a whole game's wall time went to those waits, with the machine idle.
    Checking every 5 ms settles on the same state, sooner."""
    if "simcord_env" not in request.fixturenames:
        return
    env = request.getfixturevalue("simcord_env")
    env._settle_internal = functools.partial(env._settle_internal, idle=0.005)
