"""Bad input gets a clear error, changes nothing, and never closes anyone else's game."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import create, hello, receive_until


def two_humans(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], seed=9)
    return made["table"]["id"], [t["token"] for t in made["tokens"]]


def error_code(response: object) -> str:
    code: str = response.json()["error"]["code"]  # type: ignore[attr-defined]
    return code


def test_http_errors_have_codes_and_messages(client: TestClient) -> None:
    table, (t0, _t1) = two_humans(client)
    url = f"/api/tables/{table}/commands"
    bad_json = client.post(
        "/api/tables", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert bad_json.status_code == 400 and error_code(bad_json) == "bad_json"
    assert error_code(client.get("/api/tables/nosuchtable")) == "unknown_table"
    assert client.get("/api/tables/../../etc").status_code == 404
    forged = client.post(url, json={"type": "resign"}, headers={"X-Seat-Token": "x" * 32})
    assert forged.status_code == 401 and error_code(forged) == "bad_token"
    _other_table, (other_token, _) = two_humans(client)
    wrong = client.post(url, json={"type": "resign"}, headers={"X-Seat-Token": other_token})
    assert error_code(wrong) == "bad_token"
    anonymous = client.post(url, json={"type": "resign"})
    assert anonymous.status_code == 401 and error_code(anonymous) == "not_seated"
    early = client.post(url, json={"type": "action", "action": "bid 1", "seq": 1},
                        headers={"X-Seat-Token": t0})  # fmt: skip
    assert error_code(early) == "not_started"
    huge = client.post(url, json={"type": "chat", "text": "x" * 5000}, headers={"X-Seat-Token": t0})
    assert huge.status_code == 422
    unknown_game = client.post("/api/tables", json={"game": "go", "seats": [{"kind": "human"}]})
    assert error_code(unknown_game) == "unknown_game"
    bad_level = client.post(
        "/api/tables", json={"game": "toy", "seats": [{"kind": "bot", "level": "god"}] * 2}
    )
    assert bad_level.status_code == 400 and "god" in bad_level.json()["error"]["message"]
    seats = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "human"}] * 5})
    assert error_code(seats) == "bad_options"
    option = client.post(
        "/api/tables",
        json={"game": "toy", "seats": [{"kind": "human"}] * 2, "options": {"rounds": 99}},
    )
    assert error_code(option) == "bad_options" and "rounds" in option.json()["error"]["message"]
    flood = client.post("/api/replays", content=b'{"record": "' + b"x" * (5 << 20) + b'"}',
                        headers={"content-type": "application/json"})  # fmt: skip
    assert flood.status_code == 413 and error_code(flood) == "too_large"
    assert client.get(f"/api/tables/{table}").json()["seq"] == 1


def test_websocket_errors_keep_the_connection_and_the_game(client: TestClient) -> None:
    table, (t0, t1) = two_humans(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as a,
        client.websocket_connect(f"/ws/tables/{table}") as b,
    ):
        hello(a, t0, "Ann")
        hello(b, t1, "Bob")
        view = receive_until(a, "view", status="playing")
        seq = view["seq"]
        a.send_text("{not json")
        assert receive_until(a, "error")["code"] == "bad_json"
        a.send_text("[1, 2]")
        assert receive_until(a, "error")["code"] == "bad_message"
        a.send_text('{"type": "chat", "text": "' + "x" * 20000 + '"}')
        assert receive_until(a, "error")["code"] == "too_large"
        a.send_bytes(b"\x00\x01")
        assert receive_until(a, "error")["code"] == "bad_message"
        a.send_json({"type": "action", "action": "bid 5", "seq": seq})
        illegal = receive_until(a, "error")
        assert illegal["code"] == "illegal" and illegal["seq"] == seq
        a.send_json({"type": "action", "action": "¿qué?", "seq": seq})
        assert receive_until(a, "error")["code"] == "bad_notation"
        a.send_json({"type": "action", "action": "bid 1", "seq": seq + 5})
        assert receive_until(a, "error")["code"] == "stale"
        a.send_json({"type": "hello", "token": t0})
        assert receive_until(a, "error")["code"] == "bad_message"
        a.send_json({"type": "ping", "id": 7})
        assert receive_until(a, "pong")["id"] == 7
        # Nothing changed; both players can still play.
        a.send_json({"type": "action", "action": "bid 1", "seq": seq})
        b.send_json({"type": "action", "action": "bid 2", "seq": seq})
        assert receive_until(b, "view", seq=seq + 2)["view"]["bids"] == [1, 2]


def test_a_bad_hello_closes_only_that_connection(client: TestClient) -> None:
    table, (t0, _t1) = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        hello(a, t0, "Ann")
        with client.websocket_connect(f"/ws/tables/{table}") as intruder:
            intruder.send_json({"type": "hello", "token": "forged-token"})
            assert intruder.receive_json()["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as closed:
                intruder.receive_json()
            assert closed.value.code == 4401
        with client.websocket_connect(f"/ws/tables/{table}") as rude:
            rude.send_text("hello?")
            assert rude.receive_json()["code"] == "bad_json"
        with client.websocket_connect("/ws/tables/nosuchtable") as lost:
            assert lost.receive_json()["code"] == "unknown_table"
        a.send_json({"type": "chat", "text": "still here"})
        assert receive_until(a, "event")["event"]["kind"] in {"chat", "joined", "created"}
