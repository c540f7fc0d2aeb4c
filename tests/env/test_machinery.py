"""The generic env machinery against a toy game: PettingZoo API, seeding and secret votes.
(OpenSpiel's side is tested on the real games, in test_openspiel.py.)"""

from __future__ import annotations

import warnings

import numpy as np
from pettingzoo.test import api_test, seed_test

from regalia.env.aec import RegaliaEnv, wrap
from tests.env.toy import ToyAdapter
from tests.env.walk import API_WARNINGS


def toy_env(players: int = 3) -> RegaliaEnv:
    return RegaliaEnv(ToyAdapter(players), render_mode="ansi")


@API_WARNINGS
def test_toy_passes_pettingzoo_api_test() -> None:
    api_test(wrap(toy_env()), num_cycles=200)


def test_toy_passes_pettingzoo_seed_test() -> None:
    seed_test(lambda: wrap(toy_env()), num_cycles=100)


def test_reset_with_a_seed_replays_and_seed_method_agrees() -> None:
    first, second = toy_env(), toy_env()
    first.reset(seed=5)
    second.seed(5)
    second.reset()
    assert first.game_seed == second.game_seed
    assert first.agent_selection == second.agent_selection


def play_to_vote(env: RegaliaEnv) -> None:
    """Add 2 until the counter reaches six: three turns."""
    for _ in range(3):
        env.step(env.adapter.action_index("add 2"))


def test_earlier_votes_stay_hidden_until_all_are_in() -> None:
    env = toy_env()
    env.reset(seed=1)
    play_to_vote(env)
    assert env.agent_selection == "player_0"
    before = {a: env.observe(a)["observation"].copy() for a in env.agents}
    env.step(env.adapter.action_index("vote 1"))
    env.step(env.adapter.action_index("vote 0"))
    # Two votes are cast; the third voter's observation is exactly as before any vote.
    assert env.agent_selection == "player_2"
    assert np.array_equal(env.observe("player_2")["observation"], before["player_2"])
    assert env.game_state.result() is None
    env.step(env.adapter.action_index("vote 1"))
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0, "player_2": 1.0}


def test_mask_only_for_the_agent_to_act() -> None:
    env = toy_env()
    env.reset(seed=3)
    acting = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.any() == (agent == acting)


def test_illegal_action_loses_through_the_wrapper() -> None:
    env = wrap(toy_env(2))
    env.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(env.unwrapped.adapter.action_index("vote 0"))
    assert all(env.terminations.values())
    assert -1 in env.rewards.values()


def test_render_ansi_is_text_without_secrets() -> None:
    env = toy_env()
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    assert '"secret": null' in text
