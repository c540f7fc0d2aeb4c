"""Persistence through SQLAlchemy: SQLite by default, PostgreSQL by URL.

All calls are blocking; the service runs them on one dedicated thread. Appends are
compare-and-set on `(table_id, seq)`, so two server processes can never both store seq N.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Select, bindparam, create_engine, event, func, insert, select, update
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from regalia import jsontext
from regalia.protocol import SeatKind, TableStatus
from regalia.tables.events import Event, iso_time
from regalia.tables.migrate import migrate
from regalia.tables.models import EventRow, SeatRow, TableRow
from regalia.tables.ratings import RatingJob, rate_in, source_of


@dataclass(frozen=True, slots=True)
class Append:
    """New events of one table and its summary after them (`record`/`result`: if changed)."""

    table_id: str
    events: Sequence[Event]
    status: str
    record: Callable[[], str] | None  # called on the writer thread, off the event loop
    result: dict[str, Any] | None
    rating: RatingJob | None = None  # rated in the same transaction as the finish
    # (seat, player, the address it sat down from) now sitting there
    seated: tuple[tuple[int, str, str | None], ...] = ()
    # (seat, token hash): open seats taken in the same transaction; lost if one is gone.
    taken: tuple[tuple[int, str], ...] = ()


class SeatGone(Exception):
    """An open seat an append takes was taken first: the append is lost like a lost seq."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    level: str | None
    token_hash: str | None
    player_id: str | None = None
    source: str | None = None  # where that player sat down from (`ratings.source_of`)


@dataclass(frozen=True, slots=True)
class Stored:
    """A table as stored: its static facts, seats and every event."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    created_at: str
    seats: list[SeatSpec]
    events: list[Event]


SQLITE_FILE = "regalia.sqlite3"  # the default database, in the data directory


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / SQLITE_FILE}"


def _event(row: EventRow) -> Event:
    return Event(row.seq, row.kind, row.seat, row.at, jsontext.loads(row.data), row.is_secret)


def _data_text(data: Any) -> str:
    """An event's data as the compact JSON text stored (a move's hot path)."""
    return jsontext.dumps(data)


_INSERT_EVENT = insert(EventRow)
_UPDATE_SEQ = (
    update(TableRow)
    .where(TableRow.id == bindparam("tid"))
    .values(status=bindparam("st"), seq=bindparam("sq"), updated_at=bindparam("up"))
)
_UPDATE_RECORD = _UPDATE_SEQ.values(record=bindparam("rec"))


# The same two statements as SQLite's driver takes them: positional, in this order.
def _for_sqlite(statement: Any, order: list[str]) -> str:
    compiled = statement.compile(dialect=sqlite.dialect())
    assert compiled.positiontup == order, compiled.positiontup
    return str(compiled)


_INSERT_EVENT_SQL = _for_sqlite(
    _INSERT_EVENT, ["table_id", "seq", "kind", "seat", "at", "data", "is_secret"]
)
_UPDATE_SEQ_SQL = _for_sqlite(_UPDATE_SEQ, ["st", "sq", "up", "tid"])


def _event_row(table_id: str, ev: Event) -> EventRow:
    data = _data_text(dict(ev.data))
    return EventRow(
        table_id=table_id, seq=ev.seq, kind=ev.kind, seat=ev.seat, at=ev.at, data=data,
        is_secret=ev.secret,
    )  # fmt: skip


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        # Pre-ping: a PostgreSQL restart leaves dead pooled connections; each is tested and
        # replaced on checkout instead of failing the next request.
        self.engine: Engine = create_engine(url, pool_pre_ping=not url.startswith("sqlite"))
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._sqlite = self.engine.dialect.name == "sqlite"
        self._held: Connection | None = None  # SQLite: the appends' own connection
        self._appending = threading.Lock()  # the writer's thread appends; tests may too

    def close(self) -> None:
        self._drop_appender()
        self.engine.dispose()

    def create(
        self,
        table: TableRow,
        seats: Sequence[SeatSpec],
        events: Sequence[Event],
    ) -> None:
        with self._sessions.begin() as session:
            session.add(table)
            session.flush()
            for number, spec in enumerate(seats):
                session.add(
                    SeatRow(
                        table_id=table.id, seat=number, kind=spec.kind, level=spec.level,
                        token_hash=spec.token_hash, player_id=spec.player_id, source=spec.source,
                    )
                )  # fmt: skip
            session.add_all(_event_row(table.id, ev) for ev in events)

    def append(self, batch: Sequence[Append]) -> list[bool]:
        """Store several tables' appends; per append, False if another writer won its seq.

        One transaction for the whole batch (group commit); if any append conflicts the
        batch is retried one append per transaction, so only the loser fails.
        """
        with self._appending:
            try:
                if self._sqlite:
                    conn = self._appender()
                    with conn.begin():
                        self._write(conn, batch)
                else:
                    with self.engine.begin() as conn:
                        self._write(conn, batch)
                return [True] * len(batch)
            except (IntegrityError, SeatGone):
                if len(batch) == 1:
                    return [False]
            except Exception:
                self._drop_appender()  # a full disk, a lost file: start afresh next time
                raise
        return [self.append([item])[0] for item in batch]

    def _appender(self) -> Connection:
        """SQLite: the connection appends keep (checking one out of the pool and resetting
        it on return cost more than the move's own insert)."""
        if self._held is None:
            self._held = self.engine.connect()
        return self._held

    def _drop_appender(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            with contextlib.suppress(Exception):
                held.invalidate()
                held.close()

    def _write(self, conn: Connection, batch: Sequence[Append]) -> None:
        # An append is the hot path of every move: its event rows and the tables' new seq
        # go as executemany, on SQLite straight to the driver (SQLAlchemy's per-row
        # parameter work cost more than SQLite's own), elsewhere as Core statements.
        if self._sqlite:
            cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
            _executemany(
                cursor, _INSERT_EVENT_SQL,
                [(item.table_id, ev.seq, ev.kind, ev.seat, ev.at, _data_text(dict(ev.data)),
                  ev.secret) for item in batch for ev in item.events],
            )  # fmt: skip
        else:
            rows = [
                {"table_id": item.table_id, "seq": ev.seq, "kind": ev.kind, "seat": ev.seat,
                 "at": ev.at, "data": _data_text(dict(ev.data)),
                 "is_secret": ev.secret}
                for item in batch
                for ev in item.events
            ]  # fmt: skip
            conn.execute(_INSERT_EVENT, rows)
        plain: list[dict[str, Any]] = []
        recorded: list[dict[str, Any]] = []
        for item in batch:
            last = item.events[-1]
            values = {"tid": item.table_id, "st": item.status, "sq": last.seq,
                      "up": iso_time(last.at)}  # fmt: skip
            if item.record is None:
                plain.append(values)
            else:
                recorded.append(values | {"rec": item.record()})
            if item.result is not None:
                conn.execute(
                    update(TableRow)
                    .where(TableRow.id == item.table_id)
                    .values(result=json.dumps(item.result))
                )
        if plain and self._sqlite:
            _executemany(
                cursor, _UPDATE_SEQ_SQL, [(v["st"], v["sq"], v["up"], v["tid"]) for v in plain]
            )
        elif plain:
            conn.execute(_UPDATE_SEQ, plain)
        if recorded:
            conn.execute(_UPDATE_RECORD, recorded)
        for item in batch:
            for seat, digest in item.taken:
                done = conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == item.table_id, SeatRow.seat == seat)
                    .where(SeatRow.kind == SeatKind.OPEN)
                    .values(kind=SeatKind.HUMAN, token_hash=digest)
                )
                if not done.rowcount:
                    raise SeatGone(f"table {item.table_id} seat {seat}")
            for seat, player, address in item.seated:
                source = source_of(address) if address is not None else None
                conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == item.table_id, SeatRow.seat == seat)
                    .values(player_id=player, source=source)
                )
            if item.rating is not None:
                rate_in(conn, item.rating)

    def load(self, table_id: str) -> Stored | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            events = session.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            ).all()
            return Stored(
                id=row.id,
                game=row.game,
                players=row.players,
                options=json.loads(row.options),
                seed=row.seed,
                created_at=row.created_at,
                seats=[
                    SeatSpec(s.kind, s.level, s.token_hash, s.player_id, s.source) for s in seats
                ],
                events=[_event(e) for e in events],
            )

    def events_after(self, table_id: str, seq: int) -> list[Event]:
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EventRow)
                .where(EventRow.table_id == table_id, EventRow.seq > seq)
                .order_by(EventRow.seq)
            ).all()
            return [_event(e) for e in rows]

    def seqs(self, table_ids: Sequence[str]) -> dict[str, int]:
        """Each table's last stored seq, in one query per 500 tables (the fan-out's poll)."""
        found: dict[str, int] = {}
        with Session(self.engine) as session:
            for start in range(0, len(table_ids), 500):
                chunk = table_ids[start : start + 500]
                rows = session.execute(
                    select(TableRow.id, TableRow.seq).where(TableRow.id.in_(chunk))
                )
                found.update({table_id: seq for table_id, seq in rows})
        return found

    def table_ids(
        self,
        status: str | None = None,
        limit: int = 200,
        waiting_after: str | None = None,
        finished_after: str | None = None,
        offset: int = 0,
        skip: Sequence[str] = (),
    ) -> list[str]:
        """Newest first, from the `offset`th on, none of `skip`. Without `status`: no expired
        table, waiting ones created after `waiting_after` (turn-based ones whenever) and
        finished ones last changed after `finished_after` (ISO times)."""
        newest = (TableRow.created_at.desc(), TableRow.id.desc())  # one order for every page
        query = select(TableRow.id).order_by(*newest).offset(offset).limit(limit)
        if skip:
            query = query.where(TableRow.id.not_in(list(skip)))
        if status is not None:
            query = query.where(TableRow.status == status)
        else:
            changed = func.coalesce(TableRow.updated_at, TableRow.created_at)
            query = query.where(TableRow.status != TableStatus.EXPIRED)
            if waiting_after is not None:
                query = query.where(
                    (TableRow.status != TableStatus.WAITING)
                    | (TableRow.created_at > waiting_after)
                    | TableRow.clock.startswith('{"days_per_move"')  # turn-based: until it expires
                )
            if finished_after is not None:
                query = query.where(
                    (TableRow.status != TableStatus.FINISHED) | (changed > finished_after)
                )
        with Session(self.engine) as session:
            return list(session.scalars(query).all())

    def seat_hashes(self, table_id: str) -> list[str | None]:
        """The token hash of each seat, in seat order (None: a seat without a token)."""
        query = select(SeatRow.token_hash).where(SeatRow.table_id == table_id)
        with Session(self.engine) as session:
            return list(session.scalars(query.order_by(SeatRow.seat)).all())

    def open_seat_tables(self, game: str, players: int, clock: str | None) -> list[str]:
        """Waiting tables of that game, size and time control with an open seat, oldest first."""
        same_clock = TableRow.clock.is_(None) if clock is None else TableRow.clock == clock
        query = (
            select(TableRow.id)
            .where(TableRow.status == TableStatus.WAITING, TableRow.game == game)
            .where(TableRow.players == players, same_clock)
            .where(TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.kind == SeatKind.OPEN)))
            .order_by(TableRow.created_at)
            .limit(20)
        )
        with Session(self.engine) as session:
            return list(session.scalars(query).all())

    def count_seeks(self, client: str, player: str | None = None) -> int:
        """Waiting tables with an open seat that `client` created or `player` sits at."""
        mine = TableRow.creator == client
        if player is not None:
            mine = mine | TableRow.id.in_(
                select(SeatRow.table_id).where(SeatRow.player_id == player)
            )
        query = (
            select(func.count())
            .select_from(TableRow)
            .where(TableRow.status == TableStatus.WAITING, mine)
            .where(TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.kind == SeatKind.OPEN)))
        )
        with Session(self.engine) as session:
            return int(session.scalar(query) or 0)

    # Leases: which process runs a table's clocks and bots.

    def renew(self, owner: str, table_ids: Sequence[str], until: float) -> list[str]:
        """Extend `owner`'s leases; the ids it still holds (another may have taken some)."""
        if not table_ids:
            return []
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.owner == owner, TableRow.id.in_(list(table_ids)))
                .values(lease_until=until)
            )
            held = conn.execute(
                select(TableRow.id).where(TableRow.owner == owner, TableRow.id.in_(list(table_ids)))
            )
            return list(held.scalars().all())

    def lapsed(
        self, now: float, everyone: bool = False
    ) -> list[tuple[str, float | None, str | None]]:
        """Tables in play whose lease has lapsed (or all, `everyone`), with the lapsed
        lease's end and owner. Waiting tables need nobody to run them until they start."""
        query = select(TableRow.id, TableRow.lease_until, TableRow.owner)
        query = query.where(TableRow.status == TableStatus.PLAYING)
        if not everyone:
            query = query.where((TableRow.lease_until.is_(None)) | (TableRow.lease_until < now))
        with Session(self.engine) as session:
            rows = session.execute(query.limit(500)).all()
            return [(row[0], row[1], row[2]) for row in rows]

    def take_lease(self, table_id: str, owner: str, was: float | None, until: float) -> bool:
        """Compare-and-set: take the lease if it still ends at `was`; True if taken."""
        same = TableRow.lease_until.is_(None) if was is None else TableRow.lease_until == was
        with self.engine.begin() as conn:
            done = conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id, same)
                .values(owner=owner, lease_until=until)
            )
            return bool(done.rowcount)

    def release(self, owner: str, now: float) -> None:
        """Let `owner`'s leases lapse now (a clean shutdown): no owner, and `lease_until`
        says when the tables stopped running."""
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow).where(TableRow.owner == owner).values(owner=None, lease_until=now)
            )

    def count_unfinished_with_bots(self, creator: str | None = None) -> int:
        """Unfinished tables with a bot seat: in all, or those `creator` created."""
        with Session(self.engine) as session:
            return int(session.scalar(unfinished_with_bots(creator)) or 0)

    def waiting_ids_before(self, created_before: str) -> list[str]:
        """Tables still waiting for players that were created before that time (ISO text)."""
        query = (
            select(TableRow.id)
            .where(TableRow.status == TableStatus.WAITING)
            .where(TableRow.created_at < created_before)
            .limit(500)
        )
        with Session(self.engine) as session:
            return list(session.scalars(query).all())


def _executemany(cursor: Any, sql: str, rows: list[tuple[Any, ...]]) -> None:
    """The driver's executemany; its errors become SQLAlchemy's, as Core's would (a locked
    or full database is `OperationalError`, a lost seq `IntegrityError`)."""
    try:
        cursor.executemany(sql, rows)
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, rows, exc, sqlite3.Error) from exc


def unfinished_with_bots(creator: str | None = None) -> Select[Any]:
    """The count behind the bot-table caps, run at every table created with a bot."""
    unfinished = (TableStatus.WAITING, TableStatus.PLAYING)
    query = (
        select(func.count())
        .select_from(TableRow)
        .where(TableRow.status.in_(unfinished))
        # Correlated, so each unfinished table looks up its own seats (by the seats'
        # primary key) instead of scanning every seat of every table ever played.
        .where(
            select(SeatRow.seat)
            .where(SeatRow.table_id == TableRow.id, SeatRow.kind == SeatKind.BOT)
            .exists()
        )
    )
    return query.where(TableRow.creator == creator) if creator is not None else query


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; NORMAL syncs at checkpoints, which keeps every
    # committed event across a process crash (only a power cut can lose the last few).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
