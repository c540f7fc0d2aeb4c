"""H6, H7, H11: Objectives, the Coronation ranking and the board text.

Expected values are counted by hand on support.BOARD_TEXT:

    1L 1L 2L 2L 3L 3L      House 1: clusters {a1 b1 a2} {a4 a5 a6}; inner 0, border 6
    1L 4L 2L 5L 3L 6L      House 2: {c1 d1 c2} {b4 b5 b6};          inner 3, border 3
    4L 4L 5L 5L 6L 6L      House 3: {e1 f1 e2} {c4 c5 c6};          inner 3, border 3
    1D 2L 3L 4L 5L 6L      House 4: {b2 a3 b3} {d4 d5 d6};          inner 4, border 2
    1L 2D 3L 4L 5L 6L      House 5: {d2 c3 d3} {e4 e5 e6};          inner 5, border 1
    1L 2L 3D 4D 5L 6D      House 6: {f2 e3 f3 f4 f5 f6};            inner 1, border 5

Dark tokens a4 (1), b5 (2), c6 (3), d6 (4), f6 (6). Over light tokens only: House 1
{a1 b1 a2} {a5 a6}; House 2 {c1 d1 c2} {b4} {b6}; House 3 {e1 f1 e2} {c4 c5}; House 4
{b2 a3 b3} {d4 d5}; House 5 unchanged; House 6 {f2 e3 f3 f4 f5}.
"""

from __future__ import annotations

import pytest

from regalia.core.errors import BadPosition
from regalia.games.regicida import coronation, objective_score, parse_board
from regalia.games.regicida.scoring import cluster_sizes

from .support import BOARD, BOARD_TEXT

HOUSES = (1, 2, 3, 4, 5, 6)


def scores(objective: str, light_only: bool = False) -> list[int]:
    return [objective_score(BOARD, h, objective, light_only) for h in HOUSES]


def order(objective: str, succession: tuple[int, ...] = HOUSES) -> list[int]:
    return [s.house for s in coronation(BOARD, objective, succession)]


def test_H6_united_scores_the_largest_cluster() -> None:
    assert sorted(cluster_sizes(BOARD, 6)) == [6]
    assert sorted(cluster_sizes(BOARD, 1)) == [3, 3]
    assert scores("united") == [3, 3, 3, 3, 3, 6]
    assert scores("united", light_only=True) == [3, 3, 3, 3, 3, 5]


def test_H6_divide_counts_the_clusters() -> None:
    assert scores("divide") == [2, 2, 2, 2, 2, 1]
    # b5 dark cuts House 2's column b4 b5 b6 into two light clusters.
    assert scores("divide", light_only=True) == [2, 3, 2, 2, 2, 1]


def test_H6_central_counts_the_inner_four_by_four() -> None:
    assert scores("central") == [0, 3, 3, 4, 5, 1]
    assert sum(scores("central")) == 16
    assert scores("central", light_only=True) == [0, 2, 3, 4, 5, 1]


def test_H6_borders_count_the_outer_ring_of_twenty() -> None:
    assert scores("borders") == [6, 3, 3, 2, 1, 5]
    assert sum(scores("borders")) == 20
    assert scores("borders", light_only=True) == [5, 3, 2, 1, 1, 4]


def test_H7_higher_score_ranks_first() -> None:
    ranking = coronation(BOARD, "central", HOUSES)
    assert [(s.house, s.score, s.light_score, s.rank) for s in ranking[:2]] == [
        (5, 5, 5, 1),
        (4, 4, 4, 2),
    ]
    assert ranking[0].house == 5  # the Regent House


def test_H7_tie_broken_by_light_tokens_only() -> None:
    # Central: Houses 2 and 3 both score 3; light only 2 against 3, so House 3 first,
    # although House 2 comes earlier in the Line of Succession.
    assert order("central") == [5, 4, 3, 2, 6, 1]
    # Borders: 2 and 3 tie on 3; light only 3 against 2, so House 2 first.
    assert order("borders") == [1, 6, 2, 3, 4, 5]
    # Divide: five Houses tie on 2; House 2's dark b5 splits it into 3 light clusters, so
    # it becomes the Regent House.
    assert order("divide")[0] == 2


def test_H7_remaining_tie_broken_by_line_of_succession() -> None:
    # Divide: Houses 1, 3, 4, 5 tie on 2 clusters and on 2 light clusters.
    assert order("divide", (1, 2, 3, 4, 5, 6)) == [2, 1, 3, 4, 5, 6]
    assert order("divide", (5, 4, 3, 6, 2, 1)) == [2, 5, 4, 3, 1, 6]
    # United: every House but 6 ties on 3 and 3: the Line of Succession orders them all.
    assert order("united", (3, 1, 6, 2, 5, 4)) == [6, 3, 1, 2, 5, 4]


def test_H7_regent_by_line_of_succession_when_top_scores_tie() -> None:
    tied = parse_board(BOARD_TEXT.replace("D", "L"))
    # All light, divide: Houses 1-5 tie on 2 clusters and 2 light clusters, House 6 has 1:
    # the first of 1-5 in the Line of Succession is the Regent House.
    assert coronation(tied, "divide", (4, 6, 2, 1, 3, 5))[0].house == 4
    assert coronation(tied, "divide", (6, 3, 2, 1, 4, 5))[0].house == 3


def test_H11_board_text_reads_and_writes_back() -> None:
    assert BOARD.to_text() == BOARD_TEXT.strip()
    assert parse_board(BOARD_TEXT.lower()) == BOARD  # case does not matter
    assert parse_board("\n" + BOARD_TEXT.replace(" ", "   ") + "\n\n") == BOARD


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n".join(BOARD_TEXT.splitlines()[:5]), "5"),
        (BOARD_TEXT.replace("1L 1L 2L 2L 3L 3L", "1L 1L 2L 2L 3L"), "line 1 has 5 cells"),
        (BOARD_TEXT.replace("4L 4L 5L 5L", "4L 4X 5L 5L"), "line 3, cell 2"),
        (BOARD_TEXT.replace("4L 4L 5L 5L", "4L 7L 5L 5L"), "line 3, cell 2"),
        (BOARD_TEXT.replace("1L 4L 2L", "1L 1L 2L"), "House 1 has 7"),
    ],
)
def test_H11_malformed_boards_say_where(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        parse_board(text)
