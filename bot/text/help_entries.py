"""What a card, building or person does, in words: as a glossary entry of `/game help`'s pages
tells it (the name, then the effect at length), and as a menu entry's description fits it."""

from __future__ import annotations

from typing import Any

import games
from bot.text import lengths
from bot.text.i18n import text, text_msg

# A building's effect is a phrase ("2 VP; costs 1 yellow cube"), a card's a sentence: on a page
# every entry ends as a sentence does.
ENDS_A_SENTENCE = (".", "!", "?", "…", ".)", ".»", ".”")


def help_entry(locale: Any, kind: str, name: Any, effect: Any) -> str:
    """ "• **Statue**: 2 VP; costs 1 yellow cube and 2 pesos." in the language of `locale`."""
    said = text_msg(locale, games.roomy(kind, effect)).rstrip()
    if not said.endswith(ENDS_A_SENTENCE):
        said += "."
    return text(locale, "bot.help.entry", name=text_msg(locale, name), effect=said)


def menu_effect(locale: Any, kind: str, effect: Any, names=None) -> str:
    """An effect for a menu entry's description: told at length (a building's VP written out,
    "8 punti vittoria") where that fits its 100 characters, else in the short form its
    catalogue writes for menus ("8 PV")."""
    roomy = text_msg(locale, games.roomy(kind, effect), names)
    if lengths.utf16_len(roomy) <= lengths.OPTION_DESCRIPTION:
        return roomy
    return text_msg(locale, effect, names)
