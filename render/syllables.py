"""Where a word on a picture may break across two lines.

A catalogue may mark the breaks of a long name itself with soft hyphens (U+00AD,
"Schnaps\u00adbrennerei"): then only those are used. Otherwise a word breaks at the syllable
boundaries of the picture's language, from pyphen's dictionaries (en, de, es, it and ru are
among them), and after a hyphen it already has ("Anna-|Lena"). A soft hyphen is never drawn:
a line that ends at one ends in "-", and a name drawn whole is drawn without them.
"""

from __future__ import annotations

from functools import cache, lru_cache

import pyphen

SHY = "\u00ad"


def plain(text: str) -> str:
    """`text` as it is drawn on one line: without its soft hyphens."""
    return text.replace(SHY, "") if SHY in text else text


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=found) if found else None


@lru_cache(maxsize=4096)
def breaks(word: str, lang: str) -> tuple[int, ...]:
    """The positions in `plain(word)` where it may end a line (a hyphen is then drawn unless the
    line already ends in one), in increasing order."""
    if SHY in word:
        out, at = [], 0
        for ch in word:
            if ch == SHY:
                out.append(at)
            else:
                at += 1
        found = set(out)
    else:
        dictionary = _dictionary(lang)
        found = set(dictionary.positions(word)) if dictionary is not None else set()
    text = plain(word)
    found |= {i + 1 for i, ch in enumerate(text[:-1]) if ch == "-" and i > 0}
    return tuple(sorted(p for p in found if 0 < p < len(text)))


def first_part(text: str, at: int) -> str:
    """The line that ends at in-word break `at` of plain `text`: with its hyphen."""
    head = text[:at]
    return head if head.endswith("-") else head + "-"
