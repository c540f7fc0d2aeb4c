"""Faults, measured: how late moves arrive while Redis is down, and how soon play goes on
after a full disk has space again (docs/server.md, "Faults").

PYTHONPATH=. .venv/bin/python bench/faults.py redis        # needs PostgreSQL and Redis
PYTHONPATH=. .venv/bin/python bench/faults.py disk --runs 4 --full 40   # needs root
PYTHONPATH=. .venv/bin/python bench/faults.py disk --postgres          # its cluster on the tmpfs

`redis` starts PostgreSQL, Redis and two `regalia serve` processes, plays a game with one
player on each, and prints the seconds from a move's HTTP command to its event at the
other process's client: 20 moves with Redis up, then 20 with Redis killed. `disk` runs a
server whose data directory is a 16 MiB tmpfs (`--postgres`: whose PostgreSQL cluster
is on a 96 MiB one), fills it with a file while bots play, keeps
it full for `--full` seconds, deletes the file, and prints how long until a write is
accepted again and until the bots have moved three times more.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
from tests.server.live import connect, create
from tests.server.process import serve
from tests.server.services import postgres, postgres_cluster, redis_server, server_processes

HUMAN = {"kind": "human"}


def redis_outage() -> None:
    with (
        postgres() as database,
        redis_server() as fanout,
        server_processes(2, database, fanout.url) as (first, second),
    ):
        made = create(first, "regulator", [HUMAN, HUMAN], seed=2)
        table = made["table"]["id"]
        white, black = (t["token"] for t in made["tokens"])

        async def play() -> None:
            a = await connect(first, table, white, "Ann")
            b = await connect(second, table, black, "Bob")
            for label in ("Redis up", "Redis down"):
                if label == "Redis down":
                    fanout.stop()
                    await asyncio.sleep(1.5)
                lags = []
                for _ in range(10):
                    for mover, other, token, base in ((a, b, white, first), (b, a, black, second)):
                        view = await mover.until("view", timeout=20)
                        while not view["legal"]:
                            view = await mover.until("view", timeout=20)
                        body = {"type": "action", "action": view["legal"][0]["action"],
                                "seq": view["seq"]}  # fmt: skip
                        started = time.monotonic()
                        reply = await asyncio.to_thread(
                            httpx.post, f"{base}/api/tables/{table}/commands", json=body,
                            headers={"X-Seat-Token": token}, timeout=30,
                        )  # fmt: skip
                        assert reply.status_code == 200, reply.text
                        seen = await other.until("event", timeout=20)
                        while seen["event"]["seq"] != view["seq"] + 1:
                            seen = await other.until("event", timeout=20)
                        lags.append(time.monotonic() - started)
                median, worst = statistics.median(lags), max(lags)
                print(f"{label}: move seen at the other process after p50 {median:.2f} s, "
                      f"max {worst:.2f} s ({len(lags)} moves)")  # fmt: skip

        asyncio.run(play())


def _fill(path: Path) -> None:
    with contextlib.suppress(OSError), path.open("wb") as out:
        while True:
            out.write(bytes(1 << 16))
            out.flush()
    with contextlib.suppress(OSError), path.open("ab") as out:
        while True:
            out.write(bytes(512))
            out.flush()


def full_disk(runs: int, full: float, on_postgres: bool) -> None:
    for run in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            disk = Path(scratch) / "disk"
            disk.mkdir()
            Path(scratch).chmod(0o755)  # PostgreSQL's own user must reach its cluster
            size = "96m" if on_postgres else "16m"
            subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)],
                           check=True)  # fmt: skip
            try:
                with contextlib.ExitStack() as stack:
                    data, settings = disk / "data", {}
                    if on_postgres:
                        cluster = stack.enter_context(postgres_cluster(under=disk))
                        data, settings = (
                            Path(scratch) / "data",
                            {"REGALIA_DATABASE_URL": cluster.url},
                        )
                    _disk_run(run, disk, data, settings, Path(scratch) / "server.log", full)
            finally:
                subprocess.run(["umount", "-l", str(disk)], check=False)


def _disk_run(
    run: int, disk: Path, data: Path, settings: dict[str, str], log: Path, full: float
) -> None:
    limits = {"REGALIA_BOT_SECONDS": "0.2", "REGALIA_CHAT_BURST": "100000",
              "REGALIA_WRITE_BURST": "100000", **settings}  # fmt: skip
    with serve(data, log, **limits) as server, httpx.Client(timeout=30) as client:
        base = server.base
        bot = {"kind": "bot", "level": "random"}
        bots = [client.post(f"{base}/api/tables", json={"game": "regicide", "seats": [bot] * 4,
                "seed": seed}).json()["table"]["id"] for seed in range(2)]  # fmt: skip
        made = client.post(f"{base}/api/tables", json={"game": "regulator",
                           "seats": [HUMAN, HUMAN]}).json()  # fmt: skip
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        seat = {"X-Seat-Token": token}
        client.post(f"{base}/api/tables/{table}/join", json={"name": "Ana"}, headers=seat)
        url = f"{base}/api/tables/{table}/commands"
        time.sleep(0.5)
        _fill(disk / "filler")
        while client.post(url, json={"type": "chat", "text": "x"}, headers=seat).status_code == 200:
            pass
        time.sleep(full)
        before = [client.get(f"{base}/api/tables/{t}").json()["seq"] for t in bots]
        (disk / "filler").unlink()
        freed = time.monotonic()
        while client.post(url, json={"type": "chat", "text": "y"}, headers=seat).status_code != 200:
            time.sleep(0.05)
        written = time.monotonic() - freed
        while True:
            now = [client.get(f"{base}/api/tables/{t}").json() for t in bots]
            if all(
                n["seq"] > b + 3 or n["status"] == "finished"
                for n, b in zip(now, before, strict=True)
            ):
                break
            time.sleep(0.1)
        moved = time.monotonic() - freed
        print(f"run {run + 1}: full {full:.0f} s; a write accepted {written:.2f} s and the bots "
              f"moving {moved:.2f} s after space came back")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fault", choices=["redis", "disk"])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--full", type=float, default=40.0, help="seconds the disk stays full")
    parser.add_argument("--postgres", action="store_true", help="the store is PostgreSQL")
    args = parser.parse_args()
    if args.fault == "redis":
        redis_outage()
    elif os.geteuid() != 0:
        raise SystemExit("the disk run mounts a tmpfs: run it as root")
    else:
        full_disk(args.runs, args.full, args.postgres)


if __name__ == "__main__":
    main()
