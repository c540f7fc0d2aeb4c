"""A player's rating history per game (GET /api/players/{id}/ratings/history): the rating
before the first rated game, then after each, oldest first, as the profiles' chart draws it."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import make_client
from tests.server.helpers import from_address
from tests.server.test_players import key, new_player, play_and_resign, rated_regulator


def test_the_history_is_the_rating_after_each_rated_game_oldest_first(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ida, jo = new_player(client, "Ida"), new_player(client, "Jo")
        elsewhere = from_address(client, "203.0.113.7")  # one address's games move nothing
        tables = []
        for loser in (1, 1, 0):  # Ida wins twice, then loses
            table, tokens = rated_regulator(client)
            for token, player, via in zip(tokens, (ida, jo), (client, elsewhere), strict=True):
                via.post(f"/api/tables/{table}/join", json={},
                         headers={"X-Seat-Token": token, **key(player)})  # fmt: skip
            play_and_resign(client, table, tokens, loser=loser)
            tables.append(table)
        reply = client.get(f"/api/players/{ida['id']}/ratings/history")
        assert reply.status_code == 200, reply.text
        body = reply.json()
        assert body["player"] == ida["id"] and list(body["games"]) == ["regulator"]
        points = body["games"]["regulator"]
        assert [p["table"] for p in points] == [None, *tables]
        ratings = [p["rating"] for p in points]
        assert ratings[0] == 1000 and ratings[1] > ratings[0] and ratings[2] > ratings[1]
        assert ratings[3] < ratings[2]
        # Each point is the profile's own rating change for that table.
        profile = client.get(f"/api/players/{ida['id']}").json()
        recent = {g["table"]: g for g in profile["recent"]}
        assert [recent[t]["rating_change"]["after"] for t in tables] == ratings[1:]
        assert profile["ratings"]["regulator"]["rating"] == ratings[-1]
        # Jo's history mirrors it; a player without rated games has none.
        jos = client.get(f"/api/players/{jo['id']}/ratings/history").json()["games"]["regulator"]
        assert [p["table"] for p in jos] == [None, *tables] and jos[1]["rating"] < jos[0]["rating"]
        kim = new_player(client, "Kim")
        assert client.get(f"/api/players/{kim['id']}/ratings/history").json()["games"] == {}


def test_an_unknown_player_has_no_history(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        reply = client.get("/api/players/nobody/ratings/history")
        assert reply.status_code == 404
        assert reply.json()["error"]["code"] == "unknown_player"
