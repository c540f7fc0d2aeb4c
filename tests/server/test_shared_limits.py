"""Per-address and per-player limits count in Redis when the site has it: every process
takes from one bucket, a restart forgets nothing, and while Redis is away each process
counts alone after one warning."""

from __future__ import annotations

import asyncio
import logging
import shutil

import httpx
import pytest

from regalia.tables.ratelimit import RateLimiter
from regalia.tables.sharedlimits import SharedBuckets, SharedHolder
from tests.server.services import pg_bin, postgres, redis, redis_server, server_handles

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="Redis is not installed"),
]


def process_limiter(url: str, burst: float = 3, rate: float = 0.001) -> RateLimiter:
    """A limiter as one server process builds it: its own connection to the site's Redis."""
    holder = SharedHolder()
    holder.buckets = SharedBuckets(url)
    return RateLimiter(burst, rate, what="create", shared=holder)


def test_two_processes_and_a_restarted_one_take_from_one_bucket() -> None:
    async def run(url: str) -> None:
        first, second = process_limiter(url), process_limiter(url)
        assert [await first.acquire("203.0.113.5"), await second.acquire("203.0.113.5"),
                await first.acquire("203.0.113.5")] == [0, 0, 0]  # fmt: skip
        assert await second.acquire("203.0.113.5") > 100  # the burst of 3 is spent site-wide
        assert await second.acquire("203.0.113.6") == 0  # another address has its own
        restarted = process_limiter(url)
        assert await restarted.acquire("203.0.113.5") > 100  # a restart forgot nothing

    with redis() as url:
        asyncio.run(run(url))


def test_while_redis_is_away_each_process_counts_alone_after_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def run(server: object) -> None:
        limiter = process_limiter(server.url, burst=2)  # type: ignore[attr-defined]
        assert await limiter.acquire("a") == 0
        server.stop()  # type: ignore[attr-defined]
        with caplog.at_level(logging.WARNING, logger="regalia.server"):
            waits = [await limiter.acquire("a") for _ in range(3)]
        # In memory now: this process's own full bucket of 2, then a refusal.
        assert waits[:2] == [0, 0] and waits[2] > 0
        away = [r for r in caplog.records if "Redis is away" in r.getMessage()]
        assert len(away) == 1
        server.start()  # type: ignore[attr-defined]
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="regalia.server"):
            # Redis keeps nothing on disk: a fresh bucket there, counted for the site again.
            waits = [await limiter.acquire("a") for _ in range(3)]
            assert waits[:2] == [0, 0] and waits[2] > 0
        assert any("Redis is back" in r.getMessage() for r in caplog.records)

    with redis_server() as server:
        asyncio.run(run(server))


@pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed")
def test_the_table_creation_limit_holds_across_two_server_processes() -> None:
    settings = {"REGALIA_CREATE_BURST": "2", "REGALIA_CREATE_PER_MINUTE": "0.01"}
    table = {"game": "regulator", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    with (
        postgres() as database,
        redis() as fanout,
        server_handles(2, database, fanout, **settings) as ((first, _), (second, _)),
    ):
        codes = [httpx.post(f"{base}/api/tables", json=table, timeout=30).status_code
                 for base in (first, second, first, second)]  # fmt: skip
        assert codes == [201, 201, 429, 429]
