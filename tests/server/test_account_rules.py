"""Accounts a public site can run: password bounds before Argon2, hashes made again with
today's parameters at sign-in, reserved names, an admin's rename."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import argon2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables import passwords as passwords_module
from regalia.tables.models import PlayerRow
from tests.tables.fakes import FakeClock

PASSWORD = "correct horse"
ME = "/api/players/me"


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


def keyed(player: dict[str, Any]) -> dict[str, str]:
    return {"X-Player-Key": player["player_key"]}


def new_player(client: TestClient, name: str, password: str | None = PASSWORD) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    player: dict[str, Any] = reply.json()
    if password is not None:
        done = client.post(f"{ME}/password", json={"password": password}, headers=keyed(player))
        assert done.status_code == 200, done.text
    return player


def stored_hash(app: FastAPI, player_id: str) -> str:
    with Session(app.state.accounts.engine) as session:
        found: str = session.scalar(
            select(PlayerRow.password_hash).where(PlayerRow.id == player_id)
        )
    return found


class Counting:
    """Stands for the server's Argon2 hasher and counts the hashes it makes or checks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self.real = passwords_module._hasher
        monkeypatch.setattr(passwords_module, "_hasher", self)

    def hash(self, password: str) -> str:
        self.calls += 1
        return self.real.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        self.calls += 1
        return self.real.verify(stored, password)

    def check_needs_rehash(self, stored: str) -> bool:
        return self.real.check_needs_rehash(stored)


def test_an_oversized_password_is_refused_before_argon2_runs(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = new_player(client, "Ana")
    argon = Counting(monkeypatch)
    huge, long = "x" * 1_000_000, "x" * 201
    for password in (huge, long):
        signin = client.post("/api/login", json={"name": "Ana", "password": password})
        change = client.post(
            f"{ME}/password", json={"password": password, "old_password": PASSWORD},
            headers=keyed(player),
        )  # fmt: skip
        for reply in (signin, change):  # the body limit (413) or the schema's bound (422)
            assert reply.status_code in (413, 422), reply.text
            assert reply.json()["error"]["code"] in ("too_large", "invalid")
    short = client.post(
        f"{ME}/password", json={"password": "short", "old_password": PASSWORD},
        headers=keyed(player),
    )  # fmt: skip
    assert short.json()["error"]["code"] == "bad_password"
    assert argon.calls == 0
    assert client.post("/api/login", json={"name": "Ana", "password": PASSWORD}).status_code == 200
    assert argon.calls == 1


def test_a_hash_made_with_older_parameters_is_made_again_at_sign_in(
    app: FastAPI, client: TestClient
) -> None:
    player = new_player(client, "Ana")
    weak = argon2.PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    with Session(app.state.accounts.engine) as session, session.begin():
        session.execute(
            update(PlayerRow)
            .where(PlayerRow.id == player["id"])
            .values(password_hash=weak.hash(PASSWORD))
        )
    assert passwords_module._hasher.check_needs_rehash(stored_hash(app, player["id"]))
    assert client.post("/api/login", json={"name": "Ana", "password": PASSWORD}).status_code == 200
    now = stored_hash(app, player["id"])
    assert not passwords_module._hasher.check_needs_rehash(now)
    assert passwords_module._hasher.verify(now, PASSWORD)
    # The rehash changed no password: the old key still works, a new sign-in works.
    assert client.get(ME, headers=keyed(player)).status_code == 200
    assert client.post("/api/login", json={"name": "Ana", "password": PASSWORD}).status_code == 200
    assert stored_hash(app, player["id"]) == now


def make_role(app: FastAPI, player_id: str, role: str) -> None:
    with Session(app.state.accounts.engine) as session, session.begin():
        session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(role=role))


@pytest.mark.parametrize(
    "name",
    ["admin", "Moderator", "REGALIA", "system", "deleted player", "Deleted  Player",
     "\u0410dmin", "ｓｙｓｔｅｍ", "strong", "Beginner", "Casual", "greedy"],
)  # fmt: skip
def test_reserved_names_are_refused_however_they_are_spelled(client: TestClient, name: str) -> None:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"]["code"] == "bad_name"


def test_names_near_a_reserved_one_are_kept(client: TestClient) -> None:
    for name in ("Admiral", "Systemic", "Strong Ana"):
        assert client.post("/api/players", json={"name": name}).status_code == 201


def test_only_an_admin_renames_under_the_rules_of_names(app: FastAPI, client: TestClient) -> None:
    ana, bob = new_player(client, "Ana", None), new_player(client, "Bob", None)
    mona, adam = new_player(client, "Mona", None), new_player(client, "Adam", None)
    make_role(app, mona["id"], "moderator")
    make_role(app, adam["id"], "admin")
    body = {"player": ana["id"], "name": "Anabel"}
    for who in (None, ana, bob, mona):  # nobody, the player, another player, a moderator
        reply = client.post("/api/moderation/rename", json=body,
                            headers=keyed(who) if who else {})  # fmt: skip
        assert reply.status_code in (401, 403), reply.text
        assert reply.json()["error"]["code"] in ("forbidden", "bad_player_key")
    for name, code in (("B\u043eb", "name_taken"), ("moderator", "bad_name"), ("", "invalid")):
        refused = client.post("/api/moderation/rename", json={"player": ana["id"], "name": name},
                              headers=keyed(adam))  # fmt: skip
        assert refused.json()["error"]["code"] == code, refused.text
    done = client.post("/api/moderation/rename", json=body, headers=keyed(adam))
    assert done.status_code == 200, done.text
    assert client.get(f"/api/players/{ana['id']}").json()["name"] == "Anabel"
    assert client.get(ME, headers=keyed(ana)).json()["name"] == "Anabel"
    unknown = client.post("/api/moderation/rename", json={"player": "nobody0000", "name": "Zed"},
                          headers=keyed(adam))  # fmt: skip
    assert unknown.json()["error"]["code"] == "unknown_player"
