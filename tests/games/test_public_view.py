"""Every game's views answer `games.PublicView` and `games.PlayerView`: what render/ and bot/
read from a view of any game, under the same names, saying the same as the engine."""

from __future__ import annotations

import random

import pytest

import games


@pytest.mark.parametrize("kind", games.NAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_shared_names_say_what_the_engine_says(kind, players):
    game = games.get(kind)
    state = game.new(players, seed=11)
    choose = random.Random(3)
    for _ in range(400):
        public = game.public_view(state)
        assert isinstance(public, games.PublicView)
        assert public.player_count == players
        assert public.game_over == game.is_over(state)
        pending = game.pending(state)
        assert [(p.seat, p.kind, p.prompt) for p in public.pending] == [
            (d.seat, d.kind, d.prompt) for d in pending
        ]
        assert public.active_seat is None or 0 <= public.active_seat < players
        for seat in range(players):
            view = game.player_view(state, seat)
            assert isinstance(view, games.PlayerView)
            assert not isinstance(view, games.PublicView)
            assert view.seat == seat and view.public == public
        if not pending:
            break
        seat = pending[0].seat
        state, _ = game.apply(state, seat, choose.choice(game.legal_codes(state, seat)))
