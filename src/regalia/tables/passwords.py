"""Argon2id on threads of its own, never on the database's.

Each hash takes tens of milliseconds of CPU and 64 MiB; run on the database thread, a burst
of them held up every read (profiles, the lobby, a WebSocket's hello) for as long as the
burst lasted. Here they run on `workers` threads, and at most `at_once` may run or wait at
a time: one more is refused with `busy` (503, Retry-After) instead of queueing without end.
A wrong name is checked against a hash too, so it costs as long as a wrong password. A
hash made with older parameters is made again at the next sign-in (`needs_rehash`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError

T = TypeVar("T")
_hasher = PasswordHasher()  # Argon2id with the library's current parameters
# Checked when the name is unknown, so a wrong name costs as long as a wrong password.
_DUMMY = _hasher.hash("a password nobody has")


class Passwords:
    def __init__(self, workers: int = 1, at_once: int = 8) -> None:
        self._pool = ThreadPoolExecutor(max(1, workers), thread_name_prefix="argon2")
        self.at_once = max(1, at_once)
        self.running = 0  # hashes running or waiting for a thread

    async def hash(self, password: str) -> str:
        return await self._run(_hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches the hash `stored`; False for None (no such player, or
        a guest), after the same work."""
        return await self._run(_matches, stored, password)

    def needs_rehash(self, stored: str | None) -> bool:
        """Whether `stored` was made with other parameters than today's (cheap: it reads
        the hash's header, it does not hash)."""
        try:
            return stored is not None and _hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return False

    def check_room(self) -> None:
        """`busy` now if no hash could start: asked before any database work."""
        if self.running >= self.at_once:
            raise TableError(
                ErrorCode.BUSY, "the server is checking many passwords; try again", retry_after=1
            )

    async def _run(self, fn: Callable[..., T], *args: object) -> T:
        self.check_room()
        self.running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            self.running -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=True)


def _matches(stored: str | None, password: str) -> bool:
    try:
        _hasher.verify(stored or _DUMMY, password)
    except (VerificationError, InvalidHashError):
        return False
    return stored is not None
