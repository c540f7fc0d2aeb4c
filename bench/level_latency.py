"""Every bot level's time to move, against its budget: no level may be slower than its clock.

Each level of each game (the built-in three unless `--game` names others) plays `--positions`
positions reached by seeded random play (plies 4 to `--depth`), the way a table's bot worker
plays it: `regalia.tables.bots.think` on a job of the game's actions, the level's own budget
(`budget_for`) and the worker's cap. Printed per level: the budget, then the wall and CPU
time of a move (median and worst), and OVER when the worst wall time passes the budget plus
the worker's grace second — a bot that would be killed at a table. Levels bounded by nodes
or depth, not a clock, have no time budget: their worst time is printed for a reader to judge.

    .venv/bin/python bench/level_latency.py --positions 8
    .venv/bin/python bench/level_latency.py --game regulator --positions 20 --depth 60

Exit status 1 if a level went over its budget. Wall times are only meaningful on a machine
doing nothing else; run it alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from regalia.ai.levels import budget_for
from regalia.core.game import Game, Seat
from regalia.core.registry import BUILTIN, game_ref, get_game
from regalia.core.seeds import derive
from regalia.tables.bots import BotJob, think

GRACE = 1.0  # the bot pool's grace past a budget before it kills a worker


def positions(
    game: Game[Any], count: int, depth: int, seed: int
) -> list[tuple[int, tuple[tuple[Seat, str], ...], Seat]]:
    """(game seed, actions so far, seat to act) of `count` seeded positions not yet over."""
    found: list[tuple[int, tuple[tuple[Seat, str], ...], Seat]] = []
    rng = random.Random(seed)
    while len(found) < count:
        game_seed = rng.randrange(1 << 30)
        state = game.new(game_seed, game.min_players)
        actions: list[tuple[Seat, str]] = []
        for _ in range(rng.randint(4, max(4, depth))):
            acting = sorted(state.to_act())
            if not acting:
                break
            seat = acting[0]
            action = rng.choice(list(state.legal_actions(seat)))
            actions.append((seat, state.encode(action)))
            state = state.apply(seat, action)
        acting = sorted(state.to_act())
        if acting:
            found.append((game_seed, tuple(actions), acting[0]))
    return found


def measure(game: Game[Any], level: str, places: list[Any], cap: float) -> dict[str, Any]:
    walls, cpus = [], []
    for number, (game_seed, actions, seat) in enumerate(places):
        job = BotJob(game_ref(game), game_seed, game.min_players, (), actions, seat, level,
                     derive(game_seed, f"latency:{number}"), cap)  # fmt: skip
        started, cpu = time.perf_counter(), time.process_time()
        think(job)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return {"wall": walls, "cpu": cpus}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeat); default: the three")
    parser.add_argument("--positions", type=int, default=8, help="positions per level")
    parser.add_argument("--depth", type=int, default=40, help="random plies before, at most")
    parser.add_argument("--cap", type=float, default=30.0, help="the worker's cap (seconds)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    over = []
    for name in args.game or list(BUILTIN):
        game = get_game(name)
        places = positions(game, args.positions, args.depth, args.seed)
        print(f"{game.title}: {len(places)} positions", file=sys.stderr)
        print(f"{'game':<11} {'level':<8} {'budget':>9} {'wall p50':>9} {'wall max':>9} "
              f"{'cpu p50':>9} {'cpu max':>9}")  # fmt: skip
        for level in game.bot_levels:
            budget = budget_for(game, level.name)
            took = measure(game, level.name, places, args.cap)
            worst = max(took["wall"])
            limit = "" if budget.seconds is None else f"{budget.seconds:g} s"
            late = budget.seconds is not None and worst > budget.seconds + GRACE
            if late:
                over.append(f"{name} {level.name}")
            print(f"{name:<11} {level.name:<8} {limit or 'no clock':>9} "
                  f"{1000 * statistics.median(took['wall']):7.1f}ms {1000 * worst:7.1f}ms "
                  f"{1000 * statistics.median(took['cpu']):7.1f}ms "
                  f"{1000 * max(took['cpu']):7.1f}ms{'  OVER' if late else ''}")  # fmt: skip
    if over:
        print(f"over budget: {', '.join(over)}", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
