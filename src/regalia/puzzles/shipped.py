"""The starter sets a game ships (`PuzzleHook.shipped`), read as the server loads them."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from regalia.core.game import Game
from regalia.puzzles.hook import hook_for

FIELDS = ("id", "game", "position", "to_move", "moves", "rating", "themes")


def shipped_puzzles(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's shipped puzzles (none when it has no puzzles or ships no set)."""
    if not game.puzzles:
        return []
    where = hook_for(game).shipped
    if where is None:
        return []
    package, name = where
    resource = resources.files(package).joinpath(name)
    if not resource.is_file():
        return []
    found = []
    for number, line in enumerate(resource.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        puzzle = json.loads(line)
        missing = [f for f in FIELDS if f not in puzzle]
        if missing or puzzle["game"] != game.name:
            raise ValueError(f"{name} line {number}: not a {game.name} puzzle ({missing})")
        found.append(puzzle)
    return found
