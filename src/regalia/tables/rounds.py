"""The map of loaded rounds: each table loads once, leaves memory when idle, and what
others tell this process (leases gained or lost, events or presence stored elsewhere)
goes into the one Round it concerns. Lobby rows of tables not in memory come from a
bounded cache of their last summaries.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from regalia.core.errors import quoted
from regalia.core.game import Seat
from regalia.core.registry import get_game
from regalia.metrics import ROUNDS_LOADED
from regalia.moderation.gate import Gate
from regalia.protocol import CommandType, ErrorCode, SeatKind, TableStatus
from regalia.tables.chatfilter import ChatFilter
from regalia.tables.commands import Command
from regalia.tables.database import Database
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, iso_time
from regalia.tables.round import Ports, Rematcher, Round
from regalia.tables.store import Stored
from regalia.tables.table import SeatInfo, Table

T = TypeVar("T")
# Summaries of tables not in memory, kept for the lobby lists.
SUMMARY_CACHE = 2000


class Rounds:
    def __init__(self, ports: Ports, db: Database, rematcher: Rematcher) -> None:
        self.ports = ports
        self.db = db
        self._rematcher = rematcher
        self._rounds: dict[str, Round] = {}
        self._loading: dict[str, asyncio.Task[Round]] = {}
        self._summaries: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.chat_filter = ChatFilter()  # the server gives it the operator's word list
        self.gate: Gate | None = None  # the mutes in force (regalia.moderation), if any

    def __iter__(self) -> Any:
        return iter(list(self._rounds.values()))

    def __len__(self) -> int:
        return len(self._rounds)

    def loaded(self, table_id: str) -> Round | None:
        return self._rounds.get(table_id)

    async def get(self, table_id: str) -> Round:
        """The table's round, loaded from the log on first use; TableError if unknown."""
        found = self._rounds.get(table_id)
        if found is not None:
            return found
        if not _plausible_id(table_id):
            raise TableError(ErrorCode.UNKNOWN_TABLE, f"no table {quoted(table_id)}")
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> Round:
        stored = await self.ports.log.load(table_id)
        if stored is None:
            raise TableError(ErrorCode.UNKNOWN_TABLE, f"no table {quoted(table_id)}")
        if table_id in self._rounds:  # loaded meanwhile
            return self._rounds[table_id]
        table = rebuild(stored)
        if table.rated and table.status == TableStatus.FINISHED:
            table.rating_changes = await self.ports.log.rating_changes(table_id)
        if table_id in self._rounds:
            return self._rounds[table_id]
        found = self.adopt(table, [s.token_hash for s in stored.seats])
        if table.rematch_id is not None:
            # The rematch event is stored; its table may not be, if the process died.
            self.ports.spawn(self._rematcher(found), f"rematch-{table_id}")
        return found

    def adopt(self, table: Table, hashes: list[str | None]) -> Round:
        """A table now in memory: its round, running if this process owns it."""
        found = self._rounds[table.id] = Round(table, hashes, self.ports, self._rematcher)
        self._summaries.pop(table.id, None)
        ROUNDS_LOADED.set(len(self._rounds))
        if self.ports.notifier is not None:
            self.ports.notifier.subscribe(table.id)
        found.started()
        return found

    async def run(self, table_id: str, job: Callable[[Table], Awaitable[T]]) -> T:
        """Run `job(table)` on the table's round, loading it if it is not in memory."""
        return await self._on_round(table_id, lambda found: found.run(job))

    async def submit(self, table_id: str, seat: Seat | None, cmd: Command) -> int:
        if cmd.type == CommandType.CHAT and cmd.text:  # stored masked: every reader sees that
            cmd = dataclasses.replace(cmd, text=self.chat_filter.mask(cmd.text))
        gate = self.gate

        async def job(found: Round) -> int:
            if gate is not None and cmd.type == CommandType.CHAT:  # muted, chat off: refused
                player = cmd.player if seat is None else found.table.seats[seat].player
                await gate.may_chat(player, spectator=seat is None)
            return await found.submit(seat, cmd)

        return await self._on_round(table_id, job)

    async def store(self, table_id: str, decide_drafts: Callable[[Table], list[Draft]]) -> int:
        """Send a job into the table's round: drafts decided there, then stored."""
        return await self._on_round(table_id, lambda found: found.store(decide_drafts))

    async def _on_round(self, table_id: str, job: Callable[[Round], Awaitable[T]]) -> T:
        while True:  # a round closed meanwhile (unloaded): load it again
            found = await self.get(table_id)
            if not found.closed and self._rounds.get(table_id) is found:
                return await job(found)

    def unload(self, table_id: str) -> bool:
        """Forget a table nobody uses (it loads again when asked for); False if in use."""
        found = self._rounds.get(table_id)
        if found is None or not found.idle():
            return False
        found.close()
        del self._rounds[table_id]
        ROUNDS_LOADED.set(len(self._rounds))
        self._summaries[table_id] = found.summary()
        while len(self._summaries) > SUMMARY_CACHE:
            self._summaries.popitem(last=False)
        notifier = self.ports.notifier
        if notifier is not None and not self.ports.ownership.owns(table_id):
            notifier.unsubscribe(table_id)
        return True

    def unload_idle(self) -> None:
        limits = self.ports.limits
        now = self.ports.clock.now()
        for found in self:
            ended = found.table.status in (TableStatus.FINISHED, TableStatus.EXPIRED)
            wait = limits.finished_unload_seconds if ended else limits.idle_unload_seconds
            if now - found.last_active >= wait:
                self.unload(found.id)

    # ------------------------------------------------------------------------- from outside

    def on_remote(self, table_id: str, seq: int) -> None:
        """Another process stored events of the table up to `seq`."""
        self._summaries.pop(table_id, None)
        found = self._rounds.get(table_id)
        if found is not None:
            found.on_remote(seq)
        elif self.ports.ownership.owns(table_id):  # ours to run: load it, up to date
            self.ports.spawn(self._quietly(self.get(table_id)), f"load-{table_id}")

    def on_remote_presence(self, table_id: str, process: str, seats: dict[Seat, int]) -> None:
        found = self._rounds.get(table_id)
        if found is not None and process != self.ports.ownership.me:
            found.on_remote_presence(process, seats)

    def on_remote_tokens(self, table_id: str) -> None:
        """Another process revoked or gave out seat tokens of the table."""
        found = self._rounds.get(table_id)
        if found is not None:
            self.ports.spawn(self._quietly(found.reread_tokens()), f"tokens-{table_id}")

    def catch_up_all(self) -> None:
        """The fan-out was down: whatever was missed, every loaded table catches up."""
        for found in self:
            found.on_remote(found.table.seq + 1)

    async def poll(self) -> None:
        """The fan-out is down: the tables someone watches here or this process runs catch
        up with what other processes stored (one query for all), and what other processes
        last reported of who is connected there stands until the fan-out is back."""
        watched: dict[str, int] = {}
        for found in self:
            found.hold_remote_presence()
            if found.listeners or (found.owned and found.table.status == TableStatus.PLAYING):
                watched[found.id] = found.table.seq
        if not watched:
            return
        stored = await self.db.read(self.db.store.seqs, list(watched))
        for table_id, seq in stored.items():
            if seq > watched[table_id]:
                self.on_remote(table_id, seq)

    async def gained(self, table_id: str, stopped: float | None) -> None:
        if self.ports.notifier is not None:
            self.ports.notifier.subscribe(table_id)
        found = await self.get(table_id)
        await found.gained(stopped)

    def lost(self, table_id: str) -> None:
        found = self._rounds.get(table_id)
        if found is not None:
            found.lost()
        elif self.ports.notifier is not None:
            self.ports.notifier.unsubscribe(table_id)

    def ended(self, table_id: str) -> bool:
        found = self._rounds.get(table_id)
        return found is not None and found.table.status in (
            TableStatus.FINISHED,
            TableStatus.EXPIRED,
        )

    @staticmethod
    async def _quietly(load: Awaitable[Any]) -> None:
        with contextlib.suppress(TableError):  # the sweeper and the lease loop try again
            await load

    # ------------------------------------------------------------------------- lobby

    async def list_summaries(
        self, status: str | None = None, limit: int = 200, offset: int = 0
    ) -> list[dict[str, Any]]:
        """One page of lobby rows (`limit` rows from the `offset`th): real seeks first,
        then the rest newest first; tables not in memory answer from their last summary.

        Without `status`, tables long waiting and long finished are left out."""
        now = self.ports.clock.now()
        limits = self.ports.limits
        waiting = iso_time(now - limits.lobby_waiting_seconds)
        finished = iso_time(now - limits.lobby_finished_seconds)
        seeks = self.seeks() if status in (None, TableStatus.WAITING) else []
        out = [found.summary() for found in seeks[offset : offset + limit]]
        if len(out) == limit:
            return out
        ids = await self.db.read(
            self.db.store.table_ids, status, limit - len(out), waiting, finished,
            max(0, offset - len(seeks)), [found.id for found in seeks],
        )  # fmt: skip
        for table_id in ids:
            summary = self._summaries.get(table_id)
            if summary is None:
                try:
                    found = await self.get(table_id)
                except TableError as exc:
                    if exc.code != ErrorCode.UNKNOWN_TABLE:
                        raise
                    continue
                summary = found.summary()
            out.append(summary)
        return out

    def seeks(self) -> list[Round]:
        """Real seeks, newest first: waiting tables with an open seat where someone who
        sits there is connected now (here, or as another process last reported)."""
        found = [
            r for r in self
            if r.table.status == TableStatus.WAITING
            and any(s.kind == SeatKind.OPEN and not s.joined for s in r.table.seats)
            and any(r.connected().values())
        ]  # fmt: skip
        return sorted(found, key=lambda r: (r.table.created_at, r.id), reverse=True)


def rebuild(stored: Stored) -> Table:
    game = get_game(stored.game)
    seats = [
        SeatInfo(s.kind, s.level, name=f"{s.level} bot" if s.kind == SeatKind.BOT else None,
                 joined=s.kind == SeatKind.BOT, player=s.player_id)
        for s in stored.seats
    ]  # fmt: skip
    table = Table(
        stored.id, game, stored.players, stored.options, stored.seed, seats, stored.created_at
    )
    for event in stored.events:
        table.apply(event)
    return table


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and table_id.isascii() and table_id.isalnum()
