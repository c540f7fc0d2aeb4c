"""The ladder's weak levels for the chess games: a shallow search read with a noisy eye.

A `LadderAgent` plays the way a weaker player does, not the way a strong engine that
blunders at random does:

- it looks only `depth` plies ahead (plus the search's own quiescence of captures), and at
  most `nodes` nodes, so a tactic deeper than that is not seen;
- it ranks every candidate move at that depth (multipv) and misjudges each score by a
  Gaussian error of `noise` centipawns, so among moves that look alike it picks almost
  any, while a move that loses a piece outright is still seen as bad by most levels;
- it likes natural moves: captures and checks get `natural` centipawns on top.

The error is seeded from the agent's seed (derived from the game's) and the position's own
key, so the same game replays the same choices. Each chess game builds its levels from its
own search agent (regalia/ai/<game>/ladder.py); this module names no game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.search import scores
from regalia.ai.search.agent import SearchAgent
from regalia.ai.search.alphabeta import Report
from regalia.ai.search.limits import Limits
from regalia.core.seeds import Rng, derive

# Candidate moves a level ranks at most (the search orders them, best-looking first).
WIDTH = 24
_UNIT = float(1 << 64)


def gaussian(rng: Rng) -> float:
    """A standard normal deviate, near enough: the sum of twelve uniforms, less six."""
    return sum(rng.next64() / _UNIT for _ in range(12)) - 6.0


class LadderAgent(Agent[Any]):
    """A shallow, noisy reader of a game's own search (see the module)."""

    name = "ladder"

    def __init__(
        self,
        seed: int,
        engine: Callable[[int], SearchAgent[Any, Any]],
        depth: int,
        noise: float,
        natural: int = 0,
    ) -> None:
        self.seed = seed
        self.engine = engine(seed)
        self.depth = depth
        self.noise = noise
        self.natural = natural

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        if len(obs.legal) == 1:
            return obs.legal[0]
        engine = self.engine
        domain = engine.searcher.domain
        pos = engine.position(obs.state)
        lines: dict[int, list[Report[Any]]] = {}

        def heard(line: Report[Any]) -> None:
            lines.setdefault(line.depth, []).append(line)

        limits = Limits(depth=self.depth, nodes=budget.nodes)
        best = engine.searcher.search(
            pos, limits, engine.history(pos), on_iteration=heard, multipv=min(WIDTH, len(obs.legal))
        )
        ranked = lines[max(lines)] if lines else []
        if not ranked:
            return best.move if best.move in obs.legal else obs.legal[0]
        rng = Rng(derive(self.seed, f"ladder:{domain.key(pos)}"))
        choice, top = best.move, float("-inf")
        for line in ranked:
            move = line.move
            if move not in obs.legal:
                continue
            seen = float(line.score)
            if not scores.is_mate(line.score):
                seen += self.noise * gaussian(rng) + self._natural(domain, pos, move)
            if seen > top:
                choice, top = move, seen
        return choice if choice in obs.legal else obs.legal[0]

    def _natural(self, domain: Any, pos: Any, move: Any) -> float:
        """The bonus a natural move gets: a capture or a check."""
        if not self.natural:
            return 0.0
        if domain.capture_score(pos, move) > 0:
            return float(self.natural)
        domain.push(pos, move)
        try:
            checks = bool(domain.in_check(pos))
        finally:
            domain.pop(pos)
        return float(self.natural) if checks else 0.0


# The chess games' four numbered levels, weakest first: (depth, noise, natural).
CHESS_LEVELS = (
    (1, 250.0, 80),  # one ply and a very rough eye; captures and checks look good
    (1, 100.0, 40),  # one ply, a rough eye
    (2, 50.0, 20),  # two plies: sees the reply, not the tactic behind it
    (3, 25.0, 0),  # three plies, a fair eye
)
AgentFactory = Callable[[int], Agent[Any]]


def chess_levels(engine: Callable[[int], SearchAgent[Any, Any]]) -> tuple[AgentFactory, ...]:
    """A game's numbered levels (`CHESS_LEVELS`) as agent factories over its own search."""

    def level(depth: int, noise: float, natural: int) -> AgentFactory:
        return lambda seed: LadderAgent(seed, engine, depth=depth, noise=noise, natural=natural)

    return tuple(level(*settings) for settings in CHESS_LEVELS)
