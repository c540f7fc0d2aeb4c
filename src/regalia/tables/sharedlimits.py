"""Token buckets kept in Redis, so a per-address or per-player limit holds for the whole
site: every server process takes from the same bucket, and a restart forgets nothing.

One Lua script does a bucket's refill-and-take atomically on Redis's own clock (`TIME`),
so processes whose clocks differ still agree. A bucket key expires once it would be full
again, which is the same as no bucket. While Redis cannot be reached each limiter counts in
its own memory (`RateLimiter.take`), and the server logs one warning per outage.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("regalia.server")

PREFIX = "regalia:limit:"
TIMEOUT_SECONDS = 0.5  # a slow Redis must not hold requests: memory answers instead

# KEYS[1]: the bucket; ARGV: burst, rate (tokens a second), cost. Returns the seconds to
# wait as text ("0": taken; "-1": never, a rate of 0), text so Lua keeps the fraction.
_TAKE = """
local burst, rate, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 't', 'w')
local tokens = tonumber(held[1]) or burst
local when = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - when) * rate)
local wait = 0
if tokens >= cost then
  tokens = tokens - cost
elseif rate > 0 then
  wait = (cost - tokens) / rate
else
  wait = -1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'w', tostring(now))
local ttl = 86400
if rate > 0 then ttl = math.ceil((burst - tokens) / rate) + 1 end
redis.call('EXPIRE', KEYS[1], ttl)
return tostring(wait)
"""


class SharedBuckets:
    """The buckets of every limiter that shares, in one Redis."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis  # only a site with Redis needs it

        self._redis: Any = aioredis.from_url(
            url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
        self._take = self._redis.register_script(_TAKE)
        self.down = False  # Redis failed last time: limiters count in memory

    async def take(self, what: str, key: object, burst: float, rate: float, cost: float) -> float:
        """Seconds to wait (0: taken; inf: never); ConnectionError while Redis is away."""
        try:
            text = await self._take(keys=[f"{PREFIX}{what}:{key}"], args=[burst, rate, cost])
        except Exception as exc:
            if not self.down:
                log.warning("Redis is away (%s): rate limits count per process until it is back",
                            exc)  # fmt: skip
            self.down = True
            raise ConnectionError(str(exc)) from None
        if self.down:
            log.warning("Redis is back: rate limits count for the whole site again")
            self.down = False
        wait = float(text.decode() if isinstance(text, bytes) else text)
        return float("inf") if wait < 0 else wait

    async def close(self) -> None:
        await self._redis.aclose()


class SharedHolder:
    """Where limiters built before the server starts find the site's buckets, set once the
    server knows whether it has Redis (None: every limit counts in memory)."""

    def __init__(self) -> None:
        self.buckets: SharedBuckets | None = None
