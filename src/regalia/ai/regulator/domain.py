"""Regulator Chess as a search `Domain`: the engine position's moves, keys and rules' ends."""

from __future__ import annotations

from collections.abc import Sequence

from regalia.ai.regulator.evaluation import evaluate
from regalia.ai.search import scores
from regalia.games.regulator.position import Position, move_promotion

# MVV-LVA: the most valuable victim first, then the cheapest attacker. Indexed by piece type
# (PAWN=1 KNIGHT=2 BISHOP=3 ROOK=4 QUEEN=5 KING=6).
_VICTIM = (0, 10, 30, 30, 50, 90, 0)
_ATTACKER = (0, 1, 3, 3, 5, 9, 10)
_PROMOTION = (0, 0, 30, 30, 50, 90)

# Material by piece type for delta pruning: the best case over regulator spaces.
_GAIN = (0, 100, 880, 650, 520, 950, 0)

# R11: 100 plies without a pawn move or capture.
FIFTY_MOVES = 100


class RegulatorDomain:
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
        return evaluate(pos)

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
        victim = pos.captured_piece(move)
        promotion = move_promotion(move)
        if not victim and not promotion:
            return 0
        value = _VICTIM[victim] * 16 + 16 - _ATTACKER[pos.moving_piece(move)]
        return value + _PROMOTION[promotion] * 16

    def gain(self, pos: Position, move: int) -> int:
        promotion = move_promotion(move)
        value = _GAIN[pos.captured_piece(move)]
        return value + (_GAIN[promotion] - _GAIN[1] if promotion else 0)
