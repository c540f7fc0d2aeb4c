"""While this process cannot reach Redis (the fan-out), it polls the database: tables it
runs or someone watches here catch up with what another process stored, and the last
reports of who is connected at other processes stand (issue 24 item 2)."""

from __future__ import annotations

from pathlib import Path

from regalia.protocol import EventKind
from regalia.tables.limits import Limits
from regalia.tables.round import PRESENCE_SECONDS
from regalia.tables.service import TableService
from regalia.tables.store import Store, sqlite_url
from tests.tables.fakes import FakeClock, until
from tests.tables.test_per_move import move
from tests.tables.test_round import FallbackBots, on_service, two_people


def test_a_poll_catches_up_moves_stored_elsewhere_and_keeps_remote_presence(
    tmp_path: Path,
) -> None:
    async def body(service: TableService, clock: FakeClock) -> None:
        found = await two_people(
            service, clock={"initial_s": 600}, absence={"grace_s": 10, "then": "bot"}
        )
        found.on_remote_presence("other", {0: 1, 1: 1})  # both play at another process
        # That process stores a move; with Redis down, no notice of it comes here.
        other = TableService(
            Store(sqlite_url(tmp_path)), FallbackBots(),  # type: ignore[arg-type]
            limits=Limits(upkeep_seconds=3600), clock=FakeClock(clock.now()),
        )  # fmt: skip
        await other.start()
        try:
            there = await other.round(found.id)
            await move(other, there)
            stored = there.table.seq
        finally:
            await other.close()
        assert found.table.seq < stored  # (a start stores `resumed` there, then the move)

        await service.rounds.poll()
        await until(lambda: found.table.seq == stored)
        # Polled every 10 s for three times the life of a report: nobody is taken for absent.
        for _ in range(int(3 * PRESENCE_SECONDS / 10)):
            await clock.advance(10)
            await service.rounds.poll()
        assert found.connected() == {0: 1, 1: 1} and not found.absent
        assert not any(e.kind == EventKind.TAKEOVER for e in found.table.events)

    on_service(tmp_path, body)
