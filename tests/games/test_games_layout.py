"""The shape of `games/`: short functions, and every game package laid out alike, so that what
is found in one game is found in the same place in the other."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"

MAX_FUNCTION_LINES = 80

# Each game package: the Game object, the rules, the texts of its codes and prompts, what each
# person sees, the stored form, its English catalogue and the options a player may set.
LAYOUT = ("game.py", "engine.py", "labels.py", "views.py", "serial.py", "text_en.py", "front.py")


def long_functions(root: Path, limit: int = MAX_FUNCTION_LINES) -> dict[str, int]:
    """Every function (or method) under `root` longer than `limit` lines, decorators left out,
    as "path:name" -> lines."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    found[f"{path.relative_to(root).as_posix()}:{node.name}"] = lines
    return found


def test_no_function_in_games_is_over_80_lines():
    assert long_functions(GAMES) == {}


def test_the_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{k} = {k}" for k in range(MAX_FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n")
    assert long_functions(tmp_path) == {"long.py:long": MAX_FUNCTION_LINES + 1}


def game_packages() -> list[Path]:
    return sorted(p.parent for p in GAMES.glob("*/__init__.py"))


def test_every_game_package_is_laid_out_alike():
    packages = game_packages()
    assert {p.name for p in packages} >= {"santiago", "havana"}
    missing = {
        p.name: [name for name in LAYOUT if not (p / name).is_file()]
        for p in packages
        if any(not (p / name).is_file() for name in LAYOUT)
    }
    assert missing == {}
