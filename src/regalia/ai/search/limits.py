"""When a search must stop: depth, node and time limits, and an external stop flag."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

MAX_DEPTH = 64


class Stopped(Exception):
    """Raised inside the search when a limit is hit; the root catches it."""


@dataclass(frozen=True)
class Limits:
    """Any of these may bound a search; none at all means depth MAX_DEPTH (use `stop`)."""

    depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None


class Clock:
    """Counts nodes and watches the limits; `check` is cheap enough to call at every node."""

    # Reading the clock costs far less than a node (tens of microseconds in Python), but
    # not nothing: look every few nodes, so a deadline is overrun by a millisecond or two.
    CHECK_EVERY = 32

    def __init__(self, limits: Limits, stop: threading.Event | None = None) -> None:
        self.limits = limits
        self.start = time.perf_counter()
        self.nodes = 0
        self._stop = stop
        self._deadline = None if limits.seconds is None else self.start + limits.seconds
        self._node_limit = limits.nodes
        self._next_check = self.CHECK_EVERY
        self.max_depth = min(limits.depth or MAX_DEPTH, MAX_DEPTH)

    def tick(self) -> None:
        """Count one node; raise Stopped when a limit is reached."""
        self.nodes += 1
        if self.nodes < self._next_check:
            return
        self._next_check = self.nodes + self.CHECK_EVERY
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise Stopped
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise Stopped
        if self._stop is not None and self._stop.is_set():
            raise Stopped

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def may_deepen(self) -> bool:
        """Start another iteration only if it has a fair chance to finish: each iteration
        costs several times the previous ones, so past half the time it rarely does."""
        if self._stop is not None and self._stop.is_set():
            return False
        if self._node_limit is not None and self.nodes >= self._node_limit:
            return False
        if self.limits.seconds is not None:
            return self.elapsed() < self.limits.seconds * 0.5
        return True
