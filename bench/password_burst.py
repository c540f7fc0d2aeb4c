"""Database reads during a burst of password work: do profiles, the lobby and a WebSocket's
hello wait for Argon2?

One player sets a password; then `--burst` wrong password changes come from one address
while `--burst` wrong sign-ins come from as many other loopback addresses (127.0.0.2, …),
all at once. Meanwhile a reader fetches a profile and the lobby and opens a table's
WebSocket with a player key, again and again; the slowest of each is printed, with how the
burst was answered.

    .venv/bin/python bench/password_burst.py --burst 60

By default it starts its own `regalia serve` with the default limits; `--url` measures a
running server instead (e.g. an older release).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import subprocess
import time

import httpx
import websockets
from load import launch

PASSWORD = "correct horse battery"


def start() -> tuple[subprocess.Popen[bytes], str]:
    return launch({}, prefix="regalia-burst-")


def client(base: str, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=300)


async def timed(waits: list[float], call: object) -> None:
    started = time.perf_counter()
    await call  # type: ignore[misc]
    waits.append(time.perf_counter() - started)


async def hello(base: str, table: str, key: str) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "player_key": key}))
        while True:
            frame = json.loads(await ws.recv())
            messages = frame if isinstance(frame, list) else [frame]
            if any(m.get("type") == "welcome" for m in messages):
                return


async def measure(base: str, burst: int) -> None:
    async with client(base, "127.0.0.1") as http:
        me = (await http.post("/api/players", json={"name": "Burst"})).json()
        key = {"X-Player-Key": me["player_key"]}
        await http.post("/api/players/me/password", json={"password": PASSWORD}, headers=key)
        made = await http.post("/api/tables", json={"game": "regulator",
                                                    "seats": [{"kind": "human"}] * 2})  # fmt: skip
        table = made.json()["table"]["id"]
    answers: collections.Counter[str] = collections.Counter()
    reads: dict[str, list[float]] = {"profile": [], "lobby": [], "hello": []}
    done = asyncio.Event()

    async def change(http: httpx.AsyncClient) -> None:
        body = {"password": "a new password", "old_password": "a wrong guess"}
        reply = await http.post("/api/players/me/password", json=body, headers=key)
        answers[f"change {reply.status_code}"] += 1

    async def sign_in(i: int) -> None:
        async with client(base, f"127.0.0.{2 + i % 250}") as http:
            body = {"name": "Burst", "password": f"guess {i}"}
            reply = await http.post("/api/login", json=body)
            answers[f"sign-in {reply.status_code}"] += 1

    async def reader() -> None:
        async with client(base, "127.0.1.1") as http:
            while not done.is_set():
                await timed(reads["profile"], http.get(f"/api/players/{me['id']}"))
                await timed(reads["lobby"], http.get("/api/tables"))
                await timed(reads["hello"], hello(base, table, me["player_key"]))
                await asyncio.sleep(0.05)

    watching = asyncio.create_task(reader())
    started = time.perf_counter()
    async with client(base, "127.0.0.1") as http:
        await asyncio.gather(*(change(http) for _ in range(burst)),
                             *(sign_in(i) for i in range(burst)))  # fmt: skip
    took = time.perf_counter() - started
    done.set()
    await watching
    print(f"burst of {burst} changes + {burst} sign-ins answered in {took:.1f} s:",
          ", ".join(f"{k} ×{v}" for k, v in sorted(answers.items())))  # fmt: skip
    for what, waits in reads.items():
        ordered = sorted(waits)
        print(
            f"{what:8} median {ordered[len(ordered) // 2] * 1000:7.0f} ms   slowest "
            f"{ordered[-1] * 1000:7.0f} ms   ({len(waits)} reads)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burst", type=int, default=60)
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args()
    server = None
    base = args.url
    if base is None:
        server, base = start()
    try:
        asyncio.run(measure(base.rstrip("/"), args.burst))
    finally:
        if server is not None:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
