"""Pictures that fit every language: boards, screens, cards and the final scores, in the five
languages, over many seeded positions (Santiago's with the car in the harbour among them) and
with ordinary long names, as players have them. From the texts the renderer records:

- no text leaves its room or the picture;
- no word is cut: every line holds whole words of the catalogue's texts and the players' names,
  or the first part of a word cut at a syllable boundary of the language (pyphen's dictionary,
  or a soft hyphen the catalogue put there) ending in "-", with the rest of the word starting
  the next line; nothing ends in "…" (a text that does not fit says less instead);
- no text is under the floor: a cap height of `draw.MIN_CAP_PX` where a phone shows the
  picture `draw.PHONE_WIDTH` px wide (on a board, names and scores `draw.NAME_CAP_PX`).

Only the recorded layout is used (no PNG is encoded), so hundreds of pictures take seconds.
"""

from __future__ import annotations

import dataclasses
import random
import re
from functools import cache

import pyphen
import pytest

import games
from games import text as game_text
from render import _board_layout, draw, final_scores_image, screen_image
from render.captions import _catalogue, language
from render.havana import CARD_TITLE, CARD_W, CARDS

LANGUAGES = ("en", "de", "es", "it", "ru")
# Names as players have them: long, accented, two-part, Cyrillic.
NAMES = (
    ("Alessandro", "Константин", "María José", "Maximilian"),
    ("Светлана", "Bartholomew", "Anna-Lena", "Francesca"),
    ("Jean-Baptiste", "Екатерина", "Guadalupe", "Wolfgang"),
)
PER_GAME = 80
SHY = "\u00ad"
NAME_ROLES = {"santiago": {"name", "vp"}, "havana": {"name", "score"}}


@cache
def _positions(kind: str):
    """At least PER_GAME seeded public views of `kind` with their names and move numbers, from
    the start to the end of games of two to four players, every 37th move and the last; for
    Santiago also the positions with the car in the harbour, up to a third of the total."""
    game = games.get(kind)
    found, harbour = [], []
    seed = 0
    while len(found) + len(harbour) < PER_GAME:
        seed += 1
        players = 2 + seed % 3
        names = NAMES[seed % len(NAMES)][:players]
        options = {"open_holdings": seed % 2 == 0} if kind == "santiago" else {}
        state = game.new(players, 100 + seed, options)
        rng = random.Random(seed)
        move = 0
        while True:
            view = game.public_view(state)
            at_harbour = kind == "santiago" and view.road[view.car].citizen is None and move
            if at_harbour and len(harbour) < PER_GAME // 3:
                harbour.append((view, names, move, state))
            elif move % 37 == 0:
                found.append((view, names, move, state))
            pending = game.pending(state)
            if not pending:
                found.append((view, names, move, state))
                break
            decision = pending[rng.randrange(len(pending))]
            codes = game.legal_codes(state, decision.seat)
            state, _ = game.apply(state, decision.seat, codes[rng.randrange(len(codes))])
            move += 1
    assert kind != "santiago" or len(harbour) >= 10
    return found + harbour


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    """Every word the catalogues (this language's and English, its fallback) and the names
    hold, in lower case."""
    texts = list(game_text.ENGLISH.values()) + list(_catalogue(lang).values())
    texts += [name for names in NAMES for name in names]
    words = set()
    for text in texts:
        words.update(w.lower() for w in re.findall(r"[^\W\d_]+", text.replace(SHY, "")))
    return frozenset(words)


@cache
def _dictionary(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=lang)


def _syllable_breaks(word: str, lang: str) -> set[int]:
    """Where a word may break: at its soft hyphens if it has any, else at the dictionary's
    syllable boundaries; and after a hyphen of its own."""
    plain = word.replace(SHY, "")
    if SHY in word:
        at, out = 0, set()
        for ch in word:
            if ch == SHY:
                out.add(at)
            else:
                at += 1
    else:
        out = set(_dictionary(lang).positions(plain))
    return out | {i + 1 for i, ch in enumerate(plain) if ch == "-"}


def _cut_words(line: str, source: str, lang: str) -> list[str]:
    """The words of a drawn `line` that are not whole words of the text it was fitted from,
    nor a part of one cut at a syllable boundary (the first part ending in "-")."""
    words = source.split()
    plain = [w.replace(SHY, "") for w in words]
    bad = []
    for token in line.split():
        if token in plain:
            continue
        ok = False
        for word, whole in zip(words, plain, strict=True):
            breaks = _syllable_breaks(word, lang)
            # a first part: "Uni-" of "Universität" ("Anna-" of "Anna-Lena" keeps its own)
            head = token if whole.startswith(token) else token[:-1]
            first = token.endswith("-") and whole.startswith(head) and len(head) in breaks
            rest = whole.endswith(token) and len(whole) - len(token) in breaks
            ok = ok or first or rest
        if not ok:
            bad.append(token)
    return bad


def _problems(drawn, image, lang: str, floor) -> list[str]:
    vocabulary = _vocabulary(lang)
    out = []
    for t in drawn:
        what = f"{t.role} {t.text!r}"
        x0, y0, x1, y1 = t.box
        if x0 < 0 or y0 < 0 or x1 > image.width or y1 > image.height:
            out.append(f"{what} leaves the picture")
        # (a letter's ink may reach past its advance: "J" by up to a tenth of the size)
        slack = max(2, t.size // 10)
        if t.room is not None and not (t.room[0] - slack <= x0 and x1 <= t.room[1] + slack):
            out.append(f"{what} leaves its room {t.room}")
        if "…" in t.text:
            out.append(f"{what} is cut with an ellipsis")
        if SHY in t.text:
            out.append(f"{what} draws a soft hyphen")
        source = getattr(t, "source", None) or t.text
        for token in _cut_words(t.text, source, lang):
            out.append(f"{what}: {token!r} is not a whole word of {source!r}")
        for word in re.findall(r"[^\W\d_]+", source.replace(SHY, "")):
            if word.lower() not in vocabulary:
                out.append(f"{what}: {word!r} of {source!r} is no word of the texts")
        problem = floor(t)
        if problem:
            out.append(f"{what}: {problem}")
    return out


def _board_floor(kind: str, width: int):
    def floor(t):
        least = draw.NAME_CAP_PX if t.role in NAME_ROLES[kind] else draw.MIN_CAP_PX
        for shown in draw.SHOWN_WIDTHS:
            cap = draw.shown_cap(t.size, width, shown)
            if cap < least - 1e-9:
                return f"cap height {cap:.1f} px at {shown} px wide, under {least}"
        return ""

    return floor


def _phone_floor(width: int):
    def floor(t):
        cap = draw.shown_cap(t.size, width)
        return "" if cap >= draw.MIN_CAP_PX - 1e-9 else f"cap height {cap:.1f} px at phone width"

    return floor


def _report(problems: list[str]) -> str:
    unique = sorted(set(problems))
    return f"{len(problems)} problems, e.g.:\n" + "\n".join(unique[:25])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_boards_and_screens_fit_every_language(kind, lang):
    game = games.get(kind)
    positions = _positions(kind)
    assert len(positions) >= PER_GAME
    problems = []
    for k, (view, names, move, state) in enumerate(positions):
        image, drawn = _board_layout(view, names, lang, move)
        problems += _problems(drawn, image, lang, _board_floor(kind, image.width))
        if kind == "havana" and view.turn_order:
            # the turn order never loses a seat's number (its label gives way first)
            order = [t.text for t in drawn if t.role == "order"]
            if order != [str(s + 1) for s in view.turn_order]:
                problems.append(f"turn order {order} for {view.turn_order}")
        if k % 4 == 0:
            seat = k % len(names)
            player = game.player_view(state, seat)
            if kind == "havana":
                # every action card in the hand, so that each card title is drawn
                player = dataclasses.replace(player, hand=tuple(CARDS))
            with draw.recording() as drawn:
                image = screen_image(player, names, lang)
            problems += _problems(drawn, image, lang, _phone_floor(image.width))
    assert not problems, _report(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_final_scores_fit_every_language(lang):
    problems = []
    for kind, players, seed in (("santiago", 4, 3), ("santiago", 3, 5), ("havana", 4, 4)):
        game = games.get(kind)
        state = game.new(players, seed, {})
        rng = random.Random(seed)
        log = []
        while game.pending(state):
            decision = game.pending(state)[rng.randrange(len(game.pending(state)))]
            codes = game.legal_codes(state, decision.seat)
            code = codes[rng.randrange(len(codes))]
            state, _ = game.apply(state, decision.seat, code)
            log.append((decision.seat, code))
        series = games.vp_series(games.Replay(kind, players, seed, {}, log))
        names = NAMES[seed % len(NAMES)][:players]
        with draw.recording() as drawn:
            image = final_scores_image(kind, game.result(state), names, series, lang)
        problems += _problems(drawn, image, lang, _phone_floor(image.width))
    assert not problems, _report(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_havana_screen_says_whole_why_the_game_ended(lang):
    """Each way a Havana game can end, with two winners of long names: the screen's last line
    says who won and why, every word whole (a house limit on rounds says the most)."""
    game = games.get("havana")
    names = NAMES[0]
    problems = []
    for reason in ("target", "round_limit", "no_buildings", "ended_early"):
        state = game.new(4, 7, {"max_rounds": 12})
        state.phase, state.reason, state.winners = "over", reason, (1, 2)
        view = game.player_view(state, 0)
        with draw.recording() as drawn:
            image = screen_image(view, names, lang)
        problems += _problems(drawn, image, lang, _phone_floor(image.width))
        said = " ".join(t.text for t in drawn)
        why = game_text.render(view.public.end_reason, _catalogue(lang), lang=lang)
        why = why.replace(SHY, "")
        if why.split()[-1] not in said:
            problems.append(f"{reason}: the reason is not said in {said!r}")
    assert not problems, _report(problems)


def _fitted(name, width: int, lang: str, lines: int = 2) -> list[str]:
    """The lines `name` is drawn as in a box `width` px wide with room for `lines` lines at
    an action card title's size, on a real canvas."""
    image, d = draw.new_canvas(200, 80)
    with language(lang), draw.recording() as drawn:
        draw.fit_text(
            d,
            (100, 40),
            name,
            width,
            size=CARD_TITLE,
            min_size=CARD_TITLE,
            anchor="mm",
            lines=lines,
            height=2 * draw.line_height(CARD_TITLE),
        )
    return [t.text for t in drawn]


def test_a_soft_hyphen_is_drawn_only_where_the_line_breaks():
    """A catalogue may mark where a long name breaks (U+00AD): drawn whole, the name shows no
    mark; broken there, the first line ends in "-"; no other break is taken in that word."""
    name = "Schnaps\u00adbrennerei"
    assert _fitted(name, 190, "de") == ["Schnapsbrennerei"]
    assert _fitted(name, 92, "de") == ["Schnaps-", "brennerei"]
    # one line only: never a part of the word
    assert _fitted(name, 92, "de", lines=1) == [] or _fitted(name, 92, "de", lines=1)[0].count(
        "Schnaps"
    )


@pytest.mark.parametrize(
    "lang, name, lines",
    [
        # "Придорожный" is wider than the card's title at its floor
        ("ru", "Придорожный алтарь", ["Придорож-", "ный алтарь"]),
        ("ru", "Вор материалов", ["Вор", "материалов"]),
        ("de", "Schwarzmarkt", ["Schwarz-", "markt"]),
        ("de", "Zigarrenfabrik", ["Zigar-", "renfabrik"]),
    ],
)
def test_a_word_too_long_for_its_line_breaks_at_a_syllable(lang, name, lines):
    """On an action card (its title CARD_W - 8 px wide): never "Придоро / жный"."""
    assert _fitted(name, CARD_W - 8, lang) == lines
    assert _fitted("Refreshment", CARD_W - 8, "en") == ["Refreshment"]  # whole where it fits


# Where a translator may mark the breaks of long names (U+00AD), as the catalogues may.
SOFT = {
    "de": {
        "Schnapsbrennerei": "Schnaps\u00adbrennerei",
        "Zeitungsverlag": "Zeitungs\u00adverlag",
        "Schwarzmarkt": "Schwarz\u00admarkt",
        "Zigarrenfabrik": "Zigarren\u00adfabrik",
    },
    "ru": {
        "Университет": "Уни\u00adвер\u00adси\u00adтет",
        "Придорожный": "При\u00adдо\u00adрож\u00adный",
        "начальника": "на\u00adчаль\u00adни\u00adка",
    },
}


@pytest.mark.parametrize("lang", sorted(SOFT))
@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_soft_hyphens_in_the_catalogue_are_never_drawn_unbroken(kind, lang, monkeypatch):
    """With the catalogue's long names marked with soft hyphens, every picture still fits
    (the same checks), no soft hyphen is drawn, and a name is drawn whole where it fits."""
    from render import captions

    plain = captions._catalogue(lang)
    marked = {}
    for key, value in plain.items():
        for word, soft in SOFT[lang].items():
            value = value.replace(word, soft)
        marked[key] = value
    monkeypatch.setattr(captions, "_catalogue", lambda code: marked if code == lang else plain)
    game = games.get(kind)
    problems, seen = [], set()
    for k, (view, names, move, state) in enumerate(_positions(kind)[::3]):
        image, drawn = _board_layout(view, names, lang, move)
        problems += _problems(drawn, image, lang, _board_floor(kind, image.width))
        seen |= {t.text for t in drawn}
        if k % 3 == 0:
            player = game.player_view(state, k % len(names))
            if kind == "havana":
                player = dataclasses.replace(player, hand=tuple(CARDS))
            with draw.recording() as drawn:
                image = screen_image(player, names, lang)
            problems += _problems(drawn, image, lang, _phone_floor(image.width))
            seen |= {t.text for t in drawn}
    assert not problems, _report(problems)
    if kind == "santiago" and lang == "de":
        assert "Zigarrenfabrik" in seen  # drawn whole, without its mark
    if kind == "havana" and lang == "de":
        assert {"Schwarz-", "markt"} <= seen  # broken at the mark on an action card
