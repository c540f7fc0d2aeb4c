"""The batched environments behind the interfaces researchers already use.

    from regalia.env.vector_adapters import VersusVectorEnv, ParallelVectorEnv

    envs = VersusVectorEnv("regulator", num_envs=64, seat=0, opponent="greedy")
    obs, info = envs.reset(seed=0)          # obs["observation"], obs["action_mask"]
    obs, rewards, terminated, truncated, info = envs.step(actions)

`VersusVectorEnv` is a Gymnasium `VectorEnv` of one learning seat against an opponent in
every other seat: a built-in level, by name (a level whose agent is the uniformly random one,
`RANDOM_LEVEL`'s, picks from the mask with NumPy in one call for all games; any other level
is the game's bot, asked game by game through a
core `State` rebuilt from the batch: slow, as the bot is) or a callable
`opponent(observation, action_mask, to_play) -> actions` over the whole batch (its actions
are read where an opponent is to act). Each `step` plays the learner's action, then the
opponents until the learner is to act again in every game; the reward is the learner's.
Auto-reset is Gymnasium's same-step mode: a game that ended is already the next game's
start, and `info["final_obs"][i]` (with `info["_final_obs"][i]` true) is the learner's view
of the position that ended it.

`ParallelVectorEnv` is PettingZoo's parallel API over the batch: every agent's observation
is the batch's arrays with its own mask (zeros where it is not to act), each `step` takes one
int64 array per agent, and the action of the agent to act is played in each game (the
others' entries are ignored; -1 is fine). Turn-based games fit it as OpenSpiel's sequential
games fit simultaneous solvers: one agent's action counts per game and step. Agents never
leave (games restart); `terminations[agent][i]` tells when game `i` ended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from pettingzoo import ParallelEnv

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.core.game import RANDOM_LEVEL
from regalia.env.vector import VectorEnv, make

Opponent = str | Callable[[Any, Any, Any], Any]


def _spaces(env: VectorEnv) -> tuple[gymnasium.spaces.Dict, gymnasium.spaces.Discrete]:
    planes = gymnasium.spaces.Box(0.0, 1.0, env.obs_shape, dtype=np.float32)
    mask = gymnasium.spaces.Box(0, 1, (env.num_actions,), dtype=np.int8)
    return (
        gymnasium.spaces.Dict({"observation": planes, "action_mask": mask}),
        gymnasium.spaces.Discrete(env.num_actions),
    )


def random_choice(rng: np.random.Generator, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per row of `mask` (0 for a row with none)."""
    keys = rng.random(mask.shape, dtype=np.float32)
    keys *= mask
    return np.asarray(keys.argmax(axis=1), np.int64)


class VersusVectorEnv(gymnasium.vector.VectorEnv):
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        num_envs: int,
        seat: int = 0,
        opponent: Opponent = RANDOM_LEVEL.name,
        *,
        workers: int = 1,
        max_steps: int | None = None,
        players: int | None = None,
        budget: Budget | None = None,
        **options: Any,
    ) -> None:
        self.env = make(
            game, num_envs, workers=workers, max_steps=max_steps, players=players, **options
        )
        if not 0 <= seat < self.env.num_players:
            self.env.close()
            raise ValueError(f"seat must be 0..{self.env.num_players - 1}")
        # Whether the opponent is the uniform random player: NumPy then picks for every game.
        self._uniform = False
        if isinstance(opponent, str):
            level = self.env.adapter.game.level(opponent)  # BadNotation names the levels
            self._uniform = level.agent == RANDOM_LEVEL.agent
        elif not callable(opponent):
            self.env.close()
            raise TypeError("opponent is a level name or a callable")
        self.num_envs = num_envs
        self.seat = seat
        self.opponent = opponent
        self.budget = budget
        self.single_observation_space, self.single_action_space = _spaces(self.env)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observation = {"observation": self.env.obs, "action_mask": self.env.mask}
        self._rng = np.random.default_rng()
        self._seed = 0
        self._bots: dict[tuple[int, int], Agent[Any]] = {}
        self._games = np.zeros(num_envs, np.int64)  # games started in each slot, for bot seeds

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._seed = seed
        self.env.reset(seed=seed)
        self._bots.clear()
        self._games[:] = 0
        self._advance(np.zeros(self.num_envs), {})
        return self._observation, {}

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        chosen = np.asarray(actions, np.int64)
        rewards = np.zeros(self.num_envs)
        ended: dict[str, Any] = {}
        self._play(chosen, rewards, ended)
        self._advance(rewards, ended)
        terminated = ended.get("terminated", np.zeros(self.num_envs, np.bool_))
        truncated = ended.get("truncated", np.zeros(self.num_envs, np.bool_))
        infos: dict[str, Any] = {}
        if "final" in ended:
            finals = np.empty(self.num_envs, object)
            done = ended["final"]
            for i in np.flatnonzero(done):
                finals[i] = {
                    "observation": ended["planes"][i],
                    "action_mask": np.zeros(self.env.num_actions, np.int8),
                }
            infos = {"final_obs": finals, "_final_obs": done}
        return self._observation, rewards, terminated, truncated, infos

    def _play(self, actions: Any, rewards: Any, ended: dict[str, Any]) -> None:
        """One batched step; the learner's rewards and first ends added into `ended`."""
        env = self.env
        _, _, got, terminated, truncated = env.step(actions)
        rewards += got[:, self.seat]
        over = terminated | truncated
        if not over.any():
            return
        if "final" not in ended:
            ended["final"] = np.zeros(self.num_envs, np.bool_)
            ended["planes"] = np.zeros((self.num_envs, *env.obs_shape), np.float32)
            ended["terminated"] = np.zeros(self.num_envs, np.bool_)
            ended["truncated"] = np.zeros(self.num_envs, np.bool_)
        first = over & ~ended["final"]
        ended["planes"][first] = env.final_obs[first, self.seat]
        ended["final"] |= over
        ended["terminated"] |= terminated
        ended["truncated"] |= truncated
        self._games[over] += 1
        for i in np.flatnonzero(over):
            for seat in range(env.num_players):
                self._bots.pop((int(i), seat), None)

    def _advance(self, rewards: Any, ended: dict[str, Any]) -> None:
        """Let the opponents play until the learner is to act in every game."""
        env = self.env
        while True:
            waiting = env.to_play != self.seat
            if not waiting.any():
                return
            actions = np.full(self.num_envs, -1, np.int64)
            actions[waiting] = self._opponent_actions(waiting)[waiting]
            self._play(actions, rewards, ended)

    def _opponent_actions(self, waiting: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        env = self.env
        if callable(self.opponent):
            return np.asarray(self.opponent(env.obs, env.mask, env.to_play), np.int64)
        if self._uniform:
            return random_choice(self._rng, env.mask)
        actions = np.zeros(self.num_envs, np.int64)
        for i in np.flatnonzero(waiting):
            state = env.state(int(i))
            seat = int(env.to_play[i])
            bot = self._bots.get((int(i), seat))
            if bot is None:
                # A seed per reset seed, slot, game in that slot and seat: reproducible.
                seed = self._seed * 1_000_003 + int(self._games[i]) * 64 + int(i) * 8 + seat
                bot = make_agent(env.game, self.opponent, seed)
                self._bots[(int(i), seat)] = bot
            budget = self.budget or budget_for(env.game, self.opponent)
            move = bot.choose(Observation(state, seat), budget)
            actions[i] = env.adapter.encode(state, move)
        return actions

    def close_extras(self, **kwargs: Any) -> None:
        self.env.close()


class ParallelVectorEnv(ParallelEnv):  # type: ignore[misc]  # untyped base
    metadata: dict[str, Any] = {"name": "regalia_vector_v0", "is_parallelizable": True}  # noqa: RUF012

    def __init__(self, game: str, num_envs: int, **kwargs: Any) -> None:
        self.env = make(game, num_envs, **kwargs)
        self.possible_agents = [self.env.adapter.agent_name(s) for s in range(self.env.num_players)]
        self.agents = self.possible_agents[:]
        single, action = _spaces(self.env)
        self._observation_space = batch_space(single, num_envs)
        self._action_space = batch_space(action, num_envs)
        self._masks = np.zeros((self.env.num_players, num_envs, self.env.num_actions), np.int8)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        env = self.env
        for seat in range(env.num_players):
            np.multiply(env.mask, (env.to_play == seat)[:, None], out=self._masks[seat])
        return {
            agent: {"observation": env.obs, "action_mask": self._masks[seat]}
            for seat, agent in enumerate(self.possible_agents)
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.env.reset(seed=seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        env = self.env
        table = np.stack([np.asarray(actions[agent], np.int64) for agent in self.possible_agents])
        chosen = table[env.to_play, np.arange(env.num_envs)]
        _, _, rewards, terminated, truncated = env.step(chosen)
        return (
            self._observations(),
            {agent: rewards[:, seat] for seat, agent in enumerate(self.possible_agents)},
            {agent: terminated for agent in self.possible_agents},
            {agent: truncated for agent in self.possible_agents},
            {agent: {} for agent in self.possible_agents},
        )

    def close(self) -> None:
        self.env.close()
