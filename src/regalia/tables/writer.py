"""The one thread that appends events: it commits whatever has queued up in one go.

Under load many tables append at once; committing them together (group commit) costs one
transaction instead of one per move, and nothing is acknowledged before its commit. Appends
made in the same turn of the event loop reach the thread as one batch, so the loop and the
thread hand over once per turn rather than once per move.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from regalia.metrics import WRITER_BATCH, WRITER_COMMIT
from regalia.tables.store import Append, Store

log = logging.getLogger("regalia.tables")
MAX_BATCH = 512
T = TypeVar("T")
Batch = list[tuple[Append, "asyncio.Future[bool]"]]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[Any] = queue.Queue()  # batches, calls, or None to stop
        self._pending: Batch = []
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()

    async def append(self, item: Append) -> bool:
        """True once committed; False if another process stored that seq first."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._hand_over, loop)
        self._pending.append((item, future))
        return await future

    async def call(self, fn: Callable[[], T]) -> T:
        """Run another write (creating a table) on this thread: SQLite has one writer."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((fn, loop, future))
        return await future

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._pending = self._pending, []
        self._queue.put((batch, loop))

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            if len(first) == 3:
                self._do_call(*first)
                continue
            batch, loop = first
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None or len(more) == 3:
                    self._queue.put(more)  # after this batch, in its turn
                    break
                batch = batch + more[0]
            started = time.perf_counter()
            try:
                outcomes: list[bool | BaseException] = list(
                    self.store.append([item for item, _ in batch])
                )
            except Exception as exc:  # the database is down: every waiter hears of it
                outcomes = [exc] * len(batch)
            else:  # a committed batch (some appends may have lost their seq to another process)
                WRITER_COMMIT.observe(time.perf_counter() - started)
                WRITER_BATCH.observe(len(batch))
            futures = [future for _, future in batch]
            loop.call_soon_threadsafe(_settle, futures, outcomes)

    @staticmethod
    def _do_call(fn: Callable[[], Any], loop: asyncio.AbstractEventLoop, future: Any) -> None:
        try:
            result = fn()
        except Exception as exc:
            loop.call_soon_threadsafe(_fail, future, exc)
        else:
            loop.call_soon_threadsafe(_succeed, future, result)


def _succeed(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def _settle(futures: list[asyncio.Future[bool]], outcomes: list[bool | BaseException]) -> None:
    for future, outcome in zip(futures, outcomes, strict=True):
        if future.done():
            continue
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)
