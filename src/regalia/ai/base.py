"""The agent contract: an agent sees its seat's observation and a time budget, returns an action."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from regalia.core.game import Seat, State
from regalia.core.seeds import Rng

A = TypeVar("A")


@dataclass(frozen=True)
class Budget:
    """How long an agent may think: any of time (seconds), depth and nodes may bound it."""

    seconds: float | None = 1.0
    depth: int | None = None
    nodes: int | None = None


class Observation(Generic[A]):
    """What one seat may know: its view and its legal actions.

    The full state is handed out only for games of perfect information, so an agent of a
    hidden-information game cannot peek even by accident.
    """

    def __init__(self, state: State[A], seat: Seat) -> None:
        self.seat = seat
        self.view: dict[str, Any] = state.view(seat)
        self.legal: Sequence[A] = state.legal_actions(seat)
        self._state = state

    @property
    def state(self) -> State[A]:
        if not self._state.game.perfect_information:
            raise PermissionError(f"{self._state.game.title} hides information: use the view")
        return self._state

    def sample_state(self, seed: int) -> State[A]:
        """A full state consistent with this seat's view, for search by determinization.

        Hidden-information games deal the unseen parts afresh from `seed`
        (`State.sample_hidden(seat, seed)`), so an agent never touches the true hidden state;
        perfect-information games return the state itself.
        """
        if self._state.game.perfect_information:
            return self._state
        sampler = getattr(self._state, "sample_hidden", None)
        if sampler is None:
            raise PermissionError(f"{self._state.game.title} cannot sample hidden information")
        sampled: State[A] = sampler(self.seat, seed)
        return sampled

    def describe(self, action: A) -> str:
        return self._state.describe(action)


class Agent(ABC, Generic[A]):
    """A player. `choose` must return one of `obs.legal`."""

    name: str = "agent"

    @abstractmethod
    def choose(self, obs: Observation[A], budget: Budget) -> A: ...

    def observe(self, seat: Seat, description: str, view: dict[str, Any]) -> None:
        """Told about every action taken (by anyone) as the seat may see it; optional."""

    def report(self) -> dict[str, float]:
        """Numbers about the games played so far (e.g. inference hits), summed by the arena."""
        return {}


class RandomAgent(Agent[Any]):
    """Uniformly random legal actions, seeded for reproducible games."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        return self._rng.choice(list(obs.legal))
