"""Quick play pairs only with seekers still connected, the lobby's counts of who is online
and waiting, and the computer opponent a seeker gets when nobody comes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from regalia.core.registry import get_game
from regalia.tables.models import RatingRow
from regalia.tables.seeks import level_near
from tests.server.conftest import make_client
from tests.server.helpers import hello
from tests.tables.fakes import FakeClock

QUICK = {"game": "regulator", "clock": {"per_move_s": 30}}


def quick(client: TestClient, name: str, **more: Any) -> dict[str, Any]:
    headers = more.pop("headers", {})
    reply = client.post("/api/quickplay", json={**QUICK, "name": name, **more}, headers=headers)
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def test_quick_play_pairs_only_with_a_seeker_still_connected(tmp_path: Path) -> None:
    clock = FakeClock()
    with make_client(tmp_path, clock) as client:
        gone = quick(client, "Ana")  # pressed Play now and closed the tab before it loaded
        client.portal.call(clock.advance, 5)  # type: ignore[union-attr]
        left = quick(client, "Bea")  # had the table open, then closed it
        with client.websocket_connect(f"/ws/tables/{left['table']['id']}") as ws:
            hello(ws, left["token"], "Bea")
        client.portal.call(clock.advance, 5)  # type: ignore[union-attr]
        here = quick(client, "Caio")
        assert here["seat"] == 0
        assert here["table"]["id"] not in (gone["table"]["id"], left["table"]["id"])
        client.portal.call(clock.advance, 900)  # type: ignore[union-attr]
        with client.websocket_connect(f"/ws/tables/{here['table']['id']}") as ws:
            hello(ws, here["token"], "Caio")
            paired = quick(client, "Dani")
            assert paired["table"]["id"] == here["table"]["id"] and paired["seat"] == 1
            assert paired["table"]["status"] == "playing"
        for old in (gone, left):
            assert client.get(f"/api/tables/{old['table']['id']}").json()["status"] == "waiting"


def test_seekers_arriving_together_pair_up_before_their_pages_connect(client: TestClient) -> None:
    first = quick(client, "Ana")
    second = quick(client, "Bea")  # Ana's page has not connected yet: her table is that new
    assert second["table"]["id"] == first["table"]["id"] and second["seat"] == 1


def test_the_lobby_counts_who_is_online_and_each_live_seek(tmp_path: Path) -> None:
    clock = FakeClock()
    with make_client(tmp_path, clock) as client:
        assert client.get("/api/lobby/online").json() == {"players_online": 0, "seeks": []}
        quick(client, "Ana")  # never connected: no seek, nobody online
        client.portal.call(clock.advance, 5)  # type: ignore[union-attr]
        seek = quick(client, "Bea")
        with client.websocket_connect(f"/ws/tables/{seek['table']['id']}") as ws:
            hello(ws, seek["token"], "Bea")
            client.portal.call(clock.advance, 7)  # type: ignore[union-attr]
            online = client.get("/api/lobby/online").json()
            assert online == {
                "players_online": 1,
                "seeks": [{"game": "regulator", "players": 2, "clock": {"per_move_s": 30},
                           "waiting_s": 7}],
            }  # fmt: skip
        assert client.get("/api/lobby/online").json() == {"players_online": 0, "seeks": []}


def test_quick_play_says_when_to_offer_bots_and_gives_them_at_zero(client: TestClient) -> None:
    waiting = quick(client, "Ana")
    assert waiting["bot_after_s"] == 20 and waiting["table"]["status"] == "waiting"
    assert quick(client, "Bea", bot_after_s=5)["bot_after_s"] == 5
    computer = quick(client, "Caio", bot_after_s=0)
    table = computer["table"]
    assert table["status"] == "playing" and computer["seat"] == 0
    game = get_game("regulator")
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    assert table["seats"][1]["level"] == (game.default_level or game.bot_levels[0].name)
    bad = client.post("/api/quickplay", json={**QUICK, "bot_after_s": -1})
    assert bad.status_code == 422


def test_a_seeker_who_gives_up_gets_bots_and_their_table_expires(client: TestClient) -> None:
    waiting = quick(client, "Ana")
    old = waiting["table"]["id"]
    wrong = client.post("/api/quickplay", json={**QUICK, "leave": old, "bot_after_s": 0},
                        headers={"X-Seat-Token": "nope"})  # fmt: skip
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_token"
    token = {"X-Seat-Token": waiting["token"]}
    computer = quick(client, "Ana", bot_after_s=0, leave=old, headers=token)
    assert computer["table"]["id"] != old and computer["table"]["status"] == "playing"
    assert client.get(f"/api/tables/{old}").json()["status"] == "expired"


def test_a_seeker_someone_sat_with_meanwhile_keeps_that_seat(client: TestClient) -> None:
    waiting = quick(client, "Ana")
    old = waiting["table"]["id"]
    assert client.post(f"/api/tables/{old}/sit", json={"seat": 1, "name": "Bea"}).status_code == 200
    token = {"X-Seat-Token": waiting["token"]}
    kept = quick(client, "Ana", bot_after_s=0, leave=old, headers=token)
    assert kept["table"]["id"] == old and kept["seat"] == 0 and kept["token"] == waiting["token"]
    assert kept["table"]["status"] == "playing"


def test_the_bots_level_is_the_one_rated_nearest_the_player() -> None:
    game = get_game("regulator")
    names = [level.name for level in game.bot_levels]
    assert len(names) >= 2
    ratings = {name: 1000.0 + 300 * n for n, name in enumerate(names)}
    assert level_near(game, 1000.0 + 300 * (len(names) - 1) + 50, ratings) == names[-1]
    assert level_near(game, 1010.0, ratings) == names[0]
    assert level_near(game, 1000.0 + 300 + 100, ratings) == names[1]
    default = game.default_level or names[0]
    assert level_near(game, None, ratings) == default  # an unrated player
    assert level_near(game, 5000.0, {}) == default  # no level rated yet


def test_a_rated_player_meets_the_bot_rated_nearest(client: TestClient) -> None:
    svc = client.app.state.service  # type: ignore[attr-defined]
    game = get_game("regulator")
    names = [level.name for level in game.bot_levels]
    ana, key = svc.accounts.create_guest("Ana")
    default = game.default_level or names[0]
    near = next(n for n, name in enumerate(names) if name != default)
    # Each level's rated player 300 points above the one before; Ana just above `near`'s.
    with Session(svc.db.store.engine) as session, session.begin():
        for n, name in enumerate(names):
            bot = svc.accounts.bot(name)
            session.add(RatingRow(player_id=bot.id, game="regulator", mu=25.0 + 7.5 * n,
                                  sigma=0.0, games=50))  # fmt: skip
        session.add(RatingRow(player_id=ana.id, game="regulator", mu=25.0 + 7.5 * near + 1.0,
                              sigma=0.0, games=50))  # fmt: skip
    computer = quick(client, "", bot_after_s=0, headers={"X-Player-Key": key})
    assert computer["table"]["seats"][1]["level"] == names[near]
    guest = quick(client, "Bea", bot_after_s=0)  # no rating: the default opponent
    assert guest["table"]["seats"][1]["level"] == default
