"""Random play: many games of uniformly random legal actions, for checks and figures."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import get
from .core import MAX_CHOICES

# A game that has not ended after this many decisions is counted as an error (it would hang a table).
MAX_DECISIONS = 20_000


@dataclass
class Summary:
    game: str
    players: int
    games: int
    seed: int
    finished: int = 0
    errors: int = 0
    decisions: int = 0
    seconds: float = 0.0
    final_scores: list[list[int]] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)

    def count_error(self, index: int, exc: BaseException) -> None:
        self.errors += 1
        self.error_messages.append(f"game {index}: {type(exc).__name__}: {exc}")

    def count_game(self, index: int, game: Any, state: Any, decisions: int) -> None:
        """Add one played game: its decisions and final scores, or an error if it has no result."""
        self.decisions += decisions
        result = game.result(state)
        if result is None:
            self.errors += 1
            self.error_messages.append(f"game {index}: over but without a result")
            return
        self.finished += 1
        self.final_scores.append(list(result.scores))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "finished": self.finished,
            "errors": self.errors,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "final_scores": self.final_scores,
            "error_messages": self.error_messages[:20],
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: stable, and different for every game."""
    return random.Random(f"{seed}:{index}").getrandbits(63)


def chooser_for(seed: int) -> random.Random:
    """The random source of the simulators' choices for the game played from `seed`."""
    return random.Random(seed ^ 0x5DEECE66D)


def random_choice(game: Any, state: Any, chooser: random.Random) -> tuple[Any, list[str], str]:
    """The next decision, its legal codes and one of them picked uniformly at random.

    Both simulators (in memory and through storage) use this, so one seed plays the same game.
    """
    pending = game.pending(state)
    if not pending:
        raise RuntimeError("no pending decision but the game is not over")
    decision = pending[0] if len(pending) == 1 else chooser.choice(pending)
    codes = game.legal_codes(state, decision.seat)
    if not codes:
        raise RuntimeError(f"seat {decision.seat} must decide {decision.kind} but has no action")
    code = codes[0] if len(codes) == 1 else chooser.choice(codes)
    return decision, codes, code


def play_random(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    check: bool = False,
    on_move: Callable[[Any, int, str], None] | None = None,
) -> tuple[Any, int]:
    """Play one game to the end with uniformly random legal actions.

    The same seed gives the same game. `check` also verifies every contract promise at each step
    (slower). Returns the final state and the number of decisions taken.
    """
    game = get(name)
    chooser = chooser_for(seed)
    state = game.new(players, seed, options)
    decisions = 0
    while not game.is_over(state):
        decision, codes, code = random_choice(game, state, chooser)
        if check:
            _check_step(game, state, decision.seat, codes)
        state, _ = game.apply(state, decision.seat, code)
        if on_move is not None:
            on_move(state, decision.seat, code)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    if game.pending(state):
        raise RuntimeError("the game is over but decisions are still pending")
    return state, decisions


def _check_step(game: Any, state: Any, seat: int, codes: list[str]) -> None:
    actions = game.legal_actions(state, seat)
    if [a.code for a in actions] != codes:
        raise RuntimeError("legal_actions and legal_codes disagree")
    if len(codes) > MAX_CHOICES:
        raise RuntimeError(f"{len(codes)} choices offered, more than {MAX_CHOICES}")
    if len(set(codes)) != len(codes):
        raise RuntimeError("the same action code is offered twice")


def simulate(
    name: str,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    check: bool = False,
) -> Summary:
    summary = Summary(game=name, players=players, games=games, seed=seed)
    game = get(name)
    started = time.perf_counter()
    for index in range(games):
        try:
            state, decisions = play_random(
                name, players, game_seed(seed, index), options, check=check
            )
        except Exception as exc:  # noqa: BLE001 - every failure is counted, not raised
            summary.count_error(index, exc)
            continue
        summary.count_game(index, game, state, decisions)
    summary.seconds = time.perf_counter() - started
    return summary
