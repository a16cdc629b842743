"""Every seat's VP over a finished game, for the chart shown at the end."""

from __future__ import annotations

import random

import pytest

import games
from games.simulate import play_random


def random_log(name: str, players: int, seed: int) -> list[tuple[int, str]]:
    log = []
    play_random(name, players, seed, on_move=lambda _s, seat, code: log.append((seat, code)))
    return log


@pytest.mark.parametrize("name", games.NAMES)
def test_the_vp_series_follows_the_game_from_the_start_to_the_final_scores(name):
    seed = 17
    log = random_log(name, 3, seed)
    record = games.Replay(name, 3, seed, {}, log)
    series = games.vp_series(record)
    game = games.get(name)
    assert len(series) == len(log) + 1
    start = game.new(3, seed)
    assert series[0] == game.standing(start).scores
    final, _ = games.replay(record)
    assert series[-1] == game.result(final).scores
    assert len(set(series)) > 3  # the scores moved during the game
    # entry i is the standing after i entries of the log
    i = random.Random(seed).randrange(1, len(log))
    middle, _ = games.replay(games.Replay(name, 3, seed, {}, log[:i]))
    assert series[i] == game.standing(middle).scores


@pytest.mark.parametrize("name", games.NAMES)
def test_no_vp_series_while_the_game_goes_on(name):
    log = random_log(name, 2, 3)
    with pytest.raises(ValueError, match="not over"):
        games.vp_series(games.Replay(name, 2, 3, {}, log[:-1]))
