"""Bots think in worker processes, so a slow or broken agent never blocks the server.

Each worker process is driven by one thread of the server process. A job that raises,
returns nothing usable, or overruns its budget plus a grace period yields None (the caller
then plays a fallback move); an overrunning worker is killed and replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import importlib
import multiprocessing
import queue
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.game import Game, Seat, State

log = logging.getLogger("regalia.bots")


@dataclass(frozen=True, slots=True)
class BotJob:
    module: str  # the module whose GAME plays this game
    level: str
    seed: int
    seat: Seat
    seconds: float
    record: str  # the agent itself only ever sees the seat's Observation

    @classmethod
    def make(cls, state: State[Any], seat: Seat, level: str, seed: int, seconds: float) -> BotJob:
        module = type(state.game).__module__
        return cls(module, level, seed, seat, seconds, state.to_record())


def think(job: BotJob) -> str:
    """Run one agent decision; returns the action's machine form."""
    game: Game[Any] = importlib.import_module(job.module).GAME
    state = game.from_record(job.record)
    agent = make_agent(game.name, job.level, job.seed)
    action = agent.choose(Observation(state, job.seat), Budget(seconds=job.seconds))
    return state.encode(action)


def _worker(conn: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server shuts workers down itself
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            conn.send(("ok", think(job)))
        except Exception as exc:  # any agent failure becomes a fallback move, not a crash
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


Done = Callable[[str | None, str], None]


class BotPool:
    """`workers` processes; `await choose(job)` gives an action text or None."""

    def __init__(self, workers: int, grace: float = 1.0) -> None:
        self.workers = max(1, workers)
        self.grace = grace
        self._ctx = multiprocessing.get_context("spawn")
        self._jobs: queue.Queue[tuple[BotJob, Done] | None] = queue.Queue()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        for number in range(self.workers):
            thread = threading.Thread(target=self._drive, name=f"bot-{number}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def close(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads.clear()

    async def choose(self, job: BotJob) -> tuple[str | None, str]:
        """(action text or None, reason when None)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[str | None, str]] = loop.create_future()

        def done(action: str | None, why: str) -> None:
            loop.call_soon_threadsafe(_settle, future, (action, why))

        self._jobs.put((job, done))
        return await future

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(target=_worker, args=(child,), daemon=True)
        process.start()
        child.close()
        return process, parent

    def _drive(self) -> None:
        process, conn = self._spawn()
        while True:
            item = self._jobs.get()
            if item is None:
                break
            job, done = item
            action: str | None = None
            why = ""
            try:
                conn.send(job)
                if conn.poll(job.seconds + self.grace):
                    status, value = conn.recv()
                    if status == "ok":
                        action = value
                    else:
                        why = value
                else:
                    why = f"overran its {job.seconds:g}s budget"
            except (EOFError, OSError) as exc:
                why = f"worker died: {exc}"
            if action is None and why.startswith(("overran", "worker died")):
                process.kill()
                process.join()
                conn.close()
                process, conn = self._spawn()
            done(action, why)
        with contextlib.suppress(OSError):
            conn.send(None)
        process.join(timeout=2)
        if process.is_alive():
            process.kill()


def _settle(future: asyncio.Future[tuple[str | None, str]], value: tuple[str | None, str]) -> None:
    if not future.done():
        future.set_result(value)
