"""The one thread that appends events: it commits whatever has queued up in one go.

Under load many tables append at once; committing them together (group commit) costs one
transaction instead of one per move, and nothing is acknowledged before its commit. Appends
made in the same turn of the event loop reach the thread as one batch, so the loop and the
thread hand over once per turn rather than once per move.

On SQLite the appends' commits never checkpoint (copy the WAL back into the database and
sync the file, which can take tens of milliseconds): a thread of their own does it every
CHECKPOINT_SECONDS while appends come, so no move waits behind a sync.
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
CHECKPOINT_SECONDS = 1.0
T = TypeVar("T")
Batch = list[tuple[Append, "asyncio.Future[bool]"]]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[Any] = queue.Queue()  # batches, calls, or None to stop
        self._pending: Batch = []
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()
        self._stopping = threading.Event()
        self._appended = threading.Event()  # since the last checkpoint
        self._checkpointer: threading.Thread | None = None
        if store.engine.dialect.name == "sqlite":
            store.checkpoints_apart = True
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="db-checkpoint", daemon=True
            )
            self._checkpointer.start()

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
        self._stopping.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)

    def _checkpoints(self) -> None:
        while not self._stopping.wait(CHECKPOINT_SECONDS):
            self._checkpoint()
        self._checkpoint()  # what the last appends left in the WAL

    def _checkpoint(self) -> None:
        if not self._appended.is_set():
            return
        self._appended.clear()
        try:
            self.store.checkpoint()
        except Exception as exc:  # a locked or lost file: the next round tries again
            self._appended.set()
            log.warning("WAL checkpoint failed: %s", exc)

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
                self._appended.set()
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
