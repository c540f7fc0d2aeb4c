"""An `Agent` that plays by alpha-beta search; each chess game supplies its domain and how to
reach its engine position from the public `State`."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.search.alphabeta import Report, Searcher
from regalia.ai.search.domain import Domain
from regalia.ai.search.limits import Limits
from regalia.core.game import State
from regalia.core.seeds import Rng

P = TypeVar("P")
M = TypeVar("M", bound=Hashable)

# With no bound at all in the budget, search this deep rather than forever.
DEFAULT_DEPTH = 4
# Keep a little of the time budget for the work around the search (copying, replying).
TIME_SHARE = 0.9


class SearchAgent(Agent[Any], Generic[P, M]):
    """Searches a private copy of the position; keeps its table between moves of a game."""

    name = "strong"

    def __init__(self, seed: int, domain: Domain[P, M]) -> None:
        self.seed = seed
        self._rng = Rng(seed)
        self.searcher: Searcher[P, M] = Searcher(domain)
        self.last: Report[M] | None = None

    @abstractmethod
    def position(self, state: State[Any]) -> P:
        """A private engine position for `state` (the search pushes and pops on it)."""

    @abstractmethod
    def history(self, pos: P) -> Sequence[int]:
        """Keys of earlier positions that a repetition could return to."""

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        if len(obs.legal) == 1:
            return obs.legal[0]
        pos = self.position(obs.state)
        seconds = None if budget.seconds is None else budget.seconds * TIME_SHARE
        depth = budget.depth
        if depth is None and seconds is None and budget.nodes is None:
            depth = DEFAULT_DEPTH
        limits = Limits(depth=depth, nodes=budget.nodes, seconds=seconds)
        report = self.searcher.search(pos, limits, self.history(pos))
        self.last = report
        # Engine moves are the States' actions (both chess games use the same ints).
        if report.move is None or report.move not in obs.legal:
            return self._rng.choice(list(obs.legal))  # never expected; a legal move regardless
        return report.move
