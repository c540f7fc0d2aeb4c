"""Cross-process fan-out over Redis pub/sub, for several servers sharing one database.

A message only says "table T has events up to seq N"; receivers read the events from the
database, which stays the single source of truth, so a lost message costs nothing but
latency until the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import redis.asyncio as aioredis

from regalia.tables.service import TableService

log = logging.getLogger("regalia.fanout")
PREFIX = "regalia:table:"


class RedisFanout:
    def __init__(self, url: str) -> None:
        self.client: Any = aioredis.from_url(url)
        self._pending: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None

    def publish(self, table_id: str, seq: int) -> None:
        message = json.dumps({"table": table_id, "seq": seq})
        task = asyncio.create_task(self.client.publish(PREFIX + table_id, message))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def start(self, service: TableService) -> None:
        pubsub = self.client.pubsub()
        await pubsub.psubscribe(PREFIX + "*")
        self._listener = asyncio.create_task(self._listen(pubsub, service))

    async def _listen(self, pubsub: Any, service: TableService) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            try:
                data = json.loads(message["data"])
                await service.remote_update(str(data["table"]), int(data["seq"]))
            except Exception:
                log.exception("fan-out message %r failed", message.get("data"))

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        await asyncio.gather(*self._pending, return_exceptions=True)
        await self.client.aclose()
