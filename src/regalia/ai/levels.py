"""Agent levels by name: the one place that turns "greedy" into an agent.

Each game declares its levels (`Game.bot_levels`): a name, the agent's factory and the
thinking budget it gets when nobody sets one. This module only looks them up.
"""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent, Budget
from regalia.ai.pure import SUFFIX, PureAgent
from regalia.core.errors import BadNotation
from regalia.core.game import BotLevel, Game
from regalia.core.registry import get_game, load_ref


def _game(game: str | Game[Any]) -> Game[Any]:
    return get_game(game) if isinstance(game, str) else game


def levels_for(game: str | Game[Any]) -> tuple[str, ...]:
    """The bot levels `game` offers, weakest first."""
    return tuple(level.name for level in _game(game).bot_levels)


def is_level(game: str | Game[Any], level: str) -> bool:
    """Whether `make_agent` knows `level`: one of `levels_for`, or one of them + "-pure"
    (the same level on the interpreted path, for the arena; see regalia.ai.pure)."""
    known = levels_for(game)
    return level in known or (level.endswith(SUFFIX) and level.removesuffix(SUFFIX) in known)


def make_agent(game: str | Game[Any], level: str, seed: int = 0) -> Agent[Any]:
    """An agent of `level` for `game`; BadNotation names the levels there are."""
    if level.endswith(SUFFIX) and level not in levels_for(game):
        _game(game).level(level.removesuffix(SUFFIX))  # BadNotation if unknown
        return PureAgent(_game(game).name, level.removesuffix(SUFFIX), seed)
    spec = _game(game).level(level)
    try:
        factory = load_ref(spec.agent)
    except (ImportError, AttributeError) as exc:
        raise BadNotation(f"the {spec.name} bot cannot be loaded ({spec.agent})") from exc
    agent: Agent[Any] = factory(seed)
    return agent


def budget_for(game: str | Game[Any], level: str) -> Budget:
    """The thinking budget a level gets when nobody sets one (bots at tables, the arena).

    Levels that stop on their own (random, greedy) get no clock; searches get a node or time
    bound. The arena drops the clock to replay matches exactly.
    """
    if level.endswith(SUFFIX) and level not in levels_for(game):
        level = level.removesuffix(SUFFIX)
    spec: BotLevel = _game(game).level(level)
    return Budget(seconds=spec.seconds, nodes=spec.nodes)
