"""Whether a position set up by hand could arise in play (the board editor, a table started
from a position): every reason it could not, each a plain sentence.

`read_fen` already refuses a text that does not read; this adds what the rules say of the
pieces, all reported at once so an editor can list them:

- one king a side (R1, R2: kings are never captured, the game ends by R10 first);
- no pawn on a first or last rank (R3: pawns only go forward; R4: one reaching the last rank
  promotes at once);
- at most 5 pawns a side, and no more pieces than promotions could have made (R1 sets up
  2 bishops, 2 knights and 5 pawns; R4: each other piece is a promoted pawn);
- the side not to move is not in check (R9: no move may leave the mover's king attacked).

Any regulator space is possible (R1 lets a game start it anywhere), and so is any half-move
clock below R11's 100.

    >>> problems("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1")
    ()
    >>> problems("bnkbn/ppppp/5/5/5/PPPPP/BN1BN w 1 0 1")
    ('White has no king',)
"""

from __future__ import annotations

from regalia.core.errors import BadPosition
from regalia.games.regulator.board import (
    BISHOP,
    BLACK,
    FILES,
    KING,
    KNIGHT,
    PAWN,
    RANKS,
    REGULATOR_MAX,
    REGULATOR_MIN,
    WHITE,
    square_name,
)
from regalia.games.regulator.fen import _read_rank, read_fen
from regalia.games.regulator.position import Position

SIDES = ("White", "Black")
PAWNS = 5  # a side's pawns at the start (R1)
# Pieces of each kind a side starts with besides its king and pawns (R1).
START_PIECES = {BISHOP: 2, KNIGHT: 2}


def problems(text: str) -> tuple[str, ...]:
    """Every reason `text` could not arise in a game; empty when it could."""
    read = _read(text)
    if read is None:  # it does not read: read_fen says why
        try:
            read_fen(text)
        except BadPosition as exc:
            return (str(exc),)
        return ()
    board, turn, regulator = read
    found: list[str] = []
    kings = [board.count(KING), board.count(-KING)]
    for colour in (WHITE, BLACK):
        side, count = SIDES[colour], kings[colour]
        if count != 1:
            message = (
                f"{side} has no king" if count == 0 else f"{side} has {count} kings; a side has one"
            )
            found.append(message)
    for square, piece in enumerate(board):
        if piece in (PAWN, -PAWN):
            colour = WHITE if piece > 0 else BLACK
            side, name = SIDES[colour], square_name(square)
            rank = square // FILES
            last = RANKS - 1 if colour == WHITE else 0
            if rank == last:
                message = f"a {side} pawn on {name} should have been promoted"
                found.append(message)
            elif rank == RANKS - 1 - last:
                message = f"a {side} pawn cannot stand on {name}: pawns only move forward"
                found.append(message)
    for colour in (WHITE, BLACK):
        side, sign = SIDES[colour], 1 if colour == WHITE else -1
        pawns = board.count(sign * PAWN)
        if pawns > PAWNS:
            message = f"{side} has {pawns} pawns; a side has at most {PAWNS}"
            found.append(message)
            continue
        promoted = sum(
            max(0, sum(1 for p in board if p == sign * kind) - START_PIECES.get(kind, 0))
            for kind in range(KNIGHT, KING)
        )
        if promoted > PAWNS - pawns:
            message = (
                f"{side} has {promoted} pieces more than it starts with, but only "
                f"{PAWNS - pawns} of its pawns are gone to promote"
            )
            found.append(message)
    if not found:
        position = Position(board, turn, regulator)
        waiting = turn ^ 1
        if position.attacked(position.kings[waiting], turn):
            message = (
                f"{SIDES[waiting]} is in check while {SIDES[turn]} is to move: "
                f"{SIDES[waiting]}'s last move cannot have left its king attacked"
            )
            found.append(message)
    if not found:
        try:
            read_fen(text)  # the clocks, and anything else it refuses
        except BadPosition as exc:
            found.append(str(exc))
    return tuple(found)


def _read(text: str) -> tuple[list[int], int, int] | None:
    """(board a1 first, side to move, regulator) of a text whose first three fields read."""
    fields = text.split()
    if len(fields) not in (3, 5):
        return None
    rows = fields[0].split("/")
    if len(rows) != RANKS or fields[1] not in ("w", "b"):
        return None
    if not fields[2].isdigit() or not REGULATOR_MIN <= int(fields[2]) <= REGULATOR_MAX:
        return None
    board: list[int] = []
    try:
        for index, row in enumerate(reversed(rows)):
            board.extend(_read_rank(text, row, index + 1))
    except BadPosition:
        return None
    return board, WHITE if fields[1] == "w" else BLACK, int(fields[2])
