"""Texts cut to Discord's limits, which count UTF-16 code units, not Python characters.

An emoji outside the Basic Multilingual Plane is one Python character but two UTF-16 units, so a
label cut at 80 characters may still be refused (or cut by Discord itself mid-pair). A cut falls
between user-perceived characters (extended grapheme clusters: a flag's two regional indicators,
a family of people joined by ZWJ, a skin tone, a letter with its combining accents), never inside
one, and the cut text ends with "…".
"""

from __future__ import annotations

import regex

# Discord's limits, in UTF-16 code units.
BUTTON_LABEL = 80
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
OPTION_VALUE = 100
PLACEHOLDER = 150
CHOICE_NAME = 100
CHOICE_VALUE = 100
THREAD_NAME = 100
# An attachment's description (the picture's alt text).
ALT_TEXT = 1024
CONTENT = 2000
# An embed's description (the text boards of a screen DM).
EMBED_DESCRIPTION = 4096

ELLIPSIS = "…"

_GRAPHEME = regex.compile(r"\X")


def utf16_len(value: str) -> int:
    """How long Discord finds `value`."""
    return len(value.encode("utf-16-le")) // 2


def clip(value: str, limit: int) -> str:
    """`value` if Discord takes it within `limit`, else its longest run of whole graphemes that
    leaves room for "…", followed by "…"."""
    if utf16_len(value) <= limit:
        return value
    room = limit - utf16_len(ELLIPSIS)
    if room < 0:
        return ""
    kept, used = [], 0
    for grapheme in _GRAPHEME.findall(value):
        size = utf16_len(grapheme)
        if used + size > room:
            break
        kept.append(grapheme)
        used += size
    return "".join(kept) + ELLIPSIS
