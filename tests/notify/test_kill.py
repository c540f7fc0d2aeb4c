"""A real server process killed (SIGKILL) while a push is on its way: the push service got
it, the server never stored the answer. Started again, the server marks that row unknown and
never sends it again, and goes on delivering what comes next."""

from __future__ import annotations

import os
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.notify.services import MailSink, PushService
from tests.server.process import serve

pytestmark = pytest.mark.slow


def states(data: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(data / "regalia.sqlite3") as db:
        return db.execute("SELECT kind, state FROM regalia_outbox ORDER BY id").fetchall()


def wait_for(check: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)


def test_a_push_on_its_way_when_the_server_is_killed_is_never_sent_twice(
    tmp_path: Path, push: PushService, mail: MailSink
) -> None:
    data, log = tmp_path / "data", tmp_path / "server.log"
    env = {"REGALIA_PUSH_ALLOWED_HOSTS": push.allowed, "REGALIA_SMTP_URL": mail.url,
           "REGALIA_PUBLIC_URL": "https://regalia.example"}  # fmt: skip
    with serve(data, log, **env) as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        eva = http.post("/api/players", json={"name": "Eva"}).json()
        fred = http.post("/api/players", json={"name": "Fred"}).json()
        sub = push.subscription("fred")
        push.subs["fred"].hold = threading.Event()  # its answer never comes back in time
        fred_key = {"X-Player-Key": fred["player_key"]}
        reply = http.post("/api/players/me/push", json={"subscription": sub}, headers=fred_key)
        assert reply.status_code == 201, reply.text
        made = http.post("/api/tables", json={"game": "regulator", "seats": [{"kind": "human"}] * 2,
                                              "clock": {"days_per_move": 1}}).json()  # fmt: skip
        table = made["table"]["id"]
        tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
        for who, token in zip((eva, fred), tokens, strict=True):
            both = {"X-Seat-Token": token, "X-Player-Key": who["player_key"]}
            http.post(f"/api/tables/{table}/join", json={}, headers=both)

        def move(token: str) -> None:
            seen = http.get(f"/api/tables/{table}/view", headers={"X-Seat-Token": token}).json()
            body = {"type": "action", "action": seen["legal"][0]["action"], "seq": seen["seq"]}
            reply = http.post(f"/api/tables/{table}/commands", json=body,
                              headers={"X-Seat-Token": token})  # fmt: skip
            assert reply.status_code == 200, reply.text

        move(tokens[0])  # Fred's turn: the outbox's task pushes it within its 2 s
        assert push.received.wait(30)
        for pid in [server.pid, *server.children()]:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: not Path(f"/proc/{server.pid}").exists()
                 or "zombie" in Path(f"/proc/{server.pid}/status").read_text())  # fmt: skip
    push.subs["fred"].hold.set()  # type: ignore[union-attr]
    assert states(data)[-1] == ("turn", "sending")
    push.received.clear()
    with serve(data, log, **env) as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        wait_for(lambda: states(data)[-1] == ("turn", "unknown"))
        move(tokens[1])
        move(tokens[0])  # Fred's turn again: a new push, delivered by the restarted server
        assert push.received.wait(30)
        wait_for(lambda: states(data)[-1] == ("turn", "sent"))
    assert [p.payload["kind"] for p in push.pushes] == ["turn", "turn"]  # the first one once
    assert [s for _, s in states(data) if _ == "turn"][-2:] == ["unknown", "sent"]
