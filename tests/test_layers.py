"""A game is the one place that knows about itself: shared layers never decide by game name.

Shared code may name a game in text (docs, help) and a game's own modules (its AI, adapter,
CLI area) may name it; a quoted game name in shared code is a per-game decision. So is a
quoted bot level name (which level stands in for whom is the game's to say), an import of a
game's own modules, and a word a game declares for its pages written into the web app
outside `boards/` (the pages show it from the server's data instead).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from regalia.core.registry import available_games, load_ref

SRC = Path(__file__).resolve().parents[1] / "src" / "regalia"
WEB = SRC / "web" / "js"
GAMES = ("regulator", "regicide", "regicida")
SHARED = ("ai", "tables", "server", "cli", "env", "terminal", "i18n", "tournaments")
QUOTED = re.compile("[\"']({})[\"']".format("|".join(GAMES)))
GAME_MODULE = re.compile(r"^regalia\.(?:[a-z_]+\.)*({})(?:\.|$)".format("|".join(GAMES)))


def _owned_by_a_game(path: Path) -> bool:
    parts = path.relative_to(SRC).parts
    stem = path.stem.removesuffix("_v0")
    return stem in GAMES or any(p in GAMES for p in parts) or "adapters" in parts


def _shared_modules() -> Iterator[Path]:
    for layer in SHARED:
        for path in sorted((SRC / layer).rglob("*.py")):
            if not _owned_by_a_game(path):
                yield path


def _docstring_lines(source: str) -> set[int]:
    """Lines inside docstrings: examples there are text, not decisions."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            continue
        if isinstance(node.value.value, str) and node.end_lineno is not None:
            lines.update(range(node.lineno, node.end_lineno + 1))
    return lines


def _own_name_lines(source: str) -> set[int]:
    """Lines of a class's `name = "…"`: an agent naming itself ("greedy") decides nothing
    about a game."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            targets = item.targets if isinstance(item, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id == "name" for t in targets):
                lines.add(item.lineno)
    return lines


def _quoted_in_shared_code(pattern: re.Pattern[str], skip_own_names: bool = False) -> list[str]:
    found = []
    for path in _shared_modules():
        source = path.read_text()
        text = _docstring_lines(source) | (_own_name_lines(source) if skip_own_names else set())
        for number, line in enumerate(source.splitlines(), start=1):
            if number not in text and pattern.search(line):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    return found


def test_shared_python_layers_hold_no_quoted_game_name() -> None:
    found = _quoted_in_shared_code(QUOTED)
    assert not found, "per-game decisions in shared code:\n" + "\n".join(found)


def test_shared_python_layers_hold_no_quoted_bot_level_name() -> None:
    names = sorted({level.name for game in available_games() for level in game.bot_levels})
    assert "random" in names
    pattern = re.compile("[\"']({})[\"']".format("|".join(map(re.escape, names))))
    found = _quoted_in_shared_code(pattern, skip_own_names=True)
    assert not found, "bot levels chosen by name in shared code:\n" + "\n".join(found)


def test_shared_python_layers_import_no_games_own_module() -> None:
    found = []
    for path in _shared_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            found.extend(
                f"{path.relative_to(SRC)}:{node.lineno}: {module}"
                for module in modules
                if GAME_MODULE.match(module)
            )
    assert not found, "shared code reaching into a game:\n" + "\n".join(found)


def test_the_web_app_outside_its_boards_names_no_game() -> None:
    found = []
    for path, number, line in _web_lines_outside_boards():
        if re.search("|".join(GAMES), line, re.IGNORECASE):
            found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not found, "the web app names a game outside boards/:\n" + "\n".join(found)


def _web_lines_outside_boards() -> Iterator[tuple[Path, int, str]]:
    for path in sorted(WEB.rglob("*.js")):
        if "boards" in path.relative_to(WEB).parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            yield path, number, line


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, str) and re.search("[A-Za-z]", value):
        yield value


def _declared_words() -> set[str]:
    """The words games declare for their own pages: their translatable texts and what
    their referee's form offers (House names, the Neutral Player's word…)."""
    words: set[str] = set()
    for game in available_games():
        words.update(text for text, _ in game.catalogue_texts())
        if game.referee:
            words.update(_texts(load_ref(game.referee.rpartition(":")[0]).form()))
    return words


def test_the_web_app_outside_its_boards_writes_no_word_a_game_declares() -> None:
    words = _declared_words()
    assert "Neutral" in words
    pattern = re.compile("|".join(rf"\b{re.escape(w)}\b" for w in sorted(words, key=len)[::-1]))
    found = [
        f"{path.relative_to(SRC)}:{number}: {match[0]!r} in {line.strip()[:80]}"
        for path, number, line in _web_lines_outside_boards()
        for match in pattern.finditer(line)
    ]
    assert not found, "a game's own words in the web app outside boards/:\n" + "\n".join(found)
