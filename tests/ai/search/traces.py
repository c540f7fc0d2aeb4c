"""What the search answers at fixed depths along seeded random games, as plain data.

Fixed-depth searches are deterministic, so the compiled and the interpreted search must give
the same move, score, principal variation and node count (tests/ai/search/test_both_paths.py).
"""

from __future__ import annotations

from typing import Any

from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Limits, Searcher
from regalia.core.seeds import Rng
from regalia.games.regicide.position import Position as RegicidePosition
from regalia.games.regulator.position import Position as RegulatorPosition


def _searches(domain: Any, pos: Any, seed: int, plies: int, every: int, depth: int) -> Any:
    rng = Rng(seed)
    searcher: Searcher[Any, Any] = Searcher(domain)
    rows = []
    history: list[int] = []
    for ply in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        if ply % every == 0:
            report = searcher.search(pos, Limits(depth=depth), history=history)
            rows.append([report.move, report.score, report.depth, report.nodes, report.pv])
        history.append(pos.key)
        pos.push(rng.choice(moves))
    return rows


def regulator(seeds: list[int], plies: int, every: int, depth: int) -> list[Any]:
    return [
        _searches(
            RegulatorDomain(), RegulatorPosition.start(1 + seed % 7), seed, plies, every, depth
        )
        for seed in seeds
    ]


def regicide(seeds: list[int], plies: int, every: int, depth: int) -> list[Any]:
    return [
        _searches(RegicideDomain(), RegicidePosition.start(), seed, plies, every, depth)
        for seed in seeds
    ]


def node_limited(nodes: list[int]) -> list[Any]:
    """Searches bounded by nodes alone from each chess game's start, one after another on
    the same (warming) table: [nodes counted, move, depth completed] each."""
    rows = []
    games: list[tuple[Any, Any]] = [
        (RegulatorDomain(), RegulatorPosition.start()),
        (RegicideDomain(), RegicidePosition.start()),
    ]
    for domain, pos in games:
        searcher: Searcher[Any, Any] = Searcher(domain)
        for limit in nodes:
            report = searcher.search(pos, Limits(nodes=limit))
            rows.append([report.nodes, report.move, report.depth])
    return rows
