"""A league's season at scale: 1,000 members at tables of four over seven rounds.

Every table is a real game in the store (a seated lobby, `start_game`, then every move through
`apply_move`, as the bot stores them), played by the AI (`ai.choose`, greedy by default) for
every seat; the season runs in virtual time (each round's deadline is stored and handled as the
clock would, no wall-clock waiting). The league's own bookkeeping is what the bot does for a
league besides the games: the standings after every game (for the standings message: the
game added to the standings kept in memory, then read), pairing each round
(the standings read whole from the store, then `games.swiss`), writing the round, its tables
and their games, and noticing a round's end. Measured in CPU time of this process against the whole run.

Goals: pairing a round under 1 s; the bookkeeping under 5 % of the total CPU time. Last line:
JSON.

    python bench/league.py [--members 1000] [--size 4] [--rounds 7] [--kind havana]
                           [--level greedy] [--max-rounds N] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai  # noqa: E402
import games  # noqa: E402
from games.league_table import default_points, meetings  # noqa: E402
from games.swiss import pair_round  # noqa: E402
from storage import Store, apply_move, start_game  # noqa: E402
from storage import leagues as lg  # noqa: E402
from storage.records import AI_PREFIX, HUMAN  # noqa: E402

GUILD = 1
CHANNEL = 2
DAY = 86400.0


class Meter:
    """CPU seconds spent inside `measure()` blocks."""

    def __init__(self) -> None:
        self.cpu = 0.0

    @contextmanager
    def measure(self):
        start = time.process_time()
        try:
            yield
        finally:
            self.cpu += time.process_time() - start


async def play_table(store: Store, record, level: str, seed: int) -> None:
    """Every decision of the game by the AI at `level`, each move stored as the bot stores it."""
    engine = games.get(record.kind)
    result = await start_game(store, record.id, seed)
    state, version = result.state, result.record.version
    step = 0
    while not engine.is_over(state):
        decision = engine.pending(state)[0]
        code = ai.choose(record.kind, state, decision.seat, level=level, seed=seed + step)
        moved = await apply_move(store, record.id, decision.seat, code, expected_version=version)
        state, version = moved.state, moved.record.version
        step += 1


async def season(args) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="league-bench-"))
    store = await Store.open(folder / "league.sqlite3")
    book = Meter()
    pairing: list[float] = []
    total_start = time.process_time()
    wall_start = time.perf_counter()
    chosen = {} if args.max_rounds is None else {"max_rounds": args.max_rounds}
    options = games.get(args.kind).options(chosen)
    clock = 0.0  # virtual time, in seconds since the league opened
    try:
        with book.measure():
            league = await lg.create_league(
                store,
                lg.LeagueSpec(
                    guild_id=GUILD,
                    channel_id=CHANNEL,
                    name="Bench league",
                    kind=args.kind,
                    options=options,
                    table_size=args.size,
                    table_minimum=max(2, args.size - 1),
                    rounds=args.rounds,
                    round_seconds=int(3 * DAY),
                    points=default_points(args.size),
                    rated=True,
                    overtime="clock",
                    reminders=None,
                    turn_limit=None,
                    creator_id=10,
                    seed=str(args.seed),
                ),
            )
            for member in range(args.members):
                await lg.join_league(store, league.id, 10 + member, f"Member {member}")
            await lg.set_status(store, league.id, "running", "signup")
        names = {10 + m: f"Member {m}" for m in range(args.members)}
        kept = lg.KeptStandings()
        games_played = 0
        for number in range(1, args.rounds + 1):
            with book.measure():
                table = await lg.standings(store, league)
                played = await lg.played(store, league.id)
                ranking = [line.player for line in table]
                started = time.perf_counter()
                plan = pair_round(
                    ranking,
                    meetings(played),
                    args.size,
                    league.spec.table_minimum,
                    f"{args.seed}:{number}",
                )
                pairing.append(time.perf_counter() - started)
                await lg.start_round(store, league.id, number, clock, clock + 3 * DAY, list(plan))
            for table_no, seats in enumerate(plan, 1):
                record = await store.create_game(
                    guild_id=GUILD,
                    channel_id=1_000_000 + games_played,
                    kind=args.kind,
                    options=options,
                    creator_id=10,
                    creator_name="Member 0",
                    seats=[
                        (-(n + 1), f"AI {n + 1}", AI_PREFIX + "greedy")
                        if p is None
                        else (p, names[p], HUMAN)
                        for n, p in enumerate(seats)
                    ],
                )
                with book.measure():
                    await lg.attach_game(store, league.id, number, table_no, record.id)
                await play_table(store, record, args.level, args.seed * 100_000 + games_played)
                games_played += 1
                with book.measure():
                    # After every game, as the bot does: the game added to the standings kept
                    # for the message, which is read, and the round's end looked for.
                    await kept.game_ended(store, league, record.id)
                    await kept.standings(store, league)
                    kept.people(league.id)
                    await lg.open_tables(store, league.id, number)
            clock += 3 * DAY
            with book.measure():
                # The deadline falls due (nothing is left running: every table has ended).
                due = [d for d in await lg.due(store) if d.at <= clock]
                for moment in due:
                    await lg.deadline_handled(store, moment.league_id, moment.round)
                await lg.end_round(store, league.id, number, clock)
        with book.measure():
            await lg.set_status(store, league.id, "finished", "running")
            final = await lg.standings(store, league)
    finally:
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)
    total = time.process_time() - total_start
    share = book.cpu / total if total else 0.0
    return {
        "bench": "league",
        "members": args.members,
        "table_size": args.size,
        "rounds": args.rounds,
        "kind": args.kind,
        "level": args.level,
        "games": games_played,
        "winner_points": float(final[0].points) if final else 0.0,
        "pairing_max_s": round(max(pairing), 4),
        "pairing_mean_s": round(sum(pairing) / len(pairing), 4),
        "bookkeeping_cpu_s": round(book.cpu, 3),
        "total_cpu_s": round(total, 3),
        "wall_s": round(time.perf_counter() - wall_start, 3),
        "bookkeeping_share": round(share, 4),
        "goal_pairing_under_1s": max(pairing) < 1.0,
        "goal_bookkeeping_under_5pct": share < 0.05,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--kind", default="havana", choices=games.names())
    parser.add_argument("--level", default="greedy", choices=("random", "greedy"))
    parser.add_argument(
        "--max-rounds", type=int, default=None, help="Havana's house limit (default the game's)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.kind != "havana":
        args.max_rounds = None
    figures = asyncio.run(season(args))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
