"""The documents a newcomer reads first: every relative link leads somewhere, the README stays short."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "bench" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
README_MOST_LINES = 250

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
# [text](target) and ![alt](target); <img src="..."> and <a href="...">.
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""(?:src|href)="([^"]+)\"""")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
# A repository path in a code span: folders joined by slashes, ending in a file of these kinds or
# in a slash (`bot/play/gate.py`, `storage/`); placeholders such as `games/<name>/` are left alone.
REPO_PATH = re.compile(r"(?:\.\.?/)*[\w.-]+(?:/[\w.-]+)*/(?:[\w.-]+\.(?:py|md|sh|toml))?")


def prose(text: str) -> str:
    """The text without code blocks and code spans, where brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {anchor(h) for h in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8")))}


def links(path: Path) -> list[str]:
    text = prose(path.read_text(encoding="utf-8"))
    return MARKDOWN_LINK.findall(text) + HTML_LINK.findall(text)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading_of_the_repository(doc):
    assert doc.is_file(), f"{doc.relative_to(ROOT)} is missing"
    broken = []
    for target in links(doc):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: ...
        file_part, _, fragment = target.partition("#")
        found = (doc.parent / file_part).resolve() if file_part else doc
        if not found.is_relative_to(ROOT) or not found.exists():
            broken.append(f"{target} (no such file in the repository)")
        elif fragment and found.suffix == ".md" and fragment not in anchors(found):
            broken.append(f"{target} (no heading #{fragment} in {found.relative_to(ROOT)})")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def paths(text: str) -> list[str]:
    """The repository paths written in the code spans of a document (not in code blocks)."""
    spans = CODE_SPAN.findall(FENCE.sub("", text))
    return [word for span in spans for word in span.strip("`").split() if REPO_PATH.fullmatch(word)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_in_backticks_is_in_the_repository(doc):
    """`bot/play/gate.py` in a document is where a newcomer looks: it must be there."""
    missing = []
    for written in paths(doc.read_text(encoding="utf-8")):
        # From the repository's root, or (`./`, `../`) from the document's folder.
        base = doc.parent if written.startswith(".") else ROOT
        found = (base / written).resolve()
        if not found.is_relative_to(ROOT) or not found.exists():
            missing.append(written)
        elif written.endswith("/") and not found.is_dir():
            missing.append(f"{written} (not a folder)")
    assert not missing, f"{doc.relative_to(ROOT)}: no such path: " + ", ".join(missing)


def test_a_path_in_backticks_is_read_as_one():
    doc = "`bot/play/gate.py`, `python bench/ai.py --games 2`, `storage/`, `games/<name>/`, `.env`"
    assert paths(doc) == ["bot/play/gate.py", "bench/ai.py", "storage/"]


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines; at most {README_MOST_LINES}"


def test_the_package_readme_is_the_readme():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (ROOT / project["readme"]).is_file()


def test_a_heading_anchor_is_the_one_github_makes():
    assert anchor("Havana (2-4 players)") == "havana-2-4-players"
    assert anchor("Undo, the last move and the final scores (in the rules engines)") == (
        "undo-the-last-move-and-the-final-scores-in-the-rules-engines"
    )
    assert anchor("`storage/`") == "storage"
