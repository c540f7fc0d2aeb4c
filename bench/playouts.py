"""Random playouts: steps per second through the core contract and the PettingZoo environments.

Each game is played by uniformly random legal actions (`random.choice`, in every loop
here) from fresh seeded games for `--seconds` of this process's CPU time (`process_time`:
time other processes take from the shared cores is not counted), `--repeats` times, the
repeats interleaved (every figure once, then every figure again), compiled (this process)
and interpreted (a subprocess with REGALIA_PURE_PYTHON=1), side by side with the ratio.
Each figure is the median of its repeats, with its spread: `±N%` is half the range from
the slowest repeat to the fastest, over the median. A step is one action applied:
- core: `State.legal_actions(seat)` then `State.apply(seat, action)` (every seat of a
  simultaneous Regicida vote is one step each);
- engine position: `legal_moves()` then `push(move)` on the games' mutable engine position
  (Regulator and Regicide), to the rules' end, the loop OpenSpiel's line runs too;
- PettingZoo: `env.last()` (observation with action mask) then `env.step(action)` over
  `agent_iter()`, the loop RL code runs (needs the optional `env` extra).
The reference lines: what PettingZoo's loop costs by itself (an env that does nothing,
with Regulator's spaces, under PettingZoo's own classic wrappers and raw, beside Regulator's
env and raw env), and OpenSpiel's C++ chess driven from the same kind of Python loop
(`legal_actions()`, `apply_action()`), when `pyspiel` imports. The line scaling Regulator's
figures to the targets' machine divides by OpenSpiel's figure of the same repeat (measured
right after ours) and gives the median of those scaled repeats with their spread.

.venv/bin/python bench/playouts.py [--seconds 0.5] [--repeats 5]
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from paths import header, interpreted, ratio

from regalia.core.registry import get_game

GAMES = ("regulator", "regicide", "regicida")
# OpenSpiel chess's steps/s on the machine the targets (docs/engine.md) were set on: this
# machine's figure over it scales ours to that machine (both are Python loops over a step).
TARGET_MACHINE_OPENSPIEL = 177_000
WAYS = ("core", "position", "pettingzoo")
cpu = time.process_time  # every loop's clock: this process's CPU time


@dataclass(frozen=True)
class Spread:
    """A figure's repeats: their median and range."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values))

    @property
    def half_range(self) -> float:
        """Half the range over the median (0.05: ±5%)."""
        return (self.high - self.low) / 2 / self.median if self.median else 0.0

    def text(self) -> str:
        return f"{self.median:,.0f} ±{100 * self.half_range:.0f}%"


def core_steps(name: str, seconds: float) -> float:
    game = get_game(name)
    rng = random.Random(1)
    steps = 0
    seed = 0
    began = cpu()
    while cpu() - began < seconds:
        seed += 1
        state = game.new(seed)
        while not state.is_over():
            for seat in sorted(state.to_act()):
                state = state.apply(seat, rng.choice(state.legal_actions(seat)))
                steps += 1
    return steps / (cpu() - began)


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
    began = cpu()
    while cpu() - began < seconds:
        pos = start()
        moves = pos.legal_moves()
        while moves and not over(pos):
            pos.push(rng.choice(moves))
            steps += 1
            moves = pos.legal_moves()
    return steps / (cpu() - began)


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
    began = cpu()
    while cpu() - began < seconds:
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
    return steps / (cpu() - began)


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
    began = cpu()
    while cpu() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(rng.choice(actions))
            steps += 1
    return steps / (cpu() - began)


MEASURES: dict[str, Callable[[str, float], float | None]] = {
    "core": core_steps, "position": position_steps, "pettingzoo": pettingzoo_steps,
}  # fmt: skip


def figures(seconds: float, repeats: int, chess: bool = False) -> dict[str, Any]:
    """Each game's figure per way: the list of its repeats (None: no such way). With
    `chess`, OpenSpiel chess's figure of each repeat too, taken right after Regulator's."""
    out: dict[str, Any] = {name: dict.fromkeys(WAYS) for name in GAMES}
    if chess:
        out["openspiel chess"] = None
    for _ in range(repeats):
        for name in GAMES:
            for way in WAYS:
                value = MEASURES[way](name, seconds)
                if value is not None:
                    out[name][way] = [*(out[name][way] or []), value]
            if chess and name == "regulator":
                value = openspiel_chess(seconds)
                if value is not None:
                    out["openspiel chess"] = [*(out["openspiel chess"] or []), value]
    return out


def cell(ours: Sequence[float] | None, pure: Sequence[float] | None) -> str:
    if ours is None:
        return f"{'-':>29}"
    a = Spread.of(ours)
    b = Spread.of(pure) if pure else None
    return f"{a.text():>16} {b.text() if b else '-':>14} {ratio(a.median, b.median if b else 0):>6}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=0.5, help="CPU seconds per game, way and repeat"
    )
    parser.add_argument("--repeats", type=int, default=5, help="repeats of every figure")
    parser.add_argument("--json", action="store_true", help="print this path's figures only")
    args = parser.parse_args()
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds is above 0 and --repeats at least 1")
    if args.json:
        print(json.dumps(figures(args.seconds, args.repeats)))
        return
    print(header())
    print(f"{args.repeats} repeats of {args.seconds:g} CPU s each; load {load()}")
    ours = figures(args.seconds, args.repeats, chess=True)
    pure = interpreted(__file__, "--seconds", str(args.seconds), "--repeats", str(args.repeats))
    print("steps/s (median ±half the range of the repeats), compiled | interpreted | ratio")
    print(f"{'game':<10} {'core contract':>39} {'engine position':>39} {'PettingZoo':>39}")
    for name in GAMES:
        cells = [cell(ours[name][way], pure[name][way]) for way in WAYS]
        print(f"{name:<10} " + " ".join(f"{c:>39}" for c in cells))
    zoo = pettingzoo_reference(args.seconds)
    if zoo is not None:
        print(
            f"PettingZoo, Regulator (one run each): env() {zoo['ours']:,.0f} (one-layer "
            f"classic wrapper), raw_env() {zoo['ours raw']:,.0f} | an env that does nothing "
            f"(same spaces, 25 legal actions): under PettingZoo's classic wrappers "
            f"{zoo['idle classic']:,.0f}, raw {zoo['idle raw']:,.0f} steps/s"
        )
    chess = ours["openspiel chess"]
    if chess is None:
        print("OpenSpiel chess: skipped (pyspiel is not installed)")
        return
    regulator = ours["regulator"]
    core, position, env = regulator["core"], regulator["position"], regulator["pettingzoo"]
    print(
        f"OpenSpiel C++ chess (pyspiel, the engine-position loop): {Spread.of(chess).text()} "
        f"steps/s | regulator ours/OpenSpiel, per repeat: core {ratios(core, chess)}, "
        f"engine position {ratios(position, chess)}"
    )
    scaled = [TARGET_MACHINE_OPENSPIEL / c for c in chess]
    zoo_line = (
        f", PettingZoo env() {Spread.of([e * k for e, k in zip(env, scaled, strict=True)]).text()}"
        " (target 50,000)"
        if env
        else ""
    )
    print(
        f"scaled to the targets' machine (OpenSpiel chess {TARGET_MACHINE_OPENSPIEL:,} there), "
        f"each repeat by its own OpenSpiel figure: regulator core "
        f"{Spread.of([c * k for c, k in zip(core, scaled, strict=True)]).text()} "
        "(target 300,000)" + zoo_line
    )


def ratios(ours: Sequence[float], chess: Sequence[float]) -> str:
    found = Spread.of([a / b for a, b in zip(ours, chess, strict=True)])
    return f"{found.median:.1f}x ({found.low:.1f}–{found.high:.1f})"


def load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
