"""Moderation (issue 29): reports with their context, warn / mute / ban / close with a
reason and an end, who may do what (a player may not act, a moderator may not grant roles),
and what the sanctioned player sees and can no longer do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from regalia.cli import build
from regalia.server.app import create_app
from regalia.server.config import Settings
from tests.server.conftest import make_client
from tests.server.helpers import create, from_address, hello, receive, receive_until
from tests.tables.fakes import FakeClock

BOT = {"kind": "bot", "level": "random"}


def player(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    body["headers"] = {"X-Player-Key": body["player_key"]}
    return body


def grant(data: Path, name: str, role: str) -> None:
    result = CliRunner().invoke(build(), ["admin", "grant", name, role, "--data-dir", str(data)])
    assert result.exit_code == 0, result.output


def sit(client: TestClient, table: str, seat: int, who: dict[str, Any]) -> dict[str, Any]:
    body = {"seat": seat, "name": who["name"]}
    reply = client.post(f"/api/tables/{table}/sit", json=body, headers=who["headers"])
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


@pytest.fixture
def site(tmp_path: Path) -> Any:
    clock = FakeClock()
    with make_client(tmp_path, clock) as client:
        people = {n: player(client, n) for n in ("Mona", "Rude", "Pat", "Adam")}
        grant(tmp_path, "Mona", "moderator")
        grant(tmp_path, "Adam", "admin")
        yield client, people, clock


def test_a_reported_chat_line_reaches_the_queue_with_the_chat_around_it(site: Any) -> None:
    client, people, _ = site
    made = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])
    table = made["table"]["id"]
    rude = sit(client, table, 0, people["Rude"])
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, rude["token"])
        for text in ("good luck", "you are an idiot", "bye"):
            ws.send_json({"type": "chat", "text": text})
            line = receive_until(ws, "event")
            while line["event"]["kind"] != "chat" or line["event"]["text"] != text:
                line = receive_until(ws, "event")
            if text == "you are an idiot":
                insult = line["event"]["seq"]
    pat = people["Pat"]["headers"]
    reply = client.post("/api/reports", headers=pat, json={
        "player": people["Rude"]["id"], "table": table, "event_seq": insult,
        "reason": "insults"})  # fmt: skip
    assert reply.status_code == 201, reply.text
    # Only moderators see the queue.
    assert client.get("/api/moderation/reports", headers=pat).json()["error"]["code"] == (
        "forbidden"
    )
    queue = client.get("/api/moderation/reports", headers=people["Mona"]["headers"]).json()
    [found] = queue["reports"]
    assert found["player"] == {"id": people["Rude"]["id"], "name": "Rude"}
    assert found["reporter"]["name"] == "Pat" and found["reason"] == "insults"
    assert [c["text"] for c in found["chat"]] == ["good luck", "you are an idiot", "bye"]
    assert [c["reported"] for c in found["chat"]] == [False, True, False]
    done = client.post(f"/api/moderation/reports/{found['id']}/handled",
                       headers=people["Mona"]["headers"])  # fmt: skip
    assert done.status_code == 200
    assert client.get("/api/moderation/reports", headers=people["Mona"]["headers"]).json() == {
        "reports": []
    }


def test_reports_are_checked_and_limited(site: Any) -> None:
    client, people, _ = site
    pat = people["Pat"]["headers"]
    assert client.post("/api/reports", json={"player": "x", "reason": "r"}).status_code == 401
    nothing = client.post("/api/reports", headers=pat, json={"reason": "bad"})
    assert nothing.json()["error"]["code"] == "invalid"
    nobody = client.post("/api/reports", headers=pat, json={"player": "nobody", "reason": "r"})
    assert nobody.json()["error"]["code"] == "unknown_player"
    huge = client.post("/api/reports", headers=pat,
                       json={"player": people["Rude"]["id"], "reason": "x" * 501})  # fmt: skip
    assert huge.json()["error"]["code"] == "invalid"
    spam = {"player": people["Rude"]["id"], "reason": "spam"}
    # From as many addresses (the per-address write limit apart): the limit is the player's.
    codes = [
        from_address(client, f"10.0.0.{i}").post("/api/reports", headers=pat, json=spam).status_code
        for i in range(21)
    ]
    # 20 an hour, the one about nobody above counted too.
    assert codes == [201] * 19 + [429, 429]


def test_a_muted_player_cannot_chat_until_the_mute_ends_and_is_told_why(site: Any) -> None:
    client, people, clock = site
    mona, rude = people["Mona"]["headers"], people["Rude"]
    made = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])
    table = made["table"]["id"]
    seat = sit(client, table, 0, rude)
    mute = {"player": rude["id"], "action": "mute", "minutes": 60, "reason": "insults in chat"}
    action = client.post("/api/moderation/actions", headers=mona, json=mute)
    assert action.status_code == 201, action.text
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, seat["token"])
        ws.send_json({"type": "chat", "text": "hello?"})
        refused = receive_until(ws, "error")
        assert refused["code"] == "muted"
    told = client.get("/api/players/me/sanctions", headers=rude["headers"]).json()
    [mute] = told["sanctions"]
    assert mute["action"] == "mute" and mute["reason"] == "insults in chat" and mute["in_force"]
    assert mute["until"] == pytest.approx(clock.now() + 3600)
    # Not muted: others chat on.
    clock.t += 3601
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, seat["token"])
        ws.send_json({"type": "chat", "text": "sorry"})
        line = receive_until(ws, "event")
        while line["event"]["kind"] != "chat":
            line = receive_until(ws, "event")
        assert line["event"]["text"] == "sorry"


def test_a_banned_player_starts_no_game_but_finishes_the_one_in_play(site: Any) -> None:
    client, people, _ = site
    mona, rude = people["Mona"]["headers"], people["Rude"]
    made = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])
    table = made["table"]["id"]
    seat = sit(client, table, 0, rude)
    sit(client, table, 1, people["Pat"])
    ban = {"player": rude["id"], "action": "ban", "minutes": 1440, "reason": "abandons games"}
    banned = client.post("/api/moderation/actions", headers=mona, json=ban)
    assert banned.status_code == 201
    bot_table = {"game": "regulator", "seats": [{"kind": "human"}, BOT]}
    refused = client.post("/api/tables", json=bot_table, headers=rude["headers"])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "banned"
    quick = client.post("/api/quickplay", json={"game": "regulator", "name": "Rude"},
                        headers=rude["headers"])  # fmt: skip
    assert quick.json()["error"]["code"] == "banned"
    other = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])["table"]["id"]
    sit_down = {"seat": 0, "name": "Rude"}
    join = client.post(f"/api/tables/{other}/sit", json=sit_down, headers=rude["headers"])
    assert join.json()["error"]["code"] == "banned"
    # The game in play goes on.
    seq = client.get(f"/api/tables/{table}").json()["seq"]
    move = client.post(f"/api/tables/{table}/commands", json={"type": "action", "action": "c3",
                       "seq": seq}, headers={"X-Seat-Token": seat["token"]})  # fmt: skip
    assert move.status_code == 200, move.text
    # Others are not banned.
    assert (
        client.post("/api/tables", json=bot_table, headers=people["Pat"]["headers"]).status_code
        == 201
    )


def test_a_closed_account_opens_nothing_any_more(site: Any) -> None:
    client, people, _ = site
    rude = people["Rude"]
    closed = client.post("/api/moderation/actions", headers=people["Mona"]["headers"], json={
        "player": rude["id"], "action": "close", "reason": "repeated abuse"})  # fmt: skip
    assert closed.status_code == 201
    me = client.get("/api/players/me", headers=rude["headers"])
    assert me.json()["error"]["code"] == "bad_player_key"
    log = client.get("/api/moderation/log", headers=people["Mona"]["headers"]).json()["actions"]
    assert [(a["action"], a["name"], a["moderator_name"]) for a in log] == [
        ("close", "Rude", "Mona")
    ]


def test_who_may_do_what(site: Any) -> None:
    client, people, _ = site
    pat, mona, adam = (people[n]["headers"] for n in ("Pat", "Mona", "Adam"))
    warn = {"player": people["Rude"]["id"], "action": "warn", "reason": "be nice"}
    # A player may not act, see the log, or grant.
    assert client.post("/api/moderation/actions", headers=pat, json=warn).status_code == 403
    assert client.get("/api/moderation/log", headers=pat).status_code == 403
    role = {"name": "Pat", "role": "moderator"}
    assert client.post("/api/moderation/roles", headers=pat, json=role).status_code == 403
    # A moderator acts, but may not grant roles nor act on another moderator.
    assert client.post("/api/moderation/actions", headers=mona, json=warn).status_code == 201
    assert client.post("/api/moderation/roles", headers=mona, json=role).status_code == 403
    on_admin = warn | {"player": people["Adam"]["id"]}
    assert (
        client.post("/api/moderation/actions", headers=mona, json=on_admin).json()["error"]["code"]
        == "forbidden"
    )
    # An admin grants, and the new moderator may act.
    assert client.post("/api/moderation/roles", headers=adam, json=role).status_code == 200
    assert client.post("/api/moderation/actions", headers=pat, json=warn).status_code == 201
    # Bad actions are refused in the documented shape.
    bad = client.post("/api/moderation/actions", headers=mona, json=warn | {"action": "jail"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid"
    told = client.get("/api/players/me/sanctions", headers=people["Rude"]["headers"]).json()
    assert [s["action"] for s in told["sanctions"]] == ["warn", "warn"]
    assert not any(s["in_force"] for s in told["sanctions"])


def test_admin_grant_says_what_is_wrong(tmp_path: Path) -> None:
    with make_client(tmp_path):
        pass
    run = CliRunner().invoke
    bad = run(build(), ["admin", "grant", "Nobody", "moderator", "--data-dir", str(tmp_path)])
    assert bad.exit_code == 2 and "no player is called" in bad.output
    bad = run(build(), ["admin", "grant", "Ana", "king", "--data-dir", str(tmp_path)])
    assert bad.exit_code == 2 and "admin, moderator or none" in bad.output


def test_a_moderator_annuls_a_rated_games_rating_change(site: Any) -> None:
    client, people, _ = site
    pat, rude = people["Pat"], people["Rude"]
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}], rated=True)
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    elsewhere = from_address(client, "203.0.113.9")  # one address's games would move nothing
    for token, who, via in zip(tokens, (pat, rude), (client, elsewhere), strict=True):
        via.post(f"/api/tables/{table}/join", json={},
                 headers={"X-Seat-Token": token, **who["headers"]})  # fmt: skip
    before = [client.get(f"/api/players/{p['id']}").json() for p in (pat, rude)]
    resign = client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                         headers={"X-Seat-Token": tokens[1]})  # fmt: skip
    assert resign.status_code == 200
    changes = client.get(f"/api/tables/{table}/view").json()["ratings"]
    assert changes[0]["after"] > changes[0]["before"]
    url = f"/api/moderation/tables/{table}/annul-rating"
    body = {"reason": "the loser was the winner's second account"}
    assert client.post(url, json=body, headers=pat["headers"]).status_code == 403
    done = client.post(url, json=body, headers=people["Mona"]["headers"])
    assert done.status_code == 200, done.text
    assert set(done.json()["players"]) == {pat["id"], rude["id"]}
    board = {row["name"]: row for row in client.get("/api/leaderboard/regulator").json()}
    assert board["Pat"]["rating"] == changes[0]["before"] and board["Pat"]["games"] == 0
    assert board["Rude"]["rating"] == changes[1]["before"]
    history = client.get(f"/api/players/{pat['id']}/ratings/history").json()
    assert all(p.get("table") != table for g in history.get("games", {}).values() for p in g)
    told = client.get("/api/players/me/sanctions", headers=rude["headers"]).json()["sanctions"]
    assert [(s["action"], s["table"]) for s in told] == [("annul", table)]
    again = client.post(url, json=body, headers=people["Mona"]["headers"])
    assert again.json()["error"]["code"] == "invalid"
    assert before  # the profiles existed before the game


def stands_say(client: TestClient, table: str, text: str, key: str | None = None) -> str:
    """A spectator's chat line over the WebSocket (with a player key, or none): the chat
    event's text, or the error's code."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": None, "last_seq": 0, "player_key": key})
        receive_until(ws, "welcome")
        ws.send_json({"type": "chat", "text": text})
        while True:
            message = receive(ws)
            if message["type"] == "error":
                return str(message["code"])
            event = message.get("event") or {}
            if event.get("kind") == "chat" and event.get("text") == text:
                return text


def test_a_muted_player_cannot_chat_from_the_stands_with_their_key_or_without(
    site: Any,
) -> None:
    client, people, _ = site
    mona, rude, pat = people["Mona"]["headers"], people["Rude"], people["Pat"]
    table = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])["table"]["id"]
    mute = {"player": rude["id"], "action": "mute", "minutes": 60, "reason": "insults in chat"}
    assert client.post("/api/moderation/actions", headers=mona, json=mute).status_code == 201
    assert stands_say(client, table, "still here", rude["player_key"]) == "muted"
    # Without a key a line has nobody a mute could hold: the stands take none (by default).
    assert stands_say(client, table, "guess who") == "player_required"
    assert stands_say(client, table, "nice move", pat["player_key"]) == "nice move"
    lines = client.get(f"/api/tables/{table}/chat").json()["chat"]
    assert [(line["name"], line["text"]) for line in lines] == [("Pat", "nice move")]


@pytest.mark.parametrize(("mode", "anonymous", "signed_in"), [
    ("anyone", "hello all", "hello all"),  # the operator opened the stands to everyone
    ("off", "chat_off", "chat_off"),  # spectators only read
])  # fmt: skip
def test_the_operator_chooses_who_chats_from_the_stands(
    tmp_path: Path, mode: str, anonymous: str, signed_in: str
) -> None:
    settings = Settings(
        data_dir=tmp_path,
        bot_workers=1,
        bot_workers_on_demand=True,
        bot_seconds=0.5,
        spectator_chat=mode,
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        pat = player(client, "Pat")
        table = create(client, "regulator", [{"kind": "open"}, {"kind": "open"}])["table"]["id"]
        assert stands_say(client, table, "hello all") == anonymous
        assert stands_say(client, table, "hello all", pat["player_key"]) == signed_in


def test_spectator_chat_reads_its_setting_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Settings.from_env().spectator_chat == "players"
    monkeypatch.setenv("REGALIA_SPECTATOR_CHAT", "anyone")
    assert Settings.from_env().spectator_chat == "anyone"
    monkeypatch.setenv("REGALIA_SPECTATOR_CHAT", "everybody")
    with pytest.raises(ValueError, match="players, anyone, off"):
        Settings.from_env()
