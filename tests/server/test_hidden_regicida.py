"""H2 over the wire: record every message each seat receives across whole Regicida games
(bots and scripted humans, a spectator, HTTP reads, deliberate bad input) and check that
none carries another seat's Identity, a token below a pile's top, the unused Houses, a
vote before the reveal, the seed or the record, or a seat token of another seat.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from regalia.core.registry import get_game
from tests.server.live import Conn, connect, create, live_server

SECRET_KEYS = {"identities", "unused", "reveal", "votes", "record", "seed", "token"}


def _walk(value: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every (path, key, value) of nested dicts and lists."""
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((path, key, item))
            out.extend(_walk(item, f"{path}.{key}"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_walk(item, f"{path}[{index}]"))
    return out


def check_message(
    message: Any, seat: int | None, truth: dict[str, Any], tokens: dict[int, str]
) -> None:
    """Fail if `message`, sent to `seat` before the game ended, reveals a secret."""
    text = repr(message)
    assert "Seed" not in text, message
    for other, token in tokens.items():
        if other != seat:
            assert token not in text, f"seat {other}'s token sent to {seat}"
    for path, key, value in _walk(message):
        if key in SECRET_KEYS:
            assert value in (None, [], {}), f"{path}.{key} sent to seat {seat}: {value!r}"
        if key == "identity":
            allowed = None if seat is None else truth["identities"][seat]
            assert value == allowed, f"{path}: identity {value} sent to seat {seat}"
        if key == "piles":
            for pile in value:
                assert set(pile) <= {"pile", "size", "top"}, pile
        if key == "your_vote" and value is not None:
            assert seat is not None
        if key == "history":
            for entry in value:
                if entry["seat"] != seat and str(entry["action"]).startswith("vote"):
                    assert entry["action"] == "vote", f"{path}: a vote shown to seat {seat}"
        if key == "kind" and value == "action" and isinstance(message, dict):
            event = message.get("event", message)
            acted = event.get("seat")
            if acted != seat and str(event.get("action") or "").startswith("vote"):
                raise AssertionError(f"vote of seat {acted} shown to seat {seat}")


async def scripted_human(
    conn: Conn, seat: int, rng: random.Random, table: str, base: str, token: str
) -> None:
    """Plays random legal actions, with some bad input on the way."""
    pending = -1
    bad = 0
    async with httpx.AsyncClient(base_url=base) as http:
        while True:
            message = await conn.recv(60)
            event = message.get("event") or {}
            if event.get("kind") == "action" and event.get("seat") == seat:
                pending = -1
            if message["type"] == "error":
                pending = -1
            if message["type"] != "view":
                continue
            if message["status"] == "finished":
                return
            if not message["legal"] or pending >= 0:
                continue
            if bad < 3 and rng.random() < 0.2:
                bad += 1
                junk = rng.choice(["vote 9", "place 1 zz", "swap a1 a2 flip a1", "pass"])
                await conn.send({"type": "action", "action": junk, "seq": message["seq"]})
                await conn.send({"type": "action", "action": "pass", "seq": message["seq"] - 1})
                await conn.ws.send("{not json")
                for path in ("view", "events?after=0"):
                    reply = await http.get(
                        f"/api/tables/{table}/{path}", headers={"X-Seat-Token": token}
                    )
                    conn.log.append(reply.json())
                reply = await http.get(f"/api/tables/{table}/replay")
                if reply.status_code == 409:  # refused in play
                    conn.log.append(reply.json())
                else:  # the last vote landed first: the game is over, its replay open
                    summary = (await http.get(f"/api/tables/{table}")).json()
                    assert summary["status"] == "finished", reply.text
            choice = rng.choice(message["legal"])["action"]
            pending = message["seq"]
            await conn.send({"type": "action", "action": choice, "seq": message["seq"]})


async def play(base: str, players: int, humans: int, seed: int) -> None:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": "random"}] * (players - humans)
    made = create(base, "regicida", seats, seed=seed)
    table = made["table"]["id"]
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    conns = {s: await connect(base, table, tokens[s], f"human {s}") for s in tokens}
    spectator = await connect(base, table, None)
    rng = random.Random(seed)
    await asyncio.wait_for(
        asyncio.gather(
            *(scripted_human(c, s, rng, table, base, tokens[s]) for s, c in conns.items())
        ),
        120,
    )
    await spectator.until("view", status="finished")
    replay = httpx.get(f"{base}/api/tables/{table}/replay").json()
    truth_state = get_game("regicida").from_record(replay["record"])
    truth = {"identities": truth_state.view(0)["reveal"]["identities"]}
    assert truth_state.is_over()
    for seat, conn in [*conns.items(), (None, spectator)]:
        before_end = True
        for message in conn.log:
            event = message.get("event") or {}
            if event.get("kind") == "finished" or message.get("status") == "finished":
                before_end = False
            if before_end:
                check_message(message, seat, truth, tokens)
        assert not before_end, "the game should have finished"
    for conn in [*conns.values(), spectator]:
        await conn.ws.close()


@pytest.mark.parametrize(
    ("players", "humans", "seed"), [(4, 2, 11), (3, 3, 12), (6, 2, 13), (2, 1, 14)]
)
def test_no_secret_reaches_a_seat(tmp_path: Path, players: int, humans: int, seed: int) -> None:
    with live_server(tmp_path, bot_seconds=0.5) as base:
        asyncio.run(play(base, players, humans, seed))
