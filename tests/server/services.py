"""Real PostgreSQL and Redis servers in temporary directories on free loopback ports.

PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user
(Debian's package creates it) or, failing that, `nobody`.
"""

from __future__ import annotations

import atexit
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


_TEMPLATE: Path | None = None  # a cluster made by initdb in this process, never started


def _template(binaries: Path, prefix: list[str], user: str | None) -> Path:
    """The data directory of a fresh cluster, made once per test process: each cluster is a
    copy of it (initdb takes a second or more; a copy a fraction of that)."""
    global _TEMPLATE
    if _TEMPLATE is None or not _TEMPLATE.exists():
        root = Path(tempfile.mkdtemp(prefix="regalia-pg-template-"))
        if user is not None:
            shutil.chown(root, user)
        data = root / "data"
        initdb = [str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "regalia"]
        subprocess.run([*prefix, *initdb, "--no-sync"], check=True, capture_output=True)
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        _TEMPLATE = data
    return _TEMPLATE


class Postgres:
    """A PostgreSQL cluster in a temporary directory (inside `under`, if given), which a test
    may restart."""

    def __init__(self, under: Path | None = None) -> None:
        binaries = pg_bin()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed (make system-deps installs it)")
        self.prefix, user = _as_db_user()
        template = _template(binaries, self.prefix, user)
        self.root = Path(tempfile.mkdtemp(prefix="regalia-pg-", dir=under))
        data = self.root / "data"
        if user is not None:
            shutil.chown(self.root, user)
        self.port = free_port()
        # A copy of a cluster initdb made: its owner and modes kept (`cp -a`), as initdb's own.
        subprocess.run([*self.prefix, "cp", "-a", str(template), str(data)], check=True,
                       capture_output=True)  # fmt: skip
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.ctl = [str(binaries / "pg_ctl"), "-D", str(data)]
        self.options = ["-o", options, "-l", str(self.root / "log")]
        self.url = f"postgresql+psycopg://regalia@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        subprocess.run([*self.prefix, *self.ctl, *self.options, "-w", "start"], check=True,
                       capture_output=True)  # fmt: skip
        wait_port(self.port)

    def stop(self) -> None:
        subprocess.run([*self.prefix, *self.ctl, "-m", "immediate", "stop"], check=False,
                       capture_output=True)  # fmt: skip


@contextmanager
def postgres_cluster(under: Path | None = None) -> Iterator[Postgres]:
    cluster = Postgres(under)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(cluster.root, ignore_errors=True)


@contextmanager
def postgres() -> Iterator[str]:
    """Yields a SQLAlchemy URL of a fresh PostgreSQL cluster."""
    with postgres_cluster() as cluster:
        yield cluster.url


class Redis:
    """A Redis server that keeps nothing on disk, which a test may stop and start again."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (make system-deps installs it)")
        self.port = free_port()
        self.root = tempfile.mkdtemp(prefix="regalia-redis-")
        self.command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                        "--appendonly", "no", "--dir", self.root]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@contextmanager
def redis_server() -> Iterator[Redis]:
    server = Redis()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.root, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    """Yields the URL of a fresh Redis server that keeps nothing on disk."""
    with redis_server() as server:
        yield server.url


@contextmanager
def server_processes(count: int, database_url: str, redis_url: str) -> Iterator[list[str]]:
    """`count` `regalia serve` processes, started together; yields their base URLs."""
    with server_handles(count, database_url, redis_url) as handles:
        yield [base for base, _ in handles]


@contextmanager
def server_handles(
    count: int, database_url: str, redis_url: str, **settings: str
) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """As `server_processes`, with each process (to kill one); `settings`: REGALIA_*
    variables for every process."""
    ports = [free_port() for _ in range(count)]
    env = {**os.environ, "REGALIA_BOT_WORKERS": "1", **settings}
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
