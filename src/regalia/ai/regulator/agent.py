"""The `strong` Regulator Chess bot: alpha-beta on the engine position (see ai/search)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search.agent import SearchAgent
from regalia.core.game import State
from regalia.games.regulator.position import Position


class StrongAgent(SearchAgent[Position, int]):
    """Iterative-deepening alpha-beta within the budget; deterministic for depth/node bounds."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, RegulatorDomain())

    def position(self, state: State[Any]) -> Position:
        pos: Position = state.position()  # type: ignore[attr-defined]  # a fresh copy
        return pos

    def history(self, pos: Position) -> Sequence[int]:
        # Only positions since the last pawn move or capture can come back (R11).
        return pos.keys[-(pos.halfmove + 1) : -1]
