"""The phone referee answers in the client's language (X-Lang, then Accept-Language): the
Objectives' titles and rules, each ranking row's why, the verdict's ranking and the refusals.
What Portuguese to expect comes from the catalogue's translation of the English answer, so
these tests hold whatever the wording; English stays the command line's --json, word for word.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from regalia.cli import build
from regalia.i18n import translate
from tests.games.regicida.support import BOARD_TEXT

PT = {"X-Lang": "pt-BR"}
# Under "divide" the worked board's ranking has every kind of why: first, lower score, a tie
# broken by light-only score and ties broken by the Line of Succession.
FIELDS = {"board": BOARD_TEXT, "objective": "divide", "succession": "1 2 3 4 5 6"}
VERDICT = {"identities": "Ana=4,Bruno=3,Caio=5,Duda=2",
           "votes": "Ana=Bruno,Bruno=Caio,Caio=Ana,Duda=Caio"}  # fmt: skip
RULES_PT = Path(__file__).parents[2] / "src/regalia/web/rules/regicida.pt-BR.html"


def cli(*args: str) -> Any:
    result = CliRunner().invoke(build(), ["regicida", *args, "-", "--json"], input=BOARD_TEXT)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def rank_cli() -> Any:
    return cli("rank", "--objective", FIELDS["objective"], "--succession", FIELDS["succession"])


def verdict_cli() -> Any:
    return cli("verdict", "--objective", FIELDS["objective"], "--succession",
               FIELDS["succession"], "--identities", VERDICT["identities"],
               "--votes", VERDICT["votes"])  # fmt: skip


def in_portuguese(english: str) -> str:
    """The catalogue's Portuguese for an English sentence, which must have one."""
    found = translate(english, "pt-BR")
    assert found != english, f"no Portuguese for {english!r}"
    return found


def kind(why: str) -> str:
    if why == "highest score":
        return "first"
    if why.startswith("score "):
        return "score"
    return "line" if "Line of Succession" in why else "light"


def expected_rows(english: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**row, "why": in_portuguese(row["why"])} for row in english]


def test_the_ranking_in_portuguese_when_asked(client: TestClient) -> None:
    english = client.post("/api/referee/regicida", json=FIELDS).json()
    assert {kind(row["why"]) for row in english} == {"first", "score", "light", "line"}
    for headers in (PT, {"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"}):
        reply = client.post("/api/referee/regicida", json=FIELDS, headers=headers)
        assert reply.status_code == 200, reply.text
        assert reply.json() == expected_rows(english)


def test_the_ranking_in_english_is_the_command_lines(client: TestClient) -> None:
    for headers in ({}, {"X-Lang": "en"}, {"Accept-Language": "en-US,en;q=0.9"}):
        reply = client.post("/api/referee/regicida", json=FIELDS, headers=headers)
        assert reply.status_code == 200 and reply.json() == rank_cli()
    assert rank_cli()[0]["why"] == "highest score"


def test_the_verdict_in_portuguese_when_asked(client: TestClient) -> None:
    english = client.post("/api/referee/regicida", json={**FIELDS, **VERDICT})
    assert english.status_code == 200 and english.json() == verdict_cli()
    reply = client.post("/api/referee/regicida", json={**FIELDS, **VERDICT}, headers=PT)
    assert reply.status_code == 200, reply.text
    found, source = reply.json(), english.json()
    # Names, numbers and the vote's words stay as entered; every sentence is translated.
    assert found == {**source, "ranking": expected_rows(source["ranking"])}
    assert found["ranking"] != source["ranking"]


@pytest.mark.parametrize(
    "fields",
    [
        {**FIELDS, "board": "3L"},
        {**FIELDS, "board": BOARD_TEXT.replace("2L", "1L", 1)},
        {**FIELDS, "objective": "biggest"},
        {**FIELDS, "succession": "1 2 3"},
        {**FIELDS, "succession": "1 2 3 4 5 Zed"},
        {**FIELDS, "identities": VERDICT["identities"]},
        {**FIELDS, **VERDICT, "identities": "Ana=4"},
        {**FIELDS, **VERDICT, "identities": "Ana=4,Bruno=4"},
        {**FIELDS, **VERDICT, "votes": "Ana=Ana"},
        {**FIELDS, **VERDICT, "votes": "Ana=Bruno"},
        {**FIELDS, **VERDICT, "votes": "Ana=Zed,Bruno=Caio,Caio=Ana,Duda=Caio"},
    ],
)
def test_refusals_in_portuguese_when_asked(client: TestClient, fields: dict[str, str]) -> None:
    english = client.post("/api/referee/regicida", json=fields)
    reply = client.post("/api/referee/regicida", json=fields, headers=PT)
    assert english.status_code == reply.status_code == 422
    assert english.json()["error"]["code"] == reply.json()["error"]["code"] == "bad_notation"
    message = english.json()["error"]["message"]
    assert reply.json()["error"]["message"] == in_portuguese(message)


def test_the_objectives_in_the_clients_language(client: TestClient) -> None:
    english = client.get("/api/referee/regicida").json()
    reply = client.get("/api/referee/regicida", headers=PT)
    assert reply.status_code == 200
    found = reply.json()
    objectives = [
        {**o, "title": in_portuguese(o["title"]), "rule": in_portuguese(o["rule"])}
        for o in english["objectives"]
    ]
    assert found == {**english, "objectives": objectives}
    # The titles are the Portuguese rulebook's own (A união faz a força, …).
    rules = RULES_PT.read_text(encoding="utf-8")
    assert all(o["title"] in rules for o in objectives)
    assert english["neutral"] == found["neutral"] == "Neutral"  # a word of the votes' text form
