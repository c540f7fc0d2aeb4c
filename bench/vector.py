"""Batched environments: steps per second of `regalia.env.vector`, beside OpenSpiel's C++ chess.

.venv/bin/python bench/vector.py                      # 5 repeats of ~1 s CPU each
.venv/bin/python bench/vector.py --repeats 9 --envs 512 --steps 2000

A step is one action applied in one game, with that game's observation planes, action mask,
rewards and end written into the arrays (as `env.step` does). Two ways of choosing actions:
- `compiled loop`: `random_steps`, a uniformly random legal action drawn per game inside the
  compiled loop (no Python per step at all);
- `NumPy`: `env.step(actions)` from Python, each action picked by NumPy from the mask
  (argmax of uniform keys over the legal actions), the loop a training script runs.
Each runs in one process, then in two worker processes over shared memory (`workers=2`, the
games split in halves), and OpenSpiel's C++ chess (`pyspiel.load_game("chess")`) is driven in
the same run by a Python loop of `legal_actions()` + `apply_action()`, and with
`observation_tensor()` too (what an RL step needs).

Figures are steps per CPU second: one process is timed by its own CPU time; with two workers
the "2 cores" figure is steps over the busier worker's CPU seconds (what two cores give when
each worker has one; with NumPy choosing, plus the main process's CPU seconds, since the
workers wait while it chooses), and "wall" is steps over the clock (what this shared machine
gave).
Each line is the median of the repeats with their spread (min–max); the load average is
printed before and after, since other work on the machine slows every figure down.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from regalia import native
from regalia.env import vector
from regalia.env.adapters.vector import BATCHES

TARGETS = {"regulator": 2_000_000, "regicide": 500_000, "regicida": 300_000}


def load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):>12,.0f}  ({min(values):,.0f}–{max(values):,.0f})"


def repeat(run: Callable[[], tuple[float, float]], repeats: int) -> tuple[list[float], list[float]]:
    """Each run gives (steps per CPU second, steps per wall second)."""
    cpu, wall = [], []
    for _ in range(repeats):
        a, b = run()
        cpu.append(a)
        wall.append(b)
    return cpu, wall


def compiled_loop(game: str, envs: int, workers: int, steps: int) -> tuple[float, float]:
    with vector.make(game, envs, seed=1, workers=workers) as env:
        env.reset()
        env.random_steps(steps // 10)  # into the middle of games
        cpu0, wall0 = time.process_time(), time.perf_counter()
        done = env.random_steps(steps)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        if workers > 1:
            cpu = max(env.worker_cpu)
    return done / cpu, done / wall


def numpy_loop(game: str, envs: int, workers: int, steps: int) -> tuple[float, float]:
    rng = np.random.default_rng(1)
    with vector.make(game, envs, seed=1, workers=workers) as env:
        _, mask, _ = env.reset()
        keys = np.empty(mask.shape, np.float32)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        worker_cpu = np.zeros(workers)
        for _ in range(steps):
            rng.random(dtype=np.float32, out=keys)
            keys *= mask
            env.step(keys.argmax(axis=1))
            if workers > 1:
                worker_cpu += env.worker_cpu
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        if workers > 1:  # the workers wait while the main process chooses: one after the other
            cpu += max(worker_cpu)
    return steps * envs / cpu, steps * envs / wall


def openspiel_chess(seconds: float, observe: bool) -> tuple[float, float]:
    import pyspiel

    game = pyspiel.load_game("chess")
    rng = random.Random(1)
    steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if observe:
                state.observation_tensor()
                state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - cpu0), steps / (time.perf_counter() - wall0)


def bench_game(game: str, envs: int, steps: int, repeats: int) -> None:
    print(f"\n{game} (target {TARGETS.get(game, 0):,} steps/s on 2 cores)")
    one, _ = repeat(lambda: compiled_loop(game, envs, 1, steps), repeats)
    print(f"  compiled loop, 1 process   {spread(one)}")
    two, two_wall = repeat(lambda: compiled_loop(game, 2 * envs, 2, steps), repeats)
    print(f"  compiled loop, 2 cores     {spread(two)}")
    print(f"  compiled loop, 2 wall      {spread(two_wall)}")
    scale = statistics.median(two) / statistics.median(one)
    print(f"  scaling 1 -> 2 cores       {scale:12.2f}x (by CPU)")
    numpy_steps = max(1, steps // 10)
    one, _ = repeat(lambda: numpy_loop(game, envs, 1, numpy_steps), repeats)
    print(f"  NumPy choice, 1 process    {spread(one)}")
    two, two_wall = repeat(lambda: numpy_loop(game, 2 * envs, 2, numpy_steps), repeats)
    print(f"  NumPy choice, 2 cores      {spread(two)}")
    print(f"  NumPy choice, 2 wall       {spread(two_wall)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--envs", type=int, default=128, help="games per worker")
    parser.add_argument("--steps", type=int, default=8000, help="steps of every game per run")
    parser.add_argument("--games", default=",".join(BATCHES))
    args = parser.parse_args()
    print(f"engines: {native.path()}; {os.cpu_count()} cores; load average {load()}")
    print(f"{args.envs} games per worker, {args.repeats} repeats; steps/s: median (min–max)")
    for game in args.games.split(","):
        bench_game(game, args.envs, args.steps, args.repeats)
    print("\nOpenSpiel C++ chess, driven from Python (one process)")
    play, _ = repeat(lambda: openspiel_chess(1.0, False), args.repeats)
    print(f"  legal_actions+apply_action {spread(play)}")
    seen, _ = repeat(lambda: openspiel_chess(1.0, True), args.repeats)
    print(f"  + observation and mask     {spread(seen)}")
    print(f"\nload average after: {load()}")


if __name__ == "__main__":
    main()
