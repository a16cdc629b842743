"""The shape of the code: no function over 80 lines in bot/ or games/, no import circle among
the project's modules nor among its packages (an import inside a function counts, and so does
one under `if TYPE_CHECKING:`: a type names what a module depends on), and the layers games <-
ai, render, storage <- bot <- proof, nothing importing upwards: the running bot never imports the
translators' proof sheet, which reads `bot/` only through `bot.text`."""

from __future__ import annotations

import ast
from pathlib import Path

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


def imports(path: Path) -> set[str]:
    """Every module `path` imports."""
    return imports_in(path.read_text(), module_name(path), path.name == "__init__.py")


def imports_in(source: str, name: str, is_package: bool = False) -> set[str]:
    """Every module the source of module `name` imports, wherever the import stands: at module
    level, inside a function, under `if TYPE_CHECKING:`. `from . import x` counts as importing
    `pkg.x`."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
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

    visit(ast.parse(source, name))
    return found


def graph(*packages: str) -> dict[str, set[str]]:
    """Module -> the modules of `packages` it imports (only those that exist)."""
    files = {module_name(p): p for package in packages for p in (ROOT / package).rglob("*.py")}
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


def test_the_checker_counts_type_only_imports_and_imports_inside_functions():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.app import MaleconBot\n"
        "def later():\n"
        "    from . import sibling\n"
    )
    found = imports_in(source, "bot.core.tables")
    assert {"bot.app", "bot.app.MaleconBot", "bot.core.sibling"} <= found


def test_no_import_circle_among_the_project_modules():
    assert circles(graph(*PACKAGES)) == []


def test_no_import_circle_among_the_packages():
    """Entry points (`__main__`) excepted: one may start anything, and nothing imports it."""
    edges: dict[str, set[str]] = {package: set() for package in PACKAGES}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path.name == "__main__.py":
                continue
            for target in imports(path):
                top = target.split(".")[0]
                if top in PACKAGES and top != package:
                    edges[package].add(top)
    assert circles(edges) == []


def test_only_the_composition_root_knows_the_bot_class():
    """Services are given what they use: no module but `bot/app.py` (which defines it) and
    `bot/services.py` imports the bot class, not even for a type."""
    knowing = []
    for path in (ROOT / "bot").rglob("*.py"):
        if module_name(path) in {"bot.app", "bot.services"}:
            continue
        tree = ast.parse(path.read_text(), str(path))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {
            a.name.rpartition(".")[2]
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom | ast.Import)
            for a in n.names
        }
        if names & {"MaleconBot", "ShardedMaleconBot"}:
            knowing.append(module_name(path))
    assert knowing == []


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


# A function a newcomer must read whole before changing it stays within a screen or two.
LONGEST_FUNCTION = 80


def test_no_function_in_bot_or_games_is_over_80_lines():
    longer = []
    for package in ("bot", "games"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > LONGEST_FUNCTION:
                        where = path.relative_to(ROOT)
                        longer.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    assert not longer, longer
