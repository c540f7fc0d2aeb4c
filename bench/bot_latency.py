"""Bot reply latency at a light table, alone and while heavy bot tables keep the workers busy.

A player plays a `greedy` bot (a quick move, thought in a worker: `random` is an inline level,
chosen in the server's own process, so it would never meet the workers' queue) at one table;
the time from sending a move to the view where it is the player's turn again is the bot's
reply latency. It is measured first
with the server otherwise idle, then while `--heavy` tables of `strong` bots (each
move searched for the level's budget) run, and printed side by side with their ratio.

    .venv/bin/python bench/bot_latency.py --heavy 40 --moves 20
    .venv/bin/python bench/bot_latency.py --heavy 0 --reports 6 --moves 40

`--reports N` measures it instead while the post-game reports of N finished games (Regulator
Chess, `--report-plies` random moves each, then a resignation) are computed in the background:
`--moves` replies at a time until every report is ready. `--ungated` starts the server with
reports taking workers like any analysis (bench/ungated_serve.py), for comparison.

By default it starts its own `regalia serve` (limits lifted for one address, as bench/load.py
does); `--url` measures a running server instead (e.g. an older release).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets
from load import LOAD, free_port, start_server

STRONG = [{"kind": "bot", "level": "strong"}] * 4
LIGHT = "greedy"  # one ply of material: quick, and thought in a worker


async def light_replies(base: str, moves: int, rng: random.Random) -> list[float]:
    """Play `moves` moves against LIGHT bots (new games as they end); each reply's wait."""
    waits: list[float] = []
    while len(waits) < moves:
        waits += await light_game(base, moves - len(waits), rng)
    return waits


async def light_game(base: str, moves: int, rng: random.Random) -> list[float]:
    """Play up to `moves` moves of one game against a LIGHT bot; each reply's wait."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats = [{"kind": "human"}, {"kind": "bot", "level": LIGHT}]
        made = (await http.post("/api/tables", json={"game": "regulator", "seats": seats})).json()
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    waits: list[float] = []
    async with websockets.connect(url, max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "name": "light"}))
        sent_at: float | None = None
        while len(waits) < moves:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 300))
            # A frame holds one message or a change's messages (its events, then its view).
            message = frame[-1] if isinstance(frame, list) else frame
            if message["type"] != "view":
                continue
            if message["status"] == "finished":
                break
            if message["legal"]:
                if sent_at is not None:
                    waits.append(time.perf_counter() - sent_at)
                move = rng.choice(message["legal"])["action"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": move, "seq": message["seq"]}))
    return waits


def summary(waits: list[float]) -> str:
    if not waits:
        return "no samples"
    ordered = sorted(waits)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"p50 {1000 * statistics.median(ordered):8.1f} ms  p95 {1000 * p95:8.1f} ms  "
        f"max {1000 * ordered[-1]:8.1f} ms  ({len(ordered)} replies)"
    )


async def finished_games(
    http: httpx.AsyncClient, games: int, plies: int, rng: random.Random
) -> list[str]:
    """`games` Regulator Chess games of two people, `plies` random moves, then a resignation:
    each one's post-game report is wanted."""
    tables = []
    for _ in range(games):
        seats = [{"kind": "human"}, {"kind": "human"}]
        made = (await http.post("/api/tables", json={"game": "regulator", "seats": seats})).json()
        table = made["table"]["id"]
        tokens = [{"X-Seat-Token": t["token"]} for t in made["tokens"]]
        for headers in tokens:
            (
                await http.post(f"/api/tables/{table}/join", json={}, headers=headers)
            ).raise_for_status()
        for ply in range(plies):
            me = tokens[ply % 2]
            view = (await http.get(f"/api/tables/{table}/view", headers=me)).json()
            if not view["legal"]:
                break
            body = {
                "type": "action",
                "action": rng.choice(view["legal"])["action"],
                "seq": view["seq"],
            }
            await http.post(f"/api/tables/{table}/commands", json=body, headers=me)
        await http.post(f"/api/tables/{table}/commands", json={"type": "resign"}, headers=tokens[0])
        tables.append(table)
    return tables


async def ready_reports(http: httpx.AsyncClient, tables: list[str]) -> int:
    answers = [(await http.get(f"/api/tables/{t}/report")).json() for t in tables]
    return sum(a.get("status") == "ready" for a in answers)


async def measure(
    base: str, heavy: int, moves: int, settle: float, reports: int, plies: int
) -> None:
    rng = random.Random(1)
    idle = await light_replies(base, moves, rng)
    print(f"light table alone           {summary(idle)}")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        if reports:
            tables = await finished_games(http, reports, plies, rng)
            await asyncio.sleep(1.0)  # the first report starts
            started = time.perf_counter()
            computing: list[float] = []
            done = 0
            while done < reports and time.perf_counter() - started < 300:
                computing += await light_replies(base, moves, rng)
                done = await ready_reports(http, tables)
            took = time.perf_counter() - started
            print(f"while {reports} reports compute  {summary(computing)}")
            print(f"  {done}/{reports} reports ready after {took:.0f} s")
            if idle and computing:
                ratio = statistics.median(computing) / statistics.median(idle)
                print(f"p50 ratio (reports / alone): {ratio:.2f}")
        for seed in range(heavy):
            body = {"game": "regicide", "seats": STRONG, "seed": seed}
            (await http.post("/api/tables", json=body)).raise_for_status()
    if not heavy:
        return
    await asyncio.sleep(settle)  # let the heavy tables fill the workers' queue
    loaded = await light_replies(base, moves, rng)
    print(f"beside {heavy:3d} heavy tables    {summary(loaded)}")
    if idle and loaded:
        ratio = statistics.median(loaded) / statistics.median(idle)
        print(f"p50 ratio (loaded / alone): {ratio:.1f}")


def start_ungated(workers: int) -> tuple[subprocess.Popen[bytes], str]:
    """bench/ungated_serve.py as load.py's `start_server` starts `regalia serve`."""
    port = free_port()
    data = tempfile.mkdtemp(prefix="regalia-ungated-")
    here = os.path.dirname(os.path.abspath(__file__))
    command = [sys.executable, os.path.join(here, "ungated_serve.py"), "serve", "--port",
               str(port), "--data-dir", data, "--bot-workers", str(workers)]  # fmt: skip
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **LOAD}
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return server, base
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heavy", type=int, default=40, help="tables of strong bots")
    parser.add_argument("--moves", type=int, default=20, help="light-table moves measured")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--url", help="a running server; default: start one")
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--reports", type=int, default=0, help="finished games' reports")
    parser.add_argument("--report-plies", type=int, default=40, help="moves of each game")
    parser.add_argument("--ungated", action="store_true", help="reports not in the background")
    args = parser.parse_args()
    server = None
    base = args.url
    if base is None and args.ungated:
        server, base = start_ungated(args.bot_workers)
    elif base is None:
        server, base = start_server(args.bot_workers)
    try:
        asyncio.run(
            measure(base, args.heavy, args.moves, args.settle, args.reports, args.report_plies)
        )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
