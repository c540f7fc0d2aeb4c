"""A random BOT for a Regalia server, written against its HTTP API alone (no Regalia import).

    python examples/random_bot.py http://127.0.0.1:8000 TOKEN

TOKEN: an API token with the bot:play scope (POST /api/players/me/tokens). The BOT accepts
every challenge and plays a random legal action whenever it is its turn.
"""

import contextlib
import json
import random
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

SERVER, TOKEN = sys.argv[1].rstrip("/"), sys.argv[2]


def call(path: str, method: str = "GET") -> Any:
    headers = {"Authorization": f"Bearer {TOKEN}"}
    ask = urllib.request.Request(SERVER + path, b"" if method == "POST" else None, headers)
    return urllib.request.urlopen(ask, timeout=60)  # idle streams send a newline every 6 s


def lines(path: str) -> Iterator[dict[str, Any]]:
    yield from (json.loads(raw) for raw in call(path) if raw.strip())


def play(game_id: str) -> None:
    for line in lines(f"/api/bot/game/stream/{game_id}"):
        state = line.get("state", line)
        if line["type"] in ("gameFull", "gameState") and state["my_turn"] and state["legal"]:
            move = random.choice(state["legal"]).replace(" ", "_")
            with contextlib.suppress(urllib.error.HTTPError):  # a seat moved first: ask again
                call(f"/api/bot/game/{game_id}/move/{move}?seq={state['seq']}", "POST")


ME = json.load(call("/api/account"))
if not ME["bot"]:
    call("/api/bot/account/upgrade", "POST")
for event in lines("/api/stream/event"):
    asked = event.get("challenge", {})
    if any(i["id"] == ME["id"] and i["answer"] is None for i in asked.get("invited", [])):
        with contextlib.suppress(urllib.error.HTTPError):  # cancelled meanwhile
            call(f"/api/challenge/{asked['id']}/accept", "POST")
    elif event["type"] == "gameStart":
        threading.Thread(target=play, args=(event["game"]["id"],), daemon=True).start()
