"""Throughput: K games played at once in one bot process through SimCord, every player clicking as
soon as it is their turn, and in the same run the floor (a command doing the same Discord traffic
as a move: defer, follow-up, a channel message with a board picture) at the same K.

Each table opens its game (`/game new`, two Join clicks, Start), then plays: buttons, menus,
"Choose" then a private button, now and then the typed `/game move` with its autocomplete, and
now and then `/game board` or `/game screen`. A table has one interaction under way at a time;
the K tables' interactions overlap. Timed per interaction: its first response (the
acknowledgement Discord waits 3 seconds for) and, for moves, the end of the bot's handling of it
(persisting, answering, the turn message and its picture); the screen DMs follow on their own
and are timed from the change to the DM that shows it.

SimCord normally lets the bot finish (settles) after every action; here it does not, so the
interactions of the K tables are in the bot's hands at once, as on a busy server.

    python bench/load.py [--k 1,20,100] [--moves 40] [--players 3] [--seed 1]

Last line: JSON, for each K: moves_per_s, move_p50_ms, move_p95_ms, ack_p99_ms (per kind and
overall), floor_moves_per_s, and screen_dm_p95_ms: how long a changed screen waits for its DM
(the DMs follow the channel's message; a change that comes while the seat's DM is still being
drawn replaces the waiting one, so they count once each).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import discord
import simcord
from simcord._settlement import _run_due_virtual_callbacks
from simcord.backend.models.interaction import Interaction

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
import render  # noqa: E402
from bot import create_bot  # noqa: E402
from bot.discord_io.guard import Guard  # noqa: E402
from bot.discord_io.layouts import walk  # noqa: E402
from render.demo import play as demo_play  # noqa: E402
from tests.bot.driver import Table, custom_ids, private_answer, random_move, text_of  # noqa: E402

V2 = 1 << 15  # the message flag of a Components V2 layout
KINDS = ("move", "choose", "board", "screen", "autocomplete", "lobby")
# Seconds of wall time between two moves of Discord's clock.
TICK = 0.02
GAMES = ("santiago", "havana")


class Stopwatch:
    """When each interaction was sent, first answered and finished (by its interaction id)."""

    def __init__(self) -> None:
        self.acked: dict[int, float] = {}
        self.waiting: dict[int, asyncio.Future] = {}

    def answered(self, interaction_id: int) -> None:
        self.acked.setdefault(interaction_id, time.perf_counter())

    def finished(self, interaction_id: int) -> None:
        future = self.waiting.get(interaction_id)
        if future is None:
            future = self.waiting[interaction_id] = asyncio.get_running_loop().create_future()
        if not future.done():
            future.set_result(time.perf_counter())

    async def end_of(self, interaction_id: int) -> float:
        """When the bot finished with the interaction (waits for it, a minute at most)."""
        future = self.waiting.get(interaction_id)
        if future is None:
            future = self.waiting[interaction_id] = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(future, 60)
        finally:
            self.waiting.pop(interaction_id, None)


WATCH = Stopwatch()


def instrument() -> None:
    """Stamp every first response SimCord records, and the end of every handler of the bot."""
    for name in (
        "respond_with_message",
        "defer",
        "defer_update",
        "update_source",
        "show_modal",
        "complete_autocomplete",
    ):
        original = getattr(Interaction, name)

        def stamped(self, *args, _original=original, **kwargs):
            WATCH.answered(self.id)
            result = _original(self, *args, **kwargs)
            if _original.__name__ == "complete_autocomplete":
                WATCH.finished(self.id)
            return result

        setattr(Interaction, name, stamped)
    guarded = Guard.run

    async def timed(self, interaction, work):
        try:
            await guarded(self, interaction, work)
        finally:
            WATCH.finished(interaction.id)

    Guard.run = timed


@contextlib.contextmanager
def unsettled(env):
    """SimCord's actors return as soon as the interaction is sent; the tables wait themselves.

    When SimCord's clock moves on (to a timer of the bot: a DM channel's turn, a rate limit's
    wait), it only runs what falls due: waiting there for the whole bot to be idle, as it does
    between the steps of a test, would wait for ever while the other tables play (a move of its
    clock that times out that way stops it for good).

    Nor does it look for polls, scheduled events or entitlements falling due: neither the bot
    nor the floor makes any, and SimCord looks through every stored message of every channel
    for a due poll each time its clock moves (here every `TICK`), a cost that grows with what
    the tables have posted and that no Discord server charges a bot. That none was made is
    checked when the run ends."""
    settle = env._settle_internal

    async def no_settle(**kwargs) -> None:
        if "_deadline" in kwargs:  # the clock moving on
            _run_due_virtual_callbacks(env._settlement_state(), kwargs["_deadline"])
            await asyncio.sleep(0)

    env._settle_internal = no_settle
    env._process_resource_deadlines = lambda: None
    env._next_resource_deadline = lambda: None
    try:
        yield
    finally:
        env._settle_internal = settle
        del env._process_resource_deadlines, env._next_resource_deadline
    polls = [m for ms in env.backend.messages.values() for m in ms.values() if m.poll is not None]
    assert not polls, "the run made a poll, which the bench's clock does not expire"


@contextlib.asynccontextmanager
async def real_time(env):
    """Discord's time runs with the wall clock while the tables play: the bot's timers (a DM
    channel's turn once ten are open, a rate limit's wait) fall due when they would on a
    server, and nothing waits for a test to move the clock."""
    loop = asyncio.get_running_loop()

    async def keep() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            await env._advance_to(env._virtual_time + (now - last), loop.time() + 60)
            last = now

    keeper = asyncio.create_task(keep())
    try:
        yield
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper


class Figures:
    def __init__(self) -> None:
        self.acks: dict[str, list[float]] = defaultdict(list)
        self.moves: list[float] = []
        # Seconds from a change of a player's screen to its DM showing it (or a newer one).
        self.screen_dms: list[float] = []
        self.first_move: float | None = None
        self.last_move = 0.0
        # The components of a turn message as the bot last posted it (a Components V2 layout
        # with its board), for the floor that sends a move's message as it is today.
        self.turn_layout: list[dict] = []


class LoadTable(Table):
    """The test players of `tests.bot.driver`, sending without waiting for SimCord to settle."""

    figures: Figures

    async def timed(self, kind: str, action):
        """Send one interaction, wait until the bot is done with it; (result, seconds)."""
        sent = time.perf_counter()
        result = await action()
        interaction_id = result._interaction.id
        ended = await WATCH.end_of(interaction_id)
        acked = WATCH.acked.get(interaction_id, ended)
        self.figures.acks[kind].append(acked - sent)
        if kind == "move":
            if self.figures.first_move is None:
                self.figures.first_move = sent
            self.figures.moves.append(ended - sent)
            self.figures.last_move = max(self.figures.last_move, ended)
        return result

    async def open(self, kind: str, count: int, **options):
        creator, *others = self.players[:count]
        result = await self.timed(
            "lobby", lambda: creator.slash(self.channel, "game new", game=kind, **options)
        )
        lobby = result.response
        for player in others:
            await self.timed("lobby", lambda p=player: p.click(lobby, label="Join"))
        await self.timed("lobby", lambda: creator.click(lobby, label="Start"))
        self.players = self.players[:count]

    async def step(self) -> None:
        message = self.prompt_message()
        if message is None:  # the bot has not posted the turn message yet
            await asyncio.sleep(0.01)
            return
        deciders = self.named(text_of(message))
        player = self.rng.choice(deciders)
        roll = self.rng.random()
        if roll < 0.04:
            await self.timed("board", lambda: player.slash(self.channel, "game board"))
            return
        if roll < 0.08:
            await self.timed("screen", lambda: player.slash(self.channel, "game screen"))
            return
        if roll < 0.20:
            await self.typed_move(player)
            return
        if any(i.startswith("mx:") for i in custom_ids(message)):
            shown = await self.timed(
                "choose", lambda: player.click(message, label="Choose", custom_id=None)
            )
            # Its own buttons come in a private follow-up, the turn message being updated.
            await self.answer(player, private_answer(shown))
        else:
            await self.answer(player, message)

    async def answer(self, player, message) -> None:
        custom_id, values = random_move(message, self.rng)
        if values is not None:
            await self.timed("move", lambda: player.select(message, values, custom_id=custom_id))
        else:
            await self.timed("move", lambda: player.click(message, custom_id=custom_id))
        self.moves += 1

    async def typed_move(self, player) -> None:
        result = await self.timed(
            "autocomplete", lambda: autocomplete(player, self.channel, "game move", "choice")
        )
        choices = result.autocomplete_choices
        if not choices:
            return
        value = self.rng.choice(choices)["value"]
        await self.timed("move", lambda: player.slash(self.channel, "game move", choice=value))
        self.moves += 1

    async def play(self, quota: int) -> None:
        while self.moves < quota and not self.finished():
            await self.step()


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def shut_down(bot) -> None:
    """End what the bot started, whether the run went well or not: its clock, its AI and picture
    workers, its store (SimCord detaches a bot without closing it, and a live worker or database
    thread would keep this process from ever exiting)."""
    await bot.close()


async def all_of(jobs) -> None:
    """Run the jobs at once; the first failure cancels the others and is raised."""
    try:
        async with asyncio.TaskGroup() as group:
            for job in jobs:
                group.create_task(job)
    except ExceptionGroup as failed:
        raise failed.exceptions[0] from None


async def games_at_once(k: int, quota: int, players: int, seed: int) -> Figures:
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Path(folder) / "load.sqlite3", rng=random.Random(seed))
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                tables = []
                for n in range(k):
                    channel = guild.create_text_channel(f"table-{n}")
                    members = [
                        guild.add_member(env.create_user(f"t{n}p{i}")) for i in range(players)
                    ]
                    table = LoadTable(env, channel, members, random.Random(seed * 1000 + n))
                    table.figures = figures
                    tables.append(table)
                mail = bot.services.mail
                delivered = mail.delivered

                def timed_dm(waited: float) -> None:
                    figures.screen_dms.append(waited)
                    delivered(waited)

                mail.delivered = timed_dm
                with unsettled(env):
                    async with real_time(env):
                        await all_of(t.open(GAMES[n % 2], players) for n, t in enumerate(tables))
                        await all_of(t.play(quota) for t in tables)
                        await mail.idle()
                figures.turn_layout = turn_layout(env, tables)
        finally:
            await shut_down(bot)
    return figures


async def autocomplete(player, channel, command: str, option: str):
    """SimCord's `autocomplete` gives only the choices; the stopwatch needs the interaction."""
    from simcord import actors

    player._env._begin_operation("autocomplete")
    try:
        return await actors._autocomplete_result(player, channel, command, option, "", {})
    finally:
        player._env._end_operation()


def turn_layout(env, tables) -> list[dict]:
    """The largest turn message (by components) among the tables' last ones, as stored."""
    bot_id = env.bot.user.id
    last = []
    for table in tables:
        stored = env.backend.messages.get(table.channel.id, {}).values()
        posts = [m for m in stored if m.author_id == bot_id and m.flags & V2 and m.attachments]
        if posts:
            last.append(posts[-1].components)
    if not last:
        raise RuntimeError("no table posted a turn message with its board")
    return max(last, key=lambda c: sum(1 for _ in walk(c)))


def as_layout(components: list[dict]) -> discord.ui.LayoutView:
    """A view that sends `components` again (its picture named `board.png`)."""
    items = json.loads(json.dumps(components).replace("attachment://board-", "attachment://b-"))
    for item in walk(items):
        if item.get("type") == 12:  # the media gallery: the floor's picture
            for media in item["items"]:
                media["media"] = {"url": "attachment://board.png"}
    message = type(
        "Stored", (), {"components": [discord.components._component_factory(c) for c in items]}
    )
    return discord.ui.LayoutView.from_message(message, timeout=None)


async def floor(
    k: int, quota: int, picture: bytes, layout: list[dict] | None = None
) -> tuple[float, list[float]]:
    """K channels at once, each sending `quota` commands that do a move's Discord traffic: with
    `layout`, the channel message is that turn message (a Components V2 layout around the
    picture), as a move's is since turn messages became layouts; without, plain text and the
    picture, as the floor was first defined."""
    acks: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Path(folder) / "floor.sqlite3")

        @bot.tree.command(name="floor", description="a move's Discord traffic, nothing else")
        async def floor_command(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
                await interaction.followup.send("Done", ephemeral=True)
                file = discord.File(__import__("io").BytesIO(picture), filename="board.png")
                if layout:
                    await interaction.channel.send(view=as_layout(layout), file=file)
                else:
                    await interaction.channel.send("turn", file=file)
            finally:
                WATCH.finished(interaction.id)

        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                pairs = [
                    (
                        guild.create_text_channel(f"floor-{n}"),
                        guild.add_member(env.create_user(f"f{n}")),
                    )
                    for n in range(k)
                ]

                async def channel_loop(channel, member) -> None:
                    for _ in range(quota):
                        sent = time.perf_counter()
                        result = await member.slash(channel, "floor")
                        await WATCH.end_of(result._interaction.id)
                        acks.append(WATCH.acked[result._interaction.id] - sent)

                start = time.perf_counter()
                with unsettled(env):
                    async with real_time(env):
                        await all_of(channel_loop(c, m) for c, m in pairs)
                elapsed = time.perf_counter() - start
        finally:
            await shut_down(bot)
    return k * quota / elapsed, acks


def board_picture() -> bytes:
    """The board picture of a game under way, as the bot posts it."""
    state = demo_play("santiago", 3, 7, 150)
    return render.board_png(games.get("santiago").public_view(state), ["Ana", "Bea", "Cy"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", default="1,20,100", help="how many games at once, comma-separated")
    parser.add_argument("--moves", type=int, default=40, help="moves per table (at least)")
    parser.add_argument("--min-moves", type=int, default=200, help="moves per K, at least")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    instrument()
    picture = board_picture()
    load = os.getloadavg()
    results = {}
    for k in (int(x) for x in args.k.split(",")):
        quota = max(args.moves, -(-args.min_moves // k))
        gc.collect()
        figures = asyncio.run(games_at_once(k, quota, args.players, args.seed))
        span = figures.last_move - (figures.first_move or figures.last_move)
        floor_rate, floor_acks = asyncio.run(floor(k, quota, picture))
        move_floor_rate, _ = asyncio.run(floor(k, quota, picture, figures.turn_layout))
        every = [a for kind in KINDS for a in figures.acks[kind]]
        results[k] = {
            "moves": len(figures.moves),
            "moves_per_s": round(len(figures.moves) / span, 1) if span else 0.0,
            "move_p50_ms": round(pct(figures.moves, 0.50), 1),
            "move_p95_ms": round(pct(figures.moves, 0.95), 1),
            "ack_p99_ms": round(pct(every, 0.99), 1),
            "screen_dm_p95_ms": round(pct(figures.screen_dms, 0.95), 1),
            "screen_dms": len(figures.screen_dms),
            "ack_p99_ms_by_kind": {kind: round(pct(figures.acks[kind], 0.99), 1) for kind in KINDS},
            "interactions_by_kind": {kind: len(figures.acks[kind]) for kind in KINDS},
            "floor_moves_per_s": round(floor_rate, 1),
            "floor_ack_p99_ms": round(pct(floor_acks, 0.99), 1),
            "layout_floor_moves_per_s": round(move_floor_rate, 1),
        }
        r = results[k]
        r["ratio_to_floor"] = round(r["moves_per_s"] / r["floor_moves_per_s"], 2)
        r["ratio_to_layout_floor"] = round(r["moves_per_s"] / r["layout_floor_moves_per_s"], 2)
    print(f"load average at the start: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(
        f"{'K':>4} {'moves':>6} {'moves/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'ack p99':>8}"
        f" {'worst kind':>20} {'floor/s':>8} {'ratio':>6} {'layout floor/s':>15} {'ratio':>6}"
    )
    for k, r in results.items():
        worst = max(r["ack_p99_ms_by_kind"].items(), key=lambda kv: kv[1])
        print(
            f"{k:4d} {r['moves']:6d} {r['moves_per_s']:8.1f} {r['move_p50_ms']:8.1f}"
            f" {r['move_p95_ms']:8.1f} {r['ack_p99_ms']:8.1f} {worst[0] + ' ' + str(worst[1]):>20}"
            f" {r['floor_moves_per_s']:8.1f} {r['ratio_to_floor']:6.2f}"
            f" {r['layout_floor_moves_per_s']:15.1f} {r['ratio_to_layout_floor']:6.2f}"
        )
    print(json.dumps({"load_average": [round(x, 2) for x in load], "k": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
