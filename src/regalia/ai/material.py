"""Material counts for the chess games: the evaluation the `greedy` level plays by.

Read from the public view, so it holds whatever engine sits under the `State`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from regalia.core.errors import BadNotation
from regalia.core.game import Seat, State

# Classic values; the regulator's changing powers are the strong engine's business.
VALUES = {"p": 1.0, "n": 3.0, "b": 3.0, "r": 5.0, "q": 9.0, "k": 0.0}


def regulator_material(state: State[Any], seat: Seat) -> float:
    """Own material minus the opponent's (White is upper case, seat 0)."""
    placement = str(state.view(None)["fen"]).split()[0]
    white = sum(VALUES.get(ch.lower(), 0.0) for ch in placement if ch.isupper())
    black = sum(VALUES.get(ch, 0.0) for ch in placement if ch.islower())
    return white - black if seat == 0 else black - white


# In Regicide a lost king leaves its player able only to capture: worth more than a queen.
REGICIDE_KING = 12.0


def regicide_material(state: State[Any], seat: Seat) -> float:
    """Own team's material minus the other team's (teams: seats 0+2 and 1+3)."""
    from regalia.games.regicide.moves import letter

    board = state.position.board  # type: ignore[attr-defined]
    total = 0.0
    for code in board:
        if code:
            kind = letter(code & 15).lower()
            value = REGICIDE_KING if kind == "k" else VALUES.get(kind, 0.0)
            total += value if (code >> 4) % 2 == seat % 2 else -value
    return total


def material_for(game: str) -> Callable[[State[Any], Seat], float]:
    if game == "regulator":
        return regulator_material
    if game == "regicide":
        return regicide_material
    raise BadNotation(f"the greedy bot for {game} is not available yet")


def material_rewards(game: str) -> Callable[[State[Any]], list[float]]:
    """Each seat's chance to win guessed from material, for cut-off search playouts."""
    evaluate = material_for(game)

    def rewards(state: State[Any]) -> list[float]:
        # Two points of material up reads as about a 73% chance.
        return [1.0 / (1.0 + math.exp(-evaluate(state, s) / 2.0)) for s in range(state.players)]

    return rewards
