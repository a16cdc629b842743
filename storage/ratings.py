"""Ratings per server and per game: OpenSkill's Plackett-Luce model, one update per ended game.

A rating is a belief about a player's skill: `mu` (the estimate) and `sigma` (its uncertainty).
Leaderboards sort by the conservative `ordinal` (mu - 3 sigma), so that one lucky first game does
not put a newcomer on top. The update is pure float arithmetic, so replaying the same games in
the same order gives the same numbers to the last bit (`python -m storage ratings --rebuild`).

Who is rated: a person by their Discord id, whatever the seat's controller at the end (a seat
the AI played for a player who resigned or was away is still theirs: resigned seats are ranked
last by the result). A seat opened for the AI is rated as the AI at its level, one identity per
level and server, e.g. "AI (strong)", so people see how they fare against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .records import AI_PREFIX

# OpenSkill's own defaults, given to the model explicitly so a newcomer's rating is the model's.
START_MU = 25.0
START_SIGMA = START_MU / 3
# The leaderboard counts a player once they have this many rated games.
LEADERBOARD_GAMES = 3

USER_PREFIX = "user:"


@cache
def _model():
    """The model, built on the first rating: every process that opens the store (the crash
    tests' writers, `storage verify`) need not pay for importing the library."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def identity(user_id: int, controller: str) -> str:
    """The rated identity of a seat: `user:<id>` for a person, `ai:<level>` for an AI seat."""
    if user_id > 0:
        return f"{USER_PREFIX}{user_id}"
    if controller.startswith(AI_PREFIX):
        return controller
    return f"{AI_PREFIX}unknown"


def user_identity(user_id: int) -> str:
    return f"{USER_PREFIX}{user_id}"


def ai_level(player: str) -> str | None:
    """The level of an AI identity, None for a person."""
    return player[len(AI_PREFIX) :] if player.startswith(AI_PREFIX) else None


def user_of(player: str) -> int | None:
    return int(player[len(USER_PREFIX) :]) if player.startswith(USER_PREFIX) else None


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """What the leaderboard sorts by: a skill the player very probably has at least."""
        return self.mu - 3 * self.sigma


def update(seats: Sequence[tuple[str, int]], before: dict[str, Rating]) -> dict[str, Rating]:
    """The ratings after one game. `seats`: (identity, place) per seat, places shared on ties;
    `before`: each identity's rating now (missing: a newcomer).

    An identity with several seats in the game (two AI seats of one level) moves by the mean of
    its seats' updates and counts the game once: playing against itself tells nothing about it.
    """
    model = _model()
    teams = []
    for player, _ in seats:
        was = before.get(player, Rating())
        teams.append([model.rating(mu=was.mu, sigma=was.sigma)])
    rated = model.rate(teams, ranks=[place for _, place in seats])
    moved: dict[str, list[tuple[float, float]]] = {}
    for (player, _), (after,) in zip(seats, rated, strict=True):
        moved.setdefault(player, []).append((after.mu, after.sigma))
    out = {}
    for player, values in moved.items():
        was = before.get(player, Rating())
        if len(values) == 1:
            out[player] = Rating(*values[0], was.games + 1)
            continue
        mu = was.mu + sum(mu - was.mu for mu, _ in values) / len(values)
        sigma = sum(sigma for _, sigma in values) / len(values)
        out[player] = Rating(mu, sigma, was.games + 1)
    return out
