"""Arena (lichess-style): during a time window, a unit that finishes a game waits and is
paired at once with other waiting units of near score.

Points: a win 2, a draw 1, a loss 0; after two wins in a row a unit is on a streak and
scores double (a win 4, a draw 2) until a game it does not win. In a multi-seat game a
unit scores by its outcome and its rank at the table (`Game.ranks`: in Regicida the
winners, then the others in the Coronation order of their Houses): a point for each seat
it finished above (at a table of four, a lone winner 3, then 2, 1 and 0; two winners 2
each), doubled on a streak, which its wins make as above. A bye is never given: a unit
waits for company.

Pairing: the waiting units ordered by points (then by who waited longest) are cut into
tables of the table's size; two units who have just played each other are not paired
again at once when a third is waiting. A partnered game seats its four by `tables.sides_of`.

    >>> score([1.0, 1.0, 1.0, 0.5, 0.0], two_sided=True)
    (10, False)
    >>> score([1.0, 1.0, 0.0, 0.0], two_sided=False, outranked=[3, 2, 2, 0])
    (9, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from regalia.tournaments import tables
from regalia.tournaments.scoring import Shape, TableSides, Unit

WIN, DRAW = 2, 1


def score(
    results: Sequence[float], two_sided: bool = True, outranked: Sequence[int] | None = None
) -> tuple[int, bool]:
    """A unit's arena points from its games' scores in order, and whether it is on a
    streak now; `outranked` (multi-seat games): per game, the seats it finished above."""
    total, wins = 0, 0
    for n, result in enumerate(results):
        streak = wins >= 2
        if not two_sided and outranked is not None:
            total += outranked[n] * (2 if streak else 1)
            wins = wins + 1 if result >= 1.0 else 0
        elif result >= 1.0:
            total += WIN * (2 if streak else 1)
            wins += 1
        elif result > 0 and two_sided:
            total += DRAW * (2 if streak else 1)
            wins = 0
        else:
            wins = 0
    return total, wins >= 2


def pair(
    waiting: Sequence[Unit], points: Mapping[Unit, float], last: Mapping[Unit, frozenset[Unit]],
    shape: Shape, seats: int | None = None,
) -> list[TableSides]:  # fmt: skip
    """Tables for the units waiting now (`waiting`: longest waiting first); `last`: whom
    each unit met in its last game. Units left over keep waiting."""
    size = shape.size if shape.two_sided else (seats or shape.size)
    since = {u: i for i, u in enumerate(waiting)}
    order = sorted(waiting, key=lambda u: (-points.get(u, 0), since[u]))
    out: list[TableSides] = []
    while len(order) >= size:
        table = [order.pop(0)]
        while len(table) < size:
            fresh = [u for u in order if not any(u in last.get(t, ()) for t in table)]
            pick = fresh[0] if fresh else order[0]
            order.remove(pick)
            table.append(pick)
        out.append(tables.sides_of(table, shape, Counter())[0])
    return out
