"""Finishing a game: the `finished` draft, and what resigned seats get."""

from __future__ import annotations

from typing import Any

from regalia.core.game import Outcome, Result, State
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
