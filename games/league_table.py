"""A league's standings from its games' results: pure, no I/O.

A league game earns each person seated in it league points by their place (Board Game Arena's
scale by default: 2 points per player beaten at a full table, e.g. 6, 4, 2, 0 at four). A table
smaller than the league's size uses the lowest values of the scale, so nobody gains from sitting
at a small table; players who share a place share the values of the places they cover. An AI
seat takes its place but earns nobody points.

Players are ranked by points, then by their opponents' points (the sum of the league points of
every person they met, once per meeting), then by their average score, then by their rating;
players equal on all four share a rank, and the order among them is by id so that the same games
always give the same table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction


def default_points(table_size: int) -> tuple[int, ...]:
    """Board Game Arena's points per place for a table of `table_size`: 2 per player beaten."""
    if not 2 <= table_size <= 16:
        raise ValueError(f"a table of {table_size} players is not played")
    return tuple(2 * (table_size - place) for place in range(1, table_size + 1))


def check_points(points: Sequence[int], table_size: int) -> tuple[int, ...]:
    """`points` as a league's scale for tables of `table_size`: one value per place, never
    rising from one place to the next, none negative. Raises ValueError otherwise."""
    points = tuple(points)
    if len(points) != table_size:
        raise ValueError(f"{len(points)} values for {table_size} places")
    if any(p < 0 for p in points) or any(a < b for a, b in zip(points, points[1:], strict=False)):
        raise ValueError("points must not rise from one place to the next, nor be negative")
    return points


def place_points(places: Sequence[int], scale: Sequence[int]) -> tuple[Fraction, ...]:
    """The league points of each seat of a game that ended with `places` (1 = first, shared
    places repeated), on the league's `scale`. A table of fewer seats than the scale uses its
    lowest values; seats sharing a place share the values of the places they cover."""
    n = len(places)
    if not 1 <= n <= len(scale):
        raise ValueError(f"a table of {n} seats on a scale of {len(scale)} places")
    values = scale[len(scale) - n :]
    order = sorted(range(n), key=lambda seat: places[seat])
    points = [Fraction(0)] * n
    start = 0
    while start < n:
        end = start
        while end + 1 < n and places[order[end + 1]] == places[order[start]]:
            end += 1
        share = Fraction(sum(values[start : end + 1]), end - start + 1)
        for k in range(start, end + 1):
            points[order[k]] = share
        start = end + 1
    return tuple(points)


@dataclass(frozen=True)
class TableGame:
    """One league table that ended: who sat where (None: an AI seat), each seat's place and
    score in seat order."""

    players: tuple[int | None, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]


@dataclass(frozen=True)
class Standing:
    """One player's line: rank (shared by players equal on every tie-break), league points,
    games played, opponents' points, average score (None before their first game), rating
    (None when unknown)."""

    player: int
    rank: int
    points: Fraction
    games: int
    opponents_points: Fraction
    average_score: Fraction | None
    rating: float | None

    def key(self) -> tuple:
        """What ranks the line: bigger is better, the id last (smaller first)."""
        avg = self.average_score if self.average_score is not None else Fraction(-(10**9))
        rating = self.rating if self.rating is not None else float("-inf")
        return (-self.points, -self.opponents_points, -avg, -rating)


def standings(
    members: Iterable[int],
    played: Iterable[TableGame],
    scale: Sequence[int],
    ratings: Mapping[int, float] | None = None,
) -> tuple[Standing, ...]:
    """Every member's line, best first. A player seated in a game but not among `members` is
    counted for their opponents and left out of the table."""
    ratings = ratings or {}
    played = list(played)
    members = sorted(set(members))
    points: dict[int, Fraction] = {m: Fraction(0) for m in members}
    games: dict[int, int] = {m: 0 for m in members}
    score_sum: dict[int, Fraction] = {m: Fraction(0) for m in members}
    met: dict[int, list[int]] = {m: [] for m in members}
    for game in played:
        earned = place_points(game.places, scale)
        for seat, player in enumerate(game.players):
            if player is None:
                continue
            points[player] = points.get(player, Fraction(0)) + earned[seat]
            if player in games:
                games[player] += 1
                score_sum[player] += Fraction(game.scores[seat])
                met[player].extend(p for p in game.players if p is not None and p != player)
    lines = [
        Standing(
            player=m,
            rank=0,
            points=points[m],
            games=games[m],
            opponents_points=sum((points.get(o, Fraction(0)) for o in met[m]), Fraction(0)),
            average_score=score_sum[m] / games[m] if games[m] else None,
            rating=ratings.get(m),
        )
        for m in members
    ]
    lines.sort(key=lambda line: (line.key(), line.player))
    ranked = []
    for index, line in enumerate(lines):
        tied = index and line.key() == lines[index - 1].key()
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(replace(line, rank=rank))
    return tuple(ranked)


def winners(table: Sequence[Standing]) -> tuple[int, ...]:
    """The players ranked first (several when they are equal on every tie-break)."""
    return tuple(line.player for line in table if line.rank == 1 and line.games)


def meetings(played: Iterable[TableGame]) -> dict[int, dict[int, int]]:
    """Player -> the people they sat with -> how many times (AI seats left out)."""
    met: dict[int, dict[int, int]] = {}
    for game in played:
        people = [p for p in game.players if p is not None]
        for player in people:
            mine = met.setdefault(player, {})
            for other in people:
                if other != player:
                    mine[other] = mine.get(other, 0) + 1
    return met
