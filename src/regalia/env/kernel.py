"""The loops every observation runs: lighting a board's pieces and whole planes in a flat
array of planes, and marking the legal actions in an action mask, each in one call (NumPy
costs a microsecond a call, and an observation makes dozens of writes).

Compiled with the engines (the C types are in `kernel.pxd`); the same function runs
interpreted on the pure-Python path.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any


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
    cell of that plane to `value`, and every index of `cells` is set to 1.
    """
    width = len(codes)
    lit = 0
    for square, code in enumerate(codes):
        at = ((code + shift) * width + square) * layers
        for layer in range(layers):
            cell = table[at + layer]
            if cell >= 0:
                out[cell] = 1.0
                lit += 1
    for plane, value in planes:
        start = plane * area
        for cell in range(start, start + area):
            out[cell] = value
    for cell in cells:
        out[cell] = 1.0
    return lit


def mark(mask: Any, actions: Iterable[Hashable], numbers: Mapping[Hashable, int]) -> int:
    """Set `mask[numbers[action]]` to 1 for every action; return how many were set, or -1 at
    the first action `numbers` lacks or whose index another action has already set (`mask`
    is then left part-written: the caller numbers the actions the slow way)."""
    count = 0
    for action in actions:
        index = numbers.get(action, -1)
        if index < 0 or mask[index]:
            return -1
        mask[index] = 1
        count += 1
    return count
