"""A PettingZoo AEC environment over any `Adapter`.

Agents are `player_0 … player_{n-1}` (seat order). Each observation is a dict of
`observation` (the seat's planes, built from its view only) and `action_mask` (int8; ones
only for the agent to act). Rewards come once, at the end (+1 win, -1 loss, 0 draw).

Simultaneous decisions (Regicida's vote) are taken one agent after another, but nothing is
applied until the last of them has chosen, so an earlier choice cannot show in a later
agent's observation.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from regalia.core.errors import IllegalAction, RegaliaError
from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, apply_joint

ObsDict = dict[str, np.ndarray]
T = TypeVar("T")
_INT8 = np.dtype(np.int8)  # a dtype object: `np.zeros` parses no keyword, every step


class _Actions(gymnasium.spaces.Discrete):
    """`Discrete(n)` whose `contains` answers a plain int without NumPy (the wrappers ask it
    every step); anything else goes to `Discrete.contains`, so the answers are the same."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return bool(self.start <= x < self.start + self.n)
        return bool(super().contains(x))


class RegaliaEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]  # untyped base
    """One Regalia game as an AEC environment; subclassed per game as `raw_env`."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "regalia_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, adapter: Adapter, render_mode: str | None = None, position: str | None = None
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        # A start position, as OpenSpiel's `position` parameter: read once, so a bad one is
        # refused here; every game then starts from it.
        self.position = position.strip() if position else None
        self._start: State[Any] | None = None
        if self.position:
            self._start = checked(lambda: adapter.game.from_position(str(self.position)))
        self.adapter = adapter
        self.render_mode = render_mode
        self.possible_agents = [adapter.agent_name(s) for s in range(adapter.players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        planes = gymnasium.spaces.Box(0.0, 1.0, adapter.obs_shape, dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, (adapter.num_actions,), dtype=np.int8)
        # One space object per agent, reused, so seeding a space sticks (api_test checks).
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": planes, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: _Actions(adapter.num_actions) for a in self.possible_agents}
        self._num_actions = adapter.num_actions
        self._rng = np.random.default_rng()
        self.game_seed = 0
        self.game_state: State[Any] = self._start or adapter.new_state(0)
        # The state the current game started from (what bots replay a game from).
        self.game_start: State[Any] = self.game_state
        self.games_dealt = 0  # reset() calls so far: which game this is
        self._pending: dict[Seat, Any] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def seed(self, seed: int | None = None) -> None:
        """Seed the games that following `reset()` calls deal (old PettingZoo API)."""
        self._rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seed(seed)
        # Each game's seed comes from the env's generator: reset(seed=s) replays exactly.
        self.game_seed = int(self._rng.integers(0, 2**63 - 1))
        if self._start is not None:
            self.game_state = self._start
        else:
            self.game_state = self.adapter.new_state(self.game_seed)
        self.game_start = self.game_state
        self.games_dealt += 1
        self._pending = {}
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.infos = infos
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        to_act = self.game_state.to_act()
        if not self._pending and len(to_act) == 1:  # one seat's turn: most steps
            (seat,) = to_act
            return self.possible_agents[seat]
        waiting = sorted(to_act - self._pending.keys())
        return self.possible_agents[waiting[0]]

    def observe(self, agent: str) -> ObsDict:
        seat = self._seat[agent]
        state = self.game_state
        mask = np.zeros(self._num_actions, _INT8)
        if agent == self.agent_selection and not state.is_over():
            self.adapter.fill_mask(mask, state, seat)
        return {"observation": self.adapter.observe(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is in play and must act; None is for finished agents")
        seat = self._seat[agent]
        chosen = self.adapter.legal_action(self.game_state, seat, int(action))
        if chosen is None:
            raise IllegalAction(f"action {action} is not legal for {agent} here")
        self._cumulative_rewards[agent] = 0.0
        to_act = self.game_state.to_act()
        if len(to_act) > 1:
            self._pending[seat] = chosen
            if self._pending.keys() >= to_act:
                self.game_state = apply_joint(self.game_state, self._pending)
                self._pending = {}
        else:
            self.game_state = self.game_state.apply(seat, chosen)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        result = self.game_state.result()
        if result is None:
            self.agent_selection = self._next_agent()
            return
        for seat, reward in enumerate(self.adapter.returns(result)):
            name = self.possible_agents[seat]
            self.rewards[name] = reward
            self.terminations[name] = True
            self.infos[name] = {"result": result.reason}

    def render(self) -> str | None:
        """The board as text, from a spectator's view: nobody's secrets."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without render_mode; pass 'ansi' or 'human'")
            return None
        text = self.adapter.render(self.game_state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


# The attributes `last()`, `agent_iter()` and `step` read every step. Through a wrapper they
# go by `__getattr__`; the wrapper below reads them from the raw environment in one step.
# `OrderEnforcingWrapper` refuses some of them before `reset()`: then the property gives up
# and `__getattr__` raises as it does.
_HOT = (
    "agent_selection",
    "agents",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "_cumulative_rewards",
)


def _direct(name: str) -> property:
    get = attrgetter(name)

    def guarded_get(self: Any) -> Any:
        if self._has_reset or name == "_cumulative_rewards":
            return get(self._raw)
        raise AttributeError(name)  # to __getattr__, which says why

    return property(guarded_get)


class ClassicWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped base
    """PettingZoo's classic wrappers as one layer: `TerminateIllegalWrapper(illegal_reward)`
    inside `AssertOutOfBoundsWrapper` inside `OrderEnforcingWrapper`, their checks made in
    the same order with the same answers, warnings and errors.

    Stacked, the three cost a dozen Python calls for every attribute read and every step,
    half a random playout's time; here each is one call. The test that plays both side by
    side, illegal moves included, is tests/env/test_fast_observe.py.
    """

    def __init__(self, env: RegaliaEnv, illegal_reward: float) -> None:
        super().__init__(env)
        self._raw = env
        self._illegal_value = illegal_reward
        self._prev_obs: ObsDict | None = None  # the observation the next action answers
        self._terminated = False  # ended by an illegal move

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._terminated = False
        self._prev_obs = None
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> ObsDict:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        observation = self._raw.observe(agent)
        if agent == self._raw.agent_selection:
            self._prev_obs = observation
        return observation

    def last(
        self, observe: bool = True
    ) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """As `AECEnv.last`, reading the raw environment's dicts directly."""
        raw = self._raw
        if not self._has_reset:  # what OrderEnforcingWrapper.__getattr__ says
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent = raw.agent_selection
        observation = None
        if observe:  # `observe(agent)`, inlined: every step comes here
            observation = self._prev_obs = raw.observe(agent)
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: int | None) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        # AssertOutOfBoundsWrapper (a plain int in range needs no call to the space)
        assert (
            (action is None and dead)
            or (type(action) is int and 0 <= action < raw._num_actions)
            or raw.action_space(agent).contains(action)
        ), "action is not in action space"
        # TerminateIllegalWrapper
        seen = self._prev_obs
        if seen is None:
            seen = self.observe(agent)
        mask = seen["action_mask"]
        self._prev_obs = None
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            raw.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _ClassicIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _ClassicIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)  # as each of the three wrappers' own


class _ClassicIterable(AECOrderEnforcingIterable):  # type: ignore[misc]  # untyped base
    def __iter__(self) -> _ClassicIterator:
        return _ClassicIterator(self.env, self.max_iter)


class _ClassicIterator(AECOrderEnforcingIterator):  # type: ignore[misc]  # untyped base
    """`AECOrderEnforcingIterator` reading the raw environment directly (through the
    wrapper, each read is a property call)."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = raw.agent_selection
        return agent


for _name in _HOT:
    setattr(ClassicWrapper, _name, _direct(_name))


def checked(make: Callable[[], T]) -> T:
    """`make()`, a game's refusal (a bad player count, option or position) raised as
    ValueError with the game's message, as OpenSpiel's loader raises it."""
    try:
        return make()
    except RegaliaError as exc:
        raise ValueError(str(exc)) from None


def wrap(raw: RegaliaEnv) -> Any:
    """The usual PettingZoo classic wrappers: illegal moves lose, actions in range, order."""
    return ClassicWrapper(raw, illegal_reward=-1)
