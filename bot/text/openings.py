"""A player's favourite opening in words, as `/game history stats` and the proof sheet say it."""

from __future__ import annotations

from typing import Any

from bot.text import present
from bot.text.i18n import text_msg
from games.text import Msg


def opening_text(locale: Any, opening: str) -> str:
    """`opening`: catalogue keys joined by "+" (a building; two cards), as the store keeps it.
    Two cards are joined as the language joins a list ("Mama (9) e Ladro di materiali (6)")."""
    return present.listed(locale, [text_msg(locale, Msg(key)) for key in opening.split("+")])
