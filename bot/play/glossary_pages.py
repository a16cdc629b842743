"""A game's pages in `/game help`: its rules, then every card, building and person of the game
with its effect (`games.glossary`), in the reader's language.

A page is one message's content, so it keeps within Discord's 2,000 characters in every
language, and holds at most one select menu's worth of entries (25): the "What does it do?"
menu under it lists the entries it shows. The first page holds the rules and the first
section; every further section starts a page of its own and runs on to more pages when long.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import games
from bot.text import present
from bot.text.help_entries import help_entry, menu_effect
from bot.text.i18n import english, text, text_msg
from bot.text.lengths import CONTENT, utf16_len

# One select menu's options.
PER_PAGE = 25


@dataclass(frozen=True)
class Entry:
    """One card, building or person: where the glossary holds it, and what the reader reads."""

    section: int
    index: int
    name: str
    effect: str

    @property
    def value(self) -> str:
        return f"{self.section}.{self.index}"


@dataclass
class Page:
    heading: str
    lines: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)

    @property
    def content(self) -> str:
        return present.end_lists("\n".join(self.lines))

    def takes(self, line: str) -> bool:
        room = len(self.entries) < PER_PAGE
        return room and utf16_len(self.content + "\n" + line) <= CONTENT


def rules(locale: Any, kind: str) -> str:
    """A game's rules in one paragraph: ours in the bot's catalogue, another game's in its own."""
    key = f"bot.help.{kind}" if f"bot.help.{kind}" in english() else f"{kind}.rules"
    return present.clip(text(locale, key), CONTENT)


def pages(locale: Any, kind: str) -> list[Page]:
    """The rules page (with the first section), then the pages of the other sections."""
    found = [Page("", [rules(locale, kind)])]
    for s, (heading, pairs) in enumerate(games.glossary(kind)):
        title = text_msg(locale, heading)
        if s == 0 and found[0].takes(f"\n**{title}**"):
            found[0].heading = title
            found[0].lines += ["", f"**{title}**"]
        else:
            found.append(Page(title, [f"**{title}**"]))
        for i, (name, effect) in enumerate(pairs):
            # (the menu's 100 characters take the short effect; the page has room for words)
            entry = Entry(s, i, text_msg(locale, name), menu_effect(locale, kind, effect))
            line = present.clip(help_entry(locale, kind, name, effect), CONTENT // 2)
            if not found[-1].takes(line):
                found.append(Page(title, [f"**{title}**"]))
            found[-1].lines.append(line)
            found[-1].entries.append(entry)
    return found


def entry(locale: Any, kind: str, value: str) -> tuple[str, str] | None:
    """The name of the entry a menu's `value` picks and its effect told at length; None when
    the game no longer has it."""
    section, _, index = value.partition(".")
    if not (section.isdigit() and index.isdigit()):
        return None
    sections = games.glossary(kind)
    if int(section) >= len(sections) or int(index) >= len(sections[int(section)][1]):
        return None
    name, effect = sections[int(section)][1][int(index)]
    return text_msg(locale, name), text_msg(locale, games.detail(kind, effect))
