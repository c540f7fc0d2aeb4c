"""The phone referee's endpoint: the same answers as `regalia regicida rank|verdict --json`,
from the same texts, with each tie-break explained."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from regalia.cli import build
from tests.games.regicida.support import BOARD_TEXT

FIELDS = {"board": BOARD_TEXT, "objective": "central", "succession": "1 2 3 4 5 6"}
VERDICT = {"identities": "Ana=4,Bruno=3,Caio=5,Duda=2",
           "votes": "Ana=Bruno,Bruno=Caio,Caio=Ana,Duda=Caio"}  # fmt: skip


def cli(*args: str) -> object:
    result = CliRunner().invoke(build(), ["regicida", *args, "-", "--json"], input=BOARD_TEXT)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_H10_the_worked_example_ranks_as_the_command_line_does(client: TestClient) -> None:
    reply = client.post("/api/referee/regicida", json=FIELDS)
    assert reply.status_code == 200, reply.text
    ranking = reply.json()
    assert ranking == cli("rank", "--objective", "central", "--succession", "1 2 3 4 5 6")
    assert [row["house"] for row in ranking][:1] == [5]
    assert ranking[0]["why"] == "highest score"
    assert all(row["why"] for row in ranking)
    tie = next(row for row in ranking if row["why"].startswith("tied on score"))
    assert "light-only" in tie["why"]


def test_H9_the_verdict_of_the_worked_example(client: TestClient) -> None:
    reply = client.post("/api/referee/regicida", json={**FIELDS, **VERDICT})
    expected = cli("verdict", "--objective", "central", "--succession", "1 2 3 4 5 6",
                   "--identities", VERDICT["identities"], "--votes", VERDICT["votes"])  # fmt: skip
    assert reply.status_code == 200 and reply.json() == expected


def test_bad_referee_input_is_a_clear_error(client: TestClient) -> None:
    for fields, needle in (
        ({**FIELDS, "board": "3L"}, "line"),
        ({**FIELDS, "succession": "1 2 3"}, "succession"),
        ({**FIELDS, "identities": VERDICT["identities"]}, "both identities and votes"),
    ):
        reply = client.post("/api/referee/regicida", json=fields)
        assert reply.status_code == 422, fields
        assert needle in reply.json()["error"]["message"]
    assert client.post("/api/referee/regulator", json=FIELDS).status_code == 404


def test_the_referee_page_reads_its_choices_from_the_game(client: TestClient) -> None:
    form = client.get("/api/referee/regicida").json()
    assert [h["number"] for h in form["houses"]] == [1, 2, 3, 4, 5, 6]
    assert all(h["name"] and h["colour"].startswith("#") for h in form["houses"])
    assert [o["key"] for o in form["objectives"]] == ["united", "divide", "central", "borders"]
    assert form["neutral"] == "Neutral"
    assert client.get("/api/referee/regulator").status_code == 404
    served = {g["name"]: g for g in client.get("/api/games").json()}
    assert served["regicida"]["referee"] and not served["regulator"]["referee"]
    assert all(served[name]["lessons"] for name in ("regulator", "regicide", "regicida"))
