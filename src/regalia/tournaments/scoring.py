"""What every format shares: the shape of a table, a played game, points and tie-breaks.

Pairing works on *units*: an entrant, or a pre-registered team of entrants that plays as
one. A table is a tuple of *sides* in seat order (`Shape.teams`): a side is the units that
win and lose together. A game's score per side is its outcome's score (a win 1, a draw ½,
a loss 0); a bye scores a win.

Tie-breaks, the same in every game, read "opponents" as the units on the other sides of a
table (two-sided games: the other team; Regicida: everyone else at the table):

- Buchholz: the sum over a unit's games of its opponents' mean points;
- Sonneborn–Berger: the sum over its games of its score times its opponents' mean points.

A bye adds nothing to either. Standings sort by points, then Buchholz, then
Sonneborn–Berger, then the unit's starting number (lowest first).

    >>> games = [Played(1, (("a",), ("b",)), (1.0, 0.0)), Played(1, (("c",),), (1.0,))]
    >>> [(s.unit, s.points, s.buchholz) for s in standings(["a", "b", "c"], games)]
    [('a', 1.0, 0.0), ('c', 1.0, 0.0), ('b', 0.0, 1.0)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

Unit = str
Side = tuple[Unit, ...]
TableSides = tuple[Side, ...]
BYE_SCORE = 1.0


@dataclass(frozen=True, slots=True)
class Shape:
    """A table of `size` seats whose seats play in `teams` (seat numbers per side)."""

    size: int
    teams: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, game: Any, players: int) -> Shape:
        teams = tuple(tuple(sorted(team)) for team in game.teams(players))
        return cls(players, tuple(sorted(teams)))

    @property
    def two_sided(self) -> bool:
        return len(self.teams) == 2

    @property
    def side_size(self) -> int:
        return len(self.teams[0])

    def seats(self, sides: TableSides) -> list[Unit]:
        """The unit at each seat of a table of these sides (sides in `teams` order)."""
        out: list[Unit] = [""] * self.size
        for team, side in zip(self.teams, sides, strict=True):
            for seat, unit in zip(team, side, strict=True):
                out[seat] = unit
        return out

    def sides(self, seats: Sequence[Unit]) -> TableSides:
        return tuple(tuple(seats[s] for s in team) for team in self.teams)


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game (or a bye: one side of one unit) of round `round`; `scores` per
    side. A `voided` unit scores 0 whatever its side scored (a stand-in played its seat).
    `ranks`: each side's place at the table as its game placed it (`Game.ranks`; 1 the
    best), when the game was played to its end."""

    round: int
    sides: TableSides
    scores: tuple[float, ...]
    voided: frozenset[Unit] = frozenset()
    ranks: tuple[int, ...] | None = None

    def outranked(self, side: int) -> int:
        """How many sides at the table `side` finished above: by `ranks`, or else by
        score (the winners above everyone else)."""
        ranks = self.ranks or tuple(1 + sum(o > s for o in self.scores) for s in self.scores)
        return sum(r > ranks[side] for r in ranks)

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1

    def units(self) -> Iterable[Unit]:
        return (u for side in self.sides for u in side)


@dataclass(frozen=True, slots=True)
class Standing:
    unit: Unit
    points: float
    buchholz: float
    sonneborn_berger: float
    games: int
    number: int


def points_of(units: Iterable[Unit], games: Iterable[Played]) -> dict[Unit, float]:
    points = dict.fromkeys(units, 0.0)
    for game in games:
        for side, score in zip(game.sides, game.scores, strict=True):
            for unit in side:
                if unit in points and unit not in game.voided:
                    points[unit] += score
    return points


def standings(units: Sequence[Unit], games: Sequence[Played]) -> list[Standing]:
    """Every unit, best first (`units` in starting-number order)."""
    points = points_of(units, games)
    buchholz = dict.fromkeys(units, 0.0)
    berger = dict.fromkeys(units, 0.0)
    count: Counter[Unit] = Counter()
    for game in games:
        for i, (side, score) in enumerate(zip(game.sides, game.scores, strict=True)):
            others = [u for j, s in enumerate(game.sides) if j != i for u in s]
            mean = sum(points.get(u, 0.0) for u in others) / len(others) if others else 0.0
            for unit in side:
                if unit not in points:
                    continue
                count[unit] += 1
                buchholz[unit] += mean
                berger[unit] += (0.0 if unit in game.voided else score) * mean
    rows = [
        Standing(u, points[u], buchholz[u], berger[u], count[u], n) for n, u in enumerate(units)
    ]
    return sorted(rows, key=lambda r: (-r.points, -r.buchholz, -r.sonneborn_berger, r.number))


def met(games: Iterable[Played]) -> Counter[frozenset[Unit]]:
    """How often each pair of units sat on opposite sides of a table."""
    out: Counter[frozenset[Unit]] = Counter()
    for game in games:
        for a, b in combinations(range(len(game.sides)), 2):
            for x in game.sides[a]:
                for y in game.sides[b]:
                    out[frozenset((x, y))] += 1
    return out


def partners(games: Iterable[Played]) -> Counter[frozenset[Unit]]:
    """How often each pair of units played on one side."""
    out: Counter[frozenset[Unit]] = Counter()
    for game in games:
        if game.bye:
            continue
        for side in game.sides:
            for pair in combinations(side, 2):
                out[frozenset(pair)] += 1
    return out


def byes(games: Iterable[Played]) -> set[Unit]:
    return {u for g in games if g.bye for u in g.units()}


def firsts(games: Iterable[Played]) -> Counter[Unit]:
    """How often each unit sat on the first side (White, the first team)."""
    return Counter(u for g in games if not g.bye for u in g.sides[0])


def table_size_for(count: int, size: int, least: int) -> tuple[list[int], int]:
    """Tables for `count` units at tables of `size` seats (at least `least`), as even as
    possible, and how many units sit out (a bye)."""
    if count < least:
        return [], count
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    if base >= least:
        return [base + 1] * extra + [base] * (tables - extra), 0
    full, rest = divmod(count, size)
    if rest >= least:
        return [size] * full + [rest], 0
    return [size] * full, rest


def bye_takers(ordered: Sequence[Unit], count: int, had: set[Unit]) -> list[Unit]:
    """The `count` units that sit out: the lowest placed who had no bye yet, then (only
    when everyone had one) the lowest placed."""
    if count <= 0:
        return []
    fresh = [u for u in reversed(ordered) if u not in had]
    rest = [u for u in reversed(ordered) if u in had]
    return (fresh + rest)[:count]
