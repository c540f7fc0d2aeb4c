"""Steps per second through pyspiel: random playouts of each game as OpenSpiel runs them.

.venv/bin/python bench/openspiel_steps.py               # 3 s per game and way of playing
.venv/bin/python bench/openspiel_steps.py --seconds 10

Three ways of playing, each a uniform random playout through pyspiel's own calls:
- `play`: legal_actions and apply_action only (what MCTS rollouts do);
- `clone`: a clone before every step as well (what tree searches do at each node);
- `observe`: the acting seat's observation tensor before every step as well (what RL does).
A step is one decision (a simultaneous vote counts once); Regicida's deal is counted apart.
The last line, OpenSpiel's C++ chess through the same loop, is the reference: what the
Python loop and pybind11 cost alone.
Seconds are this process's CPU seconds, so other work on the machine does not skew the
figures (one core, no threads: on an idle machine they match the clock).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyspiel

import regalia.env.openspiel  # noqa: F401  (registers the games with pyspiel)

# The last is the reference: OpenSpiel's own chess, in C++, driven by the same Python loop.
GAMES = ("regalia_regulator", "regalia_regicide", "regalia_regicida(players=4)", "chess")
MODES = ("play", "clone", "observe")


def playout(game: Any, rng: random.Random, mode: str) -> tuple[int, int]:
    """One game to its end: (decisions, chance steps)."""
    state = game.new_initial_state()
    decisions = chance = 0
    while not state.is_terminal():
        if mode == "clone":
            state.clone()
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            chance += 1
            continue
        if state.is_simultaneous_node():
            players = range(game.num_players())
            if mode == "observe":
                for player in players:
                    state.observation_tensor(player)
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
        else:
            if mode == "observe":
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions, chance


def measure(game_string: str, mode: str, seconds: float) -> tuple[int, int, int, float]:
    game = pyspiel.load_game(game_string)
    rng = random.Random(0)
    games = decisions = chance = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps, dealt = playout(game, rng, mode)
        games, decisions, chance = games + 1, decisions + steps, chance + dealt
    return games, decisions, chance, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game and mode")
    args = parser.parse_args()
    print(f"{'game':<29} {'mode':<8} {'games':>6} {'plies/game':>10} {'steps/s':>8}")
    for game in GAMES:
        for mode in MODES:
            games, decisions, chance, seconds = measure(game, mode, args.seconds)
            rate = decisions / seconds
            dealt = f"  (+{chance / seconds:,.0f} chance steps/s)" if chance else ""
            print(
                f"{game:<29} {mode:<8} {games:>6} {decisions / max(games, 1):>10.0f} "
                f"{rate:>8,.0f}{dealt}"
            )


if __name__ == "__main__":
    main()
