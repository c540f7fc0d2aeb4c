"""My games (`GET /api/players/me/games`): every unfinished table of a player with whose
turn it is, time left and the last move, newest first, and a way out of each; the cap on
tables with bots counts per player (a browser's guest key), the address keeps a looser
backstop, and untimed tables with bots nobody touched end by themselves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.limits import Limits
from tests.server.test_online import advance, view
from tests.tables.fakes import FakeClock

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "level": "random"}


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    limits = replace(Limits(), bot_tables_per_client=3, bot_tables_per_address=5)
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5, tables=limits
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        yield client


def guest(client: TestClient, name: str) -> dict[str, str]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return {"X-Player-Key": reply.json()["player_key"]}


def table(client: TestClient, key: dict[str, str] | None, seats: list[Any], **extra: Any) -> Any:
    body = {"game": "regulator", "seats": seats, **extra}
    return client.post("/api/tables", json=body, headers=key or {})


def sit(client: TestClient, made: dict[str, Any], seat: int, key: dict[str, str]) -> str:
    token = next(t["token"] for t in made["tokens"] if t["seat"] == seat)
    reply = client.post(f"/api/tables/{made['table']['id']}/join", json={"name": ""},
                        headers={"X-Seat-Token": token, **key})  # fmt: skip
    assert reply.status_code == 200, reply.text
    return str(token)


def mine(client: TestClient, key: dict[str, str]) -> dict[str, Any]:
    reply = client.get("/api/players/me/games", headers=key)
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def test_the_bot_table_cap_counts_per_browser_not_per_address(timed: TestClient) -> None:
    home, sister = guest(timed, "Ana"), guest(timed, "Bia")
    for _ in range(3):
        assert table(timed, home, [HUMAN, BOT]).status_code == 201
    refused = table(timed, home, [HUMAN, BOT])
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_tables"
    # Another browser behind the same address has a cap of its own ...
    assert table(timed, sister, [HUMAN, BOT]).status_code == 201
    assert table(timed, sister, [HUMAN, BOT]).status_code == 201
    # ... up to the address's looser backstop (5 here), which stops everyone there.
    third = table(timed, guest(timed, "Caio"), [HUMAN, BOT])
    assert third.status_code == 429 and "address" in third.json()["error"]["message"]


def test_my_games_lists_the_unfinished_tables_with_my_turn_first_in_the_badge(
    timed: TestClient,
) -> None:
    ana, bia = guest(timed, "Ana"), guest(timed, "Bia")
    assert mine(timed, ana) == {"games": [], "my_turn": 0}
    duel = table(timed, ana, [HUMAN, HUMAN], clock={"days_per_move": 3}).json()
    sit(timed, duel, 0, ana)
    bia_token = sit(timed, duel, 1, bia)
    advance(timed, 60)
    solo = table(timed, ana, [HUMAN, BOT]).json()  # created, not sat at yet: not my turn
    listed = mine(timed, ana)
    assert [g["table"]["id"] for g in listed["games"]] == [solo["table"]["id"], duel["table"]["id"]]
    first = listed["games"][1]
    assert first["seat"] == 0 and first["my_turn"] is True and listed["my_turn"] == 1
    assert first["time_left_ms"] == 3 * 86_400_000 - 60_000
    assert first["last_move"] is None and first["table"]["turn_based"] is True
    assert mine(timed, bia)["my_turn"] == 0  # Black waits for White
    # White moves: now Bia's turn, with the move shown to both.
    legal = view(timed, duel["table"]["id"], next(
        t["token"] for t in duel["tokens"] if t["seat"] == 0))["legal"][0]  # fmt: skip
    white = next(t["token"] for t in duel["tokens"] if t["seat"] == 0)
    moved = timed.post(f"/api/tables/{duel['table']['id']}/commands",
                       json={"type": "action", "action": legal["action"], "seq": 4},
                       headers={"X-Seat-Token": white})  # fmt: skip
    assert moved.status_code == 200, moved.text
    theirs = mine(timed, bia)
    assert theirs["my_turn"] == 1 and theirs["games"][0]["last_move"]["text"] == legal["text"]
    assert bia_token and mine(timed, ana)["my_turn"] == 0
    assert timed.get("/api/players/me/games").status_code == 401  # a key is needed


def test_leaving_from_my_games_frees_the_cap(timed: TestClient) -> None:
    ana = guest(timed, "Ana")
    made = [table(timed, ana, [HUMAN, BOT]).json() for _ in range(3)]
    sit(timed, made[0], 0, ana)  # one in play, two waiting for their creator
    assert table(timed, ana, [HUMAN, BOT]).status_code == 429
    for one in made:
        reply = timed.post(f"/api/players/me/games/{one['table']['id']}/leave", headers=ana)
        assert reply.status_code == 200, reply.text
        assert reply.json()["table"]["status"] in ("finished", "expired")
    assert mine(timed, ana)["games"] == []
    assert table(timed, ana, [HUMAN, BOT]).status_code == 201
    stranger = guest(timed, "Bia")
    other = table(timed, ana, [HUMAN, BOT]).json()
    reply = timed.post(f"/api/players/me/games/{other['table']['id']}/leave", headers=stranger)
    assert reply.json()["error"]["code"] == "not_seated"


def test_untimed_tables_with_bots_nobody_touched_end_by_themselves(timed: TestClient) -> None:
    ana = guest(timed, "Ana")
    idle = table(timed, ana, [HUMAN, BOT]).json()
    sit(timed, idle, 0, ana)
    timed_table = table(timed, ana, [HUMAN, BOT], clock={"days_per_move": 14}).json()
    sit(timed, timed_table, 0, ana)
    service = timed.app.state.service  # type: ignore[attr-defined]
    advance(timed, 2 * 86_400)
    timed.portal.call(service.sweeper.run_once)  # type: ignore[union-attr]
    assert timed.get(f"/api/tables/{idle['table']['id']}").json()["status"] == "playing"
    advance(timed, 1.1 * 86_400)
    timed.portal.call(service.sweeper.run_once)  # type: ignore[union-attr]
    ended = timed.get(f"/api/tables/{idle['table']['id']}").json()
    assert ended["status"] == "expired"
    kept = timed.get(f"/api/tables/{timed_table['table']['id']}").json()
    assert kept["status"] == "playing"  # a clock ends a timed table: 14 days to move here
