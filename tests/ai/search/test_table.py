"""The transposition table keeps what matters and stays bounded."""

from __future__ import annotations

from regalia.ai.search import scores
from regalia.ai.search.table import EXACT, LOWER, Table


def test_a_shallow_bound_does_not_replace_a_deeper_exact_result() -> None:
    table: Table[int] = Table()
    table.put(1, depth=5, flag=EXACT, score=40, move=7)
    table.put(1, depth=2, flag=LOWER, score=90, move=8)
    entry = table.get(1)
    assert entry is not None and (entry.depth, entry.score, entry.move) == (5, 40, 7)


def test_an_entry_without_a_move_keeps_the_old_move() -> None:
    table: Table[int] = Table()
    table.put(1, depth=1, flag=EXACT, score=0, move=3)
    table.put(1, depth=2, flag=EXACT, score=5, move=None)
    entry = table.get(1)
    assert entry is not None and (entry.depth, entry.move) == (2, 3)


def test_a_full_table_starts_over() -> None:
    table: Table[int] = Table(capacity=3)
    for key in range(5):
        table.put(key, 1, EXACT, 0, None)
    assert len(table) <= 3 and table.get(4) is not None


def test_mate_scores_are_stored_relative_to_the_node() -> None:
    at_root = scores.MATE - 5  # mate 5 plies from the root, seen from a node at ply 2
    stored = scores.to_table(at_root, 2)
    assert stored == scores.MATE - 3
    assert scores.from_table(stored, 4) == scores.MATE - 7
    assert scores.from_table(scores.to_table(-at_root, 2), 2) == -at_root
    assert scores.to_table(120, 9) == 120
