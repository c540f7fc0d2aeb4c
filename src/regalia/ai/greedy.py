"""`OnePlyAgent`: one ply with an evaluation from the seat's point of view.

The chess games' `greedy` levels are this agent over their material count.
"""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.material import Evaluation
from regalia.core.seeds import Rng


class OnePlyAgent(Agent[Any]):
    """Plays the action whose resulting state evaluates best for its seat; ties at random.

    A move that ends the game is scored by its result, before any evaluation.
    """

    name = "greedy"

    def __init__(self, evaluate: Evaluation, seed: int = 0) -> None:
        self._evaluate = evaluate
        self._rng = Rng(seed)

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        state = obs.state
        best: list[Any] = []
        best_value = -float("inf")
        for action in obs.legal:
            after = state.apply(obs.seat, action)
            result = after.result()
            if result is not None:
                value = 1e9 * (result.outcomes[obs.seat].score - 0.5)
            else:
                value = self._evaluate(after, obs.seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._rng.choice(best)
