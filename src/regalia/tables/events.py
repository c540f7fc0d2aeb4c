"""Table events and the one place that decides what a viewer may see of each.

Every change to a table is an event with the table's next sequence number and the time it
happened (seconds since the epoch, from the runtime's clock). An event is stored whole;
`visible_to` is the filter applied before anything leaves the server.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from regalia.core.game import Seat, State
from regalia.protocol import EventKind


@functools.lru_cache(maxsize=4096)
def iso_time(seconds: float) -> str:
    """Seconds since the epoch as the ISO text the wire and the lobby columns carry (an
    event's time is written for each seat that sees it and for its row: cached)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


def seconds_of(value: float | int | str) -> float:
    """A time written by any release: a number already, or ISO text (release 0.2 and older)."""
    if isinstance(value, int | float):
        return float(value)
    return datetime.fromisoformat(value).timestamp()


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    seat: Seat | None
    at: float  # seconds since the epoch
    data: Mapping[str, Any]
    # An action taken while several seats act at once (a secret vote): only its seat sees it.
    secret: bool = False

    def shown_to(self, viewer: Seat | None) -> bool:
        """Whether `viewer` hears of the event at all: a seat's conditional moves reach
        that seat alone, spectators' chat spectators alone (not even a hidden trace of them
        reaches the others)."""
        if self.kind == EventKind.CHAT:
            return viewer is None or not self.data.get("spectators")
        return self.kind != EventKind.CONDITIONAL or viewer == self.seat

    def visible_to(self, viewer: Seat | None) -> dict[str, Any]:
        """The event as `viewer` (None: a spectator) may receive it."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "seat": self.seat}
        out["at"] = iso_time(self.at)
        if not self.shown_to(viewer):
            return out  # never sent (`shown_to`); whatever asks anyway learns nothing
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
    """An event decided but not yet stored; `state` carries an action's computed result,
    `source` (a join's) the address its player sat down from, kept with the seat and never
    in the event."""

    kind: str
    seat: Seat | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: bool = False
    state: State[Any] | None = None
    source: str | None = None

    def numbered(self, seq: int, at: float) -> Event:
        return Event(seq, self.kind, self.seat, at, dict(self.data), self.secret)


def now() -> str:
    """The wall time as ISO text, for the records of accounts and ratings (not table events,
    whose times come from the runtime's injected clock)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")
