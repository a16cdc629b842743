"""The building deck option and property tests over random legal play."""

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import Replay, replay
from games.core import MAX_CHOICES, OptionError, StateError
from games.havana import GAME
from games.havana.deck import bundled_file


def _deck():
    return json.loads(json.dumps(bundled_file()))


def test_bundled_deck_follows_the_rules_text():
    data = bundled_file()
    assert data["synthetic"] is True and "own" in data["note"]
    cards = {c["id"]: c for c in data["buildings"]}
    assert len(cards) == 36
    assert cards["statue"]["vp"] == 2
    assert {1, 2, 3} <= {c["vp"] for c in cards.values()}
    assert any(c["requires_architect"] for c in cards.values())
    anchor = [c for c in cards.values() if c["cost"] == {"red": 1, "pesos": 2}]
    assert anchor and all(c["vp"] == 2 for c in anchor)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["buildings"][3].pop("vp"), ["#4", "market_stall", "vp", "missing"]),
        (lambda d: d["buildings"][5].update(vp="two"), ["#6", "cottage", "vp", "whole number"]),
        (
            lambda d: d["buildings"][0]["cost"].update(red=-1),
            ["#1", "statue", "cost.red", "negative"],
        ),
        (lambda d: d["buildings"][2]["cost"].update(gold=1), ["#3", "shrine", "cost.gold"]),
        (lambda d: d["buildings"][7].update(id="statue"), ["#8", "statue", "same id"]),
        (
            lambda d: d["buildings"][8].update(requires_architect="yes"),
            ["#9", "requires_architect"],
        ),
        (lambda d: d.update(buildings=d["buildings"][:5]), ["5 buildings", "12"]),
    ],
)
def test_malformed_deck_names_card_and_field(change, words):
    """The card is named as a person counts the file's buildings: the first one is #1."""
    data = _deck()
    change(data)
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": data})
    message = str(err.value.msg)
    for word in words:
        assert word in message


def test_deck_file_is_loaded_and_stored_in_the_options(tmp_path):
    data = _deck()
    data["buildings"] = data["buildings"][:12]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    options = GAME.options({"deck": str(path)})
    assert len(options["deck"]) == 12
    path.write_text("broken")  # a stored game replays from its options, not the file
    s = GAME.new(2, 3, options)
    assert len(s.deck) == 12 and s.stack == []
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(s)))) == s
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": str(path)})
    assert "not valid JSON" in str(err.value.msg)
    with pytest.raises(OptionError):
        GAME.options({"deck": str(tmp_path / "missing.json")})


def test_bad_options_and_states():
    with pytest.raises(OptionError):
        GAME.options({"max_rounds": 0})
    with pytest.raises(OptionError):
        GAME.options({"colour": "red"})
    good = GAME.to_json(GAME.new(2, 1))
    for bad in (
        {},
        {**good, "format": 99},
        {**good, "bag": [1, 2]},
        {**good, "bank_pesos": 5},
        {**good, "players": "x"},
    ):
        with pytest.raises(StateError):
            GAME.from_json(bad)


def _totals(s):
    cubes = sum(s.bag) + sum(s.centre) + sum(s.box_cubes) + sum(sum(p.cubes) for p in s.players)
    workers = s.bank_workers + sum(p.workers for p in s.players)
    pesos = s.bank_pesos + s.centre_pesos + sum(p.pesos for p in s.players)
    return cubes, workers, pesos


@settings(max_examples=12, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**32), chooser=st.integers(0, 2**32))
def test_random_games_keep_every_promise(n, seed, chooser):
    rnd = random.Random(chooser)
    s = GAME.new(n, seed)
    moves = []
    while not GAME.is_over(s):
        assert _totals(s) == (80, 15, 108)
        values = [s.bank_pesos, s.bank_workers, s.centre_pesos, *s.bag, *s.centre]
        for p in s.players:
            values += [p.pesos, p.workers, *p.cubes]
            assert sorted(p.hand + p.face_up + p.discard + p.unrevealed) == list(range(13))
        assert min(values) >= 0
        pending = GAME.pending(s)
        assert pending
        d = rnd.choice(pending)
        codes = GAME.legal_codes(s, d.seat)
        assert 0 < len(codes) <= MAX_CHOICES and len(set(codes)) == len(codes)
        assert [a.code for a in GAME.legal_actions(s, d.seat)] == codes
        if len(moves) % 7 == 0:
            back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
            assert back == s and GAME.to_json(back) == GAME.to_json(s)
        code = rnd.choice(codes)
        s, _ = GAME.apply(s, d.seat, code)
        moves.append((d.seat, code))
        assert len(moves) < 20000
    result = GAME.result(s)
    assert result is not None and not GAME.pending(s)
    target = {2: 25, 3: 20, 4: 15}[n]
    assert max(result.scores) >= target or s.reason in ("round_limit", "no_buildings")
    again, _ = replay(Replay("havana", n, seed, {}, moves))
    assert again == s


def test_apply_leaves_the_old_state_alone():
    s = GAME.new(2, 9)
    before = GAME.to_json(s)
    GAME.apply(s, 0, "pick:mama")
    assert GAME.to_json(s) == before


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "games", "simulate", "--game", "havana", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_summary_and_bad_deck(tmp_path):
    out = _cli("--players", "3", "--games", "4", "--seed", "7", "--json", "--check")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    for key in (
        "game",
        "players",
        "games",
        "finished",
        "errors",
        "decisions",
        "seconds",
        "final_scores",
    ):
        assert key in summary
    assert summary["finished"] == 4 and summary["errors"] == 0
    bad = _deck()
    del bad["buildings"][4]["cost"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    out = _cli("--players", "2", "--deck", str(path))
    assert out.returncode != 0
    assert "#5" in out.stderr and "well" in out.stderr and "cost" in out.stderr


def test_default_options_carry_the_whole_bundled_deck():
    """A stored game must not depend on the bundled file: its options hold every card."""
    options = GAME.options(None)
    assert options["deck_source"] == "bundled"
    assert [c["id"] for c in options["deck"]] == [c["id"] for c in bundled_file()["buildings"]]
    assert options["deck"][0]["cost"]["pesos"] == bundled_file()["buildings"][0]["cost"]["pesos"]
    stored = json.loads(json.dumps(options))
    assert GAME.options(stored) == options
    assert GAME.new(3, 4, stored) == GAME.new(3, 4)
    assert GAME.public_view(GAME.new(3, 4, stored)).synthetic_deck
    # a caller changing its copy does not change the next game's deck
    options["deck"][0]["vp"] = 99
    assert GAME.options(None)["deck"][0]["vp"] == bundled_file()["buildings"][0]["vp"]


def test_a_stored_game_keeps_its_own_deck_when_the_bundled_one_differs():
    """A game stored with an earlier edition of the bundled deck replays with that edition."""
    older = GAME.options(None)
    older["deck"][0]["vp"] += 5  # the deck as it was when the game was stored
    stored = json.loads(json.dumps(GAME.options(older)))
    assert stored["deck_source"] == "custom"
    s = GAME.new(2, 8, stored)
    first = s.deck[0]
    assert first.vp == bundled_file()["buildings"][0]["vp"] + 5
    assert not GAME.public_view(s).synthetic_deck
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert back == s and back.deck[0].vp == first.vp
    moves = []
    rnd = random.Random(2)
    for _ in range(40):
        d = GAME.pending(s)[0]
        code = rnd.choice(GAME.legal_codes(s, d.seat))
        s, _ = GAME.apply(s, d.seat, code)
        moves.append((d.seat, code))
    again, _ = replay(Replay("havana", 2, 8, stored, moves))
    assert again == s


def test_deck_source_is_checked():
    with pytest.raises(OptionError) as err:
        GAME.options({"deck_source": "mine"})
    assert "deck_source" in str(err.value.msg)
    assert GAME.options({"deck_source": "custom"})["deck_source"] == "bundled"


def _refusal(change) -> str:
    data = _deck()
    change(data["buildings"][6])
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": data})
    return str(err.value.msg)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda c: c.update(name="x" * 7000), ["#7", "shed", "name", "7000", "at most 40"]),
        (lambda c: c.update(name="Tobacco\nShed"), ["#7", "shed", "name", "control"]),
        (lambda c: c.update(name="Shed\u202e"), ["#7", "name", "invisible"]),
        (lambda c: c.update(id="s" * 5000), ["#7", "s" * 32 + "…", "id", "5000", "at most 32"]),
        (lambda c: c.update(id="buy:left:first"), ["#7", "buy:left:first", "id", "letters"]),
        (lambda c: c.update(id="tab\there"), ["#7", "tab?here", "id", "letters"]),
    ],
)
def test_deck_texts_have_limits_and_are_printable(change, words):
    message = _refusal(change)
    for word in words:
        assert word in message
    assert len(message) < 300  # the refusal never repeats a hostile text in full


def test_the_limits_are_exact():
    data = _deck()
    data["buildings"][6].update(id="i" * 32, name="N" * 40)
    options = GAME.options({"deck": data})
    assert options["deck"][6]["name"] == "N" * 40 and options["deck"][6]["id"] == "i" * 32
    assert "at most 40" in _refusal(lambda c: c.update(name="N" * 41))
    assert "at most 32" in _refusal(lambda c: c.update(id="i" * 33))


def test_deck_note_has_a_limit():
    data = _deck()
    data["note"] = "n" * 1001
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": data})
    assert "note" in str(err.value.msg) and "at most 1000" in str(err.value.msg)


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_deeply_nested_or_huge_deck_files_are_refused_clearly(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text(_deep(50_000))
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": str(deep)})
    assert "nested more than 32 levels" in str(err.value.msg)
    # Deep, but not deep enough to trouble the parser: still refused by the same rule.
    deep.write_text('{"buildings": ' + _deep(40) + "}")
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": str(deep)})
    assert "nested more than 32 levels" in str(err.value.msg)
    huge = tmp_path / "huge.json"
    data = _deck()
    data["padding"] = "x" * (2 << 20)
    huge.write_text(json.dumps(data))
    with pytest.raises(OptionError) as err:
        GAME.options({"deck": str(huge)})
    assert "larger than 256 KB" in str(err.value.msg)


def test_cli_refuses_a_deeply_nested_deck(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(_deep(50_000))
    out = _cli("--players", "2", "--deck", str(path))
    assert out.returncode == 2
    assert "nested more than 32 levels deep" in out.stderr
    assert "Traceback" not in out.stderr
