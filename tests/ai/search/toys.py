"""Two tiny games that fit the search's Domain protocol, with known answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from regalia.ai.search import scores


@dataclass
class Heap:
    """Take 1, 2 or 3 stones; whoever takes the last stone wins (and the other has no move).

    A heap that is a multiple of 4 is lost for the side to move; otherwise take heap % 4.
    """

    stones: int
    taken: list[int] = field(default_factory=list)


class HeapDomain:
    def moves(self, pos: Heap) -> Sequence[int]:
        return [n for n in (1, 2, 3) if n <= pos.stones]

    def noisy_moves(self, pos: Heap) -> Sequence[int]:
        return []

    def push(self, pos: Heap, move: int) -> None:
        pos.stones -= move
        pos.taken.append(move)

    def pop(self, pos: Heap) -> None:
        pos.stones += pos.taken.pop()

    def key(self, pos: Heap) -> int:
        # Parity of the ply keeps keys of the two sides apart, as a real Zobrist key does.
        return pos.stones * 2 + len(pos.taken) % 2

    def evaluate(self, pos: Heap) -> int:
        return 0

    def outcome(self, pos: Heap, ply: int) -> int | None:
        return None

    def in_check(self, pos: Heap) -> bool:
        return False

    def capture_score(self, pos: Heap, move: int) -> int:
        return 0

    def gain(self, pos: Heap, move: int) -> int:
        return 0


@dataclass
class Counters:
    """Each ply adds 1 or 2 to counter a or b; leaves score a pseudo-random f(a, b) for the
    first player. Orders of moves transpose, so the table gets real hits."""

    a: int = 0
    b: int = 0
    stack: list[int] = field(default_factory=list)


def leaf_value(a: int, b: int) -> int:
    return (a * 7919 + b * 104729 + a * b * 31) % 201 - 100


class CountersDomain:
    MOVES = (1, 2, 3, 4)  # a+1, a+2, b+1, b+2

    def moves(self, pos: Counters) -> Sequence[int]:
        return self.MOVES

    def noisy_moves(self, pos: Counters) -> Sequence[int]:
        return []

    def push(self, pos: Counters, move: int) -> None:
        if move <= 2:
            pos.a += move
        else:
            pos.b += move - 2
        pos.stack.append(move)

    def pop(self, pos: Counters) -> None:
        move = pos.stack.pop()
        if move <= 2:
            pos.a -= move
        else:
            pos.b -= move - 2

    def key(self, pos: Counters) -> int:
        return (pos.a * 1000 + pos.b) * 100 + len(pos.stack)

    def evaluate(self, pos: Counters) -> int:
        value = leaf_value(pos.a, pos.b)
        return value if len(pos.stack) % 2 == 0 else -value

    def outcome(self, pos: Counters, ply: int) -> int | None:
        return None

    def in_check(self, pos: Counters) -> bool:
        return False

    def capture_score(self, pos: Counters, move: int) -> int:
        return 0

    def gain(self, pos: Counters, move: int) -> int:
        return 0


def minimax(domain: CountersDomain, pos: Counters, depth: int) -> int:
    """Plain negamax without pruning: the reference the search must agree with."""
    if depth == 0:
        return domain.evaluate(pos)
    best = -scores.INFINITY
    for move in domain.moves(pos):
        domain.push(pos, move)
        best = max(best, -minimax(domain, pos, depth - 1))
        domain.pop(pos)
    return best


class EndlessChecks:
    """Every position is "in check" and has one reply: a perpetual the search must cut."""

    def moves(self, pos: list[int]) -> Sequence[int]:
        return [1]

    def noisy_moves(self, pos: list[int]) -> Sequence[int]:
        return [1]

    def push(self, pos: list[int], move: int) -> None:
        pos.append(move)

    def pop(self, pos: list[int]) -> None:
        pos.pop()

    def key(self, pos: list[int]) -> int:
        return len(pos)  # never repeats, so repetition cannot end the line either

    def evaluate(self, pos: list[int]) -> int:
        return 7

    def outcome(self, pos: list[int], ply: int) -> int | None:
        return None

    def in_check(self, pos: list[int]) -> bool:
        return True

    def capture_score(self, pos: list[int], move: int) -> int:
        return 1

    def gain(self, pos: list[int], move: int) -> int:
        return 0
