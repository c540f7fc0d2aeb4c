"""The server's garbage collection: survivors frozen, everything collected now and then."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from regalia.server.collector import keep_young


class Cycle:
    def __init__(self) -> None:
        self.me = self  # reference counting alone never frees it


def test_survivors_are_frozen_and_a_whole_collection_frees_frozen_cycles() -> None:
    ticks: list[float] = []
    alive: list[Cycle] = []
    refs: list[weakref.ref[Cycle]] = []
    seen: dict[str, object] = {}

    async def sleep(seconds: float) -> None:  # the loop's clock, stepped by hand
        ticks.append(seconds)
        if len(ticks) == 1:
            alive.append(Cycle())
            refs.append(weakref.ref(alive[0]))
        elif len(ticks) == 2:  # frozen at the first tick: it dies now
            seen["frozen"] = gc.get_freeze_count()
            alive.clear()
            gc.collect()  # a pass over every generation skips what is frozen
            seen["after young passes"] = refs[0]() is not None
        elif len(ticks) == 4:  # the whole collection came at the third tick
            seen["after the whole collection"] = refs[0]() is not None
            raise asyncio.CancelledError

    gc.collect()
    gc.unfreeze()
    try:
        with pytest.raises(asyncio.CancelledError):
            asyncio.run(keep_young(freeze_seconds=1.0, full_seconds=3.0, sleep=sleep))
        assert ticks == [1.0] * 4
        assert isinstance(seen["frozen"], int) and seen["frozen"] > 0
        assert seen["after young passes"] is True  # frozen: not scanned, not freed...
        assert seen["after the whole collection"] is False  # ...until everything is
    finally:
        gc.unfreeze()
