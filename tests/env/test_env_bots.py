"""The built-in levels as `pyspiel.Bot`s and PettingZoo policies, and their deterministic
mode (issue 32)."""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots

import regalia.env.openspiel  # noqa: F401
from regalia.env import regicida_v0
from regalia.env.bots import OpenSpielBot, bot_budget, pettingzoo_policy

REDUCED = {"players": 2, "reduced": True}


def test_deterministic_mode_drops_the_clock() -> None:
    assert bot_budget("regicida", "strong").seconds is not None  # the level's own time
    assert bot_budget("regicida", "strong", deterministic=True).seconds is None
    assert bot_budget("regulator", "strong", nodes=500).nodes == 500


def test_builtin_levels_are_pyspiel_bots_that_replay_from_a_seed() -> None:
    """OpenSpiel's own evaluate_bots plays them, in the simultaneous game and its
    turn-based form; the strong Regicida bot (it listens to every action) replays."""
    for game in (
        pyspiel.load_game("regalia_regicida", REDUCED),
        pyspiel.load_game_as_turn_based("regalia_regicida", REDUCED),
    ):
        runs = []
        for _ in range(2):
            bots = [
                OpenSpielBot(game, 0, "strong", seed=4, deterministic=True),
                OpenSpielBot(game, 1, "greedy", seed=5),
            ]
            assert all(isinstance(bot, pyspiel.Bot) for bot in bots)
            state = game.new_initial_state()
            returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
            runs.append((returns, bots[0]._seat._told))
        assert runs[0] == runs[1]
        assert runs[0][1] == 2  # told both swaps (its own too) before it voted


def test_builtin_levels_are_pettingzoo_policies() -> None:
    env = regicida_v0.env(players=2, reduced=True)
    policy = pettingzoo_policy(env, "strong", seed=1, deterministic=True)
    histories = []
    for _ in range(2):
        env.reset(seed=8)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None if termination or truncation else policy(observation, agent)
            assert action is None or observation["action_mask"][action]
            env.step(action)
        histories.append(env.unwrapped.game_state.view(0)["history"])
    assert histories[0] == histories[1] and len(histories[0]) == 4
