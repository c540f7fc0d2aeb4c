"""The `strong` Regicide bot: the shared alpha-beta (ai/search), negamax over teams."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.search.agent import SearchAgent
from regalia.core.game import State
from regalia.games.regicide.position import Position
from regalia.games.regicide.state import RegicideState


class StrongAgent(SearchAgent[Position, int]):
    """Plays whichever seat is to act; one search serves both seats of a team."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, RegicideDomain())

    def position(self, state: State[Any]) -> Position:
        if not isinstance(state, RegicideState):
            raise TypeError(f"not a Regicide state: {type(state).__name__}")
        return state.position  # a fresh copy

    def history(self, pos: Position) -> Sequence[int]:
        return recent_keys(pos)


def recent_keys(pos: Position) -> list[int]:
    """Keys of the positions since the last capture or pawn move (only those can recur).
    The position keeps its moves, not its keys: step back through those plies, then forward
    again."""
    steps = min(pos.halfmove, len(pos.history))
    undone = [pos.pop() for _ in range(steps)]
    keys = []
    for move in reversed(undone):
        keys.append(pos.key)
        pos.push(move)
    return keys
