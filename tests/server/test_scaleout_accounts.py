"""Revocation across server processes: a sign-out everywhere at one process closes a
stolen seat token's socket at the other, and the other refuses it; a seat taken again with
a new key's token plays at the other process too."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest

from tests.server.live import connect, create
from tests.server.services import pg_bin, postgres, redis, server_processes

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed"),
]
PASSWORD = "correct horse"


def player(base: str, name: str) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(f"{base}/api/players", json={"name": name}).json()
    key = {"X-Player-Key": made["player_key"]}
    assert httpx.post(f"{base}/api/players/me/password", json={"password": PASSWORD},
                      headers=key).status_code == 200  # fmt: skip
    return made


def eventually(check: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.2)


def test_a_revocation_at_one_process_reaches_the_other() -> None:
    with (
        postgres() as database,
        redis() as fanout,
        server_processes(2, database, fanout) as (first, second),
    ):
        ana, bob = player(first, "Ana"), player(first, "Bob")
        made = create(first, "regulator", [{"kind": "human"}] * 2, rated=True,
                      clock={"initial_s": 600, "increment_s": 0})  # fmt: skip
        table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
        for token, who in zip(tokens, (ana, bob), strict=True):
            joined = httpx.post(
                f"{first}/api/tables/{table}/join",
                json={},
                headers={"X-Seat-Token": token, "X-Player-Key": who["player_key"]},
            )
            assert joined.status_code == 200, joined.text  # fmt: skip
        stolen = {"X-Seat-Token": tokens[1]}
        view = f"{second}/api/tables/{table}/view"

        async def go() -> None:
            thief = await connect(second, table, tokens[1])
            await thief.until("welcome")
            assert httpx.get(view, headers=stolen).status_code == 200
            out = httpx.post(f"{first}/api/logout", json={"everywhere": True},
                             headers={"X-Player-Key": bob["player_key"]})  # fmt: skip
            assert out.status_code == 204
            assert (await thief.until("error", timeout=10))["code"] == "bad_token"
            await thief.ws.close()

        asyncio.run(go())
        eventually(lambda: httpx.get(view, headers=stolen).status_code == 401)
        resign = httpx.post(f"{second}/api/tables/{table}/commands", json={"type": "resign"},
                            headers=stolen)  # fmt: skip
        assert resign.status_code == 401 and resign.json()["error"]["code"] == "bad_token"
        key = httpx.post(f"{first}/api/login", json={"name": "Bob", "password": PASSWORD})
        again = httpx.post(f"{first}/api/tables/{table}/join", json={},
                           headers={"X-Player-Key": key.json()["player_key"]})  # fmt: skip
        fresh = {"X-Seat-Token": again.json()["token"]}
        eventually(lambda: httpx.get(view, headers=fresh).status_code == 200)
        resigned = httpx.post(f"{second}/api/tables/{table}/commands", json={"type": "resign"},
                              headers=fresh)  # fmt: skip
        assert resigned.status_code == 200, resigned.text
