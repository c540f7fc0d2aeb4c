"""Regulator Chess's observation planes, written straight from the engine position.

The layout (docs/env.md): 23 planes of 7 ranks × 5 files, seen from the observer's side (row
0 is the observer's own back rank, columns files a–e). `RegulatorAdapter.planes` builds the
same planes from a seat's view and stays the definition; this is the fast way there, for a
game of perfect information, where the position hides nothing. Compiled with the engines
(`regulator_planes.pxd`): it reads the position's C board and writes the array's memory.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

from regalia.games.regulator.position import Position

if not cython.compiled:  # names of C functions the compiled module calls (regulator_planes.pxd)
    from regalia.native import c_only

    _open = _close = c_only

    view: Any = None  # the C buffer struct of `write_planes`

RANKS = 7
FILES = 5
AREA = RANKS * FILES
MINE = 0  # + piece - 1 (P N B R Q K): the observer's pieces
THEIRS = 6  # + piece - 1: the opponent's pieces
REGULATOR = 12  # + space - 1: all ones on the regulator's space
MY_TURN = 19  # the observer is to move
WHITE = 20  # the observer plays White
HALFMOVE = 21  # plies since the last pawn move or capture / 100 (R11)
CHECK = 22  # the side to move is in check
PLANES = 23
SIZE = PLANES * AREA
# The same numbers as C ints for the loops below (declared in regulator_planes.pxd).
_RANKS, _FILES, _AREA, _MINE, _THEIRS, _SIZE = RANKS, FILES, AREA, MINE, THEIRS, SIZE
_REGULATOR, _MY_TURN, _WHITE, _HALFMOVE, _CHECK = REGULATOR, MY_TURN, WHITE, HALFMOVE, CHECK
# The cell of each square in Black's planes (ranks turned over); White's cell is the square.
_FLIPPED = [(RANKS - 1 - square // FILES) * FILES + square % FILES for square in range(AREA)]


def write_planes(out: Any, position: Position, seat: int, to_move: bool) -> None:
    """Write the planes of `seat` (0 White, 1 Black; `to_move`: whether it is to act) into
    `out`, a flat float32 array of `SIZE` zeros."""
    if cython.compiled:
        dst = cython.cast(cython.p_float, _open(out, cython.address(view), b"f", 4, True))
        size = view.len // cython.sizeof(cython.float)
    else:
        dst, size = out, len(out)
    try:
        if size != _SIZE:
            raise ValueError(f"the planes take {_SIZE} cells, not {size}")
        paint(dst, 0, position, seat, to_move)
    finally:
        if cython.compiled:
            _close(cython.address(view))


def paint(dst: Any, start: int, position: Position, seat: int, to_move: bool) -> int:
    """`write_planes` into `dst[start:start + SIZE]`, whatever it held: every cell is written
    (for a caller that holds the array's memory already, a C pointer once compiled, and
    writes the same rows over and over: the batched envs of `regalia.env.vector`)."""
    if cython.compiled:  # noqa: SIM108 (Cython leaves out only an if statement's dead branch)
        board = position._board
    else:
        board = position.board
    for cell in range(start, start + _REGULATOR * _AREA):
        dst[cell] = 0.0
    white = seat == 0
    for square in range(_AREA):
        code = board[square]
        if code:
            plane = (_MINE if (code > 0) == white else _THEIRS) + abs(code) - 1
            dst[start + plane * _AREA + (square if white else _FLIPPED[square])] = 1.0
    for plane in range(_REGULATOR, _MY_TURN):
        _fill(dst, start, plane, 1.0 if plane == _REGULATOR + position.regulator - 1 else 0.0)
    _fill(dst, start, _MY_TURN, 1.0 if to_move else 0.0)
    _fill(dst, start, _WHITE, 1.0 if white else 0.0)
    _fill(dst, start, _HALFMOVE, min(position.halfmove, 100) / 100)
    _fill(dst, start, _CHECK, 1.0 if position.in_check() else 0.0)
    return 0


def _fill(dst: Any, start: int, plane: int, value: float) -> None:
    for cell in range(start + plane * _AREA, start + (plane + 1) * _AREA):
        dst[cell] = value
