"""Regicida's strong agent at four-player tables: win rate against three `random` and three
`greedy` players (the baseline is 25%), and how well its posterior names the Regent's holder.

.venv/bin/python bench/regicida_posterior.py                  # 40 games per table, 2 jobs
.venv/bin/python bench/regicida_posterior.py --games 200 --jobs 4 --seed 3

The posterior's accuracy is read at its vote, against the Identities revealed at the end:
`regent_holder` counts the games where another seat's House (or the Neutral Player) was the
Regent, `houses` every other seat's House taken as the posterior's most likely one.
"""

from __future__ import annotations

import argparse
import time

from regalia.ai.arena import MatchSpec, run_match
from regalia.ai.elo import score_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="random,greedy")
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        spec = MatchSpec("regicida", ("strong", opponent), args.games, seed=args.seed, players=4)
        start = time.monotonic()
        result = run_match(spec, args.jobs)
        seconds = time.monotonic() - start
        strong = result.tallies["strong"]
        interval = score_interval(strong.scores)
        stats = strong.stats
        print(
            f"strong vs 3 {opponent}: {strong.wins}/{strong.games} wins = {interval.mean:.1%} "
            f"[{interval.low:.1%}, {interval.high:.1%}] (baseline 25%), {seconds:.0f} s"
        )
        for name in ("regent_holder", "houses"):
            hits, total = stats.get(name + ".hits", 0.0), stats.get(name + ".of", 0.0)
            rate = hits / total if total else float("nan")
            print(f"  posterior {name}: {hits:.0f}/{total:.0f} = {rate:.1%}")


if __name__ == "__main__":
    main()
