"""Abuse a real `regalia serve` from many loopback addresses and print what others then get.

    .venv/bin/python bench/abuse.py analyses      # 100 addresses x 2 analyses, hung up after 3 s
    .venv/bin/python bench/abuse.py connections   # idle WebSockets, then slow headers

Each run starts its own server (two bot workers, a fresh data directory) on a free port;
clients connect from 127.0.x.y, which Linux routes to loopback, so each is its own address.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from load import free_port

from regalia.core.registry import get_game


def start(data: Path, port: int, **env: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--data-dir",
         str(data), "--bot-workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **env},
    )  # fmt: skip
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def rss_mb(pid: int) -> float:
    """Resident memory of the server and its bot workers, in MB."""
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    total = 0
    for each in [pid, *map(int, found.stdout.split())]:
        try:
            status = Path(f"/proc/{each}/status").read_text()
        except OSError:
            continue
        rss = [int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")]
        total += sum(rss)  # none for a worker just ended
    return total / 1024


async def request(
    port: int, address: str, method: str, path: str, body: Any = None, timeout: float = 60
) -> tuple[int, float]:
    """(status, seconds) of one request from `address`; status 0: no answer."""
    started = time.monotonic()
    data = b"" if body is None else json.dumps(body).encode()
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)
            )
            writer.write(
                f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
                + data
            )
            line = await reader.readline()
            await reader.read()
            writer.close()
    except (TimeoutError, OSError):
        return 0, time.monotonic() - started
    status = int(line.split()[1]) if line.startswith(b"HTTP/1.1") else 0
    return status, time.monotonic() - started


def long_record() -> str:
    """A 617-ply Regicide game of random moves."""
    state = get_game("regicide").new(4)
    chooser = random.Random(4)
    for _ in range(617):
        seat = sorted(state.to_act())[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state.to_record()


async def analyses(port: int, pid: int, args: argparse.Namespace) -> None:
    record = long_record()
    body = {"game": "regicide", "record": record, "seconds": 5}
    print(f"server memory before: {rss_mb(pid):.0f} MB")

    async def abandon(address: str) -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        data = json.dumps(body).encode()
        writer.write(
            b"POST /api/analysis HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        await writer.drain()
        try:
            async with asyncio.timeout(args.hang_up):
                line = await reader.readline()  # refused at once (503 busy, 429)
                writer.close()
                return int(line.split()[1])
        except TimeoutError:
            writer.close()  # hang up, its analysis still waiting or running
            return 0

    addresses = [f"127.0.{10 + n // 250}.{1 + n % 250}" for n in range(args.addresses)]
    answers = await asyncio.gather(*(abandon(a) for a in addresses for _ in range(args.per)))
    print(f"{len(answers)} analyses asked, hung up after {args.hang_up:g} s: "
          f"{dict(Counter(answers))} (0: hung up unanswered)")  # fmt: skip
    print(f"server memory at the hang-up: {rss_mb(pid):.0f} MB")
    quick = {"game": "regicide", "record": record, "seconds": 0.1}
    hung_up = time.monotonic()
    status, took = await request(port, "127.0.9.1", "POST", "/api/analysis", quick, timeout=60)
    print(f"a new 0.1 s analysis from another address: {status} in {took:.2f} s")
    while status != 200 and time.monotonic() - hung_up < 120:
        await asyncio.sleep(0.5)
        status, took = await request(port, "127.0.9.1", "POST", "/api/analysis", quick, 60)
    outcome = "answered" if status == 200 else f"still {status or 'unanswered'}"
    print(f"  {outcome} {time.monotonic() - hung_up:.1f} s after the hang-up")
    status, took = await request(port, addresses[0], "POST", "/api/analysis", quick, timeout=60)
    print(f"the same from an address that hung up: {status} in {took:.2f} s")
    await asyncio.sleep(10)
    print(f"server memory 10 s later: {rss_mb(pid):.0f} MB")


async def connections(port: int, pid: int, args: argparse.Namespace) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = json.dumps({"game": "regulator", "seats": [{"kind": "human"}] * 2}).encode()
    writer.write(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode()
        + b"\r\n\r\n" + body
    )  # fmt: skip
    answer = await reader.read()
    writer.close()
    table = json.loads(answer.split(b"\r\n\r\n", 1)[1])["table"]["id"]
    held: list[asyncio.StreamWriter] = []

    async def websocket(address: str) -> bool:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)
            )
            writer.write(
                f"GET /ws/tables/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            line = await reader.readline()
        except OSError:
            return False
        held.append(writer)
        return line.startswith(b"HTTP/1.1 101")

    async def others(what: str) -> None:
        results = await asyncio.gather(
            *(
                request(port, f"127.0.200.{n}", "GET", "/api/health", timeout=30)
                for n in range(1, 21)
            )
        )
        statuses = Counter(status for status, _ in results)
        worst = max(took for _, took in results)
        print(f"  20 GET /api/health from 20 other addresses {what}: {dict(statuses)}, "
              f"slowest {worst:.2f} s")  # fmt: skip

    addresses = [f"127.0.{20 + n // 250}.{1 + n % 250}" for n in range(args.ws_addresses)]
    opened = 0
    for address in addresses:  # one address at a time, its sockets at once
        opened += sum(await asyncio.gather(*(websocket(address) for _ in range(args.ws_per))))
    print(f"{opened} idle spectator WebSockets open from {len(addresses)} addresses")
    await others("beside them")
    for writer in held:
        writer.close()
    held.clear()
    await asyncio.sleep(2)

    async def partial(address: str) -> None:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        except OSError:
            return
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # never finished
        held.append(writer)

    addresses = [f"127.0.{40 + n // 250}.{1 + n % 250}" for n in range(args.slow_addresses)]
    for address in addresses:
        await asyncio.gather(*(partial(address) for _ in range(args.slow_per)))
    await asyncio.sleep(1)
    print(f"{len(addresses)} addresses x {args.slow_per} slow headers sent")
    await others("beside them")
    for writer in held:
        writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario", choices=["analyses", "connections"])
    parser.add_argument("--addresses", type=int, default=100)
    parser.add_argument("--per", type=int, default=2)
    parser.add_argument("--hang-up", type=float, default=3.0)
    parser.add_argument("--ws-addresses", type=int, default=66)
    parser.add_argument("--ws-per", type=int, default=63)
    parser.add_argument("--slow-addresses", type=int, default=70)
    parser.add_argument("--slow-per", type=int, default=64)
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        # The analyses scenario is about the queue, not the per-address rate.
        server = start(Path(data), port, REGALIA_BOT_SECONDS="5")
        try:
            run = analyses if args.scenario == "analyses" else connections
            asyncio.run(run(port, server.pid, args))
        finally:
            server.terminate()
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                print("the server did not stop within 60 s of SIGTERM: killed")
                subprocess.run(["pkill", "-KILL", "-P", str(server.pid)], check=False)
                server.kill()


if __name__ == "__main__":
    main()
