"""Regicide as a search `Domain`: negamax over teams, which alternate every ply.

A kingless seat's moves (captures or `pass`, C12) and forced passes (C13) are ordinary moves
of the engine position, so the search needs nothing special for them. The game ends when a
team loses both kings (C14): the team to move then has lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from regalia.ai.regicide.evaluation import KING_VALUE, VALUE, evaluate
from regalia.ai.search import scores
from regalia.games.regicide.moves import KING, promotion
from regalia.games.regicide.position import Position

# C14: 200 plies without a capture or pawn move.
DRAW_PLIES = 200
# MVV-LVA by kind (pawn kinds 1..7, KNIGHT 8 ... KING 12); a king is the best victim.
_VICTIM = (0, 1, 1, 1, 1, 1, 1, 1, 3, 3, 5, 9, 30)
_ATTACKER = (0, 1, 1, 1, 1, 1, 1, 1, 3, 3, 5, 9, 10)
_PROMOTION = (0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 5, 9)


class RegicideDomain:
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
        winner = pos.winner_team()
        if winner is not None:
            won = scores.mated_in(ply)
            return -won if winner == pos.turn & 1 else won
        if pos.halfmove >= DRAW_PLIES:
            return 0
        return None

    def in_check(self, pos: Position) -> bool:
        # No check rule (C10), but standing pat with a king the next seat can take is
        # unsafe: quiescence then looks at every move, as chess does in check.
        seat = pos.turn
        king = pos.kings[seat]
        return king >= 0 and pos.attacks((seat + 1) & 3, king)

    def capture_score(self, pos: Position, move: int) -> int:
        victim = _VICTIM[pos.captured_kind(move)]
        promoted = promotion(move)
        if not victim and not promoted:
            return 0
        attacker = _ATTACKER[pos.moving_kind(move)]
        return victim * 16 + 16 - attacker + _PROMOTION[promoted] * 16

    def gain(self, pos: Position, move: int) -> int:
        kind = pos.captured_kind(move)
        value = KING_VALUE if kind == KING else VALUE[kind]
        promoted = promotion(move)
        return value + (VALUE[promoted] - VALUE[1] if promoted else 0)
