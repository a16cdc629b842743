"""Which keys of the English catalogue no code uses: `python -m translations check` reports them,
so a text nobody can see any more leaves the catalogues instead of waiting for translators.

The bot's and the games' Python sources (`SOURCES`) are read as syntax trees, never imported or
run. A key is used when the code names it whole ("bot.review.title"), or builds it from parts
the code spells out: a prefix ("bot.learn.lesson." + name, "santiago.effect.building."), an
f-string or format template (f"bot.learn.name.{name}", "players.{n}"), a suffix (kind +
".title") or a middle part (key.replace(".effect.", ".effect.more.")). The keys of a dict
literal or comprehension are declarations (the catalogues themselves), not uses. What the code
spells may leave out the first word of the key, which a module adds to all of its own
(`_msg("action.pass")` is "santiago.action.pass", a caption's "now" is "pic.now"). The slash
commands' texts (`cmd.`) are built from the command tree itself (`bot.command_texts`), so they
are never reported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The packages of the running bot; tests, benches, the proof sheet and this package name keys
# only to check or show them.
SOURCES = ("bot", "games", "render", "ai", "storage")
NOT_CHECKED = ("cmd.",)
# A string that may be (part of) a key: letters, digits, underscores, dots and placeholders.
_KEYLIKE = re.compile(r"[\w.{}:]+")
_FIELD = re.compile(r"\{[^{}]*\}")
_PART = r"[\w.]+"


@dataclass
class Uses:
    """What the sources spell of keys: whole keys, prefixes, suffixes, middles, patterns."""

    whole: set[str] = field(default_factory=set)
    prefixes: set[str] = field(default_factory=set)
    short_prefixes: set[str] = field(default_factory=set)
    suffixes: set[str] = field(default_factory=set)
    middles: set[str] = field(default_factory=set)
    patterns: set[str] = field(default_factory=set)

    def add_constant(self, value: str) -> None:
        if not _KEYLIKE.fullmatch(value) or "." not in value:
            if _KEYLIKE.fullmatch(value):
                self.whole.add(value)  # a key without a dot ("player")
            return
        if "{" in value:  # a format template: "players.{n}"
            self.add_parts([*_FIELD.split(value)][:1] + _between(value))
            return
        starts, ends = value.startswith("."), value.endswith(".")
        if not re.search(r"[a-z]", value):
            return  # "." alone
        if ends and not starts and value.count(".") < 2:
            # one word ("prompt."): after the module's first word only, since a game's
            # name alone ("santiago.") would be any of its keys
            self.short_prefixes.add(value)
        elif starts and ends:
            self.middles.add(value)
        elif starts:
            self.suffixes.add(value)
        elif ends:
            self.prefixes.add(value)
        else:
            self.whole.add(value)

    def add_parts(self, parts: list[str | None]) -> None:
        """An f-string: its literal parts, None for each field."""
        if not any(p and "." in p and re.search(r"[a-z]", p) for p in parts):
            return  # no word of a key spelt out: it could be any key
        if not all(p is None or _KEYLIKE.fullmatch(p) for p in parts):
            return  # prose with a field in it, not a key
        self.patterns.add("".join(_PART if p is None else re.escape(p) for p in parts))

    def use(self, key: str, roots: frozenset[str] = frozenset()) -> bool:
        """Whether the code spells `key`; `roots`: the first words of the catalogue's keys,
        which no module puts in front of another one's keys."""
        # a module may put its own first word in front ("action.pass" is "santiago.action.pass")
        rest = key.partition(".")[2]
        return (
            key in self.whole
            or rest in self.whole
            or any(key.startswith(p) for p in self.prefixes)
            or any(rest.startswith(p) and p[:-1] not in roots for p in self.short_prefixes)
            or any(key.endswith(s) for s in self.suffixes)
            or any(m in key for m in self.middles)
            or any(re.fullmatch(p, key) or re.fullmatch(p, rest) for p in self.patterns)
        )


def _between(template: str) -> list[str | None]:
    """The parts of a format template after its first literal part, fields as None."""
    out: list[str | None] = []
    for literal in _FIELD.split(template)[1:]:
        out += [None, literal] if literal else [None]
    return out


def _declared(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are keys of a dict literal or comprehension."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            found.update(id(k) for k in node.keys if k is not None)
        elif isinstance(node, ast.DictComp):
            found.add(id(node.key))
    return found


def scan(sources: Iterable[str]) -> Uses:
    """What the Python texts in `sources` spell of keys."""
    uses = Uses()
    for source in sources:
        tree = ast.parse(source)
        declared = _declared(tree)
        inside = set()  # the constants of f-strings, read with their f-string
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                inside.update(id(v) for v in node.values)
                if id(node) in declared:
                    continue
                parts = [
                    v.value if isinstance(v, ast.Constant) else None
                    for v in node.values
                    if not (isinstance(v, ast.Constant) and v.value == "")
                ]
                uses.add_parts(parts)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in declared
                and id(node) not in inside
            ):
                uses.add_constant(node.value)
    return uses


def source_files(root: Path = ROOT) -> list[Path]:
    return sorted(p for package in SOURCES for p in (root / package).rglob("*.py"))


def unused(keys: Iterable[str], root: Path = ROOT) -> list[str]:
    """The keys of `keys` no source of the bot or the games uses, in order."""
    keys = list(keys)
    uses = scan(p.read_text(encoding="utf-8") for p in source_files(root))
    roots = frozenset(k.partition(".")[0] for k in keys)
    return [k for k in keys if not k.startswith(NOT_CHECKED) and not uses.use(k, roots)]
