"""Static evaluation of a Regicide position, in centipawns for the team to move.

Teams alternate every ply (Yellow, Green, Red, Blue: light, dark, light, dark), so "the team
to move" is `turn & 1` and a score for one team is the negation of the other's.

Terms, each summed per seat and credited to its team:
- Material, with a live king worth a great deal (two lost kings lose the game, C14). A seat
  whose king is gone keeps its pieces but may only capture with them (C12): they count half.
- Mobility of knights and sliders: directions open to them (an empty or enemy square).
- King exposure: enemy pieces close to a king, own pieces beside it as a shield, and a
  teammate's king that the next seat (always an enemy) can take before it moves.
- Pawn advancement toward promotion (C8), growing as the pawn nears the far back rank.

    >>> from regalia.games.regicide.position import OPEN, Position
    >>> evaluate(Position.start())  # symmetric start: only the mover's tempo counts
    10
"""

from __future__ import annotations

from regalia.games.regicide import board as B
from regalia.games.regicide.moves import BISHOP, KING, KNIGHT, PAWN, ROOK
from regalia.games.regicide.position import OPEN, Position

TEMPO = 10
KING_VALUE = 2500
# Piece values by kind (pawn kinds 1..7 share the pawn's).
VALUE = (0, 100, 100, 100, 100, 100, 100, 100, 300, 330, 500, 950, 0)
MOBILITY = (0, 0, 0, 0, 0, 0, 0, 0, 4, 5, 5, 3, 0)
HANGING = KING_VALUE * 7 // 10
NEAR_KING = 12  # per enemy piece within two squares of a king
SHIELD = 8  # per own piece beside the king
# Bonus by squares advanced (0..12) toward the far back rank.
ADVANCE = tuple(min(step * step * 3, 400) for step in range(14))

_SIZE = B.SIZE


def _progress(seat: int, square: int) -> int:
    """How far a pawn of `seat` on `square` has come from its start line (C4)."""
    file, rank = square % _SIZE, square // _SIZE
    return (file - 1, rank - 1, _SIZE - 2 - file, _SIZE - 2 - rank)[seat]


PROGRESS = tuple(tuple(max(0, _progress(s, sq)) for sq in range(B.NSQ)) for s in range(4))
# Squares within two steps (king distance) of each square, for the enemy-nearness count.
NEAR = tuple(
    tuple(
        t
        for t in B.SQUARES
        if 0 < max(abs(t % _SIZE - sq % _SIZE), abs(t // _SIZE - sq // _SIZE)) <= 2
    )
    for sq in range(B.NSQ)
)


def _first_steps(kind: int, square: int) -> tuple[int, ...]:
    if kind == KNIGHT:
        return tuple(t for t, _ in B.KNIGHT[square])
    rays = {BISHOP: B.BISHOP_RAYS, ROOK: B.ROOK_RAYS}.get(kind, B.QUEEN_RAYS)[square]
    return tuple(ray[0][0] for ray in rays)


# FIRST_STEPS[kind][square]: where each move direction of a knight or slider begins.
FIRST_STEPS = tuple(
    tuple(_first_steps(kind, sq) if KNIGHT <= kind < KING else () for sq in range(B.NSQ))
    for kind in range(KING + 1)
)


# The same tables flat, for the loops below: C arrays once compiled (evaluation.pxd).
_NSQ = B.NSQ
_KING_VALUE = KING_VALUE
_HANGING = HANGING
_TEMPO = TEMPO
_NEAR_KING = NEAR_KING
_SHIELD = SHIELD
_VALUE = list(VALUE)
_MOBILITY = list(MOBILITY)
_OPEN = [1 if OPEN[team][code] else 0 for team in (0, 1) for code in range(64)]  # [team*64+code]
_ADVANCE = [ADVANCE[PROGRESS[seat][sq]] for seat in range(4) for sq in range(_NSQ)]
_NEAR_N = [len(NEAR[sq]) for sq in range(_NSQ)]
_NEAR = [t for sq in range(_NSQ) for t in NEAR[sq] + (0,) * (24 - len(NEAR[sq]))]  # [sq*24+i]
_BESIDE_N = [len(B.KING[sq]) for sq in range(_NSQ)]
_BESIDE = [t for sq in range(_NSQ) for t, _ in B.KING[sq] + ((0, 0),) * (8 - len(B.KING[sq]))]
_FIRST_N = [len(FIRST_STEPS[kind][sq]) for kind in range(KING + 1) for sq in range(_NSQ)]
_FIRST = [  # [(kind * NSQ + square) * 8 + i]
    t
    for kind in range(KING + 1)
    for sq in range(_NSQ)
    for t in FIRST_STEPS[kind][sq] + (0,) * (8 - len(FIRST_STEPS[kind][sq]))
]


def _seat_score(pos: Position, seat: int) -> int:
    board = pos._board
    open_ = (seat & 1) * 64
    material = 0
    activity = 0
    progress = seat * _NSQ
    pieces = pos._plist[seat]
    for i in range(pos._pcount[seat]):
        square = pieces[i]
        kind = board[square] & 15
        material += _VALUE[kind]
        if kind <= PAWN:
            activity += _ADVANCE[progress + square]
        elif kind < KING:
            # Mobility by the first step of each move direction: cheap, and a piece
            # hemmed in by its own army scores nothing.
            weight = _MOBILITY[kind]
            cell = kind * _NSQ + square
            for j in range(_FIRST_N[cell]):
                if _OPEN[open_ + board[_FIRST[cell * 8 + j]]]:
                    activity += weight
    king = pos._kings[seat]
    if king < 0:
        # C12: without a king the pieces only capture; they still block and threaten.
        return (material + activity) // 2
    return material + activity + _KING_VALUE + _king_safety(pos, seat, king)


def _king_safety(pos: Position, seat: int, king: int) -> int:
    board = pos._board
    score = 0
    team = seat & 1
    for i in range(_NEAR_N[king]):
        code = board[_NEAR[king * 24 + i]]
        if code and (code >> 4) & 1 != team:
            score -= _NEAR_KING
    for i in range(_BESIDE_N[king]):
        code = board[_BESIDE[king * 8 + i]]
        if code and code >> 4 == seat:
            score += _SHIELD
    return score


def evaluate(pos: Position) -> int:
    """Score for the team to move; positive means that team stands better."""
    light = _seat_score(pos, 0) + _seat_score(pos, 2)
    dark = _seat_score(pos, 1) + _seat_score(pos, 3)
    turn = pos.turn
    score = _TEMPO + (light - dark if turn & 1 == 0 else dark - light)
    # The teammate's king moves after the next (enemy) seat: if that seat can take it, it
    # is as good as gone. (The mover's own attacked king is the search's business.)
    mate_king = pos._kings[(turn + 2) & 3]
    if mate_king >= 0 and pos._attacks((turn + 1) & 3, mate_king):
        score -= _HANGING
    return score
