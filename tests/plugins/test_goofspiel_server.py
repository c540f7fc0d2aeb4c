"""The server plays a plug-in game with bots, keeps its secret bids, and replays it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings
from tests.plugins.conftest import require_goofspiel


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    require_goofspiel()
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    reply = client.post("/api/tables", json={"game": "goofspiel", "seats": seats, **extra})
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    reply = client.get(f"/api/tables/{table}/view", headers=headers)
    assert reply.status_code == 200, reply.text
    message: dict[str, Any] = reply.json()
    return message


def my_turn(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Poll until this seat may bid (the bot bids from a worker process) or the game is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        message = view(client, table, token)
        if message["legal"] or message["status"] == "finished":
            return message
        time.sleep(0.02)
    raise AssertionError(f"the bot never bid: {message}")


def events(client: TestClient, table: str, token: str | None = None) -> list[dict[str, Any]]:
    headers = {"X-Seat-Token": token} if token else {}
    found: list[dict[str, Any]] = client.get(f"/api/tables/{table}/events", headers=headers).json()[
        "events"
    ]
    return found


def test_the_games_list_holds_goofspiel_and_its_facts(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    facts = games["goofspiel"]
    assert facts["title"] == "Goofspiel" and facts["notation_hint"] == "bid 3"
    assert facts["default_players"] == 2 and facts["perfect_information"] is False
    assert (facts["min_players"], facts["max_players"]) == (2, 4)
    assert facts["bot_levels"] == ["random", "match", "ismcts"]
    assert facts["default_level"] == "random"
    assert facts["seat_names"]["3"] == ["Player 1", "Player 2", "Player 3"]
    assert [(o["name"], o["default"], o["minimum"], o["maximum"]) for o in facts["options"]] == [
        ("cards", 6, 3, 13)
    ]


def test_a_human_plays_the_match_bot_to_the_end(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "match"}], seed=17)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    headers = {"X-Seat-Token": token}
    assert client.post(
        f"/api/tables/{table}/join", json={"name": "Ann"}, headers=headers
    ).is_success
    url = f"/api/tables/{table}/commands"
    bid_texts = []
    while True:
        message = my_turn(client, table, token)
        if message["status"] == "finished":
            break
        shown = message["view"]
        assert shown["your_bid"] is None and shown["has_bid"][0] is False
        # Always the lowest card: every bid is a legal action in the game's own notation.
        action = message["legal"][0]["action"]
        assert action.startswith("bid ")
        bid_texts.append(action)
        command = {"type": "action", "action": action.upper(), "seq": message["seq"]}
        reply = client.post(url, json=command, headers=headers)
        assert reply.status_code == 200, reply.text
        assert "your_bid" not in view(client, table)["view"]  # spectators: no current bid
    assert len(bid_texts) == 6
    final = message["view"]
    result = message["result"]
    assert result == final["result"] and final["over"]
    assert sorted(result["outcomes"]) in (["loss", "win"], ["draw", "draw"])
    assert result["reason"].startswith(("Player 1 ", "Player 2 "))
    assert [r["bids"][0] for r in final["history"]] == [int(t.split()[1]) for t in bid_texts]
    # Holding every card in the first round, the match bot bids the prize's own value.
    assert final["history"][0]["bids"][1] == final["history"][0]["prize"]

    # Spectators never saw a bid in the event log; the human saw only its own.
    actions = [e for e in events(client, table) if e["kind"] == "action"]
    assert len(actions) == 12 and all(e["hidden"] and e["action"] is None for e in actions)
    mine = [e for e in events(client, table, token) if e["kind"] == "action" and e["seat"] == 0]
    assert [e["action"] for e in mine] == bid_texts

    replay = client.get(f"/api/tables/{table}/replay").json()
    steps = replay["steps"]
    assert len(steps) == 12 + 1  # the start, then one step per bid
    assert [s["seat"] for s in steps[1:] if s["seat"] == 0] == [0] * 6
    assert [s["action"] for s in steps[1:] if s["seat"] == 0] == bid_texts
    assert steps[-1]["view"] == view(client, table)["view"]
    assert replay["result"] == result
    record = replay["record"]
    assert '[Game "goofspiel"]' in record and f'[Result "{result["reason"]}"]' in record
    assert record.count(" bid ") == 12
    uploaded = client.post("/api/replays", json={"record": record}).json()
    assert uploaded["record"] == record and uploaded["result"] == result
    assert uploaded["options"] == {"Cards": "6"}
    strip = [{k: s[k] for k in ("ply", "seat", "action", "text", "view")} for s in steps]
    assert [{k: s[k] for k in strip[0]} for s in uploaded["steps"]] == strip


def test_a_pending_bid_is_secret_from_the_other_seat_and_spectators(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}] * 3, players=3, options={"cards": 4}, seed=5)
    table = made["table"]["id"]
    tokens = [t["token"] for t in made["tokens"]]
    for token in tokens:
        client.post(f"/api/tables/{table}/join", json={}, headers={"X-Seat-Token": token})
    before = {who: view(client, table, who)["view"] for who in (None, tokens[1], tokens[2])}
    seq = view(client, table, tokens[0])["seq"]
    command = {"type": "action", "action": "bid 3", "seq": seq}
    reply = client.post(
        f"/api/tables/{table}/commands", json=command, headers={"X-Seat-Token": tokens[0]}
    )
    assert reply.status_code == 200, reply.text
    assert view(client, table, tokens[0])["view"]["your_bid"] == 3
    for who, earlier in before.items():
        now = view(client, table, who)
        assert now["view"]["has_bid"] == [True, False, False]
        # Nothing else changed: the bid itself is nowhere in what this viewer receives.
        assert now["view"] | {"has_bid": earlier["has_bid"], "to_act": [0, 1, 2]} == earlier
        if who is not None:
            assert now["view"]["your_bid"] is None
        [event] = [e for e in events(client, table, who) if e["kind"] == "action"]
        assert event["seat"] == 0 and event["hidden"] and event["action"] is None
        assert event["text"] is None
    # Seat 0 cannot bid twice; the other two bid without having seen its bid.
    again = client.post(
        f"/api/tables/{table}/commands",
        json={"type": "action", "action": "bid 2", "seq": seq + 1},
        headers={"X-Seat-Token": tokens[0]},
    )
    assert again.status_code == 409, again.text
    error = again.json()["error"]
    assert error["code"] == "not_your_turn"
    assert (
        error["message"] == "Player 1 has already bid this round; waiting for Player 2 and Player 3"
    )
