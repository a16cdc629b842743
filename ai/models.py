"""What the players need to know about each game: how to sample a hidden state, how to value a
state, and a rule for decisions whose outcome stays secret until everybody has chosen."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import games

from . import cards_havana, eval_havana, eval_santiago, sampling_havana, sampling_santiago


@dataclass(frozen=True)
class Model:
    game: Any
    # (state, seat, rng, known=None, face_down="random"): see `recall` for the last two.
    determinize: Callable[..., Any]
    scores: Callable[[Any], list[float]]
    scale: float
    secret_choice: Callable[[Any, int, list[str]], str | None]
    prune: Callable[[list[str]], list[str]]
    # Decision kinds that open a new turn or round: the greedy lookahead stops before them, so
    # that a code is not judged by a later turn it happens to lead to.
    fresh_starts: frozenset[str] = frozenset()
    # A hashable summary of everything that decides what happens next in a state, or None:
    # with it, the rollouts remember the greedy choice of a state they reach again.
    key: Callable[[Any], Any] | None = None
    # (seat, kind, secret) of every pending decision; None: read from `game.pending`, which
    # also builds prompts the players never see here.
    waiting: Callable[[Any], list[tuple[int, str, bool]]] | None = None
    # Up to this many players, the search's rollouts run to the start of one of the searching
    # seat's next turns (a decision of kind `turn_kind`; the `rollout_turns`-th one from the
    # root) rather than a fixed number of decisions. At a larger table the other seats' turns in
    # between add more noise than a common footing for the leaves is worth.
    turn_horizon: int = 0
    turn_kind: str = ""
    rollout_turns: int = 1
    # What the public record of a game so far tells of the hidden parts, from the states of its
    # decisions (oldest first); `determinize(..., known=...)` draws only what it leaves open.
    # The game review passes it; the live players see a state, not its log. The review also
    # passes its method's `face_down`: with "rule", the others' face-down choices of this round
    # are dealt as the AI's rule for such a choice (`secret_choice`) makes them, not at random.
    recall: Callable[[Any], Any] | None = None
    # The VP every seat holds now, the part of `scores` already won (hints tell it apart from
    # what goods, pesos and the rest are worth).
    points: Callable[[Any], list[float]] | None = None
    # The same moment with what no seat has seen yet drawn again (future dice, a face-down
    # deck), every holding kept: the review's honesty check replays a real moment with it.
    redraw_unseen: Callable[[Any, random.Random], Any] | None = None

    def pending(self, state: Any) -> list[tuple[int, str, bool]]:
        if self.waiting is not None:
            return self.waiting(state)
        return [(d.seat, d.kind, d.secret) for d in self.game.pending(state)]


def _all(codes: list[str]) -> list[str]:
    return codes


PAGE_TURNS = ("casino:more", "casino:less")


def _santiago_prune(codes: list[str]) -> list[str]:
    """Without its page turns: turning the casino's page and back would loop forever, and the
    first page holds every amount a real purse reaches."""
    kept = [c for c in codes if c not in PAGE_TURNS]
    return kept or codes


def _santiago_key(s: Any) -> tuple:
    # Every field the rules and the evaluation read; version, last, trip and the VP sources
    # only record the past, and the cached choices follow from the rest.
    return (
        s.rng,
        s.road,
        s.inactive,
        s.car,
        tuple(s.owner),
        tuple(s.pawn),
        tuple(s.pesos),
        tuple(s.vp),
        tuple(s.goods),
        tuple(s.supply),
        tuple(s.dice_goods),
        tuple(s.dice_values),
        s.aside,
        s.price,
        s.ships,
        s.start,
        s.active,
        s.phase,
        s.phase_data,
        s.rolled,
        s.passed,
        s.departed,
        s.moved,
    )


def _santiago_waiting(s: Any) -> list[tuple[int, str, bool]]:
    # No Santiago decision is secret; the engine keeps its pending decisions ready.
    return [(seat, kind, False) for seat, kind, _codes in s.choices]


def _havana_key(s: Any) -> tuple:
    # Everything but the version and the last move, which only record the past.
    return (
        s.rng,
        tuple(s.rows[0]),
        tuple(s.rows[1]),
        tuple(s.stack),
        tuple(s.box_buildings),
        tuple(s.bag),
        tuple(s.centre),
        s.centre_pesos,
        s.bank_pesos,
        s.bank_workers,
        tuple(s.box_cubes),
        s.round,
        s.phase,
        s.order,
        s.turn,
        s.flags,
        s.cards_to_resolve,
        s.step,
        s.reason,
        s.winners,
        tuple(
            (
                tuple(p.cubes),
                p.pesos,
                p.workers,
                tuple(p.buildings),
                p.vp,
                tuple(p.hand),
                tuple(p.face_up),
                tuple(p.discard),
                p.age,
                tuple(p.unrevealed),
                p.cover,
                p.played,
            )
            for p in s.players
        ),
    )


def _no_secret(_state: Any, _seat: int, _codes: list[str]) -> None:
    return None


MODELS = {
    "santiago": Model(
        games.get("santiago"),
        sampling_santiago.determinize,
        eval_santiago.scores,
        eval_santiago.SCALE,
        _no_secret,
        _santiago_prune,
        frozenset({"santiago.drive", "santiago.roll", "santiago.deliver"}),
        _santiago_key,
        _santiago_waiting,
        turn_horizon=2,
        turn_kind="santiago.drive",
        points=eval_santiago.points,
        # Valued at the start of its next turn, a position says nothing of where the other seat
        # leaves the car, which decides what that turn can reach: the rollouts play that turn
        # too and stop at the start of the one after.
        rollout_turns=2,
        recall=sampling_santiago.recall,
        redraw_unseen=sampling_santiago.redraw_unseen,
    ),
    "havana": Model(
        games.get("havana"),
        sampling_havana.determinize,
        eval_havana.scores,
        eval_havana.SCALE,
        cards_havana.secret_choice,
        _all,
        frozenset({"first"}),
        _havana_key,
        recall=sampling_havana.recall,
        redraw_unseen=sampling_havana.redraw_unseen,
        points=eval_havana.points,
    ),
}


def margin(scores: list[float], seat: int) -> float:
    """How far `seat` is ahead of the best other seat (negative when behind)."""
    return scores[seat] - max(x for v, x in enumerate(scores) if v != seat)


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0


def win_values(model: Model, state: Any) -> list[float]:
    """A win-probability-like value in [0, 1] for every seat: the exact outcome once the game is
    over (a shared win split), else the score margin squashed."""
    game = model.game
    if game.is_over(state):
        return end_values(game.result(state), "win")
    scores = model.scores(state)
    return [_squash(margin(scores, v) / model.scale) for v in range(len(scores))]


def end_values(result: Any, value: str, scale: float | None = None) -> list[float]:
    """Every seat's value of a finished game (`games.Result`): "win", its win share (a shared
    win split); "standing", its share of the other seats it finished ahead of (`standings`);
    "score", its final margins over each other seat squashed at `SCORE_WIDTH` times `scale`
    (the model's, which "score" and "mixed" need); "mixed", half standing, half score."""
    if value == "standing":
        return standings(result.places)
    if value in ("score", "mixed") and scale is None:
        raise ValueError(f"the value {value!r} needs the model's scale")
    if value == "score":
        return pairwise(list(result.scores), SCORE_WIDTH * scale)
    if value == "mixed":
        places, points = standings(result.places), end_values(result, "score", scale)
        return [(a + b) / 2 for a, b in zip(places, points, strict=True)]
    share = 1.0 / len(result.winners)
    return [share if v in result.winners else 0.0 for v in range(len(result.scores))]


def standings(places: Sequence[int]) -> list[float]:
    """Each seat's share of the other seats it finished ahead of, a shared place counting half:
    at two players, its win share."""
    n = len(places)
    return [
        sum(
            1.0 if places[v] < places[u] else 0.5 if places[v] == places[u] else 0.0
            for u in range(n)
            if u != v
        )
        / (n - 1)
        for v in range(n)
    ]


def pairwise(scores: Sequence[float], scale: float) -> list[float]:
    """Each seat's chance to finish ahead of another seat, averaged over the others: its margin
    over each of them squashed at `scale`. At two players, the squashed margin of `win_values`."""
    n = len(scores)
    return [
        sum(_squash((scores[v] - scores[u]) / scale) for u in range(n) if u != v) / (n - 1)
        for v in range(n)
    ]


def standing_values(model: Model, state: Any) -> list[float]:
    """Like `win_values`, but what each seat is expected to gain is the share of the other seats
    it finishes ahead of, not only the first place: at three or four players it keeps telling a
    seat's choices apart after it has dropped out of the race for the win (the game review's
    `value` "standing"). The exact standing once the game is over, else `pairwise`."""
    game = model.game
    if game.is_over(state):
        return end_values(game.result(state), "standing")
    return pairwise(model.scores(state), model.scale)


SCORE_WIDTH = 5.0


def score_values(model: Model, state: Any) -> list[float]:
    """Each seat's margins over each other seat squashed at `SCORE_WIDTH` times the model's
    scale, at the end too: a value that keeps falling with every point lost, however far behind."""
    game = model.game
    if game.is_over(state):
        return end_values(game.result(state), "score", model.scale)
    return pairwise(model.scores(state), SCORE_WIDTH * model.scale)


def mixed_values(model: Model, state: Any) -> list[float]:
    """Half the standing, half the score value: places first, and points where no place moves.
    (The review's look-ahead, cut before the end, squashes the standing half at its calibrated
    temperature instead, as it does for "standing".)"""
    return [
        (a + b) / 2
        for a, b in zip(standing_values(model, state), score_values(model, state), strict=True)
    ]


VALUES = {
    "win": win_values,
    "standing": standing_values,
    "score": score_values,
    "mixed": mixed_values,
}
