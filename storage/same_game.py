"""Is an export already stored? The same game imported twice would be counted twice: in the
history, the statistics, the leaderboard and the ratings of its server."""

from __future__ import annotations

from typing import Any

from .errors import AlreadyStored
from .exchange import named

# A game is the same when its server, kind, seed, seats and log are: the seed is 128 random
# bits, so no two games the bot dealt share one, and the log says everything played since.
_CANDIDATES = (
    "SELECT g.id FROM seats AS s JOIN games AS g ON g.id = s.game_id"
    " WHERE s.user_id = ? AND s.seat = 0 AND g.guild_id = ? AND g.kind = ? AND g.seed = ?"
    " ORDER BY g.id"
)


async def refuse_a_stored_copy(db: Any, data: dict[str, Any], guild_id: int) -> None:
    """Raise `AlreadyStored` naming the stored game when `data` (a checked export going to the
    server `guild_id`) is one. Run inside the import's write transaction, so of two imports of
    one file, the second sees the first."""
    if data["seed"] is None:
        return  # a lobby: no play, nothing counted, and nothing that tells two apart
    seats = [(s["seat"], s["user_id"]) for s in data["seats"]]
    log = [(a["seq"], a["seat"], a["code"]) for a in data["actions"]]
    found = await db.fetchall(_CANDIDATES, (seats[0][1], guild_id, data["kind"], str(data["seed"])))
    for (game_id,) in found:
        stored_seats = await db.fetchall(
            "SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        if [tuple(r) for r in stored_seats] != seats:
            continue
        stored_log = await db.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        if [tuple(r) for r in stored_log] == log:
            raise AlreadyStored(
                f"Cannot import {named(data)}: it is already stored as game {game_id} (same"
                " server, game, seed, seats and moves); nothing was written.",
                game_id,
            )
