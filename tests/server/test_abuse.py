"""Abuse found by probing (issue 12), each refused in the documented shape and kept so.

Floods of tables and chat, caps on bot tables, hostile WebSocket frames (a lone surrogate,
deep nesting, multi-byte padding), echoed megabytes and a negative seq.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import HttpLimits, Settings
from regalia.tables.limits import Limits
from tests.server.helpers import create, hello, receive_until

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


def client_with(tmp_path: Path, **limits: Any) -> TestClient:
    http = {k: v for k, v in limits.items() if k in HttpLimits.__dataclass_fields__}
    tables = {k: v for k, v in limits.items() if k in Limits.__dataclass_fields__}
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5,
        http=HttpLimits(**http), tables=Limits(**tables),
    )  # fmt: skip
    return TestClient(create_app(settings))


def test_a_burst_of_table_creation_gets_429_with_retry_after(tmp_path: Path) -> None:
    with client_with(tmp_path, create_burst=3, create_per_minute=1) as client:
        codes = [
            client.post("/api/tables", json={"game": "regulator", "seats": HUMAN_AND_BOT[:1] * 2})
            for _ in range(5)
        ]
        assert [c.status_code for c in codes] == [201, 201, 201, 429, 429]
        refused = codes[-1]
        assert refused.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        # Other writes have their own bucket: a spectator's read is never limited.
        assert client.get("/api/tables").status_code == 200


def test_bot_tables_are_capped_per_client_and_overall(tmp_path: Path) -> None:
    with client_with(tmp_path, bot_tables_per_client=2, bot_tables=3) as client:
        body = {"game": "regulator", "seats": HUMAN_AND_BOT}
        assert [client.post("/api/tables", json=body).status_code for _ in range(2)] == [201] * 2
        mine = client.post("/api/tables", json=body)
        assert mine.status_code == 429 and mine.json()["error"]["code"] == "too_many_tables"
        assert "at most 2" in mine.json()["error"]["message"]
        # Tables of humans only are not capped: nothing runs for them until people play.
        people = {"game": "regulator", "seats": [{"kind": "human"}] * 2}
        assert client.post("/api/tables", json=people).status_code == 201


def test_the_overall_cap_answers_busy(tmp_path: Path) -> None:
    with client_with(tmp_path, bot_tables=1) as client:
        body = {"game": "regulator", "seats": HUMAN_AND_BOT}
        assert client.post("/api/tables", json=body).status_code == 201
        busy = client.post("/api/tables", json=body)
        assert busy.status_code == 503 and busy.json()["error"]["code"] == "busy"
        assert "retry-after" in busy.headers


def test_chat_is_limited_per_seat_and_a_reconnection_gets_the_last_lines(tmp_path: Path) -> None:
    with client_with(tmp_path, chat_burst=3, chat_per_second=0.01, chat_history=2) as client:
        made = create(client, "regulator", [{"kind": "human"}] * 2)
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        url, headers = f"/api/tables/{table}/commands", {"X-Seat-Token": token}
        client.post(f"/api/tables/{table}/join", json={"name": "Ana"}, headers=headers)
        replies = [
            client.post(url, json={"type": "chat", "text": f"line {n}"}, headers=headers)
            for n in range(6)
        ]
        assert [r.status_code for r in replies] == [200, 200, 200, 429, 429, 429]
        assert replies[-1].json()["error"]["code"] == "rate_limited"
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            welcome = hello(ws, None)
            assert welcome["older_chat"] is True
            chat = []
            while True:
                message = ws.receive_json()
                if message["type"] == "view":
                    break
                if message["event"]["kind"] == "chat":
                    chat.append(message["event"]["text"])
        assert chat == ["line 1", "line 2"]
        older = client.get(f"/api/tables/{table}/chat", params={"limit": 10}).json()["chat"]
        assert [c["text"] for c in older] == ["line 0", "line 1", "line 2"]


def test_hostile_websocket_frames_get_errors_and_leave_the_socket_open(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    with caplog.at_level(logging.INFO):
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_text('{"type": "hello", "token": "\\ud800", "last_seq": 0}')
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["code"] == "bad_json"
            assert "Unicode" in refused["message"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            hello(ws, token, "Ana")
            deep = "[" * 999 + "]" * 999
            padded = '{"type": "chat", "text": "' + "€" * 6000 + '"}'  # 6k chars, 18k bytes
            for frame in (deep, padded, '{"type": "action", "action": "b1c3", "seq": -1}'):
                ws.send_text(frame)
                answer = receive_until(ws, "error")
                assert answer["code"] in ("bad_json", "too_large", "bad_message"), answer
            ws.send_json({"type": "ping", "id": 1})
            assert receive_until(ws, "pong")["id"] == 1
    assert "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_negative_seq_is_malformed_not_ahead(client: TestClient) -> None:
    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, token, "Ana")
        ws.send_json({"type": "action", "action": "b1c3", "seq": -1})
        answer = receive_until(ws, "error")
        assert answer["code"] == "bad_message" and "ahead" not in answer["message"]
    reply = client.post(
        f"/api/tables/{table}/commands", json={"type": "action", "action": "b1c3", "seq": -1},
        headers={"X-Seat-Token": token},
    )  # fmt: skip
    assert reply.status_code == 422 and reply.json()["error"]["code"] == "invalid"


@pytest.mark.parametrize(
    "body",
    [
        {"game": "regulator", "seats": HUMAN_AND_BOT, "options": {"x" * 1_000_000: 1}},
        {"game": "regulator", "seats": HUMAN_AND_BOT, "options": {"regulator": "y" * 1_000_000}},
        {"game": "g" * 1_000_000, "seats": HUMAN_AND_BOT},
        {"game": "regulator", "seats": HUMAN_AND_BOT, "options": {"nonsense" + "z" * 20: 1}},
    ],
)
def test_errors_quote_only_a_short_prefix_of_what_was_sent(
    client: TestClient, body: dict[str, Any]
) -> None:
    reply = client.post("/api/tables", json=body)
    assert 400 <= reply.status_code < 500
    assert len(reply.content) < 600, reply.content[:200]
