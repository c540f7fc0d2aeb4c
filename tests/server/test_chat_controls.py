"""Chat controls of issue 29: a table created with its chat off refuses chat lines
(`chat_off`) and says so in its summary, also after a restart; a player who wants no chat
(`PUT /api/players/me/chat`) is sent no chat lines and cannot write any; spectators chat
among themselves (limited per connection) and no seat ever hears of it; a chat-off player's
line is refused over HTTP as over the WebSocket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings
from tests.server.helpers import create, receive
from tests.tables.fakes import FakeClock

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def say(client: TestClient, table: str, token: str, text: str) -> tuple[int, dict]:
    said = client.post(f"/api/tables/{table}/commands", json={"type": "chat", "text": text},
                       headers={"X-Seat-Token": token})  # fmt: skip
    return said.status_code, said.json()


def test_a_table_created_with_chat_off_refuses_chat_lines(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        quiet = create(client, "regulator", HUMANS, chat=False)
        assert quiet["table"]["chat"] is False
        table, token = quiet["table"]["id"], quiet["tokens"][0]["token"]
        status, body = say(client, table, token, "hello")
        assert (status, body["error"]["code"]) == (403, "chat_off")
        assert client.get(f"/api/tables/{table}/chat").json()["chat"] == []
        talky = create(client, "regulator", HUMANS)
        assert talky["table"]["chat"] is True
        assert say(client, talky["table"]["id"], talky["tokens"][0]["token"], "hi")[0] == 200
    with TestClient(create_app(settings, FakeClock())) as client:  # as stored
        assert client.get(f"/api/tables/{table}").json()["chat"] is False
        assert say(client, table, token, "hello")[1]["error"]["code"] == "chat_off"


def test_a_player_who_wants_no_chat_is_sent_none_and_cannot_write(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        ana = {
            "X-Player-Key": client.post("/api/players", json={"name": "Ana"}).json()["player_key"]
        }
        assert client.get("/api/players/me/chat", headers=ana).json() == {"on": True}
        turned = client.put("/api/players/me/chat", json={"on": False}, headers=ana)
        assert turned.json() == {"on": False}
        made = create(client, "regulator", HUMANS)
        table, mine, theirs = (
            made["table"]["id"],
            made["tokens"][0]["token"],
            made["tokens"][1]["token"],
        )
        assert say(client, table, theirs, "before")[0] == 200
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "token": mine, "last_seq": 0,
                          "player_key": ana["X-Player-Key"]})  # fmt: skip
            assert say(client, table, theirs, "after")[0] == 200
            ws.send_json({"type": "chat", "text": "mine"})
            ws.send_json({"type": "ping", "id": 1})
            seen = []
            while (message := receive(ws))["type"] != "pong":
                seen.append(message)
        assert not [m for m in seen if m["type"] == "event" and m["event"]["kind"] == "chat"]
        assert [m["code"] for m in seen if m["type"] == "error"] == ["chat_off"]
        assert client.get(f"/api/tables/{table}/chat", headers=ana).json()["chat"] == []
        events = client.get(f"/api/tables/{table}/events", headers=ana).json()["events"]
        assert not [e for e in events if e["kind"] == "chat"]
        others = client.get(f"/api/tables/{table}/chat").json()["chat"]
        assert [line["text"] for line in others] == ["before", "after"]
    with TestClient(create_app(settings, FakeClock())) as client:  # kept
        assert client.get("/api/players/me/chat", headers=ana).json() == {"on": False}


def chats(messages: list[dict]) -> list[str]:
    return [m["event"]["text"] for m in messages if m["type"] == "event"
            and m["event"]["kind"] == "chat"]  # fmt: skip


def until_pong(ws: Any, ping: int) -> list[dict]:
    ws.send_json({"type": "ping", "id": ping})
    seen = []
    while (message := receive(ws))["type"] != "pong":
        seen.append(message)
    return seen


def test_spectators_chat_among_themselves_and_players_never_see_it(tmp_path: Path) -> None:
    # Open to anyone (REGALIA_SPECTATOR_CHAT=anyone): anonymous lines, limited per connection.
    settings = Settings(
        data_dir=tmp_path,
        bot_workers=1,
        bot_workers_on_demand=True,
        bot_seconds=0.5,
        spectator_chat="anyone",
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        made = create(client, "regulator", HUMANS)
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        with (
            client.websocket_connect(f"/ws/tables/{table}") as player,
            client.websocket_connect(f"/ws/tables/{table}") as watcher,
            client.websocket_connect(f"/ws/tables/{table}") as other,
        ):
            player.send_json({"type": "hello", "token": token, "last_seq": 0})
            for ws in (watcher, other):
                ws.send_json({"type": "hello", "token": None, "last_seq": 0})
            until_pong(player, 0), until_pong(other, 0)
            for n in range(6):  # a burst of 5, then one every 2 s (per connection)
                watcher.send_json({"type": "chat", "text": f"psst {n}"})
            mine = until_pong(watcher, 1)
            assert chats(mine) == [f"psst {n}" for n in range(5)]
            assert [m["code"] for m in mine if m["type"] == "error"] == ["rate_limited"]
            assert say(client, table, token, "from the seat")[0] == 200
            assert chats(until_pong(other, 2)) == [
                *(f"psst {n}" for n in range(5)),
                "from the seat",
            ]
            assert chats(until_pong(player, 3)) == ["from the seat"]
        seat = {"X-Seat-Token": token}
        events = client.get(f"/api/tables/{table}/events", headers=seat).json()["events"]
        assert [e["text"] for e in events if e["kind"] == "chat"] == ["from the seat"]
        lines = client.get(f"/api/tables/{table}/chat", headers=seat).json()["chat"]
        assert [line["text"] for line in lines] == ["from the seat"]
        watched = client.get(f"/api/tables/{table}/chat").json()["chat"]
        assert len(watched) == 6 and watched[0]["spectators"] is True
        with client.websocket_connect(f"/ws/tables/{table}") as again:  # a seat's catch-up
            again.send_json({"type": "hello", "token": token, "last_seq": 0})
            assert chats(until_pong(again, 4)) == ["from the seat"]


def test_a_signed_in_spectator_chats_under_their_name(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        ana = client.post("/api/players", json={"name": "Ana"}).json()["player_key"]
        table = create(client, "regulator", HUMANS)["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            watcher.send_json({"type": "hello", "token": None, "last_seq": 0, "player_key": ana})
            watcher.send_json({"type": "chat", "text": "hello stands"})
            lines = [m["event"] for m in until_pong(watcher, 1) if m["type"] == "event"]
        assert [(e["name"], e["text"]) for e in lines if e["kind"] == "chat"] == [
            ("Ana", "hello stands")
        ]


def test_a_player_who_wants_no_chat_cannot_write_over_http_either(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        ana = {
            "X-Player-Key": client.post("/api/players", json={"name": "Ana"}).json()["player_key"]
        }
        made = create(client, "regulator", HUMANS)
        table, mine = made["table"]["id"], made["tokens"][0]["token"]
        joined = client.post(f"/api/tables/{table}/join", json={},
                             headers={"X-Seat-Token": mine, **ana})  # fmt: skip
        assert joined.status_code == 200, joined.text
        assert say(client, table, mine, "chat on") == (200, {"seq": 3})
        client.put("/api/players/me/chat", json={"on": False}, headers=ana)
        status, body = say(client, table, mine, "chat off")  # at once, no cache to wait out
        assert (status, body["error"]["code"]) == (403, "chat_off")
        client.put("/api/players/me/chat", json={"on": True}, headers=ana)
        assert say(client, table, mine, "chat on again")[0] == 200
        lines = client.get(f"/api/tables/{table}/chat").json()["chat"]
        assert [line["text"] for line in lines] == ["chat on", "chat on again"]
