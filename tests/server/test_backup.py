"""`regalia backup` while the server runs and `regalia restore` into an empty database:
every game comes back (finished ones replay, unfinished ones go on with their seat tokens)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from regalia.cli import build
from tests.server.conftest import make_client
from tests.server.helpers import create


def regalia(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(build(), list(args))
    return result.exit_code, result.output


def play(client: TestClient, table: str, token: str, move: str) -> dict[str, object]:
    seq = client.get(f"/api/tables/{table}").json()["seq"]
    reply = client.post(f"/api/tables/{table}/commands",
                        json={"type": "action", "action": move, "seq": seq},
                        headers={"X-Seat-Token": token})  # fmt: skip
    body: dict[str, object] = reply.json()
    return body


def two_players(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]["id"]
    tokens = [t["token"] for t in made["tokens"]]
    for token, name in zip(tokens, ("Ann", "Bob"), strict=True):
        client.post(f"/api/tables/{table}/join", json={"name": name},
                    headers={"X-Seat-Token": token})  # fmt: skip
    return table, tokens


def test_a_backup_taken_while_serving_restores_every_game(tmp_path: Path) -> None:
    live, elsewhere, file = tmp_path / "live", tmp_path / "elsewhere", tmp_path / "b.sqlite3"
    with make_client(live) as client:
        over, over_tokens = two_players(client)
        play(client, over, over_tokens[0], "c3")
        resigned = client.post(f"/api/tables/{over}/commands", json={"type": "resign"},
                               headers={"X-Seat-Token": over_tokens[1]})  # fmt: skip
        assert resigned.status_code == 200, resigned.text
        going, tokens = two_players(client)
        assert "seq" in play(client, going, tokens[0], "c3")
        view_then = client.get(f"/api/tables/{going}/view").json()
        code, out = regalia("backup", "--out", str(file), "--data-dir", str(live))
        assert code == 0, out
        assert "2 tables (1 unfinished)" in out
        # A move after the backup is not in it: the copy is the moment it was taken.
        assert "seq" in play(client, going, tokens[1], "b5")
    assert not list(tmp_path.glob(".*partial"))

    code, out = regalia("restore", str(file), "--data-dir", str(elsewhere))
    assert code == 0, out
    assert "2 tables (1 unfinished)" in out
    with make_client(elsewhere) as client:
        replay = client.get(f"/api/tables/{over}/replay").json()
        assert replay["result"] is not None and len(replay["steps"]) >= 2
        assert client.get(f"/api/tables/{going}/view").json()["seq"] == view_then["seq"]
        # The game goes on with the seat tokens given before the backup.
        assert "seq" in play(client, going, tokens[1], "b5")
        assert "seq" in play(client, going, tokens[0], "d3")
        assert client.get(f"/api/tables/{going}").json()["seats"][0]["name"] == "Ann"


def test_restore_refuses_a_database_that_holds_games_and_files_that_are_not_backups(
    tmp_path: Path,
) -> None:
    live, file = tmp_path / "live", tmp_path / "b.sqlite3"
    with make_client(live) as client:
        two_players(client)
    assert regalia("backup", "--out", str(file), "--data-dir", str(live))[0] == 0
    code, out = regalia("restore", str(file), "--data-dir", str(live))
    assert code == 2 and "already holds Regalia's tables" in out
    with sqlite3.connect(live / "regalia.sqlite3") as conn:  # nothing was overwritten
        assert conn.execute("SELECT count(*) FROM regalia_tables").fetchone() == (1,)
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database")
    code, out = regalia("restore", str(junk), "--data-dir", str(tmp_path / "new"))
    assert code == 2 and "is not a Regalia backup" in out
    code, out = regalia("restore", str(tmp_path / "missing"), "--data-dir", str(tmp_path / "n"))
    assert code == 2 and "cannot read" in out
    code, out = regalia("restore", str(file), "--database-url", "postgresql://x@localhost/y")
    assert code == 2 and "SQLite backup" in out


def test_backup_says_what_is_wrong_with_its_arguments(tmp_path: Path) -> None:
    code, out = regalia("backup", "--out", str(tmp_path / "b"), "--data-dir", str(tmp_path / "no"))
    assert code == 2 and "no database at" in out
    with make_client(tmp_path / "live"):
        pass
    code, out = regalia("backup", "--out", str(tmp_path), "--data-dir", str(tmp_path / "live"))
    assert code == 2 and "is a directory" in out
    out_in_nowhere = str(tmp_path / "nowhere" / "b")
    code, out = regalia("backup", "--out", out_in_nowhere, "--data-dir", str(tmp_path / "live"))
    assert code == 2 and "no directory" in out


@pytest.mark.services
def test_a_postgresql_backup_restores_into_an_empty_database(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, text

    from regalia.server.app import create_app
    from regalia.server.config import Settings
    from tests.server.services import postgres

    def app_on(url: str) -> TestClient:
        settings = Settings(
            data_dir=tmp_path / "data", database_url=url, bot_workers=1, bot_workers_on_demand=True
        )
        return TestClient(create_app(settings))

    file = tmp_path / "backup.pgdump"
    with postgres() as url:
        with app_on(url) as client:
            going, tokens = two_players(client)
            assert "seq" in play(client, going, tokens[0], "c3")
            code, out = regalia("backup", "--out", str(file), "--database-url", url)
            assert code == 0, out
            assert "1 table (1 unfinished)" in out
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text("CREATE DATABASE restored"))
        engine.dispose()
        target = url.rsplit("/", 1)[0] + "/restored"
        code, out = regalia("restore", str(file), "--database-url", target)
        assert code == 0, out
        code, out = regalia("restore", str(file), "--database-url", target)
        assert code == 2 and "already holds" in out
        with app_on(target) as client:
            assert "seq" in play(client, going, tokens[1], "b5")
