"""The shape of `bot/`: one handler wrapper, services composed rather than mixed, small
modules, and no game known by name outside the game registry."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.games.test_games_layout import MAX_FUNCTION_LINES, long_functions

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


def test_no_module_in_bot_is_over_450_lines():
    """A module that grows past this holds two concerns: split it by concern."""
    long = {
        path.relative_to(BOT).as_posix(): lines
        for path in BOT.rglob("*.py")
        if (lines := len(path.read_text().splitlines())) > 450
    }
    assert long == {}


def test_no_function_in_bot_is_over_80_lines():
    """A function that grows past this does two things: a helper per step reads better."""
    assert long_functions(BOT) == {}, f"over {MAX_FUNCTION_LINES} lines"


# Everything about a game comes from the registry in games/ (the texts' catalogues excepted).
NAMES_ALLOWED_IN: set[str] = set()


def game_words() -> set[str]:
    import games
    from games.santiago.state import PHASE_NAMES

    havana_phases = {"pick", "actions", "place", "over"}
    return {*games.NAMES, *PHASE_NAMES, *havana_phases}


def test_bot_knows_no_game_by_name():
    """`bot/` asks the game registry; no module of it (outside the catalogues of texts) names
    a game's module (in a string or an identifier) or compares with one of its phases (a
    string; identifiers such as `actions` or `over` are ordinary words)."""
    words = game_words()
    modules = set(__import__("games").NAMES)
    found = []
    for name, tree in sources():
        if name.startswith("text/locales/") or name in NAMES_ALLOWED_IN:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                said, string = node.value.lower(), True
            elif isinstance(node, ast.Name):
                said, string = node.id.lower(), False
            elif isinstance(node, ast.Attribute):
                said, string = node.attr.lower(), False
            else:
                continue
            if (string and said in words) or any(module in said for module in modules):
                found.append(f"{name}:{node.lineno}: {said[:40]}")
    assert found == []


def test_game_new_offers_every_games_options_from_the_registry():
    from bot.game_group import GameGroup
    from games.front import all_front_options

    new = next(c for c in GameGroup().walk_commands() if c.name == "new")
    options = all_front_options()
    assert [p.name for p in new.parameters] == [
        "game",
        *(o.name for o in options if o.first),
        "ai_players",
        "ai_level",
        "reminders",
        "turn_limit",
        *(o.name for o in options if not o.first),
        "thread",
        "hints",
    ]
    described = {p.name: p.description for p in new.parameters}
    assert all(described[o.name] == o.description for o in options)
