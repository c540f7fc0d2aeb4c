"""Elo differences from match scores, with 95% intervals (normal approximation).

For two sides the usual logistic model: a score rate `p` means a difference of
`400·log10(p / (1 - p))`. For free-for-all games of `n` players we read the same Elo as the
Luce choice model does: one player `r` times as strong as each of `n - 1` equal rivals wins
with `p = r / (r + n - 1)`, so `r = p·(n - 1) / (1 - p)` — for `n = 2` that is the usual formula.

A perfect (or null) score has no finite estimate: the difference is then ±infinity and the
interval's finite end comes from the Wilson bound, which stays sensible at 0% and 100%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def elo_from_score(p: float, players: int = 2) -> float:
    """Elo difference against the field for a score rate `p` (±inf at the extremes)."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return 400.0 * math.log10(p * (players - 1) / (1.0 - p))


@dataclass(frozen=True, slots=True)
class ScoreInterval:
    """Mean score per game with its 95% interval."""

    mean: float
    low: float
    high: float
    games: int


def score_interval(scores: Sequence[float]) -> ScoreInterval:
    """Mean of per-game scores (1, ½, 0) with a 95% interval.

    >>> round(score_interval([1, 0, 1, 0.5]).mean, 3)
    0.625
    """
    n = len(scores)
    if n == 0:
        return ScoreInterval(math.nan, 0.0, 1.0, 0)
    mean = sum(scores) / n
    if mean in (0.0, 1.0):
        # No spread to estimate from: the Wilson interval for a binomial proportion.
        z2 = Z95 * Z95
        bound = z2 / (n + z2)
        return (
            ScoreInterval(mean, 0.0, bound, n)
            if mean == 0.0
            else ScoreInterval(mean, 1.0 - bound, 1.0, n)
        )
    variance = sum((s - mean) ** 2 for s in scores) / n
    half = Z95 * math.sqrt(variance / n)
    return ScoreInterval(mean, max(0.0, mean - half), min(1.0, mean + half), n)


@dataclass(frozen=True, slots=True)
class EloEstimate:
    diff: float
    low: float
    high: float

    def text(self) -> str:
        """`+35 [-12, +83]`; infinite ends read `+inf` / `-inf`."""
        return f"{_signed(self.diff)} [{_signed(self.low)}, {_signed(self.high)}]"


def elo_estimate(scores: Sequence[float], players: int = 2) -> EloEstimate:
    """Elo difference against the field, from per-game scores, with its 95% interval."""
    interval = score_interval(scores)
    if interval.games == 0:
        return EloEstimate(math.nan, -math.inf, math.inf)
    return EloEstimate(
        elo_from_score(interval.mean, players),
        elo_from_score(interval.low, players),
        elo_from_score(interval.high, players),
    )


def _signed(value: float) -> str:
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"
