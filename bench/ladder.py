"""Calibrate a game's bot ladder: an arena round-robin among its levels, and their ratings.

    python bench/ladder.py GAME [--games 20] [--span 2] [--jobs 2] [--seed 0]
        [--levels a,b,...] [--nodes N] [--players N] [--json]

Every pair of levels at most `--span` apart in the game's order (weakest first) plays
`--games` games in the arena (regalia.ai.arena: seeded, node-bounded, never a clock, so
the same command plays the same games; the chess games start each pair of games from the
next opening of their shipped suite). The ratings are the Bradley-Terry (Elo) fit of every
game played, anchored on the weakest level (`random`) at ANCHOR = 400, each with its 95%
interval from the fit's curvature; the table also prints each level's score against the
one below. Paste the ratings into the game's level list (BotLevel.rating).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from regalia.ai import openings as suites
from regalia.ai.arena import MatchSpec, run_match
from regalia.ai.levels import levels_for
from regalia.core.registry import get_game

ANCHOR = 400.0
SCALE = 400.0 / math.log(10.0)  # Elo points per unit of the logistic's argument
# A pair's prior: half a game drawn, so a 100% score gives a finite (large) gap.
PRIOR = 0.5


@dataclass
class Pair:
    high: str
    low: str
    games: int
    score: float  # the high level's points (a draw counts half)


def fit(levels: Sequence[str], pairs: Sequence[Pair]) -> tuple[dict[str, float], dict[str, float]]:
    """Ratings (the first level at ANCHOR) maximising the Bradley-Terry likelihood of the
    pairs' scores, and each rating's 95% half-interval (1.96 standard errors)."""
    n = len(levels)
    index = {name: i for i, name in enumerate(levels)}
    games = [[0.0] * n for _ in range(n)]
    points = [[0.0] * n for _ in range(n)]
    for p in pairs:
        a, b = index[p.high], index[p.low]
        games[a][b] += p.games + 2 * PRIOR
        games[b][a] += p.games + 2 * PRIOR
        points[a][b] += p.score + PRIOR
        points[b][a] += p.games - p.score + PRIOR
    theta = [0.0] * n
    for _ in range(2000):  # minorise-maximise on the strengths exp(theta)
        moved = 0.0
        for i in range(1, n):
            won = sum(points[i])
            expect = sum(
                games[i][j] / (math.exp(theta[i]) + math.exp(theta[j]))
                for j in range(n)
                if games[i][j]
            )
            if won <= 0 or expect <= 0:
                continue
            new = math.log(won / expect)
            moved = max(moved, abs(new - theta[i]))
            theta[i] = new
        if moved < 1e-9:
            break
    # Fisher information of the free strengths (the anchor fixed), inverted.
    free = list(range(1, n))
    info = [[0.0] * len(free) for _ in free]
    for r, i in enumerate(free):
        for j in range(n):
            if i == j or not games[i][j]:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            w = games[i][j] * p * (1.0 - p)
            info[r][r] += w
            if j in free:
                info[r][free.index(j)] -= w
    cov = invert(info)
    ratings = {name: ANCHOR + SCALE * theta[index[name]] for name in levels}
    half = {levels[0]: 0.0}
    for r, i in enumerate(free):
        half[levels[i]] = 1.96 * SCALE * math.sqrt(max(cov[r][r], 0.0))
    return ratings, half


def invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive-definite matrix."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        if abs(a[c][c]) < 1e-12:
            return [[math.inf] * n for _ in range(n)]
        scale = a[c][c]
        a[c] = [v / scale for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                factor = a[r][c]
                a[r] = [v - factor * w for v, w in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def play(game: str, levels: Sequence[str], args: argparse.Namespace) -> list[Pair]:
    suite = suites.shipped(game)
    pairs = []
    for i, low in enumerate(levels):
        for high in levels[i + 1 : i + 1 + args.span]:
            spec = MatchSpec(
                game=game,
                agents=(high, low),
                games=args.games,
                seed=args.seed,
                players=args.players,
                nodes=args.nodes,
                openings=str(suite) if suite else None,
            )
            result = run_match(spec, jobs=args.jobs)
            t = result.tallies[high]
            pairs.append(Pair(high, low, t.games, t.wins + 0.5 * t.draws))
            print(f"  {high} vs {low}: {t.wins}-{t.draws}-{t.losses}", file=sys.stderr)
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20, help="games per pair")
    parser.add_argument("--span", type=int, default=2, help="pair levels this far apart")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="", help="comma-separated, weakest first")
    parser.add_argument("--nodes", type=int, default=None, help="override every level's nodes")
    parser.add_argument("--players", type=int, default=None, help="table size (default: 2)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = get_game(args.game).name
    if args.players is None and get_game(game).min_players <= 2:
        args.players = 2
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()] or list(levels_for(game))
    pairs = play(game, levels, args)
    ratings, half = fit(levels, pairs)
    if args.json:
        print(
            json.dumps({n: {"rating": round(ratings[n]), "half": round(half[n])} for n in levels})
        )
        return 0
    print(f"{game}: {args.games} games a pair, span {args.span}, seed {args.seed}")
    print(f"{'level':<10} {'rating':>6} {'+/-':>5}  vs the level below")
    for i, name in enumerate(levels):
        below = ""
        if i:
            p = next((p for p in pairs if p.high == name and p.low == levels[i - 1]), None)
            if p is not None and p.games:
                below = f"{100 * p.score / p.games:5.1f}% of {p.games} vs {levels[i - 1]}"
        print(f"{name:<10} {ratings[name]:6.0f} {half[name]:5.0f}  {below}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
