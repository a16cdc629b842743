"""Seeded example games for the demo pictures, the golden tests and the benchmark.

A game is advanced by seeded random legal actions through the engine contract only (`new`,
`pending`, `legal_codes`, `apply`), so the same arguments always reach the same state.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import games

# Names in four scripts (and an emoji), so the demo and golden pictures show the font fallback.
NAMES = ("Łukasz", "王小明", "محمد 🎲", "अनीता")
DEMO_STEPS = {"santiago": 150, "havana": 45}
MAX_STEPS = 20_000


def play(
    kind: str,
    players: int,
    seed: int,
    steps: int | None,
    options: dict | None = None,
    log: list[tuple[int, str]] | None = None,
) -> Any:
    """The state after `steps` random legal actions (None: play until the game is over); each
    action taken is appended to `log` as (seat, code) when one is given."""
    game = games.get(kind)
    state = game.new(players, seed, options or {})
    rng = random.Random(seed)
    limit = MAX_STEPS if steps is None else steps
    for _ in range(limit):
        pending = game.pending(state)
        if not pending:
            break
        decision = pending[rng.randrange(len(pending))]
        codes = game.legal_codes(state, decision.seat)
        code = codes[rng.randrange(len(codes))]
        state, _events = game.apply(state, decision.seat, code)
        if log is not None:
            log.append((decision.seat, code))
    return state


def write_demo(out: Path, seed: int = 7) -> list[Path]:
    """Write the five demo pictures into `out`; return their paths."""
    from . import board_png, final_scores_png, screen_png

    out.mkdir(parents=True, exist_ok=True)
    written = []

    def save(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    for kind, players in (("santiago", 3), ("havana", 4)):
        game = games.get(kind)
        state = play(kind, players, seed, DEMO_STEPS[kind])
        names = NAMES[:players]
        save(f"{kind}-board.png", board_png(game.public_view(state), names))
        seat = game.pending(state)[0].seat if game.pending(state) else 0
        save(f"{kind}-screen.png", screen_png(game.player_view(state, seat), names))
    game = games.get("santiago")
    log: list[tuple[int, str]] = []
    finished = play("santiago", 4, seed, None, log=log)
    series = games.vp_series(games.Replay("santiago", 4, seed, {}, log))
    save("final-scores.png", final_scores_png("santiago", game.result(finished), NAMES, series))
    return written
