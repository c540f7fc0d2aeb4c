"""Agent levels by name, per game: the one place that turns "greedy" into an agent.

- `random`: a uniformly random legal action.
- `greedy`: one ply with the game's evaluation (material for the chess games; its own
  House's objective score for Regicida, from its view only).
- `strong`: the chess engines' alpha-beta for Regulator and Regicide; for Regicida the
  identity-inference agent.
- `ismcts`: information-set Monte Carlo tree search, the same code for every game; a
  baseline for the strong agents.
"""

from __future__ import annotations

import importlib
from typing import Any

from regalia.ai.base import Agent, Budget, RandomAgent
from regalia.core.errors import BadNotation
from regalia.core.registry import GAME_MODULES

LEVELS = ("random", "greedy", "strong", "ismcts")

# Where each game's strong agent lives; each module defines `StrongAgent(seed: int)`.
_STRONG = {
    "regulator": "regalia.ai.regulator.agent",
    "regicide": "regalia.ai.regicide.agent",
    "regicida": "regalia.ai.regicida.agent",
}


def levels_for(game: str) -> tuple[str, ...]:
    """The bot levels `make_agent` knows for `game`, weakest first."""
    _check_game(game)
    return LEVELS


def make_agent(game: str, level: str, seed: int = 0) -> Agent[Any]:
    """An agent of `level` for `game` ("regulator", "regicide", "regicida")."""
    name = _check_game(game)
    key = level.strip().lower()
    if key == "random":
        return RandomAgent(seed)
    if key == "greedy":
        from regalia.ai.greedy import make_greedy

        return make_greedy(name, seed)
    if key == "ismcts":
        from regalia.ai.ismcts import IsmctsAgent

        if name == "regicida":  # short and finite: playouts run to the end
            return IsmctsAgent(seed, playout_plies=1000)
        from regalia.ai.material import material_rewards

        return IsmctsAgent(seed, cutoff=material_rewards(name))
    if key == "strong":
        return _strong(name, seed)
    raise BadNotation(f"unknown bot level {level!r} for {name}; choose one of {', '.join(LEVELS)}")


def budget_for(game: str, level: str) -> Budget:
    """The thinking budget a level gets when nobody sets one (bots at tables, the arena).

    Levels that stop on their own (random, greedy) get no clock; searches get a node or time
    bound. The arena drops the clock to replay matches exactly.
    """
    name = _check_game(game)
    key = level.strip().lower()
    if key == "ismcts":
        return Budget(seconds=None, nodes=200)
    if key == "strong":
        # Regicida's strong agent stops on its own; the clock only cuts its playouts short.
        return Budget(seconds=1.0 if name != "regicida" else 2.0)
    return Budget(seconds=None)


def _strong(game: str, seed: int) -> Agent[Any]:
    if game not in _STRONG:
        raise BadNotation(f"{game} has no strong bot")
    try:
        module = importlib.import_module(_STRONG[game])
    except ModuleNotFoundError as exc:
        if exc.name is not None and _STRONG[game].startswith(exc.name):
            raise BadNotation(f"the strong bot for {game} is not available yet") from None
        raise
    factory = getattr(module, "StrongAgent", None)
    if factory is None:
        raise BadNotation(f"the strong bot for {game} is not available yet")
    agent: Agent[Any] = factory(seed)
    return agent


def _check_game(game: str) -> str:
    name = game.strip().lower()
    if name not in GAME_MODULES:
        raise BadNotation(f"unknown game {game!r}; choose one of {', '.join(GAME_MODULES)}")
    return name
