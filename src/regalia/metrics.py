"""What the server is doing, as Prometheus series (served at `GET /metrics`).

One registry of the process's own, not prometheus-client's global one, so nothing a library
registers leaks into it. Every series name starts with `regalia_`; docs/server.md lists them.
"""

from __future__ import annotations

import gc
import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

# Latencies of a move on the server: from a few hundred microseconds to a stalled store.
_LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
_BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)

ROUNDS_LOADED = Gauge(
    "regalia_rounds_loaded", "Tables loaded in this process (one Round each).", registry=REGISTRY
)
WEBSOCKETS = Gauge(
    "regalia_websocket_connections", "Open table WebSockets in this process.", registry=REGISTRY
)
COMMANDS = Counter(
    "regalia_commands",
    "Table commands by type and outcome ('ok' or the error code).",
    ["type", "outcome"],
    registry=REGISTRY,
)
MOVE_LATENCY = Histogram(
    "regalia_move_latency_seconds",
    "An action command (a player's or a bot's) from its arrival to its event stored.",
    buckets=_LATENCY_BUCKETS,
    registry=REGISTRY,
)
BOT_QUEUE = Gauge(
    "regalia_bot_queue_depth",
    "Jobs (bot moves, analyses) waiting for a free bot worker.",
    registry=REGISTRY,
)
BOT_THINK = Histogram(
    "regalia_bot_think_seconds",
    "How long a bot took to choose a move (wait for a worker not included).",
    buckets=_THINK_BUCKETS,
    registry=REGISTRY,
)
WRITER_BATCH = Histogram(
    "regalia_writer_batch_size",
    "Appends committed in one database transaction.",
    buckets=_BATCH_BUCKETS,
    registry=REGISTRY,
)
WRITER_COMMIT = Histogram(
    "regalia_writer_commit_seconds",
    "Time to commit one batch of appends.",
    buckets=_LATENCY_BUCKETS,
    registry=REGISTRY,
)
LEASE_TAKEOVERS = Counter(
    "regalia_lease_takeovers",
    "Tables this process took over after their owner's lease lapsed.",
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "regalia_rate_limited",
    "Requests and messages refused by a rate limit, by what was limited.",
    ["what"],
    registry=REGISTRY,
)
GC_PAUSE = Histogram(
    "regalia_gc_pause_seconds",
    "Garbage collections of the server process (every thread waits), by generation.",
    ["generation"],
    buckets=_LATENCY_BUCKETS,
    registry=REGISTRY,
)


class _GcTimer:
    """Times each collection through `gc.callbacks` (installed once per process)."""

    def __init__(self) -> None:
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            GC_PAUSE.labels(generation=str(info["generation"])).observe(
                time.perf_counter() - self.started
            )


_GC_TIMER = _GcTimer()


def time_collections() -> None:
    """Observe every garbage collection in `regalia_gc_pause_seconds` (idempotent)."""
    if _GC_TIMER not in gc.callbacks:
        gc.callbacks.append(_GC_TIMER)
