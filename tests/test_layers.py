"""A game is the one place that knows about itself: shared layers never decide by game name.

Shared code may name a game in text (docs, help) and a game's own modules (its AI, adapter,
CLI area) may name it; a quoted game name in shared code is a per-game decision.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "regalia"
GAMES = ("regulator", "regicide", "regicida")
SHARED = ("ai", "tables", "server", "cli", "env", "terminal")
QUOTED = re.compile("[\"']({})[\"']".format("|".join(GAMES)))


def _owned_by_a_game(path: Path) -> bool:
    parts = path.relative_to(SRC).parts
    stem = path.stem.removesuffix("_v0")
    return stem in GAMES or any(p in GAMES for p in parts) or "adapters" in parts


def _docstring_lines(source: str) -> set[int]:
    """Lines inside docstrings: examples there are text, not decisions."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            continue
        if isinstance(node.value.value, str) and node.end_lineno is not None:
            lines.update(range(node.lineno, node.end_lineno + 1))
    return lines


def test_shared_python_layers_hold_no_quoted_game_name() -> None:
    found = []
    for layer in SHARED:
        for path in sorted((SRC / layer).rglob("*.py")):
            if _owned_by_a_game(path):
                continue
            source = path.read_text()
            text = _docstring_lines(source)
            for number, line in enumerate(source.splitlines(), start=1):
                if number not in text and QUOTED.search(line):
                    found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not found, "per-game decisions in shared code:\n" + "\n".join(found)


def test_the_web_app_outside_its_boards_names_no_game() -> None:
    found = []
    for path in sorted((SRC / "web" / "js").rglob("*.js")):
        if "boards" in path.relative_to(SRC / "web" / "js").parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if re.search("|".join(GAMES), line, re.IGNORECASE):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not found, "the web app names a game outside boards/:\n" + "\n".join(found)
