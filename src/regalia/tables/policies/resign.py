"""Resigning: the seat's team is out; the game ends when one team is left standing."""

from __future__ import annotations

from regalia.core.game import Outcome, Result, Seat
from regalia.protocol import ErrorCode, EventKind
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies.finish import finish
from regalia.tables.table import Table


def decide_resign(table: Table, seat: Seat) -> list[Draft]:
    if not table.game.resignation:
        raise TableError(
            ErrorCode.RESIGN_NOT_ALLOWED, f"{table.game.title} has no resigning: play it to the end"
        )
    if table.seats[seat].resigned:
        raise TableError(ErrorCode.FINISHED, "you have already resigned")
    return [Draft(EventKind.RESIGNED, seat), *after_resign(table, seat)]


def after_resign(table: Table, seat: Seat, timed_out: bool = False) -> list[Draft]:
    """Finish the game if only one team is left standing once `seat`'s team resigns
    (or its clock ran out: `timed_out`)."""
    losing = table.team_of(seat)
    standing = [
        team
        for team in table.game.teams(table.players)
        if team != losing and any(not table.seats[s].resigned for s in team)
    ]
    if len(standing) != 1:
        return []
    outcomes = tuple(
        Outcome.WIN if s in standing[0] else Outcome.LOSS for s in range(table.players)
    )
    name = table.seat_names[seat]
    # Whole sentences, so the catalogue holds each as a template of its own.
    reason = f"{name} ran out of time" if timed_out else f"{name} resigned"
    return [finish(table, Result(outcomes, reason))]


def decide_leave(table: Table, seat: Seat, playing: bool) -> list[Draft]:
    """Leaving a game in play resigns it first."""
    drafts = [Draft(EventKind.LEFT, seat)]
    if playing and not table.seats[seat].resigned:
        drafts = [Draft(EventKind.RESIGNED, seat), *after_resign(table, seat), *drafts]
    return drafts
