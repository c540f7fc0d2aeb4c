"""Random legal play over an adapter, for property tests of the action numbering."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from regalia.core.game import State
from regalia.core.seeds import Rng
from regalia.env.adapter import Adapter

# api_test warns about dict observations, as it does for PettingZoo's own chess; any other
# warning fails the test.
API_WARNINGS = pytest.mark.filterwarnings(
    "error",
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def random_states(adapter: Adapter, seed: int, plies: int) -> Iterator[State[Any]]:
    """The states of one random game, up to `plies` actions long, start included."""
    rng = Rng(seed)
    state = adapter.new_state(seed)
    yield state
    for _ in range(plies):
        seats = sorted(state.to_act())
        if not seats:
            return
        seat = seats[0]
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        yield state


def check_numbering(adapter: Adapter, state: State[Any]) -> None:
    """For every seat to act: each legal action's number decodes back to it, and the mask
    is exactly the set of numbers of the legal actions."""
    for seat in state.to_act():
        legal = list(state.legal_actions(seat))
        numbers = {adapter.encode(state, action) for action in legal}
        assert len(numbers) == len(legal), "two legal actions share a number"
        for n, action in enumerate(legal):
            index = adapter.encode(state, action)
            assert 0 <= index < adapter.num_actions
            assert adapter.decode(state, seat, index) == action
            if n % 7 == 0:  # a sample, as parsing is slow: the text reads back the same
                assert state.parse(seat, adapter.action_text(index)) == action
        mask = adapter.mask(state, seat)
        assert set(np.flatnonzero(mask).tolist()) == numbers
