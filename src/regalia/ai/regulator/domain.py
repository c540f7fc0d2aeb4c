"""Regulator Chess as a search `Domain`: the engine position's moves, keys and rules' ends.

The same facts twice: as the `Domain` protocol (Python calls, for any caller) and as the
`c_` methods of `NativeDomain`, which the compiled search calls straight into the compiled
position and evaluation (`domain.pxd`); interpreted, both run the same Python.
"""

from __future__ import annotations

from collections.abc import Sequence

from regalia.ai.regulator import tablebase
from regalia.ai.regulator.evaluation import evaluate as score_of
from regalia.ai.search import scores
from regalia.ai.search.native import NO_END, NativeDomain
from regalia.games.regulator.board import SQUARES
from regalia.games.regulator.position import MAX_MOVES, Position

# MVV-LVA: the most valuable victim first, then the cheapest attacker. Indexed by piece type
# (PAWN=1 KNIGHT=2 BISHOP=3 ROOK=4 QUEEN=5 KING=6).
_VICTIM = (0, 10, 30, 30, 50, 90, 0)
_ATTACKER = (0, 1, 3, 3, 5, 9, 10)
_PROMOTION = (0, 0, 30, 30, 50, 90)

# Material by piece type for delta pruning: the best case over regulator spaces.
_GAIN = (0, 100, 880, 650, 520, 950, 0)

# R11: 100 plies without a pawn move or capture.
FIFTY_MOVES = 100


class RegulatorDomain(NativeDomain):
    """Stateless adapter; one instance serves any number of positions."""

    def moves(self, pos: Position) -> Sequence[int]:
        return pos.legal_moves()

    def noisy_moves(self, pos: Position) -> Sequence[int]:
        return pos.noisy_moves()

    def push(self, pos: Position, move: int) -> None:
        pos.push(move)

    def pop(self, pos: Position) -> None:
        pos.pop()

    def key(self, pos: Position) -> int:
        return pos.key

    def evaluate(self, pos: Position) -> int:
        return score_of(pos)

    def outcome(self, pos: Position, ply: int) -> int | None:
        # R10 (no legal move loses) is the search's own rule; R11 draws are checked here,
        # except repetitions, which the search sees in its key history.
        if pos.halfmove >= FIFTY_MOVES:
            # As the referee judges it: a mate on the 100th quiet ply still wins.
            return 0 if pos.legal_moves() else scores.mated_in(ply)
        if not pos.pawns and pos.bare_kings():
            return 0
        return None

    def in_check(self, pos: Position) -> bool:
        return pos.in_check()

    def capture_score(self, pos: Position, move: int) -> int:
        return self.c_capture_score(pos, move_checked(move))

    def gain(self, pos: Position, move: int) -> int:
        return self.c_gain(pos, move_checked(move))

    # -- the direct calls of the compiled search (see regalia.ai.search.native) ---------------

    def max_moves(self) -> int:
        return MAX_MOVES

    def c_moves(self, pos: Position, out: list[int], n: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return p.generate(out, n, False)

    def c_noisy(self, pos: Position, out: list[int], n: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return p.generate(out, n, True)

    def c_push(self, pos: Position, move: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return p.make(move)

    def c_pop(self, pos: Position) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        p.unmake()
        return 0

    def c_key(self, pos: Position) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return p.key

    def c_evaluate(self, pos: Position) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return score_of(p)

    def c_outcome(self, pos: Position, ply: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        if p.halfmove >= FIFTY_MOVES:
            return 0 if p.count_moves() else scores.mated_in(ply)
        if not p.pawns and p.bare_kings():
            return 0
        if p.pawns <= 1:
            # Three men or fewer: the endgame tables know the exact result, once built.
            occupied = 0
            for code in range(13):
                if code != 6:
                    occupied |= p._bb[code]
            occupied &= occupied - 1
            occupied &= occupied - 1
            if occupied & (occupied - 1) == 0:
                found = tablebase.search_score(p, ply)
                if found is not None:
                    return found
        return NO_END

    def c_in_check(self, pos: Position) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        return 1 if p.in_check() else 0

    def c_capture_score(self, pos: Position, move: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        board = p._board
        victim = abs(board[move >> 6 & 63])
        promotion = move >> 12
        if not victim and not promotion:
            return 0
        value = _VICTIM[victim] * 16 + 16 - _ATTACKER[abs(board[move & 63])]
        return value + _PROMOTION[promotion] * 16

    def c_gain(self, pos: Position, move: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        promotion = move >> 12
        value = _GAIN[abs(p._board[move >> 6 & 63])]
        return value + (_GAIN[promotion] - _GAIN[1] if promotion else 0)


def move_checked(move: int) -> int:
    """`move` if its squares are on the board (the direct calls index C arrays unchecked)."""
    if not 0 <= move < 6 << 12 or (move & 63) >= SQUARES or (move >> 6 & 63) >= SQUARES:
        raise ValueError(f"not a move: {move!r}")
    return move
