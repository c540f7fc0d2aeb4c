"""Load test: N simulated players on loopback, each playing a bot over a WebSocket.

Each player creates a table (a human seat and a bot seat), joins it, and plays random legal
moves after a think time; when a game ends it starts another, so N tables stay busy. It
measures the latency from sending a move to receiving the view that shows it, counts error
messages, and at the end checks every table's event log against what the players saw: no
move lost (sent, accepted, not in the log) and none applied twice.

    .venv/bin/python bench/load.py --tables 200 --seconds 60 --ramp 10

By default it starts its own `regalia serve` on a free port with a fresh data directory;
`--url` points it at a running server instead (`--server-pid` then names its process).

Beside the latency it reports the server's CPU per move: the server process's own CPU time
(user + system, all its threads, from /proc/<pid>/stat) over the run divided by the moves
played (the players' and the bots'), for the whole run and for the steady state after the
ramp-up; the bot workers' CPU is reported apart. `--py-spy FILE` samples the server with
py-spy during the steady state (`bench/stacks.py FILE` sums the samples by function), and at
the end the server's `GET /metrics` is scraped when it answers (`--metrics-out FILE` keeps it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    steady: list[float] = field(default_factory=list)  # after the ramp-up
    # (seconds since the ramp-up ended, latency) of each steady sample: where the tail is
    steady_at: list[tuple[float, float]] = field(default_factory=list)
    steady_from: float = 0.0
    errors: list[str] = field(default_factory=list)
    sent: int = 0
    games: int = 0
    bot_moves: int = 0
    lost: int = 0
    duplicated: int = 0
    unanswered: int = 0  # a move sent whose game failed before any view or error answered it
    timeouts: int = 0  # `timeout` events seen (a clock ran out)
    tables: list[Game] = field(default_factory=list)  # every game played, for the audit
    stale_after: list[str] = field(default_factory=list)  # what was stored past a stale move
    cpu: dict[str, Cpu] = field(default_factory=dict)  # samples: "start", "steady", "stop"

    @property
    def moves(self) -> int:
        return self.sent + self.bot_moves


@dataclass(frozen=True)
class Cpu:
    """CPU seconds (user + system) of the server process and of its children at one moment,
    with the moves played so far and the wall time."""

    server: float
    children: float
    moves: int
    wall: float
    generator: float  # this load generator's own CPU seconds


TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (field 3 onwards)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(pid: int) -> float:
    """utime + stime of `pid` (every thread), in seconds; 0 when it cannot be read."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / TICK if fields else 0.0


def children_cpu(pid: int) -> float:
    """CPU seconds of the live descendants of `pid` (the bot workers), plus the CPU of the
    children it has already waited for (a replaced worker)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    below, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [child for child, ppid in parents.items() if ppid == parent]
        below += kids
        todo += kids
    own = _stat(pid)
    reaped = (int(own[13]) + int(own[14])) / TICK if own else 0.0
    return reaped + sum(cpu_seconds(child) for child in below)


def sample(pid: int | None, stats: Stats) -> Cpu:
    server = cpu_seconds(pid) if pid else 0.0
    children = children_cpu(pid) if pid else 0.0
    return Cpu(server, children, stats.moves, time.monotonic(), time.process_time())


def record(stats: Stats, latency: float) -> None:
    stats.latencies.append(latency)
    now = time.monotonic()
    if now >= stats.steady_from:
        stats.steady.append(latency)
        stats.steady_at.append((now - stats.steady_from, latency))


@dataclass
class Game:
    """One game as its player saw it."""

    table: str
    mine: int = 0  # the player's moves seen applied (action events of seat 0)
    sent_at: float | None = None  # a move in flight since (perf_counter)
    sent_seq: int = 0
    seen: int = 0  # the seq of the last view received
    stale: list[tuple[int, int]] = field(default_factory=list)  # (seq sent, table's seq)
    waiting: list[dict[str, Any]] = field(default_factory=list)  # read in a frame, not yet seen


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
    played = Game(made["table"]["id"])
    url = base.replace("http", "ws", 1) + f"/ws/tables/{played.table}"
    try:
        await _play(url, made["tokens"][0]["token"], think, stop, stats, rng, played)
    finally:  # a game that failed midway is audited too
        stats.tables.append(played)
        if played.sent_at is not None:
            stats.unanswered += 1


def _seen(message: dict[str, Any], stats: Stats, played: Game) -> None:
    """Count what one message tells: errors, moves applied, timeouts, a move answered."""
    kind = message["type"]
    if kind == "error":
        stats.errors.append(f"{message['code']}: {message['message']}")
        if message["code"] == "stale" and (
            sent := re.search(r"you sent (\d+)", message["message"])
        ):
            played.stale.append((int(sent[1]), int(message.get("seq") or 0)))
        played.sent_at = None
    elif kind == "event" and message["event"]["kind"] == "action":
        if message["event"]["seat"] == 0:
            played.mine += 1
        else:
            stats.bot_moves += 1
    elif kind == "event" and message["event"]["kind"] == "timeout":
        stats.timeouts += 1
    elif kind == "view" and played.sent_at is not None and message["seq"] > played.sent_seq:
        record(stats, time.perf_counter() - played.sent_at)
        played.sent_at = None


async def _play(url: str, token: str, think: float, stop: float, stats: Stats,
                rng: random.Random, played: Game) -> None:  # fmt: skip
    try:
        opened = await websockets.connect(url, max_size=1 << 22)
    except TimeoutError:
        raise TimeoutError(f"table {played.table}: the WebSocket did not open in time") from None
    async with opened as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "name": "load"}))
        while True:
            message = await _receive(ws, played)
            _seen(message, stats, played)
            if message["type"] != "view":
                continue
            if message["status"] == "finished":
                stats.games += 1
                break
            if message["legal"] and played.sent_at is None:
                if time.monotonic() > stop:
                    break
                await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
                if time.monotonic() > stop:  # thought past the end: no move in flight
                    break
                choice = rng.choice(message["legal"])["action"]
                played.sent_seq = message["seq"]
                played.sent_at = time.perf_counter()
                stats.sent += 1
                move = {"type": "action", "action": choice, "seq": played.sent_seq}
                await ws.send(json.dumps(move))
        while played.sent_at is not None:  # a move in flight when time ran out: its answer
            _seen(await _receive(ws, played), stats, played)


async def _receive(ws: Any, played: Game) -> dict[str, Any]:
    """The next message (a frame holds one, or a change's messages as an array); a silence
    of a minute is an error that says what it waited for."""
    try:
        if not played.waiting:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
            played.waiting.extend(frame if isinstance(frame, list) else [frame])
        message: dict[str, Any] = played.waiting.pop(0)
    except TimeoutError:
        waiting = "the answer to its move" if played.sent_at is not None else "its turn"
        raise TimeoutError(
            f"table {played.table}: nothing for 60 s after seq {played.seen}, waiting for {waiting}"
        ) from None
    if message.get("type") == "view":
        played.seen = message["seq"]
    return message


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
        for played in stats.tables:
            table, mine = played.table, played.mine
            events: list[dict[str, Any]] = []
            more = True
            while more:  # the log comes in pages
                after = events[-1]["seq"] if events else 0
                reply = await http.get(f"/api/tables/{table}/events?after={after}")
                if reply.status_code != 200:
                    stats.errors.append(f"table {table}: its log answers {reply.status_code}")
                    break
                page = reply.json()
                events += page["events"]
                more = page["more"]
            seqs = [e["seq"] for e in events]
            if seqs != list(range(1, len(seqs) + 1)):
                stats.errors.append(f"table {table}: gaps in the event log")
            logged = sum(1 for e in events if e["kind"] == "action" and e["seat"] == 0)
            stats.lost += max(0, mine - logged)
            stats.duplicated += max(0, logged - mine)
            for sent, seq in played.stale:  # what the move was late for
                around = [f"{e['seq']} {e['kind']}({e['seat']})" for e in events[sent - 2 : seq]]
                line = f"table {table} sent at seq {sent}, refused at {seq}: {', '.join(around)}"
                stats.stale_after.append(line)


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
    "REGALIA_BOT_TABLES_PER_ADDRESS": "100000",
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
    return launch(LOAD, *(["--bot-workers", str(workers)] if workers else []))


def launch(
    env: dict[str, str], *args: str, prefix: str = "regalia-load-"
) -> tuple[subprocess.Popen[bytes], str]:
    """`regalia serve` on a free port with a fresh data directory (and `env` over this
    process's environment), once it answers; the process and its base URL."""
    port = free_port()
    data = tempfile.mkdtemp(prefix=prefix)
    command = [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--data-dir", data]
    server = subprocess.Popen(
        [*command, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, **env},
    )  # fmt: skip
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


def per_move(seconds: float, moves: int) -> str:
    return f"{seconds * 1000 / moves:.2f} ms" if moves else "n/a"


def cpu_lines(stats: Stats) -> list[str]:
    """Server CPU per move over the whole run and over the steady state, bot workers and
    the generator apart."""
    start, stop = stats.cpu.get("start"), stats.cpu.get("stop")
    if start is None or stop is None or not stop.server:
        return ["server CPU           unknown (no server pid: start one, or --server-pid)"]
    lines = []
    windows = [("whole run", start, stop)]
    if (steady := stats.cpu.get("steady")) is not None:
        windows.append(("steady state", steady, stop))
    for name, a, b in windows:
        moves, wall = b.moves - a.moves, b.wall - a.wall
        server, kids, gen = b.server - a.server, b.children - a.children, b.generator - a.generator
        lines.append(
            f"server CPU/move      {per_move(server, moves)}   {name}: {server:.1f} s CPU "
            f"for {moves} moves, {server / wall:.2f} cores   bot workers "
            f"{per_move(kids, moves)}   load generator {per_move(gen, moves)} "
            f"({gen / wall:.2f} cores)"
        )
    return lines


def p50_p99(values: list[float]) -> tuple[float, float]:
    if not values:
        return float("nan"), float("nan")
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


WINDOWS = ((0.0, 5.0), (5.0, float("inf")))  # the ramp-up's backlog, then the rest


def window_lines(timed: list[tuple[float, float]]) -> list[str]:
    """The steady latency in the first seconds after the ramp-up (when the arrivals' backlog
    drains) and after them: a tail from the one is not the other's."""
    lines = []
    for lo, hi in WINDOWS:
        part = [latency for at, latency in timed if lo <= at < hi]
        if part:
            span = f"{lo:g}–{hi:g} s" if hi != float("inf") else f"from {lo:g} s"
            lines.append(f"  {span + ' after it':<18} {percentiles(part)}")
    return lines


def report(args: argparse.Namespace, stats: Stats, elapsed: float) -> None:
    moves = stats.moves
    clock = args.clock or "none"
    print(f"tables (concurrent)  {args.tables}   game {args.game}   think {args.think}s", end="")
    print(f"   clock {clock}")
    print(f"duration             {elapsed:.1f} s   games finished {stats.games}")
    print(f"moves                {moves} ({stats.sent} players + {stats.bot_moves} bots)")
    print(f"moves/s              {moves / elapsed:.1f} ({stats.sent / elapsed:.1f} players)")
    print(f"latency move→view    {percentiles(stats.steady)}   after the {args.ramp:g} s ramp-up")
    print(f"  including ramp-up  {percentiles(stats.latencies)}")
    for line in window_lines(stats.steady_at):
        print(line)
    for line in cpu_lines(stats):
        print(line)
    print(f"errors               {len(stats.errors)}")
    print(f"lost moves           {stats.lost}")
    print(f"duplicated moves     {stats.duplicated}")
    print(f"unanswered moves     {stats.unanswered}   (sent, then the game failed unanswered)")
    print(f"timeouts             {stats.timeouts}   (clocks that ran out)")
    for line, count in Counter(stats.errors).most_common(10):
        print(f"  error ×{count}: {line}")
    for line in stats.stale_after[:10]:
        print(f"  stale move: {line}")
    p50, p99 = p50_p99(stats.steady)
    start, steady, stop = (stats.cpu.get(k) for k in ("start", "steady", "stop"))
    a = steady or start
    cpu = (
        f"{(stop.server - a.server) * 1000 / (stop.moves - a.moves):.3f}"
        if a and stop and stop.server and stop.moves > a.moves
        else "n/a"
    )
    print(
        f"summary tables={args.tables} clock={clock} moves/s={moves / elapsed:.1f} "
        f"p50_ms={p50:.1f} p99_ms={p99:.1f} server_cpu_ms_per_move={cpu} "
        f"errors={len(stats.errors)} lost={stats.lost} duplicated={stats.duplicated} "
        f"unanswered={stats.unanswered}"
    )


def scrape_metrics(base: str, out: str | None) -> None:
    """Save the server's `GET /metrics` (if it serves one) and count its `regalia_` lines."""
    token = os.environ.get("REGALIA_METRICS_TOKEN")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        reply = httpx.get(f"{base}/metrics", headers=headers, timeout=10)
    except httpx.HTTPError as exc:
        print(f"metrics              not scraped: {type(exc).__name__}: {exc}")
        return
    if reply.status_code != 200:
        print(f"metrics              GET /metrics answered {reply.status_code}: none saved")
        return
    ours = [line for line in reply.text.splitlines() if line.startswith("regalia_")]
    names = {line.split("{", 1)[0].split(" ", 1)[0] for line in ours}
    where = ""
    if out:
        Path(out).write_text(reply.text)
        where = f", saved to {out}"
    print(f"metrics              {len(ours)} regalia_ lines ({len(names)} series){where}")


def start_py_spy(
    pid: int, out: str, seconds: float, rate: int, gil: bool = False
) -> subprocess.Popen[bytes]:
    """Sample the server's stacks for `seconds` (raw collapsed stacks, one per line); with
    `gil`, only the thread holding the GIL (Python's own CPU, without waits in syscalls)."""
    here = Path(sys.executable).parent / "py-spy"
    binary = str(here) if here.exists() else "py-spy"
    command = [binary, "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
               "--rate", str(rate), "--format", "raw", "--nonblocking", "--threads",
               "-o", out, *(["--gil"] if gil else [])]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent players/tables")
    parser.add_argument("--seconds", type=float, default=60, help="how long to play")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time (s)")
    parser.add_argument("--ramp", type=float, default=10.0, help="players arrive over (s)")
    parser.add_argument("--game", default="regulator")
    parser.add_argument("--url", help="a running server; default: start one")
    parser.add_argument("--server-pid", type=int, help="with --url: its process, for its CPU")
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--clock", help="every table's clock: 300+5 (Fischer) or 30 (per move)")
    parser.add_argument("--metrics-out", help="save the server's GET /metrics here at the end")
    parser.add_argument("--py-spy", help="sample the server with py-spy in the steady state "
                        "into this file (raw stacks; bench/stacks.py sums them)")  # fmt: skip
    parser.add_argument("--py-spy-rate", type=int, default=100, help="samples per second")
    parser.add_argument("--py-spy-gil", action="store_true",
                        help="sample only the thread holding the GIL (CPU, not waits)")  # fmt: skip
    args = parser.parse_args()
    global CLOCK
    CLOCK = read_clock(args.clock)
    server = None
    base, pid = args.url, args.server_pid
    if base is None:
        server, base = start_server(args.bot_workers)
        pid = server.pid
    print(f"server               {base}   pid {pid or 'unknown'}", flush=True)
    stats = Stats()
    try:
        start = time.monotonic()
        stop = start + args.ramp + args.seconds
        stats.steady_from = start + args.ramp
        asyncio.run(_run(base, args, stop, stats, pid))
        elapsed = time.monotonic() - start
        asyncio.run(audit(base, stats))
        scrape_metrics(base, args.metrics_out)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
    report(args, stats, elapsed)
    bad = stats.errors or stats.lost or stats.duplicated or stats.unanswered
    sys.exit(1 if bad else 0)


async def _run(base: str, args: argparse.Namespace, stop: float, stats: Stats,
               pid: int | None) -> None:  # fmt: skip
    seed = int(os.environ.get("LOAD_SEED", "1"))
    stats.cpu["start"] = sample(pid, stats)
    steady = asyncio.create_task(_steady(args, stop, stats, pid))
    # One HTTP client for all players: each client builds its own TLS context, which is slow.
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        await asyncio.gather(
            *(
                player(base, args.game, args.think, stop, stats, seed * 1000 + n, http, args.ramp)
                for n in range(args.tables)
            )
        )
    stats.cpu["stop"] = sample(pid, stats)
    await steady


async def _steady(args: argparse.Namespace, stop: float, stats: Stats, pid: int | None) -> None:
    """At the end of the ramp-up: the steady state's first CPU sample, and py-spy starts."""
    await asyncio.sleep(max(0.0, stats.steady_from - time.monotonic()))
    stats.cpu["steady"] = sample(pid, stats)
    if args.py_spy and pid:
        spy = start_py_spy(
            pid, args.py_spy, stop - time.monotonic() - 1, args.py_spy_rate, args.py_spy_gil
        )
        _, problem = await asyncio.to_thread(spy.communicate)
        if spy.returncode:
            print(f"py-spy failed ({spy.returncode}): {problem.decode()[-500:]}", file=sys.stderr)


if __name__ == "__main__":
    main()
