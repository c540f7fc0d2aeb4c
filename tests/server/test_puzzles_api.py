"""The puzzle API (issue 30): a puzzle is served without its solution, a try is answered
move by move with the reply from the line, the line is shown only once solved or failed,
a signed-in player's first try alone is rated, and bad input has the documented shape."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.core.registry import get_game
from regalia.puzzles.shipped import shipped_puzzles
from tests.server.conftest import make_client
from tests.tables.fakes import FakeClock

DAY = 86_400.0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, FakeClock()) as test_client:
        yield test_client


def shipped(game: str) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in shipped_puzzles(get_game(game))}


def player(client: TestClient, name: str) -> dict[str, str]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"X-Player-Key": made.json()["player_key"]}


def solver_moves(line: list[str]) -> list[str]:
    return line[::2]


def wrong_move(puzzle: dict[str, Any], right: str) -> str:
    """A legal move of the puzzle's position that is not its first solution move."""
    game = get_game(puzzle["game"])
    state = game.from_position(puzzle["board_position"])
    seat = sorted(state.to_act())[0]
    expected = state.encode(state.parse(seat, right))
    for action in state.legal_actions(seat):
        if state.encode(action) != expected:
            return state.describe(action)
    raise AssertionError("the position has one legal move")


@pytest.mark.parametrize("game", ["regulator", "regicide"])
def test_a_puzzle_is_served_without_its_solution_and_solved_move_by_move(
    client: TestClient, game: str
) -> None:
    known = shipped(game)
    assert known, f"{game} ships no puzzles"
    key = player(client, "Solver")
    # A puzzle with a reply in its line when the set has one: the reply step is tested too.
    for _ in range(40):
        served = client.get("/api/puzzles/next", params={"game": game}, headers=key).json()
        if len(known[served["id"]]["moves"]) > 1:
            break
    line = known[served["id"]]["moves"]
    assert served["solver_moves"] == (len(line) + 1) // 2
    text = json.dumps(served)
    assert '"moves"' not in text and '"solution"' not in text
    assert served["position"] == known[served["id"]]["position"]
    assert served["board"]["to_act"] and served["board"]["legal"]
    played: list[str] = []
    for number, move in enumerate(solver_moves(line)):
        played.append(move)
        answer = client.post(f"/api/puzzles/{served['id']}/try", json={"moves": played},
                             headers=key).json()  # fmt: skip
        assert answer["ok"] is True
        if 2 * number + 1 < len(line):
            # Not done: the reply is the line's, the line stays hidden, nothing is rated.
            assert answer["solved"] is False and answer["solution"] is None
            assert answer["reply"] == line[2 * number + 1]
            assert answer["rating_change"] == 0 and answer["board"]["legal"]
    assert answer["solved"] is True and answer["solution"] == line
    assert answer["rating_change"] > 0 and answer["streak"] == 1
    assert answer["rating"] == 1500 + answer["rating_change"]
    # The same puzzle again: solved, but not rated twice.
    again = client.post(f"/api/puzzles/{served['id']}/try", json={"moves": played}, headers=key)
    assert again.json()["solved"] is True and again.json()["rating_change"] == 0
    mine = client.get("/api/players/me/puzzles", headers=key).json()["games"][game]
    assert mine == {"rating": answer["rating"], "streak": 1, "best_streak": 1, "solved": 1,
                    "failed": 0}  # fmt: skip


def test_a_wrong_move_fails_the_puzzle_shows_the_line_and_ends_the_streak(
    client: TestClient,
) -> None:
    known = shipped("regulator")
    key = player(client, "Misser")
    first = client.get("/api/puzzles/next", params={"game": "regulator"}, headers=key).json()
    line = known[first["id"]]["moves"]
    solved = client.post(f"/api/puzzles/{first['id']}/try", json={"moves": line[::2]},
                         headers=key).json()  # fmt: skip
    assert solved["streak"] == 1
    # The next puzzle is one this player has not tried.
    second = client.get("/api/puzzles/next", params={"game": "regulator"}, headers=key).json()
    assert second["id"] != first["id"]
    puzzle = {**known[second["id"]], "board_position": second["position"]}
    wrong = wrong_move(puzzle, puzzle["moves"][0])
    failed = client.post(f"/api/puzzles/{second['id']}/try", json={"moves": [wrong]},
                         headers=key).json()  # fmt: skip
    assert failed["ok"] is False and failed["solved"] is False
    assert failed["solution"] == puzzle["moves"] and failed["board"] is None
    assert failed["rating_change"] < 0 and failed["streak"] == 0
    # Solving it afterwards rates nothing: only the first try counts.
    late = client.post(f"/api/puzzles/{second['id']}/try",
                       json={"moves": puzzle["moves"][::2]}, headers=key).json()  # fmt: skip
    assert late["solved"] is True and late["rating_change"] == 0 and late["streak"] == 0
    mine = client.get("/api/players/me/puzzles", headers=key).json()["games"]["regulator"]
    assert (mine["solved"], mine["failed"], mine["best_streak"]) == (1, 1, 1)


def test_a_guest_plays_unrated_and_the_puzzle_of_the_day_holds_all_day(
    client: TestClient,
) -> None:
    known = shipped("regulator")
    served = client.get("/api/puzzles/next", params={"game": "regulator"}).json()
    answer = client.post(f"/api/puzzles/{served['id']}/try",
                         json={"moves": known[served["id"]]["moves"][::2]}).json()  # fmt: skip
    assert answer["solved"] is True
    assert (answer["rating_change"], answer["rating"], answer["streak"]) == (0, None, None)
    daily = client.get("/api/puzzles/daily", params={"game": "regulator"}).json()
    clock = client.app.state.service.clock  # type: ignore[attr-defined]
    clock.t += 3600
    assert client.get("/api/puzzles/daily", params={"game": "regulator"}).json() == daily
    days = {daily["date"]}
    ids = {daily["id"]}
    for _ in range(6):
        clock.t += DAY
        other = client.get("/api/puzzles/daily", params={"game": "regulator"}).json()
        days.add(other["date"])
        ids.add(other["id"])
    assert len(days) == 7 and len(ids) > 1  # a new day, a new puzzle (not always: 7 tries)
    assert client.get(f"/api/puzzles/{daily['id']}").json()["id"] == daily["id"]


def test_bad_input_is_answered_in_the_documented_shape(client: TestClient) -> None:
    served = client.get("/api/puzzles/next", params={"game": "regulator"}).json()
    url = f"/api/puzzles/{served['id']}/try"
    forged = {"X-Player-Key": "forged"}
    cases = [
        (client.post(url, json={"moves": ["Zz9"]}), 422, "illegal"),
        (client.post(url, json={"moves": []}), 422, "invalid"),
        (client.post(url, json={"moves": ["e4"] * 9}), 422, "invalid"),
        (client.post(url, json={"moves": ["x" * 41]}), 422, "invalid"),
        (client.post(url, json={"moves": ["e4"], "peek": True}), 422, "invalid"),
        (client.post("/api/puzzles/nothing/try", json={"moves": ["e4"]}), 404, "not_found"),
        (client.get("/api/puzzles/nothing"), 404, "not_found"),
        (client.get("/api/puzzles/next", params={"game": "chess"}), 404, "unknown_game"),
        # The test game has no puzzles (every built-in game has some).
        (client.get("/api/puzzles/next", params={"game": "toy"}), 404, "no_puzzles"),
        (client.get("/api/puzzles/daily", params={"game": "toy"}), 404, "no_puzzles"),
        (
            client.get("/api/puzzles/next", params={"game": "regulator"}, headers=forged),
            401,
            "bad_player_key",
        ),
        (client.get("/api/players/me/puzzles"), 401, "bad_player_key"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, (code, response.text)
        assert response.json()["error"]["code"] == code, response.text
        assert response.json()["error"]["message"]
    # More solver moves than the puzzle has.
    line = shipped("regulator")[served["id"]]["moves"]
    too_many = client.post(url, json={"moves": [*line[::2], line[0]]})
    assert too_many.status_code == 422 and too_many.json()["error"]["code"] == "illegal"


def test_games_say_whether_they_have_puzzles(client: TestClient) -> None:
    facts = {g["name"]: g["puzzles"] for g in client.get("/api/games").json()}
    assert facts["regulator"] is True and facts["regicide"] is True
    assert facts["regicida"] is True  # its own kind: who is the Regent?


def test_a_first_try_is_rated_once_even_when_sent_twice(client: TestClient) -> None:
    me = client.post("/api/players", json={"name": "Twice"}).json()
    served = client.get("/api/puzzles/next", params={"game": "regulator"}).json()
    store = client.app.state.puzzles  # type: ignore[attr-defined]
    first = store.record(me["id"], served["id"], True, 1.0)
    second = store.record(me["id"], served["id"], False, 2.0)
    assert first.change > 0 and second.change == 0
    assert second.standing == first.standing
