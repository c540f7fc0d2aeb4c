"""A Goofspiel bot of the plugin's own: a baseline between random bids and search."""

from __future__ import annotations

from regalia.ai.base import Agent, Budget, Observation
from regalia.core.seeds import Rng


class MatchAgent(Agent[int]):
    """Bids the card closest to the prize's value; a tie (one card above, one below) is broken
    by the seed, so games replay exactly. The class is the level's `factory(seed)`."""

    name = "match"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, obs: Observation[int], budget: Budget) -> int:
        legal = list(obs.legal)
        prize = obs.view.get("prize")
        if not isinstance(prize, int):
            return self._rng.choice(legal)
        gap = min(abs(card - prize) for card in legal)
        return self._rng.choice([card for card in legal if abs(card - prize) == gap])
