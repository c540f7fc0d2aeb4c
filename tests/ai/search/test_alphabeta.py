"""The generic search on toy games whose answers are known by hand or by plain minimax."""

from __future__ import annotations

import threading
import time

import pytest

from regalia.ai.search import Limits, Report, Searcher, Settings, scores
from tests.ai.search.toys import (
    Counters,
    CountersDomain,
    EndlessChecks,
    Heap,
    HeapDomain,
    minimax,
)

PLAIN = Settings(use_table=False, reductions=False, check_extension=False, quiescence=False)
WITH_TABLE = Settings(use_table=True, reductions=False, check_extension=False, quiescence=False)


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_heap_winning_move_takes_heap_mod_4(stones: int) -> None:
    report = Searcher(HeapDomain()).search(Heap(stones), Limits(depth=12))
    assert report.move == stones % 4
    assert scores.is_mate(report.score) and report.score > 0


def test_heap_mate_distance_is_counted_in_moves() -> None:
    # From 5: take 1 (4 left), the opponent takes 1-3, we take the rest: we win on ply 3.
    report = Searcher(HeapDomain()).search(Heap(5), Limits(depth=10))
    assert report.score == scores.MATE - 3
    assert scores.mate_moves(report.score) == 2
    assert scores.describe(report.score) == "mate 2"


def test_heap_lost_position_scores_as_mated() -> None:
    report = Searcher(HeapDomain()).search(Heap(8), Limits(depth=12))
    assert report.score < 0 and scores.is_mate(report.score)
    assert scores.mate_moves(report.score) < 0


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_counters_search_equals_plain_minimax(depth: int) -> None:
    expected = minimax(CountersDomain(), Counters(), depth)
    plain = Searcher(CountersDomain(), PLAIN).search(Counters(), Limits(depth=depth))
    tabled = Searcher(CountersDomain(), WITH_TABLE).search(Counters(), Limits(depth=depth))
    assert plain.score == expected
    assert tabled.score == expected
    assert tabled.depth == depth


def test_table_saves_nodes_at_fixed_depth() -> None:
    plain = Searcher(CountersDomain(), PLAIN).search(Counters(), Limits(depth=6))
    tabled = Searcher(CountersDomain(), WITH_TABLE).search(Counters(), Limits(depth=6))
    assert tabled.score == plain.score
    assert tabled.nodes < plain.nodes


def test_search_leaves_the_position_as_given() -> None:
    pos = Counters()
    Searcher(CountersDomain()).search(pos, Limits(nodes=300))
    assert (pos.a, pos.b, pos.stack) == (0, 0, [])


def test_node_limit_stops_early_with_a_legal_move() -> None:
    report = Searcher(CountersDomain()).search(Counters(), Limits(nodes=1000))
    assert report.move in CountersDomain.MOVES
    assert report.nodes < 1000 + 100


def test_time_limit_is_respected() -> None:
    start = time.perf_counter()
    report = Searcher(CountersDomain()).search(Counters(), Limits(seconds=0.2))
    assert time.perf_counter() - start < 0.5
    assert report.move in CountersDomain.MOVES and report.depth >= 2


def test_stop_from_another_thread() -> None:
    searcher: Searcher[Counters, int] = Searcher(CountersDomain())
    timer = threading.Timer(0.1, searcher.stop)
    timer.start()
    start = time.perf_counter()
    report = searcher.search(Counters(), Limits())
    assert time.perf_counter() - start < 1.0
    assert report.move in CountersDomain.MOVES


def test_iterations_are_reported_with_a_principal_variation() -> None:
    seen: list[Report[int]] = []
    searcher: Searcher[Counters, int] = Searcher(CountersDomain())
    searcher.search(Counters(), Limits(depth=4), on_iteration=seen.append)
    assert [r.depth for r in seen] == [1, 2, 3, 4]
    assert len(seen[-1].pv) >= 2 and seen[-1].pv[0] == seen[-1].move


def test_endless_checks_end_in_a_static_score() -> None:
    searcher: Searcher[list[int], int] = Searcher(EndlessChecks())
    report = searcher.search([], Limits(depth=3))
    assert report.move == 1 and abs(report.score) == 7
