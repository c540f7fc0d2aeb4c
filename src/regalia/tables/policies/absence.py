"""Absence: who is connected, when an absent seat's grace runs out, and what follows (a bot
stands in, or opponents may claim the win). `absent` maps each human seat with no live
connection to since when it has had none (its Round keeps it; it is not in the log)."""

from __future__ import annotations

from collections.abc import Mapping

from regalia.core.game import Outcome, Result, Seat
from regalia.protocol import ErrorCode, EventKind, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies.finish import finish
from regalia.tables.table import Table

Absent = Mapping[Seat, float]


def presence(table: Table, absent: Absent) -> list[dict[str, bool]]:
    """Per seat: a live connection (bots always), and whether a bot plays it now."""
    return [
        {
            "connected": not info.human or (info.joined and s not in absent),
            "bot": not info.human or s in table.timing.bot_playing,
        }
        for s, info in enumerate(table.seats)
    ]


def absent_to_act(table: Table, absent: Absent) -> list[tuple[Seat, float]]:
    """Human seats to act with no connection, each with when its grace runs out."""
    grace = table.timing.rules.absence.grace_s
    out = []
    for seat in table.to_act():
        info = table.seats[seat]
        gone = absent.get(seat)
        if not info.human or info.resigned or gone is None or seat in table.timing.bot_playing:
            continue
        since = max(gone, table.timing.turn_since.get(seat, gone))
        out.append((seat, since + grace))
    return out


def claimable_by(table: Table, absent: Absent, seat: Seat, now: float) -> bool:
    """Whether `seat` may claim the win now: an opponent to act has been away too long."""
    if table.timing.rules.absence.then != "claim" or table.status != TableStatus.PLAYING:
        return False
    if not table.seats[seat].human or seat in absent:
        return False
    team = table.team_of(seat)
    return any(s not in team and due <= now for s, due in absent_to_act(table, absent))


def decide_claim(table: Table, absent: Absent, seat: Seat, now: float) -> list[Draft]:
    if not claimable_by(table, absent, seat, now):
        grace = table.timing.rules.absence.grace_s
        raise TableError(
            ErrorCode.NOT_CLAIMABLE,
            "you may claim the win only when an opponent to move has been away for "
            f"{grace} s, at a table whose absence rule is 'claim'",
        )
    team = table.team_of(seat)
    gone = next(s for s, due in absent_to_act(table, absent) if s not in team and due <= now)
    outcomes = tuple(Outcome.WIN if s in team else Outcome.LOSS for s in range(table.players))
    reason = f"{table.seat_names[gone]} left the game; {table.seat_names[seat]} claimed the win"
    return [Draft(EventKind.CLAIMED, seat), finish(table, Result(outcomes, reason))]


def takeover_drafts(table: Table, seat: Seat) -> list[Draft]:
    """An absent human's seat: a bot plays it until the human is back."""
    level = table.stand_in_level(seat)
    return [Draft(EventKind.TAKEOVER, seat, {"level": level, "for_good": False})]
