"""A full disk (issue 24 item 16): writes are refused as `unavailable` with a message that
says the server's storage is full, and the server's own retries wait at most
LAST_RETRY_SECONDS, so play goes on within seconds of space coming back, however long the
disk was full. `tests/server/test_faults.py` fills a real (tmpfs) filesystem."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError

from regalia.protocol import EventKind, SeatKind
from regalia.tables.errors import LAST_RETRY_SECONDS, TableError, storage_errors
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.service import TableService
from regalia.tables.store import sqlite_url
from tests.tables.fakes import FakeClock, settle, until
from tests.tables.test_round import on_service

FULL = "the server's storage is full; nothing was changed, try again later"


def test_a_full_sqlite_database_is_unavailable_and_says_its_storage_is_full(
    tmp_path: Path,
) -> None:
    engine = create_engine(sqlite_url(tmp_path))
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE t (x BLOB)")
    with pytest.raises(TableError) as info, storage_errors("test"), engine.begin() as conn:
        # A database may grow no further than it is: SQLite's own "database or disk is full".
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")
        conn.exec_driver_sql("INSERT INTO t VALUES (zeroblob(1000000))")
    assert info.value.code == "unavailable" and info.value.retry_after == 1.0
    assert info.value.message == FULL
    engine.dispose()


def _disk_full() -> OperationalError:
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL
    return OperationalError("INSERT INTO regalia_events …", {}, error)


def test_a_bot_moves_within_seconds_once_a_long_full_disk_has_space_again(
    tmp_path: Path,
) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        bot = SeatRequest(SeatKind.BOT, "random")
        tries: list[float] = []
        full = True
        log = service.rounds.ports.log
        stored_append = log.append

        async def append(item: Any) -> bool:  # on the loop, so the fake clock alone paces it
            tries.append(clock.now())
            with storage_errors("test"):
                if full:
                    raise _disk_full()
            return await stored_append(item)

        log.append = append  # type: ignore[method-assign]
        table, _ = await service.create(TableRequest("regulator", [bot, bot]))
        found = await service.round(table.id)
        seq = found.table.seq
        for _ in range(60):  # the disk stays full for a minute: the bot keeps trying
            await clock.advance(1.0)
        assert found.table.seq == seq and len(tries) > 5
        full = False
        back = clock.now()
        await clock.advance(LAST_RETRY_SECONDS + 0.01)
        await until(lambda: found.table.seq > seq)
        assert found.table.events[seq].kind == EventKind.ACTION
        assert tries[-1] - back <= LAST_RETRY_SECONDS + 0.01
        await settle()

    on_service(tmp_path, body)
