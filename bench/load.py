"""Load test: N simulated players on loopback, each playing a bot over a WebSocket.

Each player creates a table (a human seat and a bot seat), joins it, and plays random legal
moves after a think time; when a game ends it starts another, so N tables stay busy. It
measures the latency from sending a move to receiving the view that shows it, counts error
messages, and at the end checks every table's event log against what the players saw: no
move lost (sent, accepted, not in the log) and none applied twice.

    .venv/bin/python bench/load.py --tables 200 --seconds 60 --ramp 10

By default it starts its own `regalia serve` on a free port with a fresh data directory;
`--url` points it at a running server instead.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    steady: list[float] = field(default_factory=list)  # after the ramp-up
    steady_from: float = 0.0
    errors: list[str] = field(default_factory=list)
    sent: int = 0
    games: int = 0
    bot_moves: int = 0
    lost: int = 0
    duplicated: int = 0
    tables: list[tuple[str, int]] = field(default_factory=list)  # (table id, my moves applied)


def record(stats: Stats, latency: float) -> None:
    stats.latencies.append(latency)
    if time.monotonic() >= stats.steady_from:
        stats.steady.append(latency)


async def play_one_game(base: str, game: str, think: float, stop: float, stats: Stats,
                        rng: random.Random, http: httpx.AsyncClient) -> None:  # fmt: skip
    reply = await http.post(
        "/api/tables",
        json={
            "game": game,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "clock": CLOCK,
        },
    )
    reply.raise_for_status()
    made = reply.json()
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    mine = 0
    async with websockets.connect(url, max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "name": "load"}))
        sent_at: float | None = None
        sent_seq = 0
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            kind = message["type"]
            if kind == "error":
                stats.errors.append(f"{message['code']}: {message['message']}")
                sent_at = None
            elif kind == "event" and message["event"]["kind"] == "action":
                if message["event"]["seat"] == 0:
                    mine += 1
                else:
                    stats.bot_moves += 1
            elif kind == "view":
                if sent_at is not None and message["seq"] > sent_seq:
                    record(stats, time.perf_counter() - sent_at)
                    sent_at = None
                if message["status"] == "finished":
                    stats.games += 1
                    break
                if message["legal"] and sent_at is None:
                    if time.monotonic() > stop:
                        break
                    await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
                    choice = rng.choice(message["legal"])["action"]
                    sent_seq = message["seq"]
                    sent_at = time.perf_counter()
                    stats.sent += 1
                    await ws.send(json.dumps({"type": "action", "action": choice, "seq": sent_seq}))
        if sent_at is not None:  # a move in flight when time ran out: wait for its view
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if message["type"] == "event" and message["event"]["kind"] == "action":
                    mine += message["event"]["seat"] == 0
                if message["type"] == "view" and message["seq"] > sent_seq:
                    record(stats, time.perf_counter() - sent_at)
                    break
    stats.tables.append((table, mine))


async def player(base: str, game: str, think: float, stop: float, stats: Stats, seed: int,
                 http: httpx.AsyncClient, ramp: float) -> None:  # fmt: skip
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * ramp)  # players arrive over the ramp-up
    while time.monotonic() < stop:
        try:
            await play_one_game(base, game, think, stop, stats, rng, http)
        except Exception as exc:
            stats.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)


async def audit(base: str, stats: Stats) -> None:
    """Compare every table's log with the moves its player saw applied."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for table, mine in stats.tables:
            events: list[dict[str, Any]] = []
            more = True
            while more:  # the log comes in pages
                after = events[-1]["seq"] if events else 0
                page = (await http.get(f"/api/tables/{table}/events?after={after}")).json()
                events += page["events"]
                more = page["more"]
            seqs = [e["seq"] for e in events]
            if seqs != list(range(1, len(seqs) + 1)):
                stats.errors.append(f"table {table}: gaps in the event log")
            logged = sum(1 for e in events if e["kind"] == "action" and e["seat"] == 0)
            stats.lost += max(0, mine - logged)
            stats.duplicated += max(0, logged - mine)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# Every simulated player comes from this one address: lift the per-client limits that
# would otherwise (rightly) stop one address creating hundreds of tables with bots.
LOAD = {
    "REGALIA_CREATE_BURST": "100000",
    "REGALIA_WRITE_BURST": "100000",
    "REGALIA_WRITE_PER_SECOND": "100000",
    "REGALIA_BOT_TABLES": "100000",
    "REGALIA_BOT_TABLES_PER_CLIENT": "100000",
    "REGALIA_SOCKETS_PER_CLIENT": "100000",
    "REGALIA_CONNECTIONS_PER_CLIENT": "100000",
}


CLOCK: dict[str, int] | None = None  # every table's time control (--clock)


def read_clock(text: str | None) -> dict[str, int] | None:
    """`300+5` (a Fischer clock) or `30` (seconds per move)."""
    if not text:
        return None
    if "+" in text:
        initial, increment = text.split("+", 1)
        return {"initial_s": int(initial), "increment_s": int(increment)}
    return {"per_move_s": int(text)}


def start_server(workers: int | None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    data = tempfile.mkdtemp(prefix="regalia-load-")
    command = [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--data-dir", data]
    if workers:
        command += ["--bot-workers", str(workers)]
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **LOAD}
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return server, base
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def percentiles(values: list[float]) -> str:
    if not values:
        return "no samples"
    ordered = sorted(values)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"p50 {p50:.1f} ms   p99 {p99:.1f} ms   ({len(ordered)} samples)"


def report(args: argparse.Namespace, stats: Stats, elapsed: float) -> None:
    moves = stats.sent + stats.bot_moves
    clock = args.clock or "none"
    print(f"tables (concurrent)  {args.tables}   game {args.game}   think {args.think}s", end="")
    print(f"   clock {clock}")
    print(f"duration             {elapsed:.1f} s   games finished {stats.games}")
    print(f"moves                {moves} ({stats.sent} players + {stats.bot_moves} bots)")
    print(f"moves/s              {moves / elapsed:.1f} ({stats.sent / elapsed:.1f} players)")
    print(f"latency move→view    {percentiles(stats.steady)}   after the {args.ramp:g} s ramp-up")
    print(f"  including ramp-up  {percentiles(stats.latencies)}")
    print(f"errors               {len(stats.errors)}")
    print(f"lost moves           {stats.lost}")
    print(f"duplicated moves     {stats.duplicated}")
    for line in sorted(set(stats.errors))[:10]:
        print(f"  error: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent players/tables")
    parser.add_argument("--seconds", type=float, default=60, help="how long to play")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time (s)")
    parser.add_argument("--ramp", type=float, default=10.0, help="players arrive over (s)")
    parser.add_argument("--game", default="regulator")
    parser.add_argument("--url", help="a running server; default: start one")
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--clock", help="every table's clock: 300+5 (Fischer) or 30 (per move)")
    args = parser.parse_args()
    global CLOCK
    CLOCK = read_clock(args.clock)
    server = None
    base = args.url
    if base is None:
        server, base = start_server(args.bot_workers)
    stats = Stats()
    try:
        start = time.monotonic()
        stop = start + args.ramp + args.seconds
        stats.steady_from = start + args.ramp
        asyncio.run(_run(base, args, stop, stats))
        elapsed = time.monotonic() - start
        asyncio.run(audit(base, stats))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
    report(args, stats, elapsed)
    bad = stats.errors or stats.lost or stats.duplicated
    sys.exit(1 if bad else 0)


async def _run(base: str, args: argparse.Namespace, stop: float, stats: Stats) -> None:
    seed = int(os.environ.get("LOAD_SEED", "1"))
    # One HTTP client for all players: each client builds its own TLS context, which is slow.
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        await asyncio.gather(
            *(
                player(base, args.game, args.think, stop, stats, seed * 1000 + n, http, args.ramp)
                for n in range(args.tables)
            )
        )


if __name__ == "__main__":
    main()
