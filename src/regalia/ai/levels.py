"""Agent levels by name, per game: the one place that turns "greedy" into an agent."""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent, RandomAgent
from regalia.core.errors import BadNotation

LEVELS = ("random",)


def make_agent(game: str, level: str, seed: int = 0) -> Agent[Any]:
    """An agent of `level` for `game` ("regulator", "regicide", "regicida")."""
    key = level.strip().lower()
    if key == "random":
        return RandomAgent(seed)
    raise BadNotation(f"unknown bot level {level!r} for {game}; choose one of {', '.join(LEVELS)}")
