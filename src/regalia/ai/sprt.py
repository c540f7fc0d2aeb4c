"""A sequential probability ratio test that stops a match once it is decided.

H0: the tested agent is `elo0` stronger than its opponent; H1: `elo1` stronger. After each
pair of games (one opening, or one deal, played from both sides) the log-likelihood ratio
of H1 against H0 is compared with Wald's bounds, `log(beta / (1 - alpha))` below and
`log((1 - beta) / alpha)` above: below accepts H0, above accepts H1, between plays on.

The model is fishtest's generalized SPRT on game pairs (pentanomial: a pair scores 0, ¼,
½, ¾ or 1), which counts the two games of a pair together and so keeps their correlation
(the same opening) out of the error rates. Under each hypothesis the pair-score
distribution is the most likely one with the mean score that hypothesis's Elo gives
(`1 / (1 + 10^(-elo / 400))`), found from the observed frequencies (Van den Bergh's
maximum-likelihood projection); each frequency starts at 10⁻³ so that a run of wins alone
still gives a finite ratio.

    >>> test = Sprt(0.0, 10.0)
    >>> round(test.llr([0.5] * 10), 3) < 0
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIOR = 1e-3  # added to each pair-score count


def expected_score(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True, slots=True)
class Verdict:
    llr: float
    lower: float
    upper: float
    pairs: int
    decision: str  # "H0" (elo0 holds), "H1" (elo1 holds) or "" (undecided)

    def text(self, elo0: float, elo1: float) -> str:
        where = f"LLR {self.llr:+.2f} in [{self.lower:.2f}, {self.upper:.2f}], {self.pairs} pairs"
        if self.decision == "H1":
            return f"H1 accepted (Elo ≥ {elo1:g} rather than {elo0:g}): {where}"
        if self.decision == "H0":
            return f"H0 accepted (Elo ≤ {elo0:g} rather than {elo1:g}): {where}"
        return f"undecided: {where}"


@dataclass(frozen=True, slots=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("--sprt wants elo0,elo1 with elo0 below elo1")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("--alpha and --beta are between 0 and 0.5")

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, pairs: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 against H0 after `pairs` (each the tested agent's
        mean score over the two games of a pair)."""
        counts = [PRIOR] * len(PAIR_SCORES)
        for score in pairs:
            counts[min(range(len(PAIR_SCORES)), key=lambda i: abs(PAIR_SCORES[i] - score))] += 1
        total = sum(counts)
        freqs = [c / total for c in counts]
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        p0, p1 = _projected(freqs, s0), _projected(freqs, s1)
        return len(pairs) * sum(f * math.log(b / a) for f, a, b in zip(freqs, p0, p1, strict=True))

    def verdict(self, pairs: Sequence[float]) -> Verdict:
        lower, upper = self.bounds
        value = self.llr(pairs)
        decision = "H1" if value >= upper else "H0" if value <= lower else ""
        return Verdict(value, lower, upper, len(pairs), decision)


def _projected(freqs: Sequence[float], mean: float) -> list[float]:
    """The distribution over PAIR_SCORES nearest `freqs` (most likely) whose mean is `mean`:
    `f_i / (1 + θ (a_i − mean))`, θ the root that makes it sum to one (bisection)."""
    shifts = [a - mean for a in PAIR_SCORES]
    low, high = -1.0 / max(shifts), -1.0 / min(shifts)  # where every denominator stays > 0

    def excess(theta: float) -> float:  # decreasing in θ; zero at the projection
        return sum(f * d / (1 + theta * d) for f, d in zip(freqs, shifts, strict=True))

    for _ in range(200):
        mid = (low + high) / 2
        if excess(mid) > 0:
            low = mid
        else:
            high = mid
    theta = (low + high) / 2
    return [f / (1 + theta * d) for f, d in zip(freqs, shifts, strict=True)]
