"""The built-in bots as OpenSpiel bots and PettingZoo policies.

    from regalia.env.bots import OpenSpielBot, pettingzoo_policy

    bot = OpenSpielBot(game, player=1, level="strong", seed=3, deterministic=True)
    evaluate_bots.evaluate_bots(game.new_initial_state(), [bot0, bot], rng)

    env = regicida_v0.env(players=3)
    policy = pettingzoo_policy(env, "greedy", seed=0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        env.step(None if termination or truncation else policy(observation, agent))

Each bot plays one seat and sees what that seat may see: its view and legal actions (never
the state's secrets; the planes and mask are not enough to play from, so the bot reads the
seat's view of the environment's game). A bot that listens to the game (Regicida's strong
level reads every action as it happens) is told each action in order, others' secret votes
unnamed, however it is driven.

`deterministic=True` drops the level's clock, as `regalia arena` does without
`--movetime`: the level's node bound, or its search's fixed depth or iteration count,
bounds each choice, so the same seed replays the same game on any machine at any load.
`nodes=` sets the bound instead. Without either, a level keeps its own budget (a time for
the strong levels), which plays better on a fast machine and is not reproducible.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pyspiel

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter


def bot_budget(
    game: str, level: str, deterministic: bool = False, nodes: int | None = None
) -> Budget:
    """The budget a level plays with here (see the module)."""
    budget = budget_for(game, level)
    if nodes is not None:
        if nodes < 1:
            raise ValueError("nodes must be at least 1")
        return Budget(seconds=None, nodes=nodes)
    if deterministic:
        return replace(budget, seconds=None)
    return budget


class SeatPlayer:
    """One built-in agent playing one seat of a core game, told of each action in order."""

    def __init__(
        self,
        adapter: Adapter,
        seat: Seat,
        level: str,
        seed: int = 0,
        deterministic: bool = False,
        nodes: int | None = None,
    ) -> None:
        self.adapter, self.seat, self.level, self.seed = adapter, seat, level, seed
        self.game = adapter.game.name
        self.budget = bot_budget(self.game, level, deterministic, nodes)
        self.agent: Agent[Any] = make_agent(self.game, level, seed)
        self._listens = type(self.agent).observe is not Agent.observe
        self._last: State[Any] | None = None  # the last state the agent was told of
        self._told = 0  # actions of the game told so far

    def restart(self) -> None:
        """A new game: a fresh agent from the same seed."""
        self.agent = make_agent(self.game, self.level, self.seed)
        self._last, self._told = None, 0

    def catch_up(self, state: State[Any], start: State[Any] | None) -> None:
        """Tell a listening agent every action from `start` (the game's first state) to
        `state`, as the seat saw them."""
        if not self._listens:
            return
        history = list(state.history() or ())
        if self._last is None or self._told > len(history):
            self.restart()
            self._last = start if start is not None else state
            if start is None:
                self._told = len(history)  # nothing to replay from
        at = self._last
        assert at is not None
        for seat, action in history[self._told :]:
            secret = at.action_is_secret(seat)
            text = at.describe(action)
            at = at.apply(seat, action)
            shown = "" if secret and seat != self.seat else text
            self.agent.observe(seat, shown, at.view(self.seat))
        self._last, self._told = at, len(history)

    def choose(self, state: State[Any], start: State[Any] | None = None) -> int:
        """The agent's action in `state`, as the adapter's number."""
        self.catch_up(state, start)
        action = self.agent.choose(Observation(state, self.seat), self.budget)
        return self.adapter.encode(state, action)


class OpenSpielBot(pyspiel.Bot):  # type: ignore[misc]  # untyped base
    """A built-in level as a `pyspiel.Bot` for one player of a Regalia OpenSpiel game (or
    its `load_game_as_turn_based` form): `step(state)` returns its action, at a
    simultaneous node its own part of the joint action."""

    def __init__(
        self,
        game: pyspiel.Game,
        player: int,
        level: str = "",
        seed: int = 0,
        deterministic: bool = False,
        nodes: int | None = None,
    ) -> None:
        super().__init__()
        self._native_game = _native_game(game)
        adapter: Adapter = self._native_game.adapter
        level = level or adapter.game.bot_levels[0].name
        self.player = player
        self._seat = SeatPlayer(adapter, player, level, seed, deterministic, nodes)

    def restart(self) -> None:
        self._seat.restart()

    def restart_at(self, state: Any) -> None:
        self._seat.restart()

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to do: the bot reads the actions from the state it is asked about."""

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """As `inform_action`."""

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        from regalia.env.openspiel import RegaliaState, _native

        native = state
        if not isinstance(state, RegaliaState):  # a turn-based state: the game it plays
            native, _ = _native(self._native_game, state.history())
        core = native.core
        if core is None:
            raise pyspiel.SpielError("a bot acts at decision nodes, not during the deal")
        run = native._run
        start = run.deal.state() if run.deal is not None else None
        return self._seat.choose(core, start)


def _native_game(game: pyspiel.Game) -> Any:
    """The Regalia game itself, given it or its turn-based form."""
    from regalia.env.openspiel import RegaliaGame

    if isinstance(game, RegaliaGame):
        return game
    inner = dict(game.get_parameters().get("game", {}))
    name = inner.pop("name", None)
    if name is None:
        raise ValueError(f"{game} is not a Regalia game nor its turn-based form")
    native = pyspiel.load_game(str(name), inner)
    if not isinstance(native, RegaliaGame):
        raise ValueError(f"{game} is not a Regalia game nor its turn-based form")
    return native


class PettingZooPolicy:
    """A built-in level as a PettingZoo policy: `policy(observation, agent)` gives the
    agent's action in the environment's game now (its seat's view of it: see the module).
    One bot per agent, each restarted when the environment deals a new game."""

    def __init__(
        self,
        env: Any,
        level: str = "",
        seed: int = 0,
        deterministic: bool = False,
        nodes: int | None = None,
    ) -> None:
        from regalia.env.aec import RegaliaEnv

        raw = env.unwrapped
        if not isinstance(raw, RegaliaEnv):
            raise ValueError("a Regalia PettingZoo environment is needed")
        self.env = raw
        adapter = raw.adapter
        level = level or adapter.game.bot_levels[0].name
        self.seats = {
            name: SeatPlayer(adapter, seat, level, seed + seat, deterministic, nodes)
            for seat, name in enumerate(raw.possible_agents)
        }
        self._game = -1  # the environment's game the bots play (`games_dealt`)

    def __call__(self, observation: Any, agent: str) -> int:
        raw = self.env
        if self._game != raw.games_dealt:
            for player in self.seats.values():
                player.restart()
            self._game = raw.games_dealt
        action = self.seats[agent].choose(raw.game_state, raw.game_start)
        mask = observation.get("action_mask") if isinstance(observation, dict) else None
        if mask is not None and not np.asarray(mask)[action]:
            raise ValueError(f"{agent} is not to act here")
        return action


def pettingzoo_policy(
    env: Any, level: str = "", seed: int = 0, deterministic: bool = False, nodes: int | None = None
) -> PettingZooPolicy:
    """`PettingZooPolicy(env, level, seed, deterministic, nodes)`."""
    return PettingZooPolicy(env, level, seed, deterministic, nodes)
