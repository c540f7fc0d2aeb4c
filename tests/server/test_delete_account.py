"""Deleting an account (issue 29): the data export first, then the games stay under the
name "deleted player" everywhere they are shown, and the account's secrets are erased."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from regalia.notify.models import EmailRow, PushSubscriptionRow
from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.models import ApiTokenRow, PlayerKeyRow, PlayerRow
from tests.server.helpers import create
from tests.tables.fakes import FakeClock

ME = "/api/players/me"
PASSWORD = "correct horse"


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(
        Settings(data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5),
        FakeClock(),
    )


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def player(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    body["headers"] = {"X-Player-Key": body["player_key"]}
    return body


def table_of(client: TestClient, ana: dict[str, Any], bob: dict[str, Any]) -> tuple[str, list[str]]:
    """A table where Ana and Bob sit (Ana said hello in its chat); its id and their tokens."""
    table = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])["table"]["id"]
    tokens = []
    for seat, who in enumerate((ana, bob)):
        sat = client.post(f"/api/tables/{table}/sit", json={"seat": seat, "name": who["name"]},
                          headers=who["headers"])  # fmt: skip
        assert sat.status_code == 200, sat.text
        tokens.append(sat.json()["token"])
    said = client.post(f"/api/tables/{table}/commands", json={"type": "chat", "text": "hello"},
                       headers={"X-Seat-Token": tokens[0]})  # fmt: skip
    assert said.status_code == 200, said.text
    return table, tokens


def count(app: FastAPI, model: Any, player_id: str) -> int:
    with Session(app.state.accounts.engine) as session:
        found = session.scalar(
            select(func.count()).select_from(model).where(model.player_id == player_id)
        )
    return int(found or 0)


def test_the_export_holds_the_players_own_data(app: FastAPI, client: TestClient) -> None:
    ana, bob = player(client, "Ana"), player(client, "Bob")
    table, _ = table_of(client, ana, bob)
    assert client.post(f"{ME}/password", json={"password": PASSWORD},
                       headers=ana["headers"]).status_code == 200  # fmt: skip
    assert client.get(f"{ME}/export").json()["error"]["code"] == "bad_player_key"
    data = client.get(f"{ME}/export", headers=ana["headers"]).json()
    assert data["account"]["id"] == ana["id"] and data["account"]["name"] == "Ana"
    assert data["account"]["has_password"] is True
    assert [g["table"] for g in data["games"]] == [table] and data["games"][0]["seat"] == 0
    assert data["profile"]["name"] == "Ana" and "ratings" in data["profile"]
    assert data["email"] is None and data["push_subscriptions"] == []
    assert PASSWORD not in str(data) and ana["player_key"] not in str(data)


def test_a_deleted_account_s_games_stay_under_deleted_player(
    app: FastAPI, client: TestClient
) -> None:
    ana, bob = player(client, "Ana"), player(client, "Bob")
    finished, (_, bob_token) = table_of(client, ana, bob)
    resigned = client.post(f"/api/tables/{finished}/commands", json={"type": "resign"},
                           headers={"X-Seat-Token": bob_token})  # fmt: skip
    assert resigned.status_code == 200, resigned.text
    in_play, (ana_token, _) = table_of(client, ana, bob)
    with Session(app.state.accounts.engine) as session, session.begin():
        session.add(EmailRow(player_id=ana["id"], address="ana@example.org",
                             address_key="ana@example.org", unsubscribe="u1"))  # fmt: skip
        session.add(PushSubscriptionRow(id="s1", player_id=ana["id"], endpoint="https://push/1",
                                        p256dh="k", auth="a", created_at=0.0))  # fmt: skip
        session.add(ApiTokenRow(id="t1", token_hash="h1", player_id=ana["id"],
                                scopes="bot:play", created_at="2026-01-01"))  # fmt: skip
    assert client.get(f"/api/tables/{finished}").json()["status"] == "finished"
    assert client.get(f"/api/tables/{in_play}").json()["status"] == "playing"

    gone = client.delete(ME, headers=ana["headers"])
    assert gone.status_code == 204, gone.text

    for model in (PlayerKeyRow, ApiTokenRow, PushSubscriptionRow, EmailRow):
        assert count(app, model, ana["id"]) == 0, model
    with Session(app.state.accounts.engine) as session:
        row = session.get(PlayerRow, ana["id"])
        assert row is not None and row.deleted and row.closed_at is not None
        assert row.name == "deleted player" and row.password_hash is None
    # The key and the seat token open nothing; the name is free again.
    assert client.get(ME, headers=ana["headers"]).json()["error"]["code"] == "bad_player_key"
    moved = client.post(f"/api/tables/{in_play}/commands", json={"type": "chat", "text": "x"},
                        headers={"X-Seat-Token": ana_token})  # fmt: skip
    assert moved.status_code in (401, 403), moved.text
    # Everywhere the games are shown, Ana's seat reads "deleted player".
    for table in (finished, in_play):
        summary = client.get(f"/api/tables/{table}").json()
        assert "Ana" not in str(summary) and "deleted player" in str(summary), summary
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert "Ana" not in str(replay), replay
        chat = client.get(f"/api/tables/{table}/chat").json()["chat"]
        assert [line["name"] for line in chat] == ["deleted player"]
    profile = client.get(f"/api/players/{ana['id']}").json()
    assert profile["name"] == "deleted player"
    assert player(client, "Ana")["id"] != ana["id"]
    # Bob's own account is untouched.
    assert client.get(ME, headers=bob["headers"]).json()["name"] == "Bob"
    exported = client.get("/api/export/games")
    assert exported.status_code == 200 and finished in exported.text
    assert "Ana" not in exported.text and "deleted player" in exported.text


def test_the_stored_games_read_deleted_player_after_a_restart(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        ana, bob = player(client, "Ana"), player(client, "Bob")
        table, _ = table_of(client, ana, bob)
        assert client.delete(ME, headers=ana["headers"]).status_code == 204
    with TestClient(create_app(settings, FakeClock())) as client:
        summary = client.get(f"/api/tables/{table}").json()
        assert "Ana" not in str(summary) and "deleted player" in str(summary), summary
        chat = client.get(f"/api/tables/{table}/chat").json()["chat"]
        assert [line["name"] for line in chat] == ["deleted player"]
        events = client.get(f"/api/tables/{table}/events").json()["events"]
        assert "Ana" not in str(events)
