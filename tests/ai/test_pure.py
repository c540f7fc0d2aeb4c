"""`<level>-pure`: a bot level on the interpreted path, in a child process, for the arena."""

from __future__ import annotations

import pytest

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import budget_for, is_level, make_agent
from regalia.core.errors import BadNotation
from regalia.core.registry import get_game


def test_pure_level_is_known_only_beside_a_real_level() -> None:
    assert is_level("regulator", "strong-pure")
    assert not is_level("regulator", "nonsense-pure")
    with pytest.raises(BadNotation):
        make_agent("regulator", "nonsense-pure")
    assert budget_for("regulator", "strong-pure") == budget_for("regulator", "strong")


def test_pure_agent_answers_like_its_level() -> None:
    state = get_game("regulator").new(3)
    for _ in range(4):
        seat = next(iter(state.to_act()))
        state = state.apply(seat, state.legal_actions(seat)[0])
    seat = next(iter(state.to_act()))
    budget = Budget(seconds=None, depth=3)
    pure = make_agent("regulator", "strong-pure", 5)
    compiled = make_agent("regulator", "strong", 5)
    assert pure.choose(Observation(state, seat), budget) == compiled.choose(
        Observation(state, seat), budget
    )
