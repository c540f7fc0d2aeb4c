"""The shipped deployment, run: nginx with deploy/nginx/regalia.conf (TLS, a certificate
made here) in front of two `regalia serve` processes on PostgreSQL and Redis; a game is
played through it over https and wss, and goes on when one process is killed -9."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import websockets

from tests.server.services import free_port, pg_bin, postgres, redis, server_handles, wait_port

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL is not installed"),
    pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is not installed"),
]


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        # A P-256 key: made at once, where an RSA key takes a good part of a second.
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def site_for_test(backends: list[str], port: int, cert: Path, key: Path) -> str:
    """The shipped site with only what a test machine needs changed: its ports, backends,
    and certificate. Every other line (headers, upgrade, timeouts) is the shipped one."""
    site = (ROOT / "deploy" / "nginx" / "regalia.conf").read_text()
    servers = "".join(
        f"    server {b.removeprefix('http://')} max_fails=1 fail_timeout=5s;\n" for b in backends
    )
    changes = [
        (r"    server 127\.0\.0\.1:800\d [^\n]*\n", ""),
        (r"(    least_conn;\n)", r"\1" + servers),
        (r"listen 443 ssl http2;", f"listen 127.0.0.1:{port} ssl http2;"),
        (r"    listen \[::\]:443 ssl http2;\n", ""),
        (r"server \{\n    listen 80;.*?\n\}\n", ""),
        (r"ssl_certificate +/\S+;", f"ssl_certificate {cert};"),
        (r"ssl_certificate_key +/\S+;", f"ssl_certificate_key {key};"),
    ]
    for pattern, replacement in changes:
        site, count = re.subn(pattern, replacement, site, flags=re.S)
        assert count, f"the shipped nginx site has no {pattern!r} any more: update this test"
    return site


@contextmanager
def nginx(folder: Path, site: str) -> Iterator[None]:
    (folder / "site.conf").write_text(site)
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir()
    names = {name: "client_body" if name == "body" else name for name in temp}
    paths = "\n".join(f"    {names[n]}_temp_path {p};" for n, p in temp.items())
    user = "user root;\n" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        f"events {{ worker_connections 512; }}\n"
        f"http {{\n    access_log {folder}/access.log;\n{paths}\n"
        f"    include {folder}/site.conf;\n}}\n"
    )
    command = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    check = subprocess.run([*command[:-2], "-t"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield
    finally:
        process.terminate()
        process.wait(timeout=20)


async def play(wss: str, token: str, context: ssl.SSLContext, moves: int) -> int:
    """Connect, then play `moves` moves against the bot; the table's seq at the end."""
    async with websockets.connect(wss, ssl=context) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "last_seq": 0}))
        played, seq = 0, 0
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
            for message in frame if isinstance(frame, list) else [frame]:
                if message["type"] == "error":
                    raise AssertionError(message)
                if message["type"] != "view":
                    continue
                seq = message["seq"]
                if message["status"] == "finished" or played == moves:
                    return seq
                if message["status"] == "playing" and 0 in message["to_act"] and message["legal"]:
                    move = message["legal"][0]["action"]
                    await ws.send(json.dumps({"type": "action", "action": move, "seq": seq}))
                    played += 1


def test_games_are_played_through_nginx_over_tls_and_survive_a_killed_process(
    tmp_path: Path,
) -> None:
    cert, key = certificate(tmp_path)
    context = ssl.create_default_context(cafile=str(cert))
    port = free_port()
    base, wss_base = f"https://localhost:{port}", f"wss://localhost:{port}"
    with (
        postgres() as database,
        redis() as fanout,
        server_handles(2, database, fanout, REGALIA_TRUSTED_PROXIES="127.0.0.1") as handles,
        nginx(tmp_path, site_for_test([b for b, _ in handles], port, cert, key)),
    ):
        wait_port(port)
        web = httpx.Client(base_url=base, verify=str(cert), timeout=30)
        page = web.get("/js/app.js", headers={"Accept-Encoding": "gzip"})
        assert page.status_code == 200 and page.headers.get("content-encoding") == "gzip"
        assert web.get("/api/health").status_code == 200
        # The table is made on the first process, which then runs its bot and clock.
        (first, owner), _ = handles
        made = httpx.post(f"{first}/api/tables", json={
            "game": "regulator", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "clock": {"initial_s": 600, "increment_s": 5}}, timeout=30).json()  # fmt: skip
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        wss = f"{wss_base}/ws/tables/{table}"
        seq = asyncio.run(play(wss, token, context, moves=4))
        assert seq >= 9  # created, joined, and four moves with four replies through nginx
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        killed = time.monotonic()
        # nginx sends the reconnecting player to the process left, which takes the table
        # over: the bot answers there and the game goes on.
        after = asyncio.run(play(wss, token, context, moves=3))
        assert after >= seq + 6
        assert time.monotonic() - killed < 60
        events = web.get(f"/api/tables/{table}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert any(e["kind"] == "resumed" for e in events)
