"""A real `regalia serve` process on a free port, its log kept, for fault and abuse tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.server.services import free_port, wait_port


@dataclass(frozen=True)
class Server:
    base: str
    pid: int

    def children(self) -> list[int]:
        """Processes the server started (its bot workers among them)."""
        found = subprocess.run(["pgrep", "-P", str(self.pid)], capture_output=True, text=True)
        return [int(pid) for pid in found.stdout.split()]


@contextmanager
def serve(data: Path, log: Path, **env: str) -> Iterator[Server]:
    """Yields the running server; `env` adds REGALIA_* settings."""
    port = free_port()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--data-dir",
             str(data), "--bot-workers", "1"],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **env},
        )  # fmt: skip
    try:
        wait_port(port, 90)
        yield Server(f"http://127.0.0.1:{port}", process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def tracebacks(log: Path) -> list[str]:
    """Lines of the log that start a Python traceback."""
    return [line for line in log.read_text().splitlines() if line.startswith("Traceback")]
