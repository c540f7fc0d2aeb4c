"""Open game data: GET /api/export/games and `regalia export` give finished games only, each
line valid against docs/export.schema.json; Regicida's secrets are there once it is over and
never for a game in play; a player who opts out is "anonymous"."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import zstandard
from fastapi.testclient import TestClient

from regalia.cli import main
from regalia.server.app import create_app
from tests.server.helpers import played_fast, seated

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(
    SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
)


def export(client: TestClient, **query: Any) -> list[dict[str, Any]]:
    reply = client.get("/api/export/games", params=query)
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in reply.text.splitlines() if line]
    for line in lines:
        VALIDATOR.validate(line)
    return lines


def player(client: TestClient, name: str) -> dict[str, str]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return {"X-Player-Key": reply.json()["player_key"], "id": reply.json()["id"]}


def play_out(client: TestClient, table_id: str, tokens: list[str], stop: int = 10_000) -> None:
    """Every seat plays a random legal action whenever it is to act, until the game ends
    (or `stop` actions were played)."""
    rng = random.Random(7)
    for _ in range(stop):
        acted = False
        for token in tokens:
            view = client.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": token})
            body = view.json()
            if body["status"] == "finished":
                return
            if body["legal"]:
                choice = rng.choice(body["legal"])["action"]
                sent = client.post(f"/api/tables/{table_id}/commands",
                                   headers={"X-Seat-Token": token},
                                   json={"type": "action", "action": choice,
                                         "seq": body["seq"]})  # fmt: skip
                assert sent.status_code in (200, 409), sent.text
                acted = True
        assert acted, "nobody could act in a game still going"


def regicida(client: TestClient) -> tuple[str, list[str]]:
    return seated(client, "regicida", 5)


def test_the_export_holds_finished_games_only_and_names_who_may_be_named(tmp_path: Path) -> None:
    # Five seats playing a whole game from one address write faster than a person would.
    with TestClient(create_app(played_fast(tmp_path))) as client:
        ana, bea = player(client, "Ana"), player(client, "Bea")
        assert client.get("/api/players/me/open-data", headers=ana).json() == {"named": True}
        answer = client.post("/api/players/me/open-data", json={"named": False},
                             headers={"X-Player-Key": ana["X-Player-Key"]})  # fmt: skip
        assert answer.json() == {"named": False}
        made = client.post("/api/challenge/Bea", json={
            "game": "regulator", "clock": {"initial_s": 300, "increment_s": 0},
            "rated": True, "seat": 0,
        }, headers={"X-Player-Key": ana["X-Player-Key"]}).json()["challenge"]  # fmt: skip
        accepted = client.post(f"/api/challenge/{made['id']}/accept",
                               headers={"X-Player-Key": bea["X-Player-Key"]}).json()  # fmt: skip
        chess = accepted["challenge"]["table"]
        resigned = client.post(f"/api/tables/{chess}/commands", json={"type": "resign"},
                               headers={"X-Seat-Token": accepted["token"]})  # fmt: skip
        assert resigned.status_code == 200, resigned.text

        finished, finished_tokens = regicida(client)
        play_out(client, finished, finished_tokens)
        going, going_tokens = regicida(client)
        play_out(client, going, going_tokens, stop=3)
        assert client.get(f"/api/tables/{going}").json()["status"] == "playing"

        lines = export(client)
        assert [line["id"] for line in lines] == [chess, finished]
        first, second = lines
        assert first["record"].startswith("[Game")
        assert first["result"]["outcomes"] == ["win", "loss"]  # Bea, at seat 1, resigned
        assert [(s["name"], s["player"]) for s in first["seats"]] == [
            ("anonymous", "anonymous"), ("Bea", bea["id"]),
        ]  # fmt: skip
        assert [r["player"] for r in first["ratings"]] == ["anonymous", bea["id"]]
        text = json.dumps(first)
        assert ana["id"] not in text and "Ana" not in text

        # Regicida over: every Identity and vote, and the whole intrigue history.
        reveal = second["final_view"]["reveal"]
        assert {"identities", "votes"} <= set(reveal) and len(reveal["identities"]) == 5
        assert len(reveal["votes"]) == 5 and second["final_view"]["history"]
        # In play: not a line, not a word.
        assert going not in json.dumps(lines)

        assert [x["id"] for x in export(client, game="regicida")] == [finished]
        assert [x["id"] for x in export(client, max=1)] == [chess]
        assert [x["id"] for x in export(client, after=chess)] == [finished]
        assert export(client, until="2000-01-01") == []
        assert len(export(client, since=first["finished_at"])) == 2
        bad = client.get("/api/export/games", params={"since": "yesterday"})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid"
        assert client.get("/api/export/games", params={"game": "go"}).status_code == 404
        # Two exports at once per process; one more is told to come back.
        client.app.state.exports = asyncio.Semaphore(0)  # type: ignore[attr-defined]
        busy = client.get("/api/export/games")
        assert busy.status_code == 503 and busy.json()["error"]["code"] == "busy"

    # The command line writes the same lines, compressed.
    month = second["finished_at"][:7]
    out = tmp_path / "games.ndjson.zst"
    try:
        main(["export", "--game", "regicida", "--month", month, "--out", str(out),
              "--data-dir", str(tmp_path)])  # fmt: skip
    except SystemExit as exc:
        assert exc.code in (0, None)
    with out.open("rb") as raw:
        data = zstandard.ZstdDecompressor().stream_reader(raw).read().decode()
    written = [json.loads(line) for line in data.splitlines()]
    for line in written:
        VALIDATOR.validate(line)
    assert [line["id"] for line in written] == [finished]
    assert written[0]["final_view"] == second["final_view"]
