"""Real PostgreSQL and Redis servers in temporary directories on free loopback ports.

PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user
(Debian's package creates it) or, failing that, `nobody`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_db_user() -> tuple[list[str], str | None]:
    """A command prefix that drops root, and the user it runs as."""
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"], user
    raise RuntimeError("running as root with neither a postgres nor a nobody user")


def wait_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


@contextmanager
def postgres() -> Iterator[str]:
    """Yields a SQLAlchemy URL of a fresh PostgreSQL cluster."""
    binaries = pg_bin()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (make system-deps installs it)")
    prefix, user = _as_db_user()
    root = Path(tempfile.mkdtemp(prefix="regalia-pg-"))
    data = root / "data"
    if user is not None:
        shutil.chown(root, user)
    port = free_port()
    initdb = [str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "regalia"]
    subprocess.run([*prefix, *initdb, "--no-sync"], check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    start = [str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log")]
    subprocess.run([*prefix, *start, "-w", "start"], check=True, capture_output=True)
    try:
        wait_port(port)
        yield f"postgresql+psycopg://regalia@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], check=False, capture_output=True)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    """Yields the URL of a fresh Redis server that keeps nothing on disk."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (make system-deps installs it)")
    port = free_port()
    root = tempfile.mkdtemp(prefix="regalia-redis-")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", root],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_port(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def server_processes(count: int, database_url: str, redis_url: str) -> Iterator[list[str]]:
    """`count` `regalia serve` processes, started together; yields their base URLs."""
    with server_handles(count, database_url, redis_url) as handles:
        yield [base for base, _ in handles]


@contextmanager
def server_handles(
    count: int, database_url: str, redis_url: str
) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """As `server_processes`, with each process (to kill one)."""
    ports = [free_port() for _ in range(count)]
    env = {**os.environ, "REGALIA_BOT_WORKERS": "1"}
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "regalia",
                "serve",
                "--port",
                str(port),
                "--database-url",
                database_url,
                "--redis-url",
                redis_url,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    try:
        for port in ports:
            wait_port(port, 90)
        yield [(f"http://127.0.0.1:{port}", p) for port, p in zip(ports, processes, strict=True)]
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
