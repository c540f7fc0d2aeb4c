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


def evaluate(pos: Position) -> int:
    """Score for the side to move; positive means the side to move stands better."""
    board = pos.board
    space = pos.regulator
    values = VALUE[space]
    up = VALUE[min(space + 1, REGULATOR_MAX)]
    threat = _THREAT[_power(space)]
    white_king, black_king = pos.kings

    score = 0  # White's view
    # How much each side's army gains (White minus Black) if the track moves up one.
    gain_up = 0
    pushes = [0, 0]
    white_pawn_files = [0] * FILES
    black_pawn_files = [0] * FILES
    pawn_squares: list[int] = []
    for square in range(SQUARES):
        piece = board[square]
        if not piece:
            continue
        kind = piece if piece > 0 else -piece
        if kind == PAWN:
            pawn_squares.append(square)
            if piece > 0:
                white_pawn_files[square % FILES] |= 1 << (square // FILES)
            else:
                black_pawn_files[square % FILES] |= 1 << (square // FILES)
            continue
        if kind == KING:
            continue
        value = values[kind] + (_CENTRE[square] if kind != ROOK else 0)
        if piece > 0:
            score += value + threat[kind] * max(0, 4 - _distance(square, black_king))
            gain_up += up[kind] - values[kind]
        else:
            score -= value + threat[kind] * max(0, 4 - _distance(square, white_king))
            gain_up -= up[kind] - values[kind]

    for square in pawn_squares:
        piece = board[square]
        file, rank = square % FILES, square // FILES
        if piece > 0:
            advanced = rank - 1
            ahead = board[square + FILES] if rank + 1 < RANKS else 1
            if not ahead:
                pushes[WHITE] += 1
            blockers = 0
            for f in (file - 1, file, file + 1):
                if 0 <= f < FILES:
                    blockers |= black_pawn_files[f] >> (rank + 1)
            score += PAWN_VALUE + PAWN_ADVANCE[min(advanced, 4)]
            if not blockers:
                score += PASSED_BONUS[min(advanced, 4)]
            if _distance(square, white_king) == 1 and rank > white_king // FILES:
                score += SHIELD
        else:
            advanced = RANKS - 2 - rank
            ahead = board[square - FILES] if rank > 0 else 1
            if not ahead:
                pushes[1] += 1
            blockers = 0
            for f in (file - 1, file, file + 1):
                if 0 <= f < FILES:
                    blockers |= white_pawn_files[f] & ((1 << rank) - 1)
            score -= PAWN_VALUE + PAWN_ADVANCE[min(advanced, 4)]
            if not blockers:
                score -= PASSED_BONUS[min(advanced, 4)]
            if _distance(square, black_king) == 1 and rank < black_king // FILES:
                score -= SHIELD

    # Regulator pressure: a side that gains from a higher space and can still push a pawn
    # holds a share of that gain (one push suffices); every push is also a spare tempo.
    if space < REGULATOR_MAX and ((gain_up > 0 and pushes[WHITE]) or (gain_up < 0 and pushes[1])):
        score += gain_up // 3
    score += 4 * (pushes[WHITE] - pushes[1])

    if pos.turn == WHITE:
        return score + TEMPO
    return TEMPO - score


def piece_value(kind: int, space: int) -> int:
    """Value of one piece of type `kind` (PAWN..QUEEN) at regulator space `space`."""
    return VALUE[space][kind]
