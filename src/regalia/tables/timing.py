"""Play over time at a table: its clock, what a timeout does, and what absence does.

The settings come from the table's `created` event and every change from later events, so
the log alone rebuilds them. Who is connected is not in the log (it is live state the
Round keeps); a takeover it causes is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.game import Game, Seat
from regalia.protocol import ErrorCode, EventKind
from regalia.tables.clock import ClockConfig, Clocks
from regalia.tables.errors import TableError
from regalia.tables.events import seconds_of

ON_TIMEOUT = ("lose", "bot")
ABSENCE = ("bot", "claim", "wait")
DEFAULT_GRACE_S = 60
MAX_GRACE_S = 24 * 3600


@dataclass(frozen=True, slots=True)
class Absence:
    grace_s: int = DEFAULT_GRACE_S
    then: str = "wait"

    def to_json(self) -> dict[str, Any]:
        return {"grace_s": self.grace_s, "then": self.then}


@dataclass(frozen=True, slots=True)
class TimeRules:
    """A table's clock (None: untimed), timeout rule and absence rule."""

    clock: ClockConfig | None = None
    on_timeout: str = "lose"
    absence: Absence = Absence()

    def to_json(self) -> dict[str, Any]:
        return {
            "clock": self.clock.to_json() if self.clock else None,
            "on_timeout": self.on_timeout,
            "absence": self.absence.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeRules:
        """From a `created` event; a table of release 0.1 has none: untimed, absence waits."""
        absence = data.get("absence") or {}
        return cls(
            ClockConfig.read(data.get("clock")),
            str(data.get("on_timeout", "lose")),
            Absence(int(absence.get("grace_s", DEFAULT_GRACE_S)), str(absence.get("then", "wait"))),
        )

    @classmethod
    def read(
        cls,
        game: Game[Any],
        clock: Mapping[str, Any] | None,
        on_timeout: str | None,
        absence: Mapping[str, Any] | None,
    ) -> TimeRules:
        """What a request asks for, the game's defaults filling the gaps; TableError if odd."""
        when_late = on_timeout or game.on_timeout
        if when_late not in ON_TIMEOUT:
            raise TableError(ErrorCode.BAD_OPTIONS, f"on_timeout is one of {', '.join(ON_TIMEOUT)}")
        given = dict(absence or {})
        unknown = set(given) - {"grace_s", "then"}
        if unknown:
            raise TableError(
                ErrorCode.BAD_OPTIONS, 'absence is {"grace_s": N, "then": "bot", "claim" or "wait"}'
            )
        grace = given.get("grace_s", DEFAULT_GRACE_S)
        if isinstance(grace, bool) or not isinstance(grace, int) or not 1 <= grace <= MAX_GRACE_S:
            raise TableError(
                ErrorCode.BAD_OPTIONS, f"absence grace_s is a whole number 1..{MAX_GRACE_S}"
            )
        then = given.get("then", game.absence)
        if then not in ABSENCE:
            raise TableError(ErrorCode.BAD_OPTIONS, f"absence then is one of {', '.join(ABSENCE)}")
        config = ClockConfig.read(clock)
        if config is not None and config.turn_based:
            # Nobody stays connected for days: the clock alone judges a turn-based seat.
            if given.get("then", "wait") != "wait":
                raise TableError(
                    ErrorCode.BAD_OPTIONS,
                    'a turn-based table\'s absence rule is "wait": its clock alone judges',
                )
            then = "wait"
        if then == "claim" and len(game.teams(game.players_by_default())) != 2:
            raise TableError(
                ErrorCode.BAD_OPTIONS, "only a two-sided game lets opponents claim the win"
            )
        return cls(config, when_late, Absence(grace, then))


class Timing:
    """The time state of one table, advanced by its events."""

    def __init__(self, players: int) -> None:
        self.rules = TimeRules()
        self.clocks: Clocks | None = None
        self.players = players
        self.bot_playing: dict[Seat, bool] = {}  # seat: for good (after a timeout)?
        self.turn_since: dict[Seat, float] = {}  # when each seat to act began its turn
        self.last_at = 0.0

    def configure(self, data: Mapping[str, Any]) -> None:
        self.rules = TimeRules.from_json(data)
        if self.rules.clock is not None:
            self.clocks = Clocks(self.rules.clock, self.players)

    def after(self, kind: str, seat: Seat | None, data: Mapping[str, Any], at: float,
              to_act: Sequence[Seat]) -> None:  # fmt: skip
        """Follow one event (`to_act`: the seats to act once it is applied)."""
        self.last_at = max(self.last_at, at)
        previous = set(self.turn_since)
        self.turn_since = {s: self.turn_since.get(s, at) for s in to_act}
        if kind == EventKind.ACTION and seat is not None and seat in to_act and seat in previous:
            self.turn_since[seat] = at  # acting again: a new turn
        if kind == EventKind.TAKEBACK:
            self.turn_since = dict.fromkeys(to_act, at)  # the position before: a new turn
        if kind == EventKind.TAKEOVER and seat is not None:
            self.bot_playing[seat] = bool(data.get("for_good"))
        elif kind == EventKind.RETURNED and seat is not None:
            self.bot_playing.pop(seat, None)
        clocks = self.clocks
        if clocks is None:
            return
        if kind == EventKind.RESUMED:
            clocks.pause(seconds_of(data["paused_from"]), at)
        elif kind == EventKind.TIMEOUT and seat is not None:
            clocks.advance(at)
            clocks.timed_out(seat)
        elif kind == EventKind.VACATION and seat is not None:
            clocks.vacation(seat, at, float(data["until"]))
            return
        elif kind in (EventKind.FINISHED, EventKind.EXPIRED):
            clocks.stop(at)
            return
        acted = seat if kind == EventKind.ACTION else None
        turns = (EventKind.STARTED, EventKind.ACTION, EventKind.TIMEOUT, EventKind.RESUMED)
        if kind in turns or kind == EventKind.TAKEBACK:
            clocks.set_running(to_act, at, acted)

    def clock_json(self, now: float) -> dict[str, Any] | None:
        return self.clocks.to_json(now) if self.clocks else None
