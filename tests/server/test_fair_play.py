"""Fair play: what a table's creator or a rated player could get away with, and cannot.

A creator-chosen seed predicts nothing in a game with hidden information (it is mixed with
a server secret; the stored seed replays the game exactly).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.core.registry import get_game
from tests.server.conftest import make_client
from tests.server.helpers import create

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


def seat_views(client: TestClient, made: dict[str, Any]) -> list[dict[str, Any]]:
    table = made["table"]["id"]
    return [
        client.get(f"/api/tables/{table}/view", headers={"X-Seat-Token": t["token"]}).json()["view"]
        for t in made["tokens"]
    ]


def server_table(client: TestClient, table_id: str) -> Any:
    service = client.app.state.service  # type: ignore[attr-defined]
    return client.portal.call(service.table, table_id)  # type: ignore[union-attr]


def test_a_creators_seed_predicts_no_regicida_identity(client: TestClient) -> None:
    offline = get_game("regicida").new(4242, 4)
    predicted = [offline.view(seat) for seat in range(4)]
    dealt = []
    for _ in range(4):
        made = create(client, "regicida", [HUMAN] * 4, seed=4242)
        views = seat_views(client, made)
        assert views != predicted  # the deal is not the one the seed gives offline
        dealt.append(tuple(v["identity"] for v in views))
    assert len(set(dealt)) > 1  # the same chosen seed deals different identities


def test_a_chosen_seed_stands_where_it_hides_nothing_and_is_mixed_at_a_rated_table(
    client: TestClient,
) -> None:
    plain = create(client, "regulator", [HUMAN, HUMAN], seed=4242)
    assert server_table(client, plain["table"]["id"]).seed == 4242
    rated = create(client, "regulator", [HUMAN, HUMAN], seed=4242, rated=True)
    assert server_table(client, rated["table"]["id"]).seed != 4242  # it seeds the bots


def test_the_stored_seed_replays_a_regicida_game_exactly(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        made = create(client, "regicida", [RANDOM] * 3, seed=5)
        table = made["table"]["id"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table}/view").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert '[Seed "5"]' not in replay["record"]
        final = get_game("regicida").from_record(replay["record"])
        result = final.result()
        assert result is not None and result.to_json()["outcomes"] == replay["result"]["outcomes"]
    with make_client(tmp_path) as client:  # rebuilt from the stored seed after a restart
        assert client.get(f"/api/tables/{table}/replay").json() == replay


def test_a_rated_table_needs_a_clock_or_an_absence_rule_that_ends_an_abandoned_game(
    client: TestClient,
) -> None:
    body = {"game": "regulator", "seats": [HUMAN, HUMAN], "rated": True}
    waits = client.post("/api/tables", json={**body, "absence": {"then": "wait"}})
    assert waits.status_code == 400 and waits.json()["error"]["code"] == "bad_options"
    assert "clock" in waits.json()["error"]["message"]
    timed = {"absence": {"then": "wait"}, "clock": {"initial_s": 60}}
    assert client.post("/api/tables", json={**body, **timed}).status_code == 201
    for then in ("claim", "bot"):
        ends = {**body, "absence": {"then": then}}
        assert client.post("/api/tables", json=ends).status_code == 201
    unrated = {**body, "rated": False, "absence": {"then": "wait"}}
    assert client.post("/api/tables", json=unrated).status_code == 201
