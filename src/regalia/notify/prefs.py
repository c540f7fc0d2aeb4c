"""A player's notification preferences: which events, on which channels, quiet hours in
their own time zone, a daily digest instead of one mail per turn, and the language of
their mails. Stored as JSON (`regalia_notify_prefs`); a player without a row has DEFAULT.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field, replace
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from regalia.i18n import LANGUAGES
from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError

# What a player can be told about. Challenges and tournament rounds come from their own
# features, which call `notify` with these kinds.
EVENTS = ("turn", "game_over", "challenge", "tournament")
CHANNELS = ("push", "email")
# Mails about the account itself: sent whatever the preferences say, never held back.
ACCOUNT_KINDS = ("verify", "reset")
DIGEST_HOUR = 8  # a digest goes out at 08:00 in the player's time zone


@dataclass(frozen=True)
class Quiet:
    start: str = "22:00"  # HH:MM, the player's local time
    end: str = "08:00"
    tz: str = "UTC"


@dataclass(frozen=True)
class Prefs:
    events: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(EVENTS, True))
    channels: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(CHANNELS, True))
    quiet: Quiet | None = None
    digest: bool = False
    language: str = "en"
    tz: str = "UTC"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def wants(self, kind: str, channel: str) -> bool:
        if kind in ACCOUNT_KINDS:
            return channel == "email"
        return self.events.get(kind, True) and self.channels.get(channel, False)

    def after_quiet(self, now: float) -> float:
        """`now`, or the end of the quiet hours `now` falls in (seconds since the epoch)."""
        if self.quiet is None:
            return now
        zone = ZoneInfo(self.quiet.tz)
        local = dt.datetime.fromtimestamp(now, zone)
        start, end = _minutes(self.quiet.start), _minutes(self.quiet.end)
        minute = local.hour * 60 + local.minute
        inside = start <= minute < end if start <= end else minute >= start or minute < end
        if not inside or start == end:
            return now
        until = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
        if until <= local:
            until += dt.timedelta(days=1)
        return until.timestamp()

    def digest_day(self, now: float) -> str | None:
        """The local date whose digest is due at `now` (after DIGEST_HOUR), else None."""
        local = dt.datetime.fromtimestamp(now, ZoneInfo(self.tz))
        return local.date().isoformat() if local.hour >= DIGEST_HOUR else None


DEFAULT = Prefs()


def _minutes(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise TableError(ErrorCode.BAD_PREFS, f"unknown time zone {name!r}") from None
    if name not in available_timezones() and name != "UTC":
        raise TableError(ErrorCode.BAD_PREFS, f"unknown time zone {name!r}")
    return name


def _time(text: Any) -> str:
    if not isinstance(text, str) or len(text) != 5 or text[2] != ":":
        raise TableError(ErrorCode.BAD_PREFS, "a time is written HH:MM")
    try:
        hours, minutes = int(text[:2]), int(text[3:])
    except ValueError:
        raise TableError(ErrorCode.BAD_PREFS, "a time is written HH:MM") from None
    if not (0 <= hours < 24 and 0 <= minutes < 60):
        raise TableError(ErrorCode.BAD_PREFS, "a time is written HH:MM")
    return text


def read(data: dict[str, Any] | None, base: Prefs = DEFAULT) -> Prefs:
    """Preferences from JSON over `base`; TableError `bad_prefs` for anything unknown."""
    if not data:
        return base
    events, channels = dict(base.events), dict(base.channels)
    for name, value in (data.get("events") or {}).items():
        if name not in EVENTS or not isinstance(value, bool):
            raise TableError(ErrorCode.BAD_PREFS, f"no event {name!r} to choose")
        events[name] = value
    for name, value in (data.get("channels") or {}).items():
        if name not in CHANNELS or not isinstance(value, bool):
            raise TableError(ErrorCode.BAD_PREFS, f"no channel {name!r} to choose")
        channels[name] = value
    quiet = base.quiet
    if "quiet" in data:
        q = data["quiet"]
        quiet = (
            None
            if q is None
            else Quiet(_time(q.get("start")), _time(q.get("end")), _zone(str(q.get("tz") or "UTC")))
        )
    language = str(data.get("language", base.language))
    if language not in LANGUAGES:
        raise TableError(ErrorCode.BAD_PREFS, f"no language {language!r}")
    tz = _zone(str(data.get("tz", quiet.tz if quiet else base.tz)))
    digest = bool(data.get("digest", base.digest))
    return replace(
        base,
        events=events,
        channels=channels,
        quiet=quiet,
        digest=digest,
        language=language,
        tz=tz,
    )


def stored(data: dict[str, Any]) -> Prefs:
    """Preferences as stored (trusted: written by `read`)."""
    quiet = data.get("quiet")
    return Prefs(
        events={**DEFAULT.events, **data.get("events", {})},
        channels={**DEFAULT.channels, **data.get("channels", {})},
        quiet=Quiet(**quiet) if quiet else None,
        digest=bool(data.get("digest")),
        language=str(data.get("language", "en")),
        tz=str(data.get("tz", "UTC")),
    )
