"""Token buckets per key: `burst` actions at once, then `rate` per second.

Used for table creation and other writes per client, and chat per seat. Memory stays
bounded: a bucket that has refilled completely is the same as no bucket, so those are
dropped when the map grows.

Every refusal counts in `regalia_rate_limited{what=...}` (regalia.metrics), `what` naming
the limit ("write", "chat", "sign_in", …); a limiter built without one counts as "other".
A limiter given the site's `SharedHolder` counts in Redis when the server has one
(`acquire`; regalia.tables.sharedlimits), so every process takes from the same bucket.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from regalia.metrics import RATE_LIMITED

if TYPE_CHECKING:
    from regalia.tables.sharedlimits import SharedHolder

MAX_KEYS = 100_000


class RateLimiter:
    def __init__(
        self,
        burst: float,
        rate: float,
        clock: Callable[[], float] = time.monotonic,
        what: str = "other",
        shared: SharedHolder | None = None,
    ) -> None:
        self.burst = burst
        self.rate = rate
        self.what = what
        self._clock = clock
        self._shared = shared
        self._refused = RATE_LIMITED.labels(what)  # at 0 from the start: the series is there
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key: (tokens, when)

    def take(self, key: Hashable, cost: float = 1.0) -> float:
        """0 when `key` may act now (and it is counted); else the seconds until it may."""
        now = self._clock()
        tokens, when = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        if tokens >= cost:
            self._store(key, tokens - cost, now)
            return 0.0
        self._store(key, tokens, now)
        self._refused.inc()
        return (cost - tokens) / self.rate if self.rate > 0 else math.inf

    async def acquire(self, key: Hashable, cost: float = 1.0) -> float:
        """As `take`, counted for the whole site when the server has Redis; in this
        process's memory otherwise, and while Redis is away."""
        buckets = self._shared.buckets if self._shared is not None else None
        if buckets is not None:
            try:
                wait = await buckets.take(self.what, key, self.burst, self.rate, cost)
            except ConnectionError:
                pass
            else:
                if wait:
                    self._refused.inc()
                return wait
        return self.take(key, cost)

    def _store(self, key: Hashable, tokens: float, now: float) -> None:
        if len(self._buckets) >= MAX_KEYS and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (tokens, now)

    def _forget_full(self, now: float) -> None:
        full = [
            k
            for k, (tokens, when) in self._buckets.items()
            if tokens + (now - when) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= MAX_KEYS:  # all busy: forget the oldest half
            oldest = sorted(self._buckets, key=lambda k: self._buckets[k][1])
            for key in oldest[: len(oldest) // 2]:
                del self._buckets[key]
