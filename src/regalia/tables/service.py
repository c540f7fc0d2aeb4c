"""The table service: one authoritative task per table, persistence first, then fan-out.

Every command for a table goes through that table's queue, so actions apply strictly in
order. An event is stored before anyone hears of it; listeners (WebSocket connections) and
the optional cross-process notifier are told afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from regalia.core.errors import RegaliaError
from regalia.core.game import Seat
from regalia.core.registry import game_ref, get_game
from regalia.core.seeds import Rng, derive
from regalia.protocol import CommandType, EventKind, SeatKind, TableStatus
from regalia.tables.bots import BotJob, BotPool
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, Event, now
from regalia.tables.models import TableRow
from regalia.tables.store import Append, SeatSpec, Store, Stored
from regalia.tables.table import SeatInfo, Table
from regalia.tables.tokens import hash_token, new_seed, new_table_id, new_token, token_matches
from regalia.tables.writer import Writer

log = logging.getLogger("regalia.tables")
T = TypeVar("T")
# How long shutdown waits for table and bot tasks to finish after cancelling them.
SHUTDOWN_SECONDS = 5.0
Listener = Callable[[Table, Sequence[Event]], None]
# Events that may come between the seq a client saw and its action without making it stale.
_HARMLESS = {
    EventKind.CHAT,
    EventKind.JOINED,
    EventKind.DRAW_OFFERED,
    EventKind.DRAW_ACCEPTED,
    EventKind.DRAW_DECLINED,
    EventKind.REMATCH_OFFERED,
}


class Notifier(Protocol):
    """Tells other server processes that a table has new events (Redis pub/sub)."""

    def publish(self, table_id: str, seq: int) -> None: ...


@dataclass(frozen=True, slots=True)
class SeatRequest:
    kind: str  # a SeatKind
    level: str | None = None


@dataclass(frozen=True, slots=True)
class TableRequest:
    game: str
    seats: Sequence[SeatRequest]
    players: int | None = None
    options: Mapping[str, object] | None = None
    seed: int | None = None


class _Actor:
    """The one task that changes a table."""

    def __init__(self, service: TableService, table: Table) -> None:
        self.service = service
        self.table = table
        self.queue: asyncio.Queue[tuple[Seat | None, Command | None, asyncio.Future[int]]] = (
            asyncio.Queue()
        )
        self.task = asyncio.create_task(self._run(), name=f"table-{table.id}")

    async def _run(self) -> None:
        while True:
            seat, cmd, future = await self.queue.get()
            try:
                if cmd is None:
                    await self.service._sync(self.table)
                    seq = self.table.seq
                else:
                    seq = await self.service._execute(self.table, seat, cmd)
            except Exception as exc:
                if not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, TableError):
                    log.exception("table %s: command failed", self.table.id)
            else:
                if not future.done():
                    future.set_result(seq)

    async def submit(self, seat: Seat | None, cmd: Command | None) -> int:
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self.queue.put((seat, cmd, future))
        return await future


class TableService:
    def __init__(
        self,
        store: Store,
        bots: BotPool,
        notifier: Notifier | None = None,
        bot_seconds: float = 1.0,
    ) -> None:
        self.store = store
        self.bots = bots
        self.notifier = notifier
        self.bot_seconds = bot_seconds
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")  # loads and creates
        self.writer = Writer(store)  # appends, batched
        self._tables: dict[str, Table] = {}
        self._hashes: dict[str, list[str | None]] = {}
        self._actors: dict[str, _Actor] = {}
        self._loading: dict[str, asyncio.Task[Table]] = {}
        self._listeners: dict[str, set[Listener]] = {}
        self._thinking: set[tuple[str, Seat, int]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Reload every unfinished table and let its bots move again."""
        for table_id in await self._call(self.store.unfinished_ids):
            table = await self.table(table_id)
            self._schedule_bots(table)

    async def close(self) -> None:
        tasks = [a.task for a in self._actors.values()] + list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            # Bounded: a task that swallowed its cancel must not keep the server from stopping.
            _, stuck = await asyncio.wait(tasks, timeout=SHUTDOWN_SECONDS)
            if stuck:
                log.warning("%d table tasks still running at shutdown; leaving them", len(stuck))
        self._db.shutdown(wait=True)
        self.writer.close()

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # ------------------------------------------------------------------------- queries

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the database on first use; TableError if unknown."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not _plausible_id(table_id):
            raise TableError("unknown_table", f"no table {table_id[:40]!r}")
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = task
        try:
            return await asyncio.shield(task)
        finally:
            self._loading.pop(table_id, None)

    async def _load(self, table_id: str) -> Table:
        stored = await self._call(self.store.load, table_id)
        if stored is None:
            raise TableError("unknown_table", f"no table {table_id!r}")
        if table_id in self._tables:
            return self._tables[table_id]
        table = _rebuild(stored)
        self._adopt(table, [s.token_hash for s in stored.seats])
        return table

    def _adopt(self, table: Table, hashes: list[str | None]) -> None:
        self._tables[table.id] = table
        self._hashes[table.id] = hashes
        self._actors[table.id] = _Actor(self, table)

    async def list_tables(self, status: str | None = None) -> list[Table]:
        ids = await self._call(self.store.table_ids, status)
        tables = []
        for table_id in ids:
            with contextlib.suppress(TableError):
                tables.append(await self.table(table_id))
        return tables

    def seat_for(self, table: Table, token: str | None) -> Seat | None:
        """The seat a token opens (None for no token); TableError for a wrong one."""
        if token is None or token == "":
            return None
        for seat, digest in enumerate(self._hashes.get(table.id, [])):
            if token_matches(token, digest):
                return seat
        raise TableError("bad_token", "this seat token does not belong to this table")

    def connected(self, table_id: str) -> dict[Seat, int]:
        counts: dict[Seat, int] = {}
        for listener in self._listeners.get(table_id, set()):
            seat = getattr(listener, "seat", None)
            if seat is not None:
                counts[seat] = counts.get(seat, 0) + 1
        return counts

    # ------------------------------------------------------------------------- listeners

    def subscribe(self, table_id: str, listener: Listener) -> None:
        self._listeners.setdefault(table_id, set()).add(listener)

    def unsubscribe(self, table_id: str, listener: Listener) -> None:
        self._listeners.get(table_id, set()).discard(listener)

    def _tell(self, table: Table, events: Sequence[Event]) -> None:
        for listener in list(self._listeners.get(table.id, ())):
            try:
                listener(table, events)
            except Exception:
                log.exception("table %s: a listener failed", table.id)

    # ------------------------------------------------------------------------- commands

    async def create(self, request: TableRequest) -> tuple[Table, list[tuple[Seat, str]]]:
        """A new table and the seat tokens of its human seats (shown once, never stored)."""
        game, players, options = _check_request(request)
        seed = request.seed if request.seed is not None else new_seed()
        tokens = [new_token() if s.kind == SeatKind.HUMAN else None for s in request.seats]
        specs = [
            SeatSpec(s.kind, s.level, hash_token(t) if t else None)
            for s, t in zip(request.seats, tokens, strict=True)
        ]
        table = await self._create(game.name, players, options, seed, specs, {})
        return table, [(s, t) for s, t in enumerate(tokens) if t is not None]

    async def _create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        specs: Sequence[SeatSpec],
        names: Mapping[Seat, str],
    ) -> Table:
        table_id = new_table_id()
        stored = Stored(table_id, game_name, players, options, seed, now(), list(specs), [])
        table = _rebuild(stored)
        drafts = [Draft(EventKind.CREATED, None, {"game": game_name, "players": players})]
        drafts[0].data["options"] = options
        drafts += [Draft(EventKind.JOINED, s, {"name": n}) for s, n in sorted(names.items())]
        if all(not s.human for s in table.seats) or all(
            s in names for s, info in enumerate(table.seats) if info.human
        ):
            drafts.append(Draft(EventKind.STARTED))
        events = [d.numbered(i + 1) for i, d in enumerate(drafts)]
        for ev in events:
            table.apply(ev)
        row = TableRow(
            id=table_id, game=game_name, players=players, options=_json(options), seed=seed,
            created_at=table.created_at, status=table.status, seq=table.seq,
            record=table.state.to_record(), result=None,
        )  # fmt: skip
        await self.writer.call(lambda: self.store.create(row, specs, events))
        self._adopt(table, [s.token_hash for s in specs])
        self._schedule_bots(table)
        return table

    async def submit(self, table_id: str, seat: Seat | None, cmd: Command) -> int:
        """Apply a command through the table's task; the table's seq afterwards."""
        await self.table(table_id)
        return await self._actors[table_id].submit(seat, cmd)

    async def remote_update(self, table_id: str, seq: int) -> None:
        """Another process stored events up to `seq`: catch up if we hold this table."""
        table = self._tables.get(table_id)
        if table is not None and seq > table.seq:
            await self._actors[table_id].submit(None, None)

    async def _execute(self, table: Table, seat: Seat | None, cmd: Command) -> int:
        if cmd.type == CommandType.ACTION and cmd.seq is not None and cmd.seq != table.seq:
            self._check_fresh(table, seat, cmd.seq)
            cmd = Command(cmd.type, action=cmd.action, seq=table.seq)
        drafts = table.decide(seat, cmd)
        if not drafts:
            return table.seq
        for draft in drafts:
            if draft.kind == EventKind.REMATCH:
                draft.data["table_id"] = await self._rematch(table)
        events = [d.numbered(table.seq + i + 1) for i, d in enumerate(drafts)]
        final = next((d.state for d in reversed(drafts) if d.state is not None), None)
        status = table.status
        result = None
        for d in drafts:
            if d.kind == EventKind.STARTED:
                status = TableStatus.PLAYING
            elif d.kind == EventKind.FINISHED:
                status, result = TableStatus.FINISHED, d.data["result"]
        # States are immutable: the writer thread turns the new one into the record.
        record = final.to_record if final is not None else None
        if not await self.writer.append(Append(table.id, events, status, record, result)):
            await self._sync(table)
            raise TableError("stale", "another update was stored first; try again")
        for event, draft in zip(events, drafts, strict=True):
            table.apply(event, draft.state)
        self._tell(table, events)
        if self.notifier is not None:
            self.notifier.publish(table.id, table.seq)
        self._schedule_bots(table)
        return table.seq

    def _check_fresh(self, table: Table, seat: Seat | None, seen: int) -> None:
        """An action based on an older seq stands only if nothing since could matter to it.

        Chat and secret simultaneous actions of other seats (a secret vote) leave it
        valid; a move, or this seat's own earlier action (a duplicate), make it stale.
        """
        if seen > table.seq or seen < 0:
            raise TableError("stale", f"seq {seen} is ahead of the table (at {table.seq})")
        for event in table.events[seen:]:
            harmless = event.kind in _HARMLESS or (
                event.kind == EventKind.ACTION and event.secret and event.seat != seat
            )
            if not harmless:
                raise TableError(
                    "stale",
                    f"the table has moved on (seq {table.seq}, you sent {seen}); "
                    "look at the new position and try again",
                )

    async def _sync(self, table: Table) -> None:
        events = await self._call(self.store.events_after, table.id, table.seq)
        for event in events:
            table.apply(event)
        if events:
            self._tell(table, events)

    async def _rematch(self, old: Table) -> str:
        """Create the rematch table: seats rotate by one; joined humans keep their tokens."""
        hashes = self._hashes[old.id]
        n = old.players
        specs: list[SeatSpec] = [SeatSpec(SeatKind.BOT, None, None)] * n
        names: dict[Seat, str] = {}
        for seat, info in enumerate(old.seats):
            new = (seat + 1) % n
            specs[new] = SeatSpec(info.kind, info.level, hashes[seat])
            if info.human and info.joined and info.name:
                names[new] = info.name
        table = await self._create(old.game.name, n, old.options, new_seed(), specs, names)
        return table.id

    # ------------------------------------------------------------------------- bots

    def _schedule_bots(self, table: Table) -> None:
        for seat, level in table.bots_to_act():
            key = (table.id, seat, table.seq)
            if key in self._thinking:
                continue
            self._thinking.add(key)
            task = asyncio.create_task(self._bot_move(table, seat, level, table.seq))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, table: Table, seat: Seat, level: str, seq: int) -> None:
        try:
            action, why = None, ""
            try:
                seed = derive(table.seed, f"bot:{seat}:{seq}")
                job = BotJob(
                    game_ref(table.game), table.seed, table.players,
                    tuple(sorted(table.options.items())), tuple(table.actions), seat, level,
                    seed, self.bot_seconds,
                )  # fmt: skip
                action, why = await self.bots.choose(job)
            except Exception as exc:  # the game goes on whatever happened to the bot
                why = f"could not think: {type(exc).__name__}: {exc}"
            if action is not None:
                try:
                    await self.submit(
                        table.id, seat, Command(CommandType.ACTION, action=action, seq=seq)
                    )
                    return
                except TableError as exc:
                    if exc.code == "stale" or table.seq != seq:
                        return
                    why = f"{exc.code}: {exc.message}"
            if table.seq != seq or seat not in table.state.to_act():
                return
            log.warning("table %s: %s bot at seat %d %s; playing a fallback", table.id, level,
                        seat, why)  # fmt: skip
            legal = list(table.state.legal_actions(seat))
            fallback = Rng(derive(table.seed, f"fallback:{seat}:{seq}")).choice(legal)
            text = table.state.encode(fallback)
            with contextlib.suppress(TableError):
                await self.submit(table.id, seat, Command(CommandType.ACTION, action=text, seq=seq))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot at seat %d failed", table.id, seat)
        finally:
            self._thinking.discard((table.id, seat, seq))


def _check_request(request: TableRequest) -> tuple[Any, int, dict[str, Any]]:
    try:
        game = get_game(request.game)
    except RegaliaError:
        raise TableError("unknown_game", f"unknown or unavailable game {request.game!r}") from None
    try:
        players = game.check_players(request.players or len(request.seats))
        options = game.read_options(request.options or {})
    except RegaliaError as exc:
        raise TableError("bad_options", str(exc)) from None
    if len(request.seats) != players:
        raise TableError("bad_options", f"{players} players need {players} seats")
    for seat in request.seats:
        if seat.kind not in tuple(SeatKind):
            raise TableError("bad_options", f"a seat is 'human' or 'bot', not {seat.kind!r}")
        if seat.kind == SeatKind.BOT:
            try:
                game.level(seat.level or "")
            except RegaliaError as exc:
                raise TableError("bad_options", str(exc)) from None
    return game, players, options


def _rebuild(stored: Stored) -> Table:
    game = get_game(stored.game)
    seats = [
        SeatInfo(s.kind, s.level, name=f"{s.level} bot" if s.kind == SeatKind.BOT else None,
                 joined=s.kind == SeatKind.BOT)
        for s in stored.seats
    ]  # fmt: skip
    table = Table(
        stored.id, game, stored.players, stored.options, stored.seed, seats, stored.created_at
    )
    for event in stored.events:
        table.apply(event)
    return table


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and table_id.isalnum()


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
