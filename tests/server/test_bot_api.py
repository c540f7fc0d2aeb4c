"""The Bot API over a real server (issue 27): BOTs written against the HTTP API alone
(tests/server/httpbot.py, no Regalia import) play whole games of every game through the
NDJSON streams; in Regicida four BOTs and one human, and no BOT's stream ever carries
another seat's hidden identity or vote; a game stream opened again after a dropped
connection starts with the whole game, so no action is lost."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from regalia.server.config import HttpLimits
from regalia.tables.limits import Limits
from tests.server.httpbot import HttpBot, bearer, new_bot
from tests.server.live import live_server

HTTP = httpx.Client(timeout=60)  # a loaded 2-core machine answers slowly
# Random chess games run to hundreds of plies: these BOTs resign after this many, which ends
# the game as surely (on a loaded 2-core machine a ply over HTTP takes some 0.1-0.3 s).
RESIGN_AFTER = 40
LIFTED = {
    "http": HttpLimits(
        create_burst=1000,
        write_burst=10**5,
        write_per_second=10**5,
        bot_api_burst=10**5,
        bot_api_per_second=10**5,
        bot_keepalive_seconds=0.5,
        bot_poll_seconds=0.1,
    ),
    "tables": Limits(waiting_tables_per_client=100, bot_tables_per_client=100),
}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("botapi"), **LIFTED) as url:
        yield url


def challenge(
    base: str, headers: dict[str, str], names: list[str], game: str, players: int, seat: int
) -> str:
    """The challenger invites `names` to a table of `game` (it sits at `seat`); the BOTs
    accept on their event streams. The challenge's table id, once made."""
    body = {"game": game, "players": players, "seat": seat, "invite": names[1:]}
    made = HTTP.post(f"{base}/api/challenge/{names[0]}", json=body, headers=headers)
    assert made.status_code == 200, made.text
    path = f"{base}/api/challenge/{made.json()['challenge']['id']}/show"
    found: dict[str, Any] = {}

    def made_table() -> bool:
        found.update(HTTP.get(path, headers=headers).json()["challenge"])
        return found["table"] is not None

    wait_for(made_table, 60)
    table_id: str = found["table"]
    return table_id


def wait_for(done: Any, seconds: float = 240.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def finished(bot: HttpBot, table_id: str) -> bool:
    """The BOT's game stream ended with the game, and its event stream said so."""
    said = any(
        e["type"] == "gameFinish" and e.get("game", {}).get("id") == table_id for e in bot.events
    )
    return table_id in bot.finished and said


def play_human(base: str, table_id: str, token: str, stop: threading.Event) -> None:
    """A person at the table: reads its view, plays its first legal action, over HTTP."""
    headers = {"X-Seat-Token": token}
    while not stop.is_set():
        view = HTTP.get(f"{base}/api/tables/{table_id}/view", headers=headers).json()
        if view["status"] == "finished":
            return
        if view["legal"]:
            command = {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]}
            HTTP.post(f"{base}/api/tables/{table_id}/commands", json=command, headers=headers)
        time.sleep(0.02)


@pytest.mark.parametrize(("game", "players"), [("regulator", 2), ("regicide", 4), ("toy", 2)])
def test_http_only_bots_play_a_whole_game(base: str, game: str, players: int) -> None:
    bots, names, tokens = [], [], []
    for seat in range(players):
        name = f"{game[:6]}bot{seat}"
        token, me = new_bot(base, name)
        bot = HttpBot(base, token, me, seed=seat, resign_after=RESIGN_AFTER)
        bot.start()
        bots.append(bot)
        names.append(name)
        tokens.append(token)
    # The first BOT challenges the others by name; they accept on their event streams.
    table_id = challenge(base, bearer(tokens[0]), names[1:], game, players, seat=0)
    wait_for(lambda: all(finished(b, table_id) for b in bots))
    for bot in bots:
        bot.stop()
        assert not bot.errors
        assert [e["type"] for e in bot.events if e.get("game", {}).get("id") == table_id][:2] == [
            "gameStart", "gameFinish"]  # fmt: skip
    assert any(e["type"] == "challenge" for e in bots[1].events)  # heard on its stream
    table = HTTP.get(f"{base}/api/tables/{table_id}").json()
    assert table["status"] == "finished"
    final = bots[0].finished[table_id]
    assert final["status"] == table["result"]["reason"] and final["result"] == table["result"]
    replay = HTTP.get(f"{base}/api/tables/{table_id}/replay").json()
    played = [step["action"] for step in replay["steps"] if step["action"] is not None]
    words = final["moves"].split()
    assert len(words) == len(played)
    for word, action, item in zip(words, played, final["actions"], strict=True):
        # Another seat's secret action (the toy game's bids) stays hidden from this seat.
        assert word == action.replace(" ", "_") or (word == "?" and item["seat"] != 0)
    assert len(played) >= players
    full = next(line for line in bots[1].lines if line["type"] == "gameFull")
    assert full["seat"] == 1 and full["game"] == game and len(full["seats"]) == players


def test_four_bots_and_a_human_play_regicida_without_seeing_secrets(base: str) -> None:
    bots, names = [], []
    for seat in range(4):
        token, me = new_bot(base, f"intrigue{seat}")
        bot = HttpBot(base, token, me, seed=10 + seat)
        bot.start()
        bots.append(bot)
        names.append(f"intrigue{seat}")
    hugo = HTTP.post(f"{base}/api/players", json={"name": "Hugo"}).json()
    key = {"X-Player-Key": hugo["player_key"]}
    table_id = challenge(base, key, names, "regicida", 5, seat=4)
    # The person takes their seat's token with their key alone.
    human = HTTP.post(f"{base}/api/tables/{table_id}/join", json={}, headers=key).json()
    assert human["seat"] == 4
    stop = threading.Event()
    person = threading.Thread(target=play_human, args=(base, table_id, human["token"], stop))
    person.start()
    try:
        wait_for(lambda: all(finished(b, table_id) for b in bots))
    finally:
        for bot in bots:
            bot.stop()
        stop.set()
        person.join(30)
    final = HTTP.get(f"{base}/api/tables/{table_id}/view").json()
    identities = final["view"]["reveal"]["identities"]
    for bot in bots:
        seat = next(line["seat"] for line in bot.lines if line["type"] == "gameFull")
        assert not bot.errors
        during = [line["state"] if line["type"] == "gameFull" else line for line in bot.lines
                  if line["type"] in ("gameFull", "gameState")]  # fmt: skip
        assert len(during) > 10
        for state in during:
            if state["status"] != "started":
                continue
            text = json.dumps(state)
            assert "identities" not in text and state["view"]["reveal"] is None
            assert state["view"]["identity"] == identities[seat]
            for item in state["actions"]:  # another seat's vote is hidden until the end
                if item["seat"] != seat and item["action"] is not None:
                    assert not item["action"].startswith("vote"), item
        assert during[-1]["view"]["reveal"]["identities"] == identities  # revealed at the end
    hidden = [line for bot in bots for line in bot.lines
              if line["type"] == "gameState" and "?" in line["moves"].split()]  # fmt: skip
    assert hidden, "some BOT saw another seat's vote hidden as '?' in its moves"


def test_a_game_stream_resumes_after_a_dropped_connection(base: str) -> None:
    white, _ = new_bot(base, "dropper")
    black, _ = new_bot(base, "steady")
    body = {"game": "regulator", "seat": 0}
    made = HTTP.post(f"{base}/api/challenge/steady", json=body, headers=bearer(white)).json()
    accepted = HTTP.post(f"{base}/api/challenge/{made['challenge']['id']}/accept",
                          headers=bearer(black))  # fmt: skip
    assert accepted.status_code == 200, accepted.text
    table_id = accepted.json()["challenge"]["table"]
    path = f"{base}/api/bot/game/stream/{table_id}"

    def first_line(token: str) -> dict[str, Any]:
        with httpx.stream("GET", path, headers=bearer(token), timeout=30) as response:
            for text in response.iter_lines():
                if text.strip():
                    line: dict[str, Any] = json.loads(text)
                    return line  # the connection drops here
        raise AssertionError("no line")

    full = first_line(white)
    assert full["type"] == "gameFull" and full["state"]["my_turn"]
    first = full["state"]["legal"][0]
    move = HTTP.post(f"{base}/api/bot/game/{table_id}/move/{first}", headers=bearer(white))
    assert move.status_code == 200, move.text
    # While White is away, Black answers; White's next stream still has both moves.
    reply = first_line(black)["state"]["legal"][0]
    answer = HTTP.post(f"{base}/api/bot/game/{table_id}/move/{reply}", headers=bearer(black))
    assert answer.status_code == 200, answer.text
    again = first_line(white)
    assert again["type"] == "gameFull" and again["state"]["moves"] == f"{first} {reply}"
    assert again["state"]["my_turn"] and again["state"]["status"] == "started"
    late = again["state"]["legal"][0]
    wrong = HTTP.post(f"{base}/api/bot/game/{table_id}/move/{late}", headers=bearer(black))
    assert wrong.status_code == 409 and wrong.json()["error"]["code"] == "not_your_turn"


def test_idle_streams_carry_keep_alive_newlines(base: str) -> None:
    token, _ = new_bot(base, "quiet")
    blank = 0
    with httpx.stream("GET", f"{base}/api/stream/event", headers=bearer(token),
                      timeout=30) as response:  # fmt: skip
        assert response.headers["content-type"].startswith("application/x-ndjson")
        for text in response.iter_lines():
            blank += not text.strip()
            if blank >= 2:
                break
    assert blank >= 2


def test_the_ladder_pairs_connected_bots(tmp_path: Path) -> None:
    ladder = {**LIFTED, "http": replace(LIFTED["http"], bot_ladder_seconds=1.0)}
    with live_server(tmp_path, **ladder) as url:
        bots = []
        for seat in range(2):
            token, me = new_bot(url, f"ladder{seat}")
            bots.append(HttpBot(url, token, me, seed=seat, resign_after=RESIGN_AFTER))
            bots[-1].start()
        # No one challenged them: the ladder does, with a game of two seats in its turn.
        wait_for(lambda: all(any(e["type"] == "gameStart" for e in b.events) for b in bots), 120)
        asked = next(e["challenge"] for e in bots[1].events if e["type"] == "challenge")
        ids = {asked["challenger"]["id"], *(i["id"] for i in asked["invited"])}
        assert ids == {b.me for b in bots}
        assert asked["rated"] == (asked["clock"] is not None)
        for bot in bots:
            bot.stop()
