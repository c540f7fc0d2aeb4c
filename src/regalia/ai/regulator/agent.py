"""The `strong` Regulator Chess bot: alpha-beta on the engine position (see ai/search)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search.agent import SearchAgent
from regalia.core.game import State
from regalia.games.regulator.game import RegulatorState
from regalia.games.regulator.position import Position


class StrongAgent(SearchAgent[Position, int]):
    """Iterative-deepening alpha-beta within the budget; deterministic for depth/node bounds."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, RegulatorDomain())

    def position(self, state: State[Any]) -> Position:
        if not isinstance(state, RegulatorState):
            raise TypeError(f"not a Regulator Chess state: {type(state).__name__}")
        return state.position()  # a fresh copy

    def history(self, pos: Position) -> Sequence[int]:
        # Only positions since the last pawn move or capture can come back (R11).
        return pos.keys[-(pos.halfmove + 1) : -1]
