"""The search's view of a game in direct calls: `NativeDomain`, and an adapter for any `Domain`.

The alpha-beta core (`core.py`) calls these methods at every node. Compiled, they are C
methods (`native.pxd`): a game's domain subclasses `NativeDomain`, overrides each `c_`
method with calls into its compiled engine position, and the search reaches it without a
Python call. Moves are ints >= 0; `c_moves` / `c_noisy` write them into `out[n:]` and
return the new end, `c_outcome` answers `NO_END` while play goes on.

`ProtocolDomain` fits any object of the `Domain` protocol (moves of any hashable type)
into the same calls, numbering its moves; the toy games of the tests search through it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

NO_END = -(1 << 30)  # c_outcome: the game goes on (scores stay well inside +-2**30)
KEY_MASK = (1 << 64) - 1


class NativeDomain:
    """Base of the domains the compiled search calls directly (see the module docstring)."""

    def max_moves(self) -> int:
        """The most moves `c_moves` writes for one position."""
        return 1024

    def c_moves(self, pos: Any, out: list[int], n: int) -> int:
        raise NotImplementedError

    def c_noisy(self, pos: Any, out: list[int], n: int) -> int:
        raise NotImplementedError

    def c_push(self, pos: Any, move: int) -> int:
        raise NotImplementedError

    def c_pop(self, pos: Any) -> int:
        raise NotImplementedError

    def c_key(self, pos: Any) -> int:
        raise NotImplementedError

    def c_evaluate(self, pos: Any) -> int:
        raise NotImplementedError

    def c_outcome(self, pos: Any, ply: int) -> int:
        raise NotImplementedError

    def c_in_check(self, pos: Any) -> int:
        raise NotImplementedError

    def c_capture_score(self, pos: Any, move: int) -> int:
        raise NotImplementedError

    def c_gain(self, pos: Any, move: int) -> int:
        raise NotImplementedError

    def move_of(self, move: int) -> Hashable:
        """The domain's own move for the int the search handled."""
        return move

    def int_of(self, move: Hashable) -> int:
        """The int the search handles for one of the domain's moves (-1 if unknown)."""
        return move if isinstance(move, int) else -1


class ProtocolDomain(NativeDomain):
    """Any `Domain` (regalia.ai.search.domain) behind the direct calls."""

    def __init__(self, domain: Any) -> None:
        self.domain = domain
        self._numbers: dict[Hashable, int] = {}
        self._moves: list[Hashable] = []

    def _number(self, move: Hashable) -> int:
        number = self._numbers.get(move)
        if number is None:
            number = self._numbers[move] = len(self._moves)
            self._moves.append(move)
        return number

    def max_moves(self) -> int:
        return 1 << 16

    def _write(self, moves: Any, out: list[int], n: int) -> int:
        for move in moves:
            if n >= self._limit:
                raise ValueError(f"more than {self.max_moves()} moves in one position")
            out[n] = self._number(move)
            n += 1
        return n

    def c_moves(self, pos: Any, out: list[int], n: int) -> int:
        self._limit = n + self.max_moves()
        return self._write(self.domain.moves(pos), out, n)

    def c_noisy(self, pos: Any, out: list[int], n: int) -> int:
        self._limit = n + self.max_moves()
        return self._write(self.domain.noisy_moves(pos), out, n)

    def c_push(self, pos: Any, move: int) -> int:
        self.domain.push(pos, self._moves[move])
        return 0

    def c_pop(self, pos: Any) -> int:
        self.domain.pop(pos)
        return 0

    def c_key(self, pos: Any) -> int:
        key: int = self.domain.key(pos) & KEY_MASK
        return key

    def c_evaluate(self, pos: Any) -> int:
        score: int = self.domain.evaluate(pos)
        return score

    def c_outcome(self, pos: Any, ply: int) -> int:
        end = self.domain.outcome(pos, ply)
        return NO_END if end is None else int(end)

    def c_in_check(self, pos: Any) -> int:
        return 1 if self.domain.in_check(pos) else 0

    def c_capture_score(self, pos: Any, move: int) -> int:
        score: int = self.domain.capture_score(pos, self._moves[move])
        return score

    def c_gain(self, pos: Any, move: int) -> int:
        gain: int = self.domain.gain(pos, self._moves[move])
        return gain

    def move_of(self, move: int) -> Hashable:
        return self._moves[move]

    def int_of(self, move: Hashable) -> int:
        return self._numbers.get(move, -1)
