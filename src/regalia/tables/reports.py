"""Post-game reports, computed in the background and stored once (`report_store`).

When a table finishes (a stored batch with a result) its report is wanted: a pending row
(or only once someone asks for it, with `report_on_finish` 0).
One task per process claims pending reports one at a time and computes them in the bot
workers at low priority (`BotPool.background`: only while no bot's move or analysis waits
and a worker stays free for the tables' bots). A game with its own report (`Game.report`,
Regicida's identity inference) is one worker job; a game with an analysis engine is judged
move by move (`regalia.ai.report`): every position analysed for `report_ply_seconds`. The
lease is renewed as the plies go; a process that stops mid-way leaves the report pending,
and once its lease lapses the next claim computes it again. A report the engine fails on
`report_attempts` times is stored as failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from dataclasses import dataclass
from functools import partial
from typing import Any

from regalia.ai import analysis
from regalia.ai.report import accuracy_report
from regalia.core.errors import RegaliaError
from regalia.core.game import Game, State
from regalia.core.registry import game_ref, get_game
from regalia.protocol import ErrorCode, TableStatus
from regalia.tables.bots import AnalysisJob, BotPool, ReportJob
from regalia.tables.errors import TableError
from regalia.tables.report_store import FAILED, PENDING, READY, ReportStore
from regalia.tables.service import TableService
from regalia.tables.store import Append
from regalia.tables.table import Table

log = logging.getLogger("regalia.reports")
ACCURACY, OWN = "accuracy", "own"


@dataclass(frozen=True)
class ReportLimits:
    """Each has a `REGALIA_<NAME>` variable."""

    report_ply_seconds: float = 0.2  # the engine's time per position
    report_poll_seconds: float = 5.0  # between looks for pending reports
    report_lease_seconds: float = 60.0  # a claim lapses unless renewed within this
    report_attempts: int = 3  # engine failures before a report is stored as failed
    report_plies: int = 1000  # longer games get no accuracy report
    report_seconds: float = 30.0  # a game's own report, at most
    # 1: a report is computed as soon as its game ends; 0: only once someone asks for it.
    report_on_finish: int = 1


class Retry(Exception):
    """The engine could not answer now: leave the report pending for a later claim."""


class Failed(Exception):
    """The report cannot be made (stored as failed, with the reason)."""


def kind_of(game: Game[Any]) -> str | None:
    """What report a game gets: its own, an accuracy report, or none."""
    if game.report:
        return OWN
    try:
        analysis.level_for(game)
    except analysis.NoAnalysis:
        return None
    return ACCURACY


class Reports:
    def __init__(self, tables: TableService, pool: BotPool, limits: ReportLimits) -> None:
        self.tables, self.pool, self.limits = tables, pool, limits
        self.db = tables.db
        self.clock = tables.clock
        self.store = ReportStore(self.db.store)
        self.me = "reports:" + uuid.uuid4().hex[:12]
        self.progress: dict[str, tuple[int, int]] = {}  # table -> (positions done, of)
        self._wake = asyncio.Event()

    async def analyse(self, job: AnalysisJob) -> dict[str, Any] | None:
        """One position's analysis in the background (tests hand in a stub engine)."""
        answer, _ = await self.pool.background(job, owner="reports", cost=job.seconds)
        return answer

    # ---------------------------------------------------------------- wanting, asking

    async def appended(self, append: Append) -> None:
        """A stored batch: if it finished a game that has a report, the report is wanted."""
        if append.result is None or not self.limits.report_on_finish:
            return
        name = await self.db.read(self.store.game_of, append.table_id)
        if name is None or await asyncio.to_thread(kind_of, get_game(name)) is None:
            return
        # Report rows are written on the writer's thread, as every write (leases.py says why).
        await self.db.write(partial(self.store.want, append.table_id, self.clock.now()))
        self._wake.set()

    async def get(self, table_id: str) -> dict[str, Any]:
        """The report of a finished table: pending (wanted now if it was not) or ready."""
        table = await self.tables.table(table_id)
        kind = await asyncio.to_thread(kind_of, table.game)
        if kind is None:
            raise TableError(ErrorCode.NO_ANALYSIS, f"{table.game.title} has no post-game report")
        if table.status != TableStatus.FINISHED:
            raise TableError(
                ErrorCode.NOT_FINISHED, "the game report is shown once the game is over"
            )
        stored = await self.db.read(self.store.get, table_id)
        if stored is None:
            await self.db.write(partial(self.store.want, table_id, self.clock.now()))
        if stored is None or stored.status == PENDING:
            self._wake.set()  # a look now, in case a lease lapsed
            done, total = self.progress.get(table_id, (0, 0))
            return {"table": table_id, "game": table.game.name, "kind": kind,
                    "status": PENDING, "progress": {"done": done, "total": total}}  # fmt: skip
        return {"table": table_id, "game": table.game.name, "kind": kind,
                "status": stored.status, **(stored.data or {})}  # fmt: skip

    # ---------------------------------------------------------------- computing

    async def run(self) -> None:
        """Claim and compute pending reports until cancelled."""
        while True:
            worked = False
            try:
                worked = await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a post-game report failed")
            if not worked:
                await self._pause()

    async def _pause(self) -> None:
        """Until woken (a game ended, a pending report was asked for) or the poll's time.
        The poll is in real time, not the tables' clock: a test's fake clock moved on by
        days would otherwise run a look for every 5 s of it; leases read the tables' clock."""
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.limits.report_poll_seconds):
                await self._wake.wait()

    async def run_once(self) -> bool:
        """Compute one pending report if one is free; False when none was."""
        limits = self.limits
        claimed = await self.db.write(
            partial(self.store.claim, self.me, self.clock.now(), limits.report_lease_seconds)
        )
        if claimed is None:
            return False
        table_id, attempts = claimed
        try:
            data, status = await self.compute(table_id), READY
        except Failed as exc:
            data, status = {"error": str(exc)}, FAILED
        except Exception as exc:  # the engine, the storage, or a bug: tried again later
            why = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            if not isinstance(exc, (Retry, TableError)):
                log.exception("table %s: the report failed", table_id)
            if attempts < limits.report_attempts:
                log.info("table %s: report put off (%s)", table_id, why)
                return True  # pending; its lease lapses and a later claim tries again
            data, status = {"error": why}, FAILED
        finally:
            self.progress.pop(table_id, None)
        stored = await self.db.write(
            partial(self.store.finish, table_id, self.me, self.clock.now(), data, status)
        )
        if not stored:
            log.info("table %s: report already stored by another process", table_id)
        return True

    async def compute(self, table_id: str) -> dict[str, Any]:
        table = await self.tables.table(table_id)
        kind = await asyncio.to_thread(kind_of, table.game)
        if kind is None:
            raise Failed(f"{table.game.title} has no post-game report")
        record = table.state.to_record()
        names = list(table.game.seat_names(table.players))
        if kind == OWN:
            job = ReportJob(game_ref(table.game), record, self.limits.report_seconds)
            answer, why = await self.pool.background(job, owner="reports", cost=1.0)
            if answer is None:
                raise Retry(why)
            return {"seat_names": names, **answer}
        return {"seat_names": names, **await self._accuracy(table, record)}

    async def _accuracy(self, table: Table, record: str) -> dict[str, Any]:
        facts = await asyncio.to_thread(_facts, table.game, record, self.limits.report_plies)
        states, movers, texts, team = facts
        plies = len(states) - 1
        ref, seconds = game_ref(table.game), self.limits.report_ply_seconds
        scores: list[int] = []
        lines: list[list[str]] = []
        for ply in range(plies + 1):
            answer = await self.analyse(AnalysisJob(ref, record, None, (), ply, seconds))
            if answer is None:
                raise Retry(f"the engine gave no answer at ply {ply}")
            scores.append(int(answer["score"]))
            lines.append([str(m) for m in answer.get("best_line") or []])
            self.progress[table.id] = (ply + 1, plies + 1)
            until = self.clock.now() + self.limits.report_lease_seconds
            if not await self.db.write(partial(self.store.renew, table.id, self.me, until)):
                raise Retry("the lease was lost")
        report = accuracy_report(scores, movers, frozenset(team), table.players, lines, texts)
        await asyncio.to_thread(_better_views, states, report["mistakes"])
        return report


def _facts(
    game: Game[Any], record: str, most: int
) -> tuple[list[State[Any]], list[int | None], list[str], list[int]]:
    """Every state of the game, who made each move, each move's text, the first team."""
    try:
        states = analysis.states(game, record)
    except RegaliaError as exc:
        raise Failed(f"the record does not read: {exc}") from None
    if len(states) - 1 > most:
        raise Failed(f"the game has {len(states) - 1} plies; reports cover {most} at most")
    history = states[-1].history() or []
    movers: list[int | None] = [None, *(seat for seat, _ in history)]
    texts = [""] + [states[i].describe(action) for i, (_, action) in enumerate(history)]
    return states, movers, texts, sorted(analysis.first_team(states[0]))


def _better_views(states: list[State[Any]], mistakes: list[dict[str, Any]]) -> None:
    """Each judged move gets the public view of the position it was played from, and of
    that position after the engine's better move (the board draws that move as the last)."""
    for item in mistakes:
        before = states[item["ply"] - 1]
        item["view"] = before.view(None)
        item["better_view"] = None
        if item["better"] is None:
            continue
        with contextlib.suppress(RegaliaError):
            action = before.parse(item["seat"], item["better"])
            item["better_view"] = before.apply(item["seat"], action).view(None)
