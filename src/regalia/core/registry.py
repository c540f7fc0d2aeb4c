"""Game lookup by name; games load lazily so the CLI starts fast."""

from __future__ import annotations

import importlib
from typing import Any

from regalia.core.errors import BadNotation
from regalia.core.game import Game

GAME_MODULES = {
    "regulator": "regalia.games.regulator",
    "regicide": "regalia.games.regicide",
    "regicida": "regalia.games.regicida",
}


def get_game(name: str) -> Game[Any]:
    key = name.strip().lower()
    if key not in GAME_MODULES:
        raise BadNotation(f"unknown game {name!r}; choose one of {', '.join(GAME_MODULES)}")
    game: Game[Any] = importlib.import_module(GAME_MODULES[key]).GAME
    return game
