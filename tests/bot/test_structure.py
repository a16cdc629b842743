"""The shape of `bot/`: one handler wrapper, services composed rather than mixed, small
modules, and no game known by name outside the game registry."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def sources():
    for path in sorted(BOT.rglob("*.py")):
        yield path.relative_to(BOT).as_posix(), ast.parse(path.read_text(), str(path))


def test_handlers_go_through_the_one_wrapper():
    """No handler wraps its own work: `Guard.run` is called by the `handler` decorator only."""
    wrapped = []
    for name, tree in sources():
        if name == "discord_io/guard.py":
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            target = node.func.value
            by_guard = isinstance(target, ast.Attribute) and target.attr == "guard"
            if node.func.attr == "guarded" or (node.func.attr == "run" and by_guard):
                wrapped.append(f"{name}:{node.lineno}")
    assert wrapped == []


def project_classes() -> set[str]:
    return {
        node.name
        for _, tree in sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def test_no_class_mixes_project_classes():
    """Services are composed (given what they use in their constructor), never mixed in."""
    ours = project_classes()
    mixed = []
    for name, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(base).rpartition(".")[2] for base in node.bases]
                if len([base for base in bases if base in ours]) > 1:
                    mixed.append(f"{name}:{node.name}")
    assert mixed == []
