"""Cross-process fan-out over Redis pub/sub, for several servers sharing one database.

A message only says "table T has events up to seq N"; receivers read the events from the
database, which stays the single source of truth, so a lost message costs nothing but
latency until the next one. Redis going away costs no game either: moves are stored and
acknowledged as usual, publishing is skipped (one log line per outage), the listener
reconnects with backoff, and on reconnecting every table this process holds catches up.
Until then the process polls the database (`fanout_poll_seconds`) for the tables it runs or
someone watches here, so play goes on with moves a second late instead of unseen, and the
last reports of who is connected elsewhere stand. A process subscribes only to the channels
of the tables it holds or watches.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from regalia.tables.ports import RemoteListener

log = logging.getLogger("regalia.fanout")
PREFIX = "regalia:table:"
OWN_CHANNEL = "regalia:process"
FIRST_RETRY, LAST_RETRY = 0.5, 10.0
RESEND_SECONDS = 1.0
CONNECT_SECONDS, IDLE_SECONDS = 5.0, 5.0


class RedisFanout:
    def __init__(self, url: str, poll_seconds: float = 1.0) -> None:
        # Health checks ping an idle connection, so a Redis that went away is noticed.
        self.client: Any = aioredis.from_url(url, health_check_interval=IDLE_SECONDS)
        self._pending: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._down = False  # an outage is logged once, not once per move
        self._unsent: dict[str, dict[str, Any]] = {}  # table: its latest unpublished message
        self._resend: asyncio.TimerHandle | None = None
        self._channels: set[str] = set()  # the tables held or watched here
        self._pubsub: Any = None  # the listener's, while connected
        self.poll_seconds = poll_seconds
        self._poller: asyncio.Task[None] | None = None  # while the listener is down

    def subscribe(self, table_id: str) -> None:
        channel = PREFIX + table_id
        if channel not in self._channels:
            self._channels.add(channel)
            self._tell_redis("subscribe", channel)

    def unsubscribe(self, table_id: str) -> None:
        channel = PREFIX + table_id
        if channel in self._channels:
            self._channels.discard(channel)
            self._tell_redis("unsubscribe", channel)

    def _tell_redis(self, what: str, channel: str) -> None:
        """(Un)subscribe on the live connection; a lost one subscribes anew on reconnecting."""
        pubsub = self._pubsub
        if pubsub is None:
            return
        task = asyncio.create_task(getattr(pubsub, what)(channel))
        self._pending.add(task)
        task.add_done_callback(self._ignore)

    def _ignore(self, task: asyncio.Task[Any]) -> None:
        self._pending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.debug("Redis (un)subscribe failed: %s", task.exception())

    def publish(self, table_id: str, seq: int) -> None:
        self._send(table_id, {"table": table_id, "seq": seq})

    def publish_presence(self, table_id: str, process: str, seats: dict[int, int]) -> None:
        self._send(table_id, {"table": table_id, "from": process, "presence": seats})

    def publish_tokens(self, table_id: str) -> None:
        self._send(table_id, {"table": table_id, "tokens": True})

    def _send(self, table_id: str, data: dict[str, Any]) -> None:
        message = json.dumps(data, separators=(",", ":"))
        task = asyncio.create_task(self.client.publish(PREFIX + table_id, message))
        self._pending.add(task)
        task.add_done_callback(lambda done: self._published(done, table_id, data))

    def _published(self, task: asyncio.Task[Any], table_id: str, data: dict[str, Any]) -> None:
        self._pending.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            self._down = False
            return
        if not self._down:
            self._down = True
            log.warning("Redis unreachable, publishing again until it is back: %s", exc)
        if "seq" in data or table_id not in self._unsent:
            self._unsent[table_id] = data
        if self._resend is None:
            self._resend = asyncio.get_running_loop().call_later(RESEND_SECONDS, self._again)

    def _again(self) -> None:
        self._resend = None
        unsent, self._unsent = self._unsent, {}
        for table_id, data in unsent.items():
            self._send(table_id, data)

    async def start(self, service: RemoteListener) -> None:
        self._listener = asyncio.create_task(self._listen(service), name="redis-fanout")

    async def _listen(self, service: RemoteListener) -> None:
        delay = FIRST_RETRY
        first = True
        while True:
            pubsub = self.client.pubsub()
            try:
                async with asyncio.timeout(CONNECT_SECONDS):
                    # A channel of its own, so the connection is subscribed even with no table.
                    await pubsub.subscribe(
                        PREFIX.removesuffix("table:") + "process", *self._channels
                    )
                self._pubsub = pubsub
                self._stop_polling()  # the catch-up below covers the time since its last read
                if not first:
                    log.info("Redis reachable again: catching up every table in memory")
                    service.catch_up_all()
                first, delay = False, FIRST_RETRY
                while True:  # waits a little at a time, so a dead connection is noticed
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=IDLE_SECONDS
                    )
                    if message is not None:
                        await self._handle(service, message)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError, TimeoutError) as exc:
                log.warning("Redis listener lost (%s); retrying in %.1f s", exc, delay)
                first = False
                self._start_polling(service)
            finally:
                self._pubsub = None
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(CONNECT_SECONDS):
                        await pubsub.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, LAST_RETRY)

    def _start_polling(self, service: RemoteListener) -> None:
        if self.poll_seconds > 0 and (self._poller is None or self._poller.done()):
            self._poller = asyncio.create_task(self._poll(service), name="redis-down-poll")

    def _stop_polling(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            self._poller = None

    async def _poll(self, service: RemoteListener) -> None:
        """While Redis is away: read from the database what the fan-out would have said."""
        while True:
            try:
                await service.poll()
            except Exception as exc:  # the database may be away too: the next round retries
                log.debug("polling the database while Redis is away failed: %s", exc)
            await asyncio.sleep(self.poll_seconds)

    async def _handle(self, service: RemoteListener, message: dict[str, Any]) -> None:
        if message.get("type") != "message":
            return
        try:
            data = json.loads(message["data"])
            if "presence" in data:
                seats = {int(seat): int(n) for seat, n in data["presence"].items()}
                service.on_remote_presence(str(data["table"]), str(data["from"]), seats)
            elif "tokens" in data:
                service.on_remote_tokens(str(data["table"]))
            else:  # the round catches up on a task of its own: the listener never waits
                service.on_remote(str(data["table"]), int(data["seq"]))
        except Exception as exc:
            log.warning("fan-out message %.80r skipped: %s", message.get("data"), exc)

    async def close(self) -> None:
        if self._resend is not None:
            self._resend.cancel()
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._poller
        if self._pending:  # bounded: a catch-up waiting for the store must not hold shutdown
            _, late = await asyncio.wait(self._pending, timeout=CONNECT_SECONDS)
            for task in late:
                task.cancel()
        with contextlib.suppress(Exception):
            await self.client.aclose()
