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

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    unit = math.lcm(*range(1, len(scale) + 1))
    return tuple(Fraction(u, unit) for u in _place_units(places, scale, unit))


def _place_units(places: Sequence[int], scale: Sequence[int], unit: int) -> list[int]:
    """`place_points` in whole units of 1/`unit` (`unit` divisible by every count of players
    who may share a place)."""
    n = len(places)
    if not 1 <= n <= len(scale):
        raise ValueError(f"a table of {n} seats on a scale of {len(scale)} places")
    values = scale[len(scale) - n :]
    order = sorted(range(n), key=lambda seat: places[seat])
    units = [0] * n
    start = 0
    while start < n:
        end = start
        while end + 1 < n and places[order[end + 1]] == places[order[start]]:
            end += 1
        share = sum(values[start : end + 1]) * unit // (end - start + 1)
        for k in range(start, end + 1):
            units[order[k]] = share
        start = end + 1
    return units


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
    (None when unknown). Points are kept in whole units of 1/`unit` and read as fractions."""

    player: int
    rank: int
    games: int
    rating: float | None
    point_units: int
    opponent_units: int
    unit: int
    score_sum: float

    @property
    def points(self) -> Fraction:
        return Fraction(self.point_units, self.unit)

    @property
    def opponents_points(self) -> Fraction:
        return Fraction(self.opponent_units, self.unit)

    @property
    def average_score(self) -> Fraction | None:
        return Fraction(self.score_sum) / self.games if self.games else None


class LeagueTable:
    """A league's standings kept up to date game by game: `add` a table that ended, read
    `standings`. Adding every game of a league in any order gives the same standings as adding
    them in another (the sums are exact), so a table built again from the stored games equals
    the one kept along the season.

    A season of a thousand members is read again after every game: points are summed as whole
    units of 1/`unit` (a share of a place among at most len(scale) players is a whole number of
    them), and each member's opponents' points are updated when the points of somebody they met
    change, so a game costs the work of its own players and `standings` is one sort."""

    def __init__(self, members: Iterable[int], scale: Sequence[int]) -> None:
        self.scale = tuple(scale)
        self.unit = math.lcm(*range(1, len(self.scale) + 1))
        self.members = sorted(set(members))
        known = set(self.members)
        self.points: dict[int, int] = {}
        self.games = dict.fromkeys(known, 0)
        self.scores: dict[int, float] = dict.fromkeys(known, 0)
        self.opponents = dict.fromkeys(known, 0)
        # player -> everybody they met, once per meeting (AI seats left out)
        self.met: dict[int, list[int]] = {}

    def add(self, game: TableGame) -> None:
        earned = _place_units(game.places, self.scale, self.unit)
        people = [(seat, p) for seat, p in enumerate(game.players) if p is not None]
        for seat, player in people:
            gain = earned[seat]
            self.points[player] = self.points.get(player, 0) + gain
            for other in self.met.get(player, ()):
                if other in self.opponents:
                    self.opponents[other] += gain
        for seat, player in people:
            others = [p for _, p in people if p != player]
            self.met.setdefault(player, []).extend(others)
            if player in self.games:
                self.games[player] += 1
                self.scores[player] += game.scores[seat]
                self.opponents[player] += sum(self.points.get(o, 0) for o in others)

    def standings(self, ratings: Mapping[int, float] | None = None) -> tuple[Standing, ...]:
        """Every member's line, best first."""
        ratings = ratings or {}
        keyed = []
        for m in self.members:
            games = self.games[m]
            rating = ratings.get(m)
            # Plain numbers compare fast; an average of whole scores over at most a few
            # hundred games is told apart exactly by a float.
            key = (
                -self.points.get(m, 0),
                -self.opponents[m],
                -(self.scores[m] / games) if games else math.inf,
                -rating if rating is not None else math.inf,
            )
            keyed.append((key, m, rating))
        keyed.sort()
        ranked: list[Standing] = []
        for index, (key, m, rating) in enumerate(keyed):
            tied = index and key == keyed[index - 1][0]
            ranked.append(
                Standing(
                    player=m,
                    rank=ranked[-1].rank if tied else index + 1,
                    games=self.games[m],
                    rating=rating,
                    point_units=self.points.get(m, 0),
                    opponent_units=self.opponents[m],
                    unit=self.unit,
                    score_sum=self.scores[m],
                )
            )
        return tuple(ranked)


def standings(
    members: Iterable[int],
    played: Iterable[TableGame],
    scale: Sequence[int],
    ratings: Mapping[int, float] | None = None,
) -> tuple[Standing, ...]:
    """Every member's line, best first. A player seated in a game but not among `members` is
    counted for their opponents and left out of the table."""
    table = LeagueTable(members, scale)
    for game in played:
        table.add(game)
    return table.standings(ratings)


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
