"""A position set up by hand, on the server: the board editor's check answers the game's own
rules (both languages), a table starts from a possible position (its bot plays from there,
a restart keeps it), and an impossible one is refused with `bad_position`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.bridge import BuiltinPlayer
from tests.server.conftest import make_client
from tests.server.helpers import create

# White's king and a pawn each; Black to move would be fine, White to move is the start.
SMALL = "2k2/2p2/5/5/5/2P2/K4 w 1 0 1"
# Black's king attacked with White to move (R9), and a White pawn on its first rank (R3).
IMPOSSIBLE = "2k2/2Q2/5/5/5/5/P1K2 w 1 0 1"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the checks and refusals, which change nothing."""
    with make_client(tmp_path_factory.mktemp("positions")) as test_client:
        yield test_client


def check(client: TestClient, game: str, position: str, lang: str = "en") -> dict[str, Any]:
    answer = client.post("/api/positions/check", json={"game": game, "position": position},
                         headers={"Accept-Language": lang})  # fmt: skip
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_the_check_lists_every_reason_in_the_readers_language(server: TestClient) -> None:
    client = server
    fine = check(client, "regulator", f"  {SMALL} ")
    assert fine == {"game": "regulator", "position": SMALL, "problems": [], "to_act": [0],
                    "over": None}  # fmt: skip
    wrong = check(client, "regulator", IMPOSSIBLE)
    assert wrong["problems"] == [
        "a White pawn cannot stand on a1: pawns only move forward",
    ]
    assert wrong["to_act"] == [] and wrong["over"] is None
    pt = check(client, "regulator", IMPOSSIBLE, "pt-BR")["problems"]
    assert pt == ["um peão das Brancas não pode estar em a1: peões só andam para a frente"]
    check_pt = check(client, "regulator", "2k2/2Q2/5/5/5/5/2K2 w 1 0 1", "pt-BR")["problems"]
    assert check_pt == ["as Pretas estão em xeque com as Brancas a jogar: o último lance das "
                        "Pretas não pode ter deixado o seu rei atacado"]  # fmt: skip
    regicide = check(client, "regicide", "Y:Ka7,Pc5:0/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1", "pt-BR")
    assert regicide["problems"] == [
        "um peão de Amarelo em c5 está marcado como nunca movido, fora da sua linha de saída"
    ]


def test_the_check_says_when_the_game_is_over_there(server: TestClient) -> None:
    client = server
    # Both kings of the light team are gone (C14), and bare kings in Regulator Chess (R11).
    over = check(client, "regicide", "Y:Ra4/G:Kg1/R:Ro4/B:Kh14 G - YR - 0 1")
    assert over["problems"] == [] and "captured" in str(over["over"])
    assert check(client, "regulator", "2k2/5/5/5/5/5/K4 w 1 0 1")["over"] == "bare kings"


def test_the_check_of_a_game_without_positions_and_of_an_unknown_game(server: TestClient) -> None:
    client = server
    assert check(client, "regicida", "x")["problems"] == [
        "Regicida has no position text; start from the beginning"
    ]
    unknown = client.post("/api/positions/check", json={"game": "nim", "position": "x"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_game"


def test_a_table_refuses_an_impossible_or_finished_position(server: TestClient) -> None:
    client = server
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    for position, words in (
        (IMPOSSIBLE, "impossible position: a White pawn cannot stand on a1"),
        ("2k2/5/5/5/5/5/K4 w 1 0 1", "over in this position: bare kings"),
    ):
        answer = client.post("/api/tables", json={"game": "regulator", "seats": seats,
                                                  "position": position})  # fmt: skip
        assert answer.status_code == 422
        assert answer.json()["error"]["code"] == "bad_position"
        assert words in answer.json()["error"]["message"]
    answer = client.post(
        "/api/tables",
        json={"game": "regulator", "seats": seats, "position": IMPOSSIBLE},
        headers={"Accept-Language": "pt-BR"},
    )
    assert answer.json()["error"]["message"].startswith("posição impossível: um peão das Brancas")
    rated = client.post("/api/tables", json={"game": "regulator", "seats": seats,
                                             "position": SMALL, "rated": True})  # fmt: skip
    assert rated.status_code == 400 and rated.json()["error"]["code"] == "bad_options"


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    got: dict[str, Any] = client.get(f"/api/tables/{table}/view",
                                     headers={"X-Seat-Token": token}).json()  # fmt: skip
    return got


def test_a_table_from_a_position_plays_on_from_it_and_keeps_it(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        made = create(client, "regulator", [{"kind": "bot", "level": "random"}, {"kind": "human"}],
                      position=SMALL)  # fmt: skip
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        assert made["table"]["position"] == SMALL
        client.post(f"/api/tables/{table}/join", json={"name": "Ann"},
                    headers={"X-Seat-Token": token})  # fmt: skip
        deadline = time.monotonic() + 20
        while view(client, table, token)["to_act"] != [1]:  # White's bot moves from SMALL
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.05)
        before = view(client, table, token)
        assert before["view"]["start_fen"] == SMALL
        assert len(before["view"]["history"]) == 1
    with make_client(tmp_path) as client:
        assert view(client, table, token) == before
        assert client.get(f"/api/tables/{table}").json()["position"] == SMALL
        url = f"/api/tables/{table}/commands"
        client.post(url, json={"type": "resign"}, headers={"X-Seat-Token": token})
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert replay["steps"][0]["view"]["fen"] == SMALL
        assert len(replay["steps"]) == 2  # the start set up, then the bot's move


def test_a_bots_builtin_player_starts_from_the_position_set_up() -> None:
    # `regalia bot --builtin` rebuilds a perfect-information game from gameFull's position.
    lone = "2k2/5/5/4P/5/5/K4 w 1 0 1"  # White: Ka1 and a pawn on e5, no move from the start
    full = {"game": "regulator", "seat": 0, "players": 2, "options": {}, "position": lone}
    moves = {BuiltinPlayer("random", seed).move(full, {"actions": []}) for seed in range(6)}
    assert moves and moves <= {"a1a2", "a1b1", "a1b2", "e5e6"}
