"""The loops every observation runs: lighting a board's pieces and whole planes in a flat
array of planes, and marking the legal actions in an action mask, each in one call (NumPy
costs a microsecond a call, and an observation makes dozens of writes).

Compiled with the engines (the C types are in `kernel.pxd`); the same function runs
interpreted on the pure-Python path. Compiled, the arrays are reached through the buffer
protocol as plain C pointers: a typed memoryview costs more to set up than the loops take
(half a microsecond a call), so the bounds it would check are checked here.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (kernel.pxd)
    from regalia.native import c_only

    _open = _close = c_only
    # the C buffer structs of the calls below
    out_view: Any = None
    table_view: Any = None
    mask_view: Any = None


def paint(
    out: Any,
    codes: Sequence[int],
    table: Any,
    layers: int,
    shift: int,
    area: int,
    planes: Sequence[tuple[int, float]],
    cells: Sequence[int],
) -> int:
    """Light the pieces, fill whole planes, then light single cells; return how many cells
    the pieces lit.

    `out` is a flat float32 array of planes of `area` cells each. The piece `code` on square
    `i` (its index in `codes`) lights the `layers` cells `out[table[j * layers + k]]`,
    `j = (code + shift) * len(codes) + i`, `k < layers` (a piece's plane, its state's plane
    …), each unless negative (nothing there). Each `(plane, value)` of `planes` then sets every
    cell of that plane to `value`, and every index of `cells` is set to 1. An index outside
    `out` or `table` raises IndexError (what was written before it stays written).
    """
    if cython.compiled:
        dst = cython.cast(cython.p_float, _open(out, cython.address(out_view), b"f", 4, True))
        size = out_view.len // cython.sizeof(cython.float)
        try:
            tab = cython.cast(
                cython.p_ssize_t,
                _open(
                    table,
                    cython.address(table_view),
                    b"lqn",
                    cython.sizeof(cython.Py_ssize_t),
                    False,
                ),
            )
        except BaseException:
            _close(cython.address(out_view))
            raise
        entries = table_view.len // cython.sizeof(cython.Py_ssize_t)
    else:
        dst, size, tab, entries = out, len(out), table, len(table)
    try:
        width = len(codes)
        lit = 0
        for square, code in enumerate(codes):
            at = ((code + shift) * width + square) * layers
            if at < 0 or at + layers > entries:
                raise IndexError(f"piece code {code} on square {square} is outside the table")
            for layer in range(layers):
                cell = tab[at + layer]
                if cell >= 0:
                    if cell >= size:
                        raise IndexError(f"cell {cell} is outside the planes ({size} cells)")
                    dst[cell] = 1.0
                    lit += 1
        for plane, value in planes:
            start = plane * area
            if start < 0 or start + area > size:
                raise IndexError(f"plane {plane} is outside the planes ({size} cells)")
            for cell in range(start, start + area):
                dst[cell] = value
        for cell in cells:
            if not 0 <= cell < size:
                raise IndexError(f"cell {cell} is outside the planes ({size} cells)")
            dst[cell] = 1.0
        return lit
    finally:
        if cython.compiled:
            _close(cython.address(table_view))
            _close(cython.address(out_view))


def mark(mask: Any, actions: Iterable[Hashable], numbers: Mapping[Hashable, int]) -> int:
    """Set `mask[numbers[action]]` to 1 for every action; return how many were set, or -1 at
    the first action `numbers` lacks or whose index another action has already set (`mask`
    is then left part-written: the caller numbers the actions the slow way). An index outside
    `mask` raises IndexError."""
    if cython.compiled:
        dst = cython.cast(cython.p_schar, _open(mask, cython.address(mask_view), b"b", 1, True))
        size = mask_view.len
    else:
        dst, size = mask, len(mask)
    try:
        count = 0
        for action in actions:
            index = numbers.get(action, -1)
            if index < 0:
                return -1
            if index >= size:
                raise IndexError(f"action number {index} is outside the mask ({size} actions)")
            if dst[index]:
                return -1
            dst[index] = 1
            count += 1
        return count
    finally:
        if cython.compiled:
            _close(cython.address(mask_view))
