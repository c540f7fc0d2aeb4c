"""The OpenAPI document says what the server does (issue 24, item 15): the limits it states
are the server's own constants, every request body refuses unknown fields, the commands are
the ones the route takes, and the whole-game analysis's NDJSON lines are documented and
match what the server streams. tests/server/test_fuzz.py then checks real answers (status
codes, content types, shapes) against this document with schemathesis."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from regalia.protocol import CommandType
from regalia.server.analysis import MAX_RECORD, GameLine
from regalia.server.app import create_app
from regalia.tables.names import MAX_NAME

DOC = create_app().openapi()
SCHEMAS = DOC["components"]["schemas"]
RECORD = '[Game "regulator"]\n\n1. c3 e5 2. Nc2 d5 *'


def body_schema(path: str, method: str = "post") -> dict[str, Any]:
    ref = DOC["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    found: dict[str, Any] = SCHEMAS[ref["$ref"].rsplit("/", 1)[1]]
    return found


def test_the_limits_in_the_document_are_the_servers() -> None:
    name = body_schema("/api/players")["properties"]["name"]
    assert name["maxLength"] == MAX_NAME and name["minLength"] == 1
    for path in ("/api/replays", "/api/analysis/game"):
        record = body_schema(path)["properties"]["record"]
        assert record["minLength"] == 1 and record["maxLength"] == MAX_RECORD
    (record,) = (
        kind
        for kind in body_schema("/api/analysis")["properties"]["record"]["anyOf"]
        if kind["type"] == "string"
    )
    assert record["minLength"] == 1


def test_every_request_body_refuses_unknown_fields() -> None:
    # A command over HTTP ignores unknown fields as the WebSocket does (a newer page may
    # send more); the referee's body is a map of the game's own field names.
    open_by_design = {"CommandIn", "RefereeIn"}
    bodies = set()
    for operations in DOC["paths"].values():
        for operation in operations.values():
            content = operation.get("requestBody", {}).get("content", {})
            for media in content.values():
                bodies.add(media["schema"]["$ref"].rsplit("/", 1)[1])
    assert {"AnalysisIn", "GameAnalysisIn", "PlayerIn"} <= bodies
    for name in bodies - open_by_design:
        assert SCHEMAS[name].get("additionalProperties") is False, name


def test_the_commands_are_the_ones_the_route_takes(client: TestClient) -> None:
    listed = set(body_schema("/api/tables/{table_id}/commands")["discriminator"]["mapping"])
    assert listed == {str(kind) for kind in CommandType} - {"join"}
    refused = client.post("/api/tables/nope/commands", json={"type": "join"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid"


def test_an_analysis_refuses_unknown_fields_and_empty_records(client: TestClient) -> None:
    for path in ("/api/analysis", "/api/analysis/game"):
        extra = client.post(path, json={"game": "regulator", "record": RECORD, "depth": 30})
        assert extra.status_code == 422 and extra.json()["error"]["code"] == "invalid"
        empty = client.post(path, json={"game": "regulator", "record": ""})
        assert empty.status_code == 422 and empty.json()["error"]["code"] == "invalid"
    empty = client.post("/api/replays", json={"record": ""})
    assert empty.status_code == 422 and empty.json()["error"]["code"] == "invalid"


def test_the_whole_game_lines_are_documented_and_streamed_as_documented(
    client: TestClient,
) -> None:
    answers = DOC["paths"]["/api/analysis/game"]["post"]["responses"]
    lines = answers["200"]["content"]
    assert list(lines) == ["application/x-ndjson"]
    kinds = {
        ref["$ref"].rsplit("/", 1)[1] for ref in lines["application/x-ndjson"]["schema"]["anyOf"]
    }
    assert kinds == {"GameHeadOut", "GamePlyOut", "GameDoneOut", "GameErrorOut"}
    assert list(answers["422"]["content"]) == ["application/json"]  # refusals are JSON
    body = {"game": "regulator", "record": RECORD, "seconds": 0.1}
    with client.stream("POST", "/api/analysis/game", json=body) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        streamed = [json.loads(line) for line in response.iter_lines() if line]
    read = TypeAdapter(GameLine)
    shapes = [type(read.validate_python(line)).__name__ for line in streamed]
    assert shapes == ["GameHeadOut"] + ["GamePlyOut"] * 5 + ["GameDoneOut"]
    for line, shape in zip(streamed, shapes, strict=True):  # no field beyond the documented
        assert set(line) <= set(SCHEMAS[shape]["properties"]), shape
