"""Bot workers: a broken or slow agent yields None (a fallback move), never a stuck pool."""

from __future__ import annotations

import asyncio

from regalia.tables.bots import BotJob, BotPool

TOY = "tests.tables.toygame"


def job(
    level: str = "random", actions: tuple[tuple[int, str], ...] = (), seconds: float = 5.0
) -> BotJob:
    return BotJob(TOY + ":GAME", 5, 2, (("rounds", 2),), actions, 0, level, 1, seconds)


def test_a_bot_moves_and_failures_become_none() -> None:
    async def scenario() -> None:
        pool = BotPool(1, grace=0.5)
        await pool.start()
        try:
            action, _ = await pool.choose(job())
            assert action is not None and action.startswith("bid ")
            action, why = await pool.choose(job(level="no-such-level"))
            assert action is None and "no-such-level" in why
            # An action list that does not replay: the worker reports, the pool lives on.
            action, why = await pool.choose(job(actions=((0, "fly"),)))
            assert action is None and why
            action, _ = await pool.choose(job(actions=((0, "bid 1"), (1, "bid 2"))))
            assert action is None or action == "pass" or action.startswith("guess")
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_an_overrunning_worker_is_replaced() -> None:
    async def scenario() -> None:
        pool = BotPool(1, grace=0.2)
        await pool.start()
        try:
            # The slow toy game sleeps far past the budget while dealing.
            slow = BotJob(TOY + "_slow:GAME", 5, 2, (("rounds", 2),), (), 0, "random", 1, 0.1)
            action, why = await pool.choose(slow)
            assert action is None and "overran" in why
            action, _ = await pool.choose(job())
            assert action is not None
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_an_on_demand_pool_starts_a_worker_only_when_a_job_needs_one() -> None:
    async def scenario() -> None:
        pool = BotPool(2, grace=0.5, on_demand=True)
        await pool.start()
        try:
            assert not pool._all  # no process yet
            action, _ = await pool.choose(job())
            assert action is not None and action.startswith("bid ")
            assert len(pool._all) == 1  # one job, one worker: the idle one is reused
            action, _ = await pool.choose(job())
            assert action is not None and len(pool._all) == 1
            moves = await asyncio.gather(pool.choose(job()), pool.choose(job()))
            assert all(action is not None for action, _ in moves)
            assert len(pool._all) <= 2  # never more than the pool's size
        finally:
            await pool.close()

    asyncio.run(scenario())
