"""Conditional moves in both chess games: a seat queues replies to the others' possible
moves, the server plays them the instant a move matches, any other move cancels them, and
no other seat (nor a spectator) ever sees them: not in its view, events or socket frames."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import make_client
from tests.server.helpers import create, hello, receive
from tests.server.test_online import join
from tests.tables.fakes import FakeClock

HUMAN = {"kind": "human"}


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, FakeClock()) as test_client:
        yield test_client


def seat_up(client: TestClient, game: str, seats: int) -> tuple[str, list[str]]:
    made = create(client, game, [HUMAN] * seats, clock={"days_per_move": 2})
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    for seat, token in enumerate(tokens):
        join(client, made["table"]["id"], token, f"P{seat}")
    return made["table"]["id"], tokens


def state_of(client: TestClient, table: str) -> Any:
    return client.app.state.service.rounds.loaded(table).table.state  # type: ignore[attr-defined]


def line_from(state: Any, plies: int, pick: int = 0) -> list[str]:
    """`plies` actions in machine form from `state`, each the `pick`th legal one."""
    out = []
    for _ in range(plies):
        seat = sorted(state.to_act())[0]
        legal = list(state.legal_actions(seat))
        action = legal[min(pick, len(legal) - 1)]
        out.append(state.encode(action))
        state = state.apply(seat, action)
    return out


def play(client: TestClient, table: str, token: str, action: str) -> None:
    seq = client.get(f"/api/tables/{table}").json()["seq"]
    reply = client.post(f"/api/tables/{table}/commands", headers={"X-Seat-Token": token},
                        json={"type": "action", "action": action, "seq": seq})  # fmt: skip
    assert reply.status_code == 200, reply.text


def queue(client: TestClient, table: str, token: str, lines: list[list[str]]) -> Any:
    return client.put(f"/api/tables/{table}/conditional", headers={"X-Seat-Token": token},
                      json={"lines": lines})  # fmt: skip


def actions(client: TestClient, table: str, token: str | None = None) -> list[dict[str, Any]]:
    headers = {"X-Seat-Token": token} if token else {}
    found = client.get(f"/api/tables/{table}/events", headers=headers).json()["events"]
    return [e for e in found if e["kind"] == "action"]


def pairs(value: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of a JSON document, at any depth."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key, inner
            yield from pairs(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from pairs(inner)


def test_a_queued_reply_is_played_at_once_and_the_opponent_never_sees_the_queue(
    timed: TestClient,
) -> None:
    table, (white, black) = seat_up(timed, "regulator", 2)
    line = line_from(state_of(timed, table), 4)  # White, Black, White, Black
    other = line_from(state_of(timed, table), 2, pick=1)
    with timed.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, white)
        refused = queue(timed, table, white, [line])
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_conditionals"
        queued = queue(timed, table, black, [line, other])
        assert queued.status_code == 200, queued.text
        assert [[s["action"] for s in ln] for ln in queued.json()["lines"]] == [line, other]
        assert timed.get(f"/api/tables/{table}/conditional",
                         headers={"X-Seat-Token": white}).json() == {"lines": []}  # fmt: skip
        play(timed, table, white, line[0])  # Black's queued reply comes in the same instant
        final = timed.get(f"/api/tables/{table}").json()["seq"]
        frames = [receive(ws)]
        while not (frames[-1]["type"] == "view" and frames[-1]["seq"] == final):
            frames.append(receive(ws))
        played = actions(timed, table)
        assert [(a["seat"], a["action"]) for a in played] == [(0, line[0]), (1, line[1])]
        assert played[0]["at"] == played[1]["at"]
        white_events = timed.get(f"/api/tables/{table}/events", headers={"X-Seat-Token": white})
        spectator = timed.get(f"/api/tables/{table}/events").json()
        for seen in (frames, white_events.json(), spectator):
            assert not any(k == "lines" or v == "conditional" for k, v in pairs(seen))
        mine = timed.get(f"/api/tables/{table}/events", headers={"X-Seat-Token": black}).json()
        assert any(v == "conditional" for _, v in pairs(mine))  # its own seat reads it
    with timed.websocket_connect(f"/ws/tables/{table}") as again:  # White reconnects
        welcome = hello(again, white)
        assert welcome["older_chat"] is False
        first = [receive(again)]
        while first[-1]["type"] != "view":
            first.append(receive(again))
        assert {m["event"]["kind"] for m in first[:-1]} >= {"created", "action"}
        assert not any(k == "lines" or v == "conditional" for k, v in pairs(first))
    # The rest of the line stands; White plays something else: it is cancelled.
    left = timed.get(f"/api/tables/{table}/conditional", headers={"X-Seat-Token": black}).json()
    assert [[s["action"] for s in ln] for ln in left["lines"]] == [line[2:]]
    elsewhere = next(a for a in line_from(state_of(timed, table), 1, pick=2) if a != line[2])
    play(timed, table, white, elsewhere)
    assert actions(timed, table)[-1]["seat"] == 0  # no reply: Black is to move
    assert timed.get(f"/api/tables/{table}/conditional",
                     headers={"X-Seat-Token": black}).json() == {"lines": []}  # fmt: skip


def test_in_regicide_a_line_runs_through_three_other_seats(timed: TestClient) -> None:
    table, tokens = seat_up(timed, "regicide", 4)
    line = line_from(state_of(timed, table), 4)  # seats 0, 1, 2, then 3's reply
    assert queue(timed, table, tokens[3], [line]).status_code == 200
    bad = queue(timed, table, tokens[3], [line[:3]])  # a line ends with the seat's reply
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "illegal"
    for seat in range(3):
        play(timed, table, tokens[seat], line[seat])
    played = [(a["seat"], a["action"]) for a in actions(timed, table)]
    assert played == list(enumerate(line))


def test_regicida_has_no_conditional_moves(timed: TestClient) -> None:
    table, tokens = seat_up(timed, "regicida", 3)
    reply = queue(timed, table, tokens[2], [["x", "y"]])
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "no_conditionals"
