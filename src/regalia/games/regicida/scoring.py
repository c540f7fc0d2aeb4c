"""Objectives (H6) and the Coronation ranking (H7): pure functions over a grid.

`cluster_sizes` works on any board (the Expansion canvas too); the area objectives need the
final 6×6 grid, whose frame is only known once Expansion ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regalia.games.regicida.board import GRID, Board, Cell, neighbours
from regalia.games.regicida.houses import HOUSE_NUMBERS, OBJECTIVE_KEYS


def cluster_sizes(board: Board, house: int, light_only: bool = False) -> list[int]:
    """Sizes of the House's orthogonally joined groups (light tokens only, if asked)."""

    def counts(cell: Cell) -> bool:
        token = board.get(cell)
        return token is not None and token.house == house and not (light_only and token.dark)

    seen: set[Cell] = set()
    sizes = []
    for start, _ in board.tokens():
        if start in seen or not counts(start):
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            cell = stack.pop()
            size += 1
            for nxt in neighbours(cell, board.size):
                if nxt not in seen and counts(nxt):
                    seen.add(nxt)
                    stack.append(nxt)
        sizes.append(size)
    return sizes


def _inner(cell: Cell) -> bool:
    return all(1 <= x <= GRID - 2 for x in cell)


def objective_score(board: Board, house: int, objective: str, light_only: bool = False) -> int:
    """The House's points under `objective` (united, divide, central, borders)."""
    if objective == "united":
        return max(cluster_sizes(board, house, light_only), default=0)
    if objective == "divide":
        return len(cluster_sizes(board, house, light_only))
    if objective not in ("central", "borders"):
        raise ValueError(f"unknown objective {objective!r}; one of {', '.join(OBJECTIVE_KEYS)}")
    if board.size != GRID:
        raise ValueError("area objectives are scored on the final 6×6 grid")
    want_inner = objective == "central"
    return sum(
        1
        for cell, token in board.tokens()
        if token.house == house and not (light_only and token.dark) and _inner(cell) == want_inner
    )


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
    scored = [
        (objective_score(board, h, objective), objective_score(board, h, objective, True), h)
        for h in HOUSE_NUMBERS
    ]
    scored.sort(key=lambda s: (-s[0], -s[1], place[s[2]]))
    return tuple(
        HouseScore(house=h, score=s, light_score=ls, rank=i + 1)
        for i, (s, ls, h) in enumerate(scored)
    )


def regent_house(board: Board, objective: str, succession: Sequence[int]) -> int:
    return coronation(board, objective, succession)[0].house
