"""`python -m translations proof LANG OUT/`: the sheet a native reader reviews, read as they would
read it: a page that shows every picture, every kind of message in their language (not English
left in place of a translation), the same files on every run, and an honest list of what it
does not show."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import translations
from games.text import PLURAL

ROOT = Path(__file__).resolve().parents[1]
# What a reviewer must find in their language: one or more messages of each kind.
KINDS = (
    "lobby",
    "prompts",
    "buttons and menu options",
    "log and event lines",
    "screens and DMs",
    "reminders and clock",
    "errors and refusals",
    "end of game",
    "game review",
    "learn to play and hints",
    "leagues",
    "help and commands",
)
# The texts of the game review, learn to play and the leagues, by the start of their keys.
FEATURES = ("bot.review.", "bot.learn.", "bot.hint.", "bot.mode.", "bot.league.")


def start_proof(lang: str, out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "translations", "proof", lang, str(out), "--boards", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(run: subprocess.Popen) -> str:
    said, complained = run.communicate(timeout=120)
    assert run.returncode == 0, complained
    return said


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, tuple[Path, str]]:
    """The sheets of two languages, and the first one again, made side by side."""
    outs = {run: tmp_path_factory.mktemp(f"proof-{run}") for run in ("it", "ru", "it-again")}
    runs = {run: start_proof(run.split("-")[0], out) for run, out in outs.items()}
    return {run: (outs[run], finish(started)) for run, started in runs.items()}


def rows(out: Path) -> list[tuple[str, str, str, str]]:
    lines = (out / "messages.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "kind\tkey\tsituation\ttext"
    found = [tuple(line.split("\t")) for line in lines[1:]]
    assert all(len(row) == 4 for row in found)
    return found


def english() -> dict[str, str]:
    import bot.command_texts  # noqa: F401  (the slash commands' texts)
    from bot.text.i18n import english

    return dict(english())


def fixed_words(template: str) -> str:
    """The longest stretch of a template that no placeholder or plural form fills in."""
    parts = re.split(r"\{[^{}]*\}", PLURAL.sub("{}", template))
    return max((p.strip() for p in parts), key=len, default="")


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_page_shows_every_picture_and_every_picture_is_a_png(sheets, lang):
    out, _ = sheets[lang]
    page = (out / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'src="pictures/([^"]+)"', page))
    files = {p.name for p in (out / "pictures").iterdir()}
    assert files and linked == files
    for name in files:
        with Image.open(out / "pictures" / name) as picture:
            assert picture.format == "PNG"
            picture.load()
            assert picture.width >= 400
    for game in ("santiago-3", "santiago-4", "havana-2", "havana-4"):
        for what in ("board", "screen", "final-scores"):
            assert any(n.startswith(f"{game}-{what}") for n in files), (game, what)
    assert "rating-chart.png" in files


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_kind_of_message_is_there_in_the_language_and_not_in_english(sheets, lang):
    out, _ = sheets[lang]
    source = english()
    translated = {
        key: words
        for key, (was, words) in translations.entries(lang).items()
        if source.get(key) == was
    }
    seen_in_language = {kind: 0 for kind in KINDS}
    for kind, key, situation, said in rows(out):
        if key not in translated:
            continue
        ours, theirs = fixed_words(translated[key]), fixed_words(source[key])
        if len(theirs) >= 8 and theirs not in translated[key]:
            assert theirs not in said, f"English left in {kind} {key} ({situation}): {said}"
        if kind in seen_in_language and len(ours) >= 4 and ours in said:
            seen_in_language[kind] += 1
    assert all(seen_in_language.values()), seen_in_language
    page = (out / "index.html").read_text(encoding="utf-8")
    for kind in KINDS:
        assert f">{kind}</h2>" in page


def test_the_same_language_gives_the_same_files(sheets):
    out, said = sheets["it"]
    again, said_again = sheets["it-again"]
    assert said_again == said.replace(str(out), str(again))

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.*")}

    assert files(again) == files(out)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_unrendered_list_names_exactly_the_keys_the_sheet_never_shows(sheets, lang):
    out, said = sheets[lang]
    source = english()
    listed = [
        line.split("\t")[0]
        for line in (out / "unrendered.txt").read_text(encoding="utf-8").splitlines()
    ]
    shown = {key for _, key, _, _ in rows(out)}
    assert not set(listed) & shown
    assert set(listed) | (shown & set(source)) == set(source)
    assert f"{len(source) - len(listed)} of {len(source)} keys rendered" in said
    assert f"{len(listed)} never" in said


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_text_of_the_review_learning_and_leagues_is_on_the_sheet(sheets, lang):
    out, _ = sheets[lang]
    shown = {key for _, key, _, _ in rows(out)}
    features = [key for key in english() if key.startswith(FEATURES)]
    assert features and not [key for key in features if key not in shown]
    said = {key: text for kind, key, _, text in rows(out) if kind == "learn to play and hints"}
    said |= {key: text for kind, key, _, text in rows(out) if kind == "leagues"}
    # a lesson opens the first prompt of its kind under its heading; "More" tells it at length
    lesson = translations.entries(lang)["bot.learn.lesson.santiago.drive"][1]
    lesson = lesson.replace("\n", "\\n")  # (the file writes a line break as \n)
    assert said["bot.learn.lesson.santiago.drive"].endswith(lesson)
    assert said["bot.learn.lesson.santiago.drive"] != lesson
    # a league's texts name the league, not a player
    assert "Malecón Cup" in said["bot.league.standings_final"]


def test_every_text_the_sheet_renders_from_the_catalogue_has_its_own_values():
    """No placeholder left as "?" ("? (?/?)" for the help's page buttons)."""
    from proof import make

    sheet, _ = make("ru", boards=0)
    assert sheet.lines and not sheet.unfilled


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_key_of_the_catalogue_is_on_the_sheet(sheets, lang):
    """What no seeded game reaches (an empty bag, a free building) is rendered from its
    catalogue, so a reviewer reads every text on the page."""
    out, said = sheets[lang]
    assert (out / "unrendered.txt").read_text(encoding="utf-8") == ""
    assert "0 never" in said
    reached = [r for r in rows(out) if r[1] == "havana.event.black_market_empty"]
    assert reached and "no seeded game" in reached[0][2]


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_havana_hand_on_the_sheet_holds_cards(sheets, lang):
    """A hand, a discard pile and the cubes a player holds are shown with what a player holds
    («У вас на руке: Мама (9), …»); having none is a phrase of its own, under its own key."""
    import games
    from bot.text.i18n import text_msg
    from games.text import Msg

    games.get("havana")
    nothing = text_msg(lang, Msg("havana.nothing"))
    mama = text_msg(lang, Msg("havana.card.mama"))
    said = {key: text for _, key, _, text in rows(sheets[lang][0])}
    for key in ("havana.means.hand", "havana.means.discard", "havana.means.materials"):
        assert nothing not in said[key], said[key]
    assert mama in said["havana.means.hand"], said["havana.means.hand"]


def test_the_glossary_of_each_game_is_on_the_sheet_with_its_longer_tellings(sheets):
    import games

    out, _ = sheets["it"]
    in_help = {key for _, key, where, _ in rows(out) if where.startswith("/game help")}
    for game in ("santiago", "havana"):
        effects = [effect for _, pairs in games.glossary(game) for _, effect in pairs]
        longer = [games.detail(game, e) for e in effects]
        assert effects and any(e.key != d.key for e, d in zip(effects, longer, strict=True))
        assert {m.key for m in effects + longer} <= in_help


def test_a_language_without_a_catalogue_is_refused_clearly(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "translations", "proof", "xx", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "xx" in done.stdout and not (tmp_path / "out").exists()


def test_the_sheet_shows_the_alt_texts_of_every_picture_kind_of_both_games(sheets):
    """A reviewer reads what a screen reader says of each picture: boards, screens and final
    scores of both games at every table's number of players (four long names fill an alt text
    most), not only the first four alt texts of the sheet."""
    out, _ = sheets["ru"]
    said = {key for _, key, _, _ in rows(out) if key.startswith("alt text")}
    for kind, players in (("santiago", 3), ("santiago", 4), ("havana", 2), ("havana", 4)):
        for picture in ("board", "screen", "final scores"):
            assert f"alt text: {kind} {picture}, {players} players" in said, sorted(said)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_each_gender_is_shown_once_in_a_sentence_never_as_a_bare_letter(sheets, lang):
    out, _ = sheets[lang]
    genders = [(key, text) for _, key, _, text in rows(out) if key.endswith(".gender")]
    keys = [key for key, _ in genders]
    assert genders and len(keys) == len(set(keys)) == len(
        [k for k in english() if k.endswith(".gender")]
    )
    assert all(" " in text for _, text in genders), genders[:3]
