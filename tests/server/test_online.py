"""Real online play through the API: clocks and timeouts in every game, clocks across a
restart, absence (a bot until the player returns, or a claim), open seats and quick play."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import make_client
from tests.server.helpers import create, hello, receive, receive_until
from tests.tables.fakes import FakeClock

BOT = {"kind": "bot", "level": "random"}
HUMAN = {"kind": "human"}


def wait_for(check: Callable[[], Any], seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    answer: dict[str, Any] = client.get(f"/api/tables/{table}/view", headers=headers).json()
    return answer


def join(client: TestClient, table: str, token: str, name: str) -> None:
    reply = client.post(f"/api/tables/{table}/join", json={"name": name},
                        headers={"X-Seat-Token": token})  # fmt: skip
    assert reply.status_code == 200, reply.text


def events(client: TestClient, table: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/api/tables/{table}/events").json()["events"]
    return found


def advance(client: TestClient, seconds: float) -> None:
    """Move the server's fake clock on, in the server's own event loop."""
    clock = client.app.state.service.clock  # type: ignore[attr-defined]
    assert isinstance(clock, FakeClock)
    client.portal.call(clock.advance, seconds)  # type: ignore[union-attr]


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose clock moves only when the test says (`advance`)."""
    with make_client(tmp_path, FakeClock()) as test_client:
        yield test_client


def test_a_fischer_clock_runs_for_the_seat_to_move_and_a_timeout_loses(
    timed: TestClient,
) -> None:
    client = timed
    made = create(client, "regulator", [HUMAN, HUMAN], clock={"initial_s": 2, "increment_s": 1})
    table = made["table"]["id"]
    white, black = (t["token"] for t in made["tokens"])
    join(client, table, white, "Ana")
    join(client, table, black, "Bruno")
    first = view(client, table, white)
    assert first["clocks"]["running"] == [0] and first["clocks"]["per_move"] is False
    move = first["legal"][0]["action"]
    client.post(f"/api/tables/{table}/commands", json={"type": "action", "action": move,
                "seq": first["seq"]}, headers={"X-Seat-Token": white})  # fmt: skip
    after = view(client, table)
    assert after["clocks"]["running"] == [1]
    assert after["clocks"]["remaining_ms"] == [3000, 2000]  # the increment came on top
    advance(client, 1.99)
    assert view(client, table)["status"] == "playing"
    advance(client, 0.02)
    done = wait_for(lambda: (v := view(client, table))["status"] == "finished" and v, 10)
    assert done["result"]["outcomes"] == ["win", "loss"]
    assert "Black ran out of time" in done["result"]["reason"]
    assert [e["seat"] for e in events(client, table) if e["kind"] == "timeout"] == [1]


def test_a_per_move_clock_in_regicide_loses_for_the_whole_team(client: TestClient) -> None:
    made = create(client, "regicide", [HUMAN, BOT, BOT, BOT], clock={"per_move_s": 1})
    table, yellow = made["table"]["id"], made["tokens"][0]["token"]
    join(client, table, yellow, "Caio")
    assert view(client, table)["clocks"]["per_move"] is True
    done = wait_for(lambda: (v := view(client, table))["status"] == "finished" and v, 10)
    assert done["result"]["outcomes"] == ["loss", "win", "loss", "win"]
    assert "Yellow ran out of time" in done["result"]["reason"]


def test_in_regicida_a_timed_out_seat_is_played_by_a_bot_from_then_on(client: TestClient) -> None:
    made = create(client, "regicida", [HUMAN, BOT, BOT], clock={"per_move_s": 1}, seed=4)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    join(client, table, token, "Duda")
    taken = wait_for(lambda: [e for e in events(client, table) if e["kind"] == "takeover"], 15)
    # The stand-in plays at the table's level: its opponents are Beginner bots.
    assert taken[0]["seat"] == 0 and taken[0]["for_good"] is True and taken[0]["level"] == "random"
    assert any(e["kind"] == "timeout" and e["seat"] == 0 for e in events(client, table))
    done = wait_for(lambda: (v := view(client, table))["status"] == "finished" and v, 60)
    assert len(done["result"]["outcomes"]) == 3  # scored as the game says, bot or not
    mine = [e for e in events(client, table) if e["kind"] == "action" and e["seat"] == 0]
    assert len(mine) >= 3  # the bot went on playing the seat
    reply = client.post(f"/api/tables/{table}/commands", json={"type": "chat", "text": "gg"},
                        headers={"X-Seat-Token": token})  # fmt: skip
    assert reply.status_code == 200


def test_clocks_survive_a_restart_and_downtime_is_not_charged(tmp_path: Path) -> None:
    clock = FakeClock()
    with make_client(tmp_path, clock) as client:
        made = create(client, "regulator", [HUMAN, HUMAN], clock={"initial_s": 60})
        table = made["table"]["id"]
        for token, name in zip((t["token"] for t in made["tokens"]), ("Ana", "Bruno"), strict=True):
            join(client, table, token, name)
        advance(client, 1.0)
        before = view(client, table)["clocks"]["remaining_ms"][0]
        assert before == 59_000
    clock.t += 3600  # no server runs the table for an hour
    with make_client(tmp_path, clock) as client:
        after = view(client, table)["clocks"]
        assert after["running"] == [0]
        assert after["remaining_ms"][0] == before
        resumed = [e for e in events(client, table) if e["kind"] == "resumed"]
        assert len(resumed) == 1


def test_an_absent_player_is_played_by_a_bot_until_they_return(client: TestClient) -> None:
    made = create(client, "regicida", [HUMAN, HUMAN, BOT], seed=3,
                  absence={"grace_s": 1, "then": "bot"})  # fmt: skip
    table = made["table"]["id"]
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    for seat, token in tokens.items():
        join(client, table, token, f"P{seat}")
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        hello(watcher, tokens[1])  # seat 1 is here; seat 0 never connects
        # Seat 1 plays when it is to act (a Regicida seed is mixed with the server's own, so
        # who acts first is not known here) until a bot takes seat 0 over.
        while True:
            message = receive(watcher)
            if message["type"] == "view" and message["legal"]:
                action = message["legal"][0]["action"]
                watcher.send_json({"type": "action", "action": action, "seq": message["seq"]})
            kind = message["event"]["kind"] if message["type"] == "event" else None
            if kind == "takeover" and message["event"]["seat"] == 0:
                taken = message
                break
        assert taken["event"]["for_good"] is False
        shown = receive_until(watcher, "presence")
        assert shown["presence"][0] == {"connected": False, "bot": True}
    with client.websocket_connect(f"/ws/tables/{table}") as back:
        hello(back, tokens[0])
        wait_for(lambda: any(e["kind"] == "returned" and e["seat"] == 0
                             for e in events(client, table)), 10)  # fmt: skip
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["seats"][0]["bot_playing"] is False


def test_opponents_may_claim_the_win_from_an_absent_player(timed: TestClient) -> None:
    client = timed
    made = create(client, "regulator", [HUMAN, HUMAN], absence={"grace_s": 1, "then": "claim"})
    table = made["table"]["id"]
    white, black = (t["token"] for t in made["tokens"])
    join(client, table, white, "Ana")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, black, "Bruno")
        url, headers = f"/api/tables/{table}/commands", {"X-Seat-Token": black}
        early = client.post(url, json={"type": "claim"}, headers=headers)
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_claimable"
        advance(client, 0.9)
        assert not view(client, table, black)["claimable"]
        advance(client, 0.2)
        assert view(client, table, black)["claimable"]
        assert not view(client, table, white)["claimable"]
        reply = client.post(url, json={"type": "claim"}, headers=headers)
        assert reply.status_code == 200, reply.text
    result = view(client, table)["result"]
    assert result["outcomes"] == ["loss", "win"]
    assert result["reason"] == "White left the game; Black claimed the win"


def test_an_open_seat_is_taken_once_and_the_table_starts(client: TestClient) -> None:
    made = create(client, "regulator", [HUMAN, {"kind": "open"}])
    table, mine = made["table"]["id"], made["tokens"][0]["token"]
    assert [t["seat"] for t in made["tokens"]] == [0]
    join(client, table, mine, "Ana")
    listed = client.get("/api/tables", params={"status": "waiting"}).json()
    seat = next(t for t in listed if t["id"] == table)["seats"][1]
    assert seat["kind"] == "open" and not seat["joined"]
    taken = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "Eva"})
    assert taken.status_code == 200, taken.text
    token = taken.json()["token"]
    assert taken.json()["table"]["status"] == "playing"
    assert view(client, table, token)["view"] is not None
    again = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "Fred"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 0}).status_code == 409


@pytest.mark.parametrize("clock", [None, {"initial_s": 180, "increment_s": 2}])
def test_quick_play_fills_the_oldest_waiting_table_first(
    client: TestClient, clock: dict[str, int] | None
) -> None:
    body = {"game": "regulator", "clock": clock, "name": "Ana"}
    first = client.post("/api/quickplay", json=body).json()
    assert first["seat"] == 0 and first["table"]["status"] == "waiting"
    other_clock = {"game": "regulator", "clock": {"per_move_s": 30}, "name": "Zé"}
    elsewhere = client.post("/api/quickplay", json=other_clock).json()
    assert elsewhere["table"]["id"] != first["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{first['table']['id']}") as ws:
        hello(ws, first["token"], "Ana")  # quick play pairs only with a seeker still here
        second = client.post("/api/quickplay", json={**body, "name": "Bruno"}).json()
    assert second["table"]["id"] == first["table"]["id"] and second["seat"] == 1
    assert second["table"]["status"] == "playing"
    assert second["table"]["clock"] == clock
    third = client.post("/api/quickplay", json={**body, "name": "Caio"}).json()
    assert third["table"]["id"] not in (first["table"]["id"], elsewhere["table"]["id"])
