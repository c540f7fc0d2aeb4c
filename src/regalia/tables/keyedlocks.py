"""One asyncio lock per key, kept only while someone holds it or waits for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable


class KeyedLocks:
    """`async with locks.hold(key):` runs one holder of each key at a time, in turn.

    >>> locks = KeyedLocks()
    >>> async def twice() -> int:
    ...     async with locks.hold("a"):
    ...         return len(locks)
    >>> asyncio.run(twice()), len(locks)
    (1, 0)
    """

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            users = self._locks[key][1] - 1
            if users:
                self._locks[key] = (lock, users)
            else:
                del self._locks[key]
