"""`python -m translations sync [LANG ...]`: bring catalogue files up to date with the English.

Every English key gets an entry (new ones with an empty translation to fill), an entry whose
English changed is marked fuzzy with the new English beside the old translation, and entries
for keys the English no longer has are dropped. With no LANG, every existing catalogue; a new
language code creates its file. `python -m translations check` lists what is missing or outdated
in each catalogue, and every English key no code of the bot or the games uses (`usage`), and
exits 1 if anything is. `python -m translations proof LANG OUT/` writes a
proof sheet of LANG for a native reader (the `proof` package makes it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages import pofile
from babel.messages.catalog import Catalog

from . import entries, languages, po_path


def _english() -> dict[str, str]:
    import bot.command_texts  # noqa: F401  (the slash commands' texts)
    from bot.text.i18n import english

    return dict(english())


GENDER_NOTE = (
    "The grammatical gender of the term whose key this one extends, as this language's glossary "
    "names its genders; sentences choose their words by it: {building:gender|f=la #|m=il #}."
)


def sync(lang: str, english: dict[str, str]) -> int:
    """Rewrite `lang`'s file; return how many entries still need a translator."""
    path = po_path(lang)
    old = {}
    if path.is_file():
        with path.open("rb") as f:
            old = {m.context: m for m in pofile.read_po(f) if m.context}
    catalogue = Catalog(locale=lang, project="Malecón", fuzzy=False)
    todo = 0
    for key in sorted(english):
        source = english[key]
        before = old.get(key)
        string = before.string if before is not None else ""
        fuzzy = before is not None and bool(string) and (before.id != source or before.fuzzy)
        flags = ["fuzzy"] if fuzzy else []
        comments = list(before.user_comments) if before is not None else []
        notes = [GENDER_NOTE] if key.endswith(".gender") else []
        catalogue.add(
            source, string, context=key, flags=flags, user_comments=comments, auto_comments=notes
        )
        todo += fuzzy or not string
    with path.open("wb") as f:
        pofile.write_po(f, catalogue, width=100, omit_header=False, sort_output=False)
    return todo


def check(english: dict[str, str], root: Path | None = None) -> int:
    """Print what is missing, outdated, unknown or unused; 1 if anything is. `root`: the
    folder whose sources use the keys (the repository's)."""
    from . import usage

    idle = usage.unused(english, usage.ROOT if root is None else root)
    for key in idle:
        print(f"en: unused: {key} (no code in {', '.join(usage.SOURCES)} names it)")
    bad = len(idle)
    for lang in languages()[1:]:
        found = entries(lang)
        missing = [k for k in english if k not in found]
        outdated = [k for k in english if k in found and found[k][0] != english[k]]
        extra = [k for k in found if k not in english]
        for label, keys in (("missing", missing), ("outdated", outdated), ("unknown", extra)):
            for key in keys:
                print(f"{lang}: {label}: {key}")
        bad += len(missing) + len(outdated) + len(extra)
    return 1 if bad else 0


def proof(lang: str, out: Path, boards: int) -> int:
    from proof import KINDS, make
    from proof.page import TABLES, write

    from . import PSEUDO

    if lang not in languages() and lang != PSEUDO:
        known = ", ".join(languages())
        print(f"no catalogue for {lang!r}: one of {known} (or a new translations/{lang}.po)")
        return 2
    english = _english()
    sheet, _ = make(lang, boards=boards, sizes=TABLES)
    missing = write(out, lang, KINDS, sheet.lines, sheet.pictures, sheet.words, english)
    print(
        f"{lang}: {len(sheet.lines)} messages and {len(sheet.pictures)} pictures in "
        f"{out / 'index.html'}; {len(english) - len(missing)} of {len(english)} keys rendered, "
        f"{len(missing)} never (listed in {out / 'unrendered.txt'})"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m translations")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("sync", help="add new keys and mark changed ones in the catalogues")
    run.add_argument("langs", nargs="*")
    sub.add_parser("check", help="list missing, outdated and unknown entries")
    sheet = sub.add_parser("proof", help="write a proof sheet of one language for its reviewers")
    sheet.add_argument("lang")
    sheet.add_argument("out", type=Path, help="folder for index.html, messages.tsv, pictures")
    sheet.add_argument("--boards", type=int, default=None, help="boards drawn per game")
    args = parser.parse_args(argv)
    if args.command == "proof":
        from proof.page import BOARDS

        return proof(args.lang, args.out, BOARDS if args.boards is None else args.boards)
    english = _english()
    if args.command == "check":
        return check(english)
    for lang in args.langs or languages()[1:]:
        todo = sync(lang, english)
        print(f"{lang}: {len(english)} entries, {todo} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
