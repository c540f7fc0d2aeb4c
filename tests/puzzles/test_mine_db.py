"""`regalia puzzles mine --from db`: a game played on the server and finished there gives the
puzzles the miner finds in that game's own positions; a missing database is one error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.helpers import played_fast, seated

from regalia.cli import main
from regalia.core.registry import get_game
from regalia.puzzles.mine import mine_states
from regalia.puzzles.selfplay import selfplay
from regalia.server.app import create_app

NODES = 20_000


def run(*args: str) -> int:
    try:
        main(list(args))
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_a_finished_server_game_is_mined_from_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = get_game("regulator")
    states = selfplay(game, 1, 2000)  # seed 1 holds a puzzle at these budgets (test_mine)
    history = states[-1].history()
    assert history is not None
    expected = [p.to_json() for p in mine_states(states, "", NODES)]
    assert expected
    with TestClient(create_app(played_fast(tmp_path))) as client:
        table, tokens = seated(client, "regulator", 2)
        for ply, (seat, action) in enumerate(history):
            view = client.get(f"/api/tables/{table}/view", headers={"X-Seat-Token": tokens[seat]})
            sent = client.post(f"/api/tables/{table}/commands",
                               headers={"X-Seat-Token": tokens[seat]},
                               json={"type": "action", "action": states[ply].describe(action),
                                     "seq": view.json()["seq"]})  # fmt: skip
            assert sent.status_code == 200, sent.text
        if states[-1].result() is None:  # a game cut at the ply cap: White resigns it
            sent = client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                               headers={"X-Seat-Token": tokens[0]})  # fmt: skip
            assert sent.status_code == 200, sent.text
    out = tmp_path / "mined.jsonl"
    code = run("puzzles", "mine", "--game", "regulator", "--from", "db",
               "--data-dir", str(tmp_path), "--nodes", str(NODES), "--out", str(out))  # fmt: skip
    assert code == 0, capsys.readouterr().err
    mined = [json.loads(line) for line in out.read_text().splitlines()]
    # The source names the table and the ply: "db:{table}#{ply}".
    assert [p["source"] for p in mined] == [f"db:{table}{p['source']}" for p in expected]
    for found in (*mined, *expected):
        del found["source"]
    assert mined == expected

    # A directory with no database: one line saying so, and no database made there.
    empty = tmp_path / "nothing"
    empty.mkdir()
    code = run("puzzles", "mine", "--game", "regulator", "--from", "db",
               "--data-dir", str(empty), "--out", str(out))  # fmt: skip
    err = capsys.readouterr().err
    assert code != 0 and "no database" in err and "Traceback" not in err
    assert list(empty.iterdir()) == []
