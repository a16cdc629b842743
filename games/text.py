"""Translatable messages.

The rules never build finished sentences: they return a `Msg` (a catalogue key and its
parameters). The English catalogue lives beside each game and is registered here, so the
bot can look every text up by locale while the simulator and tests read plain English
through `str(msg)`.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

# key -> English template. Each game module registers its own entries at import time.
ENGLISH: dict[str, str] = {}

_FORMATTER = string.Formatter()


def register(catalogue: Mapping[str, str]) -> None:
    """Add English templates; a key registered twice with different text is a bug."""
    for key, text in catalogue.items():
        old = ENGLISH.get(key)
        if old is not None and old != text:
            raise ValueError(f"message key {key!r} registered twice with different text")
        ENGLISH[key] = text


@dataclass(frozen=True, slots=True)
class Msg:
    """A message to show a person: a catalogue key plus parameters.

    Parameter values are ints, strings or nested `Msg` (for game terms such as a good's name,
    which must be translated too).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        # Plain English for logs and exceptions, which no reader is shown: not heard.
        token = _HEARD.set(None)
        try:
            return render(self, ENGLISH)
        finally:
            _HEARD.reset(token)

    def to_json(self) -> dict:
        return {"key": self.key, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: Mapping) -> Msg:
        return Msg(data["key"], {k: _param_from_json(v) for k, v in data["params"].items()})


def msg(key: str, **params: Any) -> Msg:
    return Msg(key, params)


# A reference to a seat inside a message. Without names it reads "Player 2"; the bot passes
# the seats' display names to `render` so that it reads "Anna".
PLAYER_KEY = "player"
ENGLISH[PLAYER_KEY] = "Player {number}"


def player(seat: int) -> Msg:
    return Msg(PLAYER_KEY, {"seat": seat, "number": seat + 1})


ENGLISH.update(
    {
        "players.1": "{p0}",
        "players.2": "{p0} and {p1}",
        "players.3": "{p0}, {p1} and {p2}",
        "players.4": "{p0}, {p1}, {p2} and {p3}",
    }
)


def players(seats: Sequence[int]) -> Msg:
    """Several seats in one phrase ("Anna and Ben"), each a `player` reference."""
    return Msg(f"players.{len(seats)}", {f"p{i}": player(s) for i, s in enumerate(seats)})


# A list of any length in one phrase: each language says its own "and" before the last part.
ENGLISH.update({"list.and": "{a}, {b}", "list.and_last": "{a} and {b}"})
# The same for choices ("`Europe/Rome` or `Europe/Riga`"): `joined(parts, *OR)`.
ENGLISH.update({"list.or": "{a}, {b}", "list.or_last": "{a} or {b}"})
OR = ("list.or", "list.or_last")


def joined(parts: Sequence[Any], between: str = "list.and", last: str = "list.and_last") -> Any:
    """`parts` (messages or words) as one message, `between` joining all but the last and
    `last` before it ("a, b and c"); a single part is itself. A game whose stored events
    already name its own pair of keys passes them."""
    out = parts[0]
    for i, part in enumerate(parts[1:], start=2):
        out = Msg(last if i == len(parts) else between, {"a": out, "b": part})
    return out


ENGLISH["tiebreak.value"] = "{name} {value}"


def tiebreak(name: Msg, value: int) -> Msg:
    """A tie-break value in words: a game names it by a counted template ("{n:plural|one=# peso|
    other=# pesos}"), which gets the number; a name without a count ("last trick") is followed
    by its value."""
    if "{n" in ENGLISH.get(name.key, ""):
        return Msg(name.key, {**name.params, "n": value})
    return Msg("tiebreak.value", {"name": name, "value": value})


# A plural in a template: `{n:plural|one=# stop|other=# stops}`. The form is chosen by the
# language's CLDR plural category of the number (Babel's rules: "one", "few", "many", "other"...),
# and `#` stands for the number, so every language places it where its grammar wants.
# `{n:ordinal|one=#st|two=#nd|few=#rd|other=#th}` picks by the ordinal categories the same way.
#
# A term's grammatical gender picks the words around it the same way: `{building:gender|f=die #|
# m=den #|n=das #|other=das Gebäude #}`, where `#` stands for the term and the gender is the
# catalogue's `<term key>.gender` entry ("santiago.building.bank.gender" = "f"). Each language names
# its own genders (Italian tells "il", "lo" and "l'" apart); a form may serve several ("m,n=dem
# #"), and "other" serves a name with no gender, such as a custom deck's building.
PLURAL = re.compile(r"\{(\w+):(plural|ordinal|gender)\|([^{}]*)\}")
GENDER = re.compile(r"\{(\w+):gender\|([^{}]*)\}")
# (`render` fills the gender selects first, so `_plurals` meets only plurals and ordinals.)


@functools.lru_cache(maxsize=32)
def _rules(lang: str):
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        locale = Locale.parse("en")
    return locale.plural_form, locale.ordinal_form


def plural_category(lang: str, number: int) -> str:
    return _rules(lang)[0](abs(number))


def ordinal_category(lang: str, number: int) -> str:
    return _rules(lang)[1](abs(number))


def _forms(choices: str) -> dict[str, str]:
    """`f=die #|m,n=das #` as {"f": "die #", "m": "das #", "n": "das #"}."""
    forms = {}
    for part in choices.split("|"):
        names, equals, form = part.partition("=")
        if equals:
            forms.update(dict.fromkeys((n.strip() for n in names.split(",")), form))
    return forms


def gender_of(term: Any, catalogue: Mapping[str, str]) -> str | None:
    """The grammatical gender `catalogue` gives the term `term` (a `Msg`), or None."""
    if not isinstance(term, Msg):
        return None
    key = f"{term.key}.gender"
    gender = catalogue.get(key)
    listener = _HEARD.get()
    if gender and listener is not None:
        listener.append((key, gender))
    return gender


def _genders(template: str, params: Mapping[str, Any], catalogue: Mapping[str, str]) -> str:
    def choose(match: re.Match[str]) -> str:
        forms = _forms(match[2])
        gender = gender_of(params.get(match[1]), catalogue)
        form = forms.get(gender or "other", forms.get("other", "#"))
        # the term goes in as a field, so that braces in a deck's name stay text
        return form.replace("#", "{" + match[1] + "}")

    return GENDER.sub(choose, template)


def _plurals(template: str, values: Mapping[str, Any], lang: str) -> str:
    def choose(match: re.Match[str]) -> str:
        number = values.get(match[1])
        forms = _forms(match[3])
        if not isinstance(number, int):
            # 1.5 points: a decimal, read in the language's own way ("1,5" in Italian).
            shown = format_decimal(number, locale=lang) if isinstance(number, float) else number
            return forms.get("other", "").replace("#", str(shown))
        category = (plural_category if match[2] == "plural" else ordinal_category)(lang, number)
        form = forms.get(category, forms.get("other", ""))
        return form.replace("#", str(number))

    return PLURAL.sub(choose, template)


# (key, text) of every message rendered while `heard()` listens: a proof sheet learns which keys
# its pictures and messages used, with their words, without a second way of formatting them.
_HEARD: ContextVar[list[tuple[str, str]] | None] = ContextVar("text_heard", default=None)


@contextmanager
def heard() -> Iterator[list[tuple[str, str]]]:
    """Collect (key, rendered text) of every message rendered in this context, nested terms
    included, in the order they were rendered."""
    found: list[tuple[str, str]] = []
    token = _HEARD.set(found)
    try:
        yield found
    finally:
        _HEARD.reset(token)


def render(
    message: Msg,
    catalogue: Mapping[str, str],
    fallback: Mapping[str, str] = ENGLISH,
    names: Sequence[str] | None = None,
    lang: str = "en",
) -> str:
    """Fill a template from `catalogue` (falling back to English, then to the bare key).

    `names` (seat order) replaces every `player(seat)` reference by that seat's name; `lang`
    chooses the plural forms.
    """
    if message.key == PLAYER_KEY and names is not None:
        seat = message.params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
    template = catalogue.get(message.key) or fallback.get(message.key) or message.key
    values = {
        k: render(v, catalogue, fallback, names, lang) if isinstance(v, Msg) else v
        for k, v in message.params.items()
    }
    if ":gender|" in template:
        template = _genders(template, message.params, catalogue)
    if lang[:2] in _EUPHONY:
        template = _euphonic(template, values, lang[:2])
    try:
        if ":plural|" in template or ":ordinal|" in template:
            template = _plurals(template, values, lang)
        said = template.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation with a wrong placeholder must never break a game: show the key.
        said = f"{message.key} {values}"
    listener = _HEARD.get()
    if listener is not None:
        listener.append((message.key, said))
    return said


# Where "and" changes with the sound of the word after it: Spanish "e" for "y" before a word
# sounding /i/ ("Banco e Iglesia", "Ana e Isabel", but "agua y hielo"), Italian "ed" for "e"
# before an e- ("Protezione ed Esattore"). The word is often a value (a name, a building), so
# the template's own conjunction is changed where a value starting so follows it, and nothing
# else: a name that holds a "y" is shown as typed. Markup or quotes may open the value.
_OPENING = r"[*_\\«\"'“]*"
_EUPHONY = {
    "es": (
        re.compile(r"(?<![\w*_])y( [*_«\"“]{0,3})\{(\w+)\}"),
        "e",
        re.compile(_OPENING + r"(?:[iIíÍ]|[hH][iIíÍ](?![aeoáéóAEOÁÉÓ]))"),
    ),
    "it": (
        re.compile(r"(?<![\w*_])e( [*_«\"“]{0,3})\{(\w+)\}"),
        "ed",
        re.compile(_OPENING + r"[eEèÈéÉ]"),
    ),
}


def _euphonic(template: str, values: Mapping[str, Any], lang: str) -> str:
    pattern, word, sound = _EUPHONY[lang]

    def swap(match: re.Match[str]) -> str:
        value = values.get(match[2])
        if isinstance(value, str) and sound.match(value):
            return f"{word}{match[1]}{{{match[2]}}}"
        return match[0]

    return pattern.sub(swap, template)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name}


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.to_json()}
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$msg" in value:
        return Msg.from_json(value["$msg"])
    return value
