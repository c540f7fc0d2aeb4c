"""Swiss pairing: a fixed number of rounds, each pairing units of equal score who have not
met; deterministic given the games so far and the units' starting numbers.

Two-sided games of one unit a side (Regulator Chess; Regicide's pre-registered teams) pair
Dutch-like: units ordered by points then starting number; the best unpaired unit meets
the unit half a score group below it, else the nearest one below that, else above it, then
lower groups (a floater goes down); a pairing that repeats a meeting is taken only when no
other pairing of the whole round avoids it (searched with backtracking). The side that sat
first less often sits first. Other tables (Regicida's 2–6 seats; Regicide's individuals,
partnered by score) are cut from the same order into tables of the chosen size and swapped
between neighbouring tables to avoid repeat meetings and repeat partners (`tables.py`).

A bye (an odd unit out, or the units no table holds) goes to the lowest placed unit that
has had none, scores a win, and is given to a unit twice only when every unit had one.

    >>> shape = Shape(2, ((0,), (1,)))
    >>> pair(["a", "b", "c", "d"], [], shape, 1).tables
    [(('a',), ('c',)), (('d',), ('b',))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from regalia.tournaments import tables
from regalia.tournaments.scoring import (
    Played,
    Shape,
    TableSides,
    Unit,
    bye_takers,
    byes,
    firsts,
    met,
    partners,
    points_of,
    table_size_for,
)

# Nodes the no-repeat search visits at most before it settles for fewest repeats.
SEARCH_NODES = 200_000


@dataclass(frozen=True, slots=True)
class Pairing:
    tables: list[TableSides]
    byes: list[Unit]


def ordered(units: Sequence[Unit], games: Sequence[Played]) -> list[Unit]:
    """Units by points, then starting number (their order in `units`)."""
    points = points_of(units, games)
    number = {u: i for i, u in enumerate(units)}
    return sorted(units, key=lambda u: (-points[u], number[u]))


def pair(
    units: Sequence[Unit], games: Sequence[Played], shape: Shape, round_: int,
    seats: int | None = None, least: int = 2,
) -> Pairing:  # fmt: skip
    """Round `round_`'s tables for `units` (in starting-number order; withdrawn units left
    out) after `games`. `seats`: a multi-seat game's table size (default: the shape's)."""
    order = ordered(units, games)
    met_ = met(games)
    if shape.two_sided and shape.side_size == 1:
        bye = bye_takers(order, len(order) % 2, byes(games))
        rest = [u for u in order if u not in bye]
        points = points_of(units, games)
        found = _pair_two(rest, points, met_, False) or _pair_two(rest, points, met_, True)
        assert found is not None
        return Pairing([_colour(p, firsts(games), order, round_, b) for b, p in
                        enumerate(found)], bye)  # fmt: skip
    partnered = partners(games)
    size = shape.size if shape.two_sided else (seats or shape.size)
    sizes, out = table_size_for(len(order), size, size if shape.two_sided else least)
    bye = bye_takers(order, out, byes(games))
    rest = [u for u in order if u not in bye]
    groups = tables.group(rest, sizes, shape, met_, partnered)
    sides = [tables.sides_of(g, shape, partnered)[0] for g in groups]
    return Pairing([_rotate(s, round_) for s in sides], bye)


def _pair_two(
    rest: list[Unit], points: dict[Unit, float], met_: Counter[frozenset[Unit]],
    repeats: bool,
) -> list[tuple[Unit, Unit]] | None:  # fmt: skip
    budget = [SEARCH_NODES]

    def candidates(remaining: list[Unit]) -> list[Unit]:
        top = remaining[0]
        same = [u for u in remaining[1:] if points[u] == points[top]]
        lower = [u for u in remaining[1:] if points[u] != points[top]]
        half = (len(same) + 1) // 2 - 1 if same else 0
        preferred = same[half:] + same[:half][::-1] + lower
        if repeats:  # fewest meetings first, the Dutch order within
            return sorted(preferred, key=lambda u: met_[frozenset((top, u))])
        return [u for u in preferred if not met_[frozenset((top, u))]]

    def solve(remaining: list[Unit]) -> list[tuple[Unit, Unit]] | None:
        if not remaining:
            return []
        budget[0] -= 1
        if budget[0] < 0 and not repeats:
            return None
        for other in candidates(remaining):
            found = solve([u for u in remaining[1:] if u != other])
            if found is not None:
                return [(remaining[0], other), *found]
            if repeats:
                break  # greedy: the fewest-repeats pass always completes
        return None

    return solve(rest)


def _colour(
    pair_: tuple[Unit, Unit], first: Counter[Unit], order: list[Unit], round_: int, board: int
) -> TableSides:
    a, b = pair_
    if first[a] != first[b]:
        return ((a,), (b,)) if first[a] < first[b] else ((b,), (a,))
    high, low = sorted(pair_, key=order.index)
    return ((high,), (low,)) if (round_ + board) % 2 else ((low,), (high,))


def _rotate(sides: TableSides, round_: int) -> TableSides:
    """Seats move round by round (who sits first changes)."""
    shift = (round_ - 1) % len(sides)
    return sides[shift:] + sides[:shift]
