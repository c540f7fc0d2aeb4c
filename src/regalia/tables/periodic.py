"""A background round every few seconds that survives its own failures."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from regalia.tables.tasks import guarded


async def every(
    seconds: Callable[[], float], round_: Callable[[], Awaitable[None]], name: str
) -> None:
    """Run `round_` every `seconds()` (read each time) until cancelled. A failing round is
    logged (a storage failure in one line) and the next one runs anyway."""
    while True:
        await asyncio.sleep(seconds())
        await guarded(round_(), f"{name} round")
