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


def write_planes(out: Any, position: Position, seat: int, to_move: bool) -> None:
    """Write the planes of `seat` (0 White, 1 Black; `to_move`: whether it is to act) into
    `out`, a flat float32 array of `SIZE` zeros."""
    if cython.compiled:
        dst = cython.cast(cython.p_float, _open(out, cython.address(view), b"f", 4, True))
        size = view.len // cython.sizeof(cython.float)
        board = position._board
    else:
        dst, size, board = out, len(out), position.board
    try:
        if size != _SIZE:
            raise ValueError(f"the planes take {_SIZE} cells, not {size}")
        white = seat == 0
        for square in range(_AREA):
            code = board[square]
            if code:
                rank = square // _FILES
                row = rank if white else _RANKS - 1 - rank
                plane = (_MINE if (code > 0) == white else _THEIRS) + abs(code) - 1
                dst[plane * _AREA + row * _FILES + square % _FILES] = 1.0
        _fill(dst, _REGULATOR + position.regulator - 1, 1.0)
        if to_move:
            _fill(dst, _MY_TURN, 1.0)
        if white:
            _fill(dst, _WHITE, 1.0)
        if position.halfmove:
            _fill(dst, _HALFMOVE, min(position.halfmove, 100) / 100)
        if position.in_check():
            _fill(dst, _CHECK, 1.0)
    finally:
        if cython.compiled:
            _close(cython.address(view))


def _fill(dst: Any, plane: int, value: float) -> None:
    for cell in range(plane * _AREA, (plane + 1) * _AREA):
        dst[cell] = value
