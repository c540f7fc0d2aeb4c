"""The batched environments (`regalia.env.vector`) against the one-game engines.

Seeded random games are played side by side in a batch and in as many PettingZoo
environments: at every step each game's observation, mask (its legal moves, numbered),
seat to act, rewards and end must be the PettingZoo env's, and a game that ends must leave
every seat's final observation and start again. The interpreted path plays the same games
to the same digest, and two worker processes play them as one does.
"""

from __future__ import annotations

import hashlib
from typing import Any

import gymnasium
import numpy as np
import pytest

from regalia.env import regicida_v0, regicide_v0, regulator_v0, vector
from tests.games.paths import needs_compiled, run_interpreted, same_here

PETTINGZOO = {"regulator": regulator_v0, "regicide": regicide_v0}
COMPILED = ("regicida", "regicide", "regulator")
SIZES = {"regulator": (6, 700), "regicide": (4, 320)}  # games, steps: a few games end


def _random_actions(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One legal action per game, uniformly (NumPy: a random key per legal action)."""
    keys = rng.random(mask.shape) * mask
    return np.asarray(keys.argmax(axis=1), np.int64)


@pytest.mark.parametrize("name", sorted(PETTINGZOO))
def test_a_batch_plays_as_the_pettingzoo_envs_move_for_move(name: str) -> None:
    count, steps = SIZES[name]
    env = vector.make(name, count, seed=3)
    games = [PETTINGZOO[name].raw_env() for _ in range(count)]
    for game in games:
        game.reset(seed=0)
    obs, mask, to_play = env.reset()
    rng = np.random.default_rng(11)
    endings = 0
    for step in range(steps):
        for i, game in enumerate(games):
            agent = game.agent_selection
            assert to_play[i] == game._seat[agent]
            seen = game.observe(agent)
            assert np.array_equal(obs[i], seen["observation"])
            assert np.array_equal(mask[i], seen["action_mask"])
        actions = _random_actions(rng, mask)
        movers = to_play.copy()
        obs, mask, rewards, terminated, truncated = env.step(actions)
        assert not truncated.any()
        for i, game in enumerate(games):
            game.step(int(actions[i]))
            ended = all(game.terminations.values())
            assert terminated[i] == ended
            assert rewards[i].tolist() == [game.rewards[a] for a in game.possible_agents]
            if ended:
                endings += 1
                for seat, agent in enumerate(game.possible_agents):
                    assert np.array_equal(
                        env.final_obs[i, seat], game.observe(agent)["observation"]
                    )
                game.reset(seed=0)
            elif step % 100 == 0:  # the whole position, history included
                assert game.game_state.history() == env.state(i).history()
            assert movers[i] != to_play[i] or ended
    assert endings >= 2  # the test saw games end, restart and go on


def test_a_regicida_batch_plays_as_the_pettingzoo_env_votes_included() -> None:
    count = 3
    env = vector.make("regicida", count, seed=7)
    games = [regicida_v0.raw_env() for _ in range(count)]

    def deal(i: int) -> None:  # the PettingZoo env plays the batch's deal of game i
        games[i].reset(seed=0)
        games[i].game_state = env.state(i)
        games[i].agent_selection = games[i]._next_agent()

    obs, mask, to_play = env.reset()
    for i in range(count):
        deal(i)
    rng = np.random.default_rng(1)
    endings = votes = 0
    for _ in range(160):
        for i, game in enumerate(games):
            agent = game.agent_selection
            assert to_play[i] == game._seat[agent]
            seen = game.observe(agent)
            assert np.array_equal(obs[i], seen["observation"])
            assert np.array_equal(mask[i], seen["action_mask"])
            votes += len(game.game_state.to_act()) > 1
        actions = _random_actions(rng, mask)
        obs, mask, rewards, terminated, _ = env.step(actions)
        for i, game in enumerate(games):
            game.step(int(actions[i]))
            ended = all(game.terminations.values())
            assert terminated[i] == ended
            assert rewards[i].tolist() == [game.rewards[a] for a in game.possible_agents]
            if ended:
                endings += 1
                for seat, agent in enumerate(game.possible_agents):
                    assert np.array_equal(
                        env.final_obs[i, seat], game.observe(agent)["observation"]
                    )
                deal(i)
    assert endings >= 2 and votes >= 8


def test_a_regicida_seat_sees_only_what_it_may_know() -> None:
    """Each observation is the same whatever the seat cannot see: the other seats'
    Identities, the unused Houses, the tokens under the piles' tops, the votes cast so far
    (`sample_hidden` deals those again, consistently with the seat's knowledge)."""
    env = vector.make("regicida", 2, seed=3)
    adapter = env.adapter
    obs, mask, to_play = env.reset()
    rng = np.random.default_rng(3)
    differed = 0
    for step in range(120):
        if step % 6 == 0:
            for i in range(2):
                state, seat = env.state(i), int(to_play[i])
                for k in range(3):
                    other = state.sample_hidden(seat, k)  # type: ignore[attr-defined]
                    differed += other._pos.identities != state._pos.identities  # type: ignore[attr-defined]
                    assert np.array_equal(
                        obs[i].reshape(-1), adapter.observe(other, seat).reshape(-1)
                    )
        obs, mask, *_ = env.step(_random_actions(rng, mask))
    assert differed >= 10  # the secrets were really dealt otherwise


def test_a_game_past_max_steps_is_truncated_and_starts_again() -> None:
    env = vector.make("regulator", 3, seed=0, max_steps=10)
    obs, mask, _ = env.reset()
    first = (obs.copy(), mask.copy())
    rng = np.random.default_rng(0)
    for ply in range(1, 11):
        _, _, rewards, terminated, truncated = env.step(_random_actions(rng, mask))
        assert truncated.all() == (ply == 10) and not terminated.any()
        assert not rewards.any()
    assert np.array_equal(obs, first[0]) and np.array_equal(mask, first[1])
    assert env.final_obs[:, 0, 19].sum() == 0  # no seat to act in a finished game


def test_illegal_actions_are_refused_with_nothing_played_and_minus_one_waits() -> None:
    env = vector.make("regulator", 4, seed=0)
    obs, mask, to_play = env.reset()
    legal = _random_actions(np.random.default_rng(1), mask)
    wrong = legal.copy()
    wrong[2] = int(np.flatnonzero(mask[2] == 0)[0])
    before = obs.copy()
    with pytest.raises(ValueError, match="not legal in game 2"):
        env.step(wrong)
    with pytest.raises(ValueError, match="4 integers"):
        env.step(legal[:3])
    assert np.array_equal(obs, before)
    waiting = legal.copy()
    waiting[1] = -1
    env.step(waiting)
    assert to_play.tolist() == [1, 0, 1, 1]
    assert np.array_equal(obs[1], before[1]) and not np.array_equal(obs[0], before[0])
    with pytest.raises(ValueError, match="no batched environment"):
        vector.make("chess", 2)


def digest(name: str, count: int, steps: int, seed: int) -> str:
    """Hash of a seeded batch: NumPy-chosen steps, then compiled-loop random steps."""
    env = vector.make(name, count, seed=seed, max_steps=60)
    rng = np.random.default_rng(seed)
    _, mask, _ = env.reset()
    hashed = hashlib.sha256()
    for _ in range(steps):
        arrays: tuple[Any, ...] = env.step(_random_actions(rng, mask))
        for array in (*arrays, env.to_play, env.final_obs):
            hashed.update(array.tobytes())
    env.random_steps(steps)
    for array in (env.obs, env.mask, env.to_play, env.rewards, env.final_obs):
        hashed.update(array.tobytes())
    return hashed.hexdigest()


def digests(names: list[str], count: int, steps: int, seed: int) -> list[str]:
    return [digest(name, count, steps, seed) for name in names]


@needs_compiled
def test_the_interpreted_path_plays_the_same_games() -> None:
    ref, names = "tests.env.test_vector:digests", list(COMPILED)
    assert run_interpreted(ref, names, 3, 70, 5) == same_here(ref, names, 3, 70, 5)


def test_two_workers_play_the_games_one_process_plays() -> None:
    one = vector.make("regulator", 8, seed=4, max_steps=50)
    two = vector.make("regulator", 8, seed=4, max_steps=50, workers=2)
    try:
        for env in (one, two):
            env.reset()
            assert env.random_steps(90) == 8 * 90
        assert np.array_equal(one.obs, two.obs) and np.array_equal(one.mask, two.mask)
        assert np.array_equal(one.final_obs, two.final_obs)
        rng = np.random.default_rng(2)
        for _ in range(5):
            actions = _random_actions(rng, one.mask)
            for env in (one, two):
                env.step(actions)
            assert np.array_equal(one.obs, two.obs) and np.array_equal(one.mask, two.mask)
        assert one.state(6).to_record() == two.state(6).to_record()
        bad = _random_actions(rng, two.mask)
        bad[7] = 9999
        with pytest.raises(ValueError, match="not legal in game 7"):
            two.step(bad)
    finally:
        two.close()
    hidden = [vector.make("regicida", 4, seed=4, workers=w) for w in (1, 2)]
    try:
        for env in hidden:
            env.reset()
            env.random_steps(40)
        assert np.array_equal(hidden[0].obs, hidden[1].obs)
        assert hidden[0].state(3).view(0) == hidden[1].state(3).view(0)
    finally:
        hidden[1].close()


def _first_legal(obs: Any, mask: Any, to_play: Any) -> Any:
    return mask.argmax(axis=1)


def test_versus_vector_env_plays_the_learner_against_the_opponent_in_every_game() -> None:
    from regalia.env.vector_adapters import VersusVectorEnv

    envs = VersusVectorEnv("regulator", 3, seat=1, opponent=_first_legal, max_steps=30)
    obs, _ = envs.reset(seed=0)
    single = regulator_v0.raw_env()
    single.reset(seed=0)
    single.step(int(single.observe("player_0")["action_mask"].argmax()))  # White's first
    for ply in range(1, 16):  # the learner's 15 moves: the 30th ply truncates
        seen = single.observe("player_1")
        for i in range(3):  # every game is the one game played by the same two policies
            assert np.array_equal(obs["observation"][i], seen["observation"])
            assert np.array_equal(obs["action_mask"][i], seen["action_mask"])
        action = int(seen["action_mask"].argmax())
        obs, _, terminated, truncated, info = envs.step(np.full(3, action))
        assert not terminated.any() and truncated.all() == (ply == 15)
        single.step(action)
        if ply < 15:
            single.step(int(single.observe("player_0")["action_mask"].argmax()))
    assert info["_final_obs"].all()
    assert np.array_equal(
        info["final_obs"][2]["observation"], single.observe("player_1")["observation"]
    )
    assert envs.single_action_space == gymnasium.spaces.Discrete(870)
    assert envs.action_space.shape == (3,)
    envs.close()


def test_versus_vector_env_against_random_and_a_builtin_level() -> None:
    from regalia.env.vector_adapters import VersusVectorEnv, random_choice

    def play(opponent: str, steps: int) -> list[float]:
        envs = VersusVectorEnv("regulator", 4, opponent=opponent, max_steps=40)
        obs, _ = envs.reset(seed=5)
        rng = np.random.default_rng(5)
        got = []
        for _ in range(steps):
            assert (envs.env.to_play == 0).all() and obs["action_mask"].any(axis=1).all()
            obs, rewards, *_ = envs.step(random_choice(rng, obs["action_mask"]))
            got.extend(rewards.tolist())
        return got

    assert play("random", 30) == play("random", 30)  # seeded: the same games again
    assert len(play("greedy", 3)) == 12
    with pytest.raises(Exception, match="random"):
        VersusVectorEnv("regulator", 2, opponent="nobody")


def test_the_parallel_view_plays_the_acting_agents_action() -> None:
    from regalia.env.vector_adapters import ParallelVectorEnv

    env = ParallelVectorEnv("regulator", 2)
    observations, _ = env.reset(seed=0)
    assert env.agents == ["player_0", "player_1"]
    assert observations["player_0"]["action_mask"].any(axis=1).all()
    assert not observations["player_1"]["action_mask"].any()
    white = observations["player_0"]["action_mask"].argmax(axis=1)
    observations, rewards, terminations, *_ = env.step(
        {"player_0": white, "player_1": np.full(2, -1)}
    )
    assert observations["player_1"]["action_mask"].any(axis=1).all()
    assert not observations["player_0"]["action_mask"].any()
    assert rewards["player_0"].tolist() == [0.0, 0.0] and not terminations["player_1"].any()
    env.close()
