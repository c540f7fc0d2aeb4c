"""Bayesian inference of who holds which House, from the actions everyone has taken.

Likelihood model: a player of House h picks among the options of a decision with a softmax
over h's value after each option (`model.Option.values`), mixed with a little uniform noise.
How sharp the softmax is depends on the player's *type*, unknown too: `random` (uniform
choices), `loose` and `sharp`. A player's likelihood is a mixture over types of the product
over their decisions, so a player who acts at random soon reads as such and stops moving the
posterior about their House.

The joint posterior over assignments (distinct Houses for the other seats; our own House is
known) is exact: at most 5!/(6-players)! = 120 assignments.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from regalia.ai.regicida.model import HOUSES, Decision

# (name, softmax sharpness per point of value, prior weight)
TYPES = (("random", 0.0, 0.5), ("loose", 2.5, 0.2), ("sharp", 6.0, 0.3))
NOISE = 0.05  # share of uniform choices even for a purposeful player
RANDOM = 0


def decision_loglik(decision: Decision) -> list[list[float]]:
    """log P(chosen option | House h, type t) as [type][h - 1]."""
    n = len(decision.options)
    out = [[-math.log(n)] * len(HOUSES) for _ in TYPES]
    for hi in range(len(HOUSES)):
        values = [o.values[hi] for o in decision.options]
        top = max(values)
        for ti, (_, beta, _) in enumerate(TYPES):
            if beta == 0.0:
                continue
            weights = [math.exp(beta * (v - top)) for v in values]
            p = weights[decision.chosen] / sum(weights)
            out[ti][hi] = math.log((1.0 - NOISE) * p + NOISE / n)
    return out


@dataclass
class Evidence:
    """Summed log-likelihoods per seat, per type, per House."""

    players: int
    loglik: list[list[list[float]]] = field(default_factory=list)
    counted: int = 0  # decisions added so far

    def __post_init__(self) -> None:
        if not self.loglik:
            self.loglik = [[[0.0] * len(HOUSES) for _ in TYPES] for _ in range(self.players)]

    def add(self, decisions: Sequence[Decision]) -> None:
        """Take in the decisions not counted yet (the list only ever grows)."""
        for decision in decisions[self.counted :]:
            table = decision_loglik(decision)
            seat = self.loglik[decision.seat]
            for ti in range(len(TYPES)):
                for hi in range(len(HOUSES)):
                    seat[ti][hi] += table[ti][hi]
        self.counted = len(decisions)

    def copy(self) -> Evidence:
        return Evidence(
            self.players, [[list(row) for row in seat] for seat in self.loglik], self.counted
        )

    def house_loglik(self, seat: int) -> list[float]:
        """log P(seat's actions | House h), types mixed by their prior."""
        return [
            _logsumexp(
                [math.log(w) + self.loglik[seat][ti][hi] for ti, (_, _, w) in enumerate(TYPES)]
            )
            for hi in range(len(HOUSES))
        ]

    def random_odds(self, seat: int, house: int) -> float:
        """P(the seat plays at random | it holds `house`)."""
        logs = [
            math.log(w) + self.loglik[seat][ti][house - 1] for ti, (_, _, w) in enumerate(TYPES)
        ]
        total = _logsumexp(logs)
        return math.exp(logs[RANDOM] - total)

    def public(self, seat: int) -> list[float]:
        """What an onlooker who knows no House would believe about `seat`: P(House h)."""
        return _normalised(self.house_loglik(seat))


@dataclass(frozen=True)
class Posterior:
    """The joint belief of `me` (who holds `mine`) about everyone's House."""

    me: int
    mine: int
    assignments: tuple[tuple[int, ...], ...]  # a House per seat
    probs: tuple[float, ...]

    def holder(self, house: int) -> list[float]:
        """P(seat s holds `house`) for each seat, and P(no one does) as the last item."""
        out = [0.0] * (len(self.assignments[0]) + 1)
        for assignment, p in zip(self.assignments, self.probs, strict=True):
            if house in assignment:
                out[assignment.index(house)] += p
            else:
                out[-1] += p
        return out

    def house_of(self, seat: int) -> list[float]:
        """P(seat holds House h) for h = 1..6."""
        out = [0.0] * len(HOUSES)
        for assignment, p in zip(self.assignments, self.probs, strict=True):
            out[assignment[seat] - 1] += p
        return out


def posterior(evidence: Evidence, me: int, mine: int) -> Posterior:
    players = evidence.players
    others = [s for s in range(players) if s != me]
    logs = {s: evidence.house_loglik(s) for s in others}
    free = [h for h in HOUSES if h != mine]
    assignments = []
    weights = []
    for houses in itertools.permutations(free, len(others)):
        assignment = list(houses)
        assignment.insert(me, mine)
        assignments.append(tuple(assignment))
        weights.append(sum(logs[s][assignment[s] - 1] for s in others))
    return Posterior(me, mine, tuple(assignments), tuple(_normalised(weights)))


def _logsumexp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def _normalised(logs: Sequence[float]) -> list[float]:
    total = _logsumexp(logs)
    return [math.exp(v - total) for v in logs]
