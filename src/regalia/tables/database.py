"""Blocking database work off the event loop: reads on one thread, writes on the writer's.

SQLite has one writer, so appends and creations share the writer's thread (batched); loads
and queries run on a reader thread of their own. Storage failures become TableErrors.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from regalia.tables.errors import storage_errors
from regalia.tables.store import Store
from regalia.tables.writer import Writer

T = TypeVar("T")


class Database:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = Writer(store)
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="db")

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking read on the reader thread."""
        with storage_errors(getattr(fn, "__name__", "read")):
            return await asyncio.get_running_loop().run_in_executor(self._reader, fn, *args)

    async def write(self, fn: Callable[[], T], what: str = "write") -> T:
        """Run a blocking write on the writer thread."""
        with storage_errors(what):
            return await self.writer.call(fn)

    def close(self) -> None:
        self._reader.shutdown(wait=True)
        self.writer.close()
