"""A database written by an earlier release opens with this one and keeps every game.

`tests/data/legacy/release-0.1/`, `release-0.2/` and `release-0.3/` (the one-Round-per-table
runtime, migration 0005) were made by
`tests/data/legacy/make_db.py` run with that release's code: finished games replay to the
same record, unfinished ones go on with their old seat tokens (a timed one with its clocks),
and the waiting table can still be joined.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

from regalia.tables.migrate import migrate
from regalia.tables.models import Base
from tests.server.conftest import make_client

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy"


@pytest.fixture(params=["release-0.1", "release-0.2", "release-0.3"])
def old(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
    shutil.copy(LEGACY / request.param / "regalia.sqlite3", tmp_path / "regalia.sqlite3")
    tables: dict[str, Any] = json.loads((LEGACY / request.param / "tables.json").read_text())
    return tables


def _your_turn(client: TestClient, table: str, token: str) -> dict[str, Any]:
    for _ in range(400):
        view: dict[str, Any] = client.get(
            f"/api/tables/{table}/view", headers={"X-Seat-Token": token}
        ).json()
        if view["legal"]:
            return view
        time.sleep(0.05)
    raise AssertionError("never my turn")


def test_every_game_of_an_earlier_release_is_kept(old: dict[str, Any], tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        for name, saved in old.items():
            summary = client.get(f"/api/tables/{saved['id']}").json()
            assert summary["status"] == saved["status"], name
            assert summary["result"] == saved["result"], name
            if saved["status"] == "finished":
                replay = client.get(f"/api/tables/{saved['id']}/replay").json()
                assert replay["record"] == saved["record"], name
                assert len(replay["steps"]) > 1
            elif saved["status"] == "playing":
                view = client.get(f"/api/tables/{saved['id']}/view").json()
                assert view["view"] == saved["view"] or view["seq"] > saved["seq"], name

        playing = old["regulator_playing"]
        token = playing["tokens"]["0"]
        view = _your_turn(client, playing["id"], token)
        move = view["legal"][0]["action"]
        reply = client.post(
            f"/api/tables/{playing['id']}/commands",
            json={"type": "action", "action": move, "seq": view["seq"]},
            headers={"X-Seat-Token": token},
        )
        assert reply.status_code == 200, reply.text
        events = client.get(f"/api/tables/{playing['id']}/events").json()["events"]
        assert any(e["kind"] == "chat" and e["text"] == "good luck" for e in events)

        timed = old.get("regulator_timed")
        if timed is not None:  # its clocks were rebuilt from the old events' times
            token = timed["tokens"]["0"]
            view = _your_turn(client, timed["id"], token)
            assert view["clocks"] is not None and 0 < view["clocks"]["remaining_ms"][0] <= 610_000
            reply = client.post(
                f"/api/tables/{timed['id']}/commands",
                json={"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]},
                headers={"X-Seat-Token": token},
            )
            assert reply.status_code == 200, reply.text

        regicida = old["regicida_playing"]
        assert {str(s) for s in range(2)} == set(regicida["tokens"])
        for seat, token in regicida["tokens"].items():
            reply = client.get(
                f"/api/tables/{regicida['id']}/view", headers={"X-Seat-Token": token}
            )
            assert reply.status_code == 200 and reply.json()["view"]["seat"] == int(seat)

        waiting = old["regulator_waiting"]
        for token in waiting["tokens"].values():
            reply = client.post(
                f"/api/tables/{waiting['id']}/join", json={"name": "Caio"},
                headers={"X-Seat-Token": token},
            )  # fmt: skip
            assert reply.status_code == 200, reply.text
        assert client.get(f"/api/tables/{waiting['id']}").json()["status"] == "playing"
    engine = create_engine(f"sqlite:///{tmp_path / 'regalia.sqlite3'}")
    with engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() is not None
    engine.dispose()


def test_migrations_build_exactly_the_schema_of_the_models(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    migrate(engine)
    migrate(engine)  # a second start finds nothing to do
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert "alembic_version" in inspect(conn).get_table_names()
    engine.dispose()
