"""What the alpha-beta search needs from a game: the `Domain` protocol.

A domain wraps one game's fast engine position. The search never looks inside a position or a
move; it only asks the domain. Scores are always from the view of the side (or team) to move,
so one negamax serves two-player chess and Regicide's alternating teams alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

P = TypeVar("P", contravariant=True)
M = TypeVar("M", bound=Hashable)


class Domain(Protocol[P, M]):
    """The game-specific half of the search; every method is called in the hot loop."""

    def moves(self, pos: P) -> Sequence[M]:
        """Every legal move (a forced pass counts as a move); empty when none is legal."""
        ...

    def noisy_moves(self, pos: P) -> Sequence[M]:
        """The moves quiescence search tries: captures and promotions."""
        ...

    def push(self, pos: P, move: M) -> None: ...

    def pop(self, pos: P) -> None: ...

    def key(self, pos: P) -> int:
        """Hash of everything that decides the game from here (board, side, counters)."""
        ...

    def evaluate(self, pos: P) -> int:
        """Static score in centipawns for the side to move, well inside +-MATE_BOUND."""
        ...

    def outcome(self, pos: P, ply: int) -> int | None:
        """Score of a game ended by a rule other than "no legal move" for the side to move
        (`scores.mated_in(ply)` for a loss, 0 for a draw), or None while play goes on. The
        search scores a position without legal moves as lost by itself."""
        ...

    def in_check(self, pos: P) -> bool:
        """True when standing pat in quiescence would be unsafe (king attacked)."""
        ...

    def capture_score(self, pos: P, move: M) -> int:
        """MVV-LVA order of a noisy move (> 0), 0 for a quiet move."""
        ...

    def gain(self, pos: P, move: M) -> int:
        """Material a noisy move wins at most (victim, plus promotion), in centipawns."""
        ...
