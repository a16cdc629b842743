"""What stays of a game once it has ended: its ending, each seat's placing, and the ratings.

`record_end(game_id)` runs inside the transaction that stores a game's result (the final move,
a vote to end, a resignation, abandon, an import), so a game is never over without its history,
nor rated twice. Its functions are steps (`backends.steps`): the same body runs on SQLite in the
connection's thread and on PostgreSQL statement by statement, within the caller's transaction.
Endings are numbered (`seq`) in the order they were written: ratings are replayed in that order
by `rebuild`, which gives the same numbers.
Abandoned games are kept in the history but not rated, nor are games at tables that offered
hints; practice games are kept out of it.
"""

from __future__ import annotations

import json

from .backends.steps import Execute, ExecuteMany, Query, Serialise, Steps
from .ratings import Rating, identity, update
from .records import PRACTICE, RATED
from .reviews import queue_review_steps

RATED_HOWS = ("finished", "ended", "resigned")


def opening(kind: str, log: list[tuple[int, str]], seat: int) -> str | None:
    """The seat's opening as catalogue keys joined by "+": in Santiago de Cuba the building its
    pawn first went to, in Havana its two first picked cards. Undo entries take back the seat's
    latest decision, so they are honoured."""
    taken: list[str] = []
    for who, code in log:
        if who != seat:
            continue
        if code == "undo":
            if taken:
                taken.pop()
            continue
        taken.append(code)
    if kind == "santiago":
        first = next((c for c in taken if c.startswith("pawn:")), None)
        return None if first is None else "santiago.building." + first.removeprefix("pawn:")
    if kind == "havana":
        picks = sorted(c.removeprefix("pick:") for c in taken if c.startswith("pick:"))[:2]
        return "+".join("havana.card." + p for p in picks) or None
    return None


def _facts(game_id: int, modes: bool = True, leagues: bool = True) -> Steps:
    """(ending columns but `seq`, placing rows but `seq`) of an ended game, read from its game,
    seats, log and stored result; None when the result cannot be read. `modes`: the games
    table has its `mode` (not while an older migration backfills the history). `leagues`: the
    leagues' tables exist (a table of a league played unrated is not rated)."""
    mode_column = "g.mode" if modes else f"'{RATED}'"
    rows = yield Query(
        "SELECT g.guild_id, g.channel_id, g.kind, g.status, g.version, g.created_at,"
        f" r.ended_at, r.how, r.result, {mode_column} FROM games AS g"
        " JOIN results AS r ON r.game_id = g.id WHERE g.id = ?",
        (game_id,),
    )
    if not rows:
        return None
    row = rows[0]
    guild_id, channel_id, kind, status, version, created_at, ended_at, how, result_json = row[:9]
    mode = row[9]
    try:
        result = json.loads(result_json)
        places, scores = list(result["places"]), list(result["scores"])
    except (ValueError, TypeError, KeyError):
        return None  # a result that cannot be read is left to `python -m storage verify`
    seats = yield Query(
        "SELECT seat, user_id, controller FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    if len(seats) != len(places) or len(seats) != len(scores):
        return None
    log = yield Query(
        "SELECT seat, code, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    moves = [(s, c) for s, c, _ in log]
    rated = status == "finished" and how in RATED_HOWS and len(seats) >= 2 and mode == RATED
    if rated and leagues:
        unrated = yield Query(
            "SELECT 1 FROM league_tables AS t JOIN leagues AS l ON l.id = t.league_id"
            " WHERE t.game_id = ? AND l.rated = 0",
            (game_id,),
        )
        rated = not unrated
    ending = (
        game_id,
        guild_id,
        channel_id,
        kind,
        log[0][2] if log else created_at,
        ended_at,
        how,
        version,
        len(seats),
        int(rated),
    )
    placings = [
        (
            game_id,
            seat,
            guild_id,
            kind,
            identity(user_id, controller),
            places[seat],
            scores[seat],
            opening(kind, moves, seat),
        )
        for seat, user_id, controller in seats
    ]
    return ending, placings


def _write_placings(seq: int, placings) -> ExecuteMany:
    return ExecuteMany(
        "INSERT INTO placings (game_id, seat, guild_id, kind, player, place, score, opening, seq)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(*p, seq) for p in placings],
    )


def record_end(game_id: int, review: bool = True, modes: bool = True) -> Steps:
    """Write the ending and placings of a game whose `results` row was just written, rate it
    unless it was abandoned, unrated or a table of an unrated league, and queue its review
    (`review`: False only for the history's backfill, when neither reviews nor leagues exist
    yet). A practice game leaves no ending (the server's history, stats and ratings never see
    it) but is reviewed for its learner. Runs in the caller's transaction (`modes`: as in
    `_facts`)."""
    found = (yield Query("SELECT mode FROM games WHERE id = ?", (game_id,))) if modes else []
    if found and found[0][0] == PRACTICE:
        if review:
            yield from queue_review_steps(game_id)
        return
    # The next `seq` and the players' ratings are read, then written: no other ending between.
    yield Serialise()
    facts = yield from _facts(game_id, modes, leagues=review)
    if facts is None:
        return
    ending, placings = facts
    (seq,) = (yield Query("SELECT coalesce(max(seq), 0) + 1 FROM endings"))[0]
    yield Execute(
        "INSERT INTO endings (game_id, guild_id, channel_id, kind, started_at, ended_at, how,"
        " moves, players, rated, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (*ending, seq),
    )
    yield _write_placings(seq, placings)
    if ending[-1]:
        yield from rate(game_id)
    if review:
        yield from queue_review_steps(game_id)


def rate(game_id: int) -> Steps:
    """Update the ratings of the players of one ended game from its placings, and note each
    player's rating after it on their placing (the points of the rating chart)."""
    placed = yield Query(
        "SELECT seat, guild_id, kind, player, place FROM placings WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    if not placed:
        return
    guild_id, kind = placed[0][1], placed[0][2]
    players = sorted({p[3] for p in placed})
    marks = ", ".join("?" * len(players))
    found = yield Query(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND player IN ({marks})",
        (guild_id, kind, *players),
    )
    before = {player: Rating(mu, sigma, games) for player, mu, sigma, games in found}
    after = update([(p[3], p[4]) for p in placed], before)
    yield ExecuteMany(
        "INSERT INTO ratings (guild_id, kind, player, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, kind, player) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, games = excluded.games",
        [(guild_id, kind, player, r.mu, r.sigma, r.games) for player, r in after.items()],
    )
    yield ExecuteMany(
        "UPDATE placings SET mu = ?, sigma = ? WHERE game_id = ? AND seat = ?",
        [(after[p[3]].mu, after[p[3]].sigma, game_id, p[0]) for p in placed],
    )


def rebuild() -> Steps:
    """Every placing and rating again from the stored results, in the order the games ended
    (the caller holds a write transaction). Returns the number of games rated."""
    yield Execute("DELETE FROM ratings")
    rated = 0
    for game_id, seq in (yield Query("SELECT game_id, seq FROM endings ORDER BY seq")):
        facts = yield from _facts(game_id)
        if facts is None:
            continue
        ending, placings = facts
        yield Execute("DELETE FROM placings WHERE game_id = ?", (game_id,))
        yield Execute("UPDATE endings SET rated = ? WHERE game_id = ?", (ending[-1], game_id))
        yield _write_placings(seq, placings)
        if ending[-1]:
            yield from rate(game_id)
            rated += 1
    return rated


def backfill() -> Steps:
    """The history of the games that ended before it was kept, in the order they ended."""
    ended = yield Query(
        "SELECT r.game_id FROM results AS r JOIN games AS g ON g.id = r.game_id"
        " ORDER BY r.ended_at, r.game_id"
    )
    for (game_id,) in ended:
        # Before the reviews were kept: their table may not exist yet.
        yield from record_end(game_id, review=False, modes=False)
