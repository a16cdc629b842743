"""A league round's tables by the Swiss system: pure and deterministic, no I/O.

The players come ranked (the league's standings, best first); tables are filled from the top,
so the leaders sit at table 1 and players of similar points sit together. A player who would
meet somebody at the table again is passed over for the next one down who would not, and a
last pass swaps players between nearby tables while that lowers the number of repeat meetings,
so repeats happen only where the count of players leaves no other way. A count that does not
divide into full tables gives smaller tables (never under the league's minimum); a table
still under the minimum gets AI seats. The order of the seats at each table is drawn from the
seed, so the same standings, meetings and seed always give the same tables.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping, Sequence

# How far apart (in tables) the last pass looks for a swap: farther would break the grouping
# by points that the Swiss system is for.
SWAP_REACH = 3
# The last pass stops after this many sweeps over the tables even if swaps still help.
MAX_SWEEPS = 8
# Where swaps leave repeats, a search for tables with fewer tries at most this many partial
# tables (a fraction of a second), so a round is paired in bounded time whatever the history.
SEARCH_BUDGET = 60_000

Met = Mapping[int, Mapping[int, int]]


def table_sizes(count: int, size: int, minimum: int) -> tuple[tuple[int, int], ...]:
    """For `count` players at tables of `size` (at least `minimum` seats): each table's number
    of people and of AI seats, the fullest tables first. As few tables as hold everyone, the
    people spread as evenly as they go."""
    if not 2 <= minimum <= size:
        raise ValueError(f"tables of {minimum} to {size} seats")
    if count < 1:
        return ()
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    people = [base + 1] * extra + [base] * (tables - extra)
    return tuple((p, max(0, minimum - p)) for p in people)


def repeats(player: int, table: Sequence[int], met: Met) -> int:
    """How many meetings `player` has already had with the people at `table`."""
    mine = met.get(player, {})
    return sum(mine.get(other, 0) for other in table)


def table_repeats(table: Sequence[int], met: Met) -> int:
    """The repeat meetings a table would make: every pair counted once per earlier meeting."""
    return sum(repeats(p, table[i + 1 :], met) for i, p in enumerate(table))


def pair_round(
    ranking: Sequence[int],
    met: Met,
    size: int,
    minimum: int,
    seed: str,
) -> tuple[tuple[int | None, ...], ...]:
    """The round's tables, table 1 first, each a tuple of seats in play order (None: an AI
    seat). `ranking`: the players to seat, best first; `met`: who already sat with whom and
    how many times (`games.league_table.meetings`); `seed` draws the seat order."""
    if len(set(ranking)) != len(ranking):
        raise ValueError("a player ranked twice")
    sizes = table_sizes(len(ranking), size, minimum)
    counts = [people for people, _ in sizes]
    tables = _fill(list(ranking), counts, met)
    _swap(tables, met)
    if sum(table_repeats(t, met) for t in tables):
        tables = _search(list(ranking), counts, met, tables)
    rng = random.Random(f"swiss:{seed}")
    seated = []
    for table, (_, ai) in zip(tables, sizes, strict=True):
        seats: list[int | None] = [*table, *([None] * ai)]
        rng.shuffle(seats)
        seated.append(tuple(seats))
    return tuple(seated)


def _fill(remaining: list[int], people: Sequence[int], met: Met) -> list[list[int]]:
    """Tables from the top of the ranking: each seat takes the best-ranked player left who
    meets nobody at the table again, else the one who would repeat least."""
    tables = []
    for count in people:
        table = [remaining.pop(0)]
        while len(table) < count:
            best, best_cost = 0, None
            for index, player in enumerate(remaining):
                cost = repeats(player, table, met)
                if best_cost is None or cost < best_cost:
                    best, best_cost = index, cost
                if cost == 0:
                    break
            table.append(remaining.pop(best))
        tables.append(table)
    return tables


def _swap(tables: list[list[int]], met: Met) -> None:
    """Swap players between tables at most `SWAP_REACH` apart while a swap lowers the repeat
    meetings of the two tables; the bottom tables, which the filling left the fewest choices,
    first."""
    for _ in range(MAX_SWEEPS):
        changed = False
        for t in range(len(tables) - 1, -1, -1):
            if table_repeats(tables[t], met) == 0:
                continue
            near = sorted(
                (u for u in range(len(tables)) if u != t and abs(u - t) <= SWAP_REACH),
                key=lambda u: (abs(u - t), u),
            )
            for u in near:
                if _best_swap(tables[t], tables[u], met):
                    changed = True
                    if table_repeats(tables[t], met) == 0:
                        break
        if not changed:
            return


def _best_swap(a: list[int], b: list[int], met: Met) -> bool:
    """Make the one swap of a player of `a` with one of `b` that lowers their repeats most;
    False when none lowers them."""
    before = table_repeats(a, met) + table_repeats(b, met)
    best = None
    for i in range(len(a)):
        for j in range(len(b)):
            a2 = [*a[:i], b[j], *a[i + 1 :]]
            b2 = [*b[:j], a[i], *b[j + 1 :]]
            after = table_repeats(a2, met) + table_repeats(b2, met)
            if after < before and (best is None or after < best[0]):
                best = (after, i, j)
    if best is None:
        return False
    _, i, j = best
    a[i], b[j] = b[j], a[i]
    return True


class _OutOfBudget(Exception):
    pass


def _search(
    ranking: list[int], counts: Sequence[int], met: Met, found: list[list[int]]
) -> list[list[int]]:
    """Tables with fewer repeats than `found`, searched depth first in ranking order (each
    table led by the best-ranked player left, its other seats tried cheapest first, then by
    rank), within `SEARCH_BUDGET` steps; `found` when the search finds nothing better."""
    best = [sum(table_repeats(t, met) for t in found), found]
    nodes = [0]
    rank = {player: index for index, player in enumerate(ranking)}

    def deeper(left: list[int], done: list[list[int]], table: list[int], cost: int) -> None:
        nodes[0] += 1
        if nodes[0] > SEARCH_BUDGET:
            raise _OutOfBudget
        if len(table) == counts[len(done)]:
            done = [*done, table]
            if len(done) == len(counts):
                best[:] = [cost, done]
                return
            deeper(left[1:], done, [left[0]], cost)
            return
        last = rank[table[-1]] if len(table) > 1 else -1
        options = sorted((repeats(p, table, met), rank[p], p) for p in left if rank[p] > last)
        for extra, _, player in options:
            if cost + extra >= best[0]:
                break
            deeper([p for p in left if p != player], done, [*table, player], cost + extra)
            if best[0] == 0:
                return

    with contextlib.suppress(_OutOfBudget):
        deeper(ranking[1:], [], [ranking[0]], 0)
    return best[1]
