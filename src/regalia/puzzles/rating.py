"""Puzzle ratings: the solver and the puzzle as two players of one OpenSkill game.

Solving is the solver's win over the puzzle, failing its loss, rated with OpenSkill's
Plackett–Luce model (the same model as the games' ratings, so one library rates both).
The number shown is the estimate itself, 1500 + 40 × (μ − 25) — not the conservative
μ − 3σ of the game ratings, because puzzles are chosen near it: a newcomer starts at 1500.
A mined puzzle starts at its miner's rating with a narrower σ (PUZZLE_SIGMA): the miner's
guess is worth more than nothing. Only a player's first try of a puzzle is rated.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
PUZZLE_SIGMA = START_SIGMA / 2
CENTRE, PER_MU = 1500, 40


def shown(mu: float) -> int:
    return round(CENTRE + PER_MU * (mu - START_MU))


def mu_of(rating: float) -> float:
    return START_MU + (rating - CENTRE) / PER_MU


def rate(
    solver: tuple[float, float], puzzle: tuple[float, float], solved: bool
) -> tuple[tuple[float, float], tuple[float, float]]:
    """(solver's, puzzle's) new (μ, σ) after one try."""
    a = MODEL.rating(mu=solver[0], sigma=solver[1])
    b = MODEL.rating(mu=puzzle[0], sigma=puzzle[1])
    [[a2], [b2]] = MODEL.rate([[a], [b]], ranks=[1, 2] if solved else [2, 1])
    return (a2.mu, a2.sigma), (b2.mu, b2.sigma)
