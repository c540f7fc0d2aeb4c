"""Accounts under abuse: Argon2 off the database thread and capped, sign-in limits on the
normalised name per address with backoff, password changes limited, keys and seat tokens
revoked together, look-alike and invisible names refused for players and seats alike."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import argon2
import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from regalia.server.app import create_app
from regalia.server.config import HttpLimits, Settings
from tests.server.helpers import create, hello, receive_until
from tests.server.services import pg_bin, postgres
from tests.tables.fakes import FakeClock

# Who may try a password, and when, is tested here, not Argon2's parameters.
pytestmark = pytest.mark.usefixtures("cheap_hashes")

PASSWORD = "correct horse"
ME = "/api/players/me"


def from_address(app: ASGIApp) -> ASGIApp:
    """The app, each request coming from the address in its `X-Test-Client` header."""

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == b"x-test-client":
                    scope = dict(scope, client=(value.decode(), 1234))
        await app(scope, receive, send)

    return serve


def server(tmp_path: Path, clock: FakeClock | None = None, **http: Any) -> TestClient:
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    settings = replace(settings, http=replace(HttpLimits(), **http))
    return TestClient(from_address(create_app(settings, clock)))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(tmp_path: Path, clock: FakeClock) -> Iterator[TestClient]:
    with server(tmp_path, clock) as test_client:
        yield test_client


def at(address: str, player: dict[str, Any] | None = None) -> dict[str, str]:
    headers = {"X-Test-Client": address}
    if player is not None:
        headers["X-Player-Key"] = player["player_key"]
    return headers


def new_player(client: TestClient, name: str, password: str | None = PASSWORD) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    player: dict[str, Any] = reply.json()
    if password is not None:
        done = client.post(f"{ME}/password", json={"password": password}, headers=at("", player))
        assert done.status_code in (200, 204), done.text  # 204: releases before the new key
    return player


def sign_in(client: TestClient, name: str, password: str, address: str) -> int:
    reply = client.post("/api/login", json={"name": name, "password": password},
                        headers=at(address))  # fmt: skip
    return reply.status_code


def code(reply: Any) -> str:
    found: str = reply.json()["error"]["code"]
    return found


class Held:
    """Argon2 verifications wait (on the hashing thread) until `release`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Event()
        self.go = threading.Event()
        real = argon2.PasswordHasher.verify

        def verify(hasher: argon2.PasswordHasher, stored: Any, password: Any) -> Any:
            self.entered.set()
            self.go.wait(10)
            return real(hasher, stored, password)

        monkeypatch.setattr(argon2.PasswordHasher, "verify", verify)

    def release(self) -> None:
        self.go.set()


# ------------------------------------------------------------------ item 3: Argon2's own pool


def test_password_hashing_never_holds_up_database_reads(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = new_player(client, "Ana")
    held = Held(monkeypatch)
    with ThreadPoolExecutor(2) as pool:
        change = pool.submit(client.post, f"{ME}/password",
                             json={"password": "a new one!", "old_password": "wrong guess"},
                             headers=at("10.0.0.1", ana))  # fmt: skip
        try:
            assert held.entered.wait(5), "no hash started"
            profile = pool.submit(client.get, f"/api/players/{ana['id']}")
            lobby = pool.submit(client.get, "/api/tables")
            # Answered while the hash still runs: it is not on the database thread.
            assert profile.result(timeout=5).status_code == 200
            assert lobby.result(timeout=5).status_code == 200
        finally:
            held.release()
        assert change.result(timeout=10).status_code == 401


def test_hashes_at_once_are_capped_with_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server(tmp_path, hashes_at_once=1) as client:
        new_player(client, "Bia")
        held = Held(monkeypatch)
        with ThreadPoolExecutor(2) as pool:
            first = pool.submit(sign_in, client, "Bia", "wrong guess", "10.0.0.1")
            try:
                assert held.entered.wait(5), "no hash started"
                second = pool.submit(client.post, "/api/login",
                                     json={"name": "Bia", "password": PASSWORD},
                                     headers=at("10.0.0.2"))  # fmt: skip
                busy = second.result(timeout=5)
                assert busy.status_code == 503 and code(busy) == "busy"
                assert busy.headers["Retry-After"]
            finally:
                held.release()
            assert first.result(timeout=10) == 401
        assert sign_in(client, "Bia", PASSWORD, "10.0.0.2") == 200  # the hash is done


def test_password_changes_are_limited_per_player_and_per_address(client: TestClient) -> None:
    cleo, dora = new_player(client, "Cleo"), new_player(client, "Dora")

    def change(player: dict[str, Any], address: str) -> int:
        body = {"password": "a new one!", "old_password": "wrong guess"}
        reply = client.post(f"{ME}/password", json=body, headers=at(address, player))
        return reply.status_code

    # Five per player (the first password was one) and five per address.
    assert [change(cleo, "10.0.0.1") for _ in range(5)] == [401] * 4 + [429]
    assert change(cleo, "10.0.0.2") == 429  # the player's own limit, from anywhere
    assert change(dora, "10.0.0.1") == 429  # the address's limit, for anyone
    assert change(dora, "10.0.0.3") == 401


# ------------------------------------------------------------------ item 7: sign-in limits


def test_the_sign_in_limit_counts_the_name_however_it_is_spelled(client: TestClient) -> None:
    new_player(client, "Cleo")
    spellings = [" Cleo", "Cleo\t", "\u3000Cleo", "CLEO", "Ｃｌｅｏ", "cleo "]
    answers = [sign_in(client, name, "guess number x", "10.0.0.9") for name in spellings]
    assert answers == [401] * 5 + [429]


def test_failures_at_one_address_do_not_lock_out_the_owner(client: TestClient) -> None:
    new_player(client, "Cleo")
    assert [sign_in(client, "Cleo", "guess", "10.0.0.9") for _ in range(6)][-1] == 429
    assert sign_in(client, "Cleo", PASSWORD, "10.0.0.5") == 200  # the real Cleo, at once


def test_only_failures_count_and_each_one_past_the_limit_doubles_the_wait(
    client: TestClient, clock: FakeClock
) -> None:
    new_player(client, "Eli")
    assert all(sign_in(client, "Eli", PASSWORD, "10.0.0.7") == 200 for _ in range(8))
    assert [sign_in(client, "Eli", "guess", "10.0.0.7") for _ in range(5)] == [401] * 5
    refused = client.post("/api/login", json={"name": "Eli", "password": "guess"},
                          headers=at("10.0.0.7"))  # fmt: skip
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    clock.t += 30
    assert sign_in(client, "Eli", "guess", "10.0.0.7") == 401
    clock.t += 59
    assert sign_in(client, "Eli", PASSWORD, "10.0.0.7") == 429  # 60 s after that one
    clock.t += 1
    assert sign_in(client, "Eli", PASSWORD, "10.0.0.7") == 200  # and a success forgets
    assert sign_in(client, "Eli", "guess", "10.0.0.7") == 401


def test_a_name_guessed_at_from_everywhere_stays_open_to_addresses_that_did_not_fail(
    tmp_path: Path,
) -> None:
    with server(tmp_path, sign_in_name_failures=3) as client:
        new_player(client, "Fia")
        assert [sign_in(client, "Fia", "guess", f"10.1.0.{i}") for i in range(4)] == [401] * 4
        assert sign_in(client, "Fia", "guess", "10.1.0.1") == 429  # failed here before
        assert sign_in(client, "Fia", PASSWORD, "10.2.0.1") == 200  # never failed here


# ------------------------------------------------------------------ item 8: revocation


def rated_table(
    client: TestClient, one: dict[str, Any], two: dict[str, Any]
) -> tuple[str, list[str]]:
    made = create(client, "regulator", [{"kind": "human"}] * 2, rated=True)
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for token, player in zip(tokens, (one, two), strict=True):
        joined = client.post(f"/api/tables/{table}/join", json={},
                             headers={"X-Seat-Token": token, **at("", player)})  # fmt: skip
        assert joined.status_code == 200, joined.text
    return table, tokens


@pytest.mark.parametrize("how", ["password", "everywhere"])
def test_revoking_keys_revokes_every_seat_token_and_the_player_takes_the_seat_again(
    client: TestClient, how: str
) -> None:
    gil, hana = new_player(client, "Gil"), new_player(client, "Hana")
    table, tokens = rated_table(client, gil, hana)
    stolen = tokens[1]  # a thief has Hana's seat token and her key
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, stolen)
        if how == "password":
            body = {"password": "a new one!", "old_password": PASSWORD}
            changed = client.post(f"{ME}/password", json=body, headers=at("", hana))
            assert changed.status_code == 200
            fresh = changed.json()["player_key"]
        else:
            out = client.post("/api/logout", json={"everywhere": True}, headers=at("", hana))
            assert out.status_code == 204
            fresh = client.post("/api/login", json={"name": "Hana", "password": PASSWORD}).json()[
                "player_key"
            ]
        assert client.get(ME, headers=at("", hana)).status_code == 401
        seat = {"X-Seat-Token": stolen}
        commands = f"/api/tables/{table}/commands"
        for command in ({"type": "resign"}, {"type": "chat", "text": "gg"}):
            refused = client.post(commands, json=command, headers=seat)
            assert refused.status_code == 401 and code(refused) == "bad_token", command
        assert receive_until(ws, "error")["code"] == "bad_token"  # the open socket closes
    renamed = client.post(f"/api/tables/{table}/join", json={"name": "Magnus"}, headers=seat)
    assert code(renamed) == "bad_token"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": stolen, "last_seq": 0})
        assert receive_until(ws, "error")["code"] == "bad_token"
    again = client.post(f"/api/tables/{table}/join", json={}, headers={"X-Player-Key": fresh})
    assert again.status_code == 200 and again.json()["seat"] == 1
    token = again.json()["token"]
    resigned = client.post(commands, json={"type": "resign"}, headers={"X-Seat-Token": token})
    assert resigned.status_code == 200, resigned.text
    assert client.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "Hana"


def test_a_player_key_alone_opens_no_seat_of_someone_else(client: TestClient) -> None:
    ida, joe = new_player(client, "Ida"), new_player(client, "Joe")
    table, _ = rated_table(client, ida, joe)
    kim = new_player(client, "Kim")
    refused = client.post(f"/api/tables/{table}/join", json={}, headers=at("", kim))
    assert refused.status_code == 401 and code(refused) == "not_seated"


def test_a_token_alone_does_not_rename_a_player_s_seat(client: TestClient) -> None:
    lea, max_ = new_player(client, "Lea"), new_player(client, "Max")
    table, tokens = rated_table(client, lea, max_)
    join = f"/api/tables/{table}/join"
    client.post(join, json={"name": "Magnus Carlsen"}, headers={"X-Seat-Token": tokens[0]})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, tokens[1], name="Hikaru")
    assert [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]] == ["Lea", "Max"]


def test_a_guest_sets_a_first_password_only_with_a_fresh_key(
    client: TestClient, clock: FakeClock
) -> None:
    early = new_player(client, "Nia", password=None)
    late = new_player(client, "Oto", password=None)
    clock.t += 3600
    url = f"{ME}/password"
    first = client.post(url, json={"password": PASSWORD}, headers=at("", early))
    assert first.status_code in (200, 204)
    clock.t += 86_400
    stale = client.post(url, json={"password": PASSWORD}, headers=at("", late))
    assert stale.status_code == 403 and code(stale) == "stale_key"
    assert sign_in(client, "Oto", PASSWORD, "10.0.0.1") == 401  # nobody set one


# ------------------------------------------------------------------ items 10, 11: names


def test_look_alike_and_invisible_player_names_are_refused(client: TestClient) -> None:
    new_player(client, "Ana")
    for i, taken in enumerate(("\u0410na", "Ａｎａ", "ANA", "An\u0430")):
        reply = client.post("/api/players", json={"name": taken}, headers=at(f"10.8.0.{i}"))
        assert reply.status_code == 409 and code(reply) == "name_taken", taken
    invisible = ["A\u034fna", "Bo\ufe0fb", "\u3164", "\u2800", "Z\u200bo", "Ze\u202eus",
                 "Ro\u2060y", "strong (b\u043et)", "weak (bot)"]  # fmt: skip
    for i, bad in enumerate(invisible):
        reply = client.post("/api/players", json={"name": bad}, headers=at(f"10.9.0.{i}"))
        assert reply.status_code == 400 and code(reply) == "bad_name", repr(bad)
    assert sign_in(client, "Ａｎａ", PASSWORD, "10.0.0.1") == 200  # the same name


def test_seat_names_follow_the_rules_of_player_names(client: TestClient) -> None:
    new_player(client, "Ana")
    made = create(client, "regulator", [{"kind": "human"}, {"kind": "open"}])
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    join = f"/api/tables/{table}/join"
    bad = ["strong (bot)", "Ana\u202e", "a\x00b", "a\x07b", "a\x1bb", "a\u200bb", "\u2800"]
    for name in bad:
        reply = client.post(join, json={"name": name}, headers={"X-Seat-Token": token})
        assert reply.status_code == 400 and code(reply) == "bad_name", repr(name)
    for name in ("Ana", "\u0410NA"):
        reply = client.post(join, json={"name": name}, headers={"X-Seat-Token": token})
        assert reply.status_code == 409 and code(reply) == "name_taken", name
    sit = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "weak (bot)"})
    assert sit.status_code == 400 and code(sit) == "bad_name"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": token, "name": "Ａｎａ", "last_seq": 0})
        assert receive_until(ws, "error")["code"] == "name_taken"
    fine = client.post(join, json={"name": "Ｂｒｕｎｏ"}, headers={"X-Seat-Token": token})
    assert fine.status_code == 200 and fine.json()["table"]["seats"][0]["name"] == "Bruno"


def long_folded_names(client: TestClient) -> None:
    for name in ("Großmeisterin Straßburg", "ß" * 13):
        reply = client.post("/api/players", json={"name": name})
        assert reply.status_code == 201, reply.text
    taken = client.post("/api/players", json={"name": "GROSSMEISTERIN STRAßBURG"})
    assert code(taken) == "name_taken"
    assert sign_in(client, "grossmeisterin strassburg", PASSWORD, "10.0.0.1") == 401


def test_names_whose_folded_form_is_longer_than_24_characters_are_kept(client: TestClient) -> None:
    long_folded_names(client)


@pytest.mark.services
@pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed")
def test_names_whose_folded_form_is_longer_than_24_characters_fit_on_postgresql(
    tmp_path: Path,
) -> None:
    with postgres() as database:
        settings = Settings(
            data_dir=tmp_path, database_url=database, bot_workers=1, bot_workers_on_demand=True
        )
        with TestClient(from_address(create_app(settings))) as client:
            long_folded_names(client)


def test_a_revoked_token_opens_no_rematch_seat(client: TestClient) -> None:
    una, vic = new_player(client, "Una"), new_player(client, "Vic")
    table, tokens = rated_table(client, una, vic)
    commands = f"/api/tables/{table}/commands"
    for token, command in zip([tokens[0], *tokens], ("resign", "rematch", "rematch"), strict=True):
        done = client.post(commands, json={"type": command}, headers={"X-Seat-Token": token})
        assert done.status_code == 200, done.text
    rematch = client.get(f"/api/tables/{table}").json()["rematch"]
    assert rematch is not None
    stolen = {"X-Seat-Token": tokens[1]}  # Vic's: it opens his seat at the rematch too
    assert client.get(f"/api/tables/{rematch}/view", headers=stolen).status_code == 200
    out = client.post("/api/logout", json={"everywhere": True}, headers=at("", vic))
    assert out.status_code == 204
    refused = client.get(f"/api/tables/{rematch}/view", headers=stolen)
    assert refused.status_code == 401 and code(refused) == "bad_token"
    key = {"X-Player-Key": client.post("/api/login", json={"name": "Vic", "password": PASSWORD}
                                       ).json()["player_key"]}  # fmt: skip
    again = client.post(f"/api/tables/{rematch}/join", json={}, headers=key)
    assert again.status_code == 200 and again.json()["token"]
