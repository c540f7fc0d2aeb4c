"""One table in progress: the pure Table and everything live around it, behind small ports.

A Round owns its table's job queue (every change runs there, strictly in order), its seat
token hashes, its listeners and who is connected (here and, as last reported, at other
processes), its deadline timer and its bot tasks. An event is stored before anyone hears
of it; status and result come from the table's own reducer. Nothing outside a Round keeps
state of one table, and nothing here reaches for a clock, a database or a socket except
through its ports.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from regalia.core.game import Seat
from regalia.metrics import MOVE_LATENCY
from regalia.protocol import CommandType, ErrorCode, EventKind, MessageType, SeatKind, TableStatus
from regalia.tables import botplay
from regalia.tables.actor import Actor
from regalia.tables.bots import Usage
from regalia.tables.commands import Command
from regalia.tables.decide import decide
from regalia.tables.errors import LAST_RETRY_SECONDS, TableError
from regalia.tables.events import Draft, Event
from regalia.tables.limits import Limits
from regalia.tables.policies import absence, finish, timeouts
from regalia.tables.ports import (
    BotBrain,
    Cancellable,
    Clock,
    EventLog,
    Listener,
    Notifier,
    Ownership,
    Spawn,
    Turns,
)
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.ratings import RatingJob
from regalia.tables.store import Append
from regalia.tables.table import Table
from regalia.tables.tokens import new_seed, new_table_id, token_matches

log = logging.getLogger("regalia.tables")
T = TypeVar("T")
# A process's report of who is connected there holds this long unless it is renewed.
PRESENCE_SECONDS = 45.0
# A timer fires a little after its deadline, so the check at that moment finds it due.
SLACK = 0.01
RETRY_SECONDS = 1.0
# A join or sit that lost its seq to another process decides again at most this often.
SETTLE_TRIES = 8
# Open seats an append takes: (seat, token hash).
Taken = tuple[tuple[Seat, str], ...]
# The tables row's record text is brought up to date at least this often (in events).
RECORD_EVERY = 32
# Events that may come between the seq a client saw and its action without making it stale.
_HARMLESS = {
    EventKind.CHAT,
    EventKind.JOINED,
    EventKind.DRAW_OFFERED,
    EventKind.DRAW_ACCEPTED,
    EventKind.DRAW_DECLINED,
    EventKind.REMATCH_OFFERED,
    EventKind.TAKEBACK_OFFERED,  # a request (its answers too) leaves the position as it was
    EventKind.TAKEBACK_ACCEPTED,
    EventKind.TAKEBACK_DECLINED,
    EventKind.RESUMED,  # a new owner's note that its clocks paused: the position is the same
    EventKind.CONDITIONAL,  # another seat's queued replies: the position is the same
    EventKind.VACATION,  # a seat's clock stands still for a while
}


@dataclass(frozen=True, slots=True)
class Ports:
    log: EventLog
    ownership: Ownership
    notifier: Notifier | None
    brain: BotBrain
    clock: Clock
    spawn: Spawn
    limits: Limits
    bot_seconds: float = 1.0
    turns: Turns = field(default_factory=Turns)  # who hears "it became seat S's turn"


# Creates the table a stored `rematch` event names (idempotent: it may run again).
Rematcher = Callable[["Round"], Awaitable[None]]


class Round:
    def __init__(
        self, table: Table, hashes: list[str | None], ports: Ports, rematcher: Rematcher
    ) -> None:
        self.table = table
        self.id = table.id
        self.hashes = hashes
        self.ports = ports
        self._rematcher = rematcher
        self.clock = ports.clock
        self.actor = Actor(table.id, ports.spawn)
        self.listeners: set[Listener] = set()
        # Who is connected at other processes: process: (seats, valid until).
        self.remote: dict[str, tuple[dict[Seat, int], float]] = {}
        now = self.clock.now()
        # Since when each human seat has had no live connection (absent: connected).
        self.absent: dict[Seat, float] = {
            s: now for s, info in enumerate(table.seats) if info.human
        }
        self.last_active = now
        self._timer: Cancellable | None = None
        self._timer_at = 0.0  # when the armed timer fires (clock time)
        self._bots: dict[tuple[Seat, int], asyncio.Task[Any]] = {}
        self.bot_usage = Usage()  # the bot workers' time this table used lately
        self._syncing: asyncio.Task[Any] | None = None
        self._wanted = 0  # the highest seq other processes said they stored
        limits = ports.limits
        self._chat = RateLimiter(
            limits.chat_burst, limits.chat_per_second, self.clock.now, what="chat"
        )
        self._turns = self._human_turns()  # told already (a load tells no one again)

    # ------------------------------------------------------------------------- lifecycle

    @property
    def closed(self) -> bool:
        return self.actor.closed

    @property
    def owned(self) -> bool:
        return self.ports.ownership.owns(self.id)

    def idle(self) -> bool:
        """Nothing running, waiting, watching or due: the table may leave memory."""
        if not self.actor.idle or self.listeners or self._bots:
            return False
        playing = self.table.status == TableStatus.PLAYING
        return not (playing and (self.table.bots_to_act() or self._timer is not None))

    def close(self) -> None:
        """Stop; only called while idle, so no job is lost."""
        self.actor.close()
        self._cancel_timer()

    def touch(self) -> None:
        self.last_active = self.clock.now()

    def started(self) -> None:
        """This process runs the table: its bots move and its next deadline is armed."""
        if not self.owned:
            return
        self._schedule_bots()
        self._refresh_timer()

    def lost(self) -> None:
        """Another process runs the table now."""
        self._cancel_timer()

    async def gained(self, stopped: float | None) -> None:
        """This process took the table over: catch up, note the pause of its clocks (the
        time no process ran it is not charged), then run it."""

        async def resume(table: Table) -> None:
            await self._sync()
            if table.status == TableStatus.PLAYING and table.timing.clocks is not None:
                paused = stopped if stopped is not None else table.timing.last_at
                since = max(paused, table.timing.last_at)
                await self.commit([Draft(EventKind.RESUMED, None, {"paused_from": since})])
            self.started()

        await self.run(resume)

    # ------------------------------------------------------------------------- jobs

    async def run(self, job: Callable[[Table], Awaitable[T]]) -> T:
        """Run `job(table)` on the table's queue."""
        result: T = await self.actor.submit(functools.partial(job, self.table))
        return result

    async def store(self, decide_drafts: Callable[[Table], list[Draft]]) -> int:
        """A job: decide drafts from the table as it is then, and store them."""
        return await self.run(lambda table: self.commit(decide_drafts(table)))

    async def submit(self, seat: Seat | None, cmd: Command) -> int:
        """Apply a command; the table's seq afterwards."""
        return await self.run(lambda _: self._execute(seat, cmd))

    async def _execute(self, seat: Seat | None, cmd: Command) -> int:
        received = time.perf_counter()
        table = self.table
        cmd = replace(cmd, at=self.clock.now())
        if cmd.type == CommandType.ACTION and cmd.seq is not None and cmd.seq != table.seq:
            self._check_fresh(seat, cmd.seq)
            cmd = replace(cmd, seq=table.seq)
        acting = cmd.type == CommandType.ACTION and seat is not None
        if acting and timeouts.out_of_time(table, seat, cmd.at):  # type: ignore[arg-type]
            await self.commit(timeouts.timeout_drafts(table, seat))  # type: ignore[arg-type]
            raise TableError(ErrorCode.TIMED_OUT, "your time ran out before this move arrived")
        if cmd.type == CommandType.CHAT and seat is not None:
            wait = self._chat.take(seat)
            if wait:
                raise TableError(
                    ErrorCode.RATE_LIMITED,
                    f"too many chat lines; wait {wait:.0f} s before the next one",
                    retry_after=wait,
                )
        rematch_to = (new_table_id(), new_seed()) if cmd.type == CommandType.REMATCH else None
        if cmd.type == CommandType.JOIN:  # stands on the table as it is: decided again if lost
            seq = await self.settle(lambda now: decide(now, seat, cmd, self.absent, None))
        else:
            seq = await self.commit(decide(table, seat, cmd, self.absent, rematch_to))
        if cmd.type == CommandType.ACTION:
            MOVE_LATENCY.observe(time.perf_counter() - received)
        return seq

    def _check_fresh(self, seat: Seat | None, seen: int) -> None:
        """An action based on an older seq stands only if nothing since could matter to it.

        Chat and secret simultaneous actions of other seats (a secret vote) leave it
        valid; a move, or this seat's own earlier action (a duplicate), make it stale.
        """
        table = self.table
        if seen > table.seq:
            raise TableError(ErrorCode.STALE, f"seq {seen} is ahead of the table (at {table.seq})")
        for event in table.events[seen:]:
            harmless = event.kind in _HARMLESS or (
                event.kind == EventKind.ACTION and event.secret and event.seat != seat
            )
            if not harmless:
                raise TableError(
                    ErrorCode.STALE,
                    f"the table has moved on (seq {table.seq}, you sent {seen}); "
                    "look at the new position and try again",
                )

    async def commit(self, drafts: list[Draft]) -> int:
        """Store `drafts` as the table's next events, then apply and announce them.

        Runs on the table's queue. If storing fails nothing is applied (TableError)."""
        seq = await self._commit(drafts)
        if seq is None:
            raise TableError(ErrorCode.STALE, "another update was stored first; try again")
        return seq

    async def settle(self, decide_drafts: Callable[[Table], list[Draft]], taken: Taken = ()) -> int:
        """On the queue: decide drafts from the table, store them (taking the open seats
        `taken`, seat and token hash, in the same transaction) and apply them. A decision
        that stands on the table as it is, not on what a client saw (a join, a sit): when
        another process stored first, catch up and decide again, up to SETTLE_TRIES times."""
        for _ in range(SETTLE_TRIES):
            seq = await self._commit(decide_drafts(self.table), taken)
            if seq is not None:
                return seq
        message = "the table is too busy to take this now; try again"
        raise TableError(ErrorCode.UNAVAILABLE, message, retry_after=1)

    async def _commit(self, drafts: list[Draft], taken: Taken = ()) -> int | None:
        """`commit`'s work; None (caught up, nothing applied) if another process stored first."""
        table = self.table
        if not drafts:
            return table.seq
        at = self.clock.now()
        events = [d.numbered(table.seq + i + 1, at) for i, d in enumerate(drafts)]
        status, result = table.preview(drafts)
        final = next((d.state for d in reversed(drafts) if d.state is not None), None)
        # The row's record is a summary nobody reads in play (the events are the table):
        # rewritten when the status changes and every RECORD_EVERY events, not every move.
        # States are immutable: the writer thread turns this one into the text.
        last = table.seq + len(drafts)
        due = status != table.status or last // RECORD_EVERY > table.seq // RECORD_EVERY
        record = (final or table.state).to_record if due else None
        seated = tuple(
            (d.seat, str(d.data["player"]), d.source)
            for d in drafts
            if d.kind == EventKind.JOINED and d.seat is not None and d.data.get("player")
        )
        rating = None
        if table.rated and result is not None:
            rating = _rating_job(table, result, drafts, self.ports.limits)
        append = Append(table.id, events, status, record, result, rating, seated, taken)
        if not await self.ports.log.append(append):
            await self._sync()
            return None
        for event, draft in zip(events, drafts, strict=True):
            table.apply(event, draft.state)
        if rating is not None:
            table.rating_changes = await self.ports.log.rating_changes(table.id)
        if any(e.kind == EventKind.REMATCH for e in events):
            await self._make_rematch()
        self._applied(events, publish=True)
        return table.seq

    async def _make_rematch(self) -> None:
        """The stored `rematch` event's table, made before anyone hears its name (a client
        may open it at once); if it cannot be made now, a follow-up job tries again."""
        try:
            await self._rematcher(self)
        except Exception as exc:
            log.warning("table %s: its rematch is not made yet (%s); trying again", self.id,
                        exc)  # fmt: skip
            self.ports.spawn(self._rematcher(self), f"rematch-{self.id}")

    def _applied(self, events: Sequence[Event], publish: bool) -> None:
        """New events are applied: tell everyone (other processes too, if they were stored
        here: `publish`), and run what comes next."""
        self.touch()
        self.tell(events)
        self._tell_turns()
        if publish:
            if self.ports.notifier is not None:
                self.ports.notifier.publish(self.id, self.table.seq)
            if any(e.kind in (EventKind.TAKEOVER, EventKind.RETURNED) for e in events):
                self.tell_presence()
        self.started()

    def _human_turns(self) -> set[tuple[Seat, float]]:
        """Each seat a human plays that is to act now, with when its turn began."""
        table = self.table
        since = table.timing.turn_since
        return {(s, since.get(s, 0.0)) for s in table.to_act() if table.human_plays(s)}

    def created(self) -> None:
        """A table made just now (a rematch may start at once): its first turn is news."""
        self._turns = set()
        self._tell_turns()

    def _tell_turns(self) -> None:
        """The owner tells the turn watchers of every turn that began (`ports.turns`)."""
        turns = self._human_turns()
        began, self._turns = turns - self._turns, turns
        if began and self.owned:
            for seat, _ in sorted(began):
                self.ports.turns.on_turn(self.table, seat)

    async def _sync(self) -> None:
        """Apply what other processes stored since this process last looked (on the queue)."""
        events = await self.ports.log.events_after(self.id, self.table.seq)
        if any(e.kind == EventKind.JOINED and e.data.get("sat") for e in events):
            self.hashes = await self.ports.log.seat_hashes(self.id)  # a seat taken elsewhere
        for event in events:
            self.table.apply(event)
        if events:
            self._applied(events, publish=False)

    def on_remote(self, seq: int) -> None:
        """Another process stored events up to `seq`: catch up, retrying while the store
        cannot be read (the notice will not come twice)."""
        self._wanted = max(self._wanted, seq)
        if seq <= self.table.seq or (self._syncing is not None and not self._syncing.done()):
            return  # a catch-up under way reads again if this seq is still ahead of it
        self._syncing = self.ports.spawn(self._catch_up(), f"sync-{self.id}")

    async def _catch_up(self) -> None:
        delay = 0.5
        while not self.closed and self.table.seq < self._wanted:
            before = self.table.seq
            try:
                await self.run(lambda _: self._sync())
                if self.table.seq == before:
                    return  # nothing more to read: the notice was ahead of the store
                continue
            except TableError as exc:
                if exc.code not in (ErrorCode.UNAVAILABLE, ErrorCode.STORAGE_ERROR):
                    raise
            await self.clock.sleep(delay)
            delay = min(2 * delay, LAST_RETRY_SECONDS)

    # ------------------------------------------------------------------------- bots

    def _schedule_bots(self) -> None:
        """Start a task for every seat a bot must play now that has none (idempotent)."""
        table = self.table
        for seat, level in table.bots_to_act():
            key = (seat, table.seq)
            if key in self._bots:
                continue
            play = botplay.play(
                lambda: self.table, seat, level, table.seq, self.ports.brain,
                self.ports.bot_seconds, self.submit, self.clock, self.bot_usage,
            )  # fmt: skip
            task = self.ports.spawn(play, f"bot-{self.id}-{seat}")
            self._bots[key] = task
            task.add_done_callback(lambda _, key=key: self._bots.pop(key, None))

    # ------------------------------------------------------------------------- deadlines

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _refresh_timer(self) -> None:
        """Arm the table's timer for its next deadline (or none).

        A timer already armed no later than the deadline stays: if it comes early, the check
        then finds nothing due and arms the next one. Most moves push the deadline later
        (a clock with an increment, a new turn), so most moves leave the timer alone."""
        if self.table.status != TableStatus.PLAYING or not self.owned:
            self._cancel_timer()
            return
        now = self.clock.now()
        due = timeouts.next_deadline(self.table, self.absent, now)
        if due is None:
            self._cancel_timer()
            return
        fire_at = max(now, due) + SLACK
        if self._timer is not None and self._timer_at <= fire_at:
            return
        self._cancel_timer()
        self._timer = self.clock.call_later(fire_at - now, self._fire)
        self._timer_at = fire_at

    def _fire(self) -> None:
        self._timer = None
        self.ports.spawn(self._due(), f"deadline-{self.id}")

    async def _due(self) -> None:
        try:
            await self.run(self._act_on_deadline)
        except TableError as exc:  # the store is busy: try again shortly
            log.warning("table %s: a deadline could not be stored (%s); retrying", self.id,
                        exc.code)  # fmt: skip
            await self.clock.sleep(RETRY_SECONDS)
            if not self.closed:
                self._refresh_timer()

    async def _act_on_deadline(self, table: Table) -> None:
        """On the queue: store whatever is due now, then re-arm."""
        now = self.clock.now()
        drafts = timeouts.due_drafts(table, self.absent, now)
        if drafts:
            await self.commit(drafts)  # re-arms through the commit
            return
        if any(due <= now for _, due in absence.absent_to_act(table, self.absent)):
            self.tell([])  # a fresh view: opponents may claim the win now
        self._refresh_timer()

    # ------------------------------------------------------------------------- seats

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat a token opens (None for no token); TableError for a wrong one."""
        if token is None or token == "":
            return None
        for seat, digest in enumerate(self.hashes):
            if token_matches(token, digest):
                return seat
        raise TableError(ErrorCode.BAD_TOKEN, "this seat token does not belong to this table")

    async def seat_of(self, token: str | None) -> Seat | None:
        """As `seat_for`; but a token not known here, at a table that has a seat this process
        still takes for open, is looked for again after catching up: another process may
        have seated its holder a moment ago."""
        try:
            return self.seat_for(token)
        except TableError:
            if not any(s.kind == SeatKind.OPEN for s in self.table.seats):
                raise
        await self.run(lambda _: self._sync())
        return self.seat_for(token)

    def revoke(self, seat: Seat) -> None:
        """The seat's token was revoked (its player signed out everywhere or changed their
        password): it opens nothing here any more, and the seat's connections close."""
        self.hashes[seat] = None
        self._close_seat(seat)
        if self.ports.notifier is not None:
            self.ports.notifier.publish_tokens(self.id)

    def rekeyed(self, seat: Seat, digest: str) -> None:
        """The seat's player took it again with a new token (the old one opens nothing)."""
        self.hashes[seat] = digest
        if self.ports.notifier is not None:
            self.ports.notifier.publish_tokens(self.id)

    async def reread_tokens(self) -> None:
        """Another process changed seat tokens: read them again; the connections of a seat
        whose token was replaced or revoked close."""

        async def reread(_: Table) -> None:
            hashes = await self.ports.log.seat_hashes(self.id)
            changed = [s for s, (old, new) in enumerate(zip(self.hashes, hashes, strict=False))
                       if old is not None and old != new]  # fmt: skip
            self.hashes = hashes
            for seat in changed:
                self._close_seat(seat)

        await self.run(reread)

    def _close_seat(self, seat: Seat) -> None:
        for listener in [c for c in self.listeners if c.seat == seat]:
            listener.close()

    # ------------------------------------------------------------------------- presence

    def connected(self) -> dict[Seat, int]:
        """Live connections per seat, here and (as last reported) at other processes."""
        counts = self.local_connections()
        now = self.clock.now()
        for process, (seats, until) in list(self.remote.items()):
            if until <= now:
                del self.remote[process]  # a report nobody renewed
                continue
            for seat, count in seats.items():
                counts[seat] = counts.get(seat, 0) + count
        return counts

    def local_connections(self) -> dict[Seat, int]:
        counts: dict[Seat, int] = {}
        for listener in self.listeners:
            if listener.seat is not None:
                counts[listener.seat] = counts.get(listener.seat, 0) + 1
        return counts

    def subscribe(self, listener: Listener) -> None:
        self.listeners.add(listener)
        self.touch()
        self._presence_changed()

    def unsubscribe(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self.touch()
        self._presence_changed()

    def on_remote_presence(self, process: str, seats: dict[Seat, int]) -> None:
        """Another process reports who is connected to the table there."""
        self.remote[process] = (seats, self.clock.now() + PRESENCE_SECONDS)
        self._presence_changed(publish=False)

    def hold_remote_presence(self) -> None:
        """The fan-out is down, so no report can be renewed: the last ones stand meanwhile
        (a player connected elsewhere is not taken for absent because Redis is)."""
        until = self.clock.now() + PRESENCE_SECONDS
        self.remote = {process: (seats, until) for process, (seats, _) in self.remote.items()}

    def publish_presence(self) -> None:
        """Report again who is connected here: a report lapses unless renewed."""
        if self.ports.notifier is not None and self.listeners:
            me = self.ports.ownership.me
            self.ports.notifier.publish_presence(self.id, me, self.local_connections())

    def _presence_changed(self, publish: bool = True) -> None:
        """Note who is connected now; tell everyone if it changed."""
        if publish and self.ports.notifier is not None:
            me = self.ports.ownership.me
            self.ports.notifier.publish_presence(self.id, me, self.local_connections())
        here = self.connected()
        now = self.clock.now()
        before = set(self.absent)
        for seat, info in enumerate(self.table.seats):
            if not info.human or here.get(seat):
                self.absent.pop(seat, None)
            else:
                self.absent.setdefault(seat, now)
        if set(self.absent) != before:
            self.tell_presence()

    def tell_presence(self) -> None:
        """Send everyone watching who is connected and which seats bots play."""
        message = [{"type": MessageType.PRESENCE, "presence": self.presence()}]
        for listener in list(self.listeners):
            listener.send(message)
        if self.owned:
            self._refresh_timer()

    def presence(self) -> list[dict[str, bool]]:
        return absence.presence(self.table, self.absent)

    # ------------------------------------------------------------------------- messages

    def view(self, viewer: Seat | None) -> dict[str, Any]:
        """The `view` message for one seat (None: spectators), with clocks as of now."""
        now = self.clock.now()
        table = self.table
        claimable = viewer is not None and absence.claimable_by(table, self.absent, viewer, now)
        return table.view_core(viewer) | {
            "clocks": table.timing.clock_json(now),
            "presence": self.presence(),
            "claimable": claimable,
            "ratings": table.rating_changes,
        }

    def summary(self) -> dict[str, Any]:
        return self.table.summary(self.clock.now(), self.connected())

    def tell(self, events: Sequence[Event]) -> None:
        """Send every listener the new events and a fresh view, built once per seat."""
        built: dict[Seat | None, list[dict[str, Any]]] = {}
        for listener in list(self.listeners):
            messages = built.get(listener.seat)
            if messages is None:
                seen = [e for e in events if e.shown_to(listener.seat)]
                messages = built[listener.seat] = [] if events and not seen else [
                    *({"type": MessageType.EVENT, "event": e.visible_to(listener.seat)}
                      for e in seen),
                    self.view(listener.seat),
                ]  # fmt: skip
            if not messages:
                continue  # nothing this seat may hear of (another seat's conditional moves)
            try:
                listener.send(messages)
            except Exception:
                log.exception("table %s: a listener failed", self.id)

    def welcome(self, seat: Seat | None, last_seq: int, chat_lines: int) -> list[dict[str, Any]]:
        """What a (re)connecting client is sent first: the table, what it missed, a view."""
        table = self.table
        role = "spectator" if seat is None else "player"
        events = table.events_after(last_seq, seat, chat_lines)
        shown = [e for e in table.events[max(0, last_seq) :] if e.shown_to(seat)]
        older = len(events) < len(shown)
        return [
            {"type": MessageType.WELCOME, "table": self.summary(), "seat": seat,
             "role": role, "seq": table.seq, "older_chat": older},
            *({"type": MessageType.EVENT, "event": event} for event in events),
            self.view(seat),
        ]  # fmt: skip


def _rating_job(
    table: Table, result: dict[str, Any], drafts: Sequence[Draft], limits: Limits
) -> RatingJob | None:
    players = tuple(info.player for info in table.seats)
    if any(p is None for p in players):
        return None  # a seat nobody rated sat at (cannot happen at a rated table)
    return RatingJob(
        table.id, table.game.name, tuple(str(p) for p in players),
        tuple(result["outcomes"]), tuple(tuple(sorted(t)) for t in table.game.teams(table.players)),
        finish.forfeits(table, drafts), limits.same_source_weight,
    )  # fmt: skip
