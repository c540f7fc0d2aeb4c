"""The server answers in the client's language: HTTP errors by X-Lang or Accept-Language,
WebSocket errors by the hello's `lang`, and the browser's catalogue from /api/i18n/{lang}."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import make_client
from tests.server.helpers import create, receive_until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client


def message(response: Any) -> str:
    text: str = response.json()["error"]["message"]
    return text


def test_http_errors_in_portuguese_when_asked(client: TestClient) -> None:
    url = "/api/tables/nosuchtable"
    english = client.get(url)
    assert english.status_code == 404
    assert english.json()["error"]["code"] == "unknown_table"
    assert message(english) == "no table 'nosuchtable'"
    by_accept = client.get(url, headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.8"})
    assert by_accept.status_code == 404
    assert by_accept.json()["error"]["code"] == "unknown_table"  # codes stay as they are
    assert message(by_accept) == "mesa 'nosuchtable' não encontrada"
    assert message(client.get(url, headers={"X-Lang": "pt-BR"})) == (
        "mesa 'nosuchtable' não encontrada"
    )
    # The page's own choice wins over the browser's.
    assert message(client.get(url, headers={"X-Lang": "en", "Accept-Language": "pt-BR"})) == (
        "no table 'nosuchtable'"
    )
    assert message(client.get(url, headers={"Accept-Language": "fr"})) == "no table 'nosuchtable'"


def test_a_rules_error_over_http_in_portuguese(client: TestClient) -> None:
    bad = client.post(
        "/api/tables",
        json={"game": "regulator", "seats": [{"kind": "human"}] * 2, "options": {"nope": 1}},
        headers={"Accept-Language": "pt-BR"},
    )
    assert bad.status_code == 400
    assert message(bad) == "regulator não tem a opção 'nope'"


def test_websocket_errors_in_the_language_of_the_hello(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], seed=3)
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as pt,
        client.websocket_connect(f"/ws/tables/{table}") as en,
    ):
        pt.send_json(
            {"type": "hello", "token": tokens[0], "name": "Ana", "last_seq": 0, "lang": "pt-BR"}
        )
        receive_until(pt, "welcome")
        en.send_json({"type": "hello", "token": tokens[1], "name": "Bob", "last_seq": 0})
        receive_until(en, "welcome")
        for ws in (pt, en):
            ws.send_json({"type": "nope"})
        in_portuguese = receive_until(pt, "error")
        assert in_portuguese["code"] == "bad_message"
        assert in_portuguese["message"].startswith(
            "tipo de mensagem desconhecido 'nope'; use um destes: join, action"
        )
        assert receive_until(en, "error")["message"].startswith(
            "unknown message type 'nope'; use one of join, action"
        )
        pt.send_json({"type": "join"})
        assert receive_until(pt, "error")["message"] == (
            "para entrar, reconecte com um novo 'hello'"
        )


def test_websocket_errors_before_the_hello_follow_accept_language(client: TestClient) -> None:
    headers = {"Accept-Language": "pt-BR"}
    with client.websocket_connect("/ws/tables/nosuchtable", headers=headers) as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "unknown_table"
        assert error["message"] == "mesa 'nosuchtable' não encontrada"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_the_browser_gets_the_catalogue(client: TestClient) -> None:
    assert client.get("/api/i18n").json() == {"languages": ["en", "pt-BR"], "source": "en"}
    pt = client.get("/api/i18n/pt-BR")
    assert pt.status_code == 200
    body = pt.json()
    assert body["lang"] == "pt-BR"
    assert body["messages"]["the game is over"] == "a partida terminou"
    assert body["messages"]["no table {0}"] == "mesa {0} não encontrada"
    assert client.get("/api/i18n/pt").json()["lang"] == "pt-BR"


def test_an_unknown_language_gets_english(client: TestClient) -> None:
    for lang in ("xx", "en"):
        response = client.get(f"/api/i18n/{lang}")
        assert response.status_code == 200
        assert response.json() == {"lang": "en", "messages": {}}
