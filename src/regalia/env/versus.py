"""A single-agent Gymnasium environment: one seat learns, the built-in bots play the rest.

    from regalia.env.versus import VersusBots
    env = VersusBots("regulator", level="greedy", seat=1)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)  # bots reply inside

Observations and actions are those of the PettingZoo environments (planes plus
`action_mask`, numbered actions). The reward is the learner's final result: +1, -1 or 0.
An illegal action ends the game as a loss (-1), unless `illegal_loses=False`: then it raises.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.core.errors import IllegalAction
from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter
from regalia.env.adapters import make_adapter

ObsDict = dict[str, np.ndarray]


class VersusBots(gymnasium.Env[dict[str, Any], Any]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's API)

    def __init__(
        self,
        game: str,
        level: str = "",
        seat: Seat = 0,
        players: int | None = None,
        budget: Budget | None = None,
        render_mode: str | None = None,
        illegal_loses: bool = True,
        **options: object,
    ) -> None:
        self.adapter: Adapter = make_adapter(game, players, **options)
        if not 0 <= seat < self.adapter.players:
            raise ValueError(f"seat must be 0..{self.adapter.players - 1}")
        # No level named: the game's weakest, its first.
        level = level or self.adapter.game.bot_levels[0].name
        self.game_name, self.level, self.seat = game, level, seat
        self.budget = budget if budget is not None else budget_for(game, level)
        self.render_mode = render_mode
        self.illegal_loses = illegal_loses
        self.forfeited = False
        planes = gymnasium.spaces.Box(0.0, 1.0, self.adapter.obs_shape, dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.adapter.num_actions,), dtype=np.int8)
        self.observation_space = gymnasium.spaces.Dict({"observation": planes, "action_mask": mask})
        self.action_space = gymnasium.spaces.Discrete(self.adapter.num_actions)
        self.game_state: State[Any] = self.adapter.new_state(0)
        self.bots: dict[Seat, Agent[Any]] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game_state = self.adapter.new_state(game_seed)
        self.bots = {
            s: make_agent(self.game_name, self.level, game_seed + s)
            for s in range(self.adapter.players)
            if s != self.seat
        }
        self.forfeited = False
        self._bots_move()
        return self._obs(), {}

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        if self.game_state.is_over() or self.forfeited:
            raise RuntimeError("the game is over: call reset()")
        legal = self.adapter.legal_by_index(self.game_state, self.seat)
        if int(action) not in legal:
            if not self.illegal_loses:
                raise IllegalAction(f"action {action} is not legal here")
            # As PettingZoo's TerminateIllegalWrapper does: the game ends, the learner loses.
            self.forfeited = True
            return self._obs(), -1.0, True, False, {"illegal_action": int(action)}
        chosen = {self.seat: legal[int(action)]}
        # Bots acting at the same moment (a secret vote) choose from the same state.
        chosen.update(self._bot_choices(self.game_state.to_act() - {self.seat}))
        self._apply(chosen)
        self._bots_move()
        reward = self.adapter.returns(self.game_state.result())[self.seat]
        over = self.game_state.is_over()
        info = {"result": self.game_state.result().reason} if over else {}  # type: ignore[union-attr]
        return self._obs(), reward, over, False, info

    def _bot_choices(self, seats: frozenset[Seat]) -> dict[Seat, Any]:
        return {
            s: self.bots[s].choose(Observation(self.game_state, s), self.budget)
            for s in sorted(seats)
        }

    def _apply(self, chosen: dict[Seat, Any]) -> None:
        """Apply one step (several actions at a simultaneous one) and tell the bots that
        listen, as the arena does: others' simultaneous actions stay unnamed."""
        public = len(chosen) == 1
        for seat in sorted(chosen):
            text = self.game_state.describe(chosen[seat])
            self.game_state = self.game_state.apply(seat, chosen[seat])
            for watcher, bot in self.bots.items():
                if type(bot).observe is not Agent.observe:
                    shown = text if public or watcher == seat else ""
                    bot.observe(seat, shown, self.game_state.view(watcher))

    def _bots_move(self) -> None:
        """Let the bots play until the learner is to act or the game is over."""
        while not self.game_state.is_over() and self.seat not in self.game_state.to_act():
            self._apply(self._bot_choices(self.game_state.to_act()))

    def _obs(self) -> ObsDict:
        to_move = self.seat in self.game_state.to_act() and not self.forfeited
        mask = (
            self.adapter.mask(self.game_state, self.seat)
            if to_move
            else np.zeros(self.adapter.num_actions, dtype=np.int8)
        )
        return {
            "observation": self.adapter.observe(self.game_state, self.seat),
            "action_mask": mask,
        }

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.adapter.render(self.game_state.view(None))
