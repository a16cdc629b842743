"""The pictures in words: a board's alt text and text board say what a player looks for, fit
Discord's limit, and never tell twins apart that differ only in what is hidden; a screen's
words say what lies behind that screen."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

import games
from render import board_image, describe, draw, havana_text
from render.captions import language, say, say_msg
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
            # every player, with their number unless the players are said at their briefest
            for seat, name in enumerate(NAMES):
                assert (f"{name} (" in alt and str(seat + 1) in alt) or f"{name}: " in alt


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
            assert f"{NAMES[seat.seat]} (player {seat.seat + 1}): pawn " in alt


def test_a_havana_board_says_every_player_s_score_and_materials():
    engine = games.get("havana")
    for move, state in positions("havana", 4, 12, every=11):
        public = engine.public_view(state)
        alt = describe.board_alt(public, NAMES, "en", move)
        # the banner's parts are said with commas: a screen reader reads no middle dot
        assert "·" not in alt and "after move 0" not in alt
        for p in public.players:
            goal = f"{p.vp} of {public.target_vp} victory points"
            if p.vp >= public.target_vp:  # never "16 of 15": the goal is said reached
                goal = f"{p.vp} victory points, the goal of {public.target_vp} reached"
            assert f"{NAMES[p.seat]} (player {p.seat + 1}): {goal}" in alt
            if p.cubes.red:
                line = next(x for x in alt.split("; ") if x.startswith(NAMES[p.seat]))
                red = "red cube" if p.cubes.red == 1 else "red cubes"
                assert f"{p.cubes.red} {red}" in line and "(R)" not in line


def test_a_havana_building_that_needs_the_architect_says_so_beside_its_price():
    """The Architect is a condition, not a part of the price: "cost: 2 pesos, only with the
    Architect", never "cost: 2 pesos and Architect"."""
    engine = games.get("havana")
    seen = 0
    for move, state in positions("havana", 2, 3, every=50):
        public = engine.public_view(state)
        text = describe.text_board(describe.board_sections(public, NAMES, "en", move))
        for row in public.rows:
            for b in row.buildings:
                line = next(x for x in text.splitlines() if x.startswith(f"- {say_msg(b.name)}, "))
                cost = line.split("cost: ", 1)[1].split(" — ")[0]  # not "— can be bought"
                assert cost.endswith(", only with the Architect") == b.cost.requires_architect
                assert "and Architect" not in cost, line
                seen += b.cost.requires_architect
    assert seen


def test_havana_s_piles_and_a_covered_card_are_said_in_words():
    """The picture's "deck 24 · bag 75" labels piles the eye sees; the words say what they hold
    ("24 buildings in the deck, 75 cubes in the bag"), and a player who has covered a card is
    said to have covered that card, where the picture writes "covered" on it."""
    engine = games.get("havana")
    covered = False
    for move, state in positions("havana", 3, 5, every=1):
        public = engine.public_view(state)
        text = describe.text_board(describe.board_sections(public, NAMES, "en", move))
        assert "deck " not in text and "bag " not in text, text
        assert f"{public.deck_count} buildings in the deck" in text or public.deck_count < 2
        assert f"{public.bag_count} cubes in the bag" in text or public.bag_count < 2
        coverer = next((p for p in public.players if p.covering and p.placed), None)
        if coverer is not None:
            line = next(
                x for x in text.splitlines() if x.lstrip("- ").startswith(NAMES[coverer.seat])
            )
            side = 0 if coverer.covering == "left" else 1
            card = havana_text._card(coverer.face_up[side])
            assert f"has covered {card}" in line, line
            covered = True
    assert covered


def test_a_santiago_board_after_the_end_promises_no_demand():
    """ "No demand yet" would promise a ship that never comes once the last one has sailed."""
    engine = games.get("santiago")
    *_, (move, end) = positions("santiago", 3, 4, every=1000)
    public = engine.public_view(end)
    assert public.game_over and public.demand is None
    text = describe.text_board(describe.board_sections(public, NAMES, "en", move))
    assert "No demand yet" not in text, text
    with draw.recording() as drawn:
        board_image(public, NAMES[:3], "en", move)
    assert drawn and not [t.text for t in drawn if "No demand" in t.text]


def test_santiago_dice_are_said_as_they_lie_and_the_demand_as_what_it_asks():
    """A die set aside or just rolled shows a number ("rum 0"), not goods anyone holds ("0
    units of rum"); the demand says what the ship asks for, its zeros left out."""
    engine = games.get("santiago")
    seen = {"rolled": 0, "aside": 0, "zero": 0}
    for move, state in positions("santiago", 3, 5, every=1):
        public = engine.public_view(state)
        lines = describe.text_board(describe.board_sections(public, NAMES, "en", move))
        lines = lines.splitlines()
        if public.rolled is not None:
            (rolled,) = [x for x in lines if x.startswith("- Dice rolled: ")]
            for die in public.rolled:
                assert f"{say_msg(games.Msg('santiago.good.' + die.good))} {die.value}" in rolled
            assert "unit" not in rolled
            seen["rolled"] += 1
        if public.set_aside is not None:
            (aside,) = [x for x in lines if x.startswith("- Die set aside: ")]
            assert aside.endswith(f" {public.set_aside.value}") and "unit" not in aside
            seen["aside"] += 1
        if public.demand is not None:
            (demand,) = [x for x in lines if x.startswith("- Demand: ")]
            assert not re.search(r"\b0 unit", demand), demand
            for die in public.demand:
                if die.value:
                    amount = say_msg(games.Msg(f"santiago.count.{die.good}", {"n": die.value}))
                    assert amount in demand, demand
            seen["zero"] += any(not d.value for d in public.demand)
    assert all(seen.values()), seen


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


def _said(section, alt: str) -> bool:
    """Whether the alt text keeps `section` (whole or briefly)."""
    headings = {section.heading, section.brief_heading or section.heading}
    if section.lines:
        return any(f"{h}: " in alt for h in headings)
    return any(describe._sentence(h) in alt for h in headings)


@pytest.mark.parametrize("lang", LANGS)
def test_an_alt_text_too_long_says_less_instead_of_cutting_a_word(lang):
    """Within Discord's 1,024 UTF-16 code units, a long board leaves parts out whole and says
    how many: never a word cut in its middle, never a trailing "…"; every part it keeps ends a
    sentence. What goes first is the last move (the message beside the picture tells it), then
    the places last in the order."""
    shortened = 0
    for kind, players in ALT_CASES:
        engine = games.get(kind)
        for names in (NAMES, LONG_NAMES):
            for move, state in positions(kind, players, 17, every=23):
                public = engine.public_view(state)
                alt = describe.board_alt(public, names, lang, move)
                assert len(alt.encode("utf-16-le")) // 2 <= describe.ALT_MAX
                assert not alt.endswith("…") and alt.endswith("."), alt[-60:]
                assert "\u00ad" not in alt  # a picture's break mark, never read aloud
                sections = [
                    describe._plain(s)
                    for s in describe.board_sections(public, names, lang, move)
                    if s.key != "waiting"
                ]
                left = [s.key for s in sections if not _said(s, alt)]
                places_left = [key for key in left if key not in describe.EXPENDABLE]
                with language(lang):
                    note = say("pic.alt.left_out", count=len(places_left)) if places_left else ""
                # the places left out are counted at the end (the last move, which the message
                # beside the picture tells, is not)
                assert alt.endswith(note), alt[-120:]
                # the last move goes before any place; the places go from the last one
                places = [s.key for s in sections if s.key not in describe.EXPENDABLE]
                gone = [key for key in places if key in left]
                assert gone == places[len(places) - len(gone) :], (gone, places)
                if gone:
                    assert all(s.key in left for s in sections if s.key in describe.EXPENDABLE)
                whole = " ".join(describe._part(s, s.lines) for s in sections)
                shortened += len(alt) < len(whole)
    assert shortened  # the long boards say less, in every language


def test_an_alt_text_keeps_the_last_move_briefly_wherever_it_has_the_room():
    """With four long names the last move is said without "Last:" before it is left out, and
    it is left out only where even that has no room beside every place said briefly."""
    briefly = 0
    for lang in LANGS:
        for kind, players in ALT_CASES:
            engine = games.get(kind)
            for move, state in positions(kind, players, 41, every=11):
                public = engine.public_view(state)
                alt = describe.board_alt(public, LONG_NAMES, lang, move)
                sections = describe.board_sections(public, LONG_NAMES, lang, move)
                sections = [describe._plain(s) for s in sections]
                last = next((s for s in sections if s.key == "last"), None)
                if last is None or describe._sentence(last.heading) in alt:
                    continue
                brief = describe._sentence(last.brief_heading)
                briefly += brief in alt
                if brief not in alt and all(_said(s, alt) for s in sections if s.key != "last"):
                    room = describe.ALT_MAX - describe._units(alt)
                    assert describe._units(brief) + 1 > room, (lang, brief, alt)
    assert briefly  # some boards say the move briefly rather than not at all


# Four long names, as a server's display names often are.
LONG_NAMES = [
    "Alessandro Bianchi",
    "María José Fernández",
    "Константин Алексеевич",
    "Maximilian Hohenberg",
]


@pytest.mark.parametrize("lang", LANGS)
def test_a_santiago_alt_text_keeps_every_building_and_its_flower_at_four_players(lang):
    """A screen reader's listener needs the buildings (which flower leads where): with four
    players with long names, the alt text says them all, with their flower's colour, and
    leaves out other words first."""
    from render import santiago

    engine = games.get("santiago")
    checked = 0
    for seed in (17, 41):
        for move, state in positions("santiago", 4, seed, every=9):
            public = engine.public_view(state)
            alt = describe.board_alt(public, LONG_NAMES, lang, move)
            with language(lang):
                heading = say("pic.text.santiago.buildings") + ": "
                assert heading in alt, alt[-200:]
                said = alt.split(heading, 1)[1].split(". ")[0]
                for space in public.buildings:
                    name = santiago.building_name(space.building).replace("\u00ad", "")
                    flower = say(f"pic.santiago.flower.{space.colour}")
                    groups = [g for g in said.split("; ") if g.startswith(flower + ": ")]
                    briefly = any(
                        name in g.split(": ", 1)[1].rstrip(".").split(", ") for g in groups
                    )  # "red flower: Casino, Café, Bank", or the whole line
                    assert briefly or f"{name}: {flower}" in said, (name, said)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", LANGS)
def test_a_havana_alt_text_keeps_both_rows_of_buildings_at_four_players(lang):
    """The buildings for sale are what a listener decides by: with four players with long
    names, the alt text names every building of both rows and which ends can be bought; the
    players' cubes are counted rather than told by colour first, and then the rows say their
    buildings by name alone."""
    engine = games.get("havana")
    checked = 0
    for seed in (17, 41, 58):
        for move, state in positions("havana", 4, seed, every=9):
            public = engine.public_view(state)
            alt = describe.board_alt(public, LONG_NAMES, lang, move)
            with language(lang):
                # what the catalogue says after a building's line ("— can be bought")
                buyable = say("pic.text.havana.buyable", line="\0").split("\0")[1]
                labels = (say("pic.havana.top_row"), say("pic.havana.bottom_row"))
                for label, row in zip(labels, public.rows, strict=True):
                    assert f"{label}: " in alt, alt[-200:]
                    said = alt.split(f"{label}: ", 1)[1].split(". ")[0].split("; ")
                    assert len(said) == max(1, len(row.buildings)), said
                    for k, building in enumerate(row.buildings):
                        name = say_msg(building.name).replace("\u00ad", "")
                        assert said[k].startswith(name), said[k]
                        end = (k == 0 and "left" in row.buyable_ends) or (
                            k == len(row.buildings) - 1 and "right" in row.buyable_ends
                        )
                        assert said[k].rstrip(".").endswith(buyable) == end, said[k]
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("lang", LANGS)
def test_an_unowned_santiago_building_has_no_owner_rather_than_a_price(lang):
    """Havana's "free" is a price (gratis, бесплатно); a Santiago building nobody has claimed
    is said to have no owner."""
    engine = games.get("santiago")
    state = engine.new(4, 3)
    sections = describe.board_sections(engine.public_view(state), NAMES, lang)
    buildings = next(s for s in sections if s.key == "buildings").lines
    with language(lang):
        unowned, free = say("pic.text.santiago.unowned"), say("pic.havana.free")
    assert len(buildings) == 12
    assert all(line.endswith(f", {unowned}") for line in buildings), buildings
    assert unowned != free


def _words_of_games(lang: str) -> list[str]:
    """The text boards of boards and screens of seeded games of both kinds, in `lang`."""
    said = []
    for kind, players in ALT_CASES:
        engine = games.get(kind)
        for move, state in positions(kind, players, 7, every=17):
            public = engine.public_view(state)
            said.append(describe.text_board(describe.board_sections(public, NAMES, lang, move)))
            for seat in range(players):
                view = engine.player_view(state, seat)
                said.append(describe.text_board(describe.screen_sections(view, NAMES, lang)))
    return said


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_s_line_reads_as_one_phrase_and_pesos_are_words(lang):
    """A player's line goes on in the words of a sentence ("Anna (player 1): pawn on Bank, owns
    no building"), never with a capitalised label after a comma ("Фишка: вне поля, Владеет:
    нет"); and pesos are said as pesos, which a screen reader would read out "$" as dollars."""
    wrong = set()
    for words in _words_of_games(lang):
        for line in words.splitlines():
            if "$" in line:
                wrong.add(line)
            if re.search(r", (?!Kosten\b)[A-ZÀ-ÝА-ЯЁ]\w*(?: \(\d+\))?: ", line) and lang != "de":
                wrong.add(line)
    assert not wrong, f"{lang}: {sorted(wrong)[:4]}"


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_hand_is_said_in_a_phrase_of_its_own(lang):
    """No "hand: nothing": a screen with no cards in hand says so in its own words."""
    engine = games.get("havana")
    state = engine.new(2, 3)
    empty = dataclasses.replace(engine.player_view(state, 0), hand=())
    with language(lang):
        said = describe.text_board(describe.screen_sections(empty, NAMES, lang))
        hand = say("pic.text.havana.hand", cards="").strip(" :")
        assert say("pic.text.havana.hand_empty") in said
    assert f"{hand}: " not in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_scores_alt_text_says_scores_in_words_and_joins_shared_winners(lang):
    """A screen reader reads "12 VP" ("12 PV", "12 ПО") letter by letter: the alt text says
    each score as the picture's words would be said ("12 victory points"), and names shared
    winners as the language joins names ("Anna and Ben"), like the picture's winner line."""
    from games.core import Result
    from games.text import players

    result = Result(scores=(12, 12, 1), winners=(0, 1), ranking=(0, 1, 2), places=(1, 1, 3))
    alt = describe.scores_alt("havana", result, NAMES[:3], lang)
    with language(lang):
        for score in (12, 1):
            assert say("pic.text.score", score=score) in alt
            assert say("pic.scores.score", score=score) not in alt
        both = say_msg(players((0, 1)), NAMES[:3])
        assert say("pic.scores.shared_win", names=both) in alt


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_scores_alt_text_says_each_score_in_words(lang):
    """A place of the final scores says its victory points in words, as the rulebooks write
    them: a screen reader spells "VP" (or "ПО", "SP", "PV") out letter by letter."""
    from games.core import Result

    result = Result(scores=(21, 1, 30), winners=(2,), ranking=(2, 0, 1), places=(2, 3, 1))
    alt = describe.scores_alt("santiago", result, NAMES, lang)
    assert not re.search(r"\b(?:VP|ПО|SP|PV)\b", alt), alt
    if lang == "en":
        assert (
            "1st Carla, 30 victory points; 2nd Anna, 21 victory points; 3rd Ben, 1 victory point"
            in alt
        )
    if lang == "ru":
        assert "1-е место — Carla, 30 победных очков; 2-е место — Anna, 21 победное очко" in alt


def test_a_shared_score_says_the_tie_breaks_that_ordered_it_and_the_notes_follow():
    """Two players on the same score hear why one is placed first, as the picture shows it
    beside each of them; a player whose score is their own hears no tie-break values."""
    from games.core import Result
    from games.text import Msg

    games.get("santiago")  # its texts: the tie-breaks' names
    result = Result(
        scores=(30, 30, 12),
        winners=(1,),
        ranking=(1, 0, 2),
        places=(2, 1, 3),
        tiebreaks=((1, 0), (2, 1), (0, 18)),
        tiebreak_names=(Msg("santiago.tiebreak.goods"), Msg("santiago.tiebreak.pesos")),
        notes=(Msg("santiago.note.conversion"),),
    )
    alt = describe.scores_alt("santiago", result, NAMES, "en")
    assert "1st Ben, 30 victory points, 2 goods left, 1 peso; 2nd Anna, 30 victory points, " in alt
    assert "3rd Carla, 12 victory points." in alt
    with language("en"):
        assert alt.endswith(describe._sentence(say("santiago.note.conversion")))


@pytest.mark.parametrize("lang", LANGS)
def test_a_santiago_alt_text_says_a_stops_flower_as_a_flower(lang):
    """The road, said briefly (without the citizens' trades), still names each stop's flower as
    a flower ("Martínez, flor roja"), not by a colour word left alone ("Martínez, roja"), at
    three and four players with long names."""
    engine = games.get("santiago")
    with language(lang):
        road = say("pic.text.santiago.road") + ": "
    for players in (3, 4):
        for move, state in positions("santiago", players, 17, every=23):
            public = engine.public_view(state)
            alt = describe.board_alt(public, LONG_NAMES[:players], lang, move)
            assert road in alt
            stops = alt.split(road, 1)[1].split(". ")[0].split("; ")
            coloured = [s for s in public.road if s.citizen is not None and s.colour]
            with language(lang):
                for stop in coloured:
                    flower = say(f"pic.santiago.flower.{stop.colour}")
                    line = next(s for s in stops if s.startswith(f"{stop.index}"))
                    assert flower in line, (line, flower)


# What a pawn's place and a die read as, per language: its article with the building, the number
# for its good as the language's log line says it.
PAWN_AND_DIE = {
    "it": (r"pedone (?:sul|sullo|sulla|sull')\s?[A-Z]", r"\d per (?:la|il|gli|i) [a-z]"),
    "es": (r"peón en (?:el|la) [A-Z]", r"(?:caña de azúcar|cítricos|tabaco|ron|puros) \d"),
    "de": (r"Figur auf (?:dem|der) [A-Z]", r"(?:Zuckerrohr|Zitrusfrüchte|Tabak|Rum|Zigarren) \d"),
    "en": (r"pawn on the [A-Z]", r"(?:sugar cane|citrus fruit|tobacco|rum|cigars) \d"),
}


@pytest.mark.parametrize("lang", sorted(PAWN_AND_DIE))
def test_a_santiago_text_board_says_a_pawns_building_with_its_article_and_each_die_whole(lang):
    pawn, die = PAWN_AND_DIE[lang]
    engine = games.get("santiago")
    pawns = dice = 0
    for move, state in positions("santiago", 3, 5, every=5):
        public = engine.public_view(state)
        board = describe.text_board(describe.board_sections(public, NAMES, lang, move))
        pawns += len(re.findall(pawn, board))
        dice += len(re.findall(die, board))
        assert not re.search(r"(?:pedone|peón|Figur|pawn): ", board), board
    assert pawns and dice


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_last_move_said_in_words_for_a_screen_reader_is_said_so_briefly_too(lang):
    """El Zorro given a victory point: the alt text says "1 victory point", never "1 VP", in
    the brief form (without "Last:") as in the whole one."""
    from games.santiago.views import LastMove

    engine = games.get("santiago")
    public = engine.public_view(next(s for _, s in positions("santiago", 3, 5, every=9)))
    gift = LastMove(0, "santiago.zorro", "zorro:give:vp", "el_zorro", None, None, None, None)
    sections = describe.board_sections(dataclasses.replace(public, last_move=gift), NAMES, lang)
    last = next(s for s in sections if s.key == "last")
    with language(lang):
        spoken = say("pic.text.santiago.gave_vp")
    assert spoken in last.heading and spoken in last.brief_heading
