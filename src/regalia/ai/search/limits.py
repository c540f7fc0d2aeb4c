"""When a search must stop: depth, node and time limits, and an external stop flag."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

MAX_DEPTH = 64


class Stopped(Exception):
    """Raised inside the search when a limit is hit; the root catches it."""


class StopSignal(Protocol):
    """What the search polls to learn it must stop (a `threading.Event` is one)."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Limits:
    """Any of these may bound a search; none at all means depth MAX_DEPTH (use `stop`).

    `moves` restricts the root to those moves (UCI `searchmoves`; the legal ones among them,
    all moves if none is legal); `mate` ends the search once it has found a mate in that many
    moves or fewer, and bounds its depth to `mate_depth(mate)` plies."""

    depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    moves: tuple[Hashable, ...] | None = None
    mate: int | None = None


def mate_depth(moves: int) -> int:
    """How deep `Limits(mate=moves)` searches at most: a mate in N moves is 2N - 1 plies,
    and each of the mating side's N moves may be searched one ply shallower first (late-move
    reductions), so 3N plies see it; one more for margin."""
    return min(3 * moves + 1, MAX_DEPTH)
