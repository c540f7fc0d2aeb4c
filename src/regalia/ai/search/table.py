"""Transposition table: flat typed arrays indexed by the low bits of the position key.

One slot per index (a power of two, at most `capacity`), always replaced by a new key: a
full table simply overwrites. Each slot holds the whole 64-bit key, so a lookup never
returns another position's entry. Compiled (`table.pxd`), the slots are C arrays; the
search calls `probe` / `store` directly; `get` / `put` are the same for Python callers.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (table.pxd)
    from regalia.native import c_only

    calloc = free = memset = c_only

M = TypeVar("M")

EXACT = 0
LOWER = 1  # the score is at least this (a beta cut-off)
UPPER = 2  # the score is at most this (no move raised alpha)

NO_MOVE = -1  # a slot's move when none is known (moves are ints >= 0)
EMPTY = -1  # the depth of an empty slot
KEY_MASK = (1 << 64) - 1
# The same numbers as C constants of the compiled module (the names above stay Python's).
_EXACT = EXACT
_NO_MOVE = NO_MOVE
_EMPTY = EMPTY


class Entry(NamedTuple, Generic[M]):
    depth: int
    flag: int
    score: int  # mate scores relative to the node (see scores.to_table)
    move: M | None


class Table:
    """Keys to (depth, flag, score, move) in flat arrays; moves are ints >= 0."""

    def __init__(self, capacity: int = 1_000_000) -> None:
        size = 1
        while size * 2 <= max(capacity, 1):
            size *= 2
        self.capacity = capacity
        self._size = size
        self._mask = size - 1
        self._allocate()

    def _allocate(self) -> int:
        size = self._size
        if cython.compiled:
            self._keys = cython.cast(
                cython.p_ulonglong, calloc(size, cython.sizeof(cython.ulonglong))
            )
            self._moves = cython.cast(cython.p_int, calloc(size, cython.sizeof(cython.int)))
            self._scores = cython.cast(cython.p_int, calloc(size, cython.sizeof(cython.int)))
            self._depths = cython.cast(cython.p_short, calloc(size, cython.sizeof(cython.short)))
            self._flags = cython.cast(cython.p_schar, calloc(size, cython.sizeof(cython.schar)))
            if not (self._keys and self._moves and self._scores and self._depths and self._flags):
                raise MemoryError()
            memset(self._depths, 255, size * cython.sizeof(cython.short))  # all EMPTY
        else:
            self._keys = [0] * size
            self._moves = [NO_MOVE] * size
            self._scores = [0] * size
            self._depths = [EMPTY] * size
            self._flags = [0] * size
        return 0

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._keys)
            free(self._moves)
            free(self._scores)
            free(self._depths)
            free(self._flags)

    def probe(self, key: int) -> int:
        """The slot holding `key`, or -1."""
        slot = key & self._mask
        if self._depths[slot] != _EMPTY and self._keys[slot] == key:
            return slot
        return -1

    def store(self, key: int, depth: int, flag: int, score: int, move: int) -> None:
        """Keep a result; a deeper exact one of the same key is not replaced by a shallower
        bound, and a result without a move keeps the move known."""
        slot = key & self._mask
        same = self._depths[slot] != _EMPTY and self._keys[slot] == key
        if same:
            if self._depths[slot] > depth and flag != _EXACT and self._flags[slot] == _EXACT:
                return
            if move == _NO_MOVE:
                move = self._moves[slot]
        self._keys[slot] = key
        self._depths[slot] = depth
        self._flags[slot] = flag
        self._scores[slot] = score
        self._moves[slot] = move

    def depth_at(self, slot: int) -> int:
        depth: int = self._depths[slot]
        return depth

    def flag_at(self, slot: int) -> int:
        flag: int = self._flags[slot]
        return flag

    def score_at(self, slot: int) -> int:
        score: int = self._scores[slot]
        return score

    def move_at(self, slot: int) -> int:
        move: int = self._moves[slot]
        return move

    # -- the Python surface ----------------------------------------------------------------

    def get(self, key: int) -> Entry[int] | None:
        slot = self.probe(key & KEY_MASK)
        if slot < 0:
            return None
        move = self._moves[slot]
        return Entry(
            self._depths[slot], self._flags[slot], self._scores[slot], None if move < 0 else move
        )

    def put(self, key: int, depth: int, flag: int, score: int, move: int | None) -> None:
        self.store(key & KEY_MASK, depth, flag, score, NO_MOVE if move is None else move)

    def clear(self) -> None:
        if cython.compiled:
            memset(self._depths, 255, self._size * cython.sizeof(cython.short))
        else:
            self._depths = [EMPTY] * self._size

    def hashfull(self) -> int:
        """How full the table is, in permille (UCI `hashfull`), from its first 1000 slots."""
        sample = min(self._size, 1000)
        used = sum(1 for slot in range(sample) if self._depths[slot] != EMPTY)
        return used * 1000 // sample

    def __len__(self) -> int:
        return sum(1 for slot in range(self._size) if self._depths[slot] != EMPTY)
