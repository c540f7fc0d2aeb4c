"""Table events and the one place that decides what a viewer may see of each.

Every change to a table is an event with the table's next sequence number. An event is
stored whole; `visible_to` is the filter applied before anything leaves the server.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from regalia.core.game import Seat, State
from regalia.protocol import EventKind


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    seat: Seat | None
    at: str
    data: Mapping[str, Any]
    # An action taken while several seats act at once (a secret vote): only its seat sees it.
    secret: bool = False

    def visible_to(self, viewer: Seat | None) -> dict[str, Any]:
        """The event as `viewer` (None: a spectator) may receive it."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "seat": self.seat}
        out["at"] = self.at
        out.update(self.data)
        if self.kind == EventKind.ACTION:
            hidden = self.secret and viewer != self.seat
            out["hidden"] = hidden
            if hidden:
                out["action"] = None
                out["text"] = None
        return out


@dataclass(slots=True)
class Draft:
    """An event decided but not yet stored; `state` carries an action's computed result."""

    kind: str
    seat: Seat | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: bool = False
    state: State[Any] | None = None

    def numbered(self, seq: int) -> Event:
        return Event(seq, self.kind, self.seat, now(), dict(self.data), self.secret)
