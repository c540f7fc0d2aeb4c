"""API tokens and BOT accounts (issue 27): a token is shown once and kept as a hash, carries
scopes, can be revoked; a player upgrades itself to a BOT with a `bot:play` token, for
good; a BOT never enters quick play's human pool."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from regalia.server.app import create_app
from regalia.server.config import HttpLimits, Settings
from regalia.tables.tokens import hash_token
from tests.server.conftest import make_client
from tests.server.helpers import from_address


def player(client: TestClient, name: str) -> dict[str, str]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"X-Player-Key": made.json()["player_key"], "id": made.json()["id"]}


def key(who: dict[str, str]) -> dict[str, str]:
    return {"X-Player-Key": who["X-Player-Key"]}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_token_is_shown_once_kept_as_a_hash_and_revocable(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        made = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                           headers=key(ana))  # fmt: skip
        assert made.status_code == 201, made.text
        token, token_id = made.json()["token"], made.json()["id"]
        assert made.json()["scopes"] == ["bot:play"]
        listed = client.get("/api/players/me/tokens", headers=key(ana)).json()
        assert [t["id"] for t in listed] == [token_id]
        assert all(t.get("token") is None for t in listed)  # shown once, never again
        me = client.get("/api/account", headers=bearer(token))
        assert me.json() == {"id": ana["id"], "name": "Ana", "bot": False}
        assert (
            client.delete(f"/api/players/me/tokens/{token_id}", headers=key(ana)).status_code == 204
        )
        gone = client.get("/api/account", headers=bearer(token))
        assert gone.status_code == 401 and gone.json()["error"]["code"] == "bad_api_token"
    engine = create_engine(f"sqlite:///{tmp_path / 'regalia.sqlite3'}")
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT token_hash FROM regalia_api_tokens")).all()
    assert stored == []
    engine.dispose()


def test_the_database_keeps_only_a_hash_of_a_token(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        made = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                           headers=key(ana)).json()  # fmt: skip
    dump = b"".join(p.read_bytes() for p in tmp_path.glob("regalia.sqlite3*"))
    assert hash_token(made["token"]).encode() in dump and made["token"].encode() not in dump


def test_scopes_are_checked(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        bad = client.post("/api/players/me/tokens", json={"scopes": ["admin"]}, headers=key(ana))
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_options"
        none = client.post("/api/players/me/tokens", json={"scopes": []}, headers=key(ana))
        assert none.status_code == 422
        anonymous = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]})
        assert anonymous.status_code == 401
        nobody = client.post("/api/bot/account/upgrade", headers=bearer("not-a-token"))
        assert nobody.status_code == 401 and nobody.json()["error"]["code"] == "bad_api_token"


def test_upgrade_makes_a_bot_for_good_and_only_bots_use_the_bot_api(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(ana)).json()["token"]  # fmt: skip
        table = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "open"}] * 2})
        table_id = table.json()["table"]["id"]
        before = client.post(f"/api/bot/game/{table_id}/resign", headers=bearer(token))
        assert before.status_code == 403 and before.json()["error"]["code"] == "bot_only"
        up = client.post("/api/bot/account/upgrade", headers=bearer(token))
        assert up.status_code == 200 and up.json() == {"id": ana["id"], "name": "Ana", "bot": True}
        again = client.post("/api/bot/account/upgrade", headers=bearer(token))
        assert again.status_code == 409 and again.json()["error"]["code"] == "bot_account"
        assert client.get("/api/account", headers=bearer(token)).json()["bot"] is True
        elsewhere = client.post(f"/api/bot/game/{table_id}/resign", headers=bearer(token))
        assert elsewhere.status_code == 401 and elsewhere.json()["error"]["code"] == "not_seated"


def test_a_bot_never_enters_quick_play(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(ana)).json()["token"]  # fmt: skip
        client.post("/api/bot/account/upgrade", headers=bearer(token))
        for headers in (bearer(token), key(ana)):
            seek = client.post("/api/quickplay", json={"game": "toy"}, headers=headers)
            assert seek.status_code == 409 and seek.json()["error"]["code"] == "bot_account", (
                seek.text
            )


def test_a_bot_plays_at_most_bot_games_games_at_once(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, http=HttpLimits(bot_games=1)
    )
    with TestClient(create_app(settings)) as client:
        ana = player(client, "Ana")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(ana)).json()["token"]  # fmt: skip
        client.post("/api/bot/account/upgrade", headers=bearer(token))
        tables = [
            client.post(
                "/api/tables", json={"game": "toy", "seats": [{"kind": "open"}] * 2}
            ).json()["table"]["id"]
            for _ in range(2)
        ]
        for table_id in tables:  # a person waits at each; the BOT may take the last seat
            assert client.post(f"/api/tables/{table_id}/sit", json={"seat": 1}).status_code == 200
        first = client.post(f"/api/tables/{tables[0]}/sit", json={"seat": 0}, headers=bearer(token))
        assert first.status_code == 200, first.text
        assert first.json()["table"]["seats"][0]["player"] == ana["id"]
        second = client.post(f"/api/tables/{tables[1]}/sit", json={"seat": 0},
                             headers=bearer(token))  # fmt: skip
        assert second.status_code == 429 and second.json()["error"]["code"] == "too_many_games"


def test_a_bot_never_waits_at_a_table_as_a_seek(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(ana)).json()["token"]  # fmt: skip
        client.post("/api/bot/account/upgrade", headers=bearer(token))
        made = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "open"}] * 2})
        table_id = made.json()["table"]["id"]
        early = client.post(f"/api/tables/{table_id}/sit", json={"seat": 0}, headers=bearer(token))
        assert early.status_code == 409 and early.json()["error"]["code"] == "bot_account"
        seek = client.post("/api/quickplay", json={"game": "toy"})  # a person's quick play
        assert seek.status_code == 200 and seek.json()["table"]["id"] == table_id


def test_the_leaderboard_filters_machines_and_people(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        ana = player(client, "Ana")
        bot_key = player(client, "Robo")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(bot_key)).json()["token"]  # fmt: skip
        client.post("/api/bot/account/upgrade", headers=bearer(token))
        rated = {"game": "toy", "rated": True, "absence": {"then": "claim"},
                 "seats": [{"kind": "open"}] * 2}  # fmt: skip
        table_id = client.post("/api/tables", json=rated).json()["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/sit", json={"seat": 0},
                           headers=key(ana)).status_code == 200  # fmt: skip
        elsewhere = from_address(client, "10.0.0.9")  # one source's games count for nothing
        assert elsewhere.post(f"/api/tables/{table_id}/sit", json={"seat": 1},
                              headers=bearer(token)).status_code == 200  # fmt: skip
        resigned = client.post(f"/api/bot/game/{table_id}/resign", headers=bearer(token))
        assert resigned.status_code == 200, resigned.text
        for _ in range(200):  # the ratings are written on the writer's thread
            rows = client.get("/api/leaderboard/toy").json()
            if len(rows) == 2:
                break
            time.sleep(0.05)
        assert {(r["name"], r["bot"]) for r in rows} == {("Ana", False), ("Robo", True)}
        assert [r["name"] for r in client.get("/api/leaderboard/toy?bot=true").json()] == ["Robo"]
        assert [r["name"] for r in client.get("/api/leaderboard/toy?bot=false").json()] == ["Ana"]
        assert client.get(f"/api/players/{bot_key['id']}").json()["bot"] is True


def test_a_bot_accounts_seat_is_marked_in_every_summary_after_a_reload_and_elsewhere(
    tmp_path: Path,
) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )

    def marks(client: TestClient, table_id: str) -> list[bool]:
        return [s["bot"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]

    with TestClient(create_app(settings)) as client:
        robo = player(client, "Robo")
        token = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]},
                            headers=key(robo)).json()["token"]  # fmt: skip
        client.post("/api/bot/account/upgrade", headers=bearer(token))
        made = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "open"}] * 2})
        table_id = made.json()["table"]["id"]
        person = client.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Bea"})
        assert person.status_code == 200
        sat = client.post(f"/api/tables/{table_id}/sit", json={"seat": 1}, headers=bearer(token))
        assert [s["bot"] for s in sat.json()["table"]["seats"]] == [False, True]
        levels = client.post("/api/tables", json={"game": "toy", "seats": [
            {"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()  # fmt: skip
        lobby = {t["id"]: [s["bot"] for s in t["seats"]] for t in client.get("/api/tables").json()}
        assert lobby[table_id] == [False, True]
        assert lobby[levels["table"]["id"]] == [False, True]  # a built-in level says so too
        with TestClient(create_app(settings)) as other:  # another process, same database
            assert marks(other, table_id) == [False, True]
    with TestClient(create_app(settings)) as client:  # restarted: rebuilt from the log
        assert marks(client, table_id) == [False, True]
