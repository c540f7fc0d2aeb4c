"""`regalia bot` (issue 27): the bridge connects `regalia engine regulator` to a server as a
BOT, accepts a person's challenge by its rules, declines one its rules refuse, and plays
the person over the Bot API until the game ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import live_server
from tests.server.test_bot_api import LIFTED, wait_for

ENGINE = f"{sys.executable} -m regalia engine regulator"
HTTP = httpx.Client(timeout=60)  # a loaded 2-core machine answers slowly


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path, **LIFTED) as url:
        yield url


def token_of(base: str, name: str) -> str:
    made = HTTP.post(f"{base}/api/players", json={"name": name}).json()
    key = {"X-Player-Key": made["player_key"]}
    answer = HTTP.post(f"{base}/api/players/me/tokens", json={"scopes": ["bot:play"]}, headers=key)
    token: str = answer.json()["token"]
    return token


def wait_until_bot(base: str, token: str) -> None:
    """The bridge upgrades its player to a BOT as it starts."""
    headers = {"Authorization": f"Bearer {token}"}
    wait_for(lambda: HTTP.get(f"{base}/api/account", headers=headers).json()["bot"], 60)


PLAYERS = {
    "engine": ["--engine", ENGINE, "--movetime", "50"],
    "builtin": ["--builtin", "random"],
    "policy": ["--policy", "tests.server.bot_policy:first_legal"],
}


@pytest.mark.parametrize("kind", list(PLAYERS))
def test_regalia_bot_plays_a_person(base: str, kind: str) -> None:
    """With `regalia engine regulator`, a built-in level, or a Python policy over the env's
    observation."""
    token = token_of(base, "Engine")
    bridge = subprocess.Popen(
        [sys.executable, "-m", "regalia", "bot", "--server", base, "--token", token,
         *PLAYERS[kind], "--games", "regulator", "--rated", "casual"],
        env=os.environ | {"PYTHONUNBUFFERED": "1"}, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_until_bot(base, token)
        ana = HTTP.post(f"{base}/api/players", json={"name": "Ana"}).json()
        key = {"X-Player-Key": ana["player_key"]}
        # A game its rules refuse is declined with lichess's reason.
        other = HTTP.post(f"{base}/api/challenge/Engine", json={"game": "regicide"}, headers=key)
        assert other.status_code == 200, other.text
        path = f"{base}/api/challenge/{other.json()['challenge']['id']}/show"
        wait_for(lambda: HTTP.get(path, headers=key).json()["challenge"]["status"] == "declined")
        assert HTTP.get(path, headers=key).json()["challenge"]["invited"][0]["answer"]
        # Ana challenges the BOT; the bridge accepts and its engine plays Black.
        made = HTTP.post(f"{base}/api/challenge/Engine", json={"game": "regulator", "seat": 0},
                          headers=key)  # fmt: skip
        path = f"{base}/api/challenge/{made.json()['challenge']['id']}/show"
        found: dict[str, Any] = {}
        wait_for(lambda: found.update(HTTP.get(path, headers=key).json()["challenge"])
                 or found["table"] is not None)  # fmt: skip
        table_id = found["table"]
        seat = HTTP.post(f"{base}/api/tables/{table_id}/join", json={}, headers=key).json()
        assert seat["seat"] == 0
        mine = {"X-Seat-Token": seat["token"]}
        plies, deadline = 0, time.monotonic() + 180
        while plies < 12:
            assert time.monotonic() < deadline, "the engine stopped answering"
            view = HTTP.get(f"{base}/api/tables/{table_id}/view", headers=mine).json()
            if view["status"] == "finished":
                break
            if 0 in view["to_act"]:
                command = {"type": "action", "action": view["legal"][0]["action"],
                           "seq": view["seq"]}  # fmt: skip
                answer = HTTP.post(f"{base}/api/tables/{table_id}/commands", json=command,
                                    headers=mine)  # fmt: skip
                assert answer.status_code == 200, answer.text
                plies += 1
            time.sleep(0.05)
        events = HTTP.get(f"{base}/api/tables/{table_id}/events").json()["events"]
        engine_moves = [e for e in events if e["kind"] == "action" and e["seat"] == 1]
        # Playing her first legal move each time, Ana may be beaten before her twelfth (a run
        # saw the engine win with its ninth).
        finished = view["status"] == "finished"
        assert len(engine_moves) >= (5 if finished else 10)
        if not finished:
            HTTP.post(f"{base}/api/tables/{table_id}/commands", json={"type": "resign"},
                       headers=mine)  # fmt: skip
        table = HTTP.get(f"{base}/api/tables/{table_id}").json()
        assert table["status"] == "finished" and table["result"]["outcomes"][1] == "win"
        assert table["seats"][1]["player"] != ana["id"]
    finally:
        bridge.terminate()
        _, err = bridge.communicate(timeout=30)
    assert "Traceback" not in err, err


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"


def test_the_example_random_bot_plays_a_whole_game(base: str) -> None:
    """examples/random_bot.py, the protocol's reference client (standard library only),
    against itself: one copy's player challenges the other's."""
    tokens = [token_of(base, name) for name in ("RandomA", "RandomB")]
    source = EXAMPLE.read_text()
    assert "import regalia" not in source and "from regalia" not in source
    bots = [subprocess.Popen([sys.executable, str(EXAMPLE), base, t], stderr=subprocess.PIPE,
                             text=True) for t in tokens]  # fmt: skip
    try:
        for token in tokens:
            wait_until_bot(base, token)
        made = HTTP.post(f"{base}/api/challenge/RandomB", json={"game": "toy"},
                          headers={"Authorization": f"Bearer {tokens[0]}"})  # fmt: skip
        assert made.status_code == 200, made.text
        path = f"{base}/api/challenge/{made.json()['challenge']['id']}/show"
        headers = {"Authorization": f"Bearer {tokens[0]}"}
        found: dict[str, Any] = {}
        wait_for(lambda: found.update(HTTP.get(path, headers=headers).json()["challenge"])
                 or found["table"] is not None)  # fmt: skip
        table = f"{base}/api/tables/{found['table']}"
        wait_for(lambda: HTTP.get(table).json()["status"] == "finished")
        assert HTTP.get(table).json()["result"]["reason"] != "resign"
    finally:
        for bot in bots:
            bot.terminate()
            _, err = bot.communicate(timeout=30)
            assert "Traceback" not in err, err


class Overheard:
    """An ASGI middleware keeping, as it goes, what the server sends to the requests that
    carry one bearer token: (path, body chunks) per request."""

    def __init__(self) -> None:
        self.app: Any = None
        self.auth = b""
        self.sent: list[tuple[str, list[bytes]]] = []

    def __call__(self, app: Any) -> Any:
        self.app = app

        async def asgi(scope: Any, receive: Any, send: Any) -> None:  # uvicorn: ASGI 3
            await self.asgi(scope, receive, send)

        return asgi

    async def asgi(self, scope: Any, receive: Any, send: Any) -> None:
        headers = dict(scope.get("headers") or ())
        if scope["type"] != "http" or not self.auth or headers.get(b"authorization") != self.auth:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        self.sent.append((scope["path"], chunks))

        async def keep(message: Any) -> None:
            if message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, keep)


def test_regalia_bot_builtin_plays_regicida_from_its_seats_view_alone(tmp_path: Path) -> None:
    """A built-in level plays a hidden-identity game over the Bot API to the vote: it thinks
    with the state of its seat's view, and the server sends it nothing of the other seat's."""
    heard = Overheard()
    with live_server(tmp_path, wrap=heard, **LIFTED) as base:
        token = token_of(base, "Courtier")
        heard.auth = f"Bearer {token}".encode()
        bridge = subprocess.Popen(
            [sys.executable, "-m", "regalia", "bot", "--server", base, "--token", token,
             "--builtin", "greedy", "--games", "regicida"],
            env=os.environ | {"PYTHONUNBUFFERED": "1"}, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            wait_until_bot(base, token)
            ana = HTTP.post(f"{base}/api/players", json={"name": "Ana"}).json()
            key = {"X-Player-Key": ana["player_key"]}
            made = HTTP.post(f"{base}/api/challenge/Courtier", headers=key,
                             json={"game": "regicida", "players": 2, "seat": 0})  # fmt: skip
            assert made.status_code == 200, made.text
            path = f"{base}/api/challenge/{made.json()['challenge']['id']}/show"
            found: dict[str, Any] = {}
            wait_for(lambda: found.update(HTTP.get(path, headers=key).json()["challenge"])
                     or found["table"] is not None)  # fmt: skip
            table_id = found["table"]
            mine = {"X-Seat-Token": HTTP.post(f"{base}/api/tables/{table_id}/join", json={},
                                              headers=key).json()["token"]}  # fmt: skip
            deadline = time.monotonic() + 120
            while (view := HTTP.get(f"{base}/api/tables/{table_id}/view", headers=mine).json())[
                "status"
            ] != "finished":
                assert time.monotonic() < deadline, "the BOT stopped playing"
                if 0 in view["to_act"]:
                    command = {"type": "action", "action": view["legal"][0]["action"],
                               "seq": view["seq"]}  # fmt: skip
                    HTTP.post(f"{base}/api/tables/{table_id}/commands", json=command,
                              headers=mine)  # fmt: skip
                else:
                    time.sleep(0.05)
            table = HTTP.get(f"{base}/api/tables/{table_id}").json()
            assert table["seats"][1]["bot"] is True
            events = HTTP.get(f"{base}/api/tables/{table_id}/events").json()["events"]
        finally:
            bridge.terminate()
            _, err = bridge.communicate(timeout=30)
    assert "Traceback" not in err and "resigning" not in err, err
    # Played to the vote, every action of its seat (Player 2) its own choice.
    assert table["result"]["reason"] != "resign"
    assert sum(1 for e in events if e["kind"] == "action" and e["seat"] == 1) >= 20
    history = view["view"]["history"]
    assert [h["action"].split()[0] for h in history if h["seat"] == 1][-1] == "vote"
    truth = view["view"]["reveal"]["identities"]
    # What the BOT heard: the Bot API only, and of the game only its own seat's view.
    assert {p.split("/")[2] for p, _ in heard.sent} <= {"account", "bot", "stream", "challenge"}
    [stream] = [b"".join(c) for p, c in heard.sent if p == f"/api/bot/game/stream/{table_id}"]
    lines = [json.loads(line) for line in stream.splitlines() if line.strip()]
    states = [line.get("state", line) for line in lines if "view" in line.get("state", line)]
    playing = [s for s in states if s["status"] == "started"]
    assert len(playing) >= 20 and states[-1]["status"] != "started"
    for state in playing:  # the other seat's House stays hidden until the reveal
        assert state["view"]["identity"] == truth[1] and state["view"]["reveal"] is None
        assert "identities" not in json.dumps(state)
