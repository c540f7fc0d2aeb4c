"""Every state of a terminal game so far, so `undo` works the same way in every game.

The loop keeps states rather than asking the game to undo (the contract has no undo): a
step back is just dropping the newest steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import BadNotation, RegaliaError
from regalia.core.game import Result, Seat, State


@dataclass(frozen=True)
class Step:
    """One state and how play got there."""

    state: State[Any]
    seat: Seat | None = None  # who acted; None where play started (a new or loaded game)
    text: str | None = None  # the action as its seat wrote it; None: a resignation
    secret: bool = False  # taken among several seats at once: others saw only that it happened
    chosen: bool = False  # a human at this device chose it: undo goes back to before it
    ended: Result | None = None  # a result the record cannot hold (a resignation)


class Timeline:
    def __init__(self, state: State[Any], chose: Callable[[Seat], bool] = lambda _: False):
        """Start at `state`; its earlier actions are replayed (when the game keeps them) so
        that a loaded game can be taken back too. `chose(seat)`: was that seat a human's."""
        self.steps = replayed(state, chose)

    @property
    def state(self) -> State[Any]:
        return self.steps[-1].state

    @property
    def result(self) -> Result | None:
        return self.steps[-1].ended or self.state.result()

    @property
    def last(self) -> Step:
        return self.steps[-1]

    def push(self, step: Step) -> None:
        self.steps.append(step)

    def undo(self) -> list[Step]:
        """Drop the last step a human chose and every step after it; return them."""
        chosen = [i for i, step in enumerate(self.steps) if i and step.chosen]
        if not chosen:
            raise BadNotation("nothing to undo: no action has been chosen here yet")
        removed = self.steps[chosen[-1] :]
        del self.steps[chosen[-1] :]
        return removed


def replayed(state: State[Any], chose: Callable[[Seat], bool]) -> list[Step]:
    """The steps from `initial()` through `history()` to `state`; just `state` when the game
    keeps no history or its replay fails."""
    start = state.initial()
    actions = state.history() if start is not None else None
    if start is None or actions is None:
        return [Step(state)]
    steps = [Step(start)]
    try:
        for seat, action in actions:
            before = steps[-1].state
            text, secret = before.describe(action), len(before.to_act()) > 1
            steps.append(Step(before.apply(seat, action), seat, text, secret, chose(seat)))
    except RegaliaError:
        return [Step(state)]
    # The given state itself ends the list: it may hold more than its history (a resignation).
    last = steps.pop()
    steps.append(Step(state, last.seat, last.text, last.secret, last.chosen))
    return steps
