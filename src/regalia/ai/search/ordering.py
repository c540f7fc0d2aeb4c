"""Move ordering memory across nodes: killer moves per ply and the history heuristic."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from regalia.ai.search.limits import MAX_DEPTH

M = TypeVar("M", bound=Hashable)

# Sort keys by band, so one integer orders a whole move list:
HASH_MOVE = 1 << 40
CAPTURE = 1 << 32  # + MVV-LVA
KILLER = 1 << 31  # first killer; the second gets one less
HISTORY_CAP = 1 << 30  # history scores stay below the killers


class Ordering(Generic[M]):
    """Quiet moves that caused cut-offs: at the same ply (killers) and anywhere (history)."""

    def __init__(self) -> None:
        self.killers: list[list[M | None]] = [[None, None] for _ in range(MAX_DEPTH + 64)]
        self.history: dict[M, int] = {}

    def reward(self, move: M, ply: int, depth: int) -> None:
        """A quiet `move` caused a beta cut-off at `ply` with `depth` plies left."""
        slot = self.killers[ply]
        if slot[0] != move:
            slot[1] = slot[0]
            slot[0] = move
        value = self.history.get(move, 0) + depth * depth
        self.history[move] = value
        if value >= HISTORY_CAP:
            # Age everything so the table keeps favouring recent cut-offs.
            self.history = {m: v // 2 for m, v in self.history.items()}

    def age(self) -> None:
        """Between searches: forget killers, keep a faded history."""
        for slot in self.killers:
            slot[0] = slot[1] = None
        self.history = {m: v // 8 for m, v in self.history.items() if v >= 8}
