"""Material counting shared by the chess games' one-ply and playout-cutoff bots.

Each game's own module reads its pieces through the game's public API and counts them with
these values; `win_chances` turns any such count into the rewards a cut-off playout needs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from regalia.core.game import Seat, State

# Classic values; changing powers (the regulator's) are the strong engines' business.
VALUES = {"p": 1.0, "n": 3.0, "b": 3.0, "r": 5.0, "q": 9.0, "k": 0.0}

Evaluation = Callable[[State[Any], Seat], float]


def win_chances(evaluate: Evaluation) -> Callable[[State[Any]], list[float]]:
    """Each seat's chance to win guessed from `evaluate`, for cut-off search playouts."""

    def rewards(state: State[Any]) -> list[float]:
        # Two points of material up reads as about a 73% chance.
        return [1.0 / (1.0 + math.exp(-evaluate(state, s) / 2.0)) for s in range(state.players)]

    return rewards
