"""What a move costs the server: the row's record text is rewritten only now and then, and
a deadline timer armed early enough stays armed (yet every clock still runs out on time)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from regalia.protocol import CommandType, EventKind
from regalia.tables.commands import Command
from regalia.tables.events import Event
from regalia.tables.models import EventRow, TableRow
from regalia.tables.round import RECORD_EVERY, Round
from regalia.tables.service import TableService
from regalia.tables.store import (
    Append,
    Store,
    _data_text,
    _event,
    sqlite_url,
    unfinished_with_bots,
)
from tests.tables.fakes import FakeClock, until
from tests.tables.test_round import on_service, two_people

# Nobody is connected in these tests: absence must not bring deadlines of its own.
PATIENT = {"grace_s": 86400, "then": "wait"}


async def move(service: TableService, found: Round) -> None:
    seat = found.table.to_act()[0]
    action = found.table.state.encode(found.table.state.legal_actions(seat)[0])
    await service.submit(
        found.id, seat, Command(CommandType.ACTION, action=action, seq=found.table.seq)
    )


def stored_record(service: TableService, table_id: str) -> str:
    with Session(service.db.store.engine) as session:
        row = session.get(TableRow, table_id)
        assert row is not None
        return row.record


def test_the_record_is_rewritten_every_few_events_and_when_the_status_changes(
    tmp_path: Path,
) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(service)
        started = stored_record(service, found.id)  # as of the start (a status change)
        assert started == found.table.state.to_record()
        await move(service, found)
        assert found.table.seq % RECORD_EVERY != 0
        assert stored_record(service, found.id) == started  # one move: not rewritten
        while (found.table.seq + 1) % RECORD_EVERY != 0:
            await move(service, found)
        await move(service, found)  # reaches a multiple of RECORD_EVERY
        assert stored_record(service, found.id) == found.table.state.to_record() != started
        await move(service, found)
        await service.submit(found.id, 0, Command(CommandType.RESIGN))
        await until(lambda: found.table.status == "finished")
        assert stored_record(service, found.id) == found.table.state.to_record()

    on_service(tmp_path, body)


def test_a_move_that_pushes_the_deadline_later_leaves_the_timer_alone(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(
            service, clock={"initial_s": 60, "increment_s": 30}, absence=PATIENT
        )
        start = found.table.events[-1].at
        assert clock.pending() == [pytest.approx(start + 60, abs=0.05)]
        await clock.advance(10)
        await move(service, found)  # white: 80 s left; black's deadline start + 70
        await clock.advance(10)
        await move(service, found)  # black: 80 s left; white's deadline start + 100
        assert clock.pending() == [pytest.approx(start + 60, abs=0.05)]  # kept, not re-armed
        await clock.advance(41)  # the early timer fires, finds nothing due, arms the next
        assert found.table.status == "playing"
        assert clock.pending() == [pytest.approx(start + 100, abs=0.05)]
        await clock.advance(38.9)
        assert found.table.status == "playing"
        await clock.advance(0.2)
        await until(lambda: found.table.status == "finished")
        timeout = found.table.events[-2]
        assert timeout.kind == EventKind.TIMEOUT and timeout.seat == 0
        assert timeout.at == pytest.approx(start + 100, abs=0.05)

    on_service(tmp_path, body)


def test_a_deadline_earlier_than_the_armed_timer_re_arms_it(tmp_path: Path) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        clock_60 = {"initial_s": 60, "increment_s": 0}
        found = await two_people(service, clock=clock_60, absence=PATIENT)
        start = found.table.events[-1].at
        await clock.advance(55)
        await move(service, found)  # white: 5 s left; black's deadline start + 115
        await clock.advance(5.5)  # the timer of white's first deadline: nothing due now
        assert clock.pending() == [pytest.approx(start + 115, abs=0.05)]
        await move(service, found)  # white to act with 5 s: start + 65.5, sooner
        assert clock.pending() == [pytest.approx(start + 65.5, abs=0.05)]
        await clock.advance(4.9)
        assert found.table.status == "playing"
        await clock.advance(0.2)
        await until(lambda: found.table.status == "finished")
        assert found.table.events[-2].kind == EventKind.TIMEOUT
        assert found.table.events[-2].at == pytest.approx(start + 65.5, abs=0.05)

    on_service(tmp_path, body)


@pytest.mark.parametrize(
    "data",
    [
        {"action": "e2e4", "text": "e4"},
        {"name": "Zoë ☃", "player": None, "sat": True},
        {"votes": {0: "vote 1", 1: None}},  # keys that are numbers come back as text
        {"seed": 2**70},  # beyond 64 bits: the plain encoder writes it
        {"paused_from": 1_800_000_000.125, "ok": [1, 2.5, False]},
    ],
)
def test_event_data_round_trips_through_the_stored_text(data: dict[str, object]) -> None:
    import json

    text = _data_text(data)
    assert json.loads(text) == json.loads(json.dumps(data))
    row = EventRow(table_id="t", seq=1, kind="action", seat=0, at=1.0, data=text, is_secret=False)
    assert dict(_event(row).data) == json.loads(json.dumps(data))


def test_the_bot_table_count_reads_only_unfinished_tables_seats(tmp_path: Path) -> None:
    """The caps' count runs at every table created with a bot: it must look up each
    unfinished table's seats by key, not scan every seat of every game ever stored."""
    store = Store(sqlite_url(tmp_path))
    for creator in (None, "client-a"):
        query = unfinished_with_bots(creator).compile(
            dialect=store.engine.dialect, compile_kwargs={"literal_binds": True}
        )
        with store.engine.connect() as conn:
            plan = [row[3] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {query}")]
        assert not [step for step in plan if step.startswith("SCAN")], plan
        assert any("regalia_seats USING" in step for step in plan), plan


def test_sqlite_appends_straight_to_the_driver_store_what_core_stores(tmp_path: Path) -> None:
    """SQLite's appends skip SQLAlchemy's per-row work; the rows must be Core's exactly,
    and a lost seq is still a lost seq (False), not an error."""
    stored = []
    for fast in (True, False):
        (tmp_path / str(fast)).mkdir()
        store = Store(sqlite_url(tmp_path / str(fast)))
        store._sqlite = fast  # the other path: what PostgreSQL runs
        created = Event(0, EventKind.CREATED, None, 1.0, {"game": "toy"}, False)
        row = TableRow(id="t1", game="toy", players=2, options="{}", seed=1, created_at="x",
                       updated_at="x", status="playing", seq=0, record="")  # fmt: skip
        store.create(row, [], [created])
        moves = [
            Event(1, EventKind.ACTION, 0, 2.5, {"action": "a", "text": "é ✓"}, False),
            Event(2, EventKind.ACTION, 1, 3.25, {"action": "b", "n": [1, {"2": None}]}, True),
        ]
        assert store.append([Append("t1", moves, "playing", None, None)]) == [True]
        again = Event(2, EventKind.CHAT, 0, 4.0, {"text": "late"}, False)
        assert store.append([Append("t1", [again], "playing", None, None)]) == [False]
        with Session(store.engine) as session:
            events = session.scalars(select(EventRow).order_by(EventRow.seq)).all()
            table = session.get(TableRow, "t1")
            assert table is not None
            stored.append(
                ([(e.seq, e.kind, e.seat, e.at, e.data, e.is_secret) for e in events],
                 (table.status, table.seq, table.updated_at))
            )  # fmt: skip
        store.close()
    assert stored[0] == stored[1]
    assert stored[0][0][2][4] == '{"action":"b","n":[1,{"2":null}]}'
