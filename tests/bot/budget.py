"""Whole games played as people play them, with every request counted that Discord's global
limit of 50 requests per second per bot would count (`faults.Faults.global_bound`: all but
interaction callbacks and requests on an interaction's webhook).

The players of `driver.py` (buttons, menus, "Choose" and the private answer, now and then a
typed `/game move`), screen DMs, an AI seat at three and four players, and now and then a
decision nobody makes, which the turn clock hands to the AI. Shared by the budget test and
`bench/discord_budget.py`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from tests.bot.driver import Table
from tests.bot.faults import Faults

HOUR = 3600
# One decision of a person in this many is left to the turn clock.
CLOCK_EVERY = 60
# A table that reminds after 6 hours and asks what to do after 12 (the AI plays a day later).
SETTINGS = {"reminders": str(6 * HOUR), "turn_limit": str(12 * HOUR)}
SNOWFLAKE = re.compile(r"/\d{15,}")


@dataclass
class Counted(Faults):
    """The fault layer with no rule and no limit (every request passes), telling where each
    global-bound request went: method and route, a DM channel's apart from the game's."""

    global_limit: int | None = None
    routes: Counter = field(default_factory=Counter)

    async def _attempt(self, method: str, path: str):
        if not path.startswith(("/interactions/", "/webhooks/")):
            self.routes[(method, self._route(path))] += 1
        return await super()._attempt(method, path)

    def _route(self, path: str) -> str:
        parts = path.strip("/").split("/")
        where = ""
        if len(parts) > 1 and parts[0] == "channels" and parts[1].isdigit():
            dms = set(self.env.backend.dm_channels.values())
            where = " (DM)" if int(parts[1]) in dms else " (channel)"
        return SNOWFLAKE.sub("/{id}", path) + where


@dataclass
class Played:
    moves: int
    finished: bool
    requests: int
    routes: Counter


async def play(
    env, guild, kind: str, size: int, seed: int, counted: Counted, most: int = 3000
) -> Played:
    """One whole game of `size` seats in a new channel of `guild`, counted by `counted` (or its
    first `most` steps)."""
    rng = random.Random(seed)
    # The AI standing in for a person thinks in a worker process, in real time, while the
    # virtual clock waits for it: a busy machine may take longer than SimCord's usual 5 s.
    env.settle_timeout = max(env.settle_timeout, 120.0)
    before, routes_before = counted.global_bound, Counter(counted.routes)
    channel = guild.create_text_channel(f"{kind}-{size}-{seed}")
    ai = 1 if size >= 3 else 0
    people = [guild.add_member(env.create_user(f"p{seed}-{i}")) for i in range(size - ai)]
    table = Table(env, channel, people, rng)
    creator, *others = people
    options = {"ai_players": ai, "ai_level": "greedy"} if ai else {}
    opened = await creator.slash(channel, "game new", game=kind, **options, **SETTINGS)
    lobby = opened.response
    for player in others:
        await player.click(lobby, label="Join")
    await creator.click(lobby, label="Start")
    game_id = (await env.bot.store.by_channel(channel.id)).id
    services = env.bot.services
    for _ in range(most):
        await services.ai.idle()
        await env.settle()
        if table.finished():
            break
        if rng.randrange(CLOCK_EVERY) == 0:
            # Nobody decides: reminded after 6 hours, the table asked after 12, the AI plays
            # the decision a day later.
            await env.advance_time(36 * HOUR + 60)
            continue
        await table.step()
    await services.mail.idle()
    await env.settle()
    record = await env.bot.store.get(game_id)
    return Played(
        record.version,
        record.status == "finished",
        counted.global_bound - before,
        counted.routes - routes_before,
    )
