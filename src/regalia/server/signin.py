"""Limits on guessing passwords: sign-ins per address and per name, password changes per
player and per address.

A name is limited by its key (`regalia.tables.names.name_key`), so `" Bob"`, `"BOB"` and
a Cyrillic `Воb` are the one name they sign in as. Only failures count against a name, and
per address: someone guessing at Cleo's password makes only their own address wait (each
failure past the first few doubles the wait), and Cleo, from her own address, signs in at
once. Against guessing from many addresses, a name with many failures everywhere stays
open only to addresses that have not failed at it.
"""

from __future__ import annotations

from collections.abc import Callable

from regalia.metrics import RATE_LIMITED
from regalia.protocol import ErrorCode
from regalia.server.config import HttpLimits
from regalia.tables.errors import TableError
from regalia.tables.names import stored_key
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.sharedlimits import SharedHolder

HOUR = 3600.0
MAX_BACKOFF = HOUR
MAX_ENTRIES = 100_000


class SignInLimits:
    def __init__(
        self, limits: HttpLimits, clock: Callable[[], float], shared: SharedHolder | None = None
    ) -> None:
        self.limits = limits
        self.clock = clock
        rate = limits.sign_in_per_minute / 60
        self.by_client = RateLimiter(limits.sign_in_burst, rate, clock, "sign_in", shared)
        # Failures per name key in the current hour: (count, when the hour began).
        self.by_name: dict[str, tuple[int, float]] = {}
        self.failures: dict[tuple[str, str], tuple[int, float]] = {}  # (key, address): n, at
        rate = limits.password_per_hour / 3600
        self.changes = RateLimiter(limits.password_burst, rate, clock, "password", shared)
        self._refused = RATE_LIMITED.labels("sign_in")

    async def check(self, name: str, client: str) -> str:
        """The name's key, if this address may try it now; else `rate_limited`."""
        key = stored_key(name)
        wait = await self.by_client.acquire(client)
        if not wait:
            wait = self._backoff(key, client)
        if wait:
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"too many sign-in attempts; try again in {wait:.0f} s",
                wait,
            )
        return key

    def _backoff(self, key: str, client: str) -> float:
        count, at = self.failures.get((key, client), (0, 0.0))
        now = self.clock()
        if count >= self.limits.sign_in_failures:
            doubled = 2.0 ** min(count - self.limits.sign_in_failures, 20)
            left = min(self.limits.sign_in_backoff_seconds * doubled, MAX_BACKOFF) - (now - at)
            if left > 0:
                self._refused.inc()
                return left
        failed, since = self.by_name.get(key, (0, now))
        if count and failed >= self.limits.sign_in_name_failures and now - since < HOUR:
            self._refused.inc()
            return since + HOUR - now
        return 0.0

    def failed(self, key: str, client: str) -> None:
        now = self.clock()
        if len(self.failures) >= MAX_ENTRIES:
            stale = [k for k, (_, at) in self.failures.items() if now - at > MAX_BACKOFF]
            for item in stale or list(self.failures)[: MAX_ENTRIES // 2]:
                del self.failures[item]
        count, _ = self.failures.get((key, client), (0, 0.0))
        self.failures[(key, client)] = (count + 1, now)
        failed, since = self.by_name.get(key, (0, now))
        if now - since >= HOUR:
            failed, since = 0, now
        if len(self.by_name) >= MAX_ENTRIES and key not in self.by_name:
            self.by_name = {k: v for k, v in self.by_name.items() if now - v[1] < HOUR}
        self.by_name[key] = (failed + 1, since)

    def succeeded(self, key: str, client: str) -> None:
        self.failures.pop((key, client), None)

    async def change(self, who: str) -> None:
        """A password change by this player (`player:<id>`) or from this address
        (`client:<address>`), if it may make one now; the address is asked first, before
        any database work."""
        wait = await self.changes.acquire(who)
        if wait:
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"too many password changes; try again in {wait:.0f} s",
                wait,
            )
