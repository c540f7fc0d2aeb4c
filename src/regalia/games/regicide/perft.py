"""Perft for Regicide: leaf counts of the legal-move tree, the move generator's ground truth.

`pass` counts as a move, a won position has no children and draw rules are ignored.
`bench/perft.py` imports this module by name and uses `start()` and `perft()`.
"""

from __future__ import annotations

from regalia.games.regicide.position import Position


def start() -> Position:
    """The start position (C2)."""
    return Position.start()


def perft(position: Position, depth: int) -> int:
    """Leaf nodes at `depth`; at depth 1 the number of legal moves (bulk counting)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return position.count_moves()
    total = 0
    push, pop = position.push, position.pop
    for move in position.legal_moves():
        push(move)
        total += perft(position, depth - 1)
        pop()
    return total


def divide(position: Position, depth: int) -> list[tuple[int, int]]:
    """(root move, leaf count below it) for every legal root move, in generation order."""
    out = []
    for move in position.legal_moves():
        position.push(move)
        out.append((move, perft(position, depth - 1)))
        position.pop()
    return out
