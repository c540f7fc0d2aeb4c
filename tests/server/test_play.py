"""Playing over the WebSocket: bots, reconnection, duplicates, chat, draws, rematch, leave."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.helpers import create, hello, receive, receive_until


def my_turn(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next view in which this seat has legal actions (or the game is over)."""
    while True:
        message = receive_until(ws, "view")
        if message["legal"] or message["status"] == "finished":
            return message


def test_a_human_plays_a_bot_to_the_end(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=3)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    assert [t["seat"] for t in made["tokens"]] == [0]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert hello(ws, token, "Ann")["role"] == "player"
        seen: list[int] = []
        while True:
            view = my_turn(ws)
            if view["status"] == "finished":
                break
            seen.append(view["seq"])
            ws.send_json(
                {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]}
            )
        assert view["result"]["outcomes"]
        assert seen == sorted(set(seen))
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished" and summary["seats"][1]["kind"] == "bot"
    events = client.get(f"/api/tables/{table}/events").json()
    assert [e["seq"] for e in events["events"]] == list(range(1, events["seq"] + 1))


def test_reconnecting_resumes_from_the_last_seq_seen(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], seed=4)
    table = made["table"]["id"]
    t0, t1 = (t["token"] for t in made["tokens"])
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        hello(a, t0, "Ann")
        with client.websocket_connect(f"/ws/tables/{table}") as b:
            hello(b, t1, "Bob")
            view = receive_until(b, "view", status="playing")
            b.send_json({"type": "action", "action": "bid 1", "seq": view["seq"]})
            last = receive_until(b, "view", seq=view["seq"] + 1)["seq"]
        a_view = receive_until(a, "view", seq=last)
        a.send_json({"type": "action", "action": "bid 2", "seq": a_view["seq"]})
        a.send_json({"type": "chat", "text": "you there?"})
        receive_until(a, "view", seq=last + 2)
    with client.websocket_connect(f"/ws/tables/{table}") as b:
        welcome = hello(b, t1, last=last)
        assert welcome["seat"] == 1 and welcome["seq"] == last + 2
        missed = [receive_until(b, "event")["event"] for _ in range(2)]
        assert [e["seq"] for e in missed] == [last + 1, last + 2]
        assert missed[0]["hidden"] and missed[0]["action"] is None  # seat 0's secret bid
        assert missed[1]["kind"] == "chat" and missed[1]["text"] == "you there?"
        view = receive(b)
        assert view["type"] == "view" and view["seq"] == last + 2


def test_a_duplicate_submission_is_applied_once(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], seed=5)
    table = made["table"]["id"]
    t0, t1 = (t["token"] for t in made["tokens"])
    headers0, headers1 = {"X-Seat-Token": t0}, {"X-Seat-Token": t1}
    client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=headers0)
    client.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers=headers1)
    seq = client.get(f"/api/tables/{table}").json()["seq"]
    url = f"/api/tables/{table}/commands"
    bid = {"type": "action", "action": "bid 2", "seq": seq}
    assert client.post(url, json=bid, headers=headers0).json() == {"seq": seq + 1}
    again = client.post(url, json=bid, headers=headers0)
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale"
    # Seat 1 saw the same seq: seat 0's secret bid since then does not make its bid stale.
    other = {"type": "action", "action": "bid 0", "seq": seq}
    assert client.post(url, json=other, headers=headers1).json() == {"seq": seq + 2}
    actions = [
        e
        for e in client.get(f"/api/tables/{table}/events").json()["events"]
        if e["kind"] == "action"
    ]
    assert len(actions) == 2


def test_spectators_read_the_seats_chat_and_theirs_stays_among_them(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as player,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
    ):
        hello(player, token, "Ann")
        key = client.post("/api/players", json={"name": "Sam"}).json()["player_key"]
        watcher.send_json({"type": "hello", "token": None, "last_seq": 0, "player_key": key})
        assert receive_until(watcher, "welcome")["role"] == "spectator"  # with a player key:
        watcher.send_json({"type": "chat", "text": "hi from the stands"})  # it may chat
        event = receive_until(watcher, "event")["event"]
        while event["kind"] != "chat":
            event = receive_until(watcher, "event")["event"]
        assert event["text"] == "hi from the stands" and event["spectators"] is True
        player.send_json({"type": "chat", "text": "good luck"})
        event = receive_until(watcher, "event")["event"]
        while event["kind"] != "chat":
            event = receive_until(watcher, "event")["event"]
        assert event["text"] == "good luck" and event["name"] == "Ann"
        event = receive_until(player, "event")["event"]
        while event["kind"] != "chat":  # the spectator's line never reaches the seat
            event = receive_until(player, "event")["event"]
        assert event["text"] == "good luck"


def regulator_humans(client: TestClient) -> tuple[str, list[dict[str, str]]]:
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]["id"]
    headers = [{"X-Seat-Token": t["token"]} for t in made["tokens"]]
    for h in headers:
        assert client.post(f"/api/tables/{table}/join", json={}, headers=h).status_code == 200
    return table, headers


def test_draw_offers_in_a_chess_game(client: TestClient) -> None:
    table, (white, black) = regulator_humans(client)
    url = f"/api/tables/{table}/commands"
    assert client.post(url, json={"type": "accept_draw"}, headers=black).status_code == 409
    client.post(url, json={"type": "offer_draw"}, headers=white)
    assert client.get(f"/api/tables/{table}/view").json()["draw_offer"] == 0
    client.post(url, json={"type": "decline_draw"}, headers=black)
    assert client.get(f"/api/tables/{table}/view").json()["draw_offer"] is None
    client.post(url, json={"type": "offer_draw"}, headers=black)
    assert client.post(url, json={"type": "accept_draw"}, headers=white).status_code == 200
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished"
    assert summary["result"] == {"outcomes": ["draw", "draw"], "reason": "draw agreed"}


def test_a_bot_declines_a_draw_and_resigning_loses(client: TestClient) -> None:
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    table, headers = made["table"]["id"], {"X-Seat-Token": made["tokens"][0]["token"]}
    client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=headers)
    url = f"/api/tables/{table}/commands"
    client.post(url, json={"type": "offer_draw"}, headers=headers)
    kinds = [e["kind"] for e in client.get(f"/api/tables/{table}/events").json()["events"]]
    assert kinds[-2:] == ["draw_offered", "draw_declined"]
    client.post(url, json={"type": "resign"}, headers=headers)
    result = client.get(f"/api/tables/{table}").json()["result"]
    assert result["outcomes"] == ["loss", "win"] and "resigned" in result["reason"]


def test_rematch_swaps_seats_and_keeps_tokens(client: TestClient) -> None:
    table, (white, black) = regulator_humans(client)
    url = f"/api/tables/{table}/commands"
    client.post(url, json={"type": "resign"}, headers=black)
    client.post(url, json={"type": "rematch"}, headers=white)
    assert client.get(f"/api/tables/{table}").json()["rematch"] is None
    client.post(url, json={"type": "rematch"}, headers=black)
    new = client.get(f"/api/tables/{table}").json()["rematch"]
    assert new is not None
    summary = client.get(f"/api/tables/{new}").json()
    assert summary["status"] == "playing"
    # The old White now plays Black with the same token.
    seat = client.post(f"/api/tables/{new}/join", json={}, headers=white).json()["seat"]
    assert seat == 1


def test_leaving_before_the_start_frees_the_seat(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]["id"]
    headers = {"X-Seat-Token": made["tokens"][0]["token"]}
    client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=headers)
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["joined"]
    client.post(f"/api/tables/{table}/commands", json={"type": "leave"}, headers=headers)
    summary = client.get(f"/api/tables/{table}").json()
    assert not summary["seats"][0]["joined"] and summary["status"] == "waiting"
