"""Static evaluation of a Regulator Chess position, in centipawns for the side to move.

What it knows beyond material:
- Bishops and knights are worth what the regulator makes them: a bishop that also jumps as a
  knight (space >= 3) is nearly a rook and a half, a knight that also slides as a rook
  (space >= 6) is worth about a queen. Each value is read from the current space and its
  two neighbours, since one pawn push or piece capture shifts the track by one.
- Pawn pushes are regulator pressure: every push moves the track up one, so a side whose
  army gains from a higher space profits from each pawn it can still push, and so loses
  from the pushes the opponent has. Pushes are also spare tempi, which matter because a
  side without a legal move loses (R10).
- King safety against empowered pieces: enemy pieces near a king weigh by what they can
  do at the current space; own pawns in front of the king shield it.
- Pawns gain value as they advance toward promotion, more when no enemy pawn can stop them.
- Against a lone king: drive it to the edge, own king close (mate and R10's stalemate).

    >>> from regalia.games.regulator.position import Position
    >>> evaluate(Position.start())  # symmetric start: only the mover's tempo counts
    10
"""

from __future__ import annotations

from regalia.games.regulator.board import (
    FILES,
    KING,
    PAWN,
    RANKS,
    REGULATOR_MAX,
    ROOK,
    SQUARES,
    WHITE,
)
from regalia.games.regulator.position import Position

TEMPO = 10

# Raw values by regulator space 1..7 (index 0 unused).
_RAW_BISHOP = (0, 300, 310, 620, 630, 640, 650, 650)
_RAW_KNIGHT = (0, 310, 310, 320, 330, 340, 860, 880)


def _smoothed(raw: tuple[int, ...]) -> tuple[int, ...]:
    values = [0]
    for space in range(1, REGULATOR_MAX + 1):
        below = raw[max(space - 1, 1)]
        above = raw[min(space + 1, REGULATOR_MAX)]
        values.append((2 * raw[space] + below + above) // 4)
    return tuple(values)


BISHOP_VALUE = _smoothed(_RAW_BISHOP)
KNIGHT_VALUE = _smoothed(_RAW_KNIGHT)
PAWN_VALUE = 100
ROOK_VALUE = 520
QUEEN_VALUE = 950

# Value of one piece of each type at each space: VALUE[space][type].
VALUE = tuple(
    (0, PAWN_VALUE, KNIGHT_VALUE[s], BISHOP_VALUE[s], ROOK_VALUE, QUEEN_VALUE, 0)
    for s in range(REGULATOR_MAX + 1)
)

# Pawn bonus by ranks advanced (0 on the start rank, 4 one step from promotion).
PAWN_ADVANCE = (0, 12, 30, 60, 110)
PASSED_BONUS = (0, 15, 30, 55, 90)

# How much an enemy piece near the king threatens, by type, for powers 0 / 1 / 2.
_THREAT = (
    (0, 2, 5, 5, 8, 14, 2),
    (0, 2, 5, 11, 8, 14, 2),
    (0, 2, 13, 11, 8, 14, 2),
)
SHIELD = 12

# Centre squares are worth more to the short-range pieces (knight moves, king steps).
_CENTRE = tuple(8 - 4 * abs(sq % FILES - 2) - 2 * abs(sq // FILES - 3) for sq in range(SQUARES))


def _power(space: int) -> int:
    return 0 if space < 3 else 1 if space < 6 else 2


def _distance(a: int, b: int) -> int:
    return max(abs(a % FILES - b % FILES), abs(a // FILES - b // FILES))


# Tables indexed by square (and king square), so the evaluation only looks things up.
# TROPISM[king][square]: closeness of a piece on `square` to a king, 0 (far) .. 3.
TROPISM = tuple(tuple(max(0, 4 - _distance(k, s)) for s in range(SQUARES)) for k in range(SQUARES))
# SHIELDS[colour][king]: squares beside the king on the enemy's side of it.
SHIELDS = tuple(
    tuple(
        frozenset(
            s
            for s in range(SQUARES)
            if _distance(s, k) == 1
            and (s // FILES - k // FILES) * (1 if colour == WHITE else -1) > 0
        )
        for k in range(SQUARES)
    )
    for colour in (0, 1)
)


def _front_mask(colour: int, square: int) -> int:
    """Squares in front of a pawn on this and the neighbouring files (enemy pawns there
    can stop it)."""
    file, rank = square % FILES, square // FILES
    ranks = range(rank + 1, RANKS) if colour == WHITE else range(0, rank)
    return sum(
        1 << (r * FILES + f) for r in ranks for f in (file - 1, file, file + 1) if 0 <= f < FILES
    )


FRONT = tuple(tuple(_front_mask(c, s) for s in range(SQUARES)) for c in (0, 1))


def _advance(colour: int, square: int) -> int:
    return min(max(square // FILES - 1 if colour == WHITE else RANKS - 2 - square // FILES, 0), 4)


PAWN_SCORE = tuple(
    tuple(PAWN_VALUE + PAWN_ADVANCE[_advance(c, s)] for s in range(SQUARES)) for c in (0, 1)
)
PASSED_SCORE = tuple(tuple(PASSED_BONUS[_advance(c, s)] for s in range(SQUARES)) for c in (0, 1))
_KING_DISTANCE = tuple(tuple(_distance(a, b) for b in range(SQUARES)) for a in range(SQUARES))
# MOP_UP[square]: how far a lone king there is from the middle (d4), in tens of centipawns.
MOP_UP = tuple(10 * (abs(s % FILES - 2) + abs(s // FILES - 3)) for s in range(SQUARES))


# The same tables flat, for the loop below: C arrays once compiled (evaluation.pxd).
_VALUE = [VALUE[s][t] for s in range(REGULATOR_MAX + 1) for t in range(7)]  # [space * 7 + type]
_UP = [VALUE[min(s + 1, REGULATOR_MAX)][t] for s in range(REGULATOR_MAX + 1) for t in range(7)]
_THREATS = [_THREAT[_power(s)][t] for s in range(REGULATOR_MAX + 1) for t in range(7)]
_TROPISM = [TROPISM[k][s] for k in range(SQUARES) for s in range(SQUARES)]  # [king * 35 + sq]
_SHIELD = [
    1 if s in SHIELDS[c][k] else 0 for c in (0, 1) for k in range(SQUARES) for s in range(SQUARES)
]
_FRONT = [FRONT[c][s] for c in (0, 1) for s in range(SQUARES)]  # [colour * 35 + square]
_PAWN = [PAWN_SCORE[c][s] for c in (0, 1) for s in range(SQUARES)]
_PASSED = [PASSED_SCORE[c][s] for c in (0, 1) for s in range(SQUARES)]
_CLOSE = [6 * (4 - min(_KING_DISTANCE[a][b], 4)) for a in range(SQUARES) for b in range(SQUARES)]
_EDGE = list(MOP_UP)
_BITS = [1 << s for s in range(SQUARES)]
_MIDDLE = list(_CENTRE)
_TEMPO = TEMPO
_SHIELD_BONUS = SHIELD


def evaluate(pos: Position) -> int:
    """Score for the side to move; positive means the side to move stands better."""
    board = pos._board
    space = pos.regulator
    row = space * 7
    white_king = pos._kings[0]
    black_king = pos._kings[1]
    near_white = white_king * SQUARES
    near_black = black_king * SQUARES

    score = 0  # White's view
    # How much each side's army gains (White minus Black) if the track moves up one.
    gain_up = 0
    pieces_white = pieces_black = 0
    pawns_white = pawns_black = 0
    white_mask = black_mask = 0
    for square in range(SQUARES):
        piece = board[square]
        if not piece:
            continue
        if piece > 0:
            if piece == PAWN:
                white_mask |= _BITS[square]
                pawns_white += 1
            elif piece != KING:
                score += _VALUE[row + piece] + _THREATS[row + piece] * _TROPISM[near_black + square]
                if piece != ROOK:
                    score += _MIDDLE[square]
                gain_up += _UP[row + piece] - _VALUE[row + piece]
                pieces_white += 1
        elif piece == -PAWN:
            black_mask |= _BITS[square]
            pawns_black += 1
        elif piece != -KING:
            kind = -piece
            score -= _VALUE[row + kind] + _THREATS[row + kind] * _TROPISM[near_white + square]
            if kind != ROOK:
                score -= _MIDDLE[square]
            gain_up -= _UP[row + kind] - _VALUE[row + kind]
            pieces_black += 1

    pushes_white = pushes_black = 0
    if pawns_white or pawns_black:
        shield_white = white_king * SQUARES
        shield_black = (SQUARES + black_king) * SQUARES
        for square in range(SQUARES):
            piece = board[square]
            if piece == PAWN:
                if square + FILES < SQUARES and not board[square + FILES]:
                    pushes_white += 1
                score += _PAWN[square]
                if not black_mask & _FRONT[square]:
                    score += _PASSED[square]
                score += _SHIELD_BONUS * _SHIELD[shield_white + square]
            elif piece == -PAWN:
                if square >= FILES and not board[square - FILES]:
                    pushes_black += 1
                score -= _PAWN[SQUARES + square]
                if not white_mask & _FRONT[SQUARES + square]:
                    score -= _PASSED[SQUARES + square]
                score -= _SHIELD_BONUS * _SHIELD[shield_black + square]

    # Regulator pressure: a side that gains from a higher space and can still push a pawn
    # holds a share of that gain (one push suffices); every push is also a spare tempo.
    if space < REGULATOR_MAX and ((gain_up > 0 and pushes_white) or (gain_up < 0 and pushes_black)):
        # A third, rounded toward zero alike for both colours.
        score += gain_up // 3 if gain_up >= 0 else -(-gain_up // 3)
    score += 4 * (pushes_white - pushes_black)

    # Mop-up: against a lone king, herd it to the edge with the own king close by; mate and
    # stalemate (R10) both happen there, within reach of the search.
    white_alone = not pawns_white and not pieces_white
    black_alone = not pawns_black and not pieces_black
    if black_alone and not white_alone:
        score += _EDGE[black_king] + _CLOSE[white_king * SQUARES + black_king]
    elif white_alone and not black_alone:
        score -= _EDGE[white_king] + _CLOSE[white_king * SQUARES + black_king]

    if pos.turn == WHITE:
        return score + _TEMPO
    return _TEMPO - score
