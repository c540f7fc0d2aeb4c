"""Random playouts: steps per second through the core contract and the PettingZoo environments.

Each game is played by uniformly random legal actions (`random.choice`, in every loop
here) from fresh seeded games for `--seconds`, compiled (this process) and interpreted (a
subprocess with REGALIA_PURE_PYTHON=1), side by side with the ratio. A step is one action applied:
- core: `State.legal_actions(seat)` then `State.apply(seat, action)` (every seat of a
  simultaneous Regicida vote is one step each);
- engine position: `legal_moves()` then `push(move)` on the games' mutable engine position
  (Regulator and Regicide), to the rules' end, the loop OpenSpiel's line runs too;
- PettingZoo: `env.last()` (observation with action mask) then `env.step(action)` over
  `agent_iter()`, the loop RL code runs (needs the optional `env` extra).
The reference lines: what PettingZoo's loop costs by itself (an env that does nothing,
with Regulator's spaces, under PettingZoo's own classic wrappers and raw, beside Regulator's
env and raw env), and OpenSpiel's C++ chess driven from the same kind of Python loop
(`legal_actions()`, `apply_action()`), when `pyspiel` imports.

.venv/bin/python bench/playouts.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import time
from typing import Any, ClassVar

from paths import header, interpreted, ratio

from regalia.core.registry import get_game

GAMES = ("regulator", "regicide", "regicida")
# OpenSpiel chess's steps/s on the machine the targets (docs/engine.md) were set on: this
# machine's figure over it scales ours to that machine (both are Python loops over a step).
TARGET_MACHINE_OPENSPIEL = 177_000


def core_steps(name: str, seconds: float) -> float:
    game = get_game(name)
    rng = random.Random(1)
    steps = 0
    seed = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        seed += 1
        state = game.new(seed)
        while not state.is_over():
            for seat in sorted(state.to_act()):
                state = state.apply(seat, rng.choice(state.legal_actions(seat)))
                steps += 1
    return steps / (time.perf_counter() - began)


def position_steps(name: str, seconds: float) -> float | None:
    """Playouts on the engine position: no new state objects, no notation."""
    if name == "regulator":
        from regalia.games.regulator.position import Position as Regulator

        def over(pos: Any) -> bool:
            return bool(pos.halfmove >= 100 or pos.bare_kings() or pos.repetitions() >= 3)

        start: Any = Regulator.start
    elif name == "regicide":
        from regalia.games.regicide.position import Position as Regicide

        def over(pos: Any) -> bool:
            return bool(pos.halfmove >= 200)

        start = Regicide.start
    else:
        return None
    rng = random.Random(1)
    steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        pos = start()
        moves = pos.legal_moves()
        while moves and not over(pos):
            pos.push(rng.choice(moves))
            steps += 1
            moves = pos.legal_moves()
    return steps / (time.perf_counter() - began)


def pettingzoo_steps(name: str, seconds: float, raw: bool = False) -> float | None:
    try:
        module = importlib.import_module(f"regalia.env.{name}_v0")
    except ImportError:
        return None
    return aec_steps(module.raw_env() if raw else module.env(), seconds)


def aec_steps(env: Any, seconds: float) -> float:
    rng = random.Random(1)
    steps = 0
    seed = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        seed += 1
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]  # a third of np.flatnonzero's cost
            env.step(int(rng.choice(legal)))
            steps += 1
            del agent
    env.close()
    return steps / (time.perf_counter() - began)


def idle_env(legal: int) -> Any:
    """An AEC env that does nothing, with Regulator's spaces: a fresh zero observation and a
    mask of `legal` ones each step, the turn passing to and fro, the end after 150 steps. What
    the PettingZoo loop costs by itself (`--json` leaves it out)."""
    import gymnasium
    import numpy
    from pettingzoo import AECEnv

    from regalia.env.adapters.regulator import RegulatorAdapter

    adapter = RegulatorAdapter()
    shape, actions = adapter.obs_shape, adapter.num_actions
    size, float32 = int(numpy.prod(shape)), numpy.dtype(numpy.float32)

    class Idle(AECEnv):  # type: ignore[misc]  # untyped base
        metadata: ClassVar[dict[str, Any]] = {"name": "idle"}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = ["player_0", "player_1"]
            self.action_spaces = {
                a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents
            }
            self.mask = numpy.zeros(actions, dtype=numpy.int8)
            self.mask[:legal] = 1

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents = self.possible_agents[:]
            self.played = 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self.agent_selection = "player_0"

        def observe(self, agent: str) -> dict[str, Any]:
            planes = numpy.zeros(size, float32)  # the cheapest fresh array, as ours
            planes.shape = shape
            return {"observation": planes, "action_mask": self.mask.copy()}

        def step(self, action: int | None) -> None:
            if self.terminations[self.agent_selection]:
                self._was_dead_step(action)
                return
            self.played += 1
            self.agent_selection = self.possible_agents[self.played % 2]
            if self.played >= 150:
                self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()

    return Idle()


def pettingzoo_reference(seconds: float) -> dict[str, float] | None:
    """Regulator's env beside a do-nothing env, each raw and under the classic wrappers."""
    try:
        from pettingzoo.utils import wrappers

        from regalia.env import regulator_v0
    except ImportError:
        return None

    def classic(env: Any) -> Any:
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))

    return {
        "ours": aec_steps(regulator_v0.env(), seconds),
        "ours raw": aec_steps(regulator_v0.raw_env(), seconds),
        "idle classic": aec_steps(classic(idle_env(25)), seconds),
        "idle raw": aec_steps(idle_env(25), seconds),
    }


def openspiel_chess(seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("chess")
    rng = random.Random(1)
    steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(rng.choice(actions))
            steps += 1
    return steps / (time.perf_counter() - began)


def figures(seconds: float) -> dict[str, Any]:
    return {
        name: {
            "core": core_steps(name, seconds),
            "position": position_steps(name, seconds),
            "pettingzoo": pettingzoo_steps(name, seconds),
        }
        for name in GAMES
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and way")
    parser.add_argument("--json", action="store_true", help="print this path's figures only")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(figures(args.seconds)))
        return
    print(header())
    ours = figures(args.seconds)
    pure = interpreted(__file__, "--seconds", str(args.seconds))
    print("steps/s, compiled | interpreted | ratio")
    print(f"{'game':<10} {'core contract':>30} {'engine position':>30} {'PettingZoo':>30}")
    for name, row in ours.items():
        cells = []
        for way in ("core", "position", "pettingzoo"):
            a, b = row[way], pure[name][way]
            cells.append(
                f"{a:>11,.0f} {b:>9,.0f} {ratio(a, b):>7}" if a is not None else f"{'-':>29}"
            )
        print(f"{name:<10} " + " ".join(f"{cell:>30}" for cell in cells))
    zoo = pettingzoo_reference(args.seconds)
    if zoo is not None:
        print(
            f"PettingZoo, Regulator: env() {zoo['ours']:,.0f} (one-layer classic wrapper), "
            f"raw_env() {zoo['ours raw']:,.0f} | an env that does nothing (same spaces, 25 legal "
            f"actions): under PettingZoo's classic wrappers {zoo['idle classic']:,.0f}, "
            f"raw {zoo['idle raw']:,.0f} steps/s"
        )
    chess = openspiel_chess(args.seconds)
    if chess is None:
        print("OpenSpiel chess: skipped (pyspiel is not installed)")
        return
    regulator = ours["regulator"]
    print(
        f"OpenSpiel C++ chess (pyspiel, the engine-position loop): {chess:,.0f} steps/s | "
        f"regulator ours/OpenSpiel: core {ratio(regulator['core'], chess)}, "
        f"engine position {ratio(regulator['position'], chess)}"
    )
    scale = TARGET_MACHINE_OPENSPIEL / chess
    zoo_figure = zoo["ours"] if zoo is not None else regulator["pettingzoo"]
    scaled = f", PettingZoo env() {zoo_figure * scale:,.0f} (target 50,000)" if zoo_figure else ""
    print(
        f"scaled to the targets' machine (OpenSpiel chess {TARGET_MACHINE_OPENSPIEL:,} there, "
        f"x{scale:.2f}): regulator core {regulator['core'] * scale:,.0f} (target 300,000)" + scaled
    )


if __name__ == "__main__":
    main()
