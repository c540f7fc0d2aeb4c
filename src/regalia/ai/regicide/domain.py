"""Regicide as a search `Domain`: negamax over teams, which alternate every ply.

A kingless seat's moves (captures or `pass`, C12) and forced passes (C13) are ordinary moves
of the engine position, so the search needs nothing special for them. The game ends when a
team loses both kings (C14): the team to move then has lost.

The same facts twice: as the `Domain` protocol (Python calls, for any caller) and as the
`c_` methods of `NativeDomain`, which the compiled search calls straight into the compiled
position and evaluation (`domain.pxd`); interpreted, both run the same Python.
"""

from __future__ import annotations

from collections.abc import Sequence

from regalia.ai.regicide.evaluation import KING_VALUE, VALUE
from regalia.ai.regicide.evaluation import evaluate as score_of
from regalia.ai.search import scores
from regalia.ai.search.native import NO_END, NativeDomain
from regalia.games.regicide.board import NSQ
from regalia.games.regicide.moves import EN_PASSANT, KING, PASS, PAWN0
from regalia.games.regicide.position import MAX_MOVES, Position

# Value by kind for delta pruning (a king: KING_VALUE).
_GAIN = tuple(KING_VALUE if kind == KING else VALUE[kind] for kind in range(KING + 1))
# C14: 200 plies without a capture or pawn move.
DRAW_PLIES = 200
# MVV-LVA by kind (pawn kinds 1..7, KNIGHT 8 ... KING 12); a king is the best victim.
_VICTIM = (0, 1, 1, 1, 1, 1, 1, 1, 3, 3, 5, 9, 30)
_ATTACKER = (0, 1, 1, 1, 1, 1, 1, 1, 3, 3, 5, 9, 10)
_PROMOTION = (0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 5, 9)


class RegicideDomain(NativeDomain):
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
        winner = p._winner()
        if winner >= 0:
            won = scores.mated_in(ply)
            return -won if winner == p.turn & 1 else won
        if p.halfmove >= DRAW_PLIES:
            return 0
        return NO_END

    def c_in_check(self, pos: Position) -> int:
        # No check rule (C10), but standing pat with a king the next seat can take is
        # unsafe: quiescence then looks at every move, as chess does in check.
        p = pos  # typed (Position) once compiled: direct C calls
        king = p._kings[p.turn]
        return 1 if king >= 0 and p._attacks((p.turn + 1) & 3, king) else 0

    def c_capture_score(self, pos: Position, move: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        victim = _VICTIM[_taken(p, move)]
        promoted = move >> 19
        if not victim and not promoted:
            return 0
        attacker = _ATTACKER[p._board[move & 255] & 15]
        return victim * 16 + 16 - attacker + _PROMOTION[promoted] * 16

    def c_gain(self, pos: Position, move: int) -> int:
        p = pos  # typed (Position) once compiled: direct C calls
        promoted = move >> 19
        value = _GAIN[_taken(p, move)]
        return value + (_GAIN[promoted] - _GAIN[1] if promoted else 0)


def _taken(pos: Position, move: int) -> int:
    """The kind `move` takes (a pawn kind for en passant), 0 when none: `captured_kind`."""
    if move == PASS:
        return 0
    if (move >> 16) & 7 == EN_PASSANT:
        return PAWN0
    code = pos._board[move >> 8 & 255]
    # A swap or castling lands on an own piece: not a capture.
    return code & 15 if code and (code >> 4) & 1 != pos.turn & 1 else 0


def move_checked(move: int) -> int:
    """`move` if its squares are on the board (the direct calls index C arrays unchecked)."""
    if not 0 <= move < 1 << 23 or (move & 255) >= NSQ or (move >> 8 & 255) >= NSQ:
        raise ValueError(f"not a move: {move!r}")
    return move
