"""Server CPU per move inside one process: the table runtime without the network.

Many two-player tables whose seats are both driven from here, as a WebSocket connection
drives them: each move is read from JSON text (`read_client`), submitted to the table
service, stored through the real writer on SQLite, told to both seats' listeners and
encoded to JSON once per seat, as the socket writer does. What this leaves out (uvicorn,
the WebSocket protocol, bots) `bench/load.py` measures end to end; this one is steady
enough to compare two source trees on a busy machine, which the load bench is not.

The figure is CPU time (process_time, so the writer thread counts) per move; each tree is
run `--repeat` times, alternating, and the median is printed with the spread and the ratio:

    .venv/bin/python bench/round_cpu.py --tables 200 --moves 6000 --repeat 5 \\
        --tree /path/to/other/checkout/src
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
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"


class Listener:
    """One seat's connection: frames encoded as the socket writer encodes them."""

    def __init__(self, seat: int, dumps: Any) -> None:
        self.seat = seat
        self.dumps = dumps
        self.legal: list[str] = []
        self.to_act: list[int] = []
        self.status = ""
        self.seq = 0
        self.arrived: asyncio.Event = asyncio.Event()
        self.muted = None

    def send(self, messages: Any) -> None:
        self.dumps(messages[0] if len(messages) == 1 else list(messages))
        for message in messages:
            if message.get("type") == "view":
                self.legal = [m["action"] for m in message["legal"]]
                self.to_act = message["to_act"]
                self.status = message["status"]
                self.seq = message["seq"]
                self.arrived.set()

    def say(self, message: dict[str, Any]) -> None:
        self.dumps(message)


async def child(tables: int, moves: int, seed: int) -> dict[str, float]:
    from regalia import jsontext
    from regalia.protocol import CommandType, SeatKind
    from regalia.server import collector
    from regalia.tables.bots import BotPool
    from regalia.tables.commands import Command, read_client
    from regalia.tables.requests import SeatRequest, TableRequest
    from regalia.tables.service import TableService
    from regalia.tables.store import Store, sqlite_url

    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="regalia-round-cpu-"))
    store = Store(sqlite_url(folder))
    bots = BotPool(1)
    svc = TableService(store, bots)
    await svc.start()
    games: list[tuple[str, list[Listener]]] = []
    for _ in range(tables):
        human = [SeatRequest(SeatKind.HUMAN), SeatRequest(SeatKind.HUMAN)]
        clock = {"initial_s": 300, "increment_s": 5}
        request = TableRequest(game="regulator", seats=human, clock=clock,
                               seed=rng.randrange(1 << 30), client=f"c{len(games)}")  # fmt: skip
        table, _tokens = await svc.create(request)
        found = await svc.round(table.id)
        listeners = [Listener(0, jsontext.dumps), Listener(1, jsontext.dumps)]
        for listener in listeners:
            for message in found.welcome(listener.seat, 0, 0):
                listener.say(message)
            found.subscribe(listener)
        for listener in listeners:  # each seat's player arrives, as a socket's hello says
            join = Command(CommandType.JOIN, name=f"p{listener.seat}")
            await svc.submit(table.id, listener.seat, join)
        games.append((table.id, listeners))

    collector.settle()  # as the server does once started
    collecting = asyncio.create_task(collector.keep_young())
    per_table = max(1, moves // tables)
    done = 0

    async def play(table_id: str, listeners: list[Listener]) -> None:
        nonlocal done
        for _ in range(per_table):
            if listeners[0].status != "playing":
                return
            mover = listeners[listeners[0].to_act[0]]
            move = {"type": "action", "action": rng.choice(mover.legal), "seq": mover.seq}
            text = jsontext.dumps(move)
            command = Command.of(read_client(jsontext.loads(text)))
            for listener in listeners:
                listener.arrived.clear()
            await svc.submit(table_id, mover.seat, command)
            await listeners[0].arrived.wait()
            done += 1

    started_cpu, started = time.process_time(), time.perf_counter()
    await asyncio.gather(*(play(t, ls) for t, ls in games))
    cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started
    collecting.cancel()
    await svc.close()
    await bots.close()
    store.close()
    if done < moves // 2:
        raise SystemExit(f"only {done} of {moves} moves were played")
    return {"ms_per_move": 1000 * cpu / done, "moves": done, "wall_s": wall}


def run_tree(tree: str, args: argparse.Namespace, seed: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": tree}
    command = [sys.executable, __file__, "--child", "--tables", str(args.tables),
               "--moves", str(args.moves), "--seed", str(seed)]  # fmt: skip
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"{tree}: the run failed:\n{out.stderr[-2000:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--moves", type=int, default=6000, help="moves per run, in all")
    parser.add_argument("--repeat", type=int, default=5, help="runs per tree")
    parser.add_argument("--tree", action="append", default=[],
                        help="another source tree (its src/) to compare; repeatable")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tables < 1 or args.moves < 1 or args.repeat < 1:
        parser.error("--tables, --moves and --repeat must be at least 1")
    if args.child:
        print(json.dumps(asyncio.run(child(args.tables, args.moves, args.seed))))
        return
    trees = [str(SRC), *args.tree]
    figures: dict[str, list[float]] = {tree: [] for tree in trees}
    for turn in range(args.repeat):
        for tree in trees:  # alternated, so a change in the machine's load hits both
            figures[tree].append(run_tree(tree, args, args.seed + turn)["ms_per_move"])
    load = os.getloadavg()[0]
    print(f"{args.tables} tables, {args.moves} moves a run, {args.repeat} runs a tree, "
          f"load average {load:.1f}")  # fmt: skip
    base = statistics.median(figures[trees[0]])
    for tree in trees:
        values = figures[tree]
        median = statistics.median(values)
        print(f"{median:7.3f} ms/move   spread {min(values):.3f}–{max(values):.3f}   "
              f"×{median / base:.2f}   {tree}")  # fmt: skip


if __name__ == "__main__":
    main()
