"""A raw-protocol driver for `regalia engine GAME`: lines in, lines out, waits bounded.

The tests wait only on the engine's output pipe (a reader thread queues its lines); each wait
fails the test after a generous bound instead of hanging it.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time

import pytest

# Generous: the machine is shared; an answer "at once" arrives in milliseconds.
BOUND = 15.0


class Pipe:
    """`regalia engine GAME`, or any other engine's command line."""

    def __init__(self, game: str, command: list[str] | None = None) -> None:
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "regalia", "engine", game],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str, within: float = BOUND) -> list[str]:
        """The lines up to and including the first that starts with `prefix`."""
        deadline = time.monotonic() + within
        got: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                pytest.fail(f"no {prefix!r} within {within} s; got {got}")
            if line is None:
                pytest.fail(f"the engine ended before {prefix!r}; got {got}")
            got.append(line)
            if line.startswith(prefix):
                return got

    def ask(self, *lines: str, until: str = "bestmove") -> list[str]:
        self.send(*lines)
        return self.until(until)

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=BOUND)
