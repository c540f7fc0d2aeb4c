"""Whole tournaments of bot entrants on the real server, to their podium, for each game and
format; a person who joins, plays and forfeits; the organiser's controls; refusals."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.tournaments.director import Director
from tests.server.conftest import make_client
from tests.tables.fakes import FakeClock

PAST = "2000-01-01T00:00:00Z"


def director(client: TestClient) -> Director:
    found: Director = client.app.state.tournaments  # type: ignore[attr-defined]
    return found


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        director(test_client).tick_seconds = 0.1
        yield test_client


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose clock moves only when the test says (`advance`)."""
    with make_client(tmp_path, FakeClock()) as test_client:
        director(test_client).tick_seconds = 0.1
        yield test_client


def advance(client: TestClient, seconds: float) -> None:
    clock = client.app.state.service.clock  # type: ignore[attr-defined]
    client.portal.call(clock.advance, seconds)  # type: ignore[union-attr]


def bots(n: int, level: str = "random") -> list[dict[str, str]]:
    return [{"kind": "bot", "level": level}] * n


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    made = client.post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def wait_for(client: TestClient, tid: str, done: Any, seconds: float = 90.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        view: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        if done(view):
            return view
        assert time.monotonic() < end, f"tournament stuck: {view['status']} round {view['round']}"
        time.sleep(0.1)


def finished(view: dict[str, Any]) -> bool:
    return bool(view["status"] == "finished")


def tables_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for r in view["rounds"] for t in r["tables"] if not t["bye"]]


def check_podium(view: dict[str, Any], entrants: int) -> None:
    assert view["status"] == "finished"
    assert len(view["standings"]) == entrants
    assert [row["rank"] for row in view["podium"]] == [1, 2, 3]
    assert view["podium"] == view["standings"][:3]
    points = [row["points"] for row in view["standings"]]
    assert points == sorted(points, reverse=True)
    players = [e["player"] for e in view["entrants"]]
    assert len(set(players)) == entrants  # every bot entrant has its own player id
    ids = [t["table"] for t in tables_of(view)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("game", "entrants", "seats", "rounds"),
    [("regulator", 5, 2, 3), ("regicide", 8, 4, 2), ("regicida", 7, 4, 2)],
)
def test_a_whole_swiss_of_bots_runs_to_its_podium(
    client: TestClient, game: str, entrants: int, seats: int, rounds: int
) -> None:
    made = create(client, game=game, format="swiss", rounds=rounds, starts_at=PAST,
                  players_per_table=seats, entrants=bots(entrants))  # fmt: skip
    assert made["tournament"]["status"] == "running"  # a past start time starts at once
    assert made["join_link"] == f"/#/tournaments/{made['tournament']['id']}"
    view = wait_for(client, made["tournament"]["id"], finished)
    check_podium(view, entrants)
    assert [r["number"] for r in view["rounds"]] == list(range(1, rounds + 1))
    for r in view["rounds"]:
        seated = [p for t in r["tables"] for p in t["seats"]]
        assert sorted(seated) == sorted(e["player"] for e in view["entrants"])
        for t in r["tables"]:
            if not t["bye"]:
                summary = client.get(f"/api/tables/{t['table']}").json()
                assert summary["status"] == "finished" and summary["players"] == len(t["seats"])
    if game == "regicida":  # 7 at tables of 4: a table of 4 and one of 3, no bye
        assert sorted(len(t["seats"]) for t in view["rounds"][0]["tables"]) == [3, 4]
    else:  # a win 1, a draw ½: each two-sided game hands out one point per side...
        per_round = {"regulator": 3.0, "regicide": 4.0}[game]  # ...and a bye one
        assert sum(row["points"] for row in view["standings"]) == per_round * rounds


@pytest.mark.parametrize(("game", "entrants", "seats"),
                         [("regulator", 4, 2), ("regicide", 4, 4), ("regicida", 5, 3)])  # fmt: skip
def test_a_whole_round_robin_of_bots_runs_to_its_podium(
    client: TestClient, game: str, entrants: int, seats: int
) -> None:
    made = create(client, game=game, format="round_robin", starts_at=PAST,
                  players_per_table=seats, entrants=bots(entrants))  # fmt: skip
    view = wait_for(client, made["tournament"]["id"], finished)
    check_podium(view, entrants)
    met: Counter[frozenset[str]] = Counter()
    for t in tables_of(view):
        met.update(frozenset(pair) for pair in combinations(t["seats"], 2))
    everyone = [e["player"] for e in view["entrants"]]
    assert all(met[frozenset(pair)] >= 1 for pair in combinations(everyone, 2))
    if game == "regulator":
        assert view["rounds_total"] == 3 and set(met.values()) == {1}


@pytest.mark.parametrize(("game", "seats"), [("regulator", 2), ("regicide", 4), ("regicida", 3)])
def test_a_whole_arena_of_bots_pairs_again_at_once_and_ends_with_its_window(
    timed: TestClient, game: str, seats: int
) -> None:
    made = create(timed, game=game, format="arena", minutes=1, starts_at=PAST,
                  players_per_table=seats, entrants=bots(seats + 1))  # fmt: skip
    tid = made["tournament"]["id"]
    # The window stands still (the server's clock is the test's): games follow games.
    view = wait_for(timed, tid, lambda v: len([t for t in tables_of(v) if t["result"]]) >= 3)
    assert view["status"] == "running"
    advance(timed, 61)
    view = wait_for(timed, tid, finished)
    check_podium(view, seats + 1)
    assert all(t["result"] for t in tables_of(view))
    arena = view["standings"]
    assert all(row["points"] == int(row["points"]) for row in arena)  # win 2, draw 1, streaks
    assert sum(row["games"] for row in arena) == sum(len(t["seats"]) for t in tables_of(view))
    if game == "regicida":  # by rank at the table: a point per seat finished above
        expected = {}
        for row in arena:
            total, wins = 0, 0
            for r in view["rounds"]:
                for t in r["tables"]:
                    if row["player"] in t["seats"]:
                        ranks, seat = t["result"]["ranks"], t["seats"].index(row["player"])
                        assert len(ranks) == seats and min(ranks) == 1
                        total += sum(x > ranks[seat] for x in ranks) * (2 if wins >= 2 else 1)
                        wins = wins + 1 if t["result"]["scores"][seat] == 1.0 else 0
            expected[row["player"]] = total
        assert {row["player"]: row["points"] for row in arena} == expected


def guest(client: TestClient, name: str) -> dict[str, str]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    key: str = made.json()["player_key"]
    return {"X-Player-Key": key, "id": made.json()["id"]}


def test_a_person_joins_plays_their_game_and_sees_the_podium(client: TestClient) -> None:
    made = create(client, game="regulator", format="swiss", rounds=1, entrants=bots(1))
    tid, organiser = made["tournament"]["id"], made["organiser_token"]
    assert made["tournament"]["status"] == "upcoming"  # no start time: the organiser starts
    ann = guest(client, "Ann")
    key = {"X-Player-Key": ann["X-Player-Key"]}
    joined = client.post(f"/api/tournaments/{tid}/join", headers=key)
    assert joined.status_code == 200, joined.text
    again = client.post(f"/api/tournaments/{tid}/join", headers=key)
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_seated"
    listed = client.get("/api/tournaments").json()
    assert [t["id"] for t in listed["upcoming"]] == [tid]
    refused = client.post(f"/api/tournaments/{tid}/start", headers={"X-Organiser-Token": "x"})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad_token"
    started = client.post(f"/api/tournaments/{tid}/start", headers={"X-Organiser-Token": organiser})
    assert started.json()["status"] == "running"
    table = started.json()["rounds"][0]["tables"][0]
    assert ann["id"] in table["seats"]
    # Her seat is hers: her player key takes it (a new seat token) and the table starts.
    seat = client.post(f"/api/tables/{table['table']}/join", json={}, headers=key).json()
    headers = {"X-Seat-Token": seat["token"]}
    client.post(f"/api/tables/{table['table']}/commands", json={"type": "resign"},
                headers=headers)  # fmt: skip
    view = wait_for(client, tid, finished)
    assert view["podium"][0]["player"] != ann["id"]
    assert view["podium"][1]["player"] == ann["id"] and view["podium"][1]["points"] == 0


def test_an_absent_player_forfeits_after_the_grace_and_is_withdrawn_after_two(
    timed: TestClient,
) -> None:
    made = create(timed, game="regulator", format="swiss", rounds=3, grace_s=30,
                  entrants=bots(3))  # fmt: skip
    tid = made["tournament"]["id"]
    bob = guest(timed, "Bob")
    timed.post(f"/api/tournaments/{tid}/join", headers={"X-Player-Key": bob["X-Player-Key"]})
    timed.post(f"/api/tournaments/{tid}/start",
               headers={"X-Organiser-Token": made["organiser_token"]})  # fmt: skip

    def bobs_game(view: dict[str, Any], round_: int) -> dict[str, Any] | None:
        if len(view["rounds"]) < round_:
            return None
        tables = view["rounds"][round_ - 1]["tables"]
        return next((t for t in tables if bob["id"] in t["seats"]), None)

    for round_ in (1, 2):
        wait_for(timed, tid, lambda v, r=round_: bobs_game(v, r) is not None)
        advance(timed, 29)
        time.sleep(0.5)
        game = bobs_game(timed.get(f"/api/tournaments/{tid}").json(), round_)
        assert game is not None and game["result"] is None  # the grace runs on
        advance(timed, 2)
        view = wait_for(timed, tid, lambda v, r=round_: bool((bobs_game(v, r) or {})["result"]))
        game = bobs_game(view, round_)
        assert game is not None and game["result"]["forfeit"]
        assert sum(game["result"]["scores"]) == 1.0
        assert game["result"]["scores"][game["seats"].index(bob["id"])] == 0.0
    view = wait_for(timed, tid, finished)
    me = next(e for e in view["entrants"] if e["player"] == bob["id"])
    assert me["forfeits"] == 2 and me["withdrawn"]
    assert all(bob["id"] not in t["seats"] for t in view["rounds"][2]["tables"])


def test_the_organiser_pauses_between_rounds_and_cancels(client: TestClient) -> None:
    made = create(client, game="regulator", format="swiss", rounds=3, entrants=bots(4))
    tid, token = made["tournament"]["id"], {"X-Organiser-Token": made["organiser_token"]}
    assert client.post(f"/api/tournaments/{tid}/start", headers=token).json()["round"] == 1
    assert client.post(f"/api/tournaments/{tid}/pause", headers=token).json()["paused"]
    view = wait_for(client, tid, lambda v: all(t["result"] for t in tables_of(v)))
    time.sleep(0.5)
    assert client.get(f"/api/tournaments/{tid}").json()["round"] == 1  # paused: no round 2
    client.post(f"/api/tournaments/{tid}/resume", headers=token)
    wait_for(client, tid, lambda v: v["round"] >= 2)
    cancelled = client.post(f"/api/tournaments/{tid}/cancel", headers=token).json()
    assert cancelled["status"] == "cancelled"
    after = client.post(f"/api/tournaments/{tid}/start", headers=token)
    assert after.status_code == 409 and after.json()["error"]["code"] == "finished"
    assert view["round"] == 1


def test_start_when_enough_have_joined_and_invitations(client: TestClient) -> None:
    made = create(client, game="regulator", format="swiss", rounds=1, start_when=3,
                  invite_only=True, entrants=bots(1))  # fmt: skip
    tid = made["tournament"]["id"]
    invite = made["join_link"].split("invite=")[1]
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    shut = client.post(
        f"/api/tournaments/{tid}/join", headers={"X-Player-Key": ann["X-Player-Key"]}
    )
    assert shut.status_code == 401 and shut.json()["error"]["code"] == "bad_token"
    for who in (ann, bob):
        answer = client.post(f"/api/tournaments/{tid}/join", json={"invite": invite},
                             headers={"X-Player-Key": who["X-Player-Key"]})  # fmt: skip
        assert answer.status_code == 200, answer.text
    assert client.get(f"/api/tournaments/{tid}").json()["status"] == "running"


@pytest.mark.parametrize(
    ("body", "code"),
    [({"game": "chess", "format": "swiss", "rounds": 3}, "unknown_game"),
     ({"game": "regulator", "format": "swiss"}, "bad_options"),
     ({"game": "regulator", "format": "arena"}, "bad_options"),
     ({"game": "regulator", "format": "swiss", "rounds": 2, "entry": "teams"}, "bad_options"),
     ({"game": "regicida", "format": "swiss", "rounds": 2, "players_per_table": 9},
      "invalid"),
     ({"game": "regicida", "format": "swiss", "rounds": 2, "players_per_table": 7},
      "bad_options"),
     ({"game": "regulator", "format": "swiss", "rounds": 2,
       "entrants": [{"kind": "bot", "level": "nobody"}]}, "bad_options"),
     ({"game": "regulator", "format": "knockout", "rounds": 2}, "invalid")],
)  # fmt: skip
def test_a_bad_tournament_is_refused_with_its_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    answer = client.post("/api/tournaments", json=body)
    assert answer.status_code in (400, 404, 422) and answer.json()["error"]["code"] == code, (
        answer.text
    )


def test_an_unknown_tournament_and_joining_without_a_key(client: TestClient) -> None:
    assert client.get("/api/tournaments/nope").json()["error"]["code"] == "not_found"
    made = create(client, game="regulator", format="swiss", rounds=1)
    tid = made["tournament"]["id"]
    answer = client.post(f"/api/tournaments/{tid}/join")
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "bad_player_key"


def test_a_watcher_is_told_of_each_round_and_the_end(client: TestClient) -> None:
    made = create(client, game="regulator", format="swiss", rounds=2, entrants=bots(2))
    tid, token = made["tournament"]["id"], {"X-Organiser-Token": made["organiser_token"]}
    with client.websocket_connect(f"/api/ws/tournaments/{tid}") as socket:
        assert socket.receive_json()["event"] == "welcome"
        client.post(f"/api/tournaments/{tid}/start", headers=token)
        events = []
        while "finished" not in events:
            message = socket.receive_json()
            assert message["type"] == "tournament"
            events.append(message["event"])
        assert {"started", "round_started", "table_finished"} <= set(events)
        assert message["tournament"]["podium"]


def test_watchers_that_leave_or_name_no_tournament_leave_nothing_behind(
    client: TestClient,
) -> None:
    tid = create(client, game="regulator", format="swiss", rounds=1)["tournament"]["id"]
    with client.websocket_connect(f"/api/ws/tournaments/{tid}") as socket:
        assert socket.receive_json()["event"] == "welcome"
        assert tid in director(client)._watchers
    for bad in ("nope", "x" * 300):
        with client.websocket_connect(f"/api/ws/tournaments/{bad}") as socket:
            assert socket.receive_json()["type"] == "error"
    deadline = time.monotonic() + 10
    while director(client)._watchers and time.monotonic() < deadline:
        time.sleep(0.05)  # the server's side of a closed socket ends on its own loop
    assert director(client)._watchers == {}


def test_pre_registered_regicide_teams_play_as_one_and_sit_on_one_side(
    client: TestClient,
) -> None:
    made = create(client, game="regicide", format="swiss", rounds=2, entry="teams",
                  starts_at=PAST, entrants=bots(8))  # fmt: skip
    view = wait_for(client, made["tournament"]["id"], finished)
    teams: dict[int, set[str]] = {}
    for e in view["entrants"]:
        teams.setdefault(e["team"], set()).add(e["player"])
    assert sorted(len(m) for m in teams.values()) == [2, 2, 2, 2]
    assert len(view["standings"]) == 4  # a unit per team
    assert all(len(row["players"]) == 2 for row in view["standings"])
    game = next(g for g in client.get("/api/games").json() if g["name"] == "regicide")
    for table in tables_of(view):
        for team in game["teams"]["4"]:
            members = {table["seats"][s] for s in team}
            assert members in teams.values()
    met: Counter[frozenset[frozenset[str]]] = Counter()
    for table in tables_of(view):
        met[
            frozenset(frozenset(table["seats"][s] for s in team) for team in game["teams"]["4"])
        ] += 1
    assert max(met.values()) == 1  # no two teams meet twice in two rounds of four teams


@pytest.mark.parametrize(("game", "entrants", "seats"), [("regulator", 3, 2), ("regicida", 5, 3)])
def test_a_round_robin_on_a_turn_based_clock_plays_every_round_at_once(
    timed: TestClient, game: str, entrants: int, seats: int
) -> None:
    made = create(timed, game=game, format="round_robin", starts_at=PAST,
                  players_per_table=seats, clock={"days_per_move": 3},
                  entrants=bots(entrants))  # fmt: skip
    at_start = made["tournament"]
    total = at_start["rounds_total"]
    # Every round's games were made at the start, so they all run concurrently.
    assert total >= 3 and at_start["round"] == total
    assert [r["number"] for r in at_start["rounds"]] == list(range(1, total + 1))
    made_tables = tables_of(at_start)
    for t in made_tables:
        summary = timed.get(f"/api/tables/{t['table']}").json()
        assert summary["turn_based"] is True and summary["players"] == len(t["seats"])
    view = wait_for(timed, at_start["id"], finished)
    assert view["clock"] == {"days_per_move": 3}
    assert [t["table"] for t in tables_of(view)] == [t["table"] for t in made_tables]
    met: Counter[frozenset[str]] = Counter()
    for t in made_tables:
        met.update(frozenset(pair) for pair in combinations(t["seats"], 2))
    everyone = [e["player"] for e in view["entrants"]]
    assert all(met[frozenset(pair)] >= 1 for pair in combinations(everyone, 2))
    games = sum(row["games"] for row in view["standings"])
    assert games == sum(len(t["seats"]) for t in made_tables) + sum(
        1 for r in view["rounds"] for t in r["tables"] if t["bye"]
    )


def test_a_withdrawal_from_a_turn_based_round_robin_resigns_the_games_in_play(
    timed: TestClient,
) -> None:
    made = create(timed, game="regulator", format="round_robin", clock={"days_per_move": 3},
                  entrants=bots(2))  # fmt: skip
    tid, organiser = made["tournament"]["id"], made["organiser_token"]
    ann = guest(timed, "Ann")
    key = {"X-Player-Key": ann["X-Player-Key"]}
    assert timed.post(f"/api/tournaments/{tid}/join", headers=key).status_code == 200
    started = timed.post(f"/api/tournaments/{tid}/start",
                         headers={"X-Organiser-Token": organiser}).json()  # fmt: skip
    hers = [t for t in tables_of(started) if ann["id"] in t["seats"]]
    assert len(hers) == 2  # both her games made at the start
    for t in hers:  # she takes her seats, then leaves the event with both games in play
        assert timed.post(f"/api/tables/{t['table']}/join", json={}, headers=key).status_code == 200
    assert timed.post(f"/api/tournaments/{tid}/withdraw", headers=key).status_code == 200
    view = wait_for(timed, tid, lambda v: all(t["result"] for t in tables_of(v)
                                              if ann["id"] in t["seats"]), seconds=30)  # fmt: skip
    for t in tables_of(view):  # resigned at once: nobody waits out her 3-day clock
        if ann["id"] in t["seats"]:
            assert not t["result"].get("forfeit")
            assert t["result"]["scores"][t["seats"].index(ann["id"])] == 0.0
            summary = timed.get(f"/api/tables/{t['table']}").json()
            assert summary["status"] == "finished" and "resigned" in summary["result"]["reason"]


def test_an_address_runs_at_most_four_unfinished_tournaments(client: TestClient) -> None:
    made = [create(client, game="regulator", format="swiss", rounds=1) for _ in range(4)]
    refused = client.post("/api/tournaments", json={"game": "regulator", "format": "swiss",
                                                    "rounds": 1})  # fmt: skip
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_tables"
    first = made[0]
    client.post(f"/api/tournaments/{first['tournament']['id']}/cancel",
                headers={"X-Organiser-Token": first["organiser_token"]})  # fmt: skip
    create(client, game="regulator", format="swiss", rounds=1)  # a cancelled one counts no more
    assert "creator" not in client.get(f"/api/tournaments/{first['tournament']['id']}").json()
