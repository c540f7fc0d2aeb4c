"""Perft: leaf counts of legal-move trees, the ground truth of move generation.

Draw rules are ignored; a side with no legal move has no children. Leaves at depth 1 are
counted in bulk (`len(legal_moves())`), the same trick `bench/perft.py` uses for chess.
"""

from __future__ import annotations

from regalia.games.regulator.position import Position


def start() -> Position:
    """The standard start position (R1), regulator on space 1."""
    return Position.start()


def perft(position: Position, depth: int) -> int:
    """Number of leaf nodes `depth` plies below `position` (1 for depth 0)."""
    if depth <= 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    push = position.push
    pop = position.pop
    for move in moves:
        push(move)
        total += perft(position, depth - 1)
        pop()
    return total


def divide(position: Position, depth: int) -> list[tuple[int, int]]:
    """(root move, leaf count below it) for each legal root move, in generation order."""
    result = []
    for move in position.legal_moves():
        position.push(move)
        result.append((move, perft(position, depth - 1)))
        position.pop()
    return result
