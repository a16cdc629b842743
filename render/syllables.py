"""Where a word on a picture may break across two lines.

A catalogue may mark the breaks of a long name itself with soft hyphens (U+00AD,
"Schnaps\u00adbrennerei"): then only those are used. Otherwise a word breaks at the syllable
boundaries of the picture's language, from pyphen's dictionaries (en, de, es, it and ru are
among them), and after a hyphen it already has ("Anna-|Lena"). A soft hyphen is never drawn:
a line that ends at one ends in "-", and a name drawn whole is drawn without them.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

import pyphen

SHY = "\u00ad"


def plain(text: str) -> str:
    """`text` as it is drawn on one line: without its soft hyphens."""
    return text.replace(SHY, "") if SHY in text else text


# A syllable has a vowel: a break that would leave a part without one ("Schwa-rz") is wrong.
VOWELS = frozenset("aeiouyäöüáéíóúàèìòùâêîôûœæаеёиоуыэюя")
LEFT = RIGHT = 2  # letters a break leaves at least before and after it (pyphen's default)


class _Text:
    """One level of a two-level dictionary, read by pyphen as if it were a file."""

    def __init__(self, encoding: str, body: str):
        self.encoding, self.body = encoding, body

    def open(self, _mode: str):
        return io.BytesIO(self.encoding.encode() + b"\n")

    def read_text(self, _encoding: str) -> str:
        return self.encoding + "\n" + self.body


@cache
def _levels(lang: str) -> tuple[pyphen.HyphDict, ...]:
    """The dictionary's pattern levels. German's has two (compound boundaries, then
    syllables inside each part, split by a NEXTLEVEL line), which pyphen would read as one
    and get wrong ("Schwa-rz-markt"); each level is read on its own here."""
    found = pyphen.language_fallback(lang)
    if not found:
        return ()
    path = Path(pyphen.LANGUAGES[found])
    raw = path.read_bytes()
    encoding = raw.split(b"\n", 1)[0].decode().strip()
    encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
    body = raw.decode(encoding).split("\n", 1)[1]
    if "\nNEXTLEVEL" not in body:
        return (pyphen.HyphDict(path),)
    first, second = body.split("\nNEXTLEVEL", 1)
    return pyphen.HyphDict(_Text(encoding, first)), pyphen.HyphDict(_Text(encoding, second))


def _syllables(word: str, lang: str) -> set[int]:
    levels = _levels(lang)
    if not levels:
        return set()
    n = len(word)
    found = {p for p in levels[0].positions(word) if LEFT <= p <= n - RIGHT}
    compound = set(found) if len(levels) > 1 else set()
    if len(levels) > 1:
        edges = [0, *sorted(found), n]
        for start, end in zip(edges, edges[1:], strict=False):
            part = word[start:end]
            found |= {start + p for p in levels[1].positions(part) if 0 < p < len(part)}
    found = {p for p in found if LEFT <= p <= n - RIGHT}
    # drop breaks that leave a part without a vowel, until every part has one
    lower = word.lower()
    while True:
        edges = [0, *sorted(found), n]
        empty = [
            k for k in range(len(edges) - 1) if not VOWELS & set(lower[edges[k] : edges[k + 1]])
        ]
        if not empty or not found:
            return found
        # the part joins a neighbour across a syllable break rather than a compound's seam
        k = empty[0]
        sides = [e for e in (edges[k], edges[k + 1]) if e in found]
        found.discard(next((e for e in sides if e not in compound), sides[0]))


@lru_cache(maxsize=4096)
def breaks(word: str, lang: str) -> tuple[int, ...]:
    """The positions in `plain(word)` where it may end a line (a hyphen is then drawn unless the
    line already ends in one), in increasing order."""
    if "-" in plain(word).strip("-"):
        # a hyphenated name ("Anna-Lena", "Jean-Baptiste") breaks after its hyphens only
        found = set()
    elif SHY in word:
        out, at = [], 0
        for ch in word:
            if ch == SHY:
                out.append(at)
            else:
                at += 1
        found = set(out)
    else:
        found = _syllables(word, lang)
    text = plain(word)
    found |= {i + 1 for i, ch in enumerate(text[:-1]) if ch == "-" and i > 0}
    return tuple(sorted(p for p in found if 0 < p < len(text)))


def first_part(text: str, at: int) -> str:
    """The line that ends at in-word break `at` of plain `text`: with its hyphen."""
    head = text[:at]
    return head if head.endswith("-") else head + "-"
