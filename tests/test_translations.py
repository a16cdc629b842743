"""The catalogues: complete, faithful to the English placeholders, with each language's plurals;
and a pseudo-language proving that every drawn or sent word comes from them."""

from __future__ import annotations

import re

import pytest

import bot.command_texts  # noqa: F401  (the slash commands' texts are in the catalogue)
import games
import translations
from bot.text.i18n import english, language, languages, text, text_msg
from games.text import PLURAL, Msg, placeholders
from render import _board_layout, draw, final_scores_image, screen_image
from render.demo import play

OTHERS = [lang for lang in languages() if lang != "en"]


def _fields(template: str) -> set[str]:
    """Placeholders, plural and ordinal numbers included."""
    return placeholders(PLURAL.sub(lambda m: "{" + m[1] + "}", template))


def test_we_speak_five_languages():
    assert languages() == ("en", "de", "es", "it", "ru")
    assert language("es-ES") == "es" and language("ru") == "ru" and language("ja") == "en"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_the_english_placeholders_and_know_no_other_keys(lang):
    source = english()
    found = translations.entries(lang)
    unknown = sorted(set(found) - set(source))
    assert not unknown, f"{lang}: keys the English lacks: {unknown}"
    outdated = sorted(k for k, (msgid, _) in found.items() if msgid != source[k])
    assert not outdated, f"{lang}: translated from an older English: {outdated}"
    wrong = [
        (key, sorted(_fields(source[key])), sorted(_fields(target)))
        for key, (_, target) in found.items()
        if _fields(target) != _fields(source[key])
    ]
    assert not wrong, f"{lang}: placeholders differ: {wrong}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_is_translated(lang):
    missing = sorted(set(english()) - set(translations.entries(lang)))
    assert not missing, f"{lang}: {len(missing)} keys without a translation, first {missing[:20]}"


def test_the_completeness_check_names_the_missing_key(tmp_path, monkeypatch, capsys):
    from translations.__main__ import check

    monkeypatch.setattr(translations, "HERE", tmp_path)
    (tmp_path / "xx.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgctxt "t.a"\nmsgid "Hello {name}"\nmsgstr "Salut {name}"\n',
        encoding="utf-8",
    )
    translations.languages.cache_clear()
    translations.entries.cache_clear()
    try:
        assert check({"t.a": "Hello {name}", "t.b": "Bye"}) == 1
    finally:
        translations.languages.cache_clear()
        translations.entries.cache_clear()
    assert "xx: missing: t.b" in capsys.readouterr().out


# Expected by hand from each language's grammar, never by asking the library twice.
NUMBERS = (0, 1, 2, 5, 11, 21, 22, 25)
HOURS = {
    "en": (
        "0 hours",
        "1 hour",
        "2 hours",
        "5 hours",
        "11 hours",
        "21 hours",
        "22 hours",
        "25 hours",
    ),
    "it": ("0 ore", "1 ora", "2 ore", "5 ore", "11 ore", "21 ore", "22 ore", "25 ore"),
    "ru": (
        "0 часов",
        "1 час",
        "2 часа",
        "5 часов",
        "11 часов",
        "21 час",
        "22 часа",
        "25 часов",
    ),
}
RUSSIAN_VP = (
    "0 победных очков",
    "1 победное очко",
    "2 победных очка",
    "5 победных очков",
    "11 победных очков",
    "21 победное очко",
    "22 победных очка",
    "25 победных очков",
)


@pytest.mark.parametrize("lang", sorted(HOURS))
def test_plural_forms_by_the_number(lang):
    for number, expected in zip(NUMBERS, HOURS[lang], strict=True):
        assert text(lang, "bot.time.hours", n=number) == expected


def test_russian_victory_points_take_three_forms():
    games.get("santiago")
    for number, expected in zip(NUMBERS, RUSSIAN_VP, strict=True):
        assert (
            text_msg("ru", Msg("santiago.event.gain_vp", {"vp": number, "player": "Анна"}))
            == f"Анна получает {expected}."
        )


def test_italian_drive_agrees_in_number():
    games.get("santiago")
    to = Msg("santiago.citizen.pedro")
    drive = {"to": to, "player": "Anna"}
    one = text_msg("it", Msg("santiago.event.drive", {**drive, "stops": 1, "cost": 0}))
    many = text_msg("it", Msg("santiago.event.drive", {**drive, "stops": 21, "cost": 1}))
    assert (
        one == "Anna sposta l'auto di 1 fermata verso Pedro (commerciante di tabacco) per 0 pesos."
    )
    assert (
        many == "Anna sposta l'auto di 21 fermate verso Pedro (commerciante di tabacco) per 1 peso."
    )


# --- the pseudo-language --------------------------------------------------------------------------

PSEUDO = translations.PSEUDO
NAMES = ("Ana", "Bo", "Cy", "Di")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _english_left(s: str, names=NAMES) -> list[str]:
    for name in names:
        s = s.replace(name, "")
    return ENGLISH_WORD.findall(s)


def test_the_pseudo_language_is_longer_bracketed_and_keeps_placeholders():
    template = "Drive {stops:plural|one=# stop|other=# stops} to {to}"
    fake = translations.pseudo(template)
    assert fake.startswith("[") and fake.endswith("]")
    assert _fields(fake) == _fields(template)
    assert len(fake) >= 1.4 * len(template) - 20
    assert not ENGLISH_WORD.findall(PLURAL.sub("", fake).replace("{to}", ""))


def _pictures():
    for kind, players, steps in (("santiago", 3, 150), ("havana", 4, 45), ("santiago", 2, 0)):
        state = play(kind, players, 7 + players, steps)
        game = games.get(kind)
        yield "board", (game.public_view(state),)
        yield "screen", (game.player_view(state, 0),)
    for kind in ("santiago", "havana"):
        log = []
        state = play(kind, 3, 10, None, log=log)
        series = games.vp_series(games.Replay(kind, 3, 10, {}, log))
        yield "scores", (kind, games.get(kind).result(state), series)


@pytest.mark.parametrize("index", range(8))
def test_every_drawn_word_comes_from_the_catalogue_and_stays_in_its_box(index):
    what, args = list(_pictures())[index]
    names = list(NAMES)
    if what == "board":
        image, drawn = _board_layout(args[0], names[: _players(args[0])], PSEUDO)
    else:
        with draw.recording() as drawn:
            if what == "screen":
                image = screen_image(args[0], names, PSEUDO)
            else:
                kind, result, series = args
                image = final_scores_image(kind, result, names[:3], series, PSEUDO)
    assert drawn
    for t in drawn:
        assert not _english_left(t.text), f"{what}: English left in {t.text!r}"
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and x1 <= image.width and y0 >= 0 and y1 <= image.height, t.text
        if t.room is not None:
            assert t.room[0] - 2 <= x0 and x1 <= t.room[1] + 2, f"{t.text!r} leaves {t.room}"


def _players(view) -> int:
    count = getattr(view, "players_count", None)
    return count if count is not None else view.players


def test_every_message_comes_from_the_catalogue():
    for key, template in english().items():
        values = {name: 3 for name in _fields(template)}
        line = text_msg(PSEUDO, Msg(key, values))
        assert not _english_left(line), f"{key}: {line!r}"


GLOSSARY = translations.HERE / "glossary"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_glossary_terms_appear_in_the_catalogue_as_listed(lang):
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and not line.startswith("| key")
    ]
    assert rows
    found = translations.entries(lang)
    for key, term, _source in rows:
        assert key in english(), f"{lang} glossary: unknown key {key}"
        if key in found:  # a key not translated yet shows the English
            # a soft hyphen only marks where a picture may break the word
            said = found[key][1].replace("\u00ad", "").lower()
            assert term.lower() in said, f"{lang}: {key} does not say {term!r}"


# Game terms: the goods, citizens and buildings of Santiago de Cuba; Havana's cards, buildings
# and cube colours (a custom deck's building is named as its file names it).
GAME_TERM = re.compile(
    r"^(santiago\.(good|citizen|building)\.|havana\.(card|building|colour)\.)[a-z_]+$"
)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_game_term_is_in_the_glossary_with_its_source(lang):
    listed = {
        line.strip().strip("|").split("|")[0].strip()
        for line in (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and not line.startswith("| key")
    }
    terms = [k for k in english() if GAME_TERM.match(k) and k != "havana.building.custom"]
    assert len(terms) > 60
    missing = [k for k in terms if k not in listed]
    assert not missing, f"{lang} glossary lists no word for {missing}"


@pytest.mark.parametrize(
    "colours",
    [{"bob": "red"}, {"el_zorro": "red"}, {"jose": "pink"}, [1, 2], "no/such/colours.json"],
    ids=["citizen", "el-zorro", "colour", "not-a-mapping", "no-file"],
)
def test_a_refused_option_says_why_in_the_readers_language(colours):
    """Why an option is refused is a phrase of the catalogue, never English pasted in: only
    what the player typed stays as typed."""
    with pytest.raises(games.OptionError) as refused:
        games.get("santiago").options({"citizen_colours": colours})
    said = text_msg(PSEUDO, refused.value.msg)
    # the codes the file takes are shown as code, as typed in any language
    typed = re.sub(r"`[^`]*`", "", said)
    assert not _english_left(typed, [*NAMES, "bob", "pink", "red"]), said
