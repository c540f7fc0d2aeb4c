"""The writer on SQLite: its appends' commits never copy the WAL back into the database (a
checkpoint syncs the file, which can stall a move for tens of milliseconds); a thread of its
own does that, and a closing writer leaves every event in the database file itself."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

from regalia.protocol import EventKind, TableStatus
from regalia.tables.events import Event
from regalia.tables.models import TableRow
from regalia.tables.store import SQLITE_FILE, Append, Store, sqlite_url
from regalia.tables.writer import Writer

MOVES = 300


def _table(store: Store, table_id: str) -> None:
    row = TableRow(id=table_id, game="regulator", players=2, options="{}", seed=1,
                   created_at="2026-12-01", updated_at="2026-12-01",
                   status=TableStatus.PLAYING, seq=0, record="")  # fmt: skip
    store.create(row, [], [Event(0, EventKind.CREATED, None, 0.0, {}, False)])


def test_appends_leave_checkpoints_to_their_own_thread(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    store = Store(sqlite_url(data))
    _table(store, "t1")
    writer = Writer(store)

    async def play() -> None:
        for seq in range(1, MOVES + 1):
            event = Event(seq, EventKind.ACTION, seq % 2, 1.0 + seq, {"action": "a2a3"}, False)
            assert await writer.append(Append("t1", [event], TableStatus.PLAYING, None, None))

    asyncio.run(play())
    held = store._held
    assert held is not None
    cursor = held.connection.driver_connection.cursor()  # type: ignore[union-attr]
    assert cursor.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    writer.close()
    # The database file alone, without its WAL, as a copy taken now would find it.
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(data / SQLITE_FILE, alone / SQLITE_FILE)
    store.close()
    with sqlite3.connect(alone / SQLITE_FILE) as db:
        (count,) = db.execute("SELECT count(*) FROM regalia_events").fetchone()
    assert count == MOVES + 1  # the created event and every move
