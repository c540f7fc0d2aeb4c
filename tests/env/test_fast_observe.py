"""The env's fast paths return exactly what the slow reference path returns.

The reference is the plain contract: planes from `state.view(seat)` through the adapter's
`planes`, and the mask from `legal_actions` numbered by `State.encode`. Seeded episodes of
each game go through the PettingZoo environment, and at every step every agent's
observation, mask, reward, termination, truncation and info must equal the reference, bit
for bit: the run checked against the reference and the run unchecked hash alike.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from typing import Any

import numpy as np
import pytest

from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter
from regalia.env.adapters import make_adapter
from tests.env.walk import random_states

GAMES = ("regulator", "regicide", "regicida")


def reference_planes(adapter: Adapter, state: State[Any], seat: Seat) -> np.ndarray:
    return adapter.planes(state.view(seat), seat)


def reference_mask(adapter: Adapter, state: State[Any], seat: Seat) -> np.ndarray:
    mask = np.zeros(adapter.num_actions, dtype=np.int8)
    for action in state.legal_actions(seat):
        mask[adapter.vocabulary.index(state.encode(action))] = 1
    return mask


@pytest.mark.parametrize("name", GAMES)
def test_adapter_observe_equals_the_planes_of_the_view(name: str) -> None:
    adapter = make_adapter(name)
    for seed in range(1, 4):
        for state in random_states(adapter, seed, 400):
            for seat in range(adapter.players):
                fast = adapter.observe(state, seat)
                slow = reference_planes(adapter, state, seat)
                assert fast.dtype == slow.dtype and fast.shape == slow.shape
                assert np.array_equal(fast, slow), (seed, seat, state.view(None))
            for seat in sorted(state.to_act()):
                assert (
                    adapter.mask(state, seat).tolist()
                    == reference_mask(adapter, state, seat).tolist()
                )


def _episode_digest(name: str, seed: int, reference: bool) -> str:
    module = importlib.import_module(f"regalia.env.{name}_v0")
    env = module.raw_env()
    adapter = env.adapter
    rng = random.Random(seed)
    digest = hashlib.sha256()
    env.reset(seed=seed)
    for agent in env.agent_iter(max_iter=2000):
        observation, reward, terminated, truncated, info = env.last()
        if reference:
            seat = env._seat[agent]
            to_move = agent == env.agent_selection and not env.game_state.is_over()
            expected = reference_planes(adapter, env.game_state, seat)
            mask = reference_mask(adapter, env.game_state, seat)
            if not to_move:
                mask[:] = 0
            assert np.array_equal(observation["observation"], expected)
            assert np.array_equal(observation["action_mask"], mask)
        for array in (observation["observation"], observation["action_mask"]):
            digest.update(str(array.dtype).encode())
            digest.update(array.tobytes())
        digest.update(repr((agent, reward, terminated, truncated, sorted(info.items()))).encode())
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return digest.hexdigest()


@pytest.mark.parametrize("name", GAMES)
def test_env_episodes_equal_the_reference_path(name: str) -> None:
    for seed in (1, 2):
        assert _episode_digest(name, seed, reference=True) == _episode_digest(
            name, seed, reference=False
        )


def _wrapped_run(env: Any, seed: int, illegal_at: int) -> list[Any]:
    """Everything `last()` and the env's dicts say over one random game, through the
    wrappers; at ply `illegal_at` an illegal action is tried (the game then ends)."""
    rng = random.Random(seed)
    seen: list[Any] = [str(env)]
    env.reset(seed=seed)
    for ply, agent in enumerate(env.agent_iter(max_iter=300)):
        observation, reward, terminated, truncated, info = env.last()
        seen.append(
            (
                agent,
                observation["observation"].tobytes(),
                observation["action_mask"].tobytes(),
                reward,
                terminated,
                truncated,
                dict(info),
                dict(env.rewards),
                dict(env.terminations),
                dict(env.truncations),
                list(env.agents),
            )
        )
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if ply == illegal_at:
            env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
        else:
            env.step(int(legal[rng.randrange(len(legal))]))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_wrapped_env_reads_as_pettingzoos_own_wrappers(name: str) -> None:
    from pettingzoo.utils import wrappers

    module = importlib.import_module(f"regalia.env.{name}_v0")
    for seed, illegal_at in ((1, 10**6), (2, 7)):
        plain: Any = wrappers.TerminateIllegalWrapper(module.raw_env(), illegal_reward=-1)
        plain = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(plain))
        assert _wrapped_run(module.env(), seed, illegal_at) == _wrapped_run(plain, seed, illegal_at)


def test_action_space_contains_as_discrete_does() -> None:
    import gymnasium

    from regalia.env.aec import _Actions

    ours, theirs = _Actions(7), gymnasium.spaces.Discrete(7)
    for x in (-1, 0, 3, 6, 7, 2**70, True, np.int64(3), np.int8(9), np.array(2), 2.0, "1", None):
        assert ours.contains(x) == theirs.contains(x), x


def _outcome(call: Any) -> Any:
    """What a call does: its answer's repr, or its error's type and message; and the
    warnings PettingZoo's logger gave meanwhile."""
    from pettingzoo.utils.env_logger import EnvLogger

    EnvLogger.flush()
    try:
        result = call()
        answer: Any = ("returned", None if result is None else repr(result))
    except Exception as exc:  # the error is what is compared
        answer = ("raised", type(exc).__name__, str(exc))
    warned = list(EnvLogger.mqueue)
    EnvLogger.flush()
    return answer, warned


def _misuse(env: Any) -> list[Any]:
    """Calls out of order, out of range and after the end, one after another."""
    seen = [
        _outcome(lambda: env.step(0)),
        _outcome(lambda: env.observe("player_0")),
        _outcome(lambda: env.last()),
        _outcome(lambda: env.agent_selection),
        _outcome(lambda: env.rewards),
        _outcome(lambda: env.agent_iter()),
    ]
    env.reset(seed=5)
    seen.append(_outcome(lambda: env.agent_selection))
    seen.append(_outcome(lambda: env.last(observe=False)))
    turns = iter(env.agent_iter(max_iter=3))
    seen.append(_outcome(lambda: next(turns)))
    seen.append(_outcome(lambda: next(turns)))  # no step in between: refused
    seen.append(_outcome(lambda: env.step(env.action_space(env.agent_selection).n)))
    seen.append(_outcome(lambda: env.step(-1)))
    seen.append(_outcome(lambda: env.step(np.int64(10**6))))
    seen.append(_outcome(lambda: env.step(None)))
    # An illegal action ends the game; then everyone steps out with None, then once more.
    mask = env.observe(env.agent_selection)["action_mask"]
    seen.append(_outcome(lambda: env.step(int(np.flatnonzero(mask == 0)[0]))))
    while env.agents:
        seen.append((env.agent_selection, dict(env.rewards), dict(env._cumulative_rewards)))
        seen.append(_outcome(lambda: env.step(None)))
    seen.append(_outcome(lambda: env.step(None)))
    seen.append(_outcome(lambda: env.step(0)))
    seen.append(_outcome(lambda: next(iter(env.agent_iter()))))  # nobody is left
    return seen


def test_misuse_reads_as_pettingzoos_own_wrappers() -> None:
    from pettingzoo.utils import wrappers

    from regalia.env import regulator_v0

    plain: Any = wrappers.TerminateIllegalWrapper(regulator_v0.raw_env(), illegal_reward=-1)
    plain = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(plain))
    ours, theirs = _misuse(regulator_v0.env()), _misuse(plain)
    assert ours == theirs
    warned = [w for o in ours if isinstance(o[0], tuple) for w in o[1]]
    assert sum("Illegal move" in w for w in warned) == 1  # the misuse did happen
    assert sum("after all agents" in w for w in warned) == 2
