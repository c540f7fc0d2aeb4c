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
from regalia.tables.names import MAX_KEY, name_key
from regalia.tables.ratelimit import RateLimiter

MAX_BACKOFF = 3600.0
MAX_ENTRIES = 100_000


class SignInLimits:
    def __init__(self, limits: HttpLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self.by_client = RateLimiter(
            limits.sign_in_burst, limits.sign_in_per_minute / 60, clock, what="sign_in"
        )
        per_hour = limits.sign_in_name_failures / 3600
        self.by_name = RateLimiter(limits.sign_in_name_failures, per_hour, clock, what="sign_in")
        self.besieged: dict[str, float] = {}  # name key: until when it is
        self.failures: dict[tuple[str, str], tuple[int, float]] = {}  # (key, address): n, at
        rate = limits.password_per_hour / 3600
        self.changes = RateLimiter(limits.password_burst, rate, clock, what="password")
        self._refused = RATE_LIMITED.labels("sign_in")

    def check(self, name: str, client: str) -> str:
        """The name's key, if this address may try it now; else `rate_limited`."""
        key = name_key(name)[:MAX_KEY]
        wait = self.by_client.take(client)
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
        until = self.besieged.get(key, 0.0)
        if count and until > now:
            self._refused.inc()
            return until - now
        return 0.0

    def failed(self, key: str, client: str) -> None:
        now = self.clock()
        if len(self.failures) >= MAX_ENTRIES:
            stale = [k for k, (_, at) in self.failures.items() if now - at > MAX_BACKOFF]
            for item in stale or list(self.failures)[: MAX_ENTRIES // 2]:
                del self.failures[item]
        count, _ = self.failures.get((key, client), (0, 0.0))
        self.failures[(key, client)] = (count + 1, now)
        wait = self.by_name.take(key)
        if wait:
            if len(self.besieged) >= MAX_ENTRIES:
                self.besieged = {k: t for k, t in self.besieged.items() if t > now}
            self.besieged[key] = now + wait

    def succeeded(self, key: str, client: str) -> None:
        self.failures.pop((key, client), None)

    def change(self, who: str) -> None:
        """A password change by this player (`player:<id>`) or from this address
        (`client:<address>`), if it may make one now; the address is asked first, before
        any database work."""
        wait = self.changes.take(who)
        if wait:
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"too many password changes; try again in {wait:.0f} s",
                wait,
            )
