"""Replays of finished tables, and of uploaded records, with clear errors for bad ones."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import create
from tests.server.test_persistence import wait_finished


def test_a_finished_game_replays_and_its_record_uploads(client: TestClient) -> None:
    made = create(client, "regulator", [{"kind": "bot", "level": "random"}] * 2, seed=21)
    table = made["table"]["id"]
    wait_finished(client, table)
    replay = client.get(f"/api/tables/{table}/replay").json()
    events = client.get(f"/api/tables/{table}/events").json()["events"]
    actions = [e for e in events if e["kind"] == "action"]
    assert len(replay["steps"]) == len(actions) + 1
    assert [s["action"] for s in replay["steps"][1:]] == [e["action"] for e in actions]
    assert replay["steps"][-1]["view"] == client.get(f"/api/tables/{table}/view").json()["view"]
    uploaded = client.post("/api/replays", json={"record": replay["record"]}).json()
    assert uploaded["record"] == replay["record"]
    assert [s["view"] for s in uploaded["steps"]] == [s["view"] for s in replay["steps"]]


def test_an_unfinished_game_has_no_replay(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    reply = client.get(f"/api/tables/{made['table']['id']}/replay")
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "not_finished"


def test_bad_records_get_clear_errors(client: TestClient) -> None:
    cases = {
        '[Game "regulator"]\n\n1. c3 Zz9 *': "Zz9",
        "1. c3 b5 *": "Game",
        '[Game "chess"]\n\n1. e4 *': "chess",
        "[Game regulator\n\n": "tag",
    }
    for record, needle in cases.items():
        reply = client.post("/api/replays", json={"record": record})
        assert reply.status_code in (404, 422), record
        assert needle in reply.json()["error"]["message"], reply.json()
    named = client.post("/api/replays", json={"record": "1. c3 b5 *", "game": "regulator"})
    assert named.status_code == 200 and len(named.json()["steps"]) == 3


def test_a_regicida_record_replays_step_by_step(client: TestClient) -> None:
    made = create(client, "regicida", [{"kind": "bot", "level": "random"}] * 3, seed=5)
    table = made["table"]["id"]
    wait_finished(client, table)
    record = client.get(f"/api/tables/{table}/replay").json()["record"]
    uploaded = client.post("/api/replays", json={"record": record}).json()
    assert len(uploaded["steps"]) > 40 and uploaded["result"] is not None


def test_a_regicide_record_with_a_forced_pass_before_a_choice_to_pass_replays_move_by_move(
    client: TestClient,
) -> None:
    # Green's king is boxed in (C13: it passes by itself); kingless Red then may pass (C12)
    # but takes instead. Reading "pass" as Red's own choice used to derail the replay.
    position = "Y:Ka7/G:Kd1/R:Nf4/B:Kh14,Ne1,Nd2,Ne2 Y - R - 0 1"
    record = f'[Game "regicide"]\n[Position "{position}"]\n\n1. YK-a6 pass RNxe2 *\n'
    reply = client.post("/api/replays", json={"record": record})
    assert reply.status_code == 200, reply.text
    steps = reply.json()["steps"]
    assert [s["text"] for s in steps] == [None, "YK-a6", "RNxe2"]
    assert [s["seat"] for s in steps] == [None, 0, 2]
    assert steps[-1]["view"]["history"] == ["YK-a6", "pass", "RNxe2"]
