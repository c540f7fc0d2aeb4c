"""Bot workers: a broken or slow agent yields None (a fallback move), never a stuck pool."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable

from regalia.core.registry import game_ref, get_game
from regalia.tables.bots import BACKGROUND_NICE, BACKGROUND_SHARE, AnalysisJob, BotJob, BotPool

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


def test_background_work_runs_apart_at_the_lowest_priority_and_no_bot_waits_for_it() -> None:
    """A post-game report's analysis runs on a worker of its own (nice BACKGROUND_NICE): the
    pool's only worker answers a bot's move while it thinks, each job is followed by a rest
    that keeps background work to BACKGROUND_SHARE of a core, and an overrun costs only the
    background worker."""
    rests: list[float] = []

    async def rest(seconds: float) -> None:
        rests.append(seconds)

    async def scenario() -> None:
        pool = BotPool(1, grace=0.2, rest=rest, background_grace=GRACE)
        await pool.start()
        try:
            (regular,) = pool._all
            thinking = AnalysisJob(game_ref(get_game("regulator")), None, None, (), None, 1.5)
            report = asyncio.create_task(pool.background(thinking, owner="reports"))
            await until_true(lambda: pool._background is not None)
            assert pool._background is not None and pool._background is not regular
            background_pid = pool._background.process.pid
            assert os.getpriority(os.PRIO_PROCESS, background_pid) == min(
                19, os.getpriority(os.PRIO_PROCESS, 0) + BACKGROUND_NICE
            )
            assert os.getpriority(os.PRIO_PROCESS, regular.process.pid) == os.getpriority(
                os.PRIO_PROCESS, 0
            )
            action, _ = await pool.choose(job())
            assert action is not None and not report.done()  # the bot did not wait
            answer, why = await report
            assert answer is not None and answer["ply"] == 0, why
            # It thought for up to its 1.5 s: three times that of rest, for a quarter of a core.
            assert BACKGROUND_SHARE == 0.25 and len(rests) == 1
            assert 1.5 < rests[0] <= 3 * (1.5 + GRACE)
            # A background job that overruns: its worker goes, the next one starts afresh.
            slow = AnalysisJob(TOY + "_slow:GAME", None, None, (), None, 0.1)
            assert (await pool.background(slow))[0] is None
            assert pool._background is None and regular in pool._all
            answer, why = await pool.background(thinking)
            assert answer is not None, why
            assert pool._background is not None and pool._background.process.pid != background_pid
        finally:
            await pool.close()

    asyncio.run(scenario())


GRACE = 4.0  # the background worker's, here: at nice 19 beside a busy test run it may wait


async def until_true(done: Callable[[], bool], seconds: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done():
        assert loop.time() < end, "the condition never came true"
        await asyncio.sleep(0.01)
