"""Finishing a game: the `finished` draft, what resigned seats get, and which seats'
results a stand-in earned (a rated game rates each of those as a loss)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.game import Outcome, Result, Seat, State
from regalia.protocol import EventKind
from regalia.tables.events import Draft
from regalia.tables.table import Table


def finish(table: Table, result: Result, state: State[Any] | None = None) -> Draft:
    record = (state or table.state).to_record()
    return Draft(EventKind.FINISHED, None, {"result": result.to_json(), "record": record})


def with_resignations(table: Table, result: Result) -> Result:
    """A seat that resigned never wins, even if its stand-in did."""
    outcomes = tuple(
        Outcome.LOSS if table.seats[s].resigned else o for s, o in enumerate(result.outcomes)
    )
    return Result(outcomes, result.reason)


def forfeits(table: Table, drafts: Sequence[Draft]) -> tuple[Seat, ...]:
    """Human seats whose result is not their player's, once `drafts` (the batch that
    finishes the game) are applied: the seat resigned or ran out of time, a stand-in was
    playing it at the end, or a stand-in made more of its actions than its player did."""
    playing = set(table.timing.bot_playing)
    gone = {s for s, info in enumerate(table.seats) if info.resigned}
    own = [info.own_actions for info in table.seats]
    stand_in = [info.stand_in_actions for info in table.seats]
    for draft in drafts:
        seat = draft.seat
        if seat is None or not table.seats[seat].human:
            continue
        if draft.kind == EventKind.TAKEOVER:
            playing.add(seat)
        elif draft.kind == EventKind.RETURNED:
            playing.discard(seat)
        elif draft.kind in (EventKind.RESIGNED, EventKind.TIMEOUT):
            gone.add(seat)
        elif draft.kind == EventKind.ACTION:
            if seat in playing or seat in gone:
                stand_in[seat] += 1
            else:
                own[seat] += 1
    return tuple(
        s
        for s, info in enumerate(table.seats)
        if info.human and (s in gone or s in playing or stand_in[s] > own[s])
    )
