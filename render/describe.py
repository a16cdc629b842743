"""Every picture in words: its alt text, and the text board a screen reader reads.

A picture's words are built from the same view the picture is drawn from (the public view for a
board, a player's view for their screen, the result for the final scores), in the picture's
language, through the same catalogues. A description is a list of `Section`s: a heading and
one line per place or player. `alt_text` joins them into the picture's alt text (what matters
first: the position, the players, then the places); `text_board` writes them as
Markdown headings and one list item per line, with no box-drawing and no emoji, for
`/game board text:True` and the accessibility setting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from games.core import Result
from games.text import players, tiebreak

from . import draw as dr
from .captions import _catalogue, current, language, say, say_msg, worded
from .faces import faces_of

SOFT_HYPHEN = "\u00ad"
# Discord's limit for an attachment's description, in UTF-16 code units (the bot clips again).
ALT_MAX = 1024


@dataclass(frozen=True)
class Section:
    """A heading and its lines; `key` says what it is about, for the order of the alt text."""

    key: str
    heading: str
    lines: tuple[str, ...] = ()
    # the same lines in fewer words, for an alt text that would not fit otherwise
    brief: tuple[str, ...] | None = None
    # the heading in fewer words, with the brief lines (the heading itself if None)
    brief_heading: str | None = None
    # fewer words still, tried after every section's brief, before any place is left out
    briefer: tuple[str, ...] | None = None


def waiting(view, names: Sequence[str]) -> Section | None:
    """Who the position waits for (part of the position: the alt text says after which move)."""
    if view.game_over or not view.pending:
        return None
    seats = list(dict.fromkeys(p.seat for p in view.pending))
    who = say_msg(players(seats), names)
    return Section("waiting", say("pic.waiting", who=who))


def board_sections(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
) -> list[Section]:
    """The public board in sections, from the public view only (it may go to a channel)."""
    if hasattr(view, "public") and hasattr(view, "seat"):
        raise TypeError("a board is described from the public view, not a player view")
    game = faces_of(view)
    with language(lang):
        return game.board_text(view, _names(view, names), move)


def screen_sections(
    player_view, names: Sequence[str] | None = None, lang: str | None = None
) -> list[Section]:
    """What lies behind one player's screen (only for that player: a DM or a private answer)."""
    game = faces_of(player_view)
    with language(lang):
        return game.screen_text(player_view, _names(player_view.public, names))


def _names(view, names: Sequence[str] | None) -> list[str]:
    return dr.seat_names(view.player_count, names)


def last_section(name: str, what: str, briefly: str | None = None) -> Section:
    """The last move ("Last: Anna — bought the Bank (top row, left end)"), and the same without
    "Last:", in its fewest words (`briefly`: "bought the Bank"), which an alt text short of
    room says before it leaves the move out."""
    brief = say("pic.last_brief", name=name, what=what if briefly is None else briefly)
    return Section("last", say("pic.last", name=name, what=what), brief=(), brief_heading=brief)


# What an alt text leaves out first when saying everything briefly is still too long: the last
# move, which the message beside the picture tells in its own words anyway.
EXPENDABLE = ("last",)


def alt_text(sections: Sequence[Section], limit: int = ALT_MAX) -> str:
    """The sections as one paragraph: "Heading: line; line." each, in the order given. When
    that is longer than `limit` UTF-16 code units, it gives up words until it fits, in this
    order: the sections say it briefly where they can (the first first, the `EXPENDABLE`
    ones last: the last move without "Last:", in its fewest words); the `EXPENDABLE` ones are
    left out whole; the sections say it more briefly still where they can; then the places
    are left out whole, the last in the order first, and a closing sentence counts the places
    left out (not the last move: the message beside the picture tells it, and the sentence
    would only take the room a place needs). Where no place went out, an `EXPENDABLE` part
    left out comes back, briefly, if the briefer places made room for it. Never a word cut in
    its middle."""
    sections = [_plain(section) for section in sections]
    parts = [_part(section, section.lines) for section in sections]
    left: set[int] = set()

    def said() -> str:
        kept = [part for j, part in enumerate(parts) if j not in left]
        places = [j for j in left if sections[j].key not in EXPENDABLE]
        if places:
            kept.append(say("pic.alt.left_out", count=len(places)))
        return " ".join(kept)

    numbered = list(enumerate(sections))
    # the places say it briefly before the last move does, which goes before any place
    steps = [("brief", k) for k, s in numbered if s.brief is not None and s.key not in EXPENDABLE]
    steps += [("brief", k) for k, s in numbered if s.brief is not None and s.key in EXPENDABLE]
    steps += [("out", k) for k, s in numbered if s.key in EXPENDABLE]
    steps += [("briefer", k) for k, s in numbered if s.briefer is not None]
    steps += [("out", k) for k, s in numbered[::-1] if s.key not in EXPENDABLE]
    for how, k in steps:
        if _units(said()) <= limit:
            break
        if how == "out":
            left.add(k)
        else:
            section = sections[k]
            parts[k] = _part(section, getattr(section, how), section.brief_heading)
    # the places said more briefly may have made room for what went out before them (but
    # where a place went out, nothing left out before it comes back)
    if all(sections[k].key in EXPENDABLE for k in left):
        for k in sorted(left):
            left.discard(k)
            if _units(said()) > limit:
                left.add(k)
    return said()


def _plain(section: Section) -> Section:
    """A section without the soft hyphens that mark where a picture may break a long name:
    words are read whole."""

    def whole(line: str) -> str:
        return worded(line.replace(SOFT_HYPHEN, ""), line)

    def plain(lines):
        return None if lines is None else tuple(whole(line) for line in lines)

    heading = section.heading.replace(SOFT_HYPHEN, "")
    brief_heading = section.brief_heading
    if brief_heading is not None:
        brief_heading = brief_heading.replace(SOFT_HYPHEN, "")
    return Section(
        section.key,
        heading,
        plain(section.lines),
        plain(section.brief),
        brief_heading,
        plain(section.briefer),
    )


def _part(section: Section, lines: Sequence[str], heading: str | None = None) -> str:
    heading = section.heading if heading is None else heading
    if lines:
        return f"{heading}: {'; '.join(going_on(line) for line in lines)}."
    return _sentence(heading)


# German writes its nouns, with which a line opens, with a capital wherever they stand.
KEEPS_ITS_CAPITAL = frozenset({"de"})


def going_on(line: str) -> str:
    """A line as it reads going on after a colon, a semicolon or a dash, not starting a list
    item: in lower case («Судно 1 из 7: спрос: …; стоимость: …») where it opens with a word of
    the catalogue's own; a name, a number or a player's line keeps its capital. In German
    only a word that is no noun goes to lower case ("nach Zug 13", "Runde 2")."""
    if not getattr(line, "opens_with_word", False):
        return line
    lang = current()
    if lang in KEEPS_ITS_CAPITAL:
        first = WORD.match(line)
        if first is None or first.group().lower() not in _lower_case_words(lang):
            return line
    return line[:1].lower() + line[1:]


WORD = re.compile(r"[^\W\d_]+")
# what ends a sentence, or opens one after it ("Kosten: Holz"), where any word has a capital
OPENS = re.compile(r"(?:^|[.!?:\n—·]\**\s*|\*\*)$")


# what is no word of the sentence: a placeholder, a command in backticks, a soft hyphen (whose
# compound's tail, "Spring-brunnen", is no word of its own)
NOT_WORDS = re.compile(r"\{[^}]*\}|`[^`]*`|\u00ad\w*")


def _lower_case_words(lang: str) -> frozenset[str]:
    """The words the catalogue writes in lower case inside a sentence, and never there with a
    capital: in German, the words that are no noun ("nach", "keine", "dein")."""
    catalogue = _catalogue(lang)
    return _words_in(lang, len(catalogue))  # (a game imported later adds its own)


@cache
def _words_in(lang: str, _size: int) -> frozenset[str]:
    lower, upper = set(), set()
    for template in _catalogue(lang).values():
        template = NOT_WORDS.sub(" ", template)
        for found in WORD.finditer(template):
            if OPENS.search(template[: found.start()]):
                continue
            word = found.group()
            (upper if word[:1].isupper() else lower).add(word.lower())
    return frozenset(lower - upper)


def _units(s: str) -> int:
    """Discord counts a description in UTF-16 code units (an emoji may be two)."""
    return len(s.encode("utf-16-le")) // 2


def _sentence(s: str) -> str:
    s = s.rstrip()
    return s if s.endswith((".", "!", "?", "…", ":")) else s + "."


def text_board(sections: Sequence[Section]) -> str:
    """The sections as Markdown: the first heading as a title, the others as headings, one list
    item per line."""
    out: list[str] = []
    for k, section in enumerate(_plain(s) for s in sections):
        if out:
            out.append("")
        out.append(("## " if k == 0 else "### ") + section.heading)
        out.extend(f"- {line}" for line in section.lines)
    return "\n".join(out)


def board_alt(
    view, names: Sequence[str] | None = None, lang: str | None = None, move: int | None = None
) -> str:
    """The board picture's alt text. Like the picture, it never says who must decide now: the
    picture stays on screen while later prompts, for other players, follow it (the message's
    text, rewritten with each prompt, says who is waiting)."""
    sections = [s for s in board_sections(view, names, lang, move) if s.key != "waiting"]
    order = {key: k for k, key in enumerate(faces_of(view).alt_order)}
    sections.sort(key=lambda s: order.get(s.key, len(order)))
    with language(lang):
        return alt_text(sections)


def screen_alt(player_view, names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """A player's screen picture's alt text (only in that player's DM or private answer)."""
    sections = screen_sections(player_view, names, lang)
    with language(lang):
        return alt_text(sections)


def scores_alt(
    kind: str, result: Result, names: Sequence[str] | None = None, lang: str | None = None
) -> str:
    """The final scores picture's alt text: each place with its score (and, where a score is
    shared, the tie-break values that ordered it, as the picture shows them), the winners, then
    how the game ended and the picture's notes."""
    all_names = dr.seat_names(len(result.scores), names)
    with language(lang):
        title = say("pic.scores.title", game=dr.term(f"{kind}.title", kind))
        # "Anna and Ben", as each language joins names (the picture's words)
        winners = say_msg(players(result.winners), all_names) if result.winners else ""
        lines = []
        for seat in result.ranking:
            place = say("pic.scores.place", n=result.places[seat])
            score = say("pic.text.score", score=result.scores[seat])
            line = say("pic.text.scores.line", place=place, name=all_names[seat], score=score)
            if result.scores.count(result.scores[seat]) > 1:
                line = ", ".join([line, *_tiebreaks(result, seat)])
            lines.append(line)
        sections = [Section("title", title, tuple(lines))]
        if winners:
            key = "pic.scores.winner" if len(result.winners) == 1 else "pic.scores.shared_win"
            sections.append(Section("winners", say(key, names=winners)))
        if result.reason is not None:
            sections.append(Section("reason", say_msg(result.reason, all_names)))
        for k, note in enumerate(result.notes):
            sections.append(Section(f"note {k}", say_msg(note, all_names)))
        return alt_text(sections)


def _tiebreaks(result: Result, seat: int) -> list[str]:
    """A seat's tie-break values in words ("2 goods left", "1 peso"), if the game has them."""
    if seat >= len(result.tiebreaks):
        return []
    pairs = zip(result.tiebreak_names, result.tiebreaks[seat], strict=False)
    return [say_msg(tiebreak(name, value)) for name, value in pairs]
