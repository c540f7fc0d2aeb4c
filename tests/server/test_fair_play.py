"""Fair play: what a table's creator or a rated player could get away with, and cannot.

A creator-chosen seed predicts nothing in a game with hidden information (it is mixed with
a server secret; the stored seed replays the game exactly). A rated table needs a clock or
an absence rule that ends an abandoned game; games between accounts from one address move
no rating; a win a stand-in earned for an absent or timed-out player is rated as their
loss; a brand-new guest stays provisional however fast they win.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.core.registry import get_game
from regalia.server.app import create_app
from regalia.server.config import Settings
from tests.server.conftest import make_client
from tests.server.helpers import create, from_address
from tests.server.services import pg_bin, postgres
from tests.tables.fakes import FakeClock

HUMAN = {"kind": "human"}
CREATORS = itertools.count(1)
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


# ----------------------------------------------------------------------------- ratings


def guest(client: TestClient, name: str) -> dict[str, str]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return {"X-Player-Key": reply.json()["player_key"], "id": reply.json()["id"]}


def key(player: dict[str, str]) -> dict[str, str]:
    return {"X-Player-Key": player["X-Player-Key"]}


def rated_table(
    clients: list[TestClient], players: list[dict[str, str]], **extra: Any
) -> tuple[str, list[str]]:
    """A rated Regulator Chess table, seat n joined by players[n] through clients[n]
    (created from an address of its own: creating is limited per address)."""
    creator = from_address(clients[0], f"192.0.2.{next(CREATORS)}")
    made = create(creator, "regulator", [HUMAN, HUMAN], rated=True, **extra)
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for seat, (client, player) in enumerate(zip(clients, players, strict=True)):
        reply = client.post(f"/api/tables/{table}/join", json={},
                            headers={"X-Seat-Token": tokens[seat], **key(player)})  # fmt: skip
        assert reply.status_code == 200, reply.text
    return table, tokens


def resign(client: TestClient, table: str, token: str) -> list[dict[str, Any]]:
    """`token`'s seat resigns; the rating changes of the finished game."""
    reply = client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                        headers={"X-Seat-Token": token})  # fmt: skip
    assert reply.status_code == 200, reply.text
    changes: list[dict[str, Any]] = client.get(f"/api/tables/{table}/view").json()["ratings"]
    return changes


def up(change: dict[str, Any]) -> int:
    return int(change["after"]) - int(change["before"])


def test_games_between_accounts_from_one_address_move_no_rating(client: TestClient) -> None:
    one_address_farms_nothing(client)


@pytest.mark.services
@pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed")
def test_the_rating_rules_hold_on_postgresql(tmp_path: Path) -> None:
    with postgres() as database:
        settings = Settings(
            data_dir=tmp_path, database_url=database, bot_workers=1, bot_workers_on_demand=True
        )
        with TestClient(create_app(settings)) as client:
            one_address_farms_nothing(client)
            board = client.get("/api/leaderboard/regulator").json()
            assert [row["provisional"] for row in board] == [True, True]  # minutes-old accounts


def one_address_farms_nothing(client: TestClient) -> None:
    farmer, feeder = guest(client, "Farmer"), guest(client, "Feeder")
    for _ in range(15):  # one address plays both sides; the feeder resigns every game
        table, tokens = rated_table([client, client], [farmer, feeder])
        changes = resign(client, table, tokens[1])
        assert [up(c) for c in changes] == [0, 0]
    profile = client.get(f"/api/players/{farmer['id']}").json()
    assert profile["ratings"] == {}  # not a single game counted
    assert client.get("/api/leaderboard/regulator").json() == []
    elsewhere = from_address(client, "203.0.113.7")  # a stranger, from another address
    rival = guest(elsewhere, "Rival")
    table, tokens = rated_table([client, elsewhere], [farmer, rival])
    won, lost = resign(elsewhere, table, tokens[1])
    assert up(won) > 0 > up(lost)


def test_a_brand_new_guest_is_provisional_after_fifteen_straight_wins(client: TestClient) -> None:
    fast = guest(client, "Fast")
    for n in range(15):  # a new victim each time, each from an address of their own
        elsewhere = from_address(client, f"198.51.100.{n + 1}")
        victim = guest(elsewhere, f"Victim{n}")
        table, tokens = rated_table([client, elsewhere], [fast, victim])
        resign(elsewhere, table, tokens[1])
    board = client.get("/api/leaderboard/regulator").json()
    mine = next(row for row in board if row["player"] == fast["id"])
    assert mine["games"] == 15 and mine["rating"] > 1500
    assert mine["provisional"] is True  # an account minutes old ranks below established ones


def wait_for_action(client: TestClient, table: str, seat: int) -> None:
    deadline = time.monotonic() + 30
    url = f"/api/tables/{table}/events"
    while not any(e["kind"] == "action" and e["seat"] == seat
                  for e in client.get(url).json()["events"]):  # fmt: skip
        assert time.monotonic() < deadline, "the stand-in never moved"
        time.sleep(0.05)


def advance(client: TestClient, seconds: float) -> None:
    clock = client.app.state.service.clock  # type: ignore[attr-defined]
    assert isinstance(clock, FakeClock)
    client.portal.call(clock.advance, seconds)  # type: ignore[union-attr]


def test_a_win_the_stand_in_earned_for_a_player_who_never_connected_is_a_loss(
    tmp_path: Path,
) -> None:
    with make_client(tmp_path, FakeClock()) as client:
        elsewhere = from_address(client, "203.0.113.8")
        absent, present = guest(client, "Absent"), guest(elsewhere, "Present")
        absence = {"grace_s": 1, "then": "bot"}
        table, tokens = rated_table([client, elsewhere], [absent, present], absence=absence)
        advance(client, 2)  # White never connects: a strong bot plays for them
        wait_for_action(client, table, 0)
        stand_in_won, lost = resign(elsewhere, table, tokens[1])
        outcomes = client.get(f"/api/tables/{table}/view").json()["result"]["outcomes"]
        assert outcomes == ["win", "loss"]  # the game's result stands as played
        assert up(stand_in_won) < 0 and up(lost) < 0  # but neither player earned a win


def test_a_player_whose_clock_ran_out_before_moving_is_rated_a_loss(tmp_path: Path) -> None:
    with make_client(tmp_path, FakeClock()) as client:
        elsewhere = from_address(client, "203.0.113.9")
        idle, present = guest(client, "Idle"), guest(elsewhere, "Mover")
        rules = {"clock": {"per_move_s": 2}, "on_timeout": "bot"}
        table, tokens = rated_table([client, elsewhere], [idle, present], **rules)
        advance(client, 3)  # White's time runs out: a bot plays the seat from then on
        wait_for_action(client, table, 0)
        timed_out, lost = resign(elsewhere, table, tokens[1])
        assert up(timed_out) < 0 and up(lost) < 0


def test_a_rematch_between_accounts_from_one_address_moves_no_rating_either(
    client: TestClient,
) -> None:
    farmer, feeder = guest(client, "Farmer"), guest(client, "Feeder")
    table, tokens = rated_table([client, client], [farmer, feeder])
    resign(client, table, tokens[1])
    for token in tokens:
        reply = client.post(f"/api/tables/{table}/commands", json={"type": "rematch"},
                            headers={"X-Seat-Token": token})  # fmt: skip
        assert reply.status_code == 200, reply.text
    deadline = time.monotonic() + 10
    while (again := client.get(f"/api/tables/{table}").json()["rematch"]) is None:
        assert time.monotonic() < deadline, "no rematch"
        time.sleep(0.05)
    while client.get(f"/api/tables/{again}").json().get("status") != "playing":  # made soon
        assert time.monotonic() < deadline, "the rematch did not start"
        time.sleep(0.05)
    changes = resign(client, again, tokens[1])  # seats rotate: the feeder plays White now
    assert [up(c) for c in changes] == [0, 0]
    assert client.get("/api/leaderboard/regulator").json() == []
