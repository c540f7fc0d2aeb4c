"""Tables of more than two units: grouping units into tables, and a group into sides.

Used by Swiss and round-robin for multi-seat games (Regicida's 2–6 seats) and for games of
partners played by individuals (Regicide's two teams of two): a table's cost counts the
pairs at it who met before and, ten times heavier, partners who were partners before.
Grouping fills each table in turn with the first units of the given order (by score) that
add the least cost, then swaps units between tables while a swap lowers the total cost, so
repeats happen only where neither avoids them. Deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from regalia.tournaments.scoring import Shape, TableSides, Unit

PARTNER_WEIGHT = 10
# Swap passes over all tables at most (each pass is O(units²) cost evaluations).
MAX_PASSES = 20


def sides_of(
    group: Sequence[Unit], shape: Shape, partnered: Counter[frozenset[Unit]]
) -> tuple[TableSides, int]:
    """The sides a group of units (best placed first) plays in, and how many partners there
    repeat. Sides of one unit: the group's order. Teams: the split with the fewest repeated
    partners, then the most even one by placing (1st and 4th against 2nd and 3rd)."""
    if shape.side_size == 1 or len(group) != shape.size:
        return tuple((u,) for u in group), 0
    rank = {u: i for i, u in enumerate(group)}
    best: tuple[tuple[int, int], TableSides] | None = None
    size = shape.side_size
    for first in combinations(group, size):
        if group[0] not in first:
            continue
        second = tuple(u for u in group if u not in first)
        repeats = sum(partnered[frozenset(p)] for side in (first, second)
                      for p in combinations(side, 2))  # fmt: skip
        balance = abs(sum(rank[u] for u in first) - sum(rank[u] for u in second))
        key = (repeats, balance)
        if best is None or key < best[0]:
            best = (key, (first, second))
    assert best is not None
    return best[1], best[0][0]


def cost(
    table: Sequence[Unit], shape: Shape, met: Counter[frozenset[Unit]],
    partnered: Counter[frozenset[Unit]],
) -> int:  # fmt: skip
    meetings = sum(met[frozenset(p)] for p in combinations(table, 2))
    if shape.side_size > 1:
        return meetings + PARTNER_WEIGHT * sides_of(table, shape, partnered)[1]
    return meetings


def group(
    ordered: Sequence[Unit], sizes: Sequence[int], shape: Shape,
    met: Counter[frozenset[Unit]], partnered: Counter[frozenset[Unit]],
    neighbours_only: bool = True,
) -> list[list[Unit]]:  # fmt: skip
    """`ordered` cut into tables of `sizes`, then improved by swaps: between neighbouring
    tables (Swiss keeps scores together) or any two (`neighbours_only` False)."""
    place = {u: i for i, u in enumerate(ordered)}
    remaining = list(ordered)
    tables: list[list[Unit]] = []
    for size in sizes:  # each seat: the first unit (by order) that adds the least cost
        table = [remaining.pop(0)]
        while len(table) < size:
            pick = min(remaining, key=lambda u: (cost([*table, u], shape, met, partnered),
                                                 place[u]))  # fmt: skip
            remaining.remove(pick)
            table.append(pick)
        tables.append(table)

    def table_cost(t: list[Unit]) -> int:
        return cost(sorted(t, key=place.__getitem__), shape, met, partnered)

    costs = [table_cost(t) for t in tables]
    for _ in range(MAX_PASSES):
        improved = False
        for i in range(len(tables)):
            others = [i + 1] if neighbours_only else list(range(i + 1, len(tables)))
            for j in others:
                if j >= len(tables):
                    continue
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        if costs[i] + costs[j] == 0:
                            break
                        x, y = tables[i][a], tables[j][b]
                        tables[i][a], tables[j][b] = y, x
                        ci, cj = table_cost(tables[i]), table_cost(tables[j])
                        if ci + cj < costs[i] + costs[j]:
                            costs[i], costs[j] = ci, cj
                            improved = True
                        else:
                            tables[i][a], tables[j][b] = x, y
        if not improved:
            break
    return [sorted(t, key=place.__getitem__) for t in tables]
