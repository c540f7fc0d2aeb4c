"""When a search must stop: depth, node and time limits, and an external stop flag."""

from __future__ import annotations

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
