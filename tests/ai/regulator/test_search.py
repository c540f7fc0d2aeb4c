"""Regulator Chess search: positions whose answers were worked out by hand."""

from __future__ import annotations

import pytest

from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Limits, Searcher, Settings, scores
from regalia.games.regulator.fen import read_fen
from regalia.games.regulator.notation import san

# Black Ka7; White Kc5, Re1. No mate in one (Ra1+ Kb7, Re7+ Ka6). 1. Kb5 Kb7 2. Re7# or
# 1. Kc6 Ka6 2. Ra1#.
MATE_IN_2 = "k4/5/2K2/5/5/5/4R w 1 0 1"
# Black Ka7 has no move once a5/a6/b6/b7 are covered: a waiting move wins (R10).
STALEMATE_WINS = "k4/3N1/1K3/5/5/4P/5 w 1 0 1"
# The rook takes the undefended queen that attacks it.
HANGING_QUEEN = "2k2/5/5/q4/5/5/R1K2 w 1 0 1"


def best(fen: str, depth: int, settings: Settings | None = None) -> tuple[str, int]:
    pos = read_fen(fen)
    report = Searcher(RegulatorDomain(), settings).search(pos, Limits(depth=depth))
    assert report.move is not None
    return san(pos, report.move), report.score


def test_finds_mate_in_2() -> None:
    move, score = best(MATE_IN_2, 6)
    assert move in {"Kb5", "Kc6"}
    assert scores.describe(score) == "mate 2"


def test_r10_stalemating_the_opponent_wins() -> None:
    move, score = best(STALEMATE_WINS, 4)
    assert score == scores.MATE - 1
    pos = read_fen(STALEMATE_WINS)
    pos.push(next(m for m in pos.legal_moves() if san(pos, m) == move))
    assert pos.legal_moves() == [] and not pos.in_check()


def test_takes_a_hanging_queen() -> None:
    move, score = best(HANGING_QUEEN, 4)
    assert move == "Rxa4"
    assert score > 300


def test_r11_bare_kings_draw_beats_a_lost_position() -> None:
    # White Kc1 against Kc7 + Rb2: taking the rook leaves bare kings, a draw.
    move, score = best("2k2/5/5/5/5/1r3/2K2 w 1 0 1", 4)
    assert (move, score) == ("Kxb2", 0)


def test_r11_hundred_plies_draw_saves_the_weaker_side() -> None:
    # Black, a queen down, reaches the 100th quiet ply with any king move.
    move, score = best("2k2/5/5/5/5/5/Q1K2 b 1 99 80", 3)
    assert move.startswith("K") and score == 0


def test_r11_repetition_counts_as_a_draw() -> None:
    pos = read_fen(MATE_IN_2)
    kb5 = next(m for m in pos.legal_moves() if san(pos, m) == "Kb5")
    pos.push(kb5)
    repeated = pos.key
    pos.pop()
    report = Searcher(RegulatorDomain()).search(pos, Limits(depth=6), history=[repeated])
    assert report.move is not None and report.move != kb5
    assert scores.describe(report.score) == "mate 2"


@pytest.mark.parametrize("fen", [MATE_IN_2, STALEMATE_WINS, HANGING_QUEEN])
def test_table_does_not_change_the_answer(fen: str) -> None:
    exact = Settings(use_table=False, reductions=False)
    with_table = Settings(use_table=True, reductions=False)
    assert best(fen, 4, exact) == best(fen, 4, with_table)


def test_search_restores_the_position() -> None:
    pos = read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1")
    key, board = pos.key, list(pos.board)
    Searcher(RegulatorDomain()).search(pos, Limits(nodes=2000))
    assert (pos.key, pos.board, pos.regulator) == (key, board, 1)


def test_gain_bounds_what_a_capture_wins() -> None:
    pos = read_fen(HANGING_QUEEN)
    domain = RegulatorDomain()
    (take,) = domain.noisy_moves(pos)
    assert domain.gain(pos, take) == 950
