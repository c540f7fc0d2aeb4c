"""What an observation costs through pyspiel, and what that does to `rl_environment`.

.venv/bin/python bench/openspiel_observe.py              # 2 CPU seconds per figure
.venv/bin/python bench/openspiel_observe.py --seconds 5

For each game: the CPU microseconds of one `state.observation_tensor(player)` call on a
new state (positions from seeded random games; the step there is timed apart and taken
off), of
one PettingZoo `observe`, and the steps per CPU second of OpenSpiel's `rl_environment`
driven by uniform random agents (the loop of its DQN, NFSP and policy-gradient examples).
OpenSpiel's C++ chess is the reference line. Seconds are this process's CPU seconds.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

import regalia.env.openspiel  # noqa: F401  (registers the games with pyspiel)

GAMES = {
    "regalia_regulator": "regulator",
    "regalia_regicide(max_game_length=300)": "regicide",
    "regalia_regicida(players=4)": "regicida",
    "chess": None,
}


def positions(game: Any, count: int, rng: random.Random) -> list[tuple[Any, Any]]:
    """`count` (state, step) pairs from seeded random games: a step (an action, or a joint
    action at a simultaneous node) that leads from the state to a decision state."""
    out: list[tuple[Any, Any]] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                step: Any = rng.choices(outcomes, odds)[0]
            elif state.is_simultaneous_node():
                players = range(game.num_players())
                step = [rng.choice(state.legal_actions(p) or [0]) for p in players]
            else:
                step = rng.choice(state.legal_actions())
            after = play(state, step)
            if not after.is_terminal() and not after.is_chance_node():
                out.append((state, step))
            state = after
    return out


def play(state: Any, step: Any) -> Any:
    """A new state after `step`: nothing it answers is kept from an earlier call."""
    child = state.clone()
    if isinstance(step, list):
        child.apply_actions(step)
    else:
        child.apply_action(step)
    return child


def tensor_us(game: Any, seconds: float) -> float:
    """CPU µs of one observation tensor of a new state (the step to it not counted)."""
    pairs = positions(game, 300, random.Random(0))
    with_tensor = without = 0.0
    calls = 0
    while with_tensor < seconds:
        start = time.process_time()
        for state, step in pairs:
            child = play(state, step)
            player = child.current_player()
            child.observation_tensor(player if player >= 0 else 0)
        middle = time.process_time()
        for state, step in pairs:
            play(state, step).current_player()
        without += time.process_time() - middle
        with_tensor += middle - start
        calls += len(pairs)
    return (with_tensor - without) / calls * 1e6


def pettingzoo_us(name: str, seconds: float) -> float:
    import importlib

    module = importlib.import_module(f"regalia.env.{name}_v0")
    env = module.raw_env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        agent = env.agent_selection
        observation = env.observe(agent)
        calls += 1
        if env.terminations[agent]:
            env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return (time.process_time() - start) / calls * 1e6  # observe and step: an upper bound


def rl_steps(game_string: str, seconds: float) -> float:
    env = rl_environment.Environment(game_string)
    dynamics = env.game.get_type().dynamics
    simultaneous = dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    step = env.reset()
    while time.process_time() - start < seconds:
        if step.last():
            step = env.reset()
            continue
        legal = step.observations["legal_actions"]
        if simultaneous:  # one action per player at every node; who has none sends 0
            actions = [int(rng.choice(moves)) if moves else 0 for moves in legal]
        else:
            actions = [int(rng.choice(legal[step.observations["current_player"]]))]
        step = env.step(actions)
        steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    args = parser.parse_args()
    print(f"{'game':<38} {'tensor µs':>10} {'pz observe+step µs':>19} {'rl_env steps/s':>15}")
    for game_string, name in GAMES.items():
        game = pyspiel.load_game(game_string)
        tensor = tensor_us(game, args.seconds)
        pz = f"{pettingzoo_us(name, args.seconds):,.0f}" if name else "-"
        rate = rl_steps(game_string, args.seconds)
        print(f"{game_string:<38} {tensor:>10,.0f} {pz:>19} {rate:>15,.0f}")


if __name__ == "__main__":
    main()
