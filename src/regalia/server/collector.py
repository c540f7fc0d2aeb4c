"""Garbage collection for a server that keeps many tables in memory for hours.

The cyclic collector scans, at every older-generation pass, every object that survived:
with hundreds of tables loaded that is every event, view and position of every game, and a
pass stopped the event loop for over 100 ms (p99 latency). So what has lived a few seconds
is frozen (`gc.freeze`: never scanned again; reference counting still frees it), and once
in a long while everything is unfrozen and collected whole, so cycles that died after being
frozen (a table unloaded) are not kept for ever. `regalia_gc_pause_seconds` times each pass.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable

from regalia.metrics import time_collections

FREEZE_SECONDS = 10.0  # objects older than this are not scanned again
FULL_SECONDS = 3600.0  # a whole collection, frozen objects included, this often


def settle() -> None:
    """At start, once the long-lived objects (modules, the first tables) exist."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    time_collections()


async def keep_young(
    freeze_seconds: float = FREEZE_SECONDS,
    full_seconds: float = FULL_SECONDS,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """Until cancelled: freeze the survivors every `freeze_seconds`, collect everything
    every `full_seconds`."""
    since_full = 0.0
    while True:
        await sleep(freeze_seconds)
        since_full += freeze_seconds
        if since_full >= full_seconds:
            since_full = 0.0
            gc.unfreeze()
            gc.collect()
        # Young cycles frozen with the rest wait for the next whole collection; collecting
        # them first would be a pass over the young objects every time (tens of ms).
        gc.freeze()
