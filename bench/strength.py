"""Is a retuned bot level as strong as before? The level now against another source tree's.

Plays `--games` games (colours or seats alternating) between this tree's `--level` with its
descriptor budget (or `--seconds`) and the same level of the source tree `--reference`
(for instance the release before, unpacked with `git archive <commit> | tar -x -C DIR` and
built with `python setup.py build_ext --inplace` there) with `--reference-seconds` per move,
run in a child process by regalia.ai.pure (copy src/regalia/ai/pure.py into an older
tree). Prints the score and the mean seconds per move of each side.

Games start from the game's shipped suite of balanced openings (regalia.ai.openings), each
opening played twice, ours on each side once (`--openings none`: the game's own start).

.venv/bin/python bench/strength.py regulator --reference /tmp/before --reference-seconds 1
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

from regalia.ai import openings
from regalia.ai.base import Budget, Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.ai.pure import PureAgent
from regalia.core.game import Outcome
from regalia.core.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--seconds", type=float, help="this tree's budget (default: level's)")
    parser.add_argument("--reference", required=True, help="the other source tree")
    parser.add_argument("--reference-seconds", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--openings", help="a suite file, or 'none' (default: the shipped one)")
    args = parser.parse_args()
    game = get_game(args.game)
    suite: list[openings.Opening] = []
    if args.openings != "none":
        path = args.openings or openings.shipped(game.name)
        suite = openings.read(path) if path is not None else []
    ours_budget = budget_for(game, args.level)
    if args.seconds is not None:
        ours_budget = Budget(seconds=args.seconds, nodes=None)
    theirs_budget = Budget(seconds=args.reference_seconds, nodes=None)
    env = dict(os.environ, PYTHONPATH=str(Path(args.reference).resolve() / "src"))
    env.pop("REGALIA_PURE_PYTHON", None)
    score = 0.0
    spent = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    for index in range(args.games):
        state: Any = game.new(index)
        if suite:  # each opening twice, colours swapped (`mine` alternates with index)
            state = openings.play(game.new(0), suite[(index // 2) % len(suite)])
        ours = make_agent(game, args.level, index)
        theirs = PureAgent(game.name, args.level, index, env=env)
        # Seats alternate: ours on the even seats (team 0) in even games, odd ones otherwise.
        mine = index % 2
        plies = 0
        while not state.is_over() and plies < (game.max_plies or 1000):
            for seat in sorted(state.to_act()):
                side = "ours" if seat % 2 == mine else "theirs"
                agent, budget = (ours, ours_budget) if side == "ours" else (theirs, theirs_budget)
                began = time.perf_counter()
                action = agent.choose(Observation(state, seat), budget)
                spent[side][0] += time.perf_counter() - began
                spent[side][1] += 1
                state = state.apply(seat, action)
                plies += 1
        result = state.result()
        outcome = result.outcomes[mine] if result is not None else Outcome.DRAW
        points = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5}.get(outcome, 0.0)
        score += points
        print(
            f"game {index + 1}: {plies} plies, ours {points} ({result.reason if result else 'cap'})"
        )
    ours_time = spent["ours"][0] / max(spent["ours"][1], 1)
    theirs_time = spent["theirs"][0] / max(spent["theirs"][1], 1)
    print(
        f"{args.game} {args.level}: this tree ({ours_budget.seconds} s/move budget, "
        f"{ours_time:.3f} s/move spent) scored {score}/{args.games} "
        f"({100 * score / args.games:.0f}%) against {args.reference} "
        f"({args.reference_seconds} s/move budget, {theirs_time:.3f} s/move spent)"
    )


if __name__ == "__main__":
    main()
