"""Reading the history of a server: ended games page by page, one member's statistics, the
rating chart's points and the leaderboard. Every query names its server and runs on an index
(see migration 7), so a server with 100,000 games answers as fast as one with ten.

Pages are keyset pages on the ending order (`seq`): "older than the last game shown" and "newer
than the first one", so a game that ends meanwhile shifts nothing on the pages being read.
"""

from __future__ import annotations

from dataclasses import dataclass

import games

from .ratings import LEADERBOARD_GAMES, Rating
from .store import Store

PAGE = 10


@dataclass(frozen=True, slots=True)
class Placing:
    seat: int
    name: str
    user_id: int
    controller: str
    player: str
    place: int
    score: int


@dataclass(frozen=True, slots=True)
class Ending:
    game_id: int
    seq: int
    channel_id: int
    kind: str
    started_at: str
    ended_at: str
    how: str
    moves: int
    rated: bool
    placings: tuple[Placing, ...] = ()


@dataclass(frozen=True, slots=True)
class Page:
    endings: tuple[Ending, ...]
    total: int  # games matching the filters
    newer: int  # games matching the filters newer than this page


@dataclass(frozen=True, slots=True)
class KindStats:
    """One member's figures in one game of one server."""

    kind: str
    games: int
    wins: int
    average_place: float
    average_score: float
    best_game: int
    best_score: int
    favourite_opening: str | None
    rating: Rating | None


_ENDING = (
    "e.game_id, e.seq, e.channel_id, e.kind, e.started_at, e.ended_at, e.how, e.moves, e.rated"
)


def _filters(guild_id: int, player: str | None, kind: str | None) -> tuple[str, str, list]:
    """FROM and WHERE of the endings matching the filters, each on its own index."""
    if player is None:
        where, args = "e.guild_id = ?", [guild_id]
        if kind is not None:
            where, args = where + " AND e.kind = ?", [*args, kind]
        return "endings AS e", where, args
    where, args = "p.guild_id = ? AND p.player = ?", [guild_id, player]
    if kind is not None:
        where, args = where + " AND p.kind = ?", [*args, kind]
    return "placings AS p JOIN endings AS e ON e.game_id = p.game_id", where, args


def _seq(player: str | None) -> str:
    return "e.seq" if player is None else "p.seq"


async def page(
    store: Store,
    guild_id: int,
    *,
    player: str | None = None,
    kind: str | None = None,
    older_than: int | None = None,
    newer_than: int | None = None,
    size: int = PAGE,
) -> Page:
    """A page of the server's ended games, newest first: the newest ones, or those just older
    or newer than an ending (`seq`) of the page shown before."""
    source, where, args = _filters(guild_id, player, kind)
    seq = _seq(player)
    if newer_than is not None:
        rows = await store.read(
            f"SELECT {_ENDING} FROM {source} WHERE {where} AND {seq} > ? ORDER BY {seq} LIMIT ?",
            (*args, newer_than, size),
        )
        rows = rows[::-1]
        if len(rows) < size:  # reached the newest: show a full first page
            return await page(store, guild_id, player=player, kind=kind, size=size)
    else:
        limit = "" if older_than is None else f" AND {seq} < ?"
        extra = [] if older_than is None else [older_than]
        rows = await store.read(
            f"SELECT {_ENDING} FROM {source} WHERE {where}{limit} ORDER BY {seq} DESC LIMIT ?",
            (*args, *extra, size),
        )
    total = (await store.read(f"SELECT count(*) FROM {source} WHERE {where}", tuple(args)))[0][0]
    newer = 0
    if rows:
        newer = (
            await store.read(
                f"SELECT count(*) FROM {source} WHERE {where} AND {seq} > ?",
                (*args, rows[0][1]),
            )
        )[0][0]
    return Page(await _with_placings(store, rows), total, newer)


async def _with_placings(store: Store, rows) -> tuple[Ending, ...]:
    if not rows:
        return ()
    ids = [r[0] for r in rows]
    marks = ", ".join("?" * len(ids))
    found = await store.read(
        "SELECT p.game_id, p.seat, s.name, s.user_id, s.controller, p.player, p.place, p.score"
        " FROM placings AS p JOIN seats AS s ON s.game_id = p.game_id AND s.seat = p.seat"
        f" WHERE p.game_id IN ({marks}) ORDER BY p.game_id, p.place, p.seat",
        tuple(ids),
    )
    by_game: dict[int, list[Placing]] = {}
    for game_id, *rest in found:
        by_game.setdefault(game_id, []).append(Placing(*rest))
    return tuple(Ending(*r[:8], bool(r[8]), tuple(by_game.get(r[0], ()))) for r in rows)


async def ending(store: Store, game_id: int) -> Ending | None:
    rows = await store.read(f"SELECT {_ENDING} FROM endings AS e WHERE e.game_id = ?", (game_id,))
    found = await _with_placings(store, rows)
    return found[0] if found else None


async def last_in_channel(store: Store, guild_id: int, channel_id: int) -> int | None:
    """The game that ended last in a channel (of that server), if any."""
    rows = await store.read(
        "SELECT game_id FROM endings WHERE channel_id = ? AND guild_id = ?"
        " ORDER BY seq DESC LIMIT 1",
        (channel_id, guild_id),
    )
    return rows[0][0] if rows else None


async def recent(store: Store, guild_id: int, count: int = 25, before: int | None = None):
    """The server's latest ended games with their players, for a list of choices."""
    return (await page(store, guild_id, older_than=before, size=count)).endings


async def stats(store: Store, guild_id: int, player: str) -> list[KindStats]:
    """One member's figures per game in a server (the games they have played there)."""
    # Every game of the registry: the list lets the index on (guild, player, kind) serve it.
    kinds = ", ".join("?" * len(games.names()))
    sums = await store.read(
        "SELECT kind, count(*), count(CASE WHEN place = 1 THEN 1 END), avg(place), avg(score)"
        f" FROM placings WHERE guild_id = ? AND player = ? AND kind IN ({kinds}) GROUP BY kind",
        (guild_id, player, *games.names()),
    )
    out = []
    for kind, played, wins, average_place, average_score in sums:
        best = await store.read(
            "SELECT game_id, score FROM placings INDEXED BY placings_by_player_kind"
            " WHERE guild_id = ? AND player = ? AND kind = ? ORDER BY score DESC, seq DESC LIMIT 1",
            (guild_id, player, kind),
        )
        favourite = await store.read(
            "SELECT opening FROM placings INDEXED BY placings_by_player_kind"
            " WHERE guild_id = ? AND player = ? AND kind = ? AND opening IS NOT NULL"
            " GROUP BY opening ORDER BY count(*) DESC, max(seq) DESC LIMIT 1",
            (guild_id, player, kind),
        )
        rated = await store.read(
            "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? AND player = ?",
            (guild_id, kind, player),
        )
        out.append(
            KindStats(
                kind=kind,
                games=played,
                wins=wins,
                # PostgreSQL's avg of integers is a decimal.
                average_place=float(average_place),
                average_score=float(average_score),
                best_game=best[0][0],
                best_score=best[0][1],
                favourite_opening=favourite[0][0] if favourite else None,
                rating=Rating(*rated[0]) if rated else None,
            )
        )
    return out


async def rating_series(
    store: Store, guild_id: int, player: str, kind: str, points: int = 200
) -> list[tuple[float, float]]:
    """(mu, sigma) after each of the member's latest rated games in one game, oldest first."""
    rows = await store.read(
        "SELECT mu, sigma FROM placings INDEXED BY placings_by_player_kind"
        " WHERE guild_id = ? AND player = ? AND kind = ? AND mu IS NOT NULL"
        " ORDER BY seq DESC LIMIT ?",
        (guild_id, player, kind, points),
    )
    return [(mu, sigma) for mu, sigma in reversed(rows)]


async def leaderboard(
    store: Store, guild_id: int, kind: str, size: int = 10, least: int = LEADERBOARD_GAMES
) -> list[tuple[str, Rating]]:
    """The server's best in one game: at least `least` rated games, by conservative rating."""
    rows = await store.read(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?"
        " AND games >= ? ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT ?",
        (guild_id, kind, least, size),
    )
    return [(player, Rating(mu, sigma, games)) for player, mu, sigma, games in rows]


async def names(store: Store, guild_id: int, players: list[str]) -> dict[str, str]:
    """The latest seat name each person played under in this server (for a leaderboard)."""
    found: dict[str, str] = {}
    for player in players:
        if not player.startswith("user:"):
            continue
        rows = await store.read(
            "SELECT s.name FROM placings AS p JOIN seats AS s"
            " ON s.game_id = p.game_id AND s.seat = p.seat"
            " WHERE p.guild_id = ? AND p.player = ? ORDER BY p.seq DESC LIMIT 1",
            (guild_id, player),
        )
        if rows:
            found[player] = rows[0][0]
    return found
