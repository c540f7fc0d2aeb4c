"""Perft from the start and from tricky positions, checked against the naive oracle.

`naive.py` is a separate, slow reading of the rules (make the move, move the regulator,
look for any attack on the king); it shares no code with the engine.
"""

from __future__ import annotations

import pytest

from regalia.core.seeds import Rng
from regalia.games.regulator import coordinate, read_fen, write_fen
from regalia.games.regulator.perft import divide, perft, start
from tests.games.regulator import naive


def naive_perft(fen: str, depth: int) -> int:
    if depth == 0:
        return 1
    position = read_fen(fen)
    total = 0
    legal = {coordinate(m): m for m in position.legal_moves()}
    assert set(legal) == naive.legal_moves(fen), fen
    if depth == 1:
        return len(legal)
    for move in legal.values():
        position.push(move)
        total += naive_perft(write_fen(position), depth - 1)
        position.pop()
    return total


def test_R1_perft_depth_1_and_2_by_hand() -> None:
    # 8 first moves (5 pushes, 3 knight moves); Black mirrors with 8 replies each, since
    # no White first move touches a Black piece or opens a line to the Black king.
    assert perft(start(), 1) == 8
    assert perft(start(), 2) == 64


@pytest.mark.parametrize(
    "fen",
    [
        "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1",
        "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 2 0 1",
        "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 5 0 1",
        "4k/5/5/3p1/2n1P/P1K2/5 w 5 0 1",
        "4k/1p3/4p/n4/3B1/5/K4 w 6 0 1",
        "n3k/1P3/5/5/5/5/K4 w 3 0 1",
    ],
)
def test_R9_perft_agrees_with_the_naive_oracle(fen: str) -> None:
    assert perft(read_fen(fen), 3) == naive_perft(fen, 3)


def test_divide_sums_to_perft() -> None:
    rows = divide(start(), 3)
    assert len(rows) == 8
    assert sum(count for _, count in rows) == perft(start(), 3)


def test_perft_leaves_the_position_unchanged() -> None:
    position = start()
    before = (list(position.board), position.key, position.regulator)
    perft(position, 3)
    assert (position.board, position.key, position.regulator) == before


def test_R1_start_perft_counts() -> None:
    # Depths 3-5 as counted by the naive oracle (recomputed by the slow test below).
    assert [perft(start(), d) for d in range(1, 6)] == [8, 64, 710, 8156, 113143]


@pytest.mark.slow
@pytest.mark.parametrize(("depth", "count"), [(4, 8156), (5, 113143)])
def test_R9_start_perft_agrees_with_the_naive_oracle(depth: int, count: int) -> None:
    fen = "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
    assert naive_perft(fen, depth) == count == perft(read_fen(fen), depth)


def test_R9_random_game_positions_agree_with_the_naive_oracle() -> None:
    rng = Rng(2026)
    checked = 0
    for game in range(25):
        position = read_fen(f"bnkbn/ppppp/5/5/5/PPPPP/BNKBN w {1 + game % 7} 0 1")
        for _ in range(80):
            fen = write_fen(position)
            legal = position.legal_moves()
            assert {coordinate(m) for m in legal} == naive.legal_moves(fen), fen
            checked += 1
            if not legal:
                break
            move = rng.choice(legal)
            predicted = position.regulator_after(move)
            position.push(move)
            assert position.regulator == predicted
    assert checked > 800


def test_R11_incremental_key_matches_a_fresh_key_and_pop_restores() -> None:
    rng = Rng(7)
    position = start()
    seen = []
    for _ in range(150):
        legal = position.legal_moves()
        if not legal:
            break
        seen.append((write_fen(position), position.key))
        position.push(rng.choice(legal))
        assert position.key == read_fen(write_fen(position)).key
    while seen:
        position.pop()
        fen, key = seen.pop()
        assert (write_fen(position), position.key) == (fen, key)
