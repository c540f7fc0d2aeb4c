"""Each bot level's rating on the site's scale: the one place that gives it.

The engine protocol (`regalia.ai.uci`) maps `UCI_Elo`, `UCI_LimitStrength` and `Skill Level`
onto a game's levels through `ladder`. The numbers (each level's `BotLevel.rating`) are
provisional: they only put the levels in their known order (Beginner < Casual <
Intermediate < Strong) on
a 400-point grid, and were not measured. The calibrated ladder (arena round-robins among the
levels) replaces them here, and everything that maps a rating onto a level follows.
"""

from __future__ import annotations

from typing import Any

from regalia.core.game import Game
from regalia.core.registry import get_game

# Per game, level name -> rating, overriding the descriptors' (a calibration run's table).
RATINGS: dict[str, dict[str, int]] = {}


def ladder(game: str | Game[Any]) -> list[tuple[str, int]]:
    """The game's rated levels with their ratings, weakest first: each level's `rating` in
    the game's descriptor, unless `RATINGS` gives the game's table."""
    found = get_game(game) if isinstance(game, str) else game
    table = RATINGS.get(found.name)
    rated = [
        (level.name, table.get(level.name) if table is not None else level.rating)
        for level in found.bot_levels
    ]
    return sorted(((n, r) for n, r in rated if r is not None), key=lambda pair: pair[1])
