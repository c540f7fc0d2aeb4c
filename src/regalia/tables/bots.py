"""Bots think in worker processes, so a slow or broken agent never blocks the server.

Each worker process is driven by one thread of the server process. A job that raises,
returns nothing usable, or overruns its budget plus a grace period yields None (the caller
then plays a fallback move); an overrunning worker is killed and replaced.

The same workers analyse positions (`AnalysisJob`, for the analysis board): a job of the
same fair queue, bounded by the same time cap, and never more of them at once than leaves
a worker for the tables' bots (when there are two workers or more). Analyses wait for their
turn by their owner's recent worker time, like bots' moves; one cancelled while it runs (its
client went away) stops at once: its worker is killed and a fresh one started.

Post-game reports run in the background (`background`): an analysis or a game's own report
(`ReportJob`) runs, one at a time, in a worker process of its own at the lowest CPU priority
(nice BACKGROUND_NICE), started when the first one comes, and rests after each job so that
background work takes at most BACKGROUND_SHARE of one core: a live table's bot never waits
behind a report, and priority alone is not enough where two cores are one core's two
hyperthreads (a busy sibling slows the server's thread whatever its niceness).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import multiprocessing
import os
import signal
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from regalia.ai.base import Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.core.game import Game, Seat, State
from regalia.core.registry import game_names, get_game, load_ref
from regalia.metrics import BOT_QUEUE, BOT_THINK

log = logging.getLogger("regalia.bots")
STARTUP_SECONDS = 60.0
BACKGROUND_NICE = 19  # the background worker's niceness: the CPU nothing else wants
BACKGROUND_SHARE = 0.25  # of one core at most: each job is followed by a rest 3 times as long
# A background job's grace past its budget: at nice 19 on a busy machine the worker may get
# the CPU to give its answer only long after its search stopped.
BACKGROUND_GRACE = 30.0


@dataclass(frozen=True, slots=True)
class BotJob:
    """A game to rebuild (its reference, seed, players, options and actions) and a seat to play.

    The worker rebuilds the full state; the agent itself only ever sees the seat's
    Observation.
    """

    game: str  # the game's registry reference, "package.module:GAME"
    game_seed: int
    players: int
    options: tuple[tuple[str, Any], ...]
    actions: tuple[tuple[Seat, str], ...]
    seat: Seat
    level: str
    seed: int
    seconds: float  # the hard limit: the level's own budget, capped; then the worker is killed
    position: str | None = None  # the game's start set up by hand (None: the deal)


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """A position to analyse: a game's record or position text, the ply of its states to
    look at (None: the last), moves played on from there, and the thinking time."""

    game: str  # the game's registry reference
    record: str | None
    position: str | None
    moves: tuple[str, ...]
    ply: int | None
    seconds: float
    seed: int = 0


@dataclass(frozen=True, slots=True)
class ReportJob:
    """A finished game's own post-game report (`Game.report`), from its record."""

    game: str  # the game's registry reference
    record: str
    seconds: float


# Per worker: the last state of each game, so a bot move replays only the new actions.
_cache: OrderedDict[tuple[Any, ...], tuple[tuple[tuple[Seat, str], ...], State[Any]]] = (
    OrderedDict()
)
_CACHE_SIZE = 512


def rebuild(job: BotJob) -> State[Any]:
    key = (job.game, job.game_seed, job.players, job.options, job.position)
    done, state = _cache.pop(key, ((), None))
    if state is None or job.actions[: len(done)] != done:
        game: Game[Any] = load_ref(job.game)
        if job.position:
            done, state = (), game.from_position(job.position, job.game_seed)
        else:
            done, state = (), game.new(job.game_seed, job.players, **dict(job.options))
    for seat, text in job.actions[len(done) :]:
        state = state.apply(seat, state.parse(seat, text))
    _cache[key] = (job.actions, state)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return state


def think(job: BotJob) -> str:
    """Run one agent decision; returns the action's machine form."""
    state = rebuild(job)
    agent = make_agent(state.game, job.level, job.seed)
    budget = budget_for(state.game, job.level)
    if budget.seconds is not None and budget.seconds > job.seconds:
        budget = replace(budget, seconds=job.seconds)
    action = agent.choose(Observation(state, job.seat), budget)
    return state.encode(action)


# Per worker: the states of the last few records analysed, so a whole game's plies replay
# the record once.
_analysed: OrderedDict[tuple[str, str | None, str | None], list[State[Any]]] = OrderedDict()
_ANALYSED_SIZE = 8


def analyse(job: AnalysisJob) -> dict[str, Any]:
    """Run one analysis; the answer of `regalia.ai.analysis.analyse`, with its ply."""
    from regalia.ai import analysis  # the engines load only in workers that analyse

    game: Game[Any] = load_ref(job.game)
    key = (job.game, job.record, job.position)
    found = _analysed.pop(key, None)
    if found is None:
        found = analysis.states(game, job.record, job.position)
    _analysed[key] = found
    while len(_analysed) > _ANALYSED_SIZE:
        _analysed.popitem(last=False)
    ply = len(found) - 1 if job.ply is None else job.ply
    if not 0 <= ply < len(found):
        raise IndexError(f"ply {ply} is outside the game's 0..{len(found) - 1}")
    state = found[ply]
    if job.moves:
        for number, text in enumerate(job.moves, start=1):
            acting = sorted(state.to_act())
            if not acting:
                raise ValueError(f"move {number}: the game is over")
            state = state.apply(acting[0], state.parse(acting[0], text))
    answer = analysis.analyse(state, job.seconds, seed=job.seed)
    answer["ply"] = ply
    return answer


def own_report(job: ReportJob) -> dict[str, Any]:
    game: Game[Any] = load_ref(job.game)
    report: dict[str, Any] = load_ref(game.report)(game.from_record(job.record))
    return report


def run(job: BotJob | AnalysisJob | ReportJob) -> Any:
    if isinstance(job, ReportJob):
        return own_report(job)
    return analyse(job) if isinstance(job, AnalysisJob) else think(job)


def _worker(conn: Connection, nice: int = 0) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server shuts workers down itself
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    # Import the games before saying ready, so no bot's first move pays for the imports.
    for name in game_names():
        with contextlib.suppress(Exception):
            get_game(name)
    conn.send(("ready", ""))
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            conn.send(("ok", run(job)))
        except Exception as exc:  # any agent failure becomes a fallback move, not a crash
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class BotPool:
    """`workers` processes; `await choose(job, owner)` gives an action text or None.

    The event loop waits on the workers' pipes directly (no threads), so bots cost the
    server nothing but the pickling of a job and its answer. When every worker is busy,
    the next free one goes to the waiting job whose owner (a table) has used the least
    worker time lately: a table of quick bots is not stuck behind forty tables of slow ones.
    """

    def __init__(
        self, workers: int, grace: float = 1.0, on_demand: bool = False,
        background_share: float = BACKGROUND_SHARE,
        rest: Callable[[float], Awaitable[None]] = asyncio.sleep,
        background_grace: float = BACKGROUND_GRACE,
    ) -> None:  # fmt: skip
        self.workers = max(1, workers)
        self.grace = grace
        self.background_share = background_share
        self.background_grace = background_grace
        self._rest = rest  # how background work rests (tests: a fake)
        # on_demand: `start` starts no worker; each starts when a job first finds none idle
        # (tests whose server may never run a bot skip the workers' start-up).
        self._unstarted = self.workers if on_demand else 0
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._queue = _FairQueue()
        # Analyses running at once: at most all workers but one (one worker: that one).
        self.analysis_slots = max(1, self.workers - 1)
        self._analysing = 0
        # Analyses waiting for a slot: (their owner's recent worker time + cost, arrival, …).
        self._analysis_waiters: list[tuple[float, int, asyncio.Future[None]]] = []
        self._arrivals = 0
        self._closing = False
        self._spawning: set[asyncio.Task[None]] = set()
        self._background: _Worker | None = None  # started by the first background job
        self._background_turn = asyncio.Lock()

    async def start(self) -> None:
        spawned = await asyncio.gather(
            *(asyncio.to_thread(self._spawn) for _ in range(self.workers - self._unstarted))
        )
        for worker in spawned:
            self._all.add(worker)
            self._release(worker)

    async def close(self) -> None:
        self._closing = True
        if self._spawning:  # replacements of killed workers: wait for them, then stop them
            await asyncio.gather(*self._spawning, return_exceptions=True)
        workers, self._all = list(self._all), set()
        await asyncio.gather(*(asyncio.to_thread(w.stop) for w in workers))

    async def choose(
        self, job: BotJob, owner: Owner = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        """(action text or None, reason when None); `cost`: the seconds the job is expected
        to take, so a quick move is not queued behind slow ones."""
        value, why = await self._run(job, owner, cost)
        return (value if isinstance(value, str) else None), why

    async def background(
        self, job: AnalysisJob | ReportJob, owner: str = "", cost: float = 0.0
    ) -> tuple[dict[str, Any] | None, str]:
        """`analyse` on the background worker (the lowest CPU priority), one job at a time,
        each followed by a rest that keeps the worker's share of a core to background_share."""
        async with self._background_turn:
            if self._closing:
                return None, "the server is stopping"
            if self._background is None:
                self._background = await asyncio.to_thread(self._spawn, BACKGROUND_NICE)
                self._all.add(self._background)
            started = time.perf_counter()
            value, why = await self._run(job, owner, cost, self._background)
            if 0 < self.background_share < 1:  # the next background job waits for the rest
                took = time.perf_counter() - started
                await self._rest(took * (1 / self.background_share - 1))
        return (value if isinstance(value, dict) else None), why

    async def analyse(
        self, job: AnalysisJob | ReportJob, owner: str = "", cost: float = 0.0
    ) -> tuple[dict[str, Any] | None, str]:
        """(the analysis, or None and the reason): in the fair queue like a bot's move, and
        only while fewer than `analysis_slots` analyses run; the next slot goes to the waiting
        analysis whose owner has used the least worker time lately."""
        loop = asyncio.get_running_loop()
        while self._analysing >= self.analysis_slots:
            waiter: asyncio.Future[None] = loop.create_future()
            self._arrivals += 1
            usage = self._queue.usage(owner, loop.time()) + cost
            heapq.heappush(self._analysis_waiters, (usage, self._arrivals, waiter))
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._wake_analysis()  # woken just as it was cancelled: pass it on
                raise
        self._analysing += 1
        try:
            value, why = await self._run(job, owner, cost)
        finally:
            self._analysing -= 1
            self._wake_analysis()
        return (value if isinstance(value, dict) else None), why

    def _wake_analysis(self) -> None:
        while self._analysis_waiters:
            _, _, waiter = heapq.heappop(self._analysis_waiters)
            if not waiter.done():
                waiter.set_result(None)
                return

    async def _run(
        self, job: BotJob | AnalysisJob | ReportJob, owner: Owner, cost: float,
        background: _Worker | None = None,
    ) -> tuple[Any, str]:  # fmt: skip
        """The job on a worker of the pool, or on the `background` one; a worker that overruns
        or dies is replaced (the background one: by the next background job)."""
        worker = background or await self._acquire(owner, cost)
        loop = asyncio.get_running_loop()
        started = loop.time()
        thinking = time.perf_counter()
        ready: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        fd = worker.conn.fileno()
        loop.add_reader(fd, readable)
        try:
            worker.conn.send(job)
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancel that
            # lands as the answer arrives, and a bot task that outlives shutdown hangs it.
            grace = self.grace if background is None else self.background_grace
            async with asyncio.timeout(job.seconds + grace):
                await ready
            status, value = worker.conn.recv()
        except TimeoutError:
            why = f"overran its {job.seconds:g}s budget"
        except (EOFError, OSError) as exc:
            why = f"worker died: {exc}"
        except asyncio.CancelledError:
            loop.remove_reader(fd)
            if not isinstance(job, BotJob) and not self._closing:
                # Its client went away: stop the work now rather than let it run out.
                self._queue.charge(owner, loop.time() - started, loop.time())
                if background is None:
                    self._replace(worker)
                else:
                    self._drop_background(worker)
            raise  # a bot's move is cancelled when shutting down: close() stops the worker
        else:
            loop.remove_reader(fd)
            if isinstance(job, BotJob):
                BOT_THINK.observe(time.perf_counter() - thinking)
            self._queue.charge(owner, loop.time() - started, loop.time())
            if background is None:
                self._release(worker)
            return (value, "") if status == "ok" else (None, value)
        # The worker is stuck or dead: replace it.
        loop.remove_reader(fd)
        if isinstance(job, BotJob):  # the time it had before it was given up on
            BOT_THINK.observe(time.perf_counter() - thinking)
        self._queue.charge(owner, loop.time() - started, loop.time())
        if background is not None:
            self._drop_background(worker)
            return None, why
        self._all.discard(worker)
        worker.process.kill()
        await asyncio.to_thread(worker.stop)
        fresh = await asyncio.to_thread(self._spawn)
        self._all.add(fresh)
        self._release(fresh)
        return None, why

    def _drop_background(self, worker: _Worker) -> None:
        """Kill the background worker; the next background job starts a fresh one."""
        self._all.discard(worker)
        worker.process.kill()
        if self._background is worker:
            self._background = None
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(worker.stop))
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    def _replace(self, worker: _Worker | None) -> None:
        """Kill `worker` (busy with work nobody waits for; None: an unstarted one) and start
        a fresh one."""
        if worker is not None:
            self._all.discard(worker)
            worker.process.kill()

        async def respawn() -> None:
            if worker is not None:
                await asyncio.to_thread(worker.stop)
            fresh = await asyncio.to_thread(self._spawn)
            if self._closing:
                await asyncio.to_thread(fresh.stop)
                return
            self._all.add(fresh)
            self._release(fresh)

        task = asyncio.get_running_loop().create_task(respawn())
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _acquire(self, owner: Owner, cost: float) -> _Worker:
        if self._idle and not self._queue:
            return self._idle.pop()
        if self._unstarted and not self._closing:  # on demand: start one for the queue
            self._unstarted -= 1
            self._replace(None)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_Worker] = loop.create_future()
        self._queue.push(owner, future, loop.time(), cost)
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release(future.result())  # handed a worker just as we were cancelled
            raise

    def _release(self, worker: _Worker) -> None:
        future = self._queue.pop()
        if future is None:
            self._idle.append(worker)
        else:
            future.set_result(worker)

    def _spawn(self, nice: int = 0) -> _Worker:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=_worker, args=(child, nice), daemon=True)
        process.start()
        child.close()
        # Wait for the worker's imports outside any bot's budget; a worker that never gets
        # ready still runs jobs, it just costs them time.
        if parent.poll(STARTUP_SECONDS):
            with contextlib.suppress(EOFError, OSError):
                parent.recv()
        return _Worker(process, parent)


def _left_queue(_: asyncio.Future[_Worker]) -> None:
    BOT_QUEUE.dec()


class Usage:
    """Worker time one owner (a table's Round) used lately, decaying: the owner keeps it,
    the pool reads and charges it."""

    __slots__ = ("as_of", "seconds")

    def __init__(self) -> None:
        self.seconds = 0.0
        self.as_of = 0.0

    def at(self, now: float) -> float:
        return float(self.seconds * 0.5 ** ((now - self.as_of) / _FairQueue.HALF_LIFE))

    def add(self, seconds: float, now: float) -> None:
        self.seconds, self.as_of = self.at(now) + seconds, now


Owner = str | Usage  # a table's Usage, or a name (analyses: their client's address)


class _FairQueue:
    """Waiting jobs, ordered by their owner's recent worker time (decaying) plus their own
    expected time, then by arrival: quick jobs and tables that used little go first."""

    HALF_LIFE = 60.0

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, asyncio.Future[_Worker]]] = []
        self._count = 0
        # Named owners (analyses' addresses): (seconds, as of when); tables keep their own.
        self._usage: dict[str, tuple[float, float]] = {}

    def __bool__(self) -> bool:
        return any(not f.done() for _, _, f in self._heap)

    def usage(self, owner: Owner, now: float) -> float:
        if isinstance(owner, Usage):
            return owner.at(now)
        seconds, when = self._usage.get(owner, (0.0, now))
        return float(seconds * 0.5 ** ((now - when) / self.HALF_LIFE))

    def charge(self, owner: Owner, seconds: float, now: float) -> None:
        if isinstance(owner, Usage):
            owner.add(seconds, now)
            return
        self._usage[owner] = (self.usage(owner, now) + seconds, now)
        if len(self._usage) > 10_000:  # forget owners whose usage has faded away
            self._usage = {o: u for o, u in self._usage.items() if self.usage(o, now) > 0.01}

    def push(
        self, owner: Owner, future: asyncio.Future[_Worker], now: float, cost: float = 0.0
    ) -> None:
        self._count += 1
        heapq.heappush(self._heap, (self.usage(owner, now) + cost, self._count, future))
        # Waiting until handed a worker or cancelled, whichever comes first.
        BOT_QUEUE.inc()
        future.add_done_callback(_left_queue)

    def pop(self) -> asyncio.Future[_Worker] | None:
        while self._heap:
            _, _, future = heapq.heappop(self._heap)
            if not future.done():
                return future
        return None
