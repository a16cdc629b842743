"""Hints and reasons: the best choices for a seat, and why, from what the seat can know.

    found = hints("havana", state, seat, seed=s)        # the three best codes, best first
    why = reason("havana", state, seat, code, seed=s)   # why a code was chosen

Both read the state only through the seat's determinized samples (`Model.determinize`: the other
screens, hands and picks, the deck and the future dice drawn from the seed, never read), so twin
states that differ only in what the seat cannot see give the same answer for the same seed; the
caller seeds them from public facts (the game, its version, the seat).

Each candidate code is played in every sample and the game is played on by the greedy player for
every seat for `horizon` decisions (as the review does): its win chance is the mean win share
(the exact one if the game ends, else the evaluation's margin squashed), in percentage points.
Its reason is the largest of the evaluation's own terms, averaged over the samples: the VP it
scores now (`points`), what it adds to the seat's goods, pesos and the rest (`stock`: the
evaluation less the VP), what it sets up (`setup`: the margin the play after it reaches, less
the margin right after it) and what it denies another seat (`deny`: how much that seat's
evaluation drops); `steady` when none is positive. Worth is in VP.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .models import MODELS, Model, margin, win_values
from .policies import greedy_code

SAMPLES = 6
HORIZON = 24
MAX_CANDIDATES = 6
TOP = 3
# How many worlds a reason may draw for each one it keeps (see `reason`).
DRAWS_PER_SAMPLE = 4
TERMS = ("points", "stock", "setup", "deny")


def hints(
    game_name: str,
    state: Any,
    seat: int,
    *,
    seed: int | str,
    samples: int = SAMPLES,
    horizon: int = HORIZON,
    top: int = TOP,
) -> list[dict]:
    """Up to `top` codes, best first: {"code", "win" (0-100), "reason", "worth", "player"}.
    Empty for a game without a model or a seat with nothing to decide."""
    model = MODELS.get(game_name)
    if model is None or model.points is None:
        return []
    game = model.game
    if isinstance(state, Mapping):
        state = game.from_json(state)
    codes = model.prune(game.legal_codes(state, seat))
    if not codes:
        return []
    rng = random.Random(f"hint:{game_name}:{seed}")
    worlds = [model.determinize(state, seat, rng) for _ in range(samples)]
    candidates = _candidates(model, worlds[0], seat, codes)
    judged = [_judge(model, worlds, seat, code, horizon) for code in candidates]
    # Ties go to the larger margin, then to the order of the legal codes.
    judged.sort(key=lambda j: (-j["win"], -j["margin"], codes.index(j["code"])))
    return [_public(j) for j in judged[:top]]


def reason(
    game_name: str,
    state: Any,
    seat: int,
    code: str,
    *,
    seed: int | str,
    viewer: int | None = None,
    samples: int = 2,
) -> dict | None:
    """Why `code` is worth playing for `seat`, in the evaluation's terms (as in `hints`), or
    None; judged from what `viewer` can know (default: the seat itself), so that a reason told
    to another player says nothing of what the seat hides."""
    model = MODELS.get(game_name)
    if model is None or model.points is None:
        return None
    game = model.game
    if isinstance(state, Mapping):
        state = game.from_json(state)
    if code not in game.legal_codes(state, seat):
        return None
    rng = random.Random(f"reason:{game_name}:{seed}")
    sees = seat if viewer is None else viewer
    # A world drawn from another player's view may leave the seat without what its move needs
    # (an AI's hidden pesos drawn too few): such a world cannot explain the move. From the
    # seat's own view every world keeps the move legal, so the first `samples` are the ones.
    worlds = []
    for _ in range(samples * DRAWS_PER_SAMPLE):
        world = model.determinize(state, sees, rng)
        if code in game.legal_codes(world, seat):
            worlds.append(world)
            if len(worlds) == samples:
                break
    if not worlds:
        return None
    return _public(_judge(model, worlds, seat, code, horizon=8))


def _candidates(model: Model, world: Any, seat: int, codes: list[str]) -> list[str]:
    """All the codes, or the best `MAX_CANDIDATES` by a one-step lookahead on the first sample."""
    if len(codes) <= MAX_CANDIDATES:
        return codes
    valued = []
    for i, c in enumerate(codes):
        after, _ = model.game.apply(world, seat, c)
        valued.append((-margin(model.scores(after), seat), i, c))
    return [c for _, _, c in sorted(valued)[:MAX_CANDIDATES]]


def _judge(model: Model, worlds: list[Any], seat: int, code: str, horizon: int) -> dict:
    game = model.game
    wins = margins = 0.0
    terms = dict.fromkeys(TERMS, 0.0)
    denied: dict[int, float] = {}
    for world in worlds:
        scores, points = model.scores(world), model.points(world)
        after, _ = game.apply(world, seat, code)
        if game.is_over(after):
            # A move that ends the game is worth the VP it scores: the evaluation's standing
            # after it (Havana's adds a bonus for the winner) is no estimate to weigh against
            # the one before, and would read as goods worth some 100 VP, or VP taken from others.
            terms["points"] += model.points(after)[seat] - points[seat]
            win, final = _play_on(model, after, seat, horizon)
            wins += win
            margins += final
            continue
        scores2, points2 = model.scores(after), model.points(after)
        terms["points"] += points2[seat] - points[seat]
        terms["stock"] += (scores2[seat] - points2[seat]) - (scores[seat] - points[seat])
        for v in range(len(scores)):
            if v != seat:
                denied[v] = denied.get(v, 0.0) + scores[v] - scores2[v]
        win, final = _play_on(model, after, seat, horizon)
        wins += win
        margins += final
        terms["setup"] += final - margin(scores2, seat)
    n = len(worlds)
    player = None
    if denied:
        player = max(sorted(denied), key=lambda v: denied[v])
        terms["deny"] = denied[player]
    averaged = {k: v / n for k, v in terms.items()}
    best = max(TERMS, key=lambda k: averaged[k])
    positive = averaged[best] >= 0.5
    return {
        "code": code,
        "win": round(100 * wins / n, 1),
        "margin": margins / n,
        "reason": best if positive else "steady",
        "worth": max(1, round(averaged[best])) if positive else 0,
        "player": player if best == "deny" and positive else None,
    }


def _play_on(model: Model, state: Any, seat: int, horizon: int) -> tuple[float, float]:
    """(win share, margin) of `seat` after everyone plays greedily for `horizon` decisions."""
    game = model.game
    for _ in range(horizon):
        if game.is_over(state):
            break
        who = model.pending(state)[0][0]
        state, _ = game.apply(
            state, who, greedy_code(model, state, who, game.legal_codes(state, who))
        )
    if game.is_over(state):
        result = game.result(state)
        win = 1.0 / len(result.winners) if seat in result.winners else 0.0
        return win, float(margin(list(result.scores), seat))
    return win_values(model, state)[seat], margin(model.scores(state), seat)


def _public(judged: dict) -> dict:
    return {k: judged[k] for k in ("code", "win", "reason", "worth", "player")}


__all__ = ["hints", "reason"]
