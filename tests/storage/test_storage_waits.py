"""Timers of waiting decisions: the policy, and the store writing them with every move."""

from __future__ import annotations

import json

import games
from storage import apply_move, start_game
from storage.clock import (
    DAY,
    HOUR,
    STAND_IN_RETRY,
    Settings,
    Wait,
    WaitPlan,
    ai_plays_once,
    due_step,
    fresh,
    reminders_passed,
    scheduled,
    standing_in,
    vote_closed,
)
from tests.storage.storage_support import play_random_moves, seated_lobby


def walk(wait: Wait, settings: Settings, muted: bool = False, until: float = 30 * DAY):
    """Every (time, step) a scheduler would meet, handling each as the bot does."""
    steps = []
    while wait.due is not None and wait.due <= until:
        at = wait.due
        step = due_step(wait, settings, muted, at)
        steps.append((at / HOUR, step))
        if step == "remind":
            wait = scheduled(
                Wait(**{**_fields(wait), "reminded": reminders_passed(wait, settings, at)}),
                settings,
                muted,
            )
        elif step == "vote":
            wait = scheduled(Wait(**{**_fields(wait), "vote_at": at}), settings, muted)
        else:
            break
    return steps


def _fields(wait):
    return {name: getattr(wait, name) for name in wait.__slots__}


def test_the_default_clock_reminds_at_24_and_48_hours_and_asks_the_table_at_3_days():
    settings = Settings()
    assert walk(fresh(1, 0, 0.0, settings, False), settings) == [
        (24, "remind"),
        (48, "remind"),
        (72, "vote"),
        (96, "expired"),
    ]


def test_without_a_turn_limit_reminders_go_on_with_a_growing_interval():
    settings = Settings(reminders=DAY, turn_limit=None)
    steps = walk(fresh(1, 0, 0.0, settings, False), settings, until=40 * DAY)
    assert [h / 24 for h, _ in steps] == [1, 3, 7, 15, 31]
    assert {s for _, s in steps} == {"remind"}


def test_a_muted_player_hears_nothing_until_the_turn_limit():
    settings = Settings(reminders=6 * HOUR, turn_limit=2 * DAY)
    assert walk(fresh(1, 0, 0.0, settings, True), settings, muted=True) == [
        (48, "vote"),
        (72, "expired"),
    ]


def test_a_bot_that_was_down_sends_one_reminder_for_the_ones_it_missed():
    settings = Settings(reminders=6 * HOUR, turn_limit=None)
    wait = fresh(1, 0, 0.0, settings, False)
    assert reminders_passed(wait, settings, 100 * HOUR) == 4  # 6, 18, 42, 90 hours


def asked_at_3_days(muted: bool = False) -> Wait:
    settings = Settings()
    wait = fresh(1, 0, 0.0, settings, muted)
    return scheduled(
        Wait(**{**_fields(wait), "vote_at": 3 * DAY, "vote_message": 7}), settings, muted
    )


def test_while_the_ai_plays_a_decision_its_timer_comes_back_for_the_ai_only():
    """The timer of a decision the AI plays is not spent before the AI's move: it falls due
    again a minute later, for the AI again (no reminder, no second question to the table)."""
    for muted in (False, True):
        wait = asked_at_3_days(muted)
        assert due_step(wait, Settings(), muted, 4 * DAY) == "expired"
        standing = standing_in(wait, 4 * DAY)
        assert standing.due == 4 * DAY + STAND_IN_RETRY
        assert due_step(standing, Settings(), muted, standing.due) == "expired"
        assert (standing.since, standing.vote_at, standing.reminded) == (0.0, 3 * DAY, 0)


def test_when_the_others_choose_that_the_ai_plays_their_vote_closes_at_once():
    wait = asked_at_3_days()
    at = 3 * DAY + 5 * HOUR
    assert not vote_closed(wait, at) and due_step(wait, Settings(), False, at) is None
    once = ai_plays_once(wait, at)
    assert vote_closed(once, at) and once.vote_message is None
    assert due_step(once, Settings(), False, once.due) == "expired"
    assert once.due == at + STAND_IN_RETRY


def test_settings_outside_their_ranges_are_refused():
    for bad in (Settings(reminders=HOUR), Settings(turn_limit=20 * DAY)):
        try:
            bad.checked()
        except ValueError:
            continue
        raise AssertionError(f"{bad} was accepted")
    assert Settings(None, None).checked() == Settings(None, None)


async def test_every_move_leaves_a_timer_for_each_decision_a_person_must_take(store):
    lobby = await seated_lobby(store, players=3, kind="havana")
    started = await start_game(store, lobby.id, seed=5, at=1000.0)
    # Havana opens with everybody picking at once: one timer each, from the start.
    assert [(w.seat, w.since) for w in await store.waits(lobby.id)] == [
        (0, 1000.0),
        (1, 1000.0),
        (2, 1000.0),
    ]
    engine = games.get("havana")
    code = engine.legal_codes(started.state, 1)[0]
    await apply_move(store, lobby.id, 1, code, expected_version=0, at=5000.0)
    waits = {w.seat: w for w in await store.waits(lobby.id)}
    # The others' decisions go on (their clocks run from the start); seat 1's next pick is new.
    assert waits[0].since == waits[2].since == 1000.0
    assert waits[1].since == 5000.0 and waits[1].due == 5000.0 + DAY


async def test_the_ai_seats_wait_on_no_timer_and_a_finished_game_on_none(store):
    lobby = await seated_lobby(store, players=1, kind="santiago")
    lobby = await store.add_ai(lobby.id, "random")
    await start_game(store, lobby.id, seed=3, at=0.0)
    result = await play_random_moves(store, lobby.id, 5000)
    assert result.record.status == "finished"
    assert await store.waits(lobby.id) == []
    how, stored = await store.result(lobby.id)
    final = games.get("santiago").result(result.state)
    assert how == "finished" and json.loads(stored)["scores"] == list(final.scores)


async def test_the_move_the_ai_plays_for_a_late_player_replaces_the_timer_in_its_transaction(store):
    lobby = await seated_lobby(store, players=3, kind="havana")
    started = await start_game(store, lobby.id, seed=5, at=0.0)
    late = {w.seat: w for w in await store.waits(lobby.id)}[1]
    standing = standing_in(Wait(**{**_fields(late), "vote_at": 3 * DAY}), 4 * DAY)
    await store.put_waits(lobby.id, WaitPlan((0, 2), (standing,)))
    code = games.get("havana").legal_codes(started.state, 1)[0]
    await apply_move(store, lobby.id, 1, code, expected_version=0, at=4 * DAY + 2)
    waits = {w.seat: w for w in await store.waits(lobby.id)}
    # Seat 1 picks again: a new decision, with a new timer; the others' go on.
    assert waits[1].since == 4 * DAY + 2 and waits[1].vote_at is None
    assert waits[0].since == waits[2].since == 0.0
