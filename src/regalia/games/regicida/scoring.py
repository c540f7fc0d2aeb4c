"""Objectives (H6) and the Coronation ranking (H7): pure functions over a grid.

`cluster_sizes` works on any board (the Expansion canvas too); the area objectives need the
final 6×6 grid, whose frame is only known once Expansion ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regalia.games.regicida.board import CANVAS, GRID, Board, Cell, neighbours
from regalia.games.regicida.houses import HOUSE_NUMBERS, OBJECTIVE_KEYS


def clusters(board: Board, light_only: bool = False) -> dict[int, list[int]]:
    """Sizes of every House's orthogonally joined groups (light tokens only, if asked)."""
    size, cells = board.size, board.cells
    out: dict[int, list[int]] = {h: [] for h in HOUSE_NUMBERS}
    seen = [False] * len(cells)
    for start, token in enumerate(cells):
        if token is None or seen[start] or (light_only and token.dark):
            continue
        seen[start] = True
        stack, count = [start], 0
        while stack:
            index = stack.pop()
            count += 1
            for nxt in _NEIGHBOURS[size][index]:
                other = cells[nxt]
                if (
                    not seen[nxt]
                    and other is not None
                    and other.house == token.house
                    and not (light_only and other.dark)
                ):
                    seen[nxt] = True
                    stack.append(nxt)
        out[token.house].append(count)
    return out


def _neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(r * size + c for r, c in neighbours(divmod(i, size), size))
        for i in range(size * size)
    )


_NEIGHBOURS = {n: _neighbour_table(n) for n in (GRID, CANVAS)}


def cluster_sizes(board: Board, house: int, light_only: bool = False) -> list[int]:
    return clusters(board, light_only)[house]


def objective_scores(board: Board, objective: str, light_only: bool = False) -> dict[int, int]:
    """Every House's points under `objective` (united, divide, central, borders)."""
    if objective in ("united", "divide"):
        found = clusters(board, light_only)
        pick = (lambda xs: max(xs, default=0)) if objective == "united" else len
        return {h: pick(sizes) for h, sizes in found.items()}
    if objective not in ("central", "borders"):
        raise ValueError(f"unknown objective {objective!r}; one of {', '.join(OBJECTIVE_KEYS)}")
    if board.size != GRID:
        raise ValueError("area objectives are scored on the final 6×6 grid")
    want_inner = objective == "central"
    scores = dict.fromkeys(HOUSE_NUMBERS, 0)
    for cell, token in board.tokens():
        if not (light_only and token.dark) and _inner(cell) == want_inner:
            scores[token.house] += 1
    return scores


def _inner(cell: Cell) -> bool:
    return all(1 <= x <= GRID - 2 for x in cell)


def objective_score(board: Board, house: int, objective: str, light_only: bool = False) -> int:
    """One House's points under `objective`."""
    return objective_scores(board, objective, light_only)[house]


@dataclass(frozen=True, slots=True)
class HouseScore:
    house: int
    score: int
    light_score: int
    rank: int  # 1 is the Regent House


def coronation(board: Board, objective: str, succession: Sequence[int]) -> tuple[HouseScore, ...]:
    """All six Houses in rank order: score, then light-only score, then Line of Succession."""
    if sorted(succession) != list(HOUSE_NUMBERS):
        raise ValueError("the Line of Succession must hold each House 1-6 once")
    place = {h: i for i, h in enumerate(succession)}
    full, light = objective_scores(board, objective), objective_scores(board, objective, True)
    scored = [(full[h], light[h], h) for h in HOUSE_NUMBERS]
    scored.sort(key=lambda s: (-s[0], -s[1], place[s[2]]))
    return tuple(
        HouseScore(house=h, score=s, light_score=ls, rank=i + 1)
        for i, (s, ls, h) in enumerate(scored)
    )


def regent_house(board: Board, objective: str, succession: Sequence[int]) -> int:
    return coronation(board, objective, succession)[0].house
