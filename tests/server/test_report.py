"""The post-game report: refused before the end, pending then ready, figures worked out by
hand from a stubbed engine, stored once, computed again after a process stops mid-way, and
Regicida's own report from its worker."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from regalia.tables.bots import AnalysisJob
from regalia.tables.report_store import ReportRow
from regalia.tables.reports import Reports
from tests.server.conftest import make_client
from tests.server.helpers import create
from tests.tables.fakes import FakeClock

# White (seat 0) plays c3 and Nc2, Black e5 and d5; then White resigns.
MOVES = ["c3", "e5", "Nc2", "d5"]
# The stubbed engine: White's side, centipawns, per position 0..4; and its best lines.
SCORES = [0, 0, 200, 100, 1000]
LINES = [["c3"], ["d5", "c4"], ["d4"], ["e4"], ["Nxe5"]]


def win(cp: float) -> float:
    """docs/report.md's win chance, written out again: a logistic of 400 centipawns."""
    return 1 / (1 + 10 ** (-cp / 400))


def accuracy(loss: float) -> float:
    return 100 * math.exp(-loss / 0.2)


class Engine:
    """Answers each position with SCORES and LINES once `go` is set."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.asked: list[int | None] = []

    async def __call__(self, job: AnalysisJob) -> dict[str, Any]:
        await self.go.wait()
        self.asked.append(job.ply)
        assert job.ply is not None
        return {"score": SCORES[job.ply], "best_line": LINES[job.ply]}


def reports(client: TestClient) -> Reports:
    found: Reports = client.app.state.reports  # type: ignore[attr-defined]
    return found


def stub(client: TestClient, engine: Engine) -> None:
    reports(client).analyse = engine  # type: ignore[method-assign]


def play(client: TestClient, moves: list[str]) -> tuple[str, list[dict[str, str]]]:
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]["id"]
    headers = [{"X-Seat-Token": t["token"]} for t in made["tokens"]]
    for h in headers:
        assert client.post(f"/api/tables/{table}/join", json={}, headers=h).status_code == 200
    for ply, text in enumerate(moves):
        me = headers[ply % 2]
        view = client.get(f"/api/tables/{table}/view", headers=me).json()
        action = next(m["action"] for m in view["legal"] if m["text"] == text)
        body = {"type": "action", "action": action, "seq": view["seq"]}
        assert (
            client.post(f"/api/tables/{table}/commands", json=body, headers=me).status_code == 200
        )
    return table, headers


def resign(client: TestClient, table: str, headers: dict[str, str]) -> None:
    url = f"/api/tables/{table}/commands"
    assert client.post(url, json={"type": "resign"}, headers=headers).status_code == 200


def ready(client: TestClient, table: str) -> dict[str, Any]:
    """The report once the background task has stored it (a bounded wait on the server)."""

    async def wait() -> None:
        for _ in range(1000):
            if (await reports(client).get(table))["status"] != "pending":  # asking nudges it
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the report was not stored")

    client.portal.call(wait)  # type: ignore[union-attr]
    answer: dict[str, Any] = client.get(f"/api/tables/{table}/report").json()
    return answer


def rows(client: TestClient, table: str) -> list[ReportRow]:
    with Session(reports(client).store.engine) as session:
        return list(session.scalars(select(ReportRow).where(ReportRow.table_id == table)))


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the tests that need no restart (a server's start costs seconds)."""
    with make_client(tmp_path_factory.mktemp("reports")) as client:
        yield client


def test_a_report_is_refused_before_the_end_then_pending_then_ready_with_the_figures(
    shared: TestClient,
) -> None:
    client = shared
    engine = Engine()
    stub(client, engine)
    # As a server runs by default: the report is wanted as soon as the game ends.
    reports(client).limits = replace(reports(client).limits, report_on_finish=1)
    table, (white, _) = play(client, MOVES)
    refused = client.get(f"/api/tables/{table}/report")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "not_finished"
    assert rows(client, table) == []
    resign(client, table, white)
    assert [row.status for row in rows(client, table)] == ["pending"]  # before anyone asks
    pending = client.get(f"/api/tables/{table}/report").json()
    assert pending["status"] == "pending" and pending["kind"] == "accuracy"
    client.portal.call(engine.go.set)  # type: ignore[union-attr]
    report = ready(client, table)
    assert report["status"] == "ready"
    assert sorted(engine.asked) == [0, 1, 2, 3, 4]  # every position once
    # By hand: each move's loss of its mover's win chance, and 100·exp(-loss/0.2).
    e5 = win(0) - win(-200)  # Black's chance 0.5 -> 0.240: a mistake (0.260)
    nc2 = win(200) - win(100)  # White's 0.760 -> 0.640: an inaccuracy (0.120)
    d5 = win(-100) - win(-1000)  # Black's 0.360 -> 0.003: a blunder (0.357)
    assert 0.15 <= e5 < 0.30 and 0.05 <= nc2 < 0.15 and d5 >= 0.30
    white_seat, black_seat = report["seats"]
    assert white_seat == {"seat": 0, "moves": 2, "accuracy": round((100 + accuracy(nc2)) / 2, 1),
                          "inaccuracies": 1, "mistakes": 0, "blunders": 0}  # fmt: skip
    assert black_seat == {"seat": 1, "moves": 2,
                          "accuracy": round((accuracy(e5) + accuracy(d5)) / 2, 1),
                          "inaccuracies": 0, "mistakes": 1, "blunders": 1}  # fmt: skip
    assert white_seat["accuracy"] == 77.5 and black_seat["accuracy"] == 22.0
    assert [p["win"] for p in report["chart"]] == [50.0, 50.0, 76.0, 64.0, 99.7]
    assert report["turning_point"] == 4  # the blunder lost the most
    judged = {m["ply"]: m for m in report["mistakes"]}
    assert {p: m["kind"] for p, m in judged.items()} == {
        2: "mistake",
        3: "inaccuracy",
        4: "blunder",
    }
    assert judged[2]["move"] == "e5" and judged[2]["better"] == "d5"
    assert judged[2]["line"] == ["d5", "c4"]
    # The board of the better move: the position before e5, with d5 played instead.
    assert judged[2]["view"]["fen"].split()[1] == "b"
    assert judged[2]["better_view"]["fen"].split()[1] == "w"
    assert judged[2]["better_view"]["fen"] != judged[3]["view"]["fen"]
    assert report["seat_names"] == ["White", "Black"]
    offered = {g["name"]: g["report"] for g in client.get("/api/games").json()}
    assert offered["regulator"] and offered["regicide"] and offered["regicida"]
    assert not offered["toy"]  # no engine, no report of its own


def test_a_report_is_stored_once_and_computed_again_after_the_process_stops(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    with make_client(tmp_path, clock) as client:
        stub(client, Engine())  # never answers: the process stops mid-report
        table, (white, _) = play(client, MOVES[:2])
        resign(client, table, white)
        assert client.get(f"/api/tables/{table}/report").json()["status"] == "pending"

        async def claimed() -> None:
            for _ in range(500):
                if reports(client).progress or rows(client, table)[0].owner:
                    return
                await asyncio.sleep(0.02)

        client.portal.call(claimed)  # type: ignore[union-attr]
        first_owner = rows(client, table)[0].owner
        assert first_owner == reports(client).me
    with make_client(tmp_path, clock) as client:  # the next process, same database
        engine = Engine()
        engine.go.set()
        stub(client, engine)
        # The dead process's lease still holds: nothing is computed yet.
        assert client.get(f"/api/tables/{table}/report").json()["status"] == "pending"
        assert engine.asked == []
        client.portal.call(clock.advance, 61.0)  # type: ignore[union-attr]
        report = ready(client, table)
        assert report["status"] == "ready" and sorted(engine.asked) == [0, 1, 2]
        (row,) = rows(client, table)
        assert row.attempts == 2 and row.owner is None
        # Stored once: the first process (had it woken) could not store its copy over it.
        store = reports(client).store
        assert not store.finish(table, first_owner, clock.now(), {"seats": []})
        assert not client.portal.call(reports(client).run_once)  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{table}/report").json() == report


def test_regicidas_report_comes_from_its_worker_after_the_reveal(shared: TestClient) -> None:
    client = shared
    seats = [{"kind": "bot", "level": "greedy"}] + [{"kind": "bot", "level": "random"}] * 3
    table = create(client, "regicida", seats, seed=5)["table"]["id"]

    async def finished() -> None:
        for _ in range(1500):
            if (await reports(client).tables.table(table)).status == "finished":
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the bots did not finish")

    client.portal.call(finished)  # type: ignore[union-attr]
    report = ready(client, table)
    assert report["status"] == "ready" and report["kind"] == "own"
    assert report["revealed"] and len(report["identities"]) == 4
    assert len(report["votes"]) == 4
    target = report["verdict"]["target"]
    assert all(v["right"] == (v["vote"] == target) for v in report["votes"])
    first, last = report["chart"][0], report["chart"][-1]
    assert first["regent"] == [0.1667] * 4 + [0.3333]  # no evidence: every House alike
    assert {p["phase"] for p in report["chart"]} == {"expansion", "intrigue"}
    assert abs(sum(last["regent"]) - 1) < 1e-3


def test_a_report_the_engine_cannot_make_is_stored_as_failed(shared: TestClient) -> None:
    client = shared
    found = reports(client)
    before = found.limits, found.analyse

    async def silent(job: AnalysisJob) -> None:
        return None  # the engine gave no answer (a worker overran or died)

    found.limits = replace(found.limits, report_attempts=1)
    found.analyse = silent  # type: ignore[method-assign, assignment]
    try:
        table, (white, _) = play(client, MOVES[:1])
        resign(client, table, white)
        report = ready(client, table)
    finally:
        found.limits, found.analyse = before  # type: ignore[method-assign]
    assert report["status"] == "failed" and "no answer at ply 0" in report["error"]
