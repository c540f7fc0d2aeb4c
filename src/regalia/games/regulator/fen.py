"""Position notation (R12): read and write the FEN-like text of a position.

`bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1`: ranks 7 down to 1 (White upper case, Black lower
case, digits for runs of empty squares), side to move, regulator space, half-move clock,
full-move number. The two clocks may be left out on input (they default to 0 and 1).

    >>> write_fen(read_fen(START_FEN)) == START_FEN
    True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from regalia.core.errors import BadPosition
from regalia.games.regulator.board import (
    BLACK,
    FILES,
    KING,
    PAWN,
    PIECE_LETTERS,
    RANKS,
    REGULATOR_MAX,
    REGULATOR_MIN,
    WHITE,
    square_name,
)
from regalia.games.regulator.position import Position

START_FEN = "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
_SIDES = ("White", "Black")


def _bad(text: str, message: str) -> BadPosition:
    return BadPosition(f"bad position {text.strip()!r}: {message}")


def _read_rank(fen: str, row: str, rank: int) -> list[int]:
    squares: list[int] = []
    for char in row:
        if char.isdigit():
            squares.extend([0] * int(char))
        elif char.upper() in PIECE_LETTERS[1:]:
            kind = PIECE_LETTERS.index(char.upper())
            squares.append(kind if char.isupper() else -kind)
        else:
            raise _bad(fen, f"rank {rank}: {char!r} is not a piece letter (KQRBNP) or digit")
    if len(squares) != FILES:
        raise _bad(fen, f"rank {rank} ({row!r}) has {len(squares)} squares, not {FILES}")
    return squares


def _read_int(fen: str, field: str, what: str, low: int, high: int | None) -> int:
    if not field.isdigit() or int(field) < low or (high is not None and int(field) > high):
        bound = f"{low}–{high}" if high is not None else f"{low} or more"
        raise _bad(fen, f"{what} {field!r} is not a whole number {bound}")
    return int(field)


def read_fen(text: str) -> Position:
    """The position `text` describes; raises BadPosition saying what is wrong and where."""
    fields = text.split()
    if len(fields) not in (3, 5):
        raise _bad(
            text,
            f"expected 5 fields (placement, side, regulator, half-move clock, move number) "
            f"separated by spaces, got {len(fields)}; the start reads {START_FEN}",
        )
    rows = fields[0].split("/")
    if len(rows) != RANKS:
        # What a position looks like, with an example: one whole sentence per count.
        if len(rows) == 1:
            message = (
                f"found 1 rank; a position is 7 ranks of 5 squares, top rank first, separated "
                f"by '/', then the side to move (w or b), the regulator (1–7), the half-move "
                f"clock and the move number; the start reads {START_FEN}"
            )
        else:
            message = (
                f"found {len(rows)} ranks; a position is 7 ranks of 5 squares, top rank first, "
                f"separated by '/', then the side to move (w or b), the regulator (1–7), the "
                f"half-move clock and the move number; the start reads {START_FEN}"
            )
        raise _bad(text, message)
    board: list[int] = []
    for index, row in enumerate(reversed(rows)):
        board.extend(_read_rank(text, row, index + 1))
    if fields[1] not in ("w", "b"):
        raise _bad(text, f"side to move {fields[1]!r} is not 'w' or 'b'")
    turn = WHITE if fields[1] == "w" else BLACK
    regulator = _read_int(text, fields[2], "regulator", REGULATOR_MIN, REGULATOR_MAX)
    halfmove, fullmove = 0, 1
    if len(fields) == 5:
        halfmove = _read_int(text, fields[3], "half-move clock", 0, None)
        fullmove = _read_int(text, fields[4], "move number", 1, None)
    for colour, king in ((WHITE, KING), (BLACK, -KING)):
        count = board.count(king)
        if count != 1:
            raise _bad(text, f"{_SIDES[colour]} has {count} kings, needs exactly 1")
    for square, piece in enumerate(board):
        if piece in (PAWN, -PAWN) and square // FILES in (0, RANKS - 1):
            side = _SIDES[WHITE if piece > 0 else BLACK]
            raise _bad(text, f"{side} pawn on {square_name(square)}, a back rank")
    position = Position(board, turn, regulator, halfmove, fullmove)
    waiting = turn ^ 1
    if position.attacked(position.kings[waiting], turn):
        raise _bad(text, f"{_SIDES[waiting]} is in check but it is {_SIDES[turn]}'s move")
    return position


def write_fen(position: Position) -> str:
    letters = board_letters(position.board)
    rows = "/".join(_fen_row(row) for row in ranks_down(letters))
    side = "w" if position.turn == WHITE else "b"
    return f"{rows} {side} {position.regulator} {position.halfmove} {position.fullmove}"


def board_letters(board: Sequence[int]) -> str:
    """Each square's letter, a1 first (White upper case, Black lower case, "." empty)."""
    return "".join(map(_LETTERS.__getitem__, board))


def ranks_down(letters: str) -> list[str]:
    """The ranks of `board_letters`, rank 7 first."""
    return [letters[rank * FILES : (rank + 1) * FILES] for rank in range(RANKS - 1, -1, -1)]


def _letter(piece: int) -> str:
    if not piece:
        return "."
    letter = PIECE_LETTERS[abs(piece)]
    return letter if piece > 0 else letter.lower()


_LETTERS = {piece: _letter(piece) for piece in range(1 - len(PIECE_LETTERS), len(PIECE_LETTERS))}
_EMPTY_RUN = re.compile(r"\.+")


@functools.lru_cache(maxsize=4096)  # a pure function of the rank; ranks repeat all game long
def _fen_row(row: str) -> str:
    return _EMPTY_RUN.sub(lambda run: str(len(run[0])), row)
