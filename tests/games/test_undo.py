"""Undo in both games: logs with undo entries replay exactly, an undo restores the state before
the decision, and redoing the same decision gives the same state again."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import UNDO, History, IllegalAction, Replay
from games.simulate import chooser_for, random_choice
from games.undo import NOTHING, OVER


def play_with_undos(name: str, players: int, seed: int, rate: float = 0.3):
    """A random game in which a seat that may undo does so now and then. Returns the log, the
    state after each entry and how many undos were made."""
    game = games.get(name)
    record = Replay(name, players, seed)
    history = History.start(record)
    chooser = chooser_for(seed)
    rnd = random.Random(seed)
    log, states, undos = [], [history.state], 0
    while not game.is_over(history.state):
        seat = rnd.randrange(players)
        check = history.check_undo(seat)
        if check and rnd.random() < rate:
            taken_back = next(history.steps())
            assert check.entry == taken_back.entry and taken_back.seat == seat
            history, _ = history.play(seat, UNDO)
            assert history.state == taken_back.before  # exactly the state before the decision
            log.append((seat, UNDO))
            undos += 1
        else:
            decision, codes, code = random_choice(game, history.state, chooser)
            assert UNDO not in codes  # reserved: never a game's own code
            history, _ = history.play(decision.seat, code)
            log.append((decision.seat, code))
        states.append(history.state)
        assert len(log) < 20_000
    return log, states, undos


@pytest.mark.parametrize("name", games.NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_log_with_undos_replays_to_the_same_states(name, players):
    log, states, undos = play_with_undos(name, players, 1000 + players)
    assert undos > 5  # the window was really open, many times
    record = Replay(name, players, 1000 + players, {}, log)
    game = games.get(name)
    final, events = games.replay(record)
    assert final == states[-1] and game.is_over(final)
    assert list(games.replay_states(record)) == states
    assert sum(e.msg.key == "undo.event.took_back" for e in events) == undos
    # the stored form of the final state is the same as well
    assert game.to_json(final) == game.to_json(states[-1])
    # and the scores chart follows the undos too
    assert games.vp_series(record)[-1] == game.result(final).scores


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(games.NAMES), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_undo_then_the_same_decision_again_gives_the_same_state(name, players, seed):
    game = games.get(name)
    history = History.start(Replay(name, players, seed))
    chooser = chooser_for(seed)
    redone = 0
    while not game.is_over(history.state):
        decision, _codes, code = random_choice(game, history.state, chooser)
        after, events = history.play(decision.seat, code)
        if after.check_undo(decision.seat):
            back, _ = after.play(decision.seat, UNDO)
            assert back.state == history.state
            again, events_again = back.play(decision.seat, code)
            assert again.state == after.state and events_again == events
            redone += 1
        # the same decision is closed for undo exactly when the game says it closes the window
        closes = game.closes_undo(history.state, decision.seat, code, after.state, events)
        assert closes == (not after.check_undo(decision.seat))
        history = after
    assert redone > 0


@pytest.mark.parametrize("name", games.NAMES)
def test_nothing_to_undo_at_the_very_start(name):
    history = History.start(Replay(name, 3, 5))
    for seat in range(3):
        assert history.check_undo(seat).reason == NOTHING
        with pytest.raises(IllegalAction) as refused:
            history.play(seat, UNDO)
        assert refused.value.msg == NOTHING
        assert str(refused.value.msg) == "There is nothing of yours to take back."


@pytest.mark.parametrize("name", games.NAMES)
def test_no_undo_through_a_finished_game(name):
    log, _states, _ = play_with_undos(name, 2, 77, rate=0)
    history = History.of(Replay(name, 2, 77, {}, log))
    for seat in range(2):
        with pytest.raises(IllegalAction) as refused:
            history.play(seat, UNDO)
        assert refused.value.msg == OVER
        assert "game is over" in str(refused.value.msg)


@pytest.mark.parametrize("name", games.NAMES)
def test_a_log_with_a_refused_undo_does_not_replay(name):
    with pytest.raises(IllegalAction):
        games.replay(Replay(name, 2, 5, {}, [(0, UNDO)]))


def test_undo_is_not_a_code_the_engine_itself_accepts():
    """An undo needs the history: a bare engine refuses it like any unknown code."""
    for name in games.NAMES:
        game = games.get(name)
        state = game.new(2, 3)
        seat = game.pending(state)[0].seat
        with pytest.raises(IllegalAction):
            game.apply(state, seat, UNDO)
