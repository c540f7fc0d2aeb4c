"""The strong agents on positions from random play: always a legal move, position intact.

Random games reach what hand-made positions rarely do: promotions, kingless seats, swaps,
en passant, castling, an empowered regulator, and positions near the end of the game.
"""

from __future__ import annotations

from typing import Any

import pytest

from regalia.ai.base import Budget, Observation, RandomAgent
from regalia.ai.regicide.agent import StrongAgent as RegicideAgent
from regalia.ai.regulator.agent import StrongAgent as RegulatorAgent
from regalia.ai.search.agent import SearchAgent
from regalia.core.game import State
from regalia.core.registry import get_game


@pytest.mark.parametrize(
    ("game", "agent", "plies"),
    [
        ("regulator", RegulatorAgent(0), (5, 20, 40, 70)),
        ("regicide", RegicideAgent(0), (10, 60, 150, 300)),
    ],
)
def test_strong_agent_moves_legally_after_random_play(
    game: str, agent: SearchAgent[Any, int], plies: tuple[int, ...]
) -> None:
    for seed in range(4):
        state: State[Any] = get_game(game).new(seed=seed)
        random = RandomAgent(seed)
        played = 0
        for target in plies:
            while played < target and not state.is_over():
                (seat,) = state.to_act()
                state = state.apply(seat, random.choose(Observation(state, seat), Budget()))
                played += 1
            if state.is_over():
                break
            (seat,) = state.to_act()
            record = state.to_record()
            move = agent.choose(Observation(state, seat), Budget(seconds=None, nodes=300))
            assert move in state.legal_actions(seat)
            assert state.to_record() == record
