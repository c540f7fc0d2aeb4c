"""Perft for Regicide: leaf counts of the legal-move tree, the move generator's ground truth.

`pass` counts as a move, a won position has no children and draw rules are ignored.
`bench/perft.py` imports this module by name and uses `start()` and `perft()`. The walk
generates each ply's moves into one buffer (compiled: a C array) and makes and unmakes them
on the position; `perft.pxd` declares its C types.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (perft.pxd)
    from regalia.native import c_only

    free = malloc = c_only

from regalia.games.regicide.position import MAX_MOVES, Position


def start() -> Position:
    """The start position (C2)."""
    return Position.start()


def perft(position: Position, depth: int) -> int:
    """Leaf nodes at `depth`; at depth 1 the number of legal moves (bulk counting)."""
    if depth <= 0:
        return 1
    if cython.compiled:
        buffer = cython.cast(cython.p_int, malloc(depth * MAX_MOVES * cython.sizeof(cython.int)))
        if not buffer:
            raise MemoryError()
        try:
            total = _perft(position, depth, buffer, 0)
        finally:
            free(buffer)
    else:
        total = _perft(position, depth, [0] * (depth * MAX_MOVES), 0)
    return total


def _perft(position: Position, depth: int, buffer: list[int], start: int) -> int:
    """Leaves below `position`; its moves go to `buffer[start:]`, deeper plies' after them."""
    end = position.generate(buffer, start, False)
    if depth == 1:
        return end - start
    total = 0
    for index in range(start, end):
        position.make(buffer[index])
        total += _perft(position, depth - 1, buffer, end)
        position.unmake()
    return total


def divide(position: Position, depth: int) -> list[tuple[int, int]]:
    """(root move, leaf count below it) for every legal root move, in generation order."""
    out = []
    for move in position.legal_moves():
        position.push(move)
        out.append((move, perft(position, depth - 1)))
        position.pop()
    return out
