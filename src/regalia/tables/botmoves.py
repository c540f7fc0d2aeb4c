"""Bots at tables: ask the pool for a move, and store it whatever happens on the way.

A bot whose move cannot be stored (the database is locked or down) tries again, backing off,
until its move is stored or the table has moved on; a bot that fails or answers nonsense
plays a legal fallback move (seeded, so restarts replay it). A seat a bot must play always
has a task working on it: `schedule` is idempotent and upkeep calls it for every table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from regalia.ai.levels import budget_for
from regalia.core.game import Seat
from regalia.core.registry import game_ref
from regalia.core.seeds import Rng, derive
from regalia.protocol import CommandType
from regalia.tables.bots import BotJob, BotPool
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.table import Table

if TYPE_CHECKING:
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.bots")
# Storage errors worth waiting out; anything else means the move itself was refused.
RETRY_CODES = {"unavailable", "storage_error"}
FIRST_RETRY, LAST_RETRY = 0.25, 30.0
QUICK_SEARCH = 0.5


class BotMoves:
    def __init__(self, service: TableService, pool: BotPool, seconds: float) -> None:
        self.service = service
        self.pool = pool
        self.seconds = seconds
        self._thinking: dict[tuple[str, Seat, int], asyncio.Task[None]] = {}

    def tasks(self) -> list[asyncio.Task[Any]]:
        return list(self._thinking.values())

    def busy(self, table_id: str) -> bool:
        return any(key[0] == table_id for key in self._thinking)

    def schedule(self, table: Table) -> None:
        """Start a task for every seat a bot must play now that has none."""
        if not self.service.owns(table.id):
            return  # the table's owner process runs its bots
        for seat, level in table.bots_to_act():
            key = (table.id, seat, table.seq)
            if key not in self._thinking:
                task = asyncio.create_task(self._move(table, seat, level, table.seq))
                self._thinking[key] = task
                task.add_done_callback(self._forget(key))

    def _forget(self, key: tuple[str, Seat, int]) -> Callable[[asyncio.Task[None]], None]:
        def forget(_: asyncio.Task[None]) -> None:
            self._thinking.pop(key, None)

        return forget

    async def _move(self, table: Table, seat: Seat, level: str, seq: int) -> None:
        try:
            text, why = await self._think(table, seat, level, seq)
            if text is None:
                text = self._fallback(table, seat, seq, level, why)
            delay = FIRST_RETRY
            while table.seq == seq and seat in table.state.to_act():
                try:
                    command = Command(CommandType.ACTION, action=text, seq=seq, by_bot=True)
                    await self.service.submit(table.id, seat, command)
                    return
                except TableError as exc:
                    if exc.code == "stale" or table.seq != seq:
                        return
                    if exc.code in RETRY_CODES:
                        log.warning("table %s: bot move not stored (%s); retrying in %.2g s",
                                    table.id, exc.code, delay)  # fmt: skip
                        await asyncio.sleep(delay)
                        delay = min(delay * 2, LAST_RETRY)
                        table = await self._current(table)
                        continue
                    text = self._fallback(table, seat, seq, level, f"{exc.code}: {exc.message}")
        except asyncio.CancelledError:
            raise
        except Exception:
            # Upkeep reschedules this seat: a bug here must not stop the table for good.
            log.exception("table %s: bot at seat %d failed; upkeep will retry", table.id, seat)

    async def _current(self, table: Table) -> Table:
        """The table as now loaded (it may have been unloaded and loaded again)."""
        try:
            return await self.service.table(table.id)
        except TableError:
            return table

    async def _think(
        self, table: Table, seat: Seat, level: str, seq: int
    ) -> tuple[str | None, str]:
        try:
            job = BotJob(
                game_ref(table.game), table.seed, table.players,
                tuple(sorted(table.options.items())), tuple(table.actions), seat, level,
                derive(table.seed, f"bot:{seat}:{seq}"), self.seconds,
            )  # fmt: skip
            budget = budget_for(table.game, level)
            # Searches bounded by nodes take about as long as a short clock.
            cost = budget.seconds or (QUICK_SEARCH if budget.nodes else 0.0)
            return await self.pool.choose(job, owner=table.id, cost=min(cost, self.seconds))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the game goes on whatever happened to the bot
            return None, f"could not think: {type(exc).__name__}: {exc}"

    @staticmethod
    def _fallback(table: Table, seat: Seat, seq: int, level: str, why: str) -> str:
        log.warning("table %s: %s bot at seat %d %s; playing a fallback", table.id, level,
                    seat, why)  # fmt: skip
        legal = list(table.state.legal_actions(seat))
        choice = Rng(derive(table.seed, f"fallback:{seat}:{seq}")).choice(legal)
        return table.state.encode(choice)
