"""What a real game sends, over the WebSocket and HTTP, is what `regalia.wire` declares.

The server builds its messages as dicts (no model on the send path); these tests hold the
dicts to the models, field for field: a field added or renamed on one side only fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from pydantic import BaseModel, TypeAdapter
from starlette.testclient import WebSocketTestSession

from regalia import wire
from regalia.metrics import REGISTRY
from regalia.protocol import ErrorCode, EventKind, MessageType
from regalia.server.schemas import EventsOut
from tests.server.helpers import create

EVENTS: TypeAdapter[Any] = TypeAdapter(list[wire.Event])


def exact(model: BaseModel) -> None:
    """No field the model does not declare, at any depth (events allow extras for old rows)."""
    assert not model.model_extra, (type(model).__name__, model.model_extra)
    for name in type(model).model_fields:
        value = getattr(model, name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, BaseModel):
                exact(item)


class Socket:
    """A WebSocket that checks every message it reads against the server models."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.kinds: set[str] = set()
        self.events: set[str] = set()
        self.waiting: list[dict[str, Any]] = []  # read in a frame, not yet looked at
        self.frames = 0

    def until(self, kind: str, **match: Any) -> dict[str, Any]:
        for _ in range(1000):
            if not self.waiting:
                frame = self.ws.receive_json()
                wire.FRAME.validate_python(frame)
                self.frames += 1
                self.waiting.extend(frame if isinstance(frame, list) else [frame])
            message: dict[str, Any] = self.waiting.pop(0)
            exact(wire.SERVER.validate_python(message))
            self.kinds.add(message["type"])
            if message["type"] == MessageType.EVENT:
                self.events.add(message["event"]["kind"])
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message
        raise AssertionError(f"no {kind} message")

    def send(self, **message: Any) -> None:
        wire.CLIENT.validate_python(message)  # what the test sends is a client message too
        self.ws.send_json(message)


def test_every_message_of_a_game_matches_the_wire_models(client: TestClient) -> None:
    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, (t0, t1) = made["table"]["id"], [t["token"] for t in made["tokens"]]
    wire.TableSummary.model_validate(made["table"])
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w,
        client.websocket_connect(f"/ws/tables/{table}") as b,
        client.websocket_connect(f"/ws/tables/{table}") as s,
    ):
        white, black, watcher = Socket(w), Socket(b), Socket(s)
        watcher.send(type="hello", token=None, last_seq=0, lang="pt-BR")
        watcher.until("view")
        white.send(type="hello", token=t0, name="Ann", last_seq=0)
        white.until("welcome")
        black.send(type="hello", token=t1, name="Bob", last_seq=0, player_key=None)
        view = white.until("view", status="playing")
        black.until("presence")
        white.send(type="ping", id="p1")
        assert white.until("pong")["id"] == "p1"
        white.send(type="chat", text="good luck")
        black.until("event")
        white.send(type="action", action="nonsense!", seq=view["seq"])
        assert white.until("error")["code"] == ErrorCode.BAD_NOTATION
        white.send(type="action", action=view["legal"][0]["action"], seq=view["seq"])
        white.send(type="offer_draw")
        black.until("view", draw_offer=0)
        black.send(type="decline_draw")
        white.until("view", draw_offer=None)
        black.send(type="resign")
        white.until("view", status="finished")
        white.send(type="rematch")
        black.send(type="rematch")
        black.until("event")
        final = watcher.until("view", status="finished")
        white.ws.close()
        black.until("presence")
    for sock in (white, black):
        assert sock.kinds >= {"welcome", "event", "view", "presence"}
    assert white.kinds >= {"pong", "error"}
    assert {EventKind.CHAT, EventKind.ACTION, EventKind.DRAW_OFFERED, EventKind.DRAW_DECLINED,
            EventKind.RESIGNED, EventKind.FINISHED} <= black.events  # fmt: skip
    assert final["result"] is not None

    # The same table over HTTP: summaries, views and the event log of each viewer.
    exact(wire.TableSummary.model_validate(client.get(f"/api/tables/{table}").json()))
    for summary in client.get("/api/tables").json():
        exact(wire.TableSummary.model_validate(summary))
    for headers in ({}, {"X-Seat-Token": t0}):
        view = client.get(f"/api/tables/{table}/view", headers=headers).json()
        exact(wire.View.model_validate(view))
        log = client.get(f"/api/tables/{table}/events", headers=headers).json()
        for event in EventsOut.model_validate(log).events:
            exact(event)
        assert {e["kind"] for e in log["events"]} >= {EventKind.CREATED, EventKind.REMATCH}
    refused = client.post(f"/api/tables/{table}/commands", json={"type": "offer_draw"},
                          headers={"X-Seat-Token": t0})  # fmt: skip
    assert refused.status_code == ErrorCode(refused.json()["error"]["code"]).status
    exact(wire.ErrorOut.model_validate(refused.json()))


def test_a_move_reaches_each_connection_as_one_frame_its_events_then_its_view(
    client: TestClient,
) -> None:
    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, (t0, t1) = made["table"]["id"], [t["token"] for t in made["tokens"]]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w,
        client.websocket_connect(f"/ws/tables/{table}") as b,
    ):
        white, black = Socket(w), Socket(b)
        white.send(type="hello", token=t0, name="Ann", last_seq=0)
        black.send(type="hello", token=t1, name="Bob", last_seq=0)
        view = white.until("view", status="playing")
        black.until("view", status="playing")
        assert not white.waiting and not black.waiting
        white.send(type="action", action=view["legal"][0]["action"], seq=view["seq"])
        for sock in (white, black):
            frame = sock.ws.receive_json()
            while not isinstance(frame, list):  # a presence or view sent before the move
                assert frame["type"] != MessageType.EVENT, frame
                frame = sock.ws.receive_json()
            assert [m["type"] for m in frame] == [MessageType.EVENT, MessageType.VIEW]
            assert frame[0]["event"]["kind"] == EventKind.ACTION
            assert frame[1]["seq"] == frame[0]["event"]["seq"] == view["seq"] + 1


def test_a_command_is_refused_in_the_same_words_on_both_transports(client: TestClient) -> None:
    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    seq = "seq must be a whole number, 0 or more"
    bad = [
        ({"type": "action", "action": "b1c3", "seq": -1}, seq),
        ({"type": "action", "action": "b1c3", "seq": True}, seq),
        ({"type": "action", "action": "b1c3"}, "an action message needs 'action' and 'seq'"),
        ({"type": "chat", "text": "  "}, "a chat message needs a non-empty 'text'"),
        ({"type": "chat", "text": "x" * 501}, "text is longer than 500 characters"),
        ({"type": "chat", "text": 5}, "text must be a string"),
        ({"type": "fly"}, "unknown message type 'fly'; use one of join, action, chat, resign, "
         "offer_draw, accept_draw, decline_draw, rematch, leave, claim, offer_takeback, "
         "accept_takeback, decline_takeback"),
    ]  # fmt: skip
    url, headers = f"/api/tables/{table}/commands", {"X-Seat-Token": token}
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        sock = Socket(ws)
        sock.send(type="hello", token=token, name="Ann", last_seq=0)
        sock.until("view")
        for message, text in bad:
            ws.send_json(message)
            answer = sock.until("error")
            assert answer["message"] == text
            assert answer["code"] == (
                ErrorCode.TOO_LARGE if "longer" in text else ErrorCode.BAD_MESSAGE
            )
            over_http = client.post(url, json=message, headers=headers)
            # HTTP answers a body that fails its schema with 422 `invalid`, as for every route.
            assert over_http.status_code == 422
            assert over_http.json()["error"] == {"code": ErrorCode.INVALID, "message": text}


def test_the_protocol_is_published(client: TestClient) -> None:
    published = client.get("/api/protocol").json()
    assert published["errors"] == {code.value: code.status for code in ErrorCode}
    assert published["errors"]["no_analysis"] == 400
    client_types = set(published["client"]["discriminator"]["mapping"])
    assert client_types == {"hello", "ping", "join", "action", "chat", "resign", "offer_draw",
                            "accept_draw", "decline_draw", "rematch", "leave", "claim",
                            "offer_takeback", "accept_takeback", "decline_takeback"}  # fmt: skip
    assert "join" not in published["http_command"]["discriminator"]["mapping"]
    server_types = set(published["server"]["discriminator"]["mapping"])
    assert server_types == {"welcome", "event", "view", "presence", "error", "pong"}


DOC = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def _section(title: str) -> str:
    text = DOC.read_text()
    start = text.index(title)
    end = text.index("\n## ", start + len(title))
    return text[start:end]


def _types_and_fields(schema: dict[str, Any]) -> dict[str, set[str]]:
    """Each message type of a published union with its top-level field names."""
    found = {}
    for ref in schema["discriminator"]["mapping"].values():
        model = schema["$defs"][ref.rsplit("/", 1)[1]]
        found[model["properties"]["type"]["const"]] = set(model["properties"]) - {"type"}
    return found


def test_the_websocket_section_names_every_message_and_field() -> None:
    section = _section("## WebSocket")
    published = wire.schema()
    missing = [
        f"{kind}.{field}" if field else kind
        for schema in (published["client"], published["server"])
        for kind, fields in _types_and_fields(schema).items()
        for field in ("", *sorted(fields))
        if f"`{field or kind}`" not in section
    ]
    assert not missing, f"docs/server.md's WebSocket section does not name {missing}"


def test_the_error_table_gives_each_code_its_status() -> None:
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (\d{3}) \|", _section("### Error codes"), re.M))
    assert rows == {code.value: str(code.status) for code in ErrorCode}


def test_commands_are_counted_by_type_and_outcome_on_both_transports(client: TestClient) -> None:
    def count(kind: str, outcome: str) -> float:
        value = REGISTRY.get_sample_value(
            "regalia_commands_total", {"type": kind, "outcome": outcome}
        )
        return value or 0.0

    made = create(client, "regulator", [{"kind": "human"}] * 2)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    before = count("chat", "ok"), count("accept_draw", "not_started"), count("chat", "too_large")
    headers = {"X-Seat-Token": token}
    client.post(
        f"/api/tables/{table}/commands", json={"type": "chat", "text": "hi"}, headers=headers
    )
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        sock = Socket(ws)
        sock.send(type="hello", token=token, name="Ann", last_seq=0)
        sock.until("view")
        sock.send(type="chat", text="again")
        sock.until("event")
        sock.send(type="accept_draw")
        assert sock.until("error")["code"] == ErrorCode.NOT_STARTED  # the other seat is empty
        ws.send_json({"type": "chat", "text": "x" * 501})
        sock.until("error")
    after = count("chat", "ok"), count("accept_draw", "not_started"), count("chat", "too_large")
    assert [a - b for a, b in zip(after, before, strict=True)] == [2, 1, 1]
