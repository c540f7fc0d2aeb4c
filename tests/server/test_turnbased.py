"""Turn-based tables (`"clock": {"days_per_move": N}`) across simulated days: every game
plays on for weeks at a day per move, a seat away for days is never taken over, and the
clock alone judges (the table's `on_timeout`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.tables.ports import Turns
from tests.server.conftest import make_client
from tests.server.helpers import create
from tests.server.test_online import advance, join, view, wait_for
from tests.tables.fakes import FakeClock

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "level": "random"}
HOUR = 3600.0
DAY = 24 * HOUR
SEATS = {"regulator": 2, "regicide": 4, "regicida": 3}


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, FakeClock()) as test_client:
        yield test_client


def seat_up(client: TestClient, game: str, days: int, **extra: Any) -> tuple[str, list[str]]:
    made = create(client, game, [HUMAN] * SEATS[game], clock={"days_per_move": days}, **extra)
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    table = made["table"]["id"]
    for seat, token in enumerate(tokens):
        join(client, table, token, f"P{seat}")
    return table, tokens


def move(client: TestClient, table: str, tokens: list[str]) -> None:
    """Every seat to act plays its first legal action."""
    seen = view(client, table)
    for seat in seen["to_act"]:
        mine = view(client, table, tokens[seat])
        action = mine["legal"][0]["action"]
        reply = client.post(f"/api/tables/{table}/commands",
                            json={"type": "action", "action": action, "seq": mine["seq"]},
                            headers={"X-Seat-Token": tokens[seat]})  # fmt: skip
        assert reply.status_code == 200, reply.text


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_turn_based_game_goes_on_for_weeks_then_the_clock_alone_judges(
    timed: TestClient, game: str
) -> None:
    table, tokens = seat_up(timed, game, 1)
    summary = timed.get(f"/api/tables/{table}").json()
    assert summary["clock"] == {"days_per_move": 1} and summary["turn_based"] is True
    assert summary["absence"]["then"] == "wait"  # even where the game's default is a bot
    for _ in range(14):  # two weeks, each move 20 hours after the last, nobody connected
        advance(timed, 20 * HOUR)
        assert view(timed, table)["status"] == "playing"
        move(timed, table, tokens)
    seen = view(timed, table)
    left = seen["clocks"]["remaining_ms"]
    assert all(left[s] == DAY * 1000 for s in seen["to_act"])  # a fresh day each turn
    assert not any(p["bot"] for p in seen["presence"])  # away for days: nobody took over
    advance(timed, DAY + 1)

    def late() -> list[dict[str, Any]]:  # the timeout is stored on the writer's thread
        found = timed.get(f"/api/tables/{table}/events").json()["events"]
        return [e for e in found if e["kind"] == "timeout"]

    assert wait_for(late)[0]["seat"] in seen["to_act"]

    def status() -> str:
        found: str = timed.get(f"/api/tables/{table}").json()["status"]
        return found if found != "playing" or game == "regicida" else ""

    after = {"status": wait_for(status)}
    if game == "regicida":  # a seat out of a free-for-all: a stand-in plays it on
        assert after["status"] == "playing"
    else:  # its team loses
        assert after["status"] == "finished"


def test_only_the_offered_days_and_no_takeover_rule(timed: TestClient) -> None:
    for clock in ({"days_per_move": 4}, {"days_per_move": 0}, {"days_per_move": 15}):
        reply = timed.post("/api/tables", json={"game": "regulator", "seats": [HUMAN, BOT],
                                                "clock": clock})  # fmt: skip
        assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_options"
    reply = timed.post("/api/tables", json={
        "game": "regulator", "seats": [HUMAN, HUMAN], "clock": {"days_per_move": 3},
        "absence": {"then": "bot"}})  # fmt: skip
    assert reply.status_code == 400, reply.text
    games = {g["name"]: g for g in timed.get("/api/games").json()}
    assert games["regulator"]["days_per_move"] == [1, 2, 3, 5, 7, 14]
    assert games["regulator"]["conditional_moves"] and games["regicide"]["conditional_moves"]
    assert not games["regicida"]["conditional_moves"]


class Heard:
    def __init__(self) -> None:
        self.turns: list[tuple[str, int]] = []

    def on_turn(self, table: Any, seat: int) -> None:
        self.turns.append((table.id, seat))


def test_the_owner_hears_each_turn_that_begins_once(timed: TestClient) -> None:
    service = timed.app.state.service  # type: ignore[attr-defined]
    assert isinstance(service.turns, Turns)
    heard = Heard()
    service.turns.add(heard)
    table, tokens = seat_up(timed, "regulator", 2)
    assert heard.turns == [(table, 0)]  # the last join started the game: White to move
    move(timed, table, tokens)
    timed.post(f"/api/tables/{table}/commands", json={"type": "chat", "text": "hi"},
               headers={"X-Seat-Token": tokens[0]})  # fmt: skip
    assert heard.turns == [(table, 0), (table, 1)]  # a chat line begins no turn


def guest(client: TestClient, name: str) -> dict[str, str]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return {"X-Player-Key": reply.json()["player_key"]}


def test_a_vacation_stops_the_players_clocks_and_is_shown_to_the_table(
    timed: TestClient,
) -> None:
    ana, bia = guest(timed, "Ana"), guest(timed, "Bia")
    made = create(timed, "regulator", [HUMAN, HUMAN], clock={"days_per_move": 1})
    table = made["table"]["id"]
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    for token, key in zip(tokens, (ana, bia), strict=True):
        reply = timed.post(f"/api/tables/{table}/join", json={"name": ""},
                           headers={"X-Seat-Token": token, **key})  # fmt: skip
        assert reply.status_code == 200, reply.text
    assert timed.get("/api/players/me/vacation", headers=ana).json()["days_left"] == 14
    advance(timed, 12 * HOUR)  # White (Ana) to move, half her day gone
    taken = timed.post("/api/players/me/vacation", json={"days": 3}, headers=ana)
    assert taken.status_code == 200, taken.text
    assert taken.json()["days_left"] == 11 and taken.json()["tables"] == [table]
    summary = timed.get(f"/api/tables/{table}").json()
    assert summary["seats"][0]["vacation_until"] and summary["seats"][1]["vacation_until"] is None
    assert summary["clocks"]["remaining_ms"][0] == (12 * HOUR + 3 * DAY) * 1000
    assert any(e["kind"] == "vacation" and e["seat"] == 0
               for e in timed.get(f"/api/tables/{table}/events").json()["events"])  # fmt: skip
    advance(timed, 3 * DAY)  # without the vacation her time ran out long ago
    assert view(timed, table)["status"] == "playing"
    too_many = timed.post("/api/players/me/vacation", json={"days": 12}, headers=ana)
    assert (
        too_many.status_code == 400
        and "11 vacation days left" in too_many.json()["error"]["message"]
    )
    # Bia goes away too; her turn begins during her vacation: the rest of it is added.
    assert timed.post("/api/players/me/vacation", json={"days": 2}, headers=bia).status_code == 200
    move(timed, table, tokens)
    left = timed.get(f"/api/tables/{table}").json()["clocks"]["remaining_ms"][1]
    assert left == (DAY + 2 * DAY) * 1000
    advance(timed, 3 * DAY + 1)
    assert wait_for(lambda: timed.get(f"/api/tables/{table}").json()["status"] == "finished")


def test_a_turn_based_seek_waits_for_a_partner_without_a_connection(timed: TestClient) -> None:
    clock = {"days_per_move": 3}
    first = timed.post("/api/quickplay", json={"game": "regulator", "clock": clock, "name": "A"})
    assert first.status_code == 200, first.text
    advance(timed, 5 * HOUR)  # nobody connected meanwhile: a real-time seek would be dead
    second = timed.post("/api/quickplay", json={"game": "regulator", "clock": clock, "name": "B"})
    assert second.json()["table"]["id"] == first.json()["table"]["id"]
    assert second.json()["table"]["status"] == "playing"
    live = timed.post("/api/quickplay", json={"game": "regulator", "name": "C"})
    advance(timed, 5 * HOUR)
    other = timed.post("/api/quickplay", json={"game": "regulator", "name": "D"})
    assert other.json()["table"]["id"] != live.json()["table"]["id"]  # real time: it died


def test_the_lobby_lists_turn_based_open_tables_until_they_expire(timed: TestClient) -> None:
    open_seat = [HUMAN, {"kind": "open"}]
    slow = create(timed, "regulator", open_seat, clock={"days_per_move": 7})["table"]["id"]
    fast = create(timed, "regulator", open_seat, clock={"per_move_s": 60})["table"]["id"]
    advance(timed, 5 * HOUR)
    listed = [t["id"] for t in timed.get("/api/tables").json()]
    assert slow in listed and fast not in listed
