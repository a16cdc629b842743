"""The shape of the code: no import circle in `bot/` or `proof/` (not even through an import
inside a function), and the layers games <- ai, render, storage <- bot <- proof, nothing importing
upwards: the running bot never imports the translators' proof sheet, which reads `bot/` only
through `bot.text`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "ai", "render", "storage", "translations", "bot", "proof")
# What each package may import (besides itself).
ALLOWED = {
    "games": set(),
    "translations": set(),
    "ai": {"games"},
    "render": {"games", "translations"},
    "storage": {"games"},
    "bot": {"games", "ai", "render", "storage", "translations"},
    # the translators' proof sheet: seeded games said and drawn as the bot does
    "proof": {"games", "render", "storage", "bot"},
}
# The only folders of bot/ a package above it may reach into.
BOT_FOLDERS_ALLOWED = {"proof": {"bot.text"}}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> set[str]:
    """Every module `path` imports, at module level or inside a function (imports under
    `if TYPE_CHECKING:` excepted): `from . import x` counts as importing `pkg.x`."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and type_checking_only(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    start = ".".join(base + ([child.module] if child.module else []))
                else:
                    start = child.module or ""
                found.add(start)
                found.update(f"{start}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


def graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (only those that exist)."""
    files = {module_name(p): p for p in (ROOT / package).rglob("*.py")}
    edges = {}
    for name, path in files.items():
        edges[name] = {
            target
            for target in imports(path)
            if target in files and target != name and not name.startswith(target + ".")
        }
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                strong(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            strong(node)
    return found


def test_the_checker_sees_a_circle_through_an_import_inside_a_function():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", ["bot", "proof"])
def test_no_import_circle(package):
    assert circles(graph(package)) == []


def test_no_package_imports_upwards():
    wrong = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path.name == "__main__.py":
                continue  # an entry point may start anything
            for target in imports(path):
                top = target.split(".")[0]
                if top in PACKAGES and top != package and top not in ALLOWED[package]:
                    wrong.append(f"{module_name(path)} -> {target}")
    assert wrong == []


def test_the_proof_sheet_reads_the_bot_only_through_its_texts():
    wrong = []
    for package, allowed in BOT_FOLDERS_ALLOWED.items():
        for path in (ROOT / package).rglob("*.py"):
            for target in imports(path):
                parts = target.split(".")
                if parts[0] == "bot" and ".".join(parts[:2]) not in allowed:
                    wrong.append(f"{module_name(path)} -> {target}")
    assert wrong == []


def test_no_proof_sheet_module_is_left_in_bot():
    assert sorted(p.name for p in (ROOT / "bot").rglob("proof*")) == []


def test_each_folder_of_bot_imports_only_what_its_docstring_allows():
    """Each folder's `__init__` says which other folders of bot/ it may import."""
    wrong = []
    folders = [p.parent for p in (ROOT / "bot").glob("*/__init__.py")]
    assert len(folders) >= 8
    for folder in folders:
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text())) or ""
        said = doc.partition("May import:")[2].strip()
        assert said, f"{folder.name}/__init__.py does not say what it may import"
        allowed = {f"bot.{folder.name}"} | {
            name.strip().rstrip(".") for name in said.split(",") if name.strip().startswith("bot.")
        }
        for path in folder.rglob("*.py"):
            for target in imports(path):
                parts = target.split(".")
                if parts[0] != "bot" or len(parts) < 2:
                    continue
                if ".".join(parts[:2]) not in allowed:
                    wrong.append(f"{module_name(path)} -> {target}")
    assert wrong == []
