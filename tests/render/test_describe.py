"""The pictures in words: a board's alt text and text board say what a player looks for, fit
Discord's limit, and never tell twins apart that differ only in what is hidden; a screen's
words say what lies behind that screen."""

from __future__ import annotations

import random

import pytest

import games
from render import describe
from render.captions import language, say
from tests.games.twin_helpers import havana_twins, santiago_twins

NAMES = ["Anna", "Ben", "Carla", "Dmitri"]
TWINS = {"santiago": santiago_twins, "havana": havana_twins}
LANGS = ("en", "de", "es", "it", "ru")


def positions(kind: str, players: int, seed: int, every: int = 7):
    """Every `every`-th state of a random game, to its end."""
    engine = games.get(kind)
    rnd = random.Random(seed)
    state = engine.new(players, seed)
    move = 0
    while True:
        if move % every == 0 or engine.is_over(state):
            yield move, state
        if engine.is_over(state):
            return
        seat = rnd.choice(engine.pending(state)).seat
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
        move += 1


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_twins_that_differ_only_in_what_is_hidden_are_described_alike(kind):
    engine = games.get(kind)
    rnd = random.Random(3)
    compared = 0
    for move, state in positions(kind, 4, 41, every=9):
        for twin in TWINS[kind](state, rnd):
            for lang in ("en", "ru"):
                ours = engine.public_view(state)
                theirs = engine.public_view(twin.state)
                assert describe.board_alt(ours, NAMES, lang, move) == describe.board_alt(
                    theirs, NAMES, lang, move
                ), twin.what
                board = describe.board_sections(ours, NAMES, lang, move)
                assert describe.text_board(board) == describe.text_board(
                    describe.board_sections(theirs, NAMES, lang, move)
                ), twin.what
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_a_board_s_alt_text_says_the_position_and_every_player_but_not_who_decides_now(kind):
    """The alt text stays beside the picture while later prompts follow it: like the picture, it
    names no decider, which would go stale; the text board, written when asked for, does."""
    engine = games.get(kind)
    for move, state in positions(kind, 4, 8):
        public = engine.public_view(state)
        for lang in LANGS:
            alt = describe.board_alt(public, NAMES, lang, move)
            assert 0 < len(alt.encode("utf-16-le")) // 2 <= describe.ALT_MAX
            with language(lang):
                assert say("pic.santiago.players") + ":" in alt
                waiting_words = say("pic.waiting", who="\x00").split("\x00")[0]
                assert waiting_words not in alt
                if not engine.is_over(state):
                    waiting = {d.seat for d in engine.pending(state)}
                    who = ", ".join(NAMES[s] for s in sorted(waiting))
                    board = describe.text_board(describe.board_sections(public, NAMES, lang, move))
                    assert say("pic.waiting", who=who) in board or len(waiting) > 1
            # every player, with their number, before anything is left out for room
            for seat, name in enumerate(NAMES):
                assert f"{name} (" in alt and str(seat + 1) in alt


def test_a_santiago_board_says_where_the_car_and_every_pawn_are():
    engine = games.get("santiago")
    for move, state in positions("santiago", 4, 12, every=11):
        public = engine.public_view(state)
        sections = describe.board_sections(public, NAMES, "en", move)
        words = describe.text_board(sections)
        car = [line for line in words.splitlines() if "the car is here" in line]
        assert car == [f"- Stop {public.car}: {car[0].split(': ', 1)[1]}"]
        for seat in public.seats:
            if seat.pawn is not None:
                assert f"pawn of {NAMES[seat.seat]}" in words
        alt = describe.board_alt(public, NAMES, "en", move)
        for seat in public.seats:
            assert f"{NAMES[seat.seat]} (player {seat.seat + 1}): Pawn: " in alt


def test_a_havana_board_says_every_player_s_score_and_materials():
    engine = games.get("havana")
    for move, state in positions("havana", 4, 12, every=11):
        public = engine.public_view(state)
        alt = describe.board_alt(public, NAMES, "en", move)
        for p in public.players:
            assert f"{NAMES[p.seat]} (player {p.seat + 1}): {p.vp} / {public.target_vp} VP" in alt
            if p.cubes.red:
                line = next(x for x in alt.split("; ") if x.startswith(NAMES[p.seat]))
                red = "red cube" if p.cubes.red == 1 else "red cubes"
                assert f"{p.cubes.red} {red}" in line and "(R)" not in line


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_a_screen_s_words_say_what_lies_behind_it(kind):
    engine = games.get(kind)
    for _move, state in positions(kind, 3, 5, every=13):
        for seat in range(3):
            view = engine.player_view(state, seat)
            alt = describe.screen_alt(view, NAMES, "en")
            assert alt.startswith(NAMES[seat] + " — your ")
            if kind == "santiago":
                assert f"{view.holdings.vp} VP" in alt
            else:
                for card in view.hand:
                    assert engine_name(card) in alt


def engine_name(card: str) -> str:
    from render import havana

    with language("en"):
        return havana.card_name(card)


ALT_CASES = (("santiago", 3), ("santiago", 4), ("havana", 2), ("havana", 4))


@pytest.mark.parametrize("lang", LANGS)
def test_an_alt_text_too_long_says_less_instead_of_cutting_a_word(lang):
    """Within Discord's 1,024 UTF-16 code units, a long board leaves its last places out
    whole and says how many: never a word cut in its middle, never a trailing "…"; every
    part it keeps ends a sentence, and the ones it leaves out are counted."""
    shortened = 0
    for kind, players in ALT_CASES:
        engine = games.get(kind)
        for move, state in positions(kind, players, 17, every=23):
            public = engine.public_view(state)
            alt = describe.board_alt(public, NAMES, lang, move)
            assert len(alt.encode("utf-16-le")) // 2 <= describe.ALT_MAX
            assert not alt.endswith("…") and alt.endswith("."), alt[-60:]
            assert "\u00ad" not in alt  # a picture's break mark, never read aloud
            sections = describe.board_sections(public, NAMES, lang, move)
            headings = [s.heading for s in sections if s.lines and s.key != "waiting"]
            kept = [h for h in headings if f"{h}: " in alt]
            with language(lang):
                left = len(headings) - len(kept)
                note = say("pic.alt.left_out", count=left) if left else ""
            # the places are kept in order, and what is left out is counted at the end
            assert kept == headings[: len(kept)], (kept, headings)
            assert alt.endswith(note), alt[-120:]
            shortened += bool(left)
    assert shortened  # the long boards of the longer languages do say less
