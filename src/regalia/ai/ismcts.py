"""Information-set Monte Carlo tree search (single observer), for any game.

Each iteration deals a full state consistent with what the seat knows
(`Observation.sample_state`: the state itself for perfect-information games, so this is
plain MCTS there), walks one shared tree whose edges are actions, and backs up the random
playout's result. A child's UCB counts only the iterations in which its action was legal
(its "availability"), as in Cowling, Powley and Whitehouse's SO-ISMCTS. Several seats acting
at once (a secret vote) are searched as if they acted one after another, this agent first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.core.game import Seat, State
from regalia.core.seeds import Rng

DEFAULT_ITERATIONS = 200
# Random chess games wander for hundreds of plies: a playout stops here and is scored by
# `cutoff` (each seat's reward in 0..1), or as a draw without one.
PLAYOUT_PLIES = 40
EXPLORATION = 0.7

Cutoff = Callable[[State[Any]], list[float]]


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat  # who took the action leading here
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class IsmctsAgent(Agent[Any]):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        exploration: float = EXPLORATION,
        cutoff: Cutoff | None = None,
        playout_plies: int = PLAYOUT_PLIES,
    ) -> None:
        self._rng = Rng(seed)
        self._exploration = exploration
        self._cutoff = cutoff
        self._playout_plies = playout_plies

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        root = _Node(obs.seat)
        deadline = time.monotonic() + budget.seconds if budget.seconds else None
        iterations = budget.nodes or (None if deadline else DEFAULT_ITERATIONS)
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.monotonic() < deadline or done == 0
        ):
            self._iterate(root, obs.sample_state(self._rng.next64() & 0x7FFF_FFFF))
            done += 1
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _iterate(self, root: _Node, state: State[Any]) -> None:
        node = root
        path = [root]
        # Selection and expansion.
        while not state.is_over():
            acting = state.to_act()
            # The root is this agent's decision, also when others act at once (a secret vote):
            # its children must be its own actions, never another seat's.
            seat = root.seat if node is root and root.seat in acting else min(acting)
            legal = list(state.legal_actions(seat))
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self._rng.choice(untried)
                child = _Node(seat)
                node.children[action] = child
                state = state.apply(seat, action)
                path.append(child)
                break
            for a in legal:
                node.children[a].avail += 1
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            state = state.apply(seat, action)
            path.append(node)
        rewards = self._playout(state)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    def _ucb(self, child: _Node) -> float:
        mean = child.reward / child.visits
        return mean + self._exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)

    def _playout(self, state: State[Any]) -> list[float]:
        plies = 0
        while not state.is_over() and plies < self._playout_plies:
            seat = min(state.to_act())
            state = state.apply(seat, self._rng.choice(list(state.legal_actions(seat))))
            plies += 1
        result = state.result()
        if result is None:
            return self._cutoff(state) if self._cutoff else [0.5] * state.players
        return [o.score for o in result.outcomes]
