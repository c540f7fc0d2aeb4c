"""A restart loses nothing: tables resume where they were, bots included."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.conftest import make_client
from tests.server.helpers import create


def wait_finished(client: object, table: str, seconds: float = 30) -> dict[str, object]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary: dict[str, object] = client.get(f"/api/tables/{table}").json()  # type: ignore[attr-defined]
        if summary["status"] == "finished":
            return summary
        time.sleep(0.05)
    raise AssertionError("the game did not finish")


def test_a_human_game_resumes_after_a_restart(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}])
        table = made["table"]["id"]
        white, black = ({"X-Seat-Token": t["token"]} for t in made["tokens"])
        client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=white)
        client.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers=black)
        url = f"/api/tables/{table}/commands"
        seq = client.get(f"/api/tables/{table}").json()["seq"]
        seq = client.post(url, json={"type": "action", "action": "c3", "seq": seq}, headers=white)
        before = client.get(f"/api/tables/{table}/view").json()
    with make_client(tmp_path) as client:
        after = client.get(f"/api/tables/{table}/view").json()
        assert after == before
        summary = client.get(f"/api/tables/{table}").json()
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]
        reply = client.post(url, json={"type": "action", "action": "b5", "seq": after["seq"]},
                            headers=black)  # fmt: skip
        assert reply.json() == {"seq": after["seq"] + 1}
        # The old token still opens the seat, and stale moves are still refused.
        stale = client.post(url, json={"type": "action", "action": "d3", "seq": after["seq"]},
                            headers=white)  # fmt: skip
        assert stale.json()["error"]["code"] == "stale"


def test_bots_go_on_after_a_restart(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        made = create(
            client, "toy", [{"kind": "bot", "level": "random"}] * 2, options={"rounds": 5}
        )
        table = made["table"]["id"]
        stopped_at = client.get(f"/api/tables/{table}").json()["seq"]
    with make_client(tmp_path) as client:
        summary = wait_finished(client, table)
        assert summary["seq"] >= stopped_at
        events = client.get(f"/api/tables/{table}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert [e["kind"] for e in events].count("finished") == 1
