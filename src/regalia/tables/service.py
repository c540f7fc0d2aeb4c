"""The table service: one authoritative task per table, persistence first, then fan-out.

Every command for a table goes through that table's actor, so actions apply strictly in
order. An event is stored before anyone hears of it; listeners (WebSocket connections) and
the optional cross-process notifier are told afterwards. A storage failure reaches callers
as a TableError (`unavailable`), with nothing applied; bots retry until their move is stored
(`botmoves`), and upkeep (`upkeep`) reschedules any bot left waiting, expires tables nobody
joined and unloads tables nobody uses.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from regalia.core.errors import RegaliaError, quoted
from regalia.core.game import Seat
from regalia.core.registry import get_game
from regalia.protocol import CommandType, EventKind, SeatKind, TableStatus
from regalia.tables.accounts import Accounts, Player
from regalia.tables.actor import Actor
from regalia.tables.botmoves import BotMoves
from regalia.tables.bots import BotPool
from regalia.tables.commands import Command
from regalia.tables.errors import TableError, storage_errors
from regalia.tables.events import Draft, Event, now
from regalia.tables.leases import Leases
from regalia.tables.limits import Limits
from regalia.tables.models import TableRow
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.ratings import RatingJob, Ratings
from regalia.tables.store import Append, SeatSpec, Store, Stored
from regalia.tables.table import SeatInfo, Table
from regalia.tables.timers import Timers
from regalia.tables.timing import TimeRules
from regalia.tables.tokens import hash_token, new_seed, new_table_id, new_token, token_matches
from regalia.tables.upkeep import Upkeep
from regalia.tables.writer import Writer

log = logging.getLogger("regalia.tables")
T = TypeVar("T")
# How long shutdown waits for table and bot tasks to finish after cancelling them.
SHUTDOWN_SECONDS = 5.0
# Summaries of tables not in memory, kept for the lobby lists.
SUMMARY_CACHE = 2000
# A process's report of who is connected there holds this long unless it is renewed.
PRESENCE_SECONDS = 45.0
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
    """Tells other server processes that a table has new events, and who is connected to
    it here (Redis pub/sub)."""

    def publish(self, table_id: str, seq: int) -> None: ...

    def publish_presence(self, table_id: str, process: str, seats: dict[Seat, int]) -> None: ...


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
    client: str = ""  # who asks (an address): caps count per client
    clock: Mapping[str, Any] | None = None
    on_timeout: str | None = None
    absence: Mapping[str, Any] | None = None
    rated: bool = False


class TableService:
    def __init__(
        self,
        store: Store,
        bots: BotPool,
        notifier: Notifier | None = None,
        bot_seconds: float = 1.0,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.accounts = Accounts(store)
        self.ratings = Ratings(store.engine)
        self.notifier = notifier
        self.limits = limits or Limits()
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")  # loads and reads
        self.writer = Writer(store)  # appends and creations, batched
        self.tables: dict[str, Table] = {}
        self.actors: dict[str, Actor] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self._hashes: dict[str, list[str | None]] = {}
        self._loading: dict[str, asyncio.Task[Table]] = {}
        self._summaries: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._bot_tables: dict[str, set[str]] = {}  # client: its unfinished tables with bots
        self._creators: dict[str, str] = {}  # those tables: the client that created each
        self._chat = RateLimiter(self.limits.chat_burst, self.limits.chat_per_second)
        self.last_active: dict[str, float] = {}
        # Who is connected at other processes: table: process: (seats, valid until).
        self._remote_presence: dict[str, dict[str, tuple[dict[Seat, int], float]]] = {}
        self.bot_moves = BotMoves(self, bots, bot_seconds)
        self.upkeep = Upkeep(self)
        self.timers = Timers(self)
        # Several processes share the tables only when they tell each other (Redis).
        self.leases = Leases(self, shared=notifier is not None)

    # ------------------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Take the leases of tables no process runs (all of them, when alone), then keep
        them; other tables load when asked for."""
        try:
            await self.leases.start()
        except TableError as exc:  # the store is down: the lease loop tries again
            log.warning("tables not resumed at start: %s", exc.message)
        self.upkeep.start()

    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's clocks, absence timers and bots."""
        return self.leases.owns(table_id)

    def started(self, table: Table) -> None:
        """This process runs `table` now: its bots move and its deadlines are armed."""
        self.bot_moves.schedule(table)
        self.timers.refresh(table)

    def lost(self, table_id: str) -> None:
        """Another process runs the table now."""
        self.timers.cancel(table_id)

    async def close(self) -> None:
        await self.leases.close()
        tasks = [a.task for a in self.actors.values()] + self.bot_moves.tasks()
        tasks += self.upkeep.tasks() + self.leases.tasks() + self.timers.tasks()
        for task in tasks:
            task.cancel()
        if tasks:
            # Bounded: a task that swallowed its cancel must not keep the server from stopping.
            _, stuck = await asyncio.wait(tasks, timeout=SHUTDOWN_SECONDS)
            if stuck:
                log.warning("%d table tasks still running at shutdown; leaving them", len(stuck))
        self._db.shutdown(wait=True)
        self.writer.close()

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking read on the database thread; storage failures are TableErrors."""
        with storage_errors(getattr(fn, "__name__", "read")):
            return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # ------------------------------------------------------------------------- queries

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the database on first use; TableError if unknown."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not _plausible_id(table_id):
            raise TableError("unknown_table", f"no table {quoted(table_id)}")
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> Table:
        stored = await self.read(self.store.load, table_id)
        if stored is None:
            raise TableError("unknown_table", f"no table {quoted(table_id)}")
        if table_id in self.tables:
            return self.tables[table_id]
        table = _rebuild(stored)
        if table.rated and table.status == TableStatus.FINISHED:
            table.rating_changes = await self.read(self.ratings.changes, table_id)
        if table_id in self.tables:  # loaded meanwhile
            return self.tables[table_id]
        self._adopt(table, [s.token_hash for s in stored.seats])
        return table

    def _adopt(self, table: Table, hashes: list[str | None]) -> None:
        self.tables[table.id] = table
        self._hashes[table.id] = hashes
        self.actors[table.id] = Actor(table.id)
        self._summaries.pop(table.id, None)
        now = time.time()
        table.absent_since = {s: now for s, info in enumerate(table.seats) if info.human}
        self.touch(table.id)
        if self.owns(table.id):
            self.started(table)

    def touch(self, table_id: str) -> None:
        self.last_active[table_id] = asyncio.get_running_loop().time()

    def unload(self, table_id: str) -> bool:
        """Forget a table nobody uses (it loads again when asked for); False if in use."""
        table, actor = self.tables.get(table_id), self.actors.get(table_id)
        if table is None or actor is None:
            return False
        if not actor.idle or self.listeners.get(table_id) or self.bot_moves.busy(table_id):
            return False
        actor.close()
        self.timers.cancel(table_id)
        del self.tables[table_id], self.actors[table_id], self._hashes[table_id]
        self.listeners.pop(table_id, None)
        self.last_active.pop(table_id, None)
        self._summaries[table_id] = table.summary({})
        while len(self._summaries) > SUMMARY_CACHE:
            self._summaries.popitem(last=False)
        return True

    async def list_summaries(self, status: str | None = None) -> list[dict[str, Any]]:
        """Lobby rows, newest first; tables not in memory answer from their last summary.

        Without `status`, tables long waiting and long finished are left out."""
        now = datetime.now(UTC)
        waiting = (now - timedelta(seconds=self.limits.lobby_waiting_seconds)).isoformat(
            timespec="milliseconds"
        )
        finished = (now - timedelta(seconds=self.limits.lobby_finished_seconds)).isoformat(
            timespec="milliseconds"
        )
        ids = await self.read(self.store.table_ids, status, 200, waiting, finished)
        out = []
        for table_id in ids:
            summary = self._summaries.get(table_id)
            if summary is None:
                try:
                    table = await self.table(table_id)
                except TableError as exc:
                    if exc.code != "unknown_table":
                        raise
                    continue
                summary = table.summary(self.connected(table_id))
            out.append(summary)
        return out

    def seat_for(self, table: Table, token: str | None) -> Seat | None:
        """The seat a token opens (None for no token); TableError for a wrong one."""
        if token is None or token == "":
            return None
        for seat, digest in enumerate(self._hashes.get(table.id, [])):
            if token_matches(token, digest):
                return seat
        raise TableError("bad_token", "this seat token does not belong to this table")

    def connected(self, table_id: str) -> dict[Seat, int]:
        """Live connections per seat, here and (as last reported) at other processes."""
        counts = self._local_connections(table_id)
        now = time.monotonic()
        for seats, until in self._remote_presence.get(table_id, {}).values():
            if until > now:
                for seat, count in seats.items():
                    counts[seat] = counts.get(seat, 0) + count
        return counts

    def _local_connections(self, table_id: str) -> dict[Seat, int]:
        counts: dict[Seat, int] = {}
        for listener in self.listeners.get(table_id, set()):
            seat = getattr(listener, "seat", None)
            if seat is not None:
                counts[seat] = counts.get(seat, 0) + 1
        return counts

    def remote_presence(self, table_id: str, process: str, seats: dict[Seat, int]) -> None:
        """Another process reports who is connected to the table there."""
        if process == self.leases.me:
            return
        until = time.monotonic() + PRESENCE_SECONDS
        self._remote_presence.setdefault(table_id, {})[process] = (seats, until)
        self._presence_changed(table_id, publish=False)

    def publish_presence(self) -> None:
        """Report again who is connected here (upkeep): a report lapses unless renewed."""
        if self.notifier is None:
            return
        for table_id in list(self.listeners):
            if self.listeners[table_id]:
                seats = self._local_connections(table_id)
                self.notifier.publish_presence(table_id, self.leases.me, seats)

    # ------------------------------------------------------------------------- listeners

    def subscribe(self, table_id: str, listener: Listener) -> None:
        self.listeners.setdefault(table_id, set()).add(listener)
        self.touch(table_id)
        self._presence_changed(table_id)

    def unsubscribe(self, table_id: str, listener: Listener) -> None:
        self.listeners.get(table_id, set()).discard(listener)
        if table_id in self.tables:
            self.touch(table_id)
            self._presence_changed(table_id)

    def _presence_changed(self, table_id: str, publish: bool = True) -> None:
        """Note who is connected now; tell everyone if it changed."""
        if publish and self.notifier is not None:
            seats = self._local_connections(table_id)
            self.notifier.publish_presence(table_id, self.leases.me, seats)
        table = self.tables.get(table_id)
        if table is None:
            return
        here = self.connected(table_id)
        now = time.time()
        before = dict(table.absent_since)
        for seat, info in enumerate(table.seats):
            if not info.human or here.get(seat):
                table.absent_since.pop(seat, None)
            else:
                table.absent_since.setdefault(seat, now)
        if table.absent_since.keys() != before.keys():
            self.tell_presence(table)

    def tell_presence(self, table: Table) -> None:
        """Send everyone watching the table who is connected and which seats bots play."""
        for listener in list(self.listeners.get(table.id, ())):
            note = getattr(listener, "presence", None)
            if note is not None:
                note(table)
        if self.owns(table.id):
            self.timers.refresh(table)

    def tell(self, table: Table, events: Sequence[Event]) -> None:
        """Send every listener the new events and a fresh view."""
        for listener in list(self.listeners.get(table.id, ())):
            try:
                listener(table, events)
            except Exception:
                log.exception("table %s: a listener failed", table.id)

    # ------------------------------------------------------------------------- creation

    async def create(self, request: TableRequest) -> tuple[Table, list[tuple[Seat, str]]]:
        """A new table and the seat tokens of its human seats (shown once, never stored)."""
        game, players, options = _check_request(request)
        rules = TimeRules.read(game, request.clock, request.on_timeout, request.absence)
        has_bots = any(s.kind == SeatKind.BOT for s in request.seats)
        if has_bots:
            await self._check_bot_caps(request.client)
        seed = request.seed if request.seed is not None else new_seed()
        tokens = [new_token() if s.kind == SeatKind.HUMAN else None for s in request.seats]
        specs = [
            SeatSpec(s.kind, s.level, hash_token(t) if t else None)
            for s, t in zip(request.seats, tokens, strict=True)
        ]
        if request.rated:  # each bot level plays as its own rated player
            specs = [
                replace(spec, player_id=(await self.read(self.accounts.bot, spec.level)).id)
                if spec.kind == SeatKind.BOT and spec.level else spec
                for spec in specs
            ]  # fmt: skip
        table = await self._create(
            game.name, players, options, seed, specs, {}, rules, rated=request.rated
        )
        if has_bots and table.status != TableStatus.FINISHED:
            self._bot_tables.setdefault(request.client, set()).add(table.id)
            self._creators[table.id] = request.client
        return table, [(s, t) for s, t in enumerate(tokens) if t is not None]

    async def _check_bot_caps(self, client: str) -> None:
        mine = self._bot_tables.get(client, set())
        cap = self.limits.bot_tables_per_client
        if len(mine) >= cap:
            raise TableError(
                "too_many_tables",
                f"you already have {len(mine)} unfinished tables with bots (at most {cap}); "
                "finish or leave one first",
                retry_after=60,
            )
        total = await self.read(self.store.count_unfinished_with_bots)
        if total >= self.limits.bot_tables:
            raise TableError(
                "busy",
                f"the server is running its most tables with bots ({total}); try again later",
                retry_after=60,
            )

    def _ended(self, table: Table) -> None:
        """A table finished or expired: it no longer counts against its creator's cap."""
        client = self._creators.pop(table.id, None)
        if client is not None:
            self._bot_tables.get(client, set()).discard(table.id)

    async def _create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        specs: Sequence[SeatSpec],
        names: Mapping[Seat, str],
        rules: TimeRules,
        rated: bool = False,
    ) -> Table:
        table_id = new_table_id()
        stored = Stored(table_id, game_name, players, options, seed, now(), list(specs), [])
        table = _rebuild(stored)
        data = {"game": game_name, "players": players, "options": options, **rules.to_json()}
        if rated:
            data["rated"] = True
        drafts = [Draft(EventKind.CREATED, None, data)]
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
            record=table.state.to_record(), result=None, updated_at=table.created_at,
            clock=_json(rules.clock.to_json()) if rules.clock else None,
            owner=self.leases.me, lease_until=self.leases.until(), rated=rated,
        )  # fmt: skip
        with storage_errors("create"):
            await self.writer.call(lambda: self.store.create(row, specs, events))
        self.leases.held.add(table_id)
        self._adopt(table, [s.token_hash for s in specs])
        return table

    # ------------------------------------------------------------------------- commands

    async def submit(self, table_id: str, seat: Seat | None, cmd: Command) -> int:
        """Apply a command through the table's actor; the table's seq afterwards."""
        return int(await self.run(table_id, lambda table: self._execute(table, seat, cmd)))

    async def run(self, table_id: str, job: Callable[[Table], Any]) -> Any:
        """Run `job(table)` on the table's actor, loading the table if it is not in memory."""
        while True:
            table = await self.table(table_id)
            actor = self.actors.get(table_id)
            if actor is not None and not actor.closed and self.tables.get(table_id) is table:
                return await actor.submit(functools.partial(job, table))

    async def remote_update(self, table_id: str, seq: int) -> None:
        """Another process stored events up to `seq`: catch up if we hold this table.

        If the store cannot be read right now, try again (backing off) until caught up: the
        notice will not come twice."""
        self._summaries.pop(table_id, None)
        delay = 0.5
        while True:
            try:
                table = self.tables.get(table_id)
                if table is None and self.owns(table_id):
                    await self.table(table_id)  # ours to run: load it; it loads up to date
                elif table is not None and seq > table.seq:
                    await self.run(table_id, self.sync)
                return
            except TableError as exc:
                if exc.code not in ("unavailable", "storage_error"):
                    raise
            await asyncio.sleep(delay)
            delay = min(2 * delay, 10.0)

    async def _execute(self, table: Table, seat: Seat | None, cmd: Command) -> int:
        cmd = replace(cmd, at=time.time())
        if cmd.type == CommandType.ACTION and cmd.seq is not None and cmd.seq != table.seq:
            self._check_fresh(table, seat, cmd.seq)
            cmd = replace(cmd, seq=table.seq)
        if cmd.type == CommandType.ACTION and seat is not None:
            await self._judge_clock(table, seat, cmd.at)
        if cmd.type == CommandType.CHAT and seat is not None:
            wait = self._chat.take((table.id, seat))
            if wait:
                raise TableError(
                    "rate_limited",
                    f"too many chat lines; wait {wait:.0f} s before the next one",
                    retry_after=wait,
                )
        drafts = table.decide(seat, cmd)
        for draft in drafts:
            if draft.kind == EventKind.REMATCH:
                draft.data["table_id"] = await self._rematch(table)
        return await self.commit(table, drafts)

    async def commit(self, table: Table, drafts: list[Draft]) -> int:
        """Store `drafts` as the table's next events, then apply and announce them.

        Runs on the table's actor. If storing fails nothing is applied (TableError)."""
        if not drafts:
            return table.seq
        events = [d.numbered(table.seq + i + 1) for i, d in enumerate(drafts)]
        final = next((d.state for d in reversed(drafts) if d.state is not None), None)
        status = table.status
        result = None
        for d in drafts:
            if d.kind == EventKind.STARTED:
                status = TableStatus.PLAYING
            elif d.kind == EventKind.FINISHED:
                status, result = TableStatus.FINISHED, d.data["result"]
            elif d.kind == EventKind.EXPIRED:
                status = TableStatus.EXPIRED
        # States are immutable: the writer thread turns the new one into the record.
        record = final.to_record if final is not None else None
        seated = tuple(
            (d.seat, str(d.data["player"]))
            for d in drafts
            if d.kind == EventKind.JOINED and d.seat is not None and d.data.get("player")
        )
        rating = _rating_job(table, result) if table.rated and result is not None else None
        append = Append(table.id, events, status, record, result, rating, seated)
        with storage_errors(f"table {table.id}"):
            stored = await self.writer.append(append)
        if not stored:
            await self.sync(table)
            raise TableError("stale", "another update was stored first; try again")
        for event, draft in zip(events, drafts, strict=True):
            table.apply(event, draft.state)
        if table.status in (TableStatus.FINISHED, TableStatus.EXPIRED):
            self._ended(table)
        if rating is not None:
            table.rating_changes = await self.read(self.ratings.changes, table.id)
        self.touch(table.id)
        self.tell(table, events)
        if self.notifier is not None:
            self.notifier.publish(table.id, table.seq)
        if any(e.kind in (EventKind.TAKEOVER, EventKind.RETURNED) for e in events):
            self.tell_presence(table)
        if self.owns(table.id):
            self.started(table)
        return table.seq

    async def _judge_clock(self, table: Table, seat: Seat, at: float) -> None:
        """The server is the only judge of time: an action after the seat's time ran out
        is refused, and the timeout is stored instead."""
        clocks = table.timing.clocks
        if clocks is None or seat not in clocks.running or clocks.left(seat, at) > 0:
            return
        await self.commit(table, table.timeout_drafts(seat))
        raise TableError("timed_out", "your time ran out before this move arrived")

    def _check_fresh(self, table: Table, seat: Seat | None, seen: int) -> None:
        """An action based on an older seq stands only if nothing since could matter to it.

        Chat and secret simultaneous actions of other seats (a secret vote) leave it
        valid; a move, or this seat's own earlier action (a duplicate), make it stale.
        """
        if seen > table.seq:
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

    async def sync(self, table: Table) -> None:
        """Apply what other processes stored since this process last looked."""
        events = await self.read(self.store.events_after, table.id, table.seq)
        for event in events:
            table.apply(event)
        if events:
            self.tell(table, events)
            if self.owns(table.id):
                self.started(table)

    async def _rematch(self, old: Table) -> str:
        """Create the rematch table: seats rotate by one; joined humans keep their tokens."""
        hashes = self._hashes[old.id]
        n = old.players
        specs: list[SeatSpec] = [SeatSpec(SeatKind.BOT, None, None)] * n
        names: dict[Seat, str] = {}
        for seat, info in enumerate(old.seats):
            new = (seat + 1) % n
            specs[new] = SeatSpec(info.kind, info.level, hashes[seat], info.player)
            if info.human and info.joined and info.name:
                names[new] = info.name
        rules = old.timing.rules
        table = await self._create(
            old.game.name, n, old.options, new_seed(), specs, names, rules, rated=old.rated
        )
        return table.id

    # ------------------------------------------------------------------------- seats

    async def sit(
        self, table_id: str, seat: Seat, name: str, player: Player | None = None
    ) -> tuple[Table, str]:
        """Take open seat `seat`; its token (shown once). TableError `seat_taken` if gone.
        A signed-in player sits under their own name."""

        async def take(table: Table) -> str:
            who = player.name if player is not None else name
            drafts = table.sit_drafts(seat, who, player.id if player is not None else None)
            token = new_token()
            digest = hash_token(token)
            with storage_errors(f"table {table.id}"):
                taken = await self.writer.call(lambda: self.store.take_seat(table.id, seat, digest))
            if not taken:
                raise TableError("seat_taken", "someone took this seat a moment ago")
            self._hashes[table.id][seat] = digest
            await self.commit(table, drafts)
            return token

        token = str(await self.run(table_id, take))
        return await self.table(table_id), token

    async def quick_play(
        self, game_name: str, players: int | None, clock: Mapping[str, Any] | None, name: str,
        client: str, player: Player | None = None,
    ) -> tuple[Table, Seat, str]:  # fmt: skip
        """A seat for `name` at the oldest waiting table of that game, size and clock with
        an open seat; else a new table with this player first and the other seats open."""
        game = _game(game_name)
        try:
            count = game.check_players(players)
        except RegaliaError as exc:
            raise TableError("bad_options", str(exc)) from None
        rules = TimeRules.read(game, clock, None, None)
        key = _json(rules.clock.to_json()) if rules.clock else None
        for table_id in await self.read(self.store.open_seat_tables, game.name, count, key):
            table = await self.table(table_id)
            for seat, info in enumerate(table.seats):
                if info.kind == SeatKind.OPEN and not info.joined:
                    try:
                        _, token = await self.sit(table_id, seat, name, player)
                    except TableError as exc:
                        if exc.code != "seat_taken":
                            raise
                        continue
                    return await self.table(table_id), seat, token
        seats = [SeatRequest(SeatKind.HUMAN)] + [SeatRequest(SeatKind.OPEN)] * (count - 1)
        request = TableRequest(game.name, seats, count, client=client, clock=clock)
        table, tokens = await self.create(request)
        who = player.name if player is not None else name
        joined = Command(CommandType.JOIN, name=who, player=player.id if player else None)
        await self.submit(table.id, 0, joined)
        return table, 0, tokens[0][1]

    async def came_back(self, table_id: str, seat: Seat) -> None:
        """The player of `seat` reconnected: a bot playing it for them stands down."""

        async def hand_back(table: Table) -> int:
            if table.timing.bot_playing.get(seat) is not False:
                return table.seq  # no bot, or one playing for good (a timeout)
            return await self.commit(table, [Draft(EventKind.RETURNED, seat)])

        await self.run(table_id, hand_back)


def _game(name: str) -> Any:
    try:
        return get_game(name)
    except RegaliaError:
        raise TableError("unknown_game", f"unknown game {quoted(name)}") from None


def _check_request(request: TableRequest) -> tuple[Any, int, dict[str, Any]]:
    game = _game(request.game)
    try:
        players = game.check_players(request.players or len(request.seats))
        options = game.read_options(request.options or {})
    except RegaliaError as exc:
        raise TableError("bad_options", str(exc)) from None
    if len(request.seats) != players:
        raise TableError("bad_options", f"{players} players need {players} seats")
    for seat in request.seats:
        if seat.kind not in tuple(SeatKind):
            kinds = ", ".join(SeatKind)
            raise TableError("bad_options", f"a seat is one of {kinds}, not {quoted(seat.kind)}")
        if seat.kind == SeatKind.BOT:
            try:
                game.level(seat.level or "")
            except RegaliaError as exc:
                raise TableError("bad_options", str(exc)) from None
    return game, players, options


def _rating_job(table: Table, result: Mapping[str, Any]) -> RatingJob | None:
    players = tuple(info.player for info in table.seats)
    if any(p is None for p in players):
        return None  # a seat nobody rated sat at (cannot happen at a rated table)
    return RatingJob(
        table.id, table.game.name, tuple(str(p) for p in players),
        tuple(result["outcomes"]), tuple(tuple(sorted(t)) for t in table.game.teams(table.players)),
    )  # fmt: skip


def _rebuild(stored: Stored) -> Table:
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


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
