"""Players: guest identities, names, passwords, sign-in and its limits, keys, rated tables,
ratings after real games, and the leaderboard and profiles."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.ai.ratings import ladder as ladder_of
from tests.server.conftest import make_client
from tests.server.helpers import create, from_address


def new_player(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    return body


def key(player: dict[str, Any]) -> dict[str, str]:
    return {"X-Player-Key": player["player_key"]}


def test_a_guest_gets_an_identity_and_names_are_unique_whatever_the_case(
    client: TestClient,
) -> None:
    ana = new_player(client, "  Ana  ")
    assert ana["name"] == "Ana" and len(ana["player_key"]) >= 32
    me = client.get("/api/players/me", headers=key(ana)).json()
    assert me["id"] == ana["id"] and me["ratings"] == {} and me["recent"] == []
    taken = client.post("/api/players", json={"name": "ANA"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
    for bad in ("", "   ", "x" * 25, "tab\there", "strong (bot)"):
        reply = client.post("/api/players", json={"name": bad})
        assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_name", bad


def test_a_password_signs_in_elsewhere_with_a_new_key_and_wrong_tries_look_alike(
    client: TestClient,
) -> None:
    bruno = new_player(client, "Bruno")
    url = "/api/players/me/password"
    short = client.post(url, json={"password": "short"}, headers=key(bruno))
    assert short.status_code == 400 and short.json()["error"]["code"] == "bad_password"
    first = client.post(url, json={"password": "correct horse"}, headers=key(bruno))
    assert first.status_code == 200 and first.json()["player_key"] == bruno["player_key"]
    changed = client.post(url, json={"password": "another one"}, headers=key(bruno))
    assert changed.status_code == 401  # changing it needs the current one
    signed = client.post("/api/login", json={"name": "bruno", "password": "correct horse"})
    assert signed.status_code == 200 and signed.json()["id"] == bruno["id"]
    assert signed.json()["player_key"] != bruno["player_key"]  # a fresh key per sign-in

    def attempt(name: str) -> tuple[float, dict[str, Any]]:
        started = time.perf_counter()
        reply = client.post("/api/login", json={"name": name, "password": "wrong password"})
        assert reply.status_code == 401
        return time.perf_counter() - started, reply.json()

    wrong_password = [attempt("Bruno") for _ in range(3)]
    wrong_name = [attempt("Nobody") for _ in range(3)]
    assert wrong_password[0][1] == wrong_name[0][1]  # the same answer
    slow = statistics.median(t for t, _ in wrong_password)
    fast = statistics.median(t for t, _ in wrong_name)
    assert fast > slow / 5  # an unknown name is hashed too: no quick "no such name"


def test_sign_in_attempts_are_limited_per_name(client: TestClient) -> None:
    new_player(client, "Caio")
    answers = [
        client.post("/api/login", json={"name": "Caio", "password": "guess number x"}).status_code
        for _ in range(7)
    ]
    assert answers[:5] == [401] * 5 and answers[5:] == [429, 429]


def test_keys_are_revoked_one_by_one_or_everywhere(client: TestClient) -> None:
    duda = new_player(client, "Duda")
    client.post("/api/players/me/password", json={"password": "long enough"}, headers=key(duda))
    assert client.get("/api/players/me", headers=key(duda)).status_code == 200  # a first one
    other = client.post("/api/login", json={"name": "Duda", "password": "long enough"}).json()
    assert client.post("/api/logout", json={}, headers=key(duda)).status_code == 204
    assert client.get("/api/players/me", headers=key(duda)).status_code == 401
    assert client.get("/api/players/me", headers=key(other)).status_code == 200
    third = client.post("/api/login", json={"name": "Duda", "password": "long enough"}).json()
    everywhere = client.post("/api/logout", json={"everywhere": True}, headers=key(other))
    assert everywhere.status_code == 204
    for gone in (other, third):
        assert client.get("/api/players/me", headers=key(gone)).json()["error"]["code"] == (
            "bad_player_key"
        )


def rated_regulator(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, "regulator", [{"kind": "human"}] * 2, rated=True)
    return made["table"]["id"], [t["token"] for t in made["tokens"]]


def test_a_rated_table_starts_only_with_two_distinct_signed_in_players(client: TestClient) -> None:
    eva, fred = new_player(client, "Eva"), new_player(client, "Fred")
    table, tokens = rated_regulator(client)
    join = f"/api/tables/{table}/join"
    anonymous = client.post(join, json={"name": "x"}, headers={"X-Seat-Token": tokens[0]})
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "player_required"
    first = client.post(join, json={}, headers={"X-Seat-Token": tokens[0], **key(eva)})
    assert first.status_code == 200 and first.json()["table"]["status"] == "waiting"
    twice = client.post(join, json={}, headers={"X-Seat-Token": tokens[1], **key(eva)})
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_seated"
    second = client.post(join, json={}, headers={"X-Seat-Token": tokens[1], **key(fred)})
    summary = second.json()["table"]
    assert summary["status"] == "playing" and summary["rated"] is True
    assert [s["player"] for s in summary["seats"]] == [eva["id"], fred["id"]]
    assert [s["name"] for s in summary["seats"]] == ["Eva", "Fred"]  # their own names


def play_and_resign(client: TestClient, table: str, tokens: list[str], loser: int) -> None:
    url = f"/api/tables/{table}/commands"
    reply = client.post(url, json={"type": "resign"}, headers={"X-Seat-Token": tokens[loser]})
    assert reply.status_code == 200, reply.text


def test_a_rated_game_moves_the_winner_up_and_the_loser_down_once(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        gil, hana = new_player(client, "Gil"), new_player(client, "Hana")
        table, tokens = rated_regulator(client)
        elsewhere = from_address(client, "203.0.113.5")  # one address's games move nothing
        for token, player, via in zip(tokens, (gil, hana), (client, elsewhere), strict=True):
            via.post(f"/api/tables/{table}/join", json={},
                     headers={"X-Seat-Token": token, **key(player)})  # fmt: skip
        play_and_resign(client, table, tokens, loser=1)
        ratings = client.get(f"/api/tables/{table}/view").json()["ratings"]
        assert ratings[0]["player"] == gil["id"] and ratings[0]["after"] > ratings[0]["before"]
        assert ratings[1]["player"] == hana["id"] and ratings[1]["after"] < ratings[1]["before"]
        board = client.get("/api/leaderboard/regulator").json()
        assert [row["name"] for row in board] == ["Gil", "Hana"]
        assert board[0]["games"] == 1 and board[0]["provisional"] is True
        profile = client.get(f"/api/players/{hana['id']}").json()
        recent = profile["recent"][0]
        assert recent["outcome"] == "loss" and recent["replay"] == f"/#/replay/{table}"
        assert recent["rating_change"]["after"] == ratings[1]["after"]
    with make_client(tmp_path) as client:  # a restart replays the log: nothing is rated again
        board = client.get("/api/leaderboard/regulator").json()
        assert [row["games"] for row in board] == [1, 1]
        assert client.get(f"/api/tables/{table}/view").json()["status"] == "finished"


def test_a_regicide_team_rises_and_falls_together_and_levels_keep_their_ladder_ratings(
    client: TestClient,
) -> None:
    ida, joe = new_player(client, "Ida"), new_player(client, "Joe")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "human"},
             {"kind": "bot", "level": "greedy"}]  # fmt: skip
    made = create(client, "regicide", seats, rated=True)
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for token, player in zip(tokens, (ida, joe), strict=True):
        client.post(f"/api/tables/{table}/join", json={},
                    headers={"X-Seat-Token": token, **key(player)})  # fmt: skip
    play_and_resign(client, table, tokens, loser=0)  # Yellow resigns: light loses
    changes = client.get(f"/api/tables/{table}/view").json()["ratings"]
    up = [c["after"] - c["before"] for c in changes]
    assert up[0] < 0 and up[2] < 0 and up[0] == up[2]  # Ida and Joe, together
    # The levels won, and stay at the ratings their game's ladder gives them.
    ladder = dict(ladder_of("regicide"))
    assert [(c["before"], c["after"]) for c in changes[1::2]] == [
        (ladder["random"], ladder["random"]), (ladder["greedy"], ladder["greedy"]),
    ]  # fmt: skip
    board = {row["name"]: row["rating"] for row in client.get("/api/leaderboard/regicide").json()}
    assert {"random (bot)", "greedy (bot)", "Ida", "Joe"} == set(board)
    assert board["greedy (bot)"] == ladder["greedy"]


def test_a_rated_table_s_rating_changes_survive_a_restart(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        kim, lea = new_player(client, "Kim"), new_player(client, "Lea")
        table, tokens = rated_regulator(client)
        elsewhere = from_address(client, "203.0.113.6")
        for token, player, via in zip(tokens, (kim, lea), (client, elsewhere), strict=True):
            via.post(f"/api/tables/{table}/join", json={},
                     headers={"X-Seat-Token": token, **key(player)})  # fmt: skip
        play_and_resign(client, table, tokens, loser=0)
        before = client.get(f"/api/tables/{table}/view").json()["ratings"]
        me = client.get("/api/players/me", headers=key(kim)).json()
        assert before[0]["after"] < before[0]["before"] and me["has_password"] is False
    with make_client(tmp_path) as client:
        assert client.get(f"/api/tables/{table}/view").json()["ratings"] == before
