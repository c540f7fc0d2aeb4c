"""Chess clocks for tables, rebuilt from event times alone.

A clock runs for every seat that is to act (several during a secret simultaneous vote).
Fischer: each seat has a bank and gains the increment after each of its actions. Per move:
each action must come within the limit, so a seat's clock is set to it whenever its turn
begins. Nothing here reads the wall clock: every change is given the time of the event that
causes it, so replaying a table's log gives its clocks exactly, and a `resumed` event's pause
(time no server ran the table) is never charged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from regalia.core.game import Seat
from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError

MAX_SECONDS = 24 * 3600  # a day per game or per move: anything longer is untimed play
DAY = 24 * 3600
# Turn-based play: days per move a table may give (`{"days_per_move": N}`).
DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)


@dataclass(frozen=True, slots=True)
class ClockConfig:
    initial_s: int = 0
    increment_s: int = 0
    per_move_s: int | None = None
    days_per_move: int | None = None  # turn-based: per_move_s is that many days

    @property
    def per_move(self) -> bool:
        return self.per_move_s is not None

    @property
    def turn_based(self) -> bool:
        return self.days_per_move is not None

    def to_json(self) -> dict[str, int]:
        if self.days_per_move is not None:
            return {"days_per_move": self.days_per_move}
        if self.per_move_s is not None:
            return {"per_move_s": self.per_move_s}
        return {"initial_s": self.initial_s, "increment_s": self.increment_s}

    @classmethod
    def read(cls, data: Mapping[str, Any] | None) -> ClockConfig | None:
        """The clock a request asks for (None: untimed); TableError `bad_options` if odd."""
        if data is None:
            return None
        keys = set(data)
        if keys == {"days_per_move"}:
            days = data["days_per_move"]
            if isinstance(days, bool) or days not in DAYS_PER_MOVE:
                allowed = ", ".join(map(str, DAYS_PER_MOVE))
                raise TableError(ErrorCode.BAD_OPTIONS, f"days_per_move is one of {allowed}")
            return cls(per_move_s=days * DAY, days_per_move=days)
        if keys == {"per_move_s"}:
            return cls(per_move_s=_seconds(data, "per_move_s", 1))
        if keys <= {"initial_s", "increment_s"} and "initial_s" in keys:
            return cls(_seconds(data, "initial_s", 1), _seconds(data, "increment_s", 0))
        raise TableError(
            ErrorCode.BAD_OPTIONS,
            'a clock is {"initial_s": N, "increment_s": M}, {"per_move_s": N} or '
            '{"days_per_move": N}',
        )


def _seconds(data: Mapping[str, Any], key: str, low: int) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_SECONDS:
        raise TableError(
            ErrorCode.BAD_OPTIONS, f"clock {key} is a whole number {low}..{MAX_SECONDS}"
        )
    return value


class Clocks:
    """Every seat's remaining time at `since` (seconds since the epoch), and who runs."""

    def __init__(self, config: ClockConfig, players: int) -> None:
        self.config = config
        start = config.per_move_s if config.per_move_s is not None else config.initial_s
        self.remaining = [float(start)] * players
        self.running: frozenset[Seat] = frozenset()
        self.exempt: set[Seat] = set()  # seats whose clock no longer runs (a bot plays them)
        self.vacation_until: dict[Seat, float] = {}  # a player's vacation ends then
        self.since = 0.0

    def advance(self, at: float) -> None:
        """Charge the running seats for the time up to `at`."""
        elapsed = max(0.0, at - self.since) if self.since else 0.0
        for seat in self.running:
            self.remaining[seat] = max(0.0, self.remaining[seat] - elapsed)
        self.since = max(self.since, at)

    def set_running(self, seats: Iterable[Seat], at: float, acted: Seat | None = None) -> None:
        """After the event at `at` (an action of `acted`, or a start): `seats` act now."""
        self.advance(at)
        if acted is not None and not self.config.per_move:
            self.remaining[acted] += self.config.increment_s
        now = frozenset(s for s in seats if s not in self.exempt)
        if self.config.per_move_s is not None:
            for seat in now - self.running if acted is None else now - (self.running - {acted}):
                away = max(0.0, self.vacation_until.get(seat, 0.0) - at)
                self.remaining[seat] = float(self.config.per_move_s) + away
        self.running = now

    def vacation(self, seat: Seat, at: float, until: float) -> None:
        """`seat` is on vacation from `at` to `until`: its clock stands still meanwhile (a
        turn running now, or one that begins before `until`, gets the time that is left)."""
        self.advance(at)
        before = self.vacation_until.get(seat, 0.0)
        if seat in self.running:
            self.remaining[seat] += max(0.0, until - max(at, before))
        self.vacation_until[seat] = max(before, until)

    def pause(self, paused_from: float, at: float) -> None:
        """No server ran the table from `paused_from` to `at`: charge only up to the first."""
        self.advance(min(paused_from, at))
        self.since = max(self.since, at)

    def timed_out(self, seat: Seat) -> None:
        self.remaining[seat] = 0.0
        self.exempt.add(seat)
        self.running = self.running - {seat}

    def stop(self, at: float) -> None:
        self.advance(at)
        self.running = frozenset()

    def expiry(self) -> tuple[Seat, float] | None:
        """The running seat whose time runs out first, and when (epoch seconds)."""
        if not self.running:
            return None
        seat = min(self.running, key=lambda s: (self.remaining[s], s))
        return seat, self.since + self.remaining[seat]

    def left(self, seat: Seat, now: float) -> float:
        """Seconds `seat` has left at `now`."""
        spent = max(0.0, now - self.since) if seat in self.running else 0.0
        return max(0.0, self.remaining[seat] - spent)

    def to_json(self, now: float) -> dict[str, Any]:
        return {
            "remaining_ms": [round(1000 * self.left(s, now)) for s in range(len(self.remaining))],
            "running": sorted(self.running),
            "per_move": self.config.per_move,
        }
