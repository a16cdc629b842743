"""Every card, building and person a choice names has its effect in words, in every language,
short enough for a menu option's description; and the help's pages list every one of them."""

from __future__ import annotations

import random
import re

import pytest

import games
from bot.play import glossary_pages
from bot.text.help_entries import ENDS_A_SENTENCE
from bot.text.i18n import languages, text, text_msg
from bot.text.lengths import CONTENT, OPTION_DESCRIPTION, utf16_len
from games.text import ENGLISH, Msg

# The first words of the codes whose label names a card, building or person (the rest name a
# good, an amount, a die, a player, a payment, or pass, skip and end).
NAMING = {
    "santiago": {"drive", "use", "alonso", "claim", "own", "pawn", "flip"},
    "havana": {"pick", "place", "first", "refresh", "cover", "buy", "demolish"},
}


def playout_choices(name: str, players: int, seed: int, moves: int = 400):
    """(state, seat, code) for every legal code met in a seeded random game."""
    game = games.get(name)
    rng = random.Random(seed)
    state = game.new(players=players, seed=seed)
    for _ in range(moves):
        pending = game.pending(state)
        if not pending:
            return
        for decision in pending:
            for code in game.legal_codes(state, decision.seat):
                yield state, decision.seat, code
        seat = pending[0].seat
        state, _events = game.apply(state, seat, rng.choice(game.legal_codes(state, seat)))


def entries(name: str) -> dict[str, Msg]:
    """Every glossary entry's name key -> its effect."""
    return {n.key: e for _heading, pairs in games.glossary(name) for n, e in pairs}


def short_effects() -> list[Msg]:
    """Every short effect there is: the glossaries' and those `explain` alone gives."""
    said = [e for name in games.NAMES for e in entries(name).values()]
    said += [
        Msg(k) for k in ENGLISH if ".effect." in k and ".more." not in k and "{" not in ENGLISH[k]
    ]
    return said


# What `explain` says besides the glossary's entries: a stop that is no citizen, a citizen face
# down, Alonso's two options, Pablo under a house rule, and a building of the table's own deck.
BESIDES = ("harbour", "inactive", "alonso.", "pablo_wood", "havana.effect.building")


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("santiago", 3, 5), ("santiago", 4, 11), ("havana", 2, 7), ("havana", 4, 3)],
)
def test_every_choice_that_names_a_thing_explains_it_and_no_other(name, players, seed):
    known = list(entries(name).values())
    met = []
    for state, seat, code in playout_choices(name, players, seed):
        said = games.explain(name, state, seat, code)
        if code.partition(":")[0] not in NAMING[name]:
            assert said is None, code
            continue
        assert said is not None and said.key in ENGLISH, code
        assert said in known or any(part in said.key for part in BESIDES), said
        if said in known and said not in met:
            met.append(said)
    # A seeded game meets most of what there is.
    assert len(met) >= len(known) // 2, [m.key for m in met]


def test_a_drive_is_explained_by_the_citizen_it_stops_at():
    game = games.get("santiago")
    state = game.new(players=3, seed=2)
    while game.pending(state)[0].kind != "santiago.drive":
        seat = game.pending(state)[0].seat
        state, _ = game.apply(state, seat, game.legal_codes(state, seat)[0])
    seat = game.pending(state)[0].seat
    from games.santiago import data as D

    for code in game.legal_codes(state, seat):
        stop = (state.car + int(code.split(":")[1])) % D.STOPS
        citizen = state.road[stop]
        want = "harbour" if citizen < 0 else "citizen." + D.CITIZENS[citizen]
        assert games.explain("santiago", state, seat, code).key == "santiago.effect." + want


def test_a_face_down_citizen_and_a_house_rule_change_what_is_said():
    from games.santiago import data as D

    game = games.get("santiago")
    state = game.new(players=2, seed=4, options={"pablo_allows_wood": True})
    pablo = state.road.index(D.PABLO)
    state.car = (pablo - 1) % D.STOPS
    assert games.explain("santiago", state, 0, "drive:1").key.endswith("pablo_wood")
    state.inactive |= 1 << pablo
    assert games.explain("santiago", state, 0, "drive:1").key == "santiago.effect.inactive"


def test_a_havana_building_is_explained_by_its_value_and_cost():
    state = games.get("havana").new(players=2, seed=1)
    top = state.deck[state.rows[0][0]]
    said = str(games.explain("havana", state, 0, "buy:top:left"))
    assert said.startswith(f"{top.vp} VP; costs ")
    assert ("needs the Architect" in said) == top.requires_architect


@pytest.mark.parametrize("lang", languages())
def test_every_short_effect_fits_a_menu_option_in_every_language(lang):
    too_long = {}
    for effect in short_effects():
        said = text_msg(lang, effect)
        assert said and "{" not in said, (effect.key, said)
        if utf16_len(said) > OPTION_DESCRIPTION:
            too_long[effect.key] = said
    assert too_long == {}


def test_every_longer_effect_is_longer_and_has_a_short_one():
    for key in ENGLISH:
        if ".effect.more." in key:
            short = key.replace(".effect.more.", ".effect.", 1)
            assert short in ENGLISH and len(ENGLISH[key]) > len(ENGLISH[short])


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", games.NAMES)
def test_the_help_pages_fit_and_list_every_entry_once(lang, name):
    pages = glossary_pages.pages(lang, name)
    listed = []
    for page in pages:
        assert utf16_len(page.content) <= CONTENT
        assert len(page.entries) <= glossary_pages.PER_PAGE
        for entry in page.entries:
            # the term and its effect as the language lays out a list ("**Banca**. Ottieni…")
            entry_line = text(lang, "bot.help.entry", name=entry.name, effect="")
            assert entry_line.strip() in page.content
            # the "What does it do?" menu takes the short effect, whole in its option
            assert utf16_len(entry.effect) <= OPTION_DESCRIPTION, entry.effect
            listed.append((entry.section, entry.index))
        if lang in ("it", "ru"):
            # no capital after a colon in Italian and Russian: the term ends with a full stop
            # and its effect, a whole sentence, opens with a capital (or a building's VP)
            bullets = [x for x in page.content.split("\n") if x.startswith("• ")]
            opens = re.compile(r"• \*\*[^*]+\*\*\. [^\W_a-zа-яё]")
            assert bullets and all(opens.match(x) for x in bullets), bullets
    want = [(s, i) for s, (_h, pairs) in enumerate(games.glossary(name)) for i in range(len(pairs))]
    assert listed == want
    # The rules come first.
    assert pages[0].content.startswith("**")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", games.NAMES)
def test_every_entry_of_the_help_pages_ends_as_a_sentence(lang, name):
    """A building's effect is a phrase ("2 VP; costs 1 yellow cube"), a card's a sentence: on
    the page both end with a full stop."""
    content = "\n".join(page.content for page in glossary_pages.pages(lang, name))
    bullets = [line for line in content.splitlines() if line.startswith("• ")]
    assert bullets
    assert not [b for b in bullets if not b.rstrip().endswith(ENDS_A_SENTENCE)]


@pytest.mark.parametrize(("lang", "short"), [("it", "PV"), ("es", "PV"), ("ru", "ПО")])
def test_the_help_pages_say_a_building_s_vp_in_words_even_under_the_architect(lang, short):
    """A menu option's 100 characters make a building under the Architect say "8 PV"; the
    help's pages have room for "8 punti vittoria", as for every other building."""
    content = "\n".join(page.content for page in glossary_pages.pages(lang, "havana"))
    architect = [line for line in content.splitlines() if line.count(";") >= 2]
    assert architect  # the buildings that need the Architect
    assert not [line for line in architect if re.search(rf"\b{short}\b", line)], architect[:3]


@pytest.mark.parametrize("lang", languages())
def test_a_menu_writes_a_buildings_vp_out_wherever_its_100_characters_allow(lang):
    """The "What does it do?" menu takes an effect told at length where it fits ("8 punti
    vittoria; costa …; serve l'Architetto"), and the short form ("8 PV") only for the costliest
    buildings, whose long telling would not fit: so a menu rarely mixes the two."""
    pages = glossary_pages.pages(lang, "havana")
    sections = games.glossary("havana")
    short = 0
    for page in pages:
        for entry in page.entries:
            effect = sections[entry.section][1][entry.index][1]
            roomy = text_msg(lang, games.roomy("havana", effect))
            if utf16_len(roomy) <= OPTION_DESCRIPTION:
                assert entry.effect == roomy, (entry.name, entry.effect)
            else:
                assert entry.effect == text_msg(lang, effect)
                short += 1
    assert short <= 4, f"{short} buildings said briefly"
