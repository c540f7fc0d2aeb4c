"""Each bot level's rating on the site's scale: the one place that gives it.

The engine protocol (`regalia.ai.uci`) maps `UCI_Elo`, `UCI_LimitStrength` and `Skill Level`
onto a game's levels through `ladder`, and a rated game against a built-in level rates its
opponents against the level's rating from here, which no game moves (`regalia.tables.ratings`).
The numbers are each level's `BotLevel.rating` in its game's descriptor, from the calibrated
ladder (arena round-robins among the levels, `bench/ladder.py`; docs/engine.md says which
are measured and which still provisional); `RATINGS` replaces a game's whole table, and
everything that maps a rating onto a level follows.
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
