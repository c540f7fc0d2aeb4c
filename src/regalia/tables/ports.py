"""The narrow ports a Round runs behind: what it needs of storage, ownership, other
processes, bots and time. Real implementations wrap the Store and Writer (`eventlog`),
the database leases (`leases`), Redis (`server/fanout`), the bot workers (`bots`) and the
event loop (`wallclock`); tests hand in an in-memory log and a fake clock.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from regalia.core.game import Seat
from regalia.tables.bots import BotJob, Owner
from regalia.tables.events import Event
from regalia.tables.models import TableRow
from regalia.tables.store import Append, SeatSpec, Stored
from regalia.tables.table import Table

log = logging.getLogger("regalia.tables")


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """The one source of time in the tables layer."""

    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable: ...

    async def sleep(self, delay: float) -> None: ...


class EventLog(Protocol):
    """The tables' history: the only truth, every append a compare-and-set on `seq`."""

    async def create(
        self, row: TableRow, seats: Sequence[SeatSpec], events: Sequence[Event]
    ) -> None: ...

    async def append(self, append: Append) -> bool:
        """True once stored; False if another process stored that seq first."""
        ...

    async def load(self, table_id: str) -> Stored | None: ...

    async def events_after(self, table_id: str, seq: int) -> list[Event]: ...

    async def seat_hashes(self, table_id: str) -> list[str | None]:
        """Each seat's token hash as stored (seats another process gave out included)."""
        ...

    async def rating_changes(self, table_id: str) -> list[dict[str, Any]] | None: ...


class Ownership(Protocol):
    """Which process runs a table's clocks, absence timers and bots."""

    me: str

    def owns(self, table_id: str) -> bool: ...

    def take(self, table_id: str) -> None:
        """This process created the table: it runs it."""
        ...

    def until(self) -> float:
        """When a lease taken or renewed now ends."""
        ...


class Notifier(Protocol):
    """Tells other server processes about the tables this one holds or watches (Redis)."""

    def subscribe(self, table_id: str) -> None: ...

    def unsubscribe(self, table_id: str) -> None: ...

    def publish(self, table_id: str, seq: int) -> None: ...

    def publish_presence(self, table_id: str, process: str, seats: dict[Seat, int]) -> None: ...

    def publish_tokens(self, table_id: str) -> None:
        """Seat tokens of the table changed (revoked, or given anew): read them again."""


class RemoteListener(Protocol):
    """What a Notifier reports to: the map of loaded rounds."""

    def on_remote(self, table_id: str, seq: int) -> None: ...

    def on_remote_presence(self, table_id: str, process: str, seats: dict[Seat, int]) -> None: ...

    def on_remote_tokens(self, table_id: str) -> None: ...

    def catch_up_all(self) -> None: ...

    async def poll(self) -> None:
        """The fan-out is down: catch up from the database what this process cares about."""
        ...


class BotBrain(Protocol):
    """Chooses a bot's move: the text of its action, or None and why not."""

    async def choose(
        self, job: BotJob, owner: Owner = "", cost: float = 0.0
    ) -> tuple[str | None, str]:
        """`owner`: the table's `Usage` (its recent worker time, which the brain charges),
        so tables share the workers fairly."""


class Listener(Protocol):
    """A connection watching a table: messages arrive built for its seat."""

    seat: Seat | None

    def send(self, messages: Sequence[dict[str, Any]]) -> None:
        """The messages of one change, sent together (one frame); the same list object
        goes to every listener of one seat."""

    def close(self) -> None:
        """Stop: the seat's token no longer opens it."""


# Starts a long-lived task under the service's one task group.
Spawn = Callable[[Awaitable[Any], str], "Any"]


class TurnWatcher(Protocol):
    """Hears that a seat's turn began (notifications: "your turn")."""

    def on_turn(self, table: Table, seat: Seat) -> None:
        """It became `seat`'s turn at `table` (a human plays it, not a stand-in bot). Called
        on the table's owning process only, once per turn, on the table's queue right after
        the event that began it is stored: read what you need, spawn any slow work."""


class Turns:
    """The watchers of turns (none by default); a failing watcher never stops a table."""

    def __init__(self) -> None:
        self.watchers: list[TurnWatcher] = []

    def add(self, watcher: TurnWatcher) -> None:
        self.watchers.append(watcher)

    def on_turn(self, table: Table, seat: Seat) -> None:
        for watcher in self.watchers:
            try:
                watcher.on_turn(table, seat)
            except Exception:
                log.exception("table %s: a turn watcher failed", table.id)
