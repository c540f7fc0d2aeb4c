"""Round-robin: everyone meets everyone. On a live clock a round at a time; on a
turn-based clock (a month-long event) every round's games at once (`every_round`).

Two-sided games of one unit a side use the circle method (Berger tables): n units (one
more, a bye, when n is odd) play n − 1 rounds, each unit once against each other, the
unit that sat first less often sitting first. Multi-seat tables (and partners played by
individuals) play `rounds_for` rounds, until every pair has met:
each round groups units so pairs that met least meet now (any two tables may swap), and
byes go to who had fewest.

    >>> [len(r.tables) for r in schedule(["a", "b", "c", "d"], Shape(2, ((0,), (1,))))]
    [2, 2, 2]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from regalia.tournaments import tables
from regalia.tournaments.scoring import (
    Played,
    Shape,
    TableSides,
    Unit,
    met,
    partners,
    table_size_for,
)
from regalia.tournaments.swiss import Pairing

# A multi-seat round-robin whose pairs have not all met by then stops anyway.
MAX_ROUNDS = 30


def rounds_for(
    units: Sequence[Unit], shape: Shape, seats: int | None = None, least: int = 2
) -> int:
    """How many rounds a round-robin of `units` plays: the circle's n − 1 (n odd: n), or
    as many multi-seat rounds as it takes for every pair to have met."""
    count = len(units)
    if shape.two_sided and shape.side_size == 1:
        return count - 1 if count % 2 == 0 else count
    return len(every_round(units, shape, seats, least))


def every_round(
    units: Sequence[Unit], shape: Shape, seats: int | None = None, least: int = 2
) -> list[Pairing]:
    """Every round of a round-robin of `units`, known at the start: pairing reads only who
    met whom (and who had byes), never a score, so round n is `pair` after rounds 1..n − 1
    whatever their results. A turn-based round-robin plays them all at once."""
    if shape.two_sided and shape.side_size == 1:
        return schedule(units, shape)
    everyone = {frozenset(p) for p in combinations(units, 2)}
    games: list[Played] = []
    out = []
    for round_ in range(1, MAX_ROUNDS + 1):
        found = pair(units, games, shape, round_, seats, least)
        out.append(found)
        games += [Played(round_, t, (0.0,) * len(t)) for t in found.tables]
        games += [Played(round_, ((u,),), (1.0,)) for u in found.byes]
        if everyone <= set(met(games)):
            break
    return out


def schedule(units: Sequence[Unit], shape: Shape) -> list[Pairing]:
    """Every round of a two-sided round-robin of units of one a side."""
    ring: list[Unit | None] = list(units)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    out = []
    first: Counter[Unit] = Counter()  # the side that sat first less often sits first
    for r in range(n - 1):
        pairs: list[TableSides] = []
        bye: list[Unit] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                bye.extend(u for u in (a, b) if u is not None)
                continue
            if first[a] > first[b] or (first[a] == first[b] and (r + i) % 2):
                a, b = b, a
            first[a] += 1
            pairs.append(((a,), (b,)))
        out.append(Pairing(pairs, bye))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


def pair(
    units: Sequence[Unit], games: Sequence[Played], shape: Shape, round_: int,
    seats: int | None = None, least: int = 2,
) -> Pairing:  # fmt: skip
    """Round `round_` (from 1) of a round-robin of `units` after `games`."""
    if shape.two_sided and shape.side_size == 1:
        rounds = schedule(units, shape)
        return rounds[(round_ - 1) % len(rounds)]
    size = shape.size if shape.two_sided else (seats or shape.size)
    sizes, out = table_size_for(len(units), size, size if shape.two_sided else least)
    had: Counter[Unit] = Counter(u for g in games if g.bye for u in g.units())
    number = {u: i for i, u in enumerate(units)}
    # Byes rotate: fewest byes first, then from the back of the list, moving each round.
    bye = sorted(units, key=lambda u: (had[u], -((number[u] + round_) % len(units))))[:out]
    rest = [u for u in units if u not in bye]
    shift = (round_ - 1) % max(1, len(rest))
    rest = rest[shift:] + rest[:shift]
    partnered = partners(games)
    groups = tables.group(rest, sizes, shape, met(games), partnered, neighbours_only=False)
    return Pairing([tables.sides_of(g, shape, partnered)[0] for g in groups], bye)
