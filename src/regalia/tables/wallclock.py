"""The real clock: wall time for event times and deadlines, the event loop for waiting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from regalia.tables.ports import Cancellable


class WallClock:
    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)
