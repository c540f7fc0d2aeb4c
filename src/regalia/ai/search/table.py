"""Transposition table: a bounded dict from position key to the best result found there."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, NamedTuple, TypeVar

M = TypeVar("M", bound=Hashable)

EXACT = 0
LOWER = 1  # the score is at least this (a beta cut-off)
UPPER = 2  # the score is at most this (no move raised alpha)


class Entry(NamedTuple, Generic[M]):
    depth: int
    flag: int
    score: int  # mate scores relative to the node (see scores.to_table)
    move: M | None


class Table(Generic[M]):
    """Always-replace table; cleared whole when full, which is cheap and rare in practice."""

    def __init__(self, capacity: int = 1_000_000) -> None:
        self.capacity = capacity
        self._entries: dict[int, Entry[M]] = {}

    def get(self, key: int) -> Entry[M] | None:
        return self._entries.get(key)

    def put(self, key: int, depth: int, flag: int, score: int, move: M | None) -> None:
        entries = self._entries
        old = entries.get(key)
        # Keep a deeper exact result from an earlier iteration over a shallow bound.
        if old is not None and old.depth > depth and flag != EXACT and old.flag == EXACT:
            return
        if old is None and len(entries) >= self.capacity:
            entries.clear()
        if move is None and old is not None:
            move = old.move
        entries[key] = Entry(depth, flag, score, move)

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
