"""Time: a seat whose clock runs out loses (or a bot plays it for good), and the next
deadline of a table — its first clock to run out, or an absent seat's grace."""

from __future__ import annotations

from regalia.core.game import Seat
from regalia.protocol import EventKind
from regalia.tables.events import Draft
from regalia.tables.policies.absence import Absent, absent_to_act, takeover_drafts
from regalia.tables.policies.resign import after_resign
from regalia.tables.table import Table


def timeout_drafts(table: Table, seat: Seat) -> list[Draft]:
    """`seat`'s clock ran out: it loses (its team, or it alone and a stand-in plays on),
    or a bot plays it from now on, as the table's rule says."""
    rule = table.timing.rules.on_timeout
    drafts = [Draft(EventKind.TIMEOUT, seat, {"rule": rule})]
    if rule == "bot":
        level = table.stand_in_level(seat)
        return [*drafts, Draft(EventKind.TAKEOVER, seat, {"level": level, "for_good": True})]
    table.seats[seat].resigned = True  # as it will be once applied: who is left standing?
    try:
        return [*drafts, *after_resign(table, seat, timed_out=True)]
    finally:
        table.seats[seat].resigned = False


def out_of_time(table: Table, seat: Seat, now: float) -> bool:
    """Whether `seat`'s clock has run out by `now` (the server is the only judge)."""
    clocks = table.timing.clocks
    return clocks is not None and seat in clocks.running and clocks.left(seat, now) <= 0


def next_deadline(table: Table, absent: Absent, now: float) -> float | None:
    times = []
    clocks = table.timing.clocks
    if clocks is not None:
        expiry = clocks.expiry()
        if expiry is not None:
            times.append(expiry[1])
    if table.timing.rules.absence.then != "wait":
        # A deadline already past only matters if it still leads somewhere: a takeover.
        times += [due for _, due in absent_to_act(table, absent) if due > now - 1]
    return min(times) if times else None


def due_drafts(table: Table, absent: Absent, now: float) -> list[Draft]:
    """The events due at `now`: a timeout first (the clock is the judge), else a takeover."""
    clocks = table.timing.clocks
    if clocks is not None:
        expiry = clocks.expiry()
        if expiry is not None and expiry[1] <= now:
            return timeout_drafts(table, expiry[0])
    if table.timing.rules.absence.then == "bot":
        for seat, due in absent_to_act(table, absent):
            if due <= now:
                return takeover_drafts(table, seat)
    return []
