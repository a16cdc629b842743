"""The translations of every text a player sees, one gettext catalogue per language.

`it.po`, `de.po`, `es.po`, `ru.po` sit beside this file. Each entry is one text: its key as the
message context (`msgctxt "santiago.event.drive"`), the English source as `msgid` and the
translation as `msgstr`, so translators' tools (Poedit, Weblate, Lokalize) show the English
beside the box to fill. The English itself stays in the code that uses it (the games'
catalogues, the bot's `bot/locales/en.py`, the pictures' `render/captions.py`) and is the
reference: an entry whose `msgid` no longer matches the English is outdated and not used.

Templates keep their placeholders (`{good}`) and plural forms
(`{n:plural|one=# stop|few=# stops|many=# stops|other=# stops}`, chosen by the language's CLDR
rules through Babel), so word order and grammar are the translator's.

A new language is one more `.po` file here (`python -m translations sync xx` writes it with
every key to fill); nothing else changes. `PSEUDO` is a made-up language for the tests: every
English text lengthened by 40 %, its letters accented and wrapped in brackets.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from pathlib import Path

from babel.messages import pofile

HERE = Path(__file__).resolve().parent
PSEUDO = "qps"  # the code Windows and Android use for a pseudo-locale


def po_path(lang: str) -> Path:
    return HERE / f"{lang}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """English first, then every language that has a catalogue file, alphabetically."""
    return ("en", *sorted(p.stem for p in HERE.glob("*.po")))


@functools.cache
def entries(lang: str) -> Mapping[str, tuple[str, str]]:
    """key -> (English source it was translated from, translation) of every entry filled in and
    not marked fuzzy; empty for a language without a catalogue."""
    path = po_path(lang)
    if lang == "en" or not path.is_file():
        return {}
    with path.open("rb") as f:
        catalogue = pofile.read_po(f, locale=None)
    found = {}
    for message in catalogue:
        if not message.context or not message.string or message.fuzzy:
            continue
        found[message.context] = (message.id, message.string)
    return found


def translated(lang: str, english: Mapping[str, str]) -> dict[str, str]:
    """The templates of `lang` for the keys of `english`: a translation whose English source has
    changed since is left out, so the English shows until a translator looks at it again."""
    if lang == PSEUDO:
        return {key: pseudo(value) for key, value in english.items()}
    return {
        key: target
        for key, (source, target) in entries(lang).items()
        if english.get(key, source) == source
    }


# --- the pseudo-language --------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ",
)
# A placeholder, or a plural / ordinal whose forms are text to lengthen.
_FIELD = re.compile(r"\{(\w+)(?::(plural|ordinal|gender)\|([^{}]*))?\}")


def _longer(text: str) -> str:
    if not text.strip():
        return text
    return text.translate(_ACCENTED) + "~" * math.ceil(len(text) * 0.4)


def pseudo(template: str) -> str:
    """`template` 40 % longer, every letter accented, in brackets; placeholders kept."""
    out, at = [], 0
    for match in _FIELD.finditer(template):
        out.append(_longer(template[at : match.start()]))
        if match[2]:
            forms = (f.split("=", 1) for f in match[3].split("|"))
            inner = "|".join(f"{k}={'#'.join(_longer(p) for p in v.split('#'))}" for k, v in forms)
            out.append(f"{{{match[1]}:{match[2]}|{inner}}}")
        else:
            out.append(match[0])
        at = match.end()
    out.append(_longer(template[at:]))
    return "[" + "".join(out) + "]"
