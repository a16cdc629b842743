"""The queue of game reviews (ai.review): a game is queued in the transaction that ends it, one
process at a time claims it, each decision's analysis is saved as it is made, and the whole
review is stored as JSON at the end.

A review keeps the method (`ai.review.method`) its first saved decision was analysed with (one
begun before the column: the first method saved after it), and its claim hands it back: a
process that resumes it after an upgrade finishes it as it began, rather than judging its later
decisions otherwise under one stored method.

A claim has an owner and a lease (`until`, POSIX seconds): the owner renews it as it saves, and
a claim whose lease ran out (its process died) is taken again by the next `claim_review`, which
resumes after the last saved decision. Any process may claim any game: in a sharded deployment
the one that claims first reviews it, once.

    await claim_review(store, owner="host:pid", now=t, lease=600.0) -> Claimed | None
    await save_review_progress(store, game_id, owner, step, analysis, total, until,
                               method=how) -> bool
    await finish_review(store, game_id, owner, result) -> bool
    await review(store, game_id) -> ReviewStatus  # "none", "queued", "running", "done"
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .backends.steps import Execute, Query, Steps

STATUSES = ("none", "queued", "running", "done")


@dataclass(frozen=True, slots=True)
class ReviewStatus:
    """Where a game's review stands: `done` decisions analysed of `total` (None until a
    process counted them); `result` is the review's JSON once `status` is "done"."""

    status: str
    done: int = 0
    total: int | None = None
    result: dict | None = None


@dataclass(frozen=True, slots=True)
class Claimed:
    """A review this process holds: the game's log to rebuild it, the analyses saved so far
    (decision 0, 1, ... in order) and the method they were made with (None: none saved with
    one yet)."""

    game_id: int
    kind: str
    players: int
    seed: int
    options: dict
    actions: list[tuple[int, str]]
    analysed: list[dict] = field(default_factory=list)
    total: int | None = None
    method: dict | None = None


def queue_review_steps(game_id: int) -> Steps:
    """Queue the review of a game whose `results` row is written (in the caller's transaction);
    a game queued already stays as it is."""
    yield Execute(
        "INSERT INTO reviews (game_id, queued_at) SELECT game_id, ended_at FROM results"
        " WHERE game_id = ? ON CONFLICT (game_id) DO NOTHING",
        (game_id,),
    )


async def queue_review(store: Any, game_id: int) -> bool:
    """Queue an ended game's review (one that ended before reviews were kept); False if it has
    not ended or is queued already."""

    def steps():
        before = yield Query("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,))
        yield from queue_review_steps(game_id)
        after = yield Query("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,))
        return bool(after) and not before

    return await store.transaction(steps())


async def claim_review(
    store: Any, owner: str, now: float, lease: float, practice_only: bool = False
) -> Claimed | None:
    """Take the oldest review not done and not held by a live claim (or held by `owner`), for
    `owner` until `now + lease`; None when there is none. `practice_only`: only the reviews of
    practice games (the others stay queued, for a deployment that turns every review on)."""
    which = (
        " AND game_id IN (SELECT id FROM games WHERE mode = 'practice')" if practice_only else ""
    )

    def steps():
        for _ in range(5):  # another process may take the one seen first: look again
            rows = yield Query(
                "SELECT game_id FROM reviews WHERE finished_at IS NULL"
                " AND (owner IS NULL OR until <= ? OR owner = ?)"
                + which
                + " ORDER BY queued_at, game_id LIMIT 1",
                (now, owner),
            )
            if not rows:
                return None
            game_id = rows[0][0]
            changed = yield Execute(
                "UPDATE reviews SET owner = ?, until = ? WHERE game_id = ?"
                " AND finished_at IS NULL AND (owner IS NULL OR until <= ? OR owner = ?)",
                (owner, now + lease, game_id, now, owner),
            )
            if changed == 1:
                return (yield from _claimed(game_id))
        return None

    return await store.transaction(steps())


def _claimed(game_id: int) -> Steps:
    (kind, options, seed, players, total, method) = (
        yield Query(
            "SELECT g.kind, g.options, g.seed, (SELECT count(*) FROM seats WHERE game_id = g.id),"
            " r.total, r.method FROM games AS g JOIN reviews AS r ON r.game_id = g.id"
            " WHERE g.id = ?",
            (game_id,),
        )
    )[0]
    actions = yield Query(
        "SELECT seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    saved = yield Query(
        "SELECT step, analysis FROM review_steps WHERE game_id = ? ORDER BY step", (game_id,)
    )
    analysed = []
    for step, text in saved:
        if step != len(analysed):
            break  # only an unbroken run from the first decision is kept
        analysed.append(json.loads(text))
    return Claimed(
        game_id,
        kind,
        players,
        0 if seed is None else int(seed),
        json.loads(options),
        [(int(s), str(c)) for s, c in actions],
        analysed,
        total,
        None if method is None else json.loads(method),
    )


async def save_review_progress(
    store: Any,
    game_id: int,
    owner: str,
    step: int,
    analysis: dict,
    total: int,
    until: float,
    method: dict | None = None,
) -> bool:
    """Save the analysis of decision `step` (0-based) of `total`, made with `method`, and renew
    the claim until `until`; False (nothing saved) if `owner` no longer holds the claim. The
    review's method is the first one saved: a later one does not replace it."""
    as_text = None if method is None else json.dumps(method, separators=(",", ":"))

    def steps():
        changed = yield Execute(
            "UPDATE reviews SET until = ?, total = ?, method = COALESCE(method, ?)"
            " WHERE game_id = ? AND owner = ? AND finished_at IS NULL",
            (until, total, as_text, game_id, owner),
        )
        if changed != 1:
            return False
        yield Execute(
            "INSERT INTO review_steps (game_id, step, analysis) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, step) DO NOTHING",
            (game_id, step, json.dumps(analysis, separators=(",", ":"))),
        )
        return True

    return await store.transaction(steps())


async def finish_review(store: Any, game_id: int, owner: str, result: dict, at: str) -> bool:
    """Store the finished review (its JSON) and drop the saved steps, which it holds; False if
    `owner` no longer holds the claim."""

    def steps():
        changed = yield Execute(
            "UPDATE reviews SET result = ?, finished_at = ?, total = ?, owner = NULL,"
            " until = NULL WHERE game_id = ? AND owner = ? AND finished_at IS NULL",
            (json.dumps(result, separators=(",", ":")), at, result["total"], game_id, owner),
        )
        if changed != 1:
            return False
        yield Execute("DELETE FROM review_steps WHERE game_id = ?", (game_id,))
        return True

    return await store.transaction(steps())


async def release_review(store: Any, owner: str) -> None:
    """Give back the claims of `owner` (the process stops): the next claim resumes them at
    once."""

    def steps():
        yield Execute(
            "UPDATE reviews SET owner = NULL, until = NULL WHERE owner = ? AND finished_at IS NULL",
            (owner,),
        )

    await store.transaction(steps())


async def review(store: Any, game_id: int, now: float | None = None) -> ReviewStatus:
    """Where the review of `game_id` stands. "running" needs a live claim at `now` (any claim
    when `now` is None); an expired claim is "queued" again."""
    rows = await store.read(
        "SELECT r.owner, r.until, r.total, r.result,"
        " (SELECT count(*) FROM review_steps WHERE game_id = r.game_id)"
        " FROM reviews AS r WHERE r.game_id = ?",
        (game_id,),
    )
    if not rows:
        return ReviewStatus("none")
    owner, until, total, result, done = rows[0]
    if result is not None:
        data = json.loads(result)
        return ReviewStatus("done", data["total"], data["total"], data)
    live = owner is not None and (now is None or (until is not None and until > now))
    return ReviewStatus("running" if live else "queued", done, total)


async def pending_reviews(store: Any) -> int:
    """How many reviews are not done."""
    rows = await store.read("SELECT count(*) FROM reviews WHERE finished_at IS NULL")
    return rows[0][0]


__all__ = [
    "STATUSES",
    "Claimed",
    "ReviewStatus",
    "claim_review",
    "finish_review",
    "pending_reviews",
    "queue_review",
    "queue_review_steps",
    "release_review",
    "review",
    "save_review_progress",
]
