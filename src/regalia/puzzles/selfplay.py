"""Self-play games of a game's analysing level, for mining: a few seeded random plies first
(so deterministic engines play a different game each time), then every seat searches a
bounded number of nodes (so a run replays exactly)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from regalia.ai.analysis import level_for
from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.game import Game, State
from regalia.core.seeds import Rng, derive

RANDOM_PLIES = 4
PLAY_NODES = 4_000
MAX_PLIES = 160


def selfplay(game: Game[Any], seed: int, nodes: int = PLAY_NODES) -> list[State[Any]]:
    """Every state of one seeded self-play game, from its start."""
    rng = Rng(derive(seed, f"puzzles:{game.name}"))
    state = game.new(seed)
    level = level_for(game)
    agents = [make_agent(game, level, seed * 10 + seat) for seat in range(state.players)]
    states = [state]
    budget = Budget(seconds=None, nodes=nodes)
    while state.result() is None and state.to_act() and len(states) <= MAX_PLIES:
        seat = sorted(state.to_act())[0]
        legal = list(state.legal_actions(seat))
        if len(states) <= RANDOM_PLIES:
            action = rng.choice(legal)
        else:
            action = agents[seat].choose(Observation(state, seat), budget)
        state = state.apply(seat, action)
        states.append(state)
    return states


def selfplay_games(
    game: Game[Any], first: int, count: int, nodes: int
) -> Iterator[tuple[int, list[State[Any]]]]:
    for seed in range(first, first + count):
        yield seed, selfplay(game, seed, nodes)
