"""Perft: leaf counts of legal-move trees, the ground truth of move generation.

Draw rules are ignored; a side with no legal move has no children. Leaves at depth 1 are
counted in bulk (the length of the legal-move list), the same trick `bench/perft.py` uses
for chess. The walk generates each ply's moves into one buffer (compiled: a C array) and
makes and unmakes them on the position; `perft.pxd` declares its C types.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (perft.pxd)
    from regalia.native import c_only

    free = malloc = c_only

from regalia.games.regulator.position import MAX_MOVES, Position


def start() -> Position:
    """The standard start position (R1), regulator on space 1."""
    return Position.start()


def perft(position: Position, depth: int) -> int:
    """Number of leaf nodes `depth` plies below `position` (1 for depth 0)."""
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
    """(root move, leaf count below it) for each legal root move, in generation order."""
    result = []
    for move in position.legal_moves():
        position.push(move)
        result.append((move, perft(position, depth - 1)))
        position.pop()
    return result
