"""A BOT written against Regalia's HTTP API alone (httpx, no Regalia import), as an engine
author's would be: it follows its event stream, streams each game and plays a random
legal action when it is to act. Every line it reads is kept, for the tests to inspect."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import httpx

HTTP = httpx.Client(timeout=60)  # a loaded 2-core machine answers slowly


def new_bot(base: str, name: str) -> tuple[str, str]:
    """A new player upgraded to a BOT: (its API token, its player id)."""
    made = HTTP.post(f"{base}/api/players", json={"name": name}).json()
    key = {"X-Player-Key": made["player_key"]}
    token = HTTP.post(f"{base}/api/players/me/tokens", json={"scopes": ["bot:play"]}, headers=key)
    assert token.status_code == 201, token.text
    secret = token.json()["token"]
    upgraded = HTTP.post(f"{base}/api/bot/account/upgrade", headers=bearer(secret))
    assert upgraded.status_code == 200 and upgraded.json()["bot"], upgraded.text
    return secret, made["id"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class HttpBot:
    """Plays every game it is seated at, each on a thread of its own, at random."""

    def __init__(
        self, base: str, token: str, me: str = "", seed: int = 0, resign_after: int = 0
    ) -> None:
        self.base, self.token, self.me = base, token, me
        self.resign_after = resign_after  # plies after which it resigns on its turn (0: never)
        self.http = httpx.Client(base_url=base, headers=bearer(token), timeout=120)
        self.rng = random.Random(seed)
        self.lines: list[dict[str, Any]] = []  # every line of every game stream
        self.events: list[dict[str, Any]] = []  # every line of the event stream
        self.finished: dict[str, dict[str, Any]] = {}  # game id: its last gameState
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        self._spawn(self._follow_events)

    def stop(self, seconds: float = 30.0) -> None:
        """Ends every stream this BOT follows and waits for its threads: each stops at the
        next line its stream brings (a keep-alive line comes every bot_keepalive_seconds),
        so none goes on asking a server that has stopped."""
        self._stop.set()
        for thread in list(self._threads):
            thread.join(seconds)

    def play(self, game_id: str) -> None:
        self._spawn(self._play, game_id)

    def _spawn(self, target: Any, *args: Any) -> None:
        def run() -> None:
            try:
                target(*args)
            except httpx.TransportError:
                if not self._stop.is_set():  # stopped: the server may be gone too
                    raise

        thread = threading.Thread(target=run, daemon=True)
        self._threads.append(thread)
        thread.start()

    def _stream(self, path: str) -> Any:
        timeout = httpx.Timeout(120, read=120)  # a loaded 2-core machine is slow
        return httpx.stream("GET", self.base + path, headers=bearer(self.token), timeout=timeout)

    def _follow_events(self) -> None:
        playing: set[str] = set()
        with self._stream("/api/stream/event") as response:
            for text in response.iter_lines():
                if self._stop.is_set():
                    return
                if not text.strip():
                    continue
                event = json.loads(text)
                with self._lock:
                    self.events.append(event)
                if event["type"] == "challenge" and self._invited(event["challenge"]):
                    self.http.post(f"/api/challenge/{event['challenge']['id']}/accept")
                if event["type"] == "gameStart" and event["game"]["id"] not in playing:
                    playing.add(event["game"]["id"])
                    self.play(event["game"]["id"])

    def _invited(self, challenge: dict[str, Any]) -> bool:
        """A pending challenge this BOT is invited to and has not answered: it accepts."""
        mine = [i for i in challenge["invited"] if i["id"] == self.me and i["answer"] is None]
        return challenge["status"] == "pending" and bool(mine)

    def _play(self, game_id: str) -> None:
        last: dict[str, Any] | None = None
        seat, waiting_for = None, 0  # own actions the BOT has seen played, once its move lands
        if self._stop.is_set():
            return
        with self._stream(f"/api/bot/game/stream/{game_id}") as response:
            for text in response.iter_lines():
                if self._stop.is_set():
                    return
                if not text.strip():
                    continue
                line = json.loads(text)
                with self._lock:
                    self.lines.append(line)
                if line["type"] == "gameFull":
                    seat = line["seat"]
                state = line["state"] if line["type"] == "gameFull" else line
                if line["type"] not in ("gameFull", "gameState"):
                    continue
                last = state
                if state["status"] != "started":
                    break
                # A state sent before this BOT's own last move landed (another seat acted
                # meanwhile, in a game of simultaneous moves) asks nothing new of it.
                mine = sum(1 for item in state["actions"] if item["seat"] == seat)
                if state["my_turn"] and state["legal"] and mine >= waiting_for:
                    waiting_for = mine + 1
                    if self.resign_after and len(state["actions"]) >= self.resign_after:
                        self.http.post(f"/api/bot/game/{game_id}/resign")
                    elif not self._move(game_id, self.rng.choice(state["legal"])):
                        waiting_for = mine
        if last is not None:
            with self._lock:
                self.finished[game_id] = last

    def _move(self, game_id: str, action: str) -> bool:
        word = action.replace(" ", "_")
        answer = self.http.post(f"/api/bot/game/{game_id}/move/{word}")
        if answer.status_code != 200 and answer.json()["error"]["code"] not in (
            "stale",
            "finished",
        ):
            with self._lock:
                self.errors.append(answer.text)
        return answer.status_code == 200
