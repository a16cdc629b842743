"""The translators' proof sheet: every kind of message and picture of a few seeded games, in one
language, made by the bot's own code (the turn messages, prompts, buttons, event lines and final
table of `bot.text.present`, the engines' texts through `bot.text.i18n`, the pictures of `render`),
and written as the page a native reader reviews (`page`). `python -m translations proof LANG OUT/`
runs it. Nothing of the running bot imports this package; it reads `bot/` only through
`bot.text`.

Each game of the registry is played at two table sizes (its smallest and four players, or the
sizes the caller names) and once more with every house rule changed, from fixed seeds by
seeded random choices, so the same language always gives the same sheet (`play`, `pictures`).
Texts only the bot says outside a game's moves (reminders, lobby, help, errors) come from
`catalogue`.

Every text rendered while the sheet is made is heard: its key and its words, nested terms (a
good's name inside a prompt) included, so the sheet knows which keys of the catalogue a reader
has seen and which not (`sheet.Sheet`). One sheet of a language per process: a picture keeps
what it draws the same every time (a board's road and tracks) for the process, so a second
sheet of the same language would not hear those words again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .catalogue import say_everything_else
from .pictures import draw_rating, draw_table
from .play import play_table
from .sheet import KINDS, NAMES, Line, Picture, Sheet, Table, tables


def make(
    lang: str, *, boards: int = 3, sizes: Mapping[str, Sequence[int]] | None = None
) -> tuple[Sheet, list[Table]]:
    """The sheet of `lang`: every table's game (see `tables`) with `boards` boards per table
    (none: no pictures), then what the bot says besides."""
    sheet = Sheet(lang)
    played = []
    for kind, players, seed, rules in tables(sizes):
        table = play_table(sheet, kind, players, seed, rules)
        if boards:
            draw_table(sheet, table, boards if not rules else min(boards, 2))
        played.append(table)
    if boards:
        draw_rating(sheet, [table for table in played if not table.options])
    say_everything_else(sheet, played)
    return sheet, played


__all__ = ["KINDS", "Line", "NAMES", "Picture", "Sheet", "Table", "make", "tables"]
