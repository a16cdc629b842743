"""The game review: each decision judged from what its seat knew, the same from the same seed,
forced and undone decisions not counted, a resumed review equal to one run at once."""

from __future__ import annotations

import dataclasses
import random

import pytest
from ai_helpers import TWINS

import ai
import games
from ai import review
from ai.mcts import search
from ai.models import (
    MODELS,
    end_values,
    pairwise,
    score_values,
    standing_values,
    standings,
    win_values,
)

TINY = review.method(seed=3, rollouts=2, max_rollouts=4, horizon=6, recheck=4, search=8)
# The earlier chooser: every candidate code played in each of `rollouts` samples. Its reviews
# were all stored before the accuracy had a value of its own.
PLAYED_OUT = {**TINY, "search": 0, "accuracy_value": None}


def _played(name: str, players: int, seed: int, moves: int) -> games.Replay:
    """A game of greedy and random seats, `moves` decisions long (or to its end)."""
    model = MODELS[name]
    game = model.game
    state, log = game.new(players, seed, None), []
    for i in range(moves):
        if game.is_over(state):
            break
        seat = model.pending(state)[0][0]
        level = "greedy" if seat % 2 == 0 else "random"
        code = ai.choose(name, state, seat, level=level, seed=seed + i)
        state, _ = game.apply(state, seat, code)
        log.append((seat, code))
    return games.Replay(name, players, seed, {}, log)


@pytest.mark.parametrize("name", games.NAMES)
def test_twins_differing_in_what_a_seat_cannot_see_give_the_same_analysis(name):
    rng = random.Random(f"review-twins:{name}")
    record = _played(name, 3, 11, 70)
    steps = review.decisions(record)
    compared = 0
    for index, step in enumerate(steps[20:], start=20):
        twin = TWINS[name](step.before, step.seat, rng)
        if twin is None:
            continue
        game = MODELS[name].game
        assert game.to_json(twin) != game.to_json(step.before)
        # What the public record says is the same for both: the review reads the hidden parts
        # of the state it judges only through it.
        known = review.known(name, [s.before for s in steps[: index + 1]])
        mine = review.analyse_decision(
            name, step.before, step.seat, step.code, entry=step.entry, how=TINY, known=known
        )
        theirs = review.analyse_decision(
            name, twin, step.seat, step.code, entry=step.entry, how=TINY, known=known
        )
        assert mine == theirs
        compared += mine["counted"]
    assert compared >= 10, "too few counted twins: the test would prove little"


def test_a_review_is_reproducible_and_resumes_to_the_same_result():
    record = _played("havana", 2, 5, 40)
    seen: list[tuple[int, int]] = []
    whole = review.review(record, how=TINY, progress=lambda done, total: seen.append((done, total)))
    assert whole == review.review(record, how=TINY)
    total = whole["total"]
    assert seen[-1] == (total, total) and len(seen) == total
    resumed = review.review(record, how=TINY, done=whole["decisions"][:15])
    assert resumed == whole
    # One decision at a time from the game's JSON, as the worker process runs it.
    as_json = review.replay_to_json(record)
    assert review.analyse_next(as_json, 17, TINY) == (whole["decisions"][17], total)
    seats = whole["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    assert all(0 <= s["accuracy"] <= 100 for s in seats)
    assert sum(s["counted"] for s in seats) == sum(d["counted"] for d in whole["decisions"])


def test_forced_and_undone_decisions_are_not_counted():
    name = "santiago"
    model = MODELS[name]
    game = model.game
    state, log = game.new(2, 4, None), []
    history = games.History.start(games.Replay(name, 2, 4, {}, []))
    undone = None
    for i in range(60):
        seat = model.pending(state)[0][0]
        code = ai.choose(name, state, seat, level="greedy", seed=i)
        history, _ = history.play(seat, code)
        log.append((seat, code))
        if undone is None and games.undoable(history, seat):
            undone = (len(log) - 1, seat, code)
            history, _ = history.play(seat, games.UNDO)
            log.append((seat, games.UNDO))
            history, _ = history.play(seat, code)
            log.append((seat, code))
        state = history.state
    assert undone is not None
    result = review.review(games.Replay(name, 2, 4, {}, log), how=TINY)
    entries = [d["entry"] for d in result["decisions"]]
    assert undone[0] not in entries and undone[0] + 1 not in entries, "neither undone nor undo"
    assert undone[0] + 2 in entries
    forced = [d for d in result["decisions"] if d["choices"] == 1]
    assert forced and all(not d["counted"] and "cost" not in d for d in forced)
    counted = [d for d in result["decisions"] if d["counted"]]
    assert counted and all(
        d["class"] in ("ok", "inaccuracy", "mistake", "blunder") for d in counted
    )
    for d in counted:
        assert d["best"] >= d["played"] and d["cost"] == pytest.approx(
            d["best"] - d["played"], abs=0.02
        )
        assert d["low"] <= d["cost"] <= d["high"] and d["label"]["key"]


def test_lichess_accuracy_formulas():
    assert review.move_accuracy(0) == 100.0
    assert review.move_accuracy(10) == pytest.approx(64.6, abs=0.05)
    assert review.move_accuracy(100) == pytest.approx(0.0, abs=0.5)
    assert review.game_accuracy([], [], 50) is None
    # Equal accuracies average to themselves whatever the weights; one bad move pulls the
    # harmonic half down more than a plain mean would.
    assert review.game_accuracy([50, 40, 60], [80, 80, 80], 55) == pytest.approx(80)
    mixed = review.game_accuracy([50, 50, 50, 20], [100, 100, 100, 10], 20)
    assert mixed < (100 * 3 + 10) / 4


@pytest.mark.parametrize("how", [TINY, PLAYED_OUT], ids=["search", "played-out"])
def test_the_best_code_is_chosen_on_other_samples_than_it_is_valued_on(how):
    record = _played("havana", 3, 7, 60)
    result = review.review(record, how=how)
    counted = [d for d in result["decisions"] if d["counted"]]
    assert counted
    chosen_on = how["search_samples"] if how["search"] else how["rollouts"]
    for d in counted:
        assert d["chosen_on"] == chosen_on
        if d["rechecked"]:
            assert d["samples"] == d["rechecked"] == how["recheck"]
        elif how["search"]:
            # The search's own figures: nothing measured, nothing flagged.
            assert d["samples"] == 0 and d["se"] == 0 and d["class"] == "ok"
        else:
            assert how["rollouts"] <= d["samples"] <= how["max_rollouts"]
        # A preferred code that the valuing samples do not show better is not reported.
        assert d["cost"] >= 0 and (d["cost"] > 0) == (d["best_code"] != d["code"])
        assert d["spread"] >= 0 and d["mattered"] == (d["spread"] >= 5.0 or d["class"] != "ok")


@pytest.mark.parametrize("name", games.NAMES)
def test_the_reviews_search_is_the_strong_players_own(name):
    # On the same samples with the same budget, the review's search prefers the code the strong
    # player would play: a code is judged for what a searching player expects to follow.
    model = MODELS[name]
    record = _played(name, 3, 5, 50)
    compared = 0
    for step in review.decisions(record)[10:]:
        codes = model.prune(model.game.legal_codes(step.before, step.seat))
        if len(codes) < 2:
            continue
        worlds = review._Worlds(model, step.before, step.seat, random.Random(step.entry), None)
        # Equal visits go to the played code, the strong player's to the first: played first.
        preferred, spread, samples, values = review._searched(
            model, worlds, step.seat, codes, codes[0], 32, 2
        )
        strong = search(model, step.before, step.seat, random.Random(step.entry), 32)
        assert preferred == strong and samples == 2 and spread >= 0
        assert set(values) == set(codes) and all(0 <= v <= 1 for v in values.values())
        compared += 1
    assert compared >= 5


def _decision(seat: int, accuracy: float, mattered: bool, cost: float = 0.0) -> dict:
    return {
        "seat": seat,
        "counted": True,
        "mattered": mattered,
        "before": 50.0,
        "played": 50.0,
        "accuracy": accuracy,
        "cost": cost,
        "class": "ok",
    }


def test_a_seats_accuracy_weighs_only_the_decisions_that_mattered():
    # Seat 0: one poor decision that mattered among easy ones; seat 1: the poor one alone.
    diluted = [_decision(0, 100.0, False) for _ in range(9)] + [_decision(0, 40.0, True, 14)]
    alone = [_decision(1, 40.0, True, 14)]
    seats = review.summarise(diluted + alone, 2)
    assert seats[0]["accuracy"] == seats[1]["accuracy"] == 40.0
    assert (seats[0]["counted"], seats[0]["mattered"]) == (10, 1)
    # A review stored before the field counts every decision.
    old = [{k: v for k, v in d.items() if k != "mattered"} for d in diluted]
    assert review.summarise(old, 1)[0]["accuracy"] > 40.0


def test_a_seats_accuracy_adds_up_many_small_losses_where_lichess_forgave_them():
    # Seat 0 loses a little at every decision; seat 1 plays nine perfect ones and one blunder.
    steady = [{**_decision(0, 80.0, True, 5.4), "accuracy_cost": 5.4} for _ in range(10)]
    slip = [{**_decision(1, 100.0, True), "accuracy_cost": 0.0} for _ in range(9)]
    slip.append({**_decision(1, 10.0, True, 53), "accuracy_cost": 53})
    seats = review.summarise(steady + slip, 2, review.method())
    assert (seats[0]["accuracy"], seats[1]["accuracy"]) == (80.0, 91.0)
    # Lichess's game accuracy, that of a method before `accuracy_value`, puts them the other way.
    older = {k: v for k, v in review.method().items() if k != "accuracy_value"}
    lichess = review.summarise(steady + slip, 2, older)
    assert lichess[0]["accuracy"] > lichess[1]["accuracy"]
    # So it does for a review resumed across the change: one decision judged before it.
    resumed = [{k: v for k, v in steady[0].items() if k != "accuracy_cost"}, *steady[1:], *slip]
    assert review.summarise(resumed, 2, review.method()) == lichess


def test_the_accuracy_is_read_from_the_decisions_judged_again_on_places_and_points():
    record = _played("havana", 3, 11, 60)
    got = review.review(record, how=TINY)
    assert got["method"]["value"] == "win" and got["method"]["accuracy_value"] == "mixed"
    # Havana's accuracy is judged by a search of its own, three times the first's.
    search = got["method"]["accuracy_search"]["havana"]
    assert search == 3 * TINY["search"]
    mixed = {**TINY, "value": "mixed", "accuracy_value": None}
    alone = review.review(record, how={**mixed, "search": search})
    counted = [
        (d, m) for d, m in zip(got["decisions"], alone["decisions"], strict=True) if d["counted"]
    ]
    assert counted
    for d, m in counted:
        # The same decision, judged on the same samples with the mixed value.
        assert d["accuracy_cost"] == m["cost"] and "accuracy_cost" not in m
        assert d["accuracy"] == round(review.move_accuracy(m["cost"]), 2)
    assert any(d["accuracy_cost"] != d["cost"] for d, _ in counted), "nothing told them apart"
    for seat in got["seats"]:
        mine = [d["accuracy"] for d, _ in counted if d["seat"] == seat["seat"]]
        assert seat["accuracy"] == round(sum(mine) / len(mine), 1)
    # Valued by mixed throughout with one search (as a method stored without the field), the
    # accuracy's cost is the decision's own.
    older = {k: v for k, v in TINY.items() if k != "accuracy_search"}
    both = review.review(record, how={**older, "value": "mixed"})
    assert all(d["accuracy_cost"] == d["cost"] for d in both["decisions"] if d["counted"])
    # Santiago de Cuba's accuracy keeps the first search: valued by mixed, judged once.
    santiago = review.review(_played("santiago", 3, 11, 40), how={**TINY, "value": "mixed"})
    assert "santiago" not in santiago["method"]["accuracy_search"]
    assert all(d["accuracy_cost"] == d["cost"] for d in santiago["decisions"] if d["counted"])
    # A judge of a third of the simulations does not cost every decision alike.
    weaker = review.review(record, how={**mixed, "search": TINY["search"]})
    assert [d.get("cost") for d in weaker["decisions"]] != [
        m.get("cost") for m in alone["decisions"]
    ]
    with pytest.raises(ValueError):
        review.review(record, how={**TINY, "accuracy_value": "x"})


def test_the_cards_others_chose_face_down_are_dealt_by_the_rule_and_were_at_random_before():
    record = _played("havana", 3, 11, 60)
    steps = review.decisions(record)
    assert TINY["face_down"] == review.FACE_DOWN == "rule"
    older = {k: v for k, v in TINY.items() if k != "face_down"}
    moved = compared = 0
    for index, step in enumerate(steps):
        others = [p for v, p in enumerate(step.before.players) if v != step.seat]
        if not any(p.unrevealed for p in others):
            continue
        known = review.known("havana", [s.before for s in steps[: index + 1]])
        got = {}
        for name, how in (("rule", TINY), ("random", {**TINY, "face_down": "random"})):
            got[name] = review.analyse_decision(
                "havana", step.before, step.seat, step.code, entry=step.entry, how=how, known=known
            )
        # A review stored before the field dealt them at random, and is read so.
        stored = review.analyse_decision(
            "havana", step.before, step.seat, step.code, entry=step.entry, how=older, known=known
        )
        assert stored == got["random"]
        compared += got["rule"]["counted"]
        moved += got["rule"] != got["random"]
    assert compared >= 3 and moved >= 1, (compared, moved)


@pytest.mark.parametrize("search", [16, 0], ids=["search", "played-out"])
def test_a_flagged_decision_is_classed_on_fresh_samples_alone(search):
    # Random seats at a Havana table make costly choices often enough to be flagged.
    how = review.method(seed=3, rollouts=4, max_rollouts=8, horizon=6, recheck=6, search=search)
    how = how if search else {**how, "accuracy_value": None}  # as PLAYED_OUT
    record = _played("havana", 3, 11, 60)
    result = review.review(record, how=how)
    counted = [d for d in result["decisions"] if d["counted"]]
    flagged = [d for d in counted if d["rechecked"]]
    assert flagged, "no decision reached a class to be valued again"
    for d in counted:
        if d["rechecked"]:
            # The figures and class come from the second valuing alone, of a fixed size.
            assert d["rechecked"] == d["samples"] == 6
        else:
            assert d["class"] == "ok"
            # The search's word alone reaches no class: a cost it puts at one is measured.
            assert not search or d["cost"] < review.THRESHOLDS[-1][1]
    # Without the second valuing, the first figures stand: asked of the flagged ones alone, each
    # analysed as a review's worker analyses one decision (a second whole review of the game
    # would double the test's time).
    at = {step.entry: index for index, step in enumerate(review.decisions(record))}
    data = review.replay_to_json(record)
    for d in flagged[:2]:
        plain, _ = review.analyse_next(data, at[d["entry"]], {**how, "recheck": 0})
        assert not plain["rechecked"] and plain["samples"] != 6


@pytest.mark.parametrize("name", games.NAMES)
def test_in_the_measure_of_a_flagged_decision_each_seat_decides_on_its_own_view(name, monkeypatch):
    """The check of a flagged cost plays the game on as its players would, each deciding on
    what it can see; so does the review's measure: every seat's decisions there are taken on a
    sample drawn for that seat without the public record, as the greedy level draws one in a
    game, not on the reviewed seat's sample (in Santiago de Cuba every screen is the real one)."""
    model = MODELS[name]
    drawn: list[tuple[int, bool]] = []

    def determinize(state, seat, rng, *known, **options):
        drawn.append((seat, bool(known)))
        return model.determinize(state, seat, rng, *known, **options)

    monkeypatch.setitem(MODELS, name, dataclasses.replace(model, determinize=determinize))
    how = review.method(seed=3, recheck=2, search=8)
    assert how["recheck_view"] == "own"
    record = _played(name, 3, 11, 60)
    steps = review.decisions(record)
    for index, step in enumerate(steps):
        drawn.clear()
        known = review.known(name, [s.before for s in steps[: index + 1]])
        d = review.analyse_decision(
            name, step.before, step.seat, step.code, entry=step.entry, how=how, known=known
        )
        if d.get("rechecked"):
            break
    else:
        raise AssertionError("no decision reached a class to be measured")
    own = {seat for seat, with_record in drawn if not with_record}
    assert own == {0, 1, 2}
    # A review stored with every seat greedy on the whole sample is measured so when resumed.
    drawn.clear()
    whole = {k: v for k, v in how.items() if k != "recheck_view"}
    review.analyse_decision(
        name, step.before, step.seat, step.code, entry=step.entry, how=whole, known=known
    )
    assert drawn and all(with_record for _, with_record in drawn)


def test_the_calibrated_win_chances_add_up_to_one_and_follow_the_evaluation():
    chances = review.softmax([30.0, 27.0, 20.0], review.TEMPERATURE["santiago"])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2] > 0
    # The same gap counts for less at a higher temperature.
    flatter = review.softmax([30.0, 27.0, 20.0], 2 * review.TEMPERATURE["santiago"])
    assert flatter[0] < chances[0]


def test_standing_counts_the_places_a_seat_that_cannot_win_still_fights_for():
    """At three players a seat far behind the leader has no win chance left to gain, whatever
    it does; its standing still tells catching the second seat from staying behind it."""
    scale = MODELS["santiago"].scale
    # Half a scale behind the second seat, then one ahead of it; the leader ten scales away.
    behind = [0.0, 0.5 * scale, 10 * scale]
    caught = [1.5 * scale, 0.5 * scale, 10 * scale]
    win = [review.softmax(s, scale)[0] for s in (behind, caught)]
    assert win[1] - win[0] < 0.001
    ahead = [pairwise(s, scale)[0] for s in (behind, caught)]
    assert ahead[1] - ahead[0] > 0.1
    # At the end: one seat ahead of each other, a shared place half, and shares of one seat each.
    assert standings([1, 2, 3]) == [1.0, 0.5, 0.0]
    assert standings([2, 1, 2]) == [0.25, 1.0, 0.25]


def test_score_keeps_counting_the_points_of_a_seat_last_whatever_it_does():
    """Last by far at the end, a seat has no place left to gain; its score value still tells
    ten points more from ten points less, and a seat first by far still gains by widening it."""
    scale = MODELS["santiago"].scale
    low, high = (
        games.Result(scores=(s, 60, 90), winners=(2,), ranking=(2, 1, 0), places=(3, 2, 1))
        for s in (10, 20)
    )
    assert end_values(low, "standing")[0] == end_values(high, "standing")[0] == 0.0
    assert end_values(low, "win")[0] == end_values(high, "win")[0] == 0.0
    gained = [end_values(r, "score", scale) for r in (low, high)]
    assert gained[1][0] - gained[0][0] > 0.01
    assert gained[1][2] < gained[0][2] < 1.0
    # Half of each: the ten points still count, and passing the second seat counts for more.
    mixed = [end_values(r, "mixed", scale)[0] for r in (low, high)]
    assert mixed[1] - mixed[0] > 0.005
    passed = games.Result(scores=(61, 60, 90), winners=(2,), ranking=(2, 0, 1), places=(2, 3, 1))
    assert end_values(passed, "mixed", scale)[0] - mixed[1] > 0.25


@pytest.mark.parametrize("name", games.NAMES)
def test_score_values_lie_between_0_and_1_and_follow_the_scores(name):
    model = MODELS[name]
    game = model.game
    for state in _random_states(name, 3, 5):
        if game.is_over(state):
            break
        values, scores = score_values(model, state), model.scores(state)
        assert all(0.0 < v < 1.0 for v in values)
        assert sorted(range(3), key=lambda v: values[v]) == sorted(
            range(3), key=lambda v: scores[v]
        )
        # Squashed wider than the standing: a lead counts for less, and never saturates as soon.
        ahead = max(range(3), key=lambda v: scores[v])
        assert values[ahead] <= standing_values(model, state)[ahead] + 1e-12
    result = game.result(state)
    assert score_values(model, state) == end_values(result, "score", model.scale)
    assert score_values(model, state) != end_values(result, "standing")
    with pytest.raises(ValueError):
        end_values(result, "score")


@pytest.mark.parametrize("name", games.NAMES)
def test_at_two_players_standing_is_the_win_share(name):
    model = MODELS[name]
    for state in _random_states(name, 2, 4):
        assert standing_values(model, state) == pytest.approx(win_values(model, state), abs=1e-12)


def _random_states(name: str, players: int, seed: int):
    """Every state of one game played at random among the pruned codes, its end included."""
    model = MODELS[name]
    game = model.game
    rng = random.Random(f"states:{name}:{players}:{seed}")
    state = game.new(players, seed, None)
    yield state
    while not game.is_over(state):
        seat = model.pending(state)[0][0]
        state, _ = game.apply(state, seat, rng.choice(model.prune(game.legal_codes(state, seat))))
        yield state


def test_a_review_valued_by_standing_is_the_same_at_two_players_and_says_so():
    # Havana's look-ahead runs to the end of the game, where both are the exact outcome.
    record = _played("havana", 2, 7, 40)
    win = review.review(record, how=TINY)
    standing = review.review(record, how={**TINY, "value": "standing"})
    assert standing["method"]["value"] == "standing" and win["method"]["value"] == "win"
    assert standing["decisions"] == win["decisions"]
    # A review stored before the field valued the win chance, and is resumed so.
    older = {k: v for k, v in TINY.items() if k != "value"}
    assert review.review(record, how=older)["decisions"] == win["decisions"]


def test_at_three_players_the_review_measures_what_its_method_names():
    """A flagged decision's measure plays the game to its end: the same play, read as a win
    share or as a standing, which differ for a seat that finishes neither first nor last."""
    model = MODELS["havana"]
    record = _played("havana", 3, 11, 60)
    differ = 0
    for step in review.decisions(record)[-20:]:
        args = (model, step.before, step.seat, step.code, review.END_CAP, None)
        win = review._outcome(*args, views=random.Random(1))
        ahead = review._outcome(*args, views=random.Random(1), value="standing")
        assert ahead[1] == win[1], "the same play to the end"
        assert ahead[0] in (0.0, 0.25, 0.5, 0.75, 1.0)
        differ += ahead[0] != win[0]
    assert differ
    with pytest.raises(ValueError):
        review.analyse_decision(
            "havana",
            step.before,
            step.seat,
            step.code,
            entry=step.entry,
            how={**TINY, "value": "x"},
        )


def test_each_value_gives_its_own_review_at_three_players():
    record = _played("havana", 3, 11, 60)
    seen = {}
    for value in sorted(review.VALUES):
        got = review.review(record, how={**TINY, "value": value})
        assert got["method"]["value"] == value
        seen[value] = [d["before"] for d in got["decisions"] if d["counted"]]
    assert len({tuple(b) for b in seen.values()}) == len(seen), "two values gave one review"


@pytest.mark.parametrize("value", ["standing", "score", "mixed"])
def test_a_review_valued_otherwise_differs_at_three_players(value):
    record = _played("havana", 3, 11, 60)
    win = review.review(record, how=TINY)
    standing = review.review(record, how={**TINY, "value": value})
    assert standing["method"]["value"] == value
    assert [d["before"] for d in standing["decisions"] if d["counted"]] != [
        d["before"] for d in win["decisions"] if d["counted"]
    ]
