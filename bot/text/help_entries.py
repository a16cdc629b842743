"""A glossary entry of `/game help` as its page tells it: the name, then the effect at length."""

from __future__ import annotations

from typing import Any

import games
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
