"""Perft: start-position counts derived by hand, and agreement with the plain reference
generator (tests/games/regicide/reference.py) on the start and on positions full of the
special rules."""

import pytest

from regalia.core.seeds import Rng
from regalia.games.regicide.perft import divide, perft, start
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import START_TEXT, from_text, to_text

from . import reference
from .helpers import text

# Positions that exercise C5–C13 all at once (checked against the reference, not by hand).
SPECIAL = {
    "en passant and double steps": text(
        turn="R",
        R="Ko8,Pn10:0,Pn6:0,Pm9:1",
        B="Kh14,Pl11:1,Pk13:0,Pd13:0",
        Y="Ka7,Pe7,Pb5:0,Pk12",
        G="Kg1,Pe4:0,Pf2:0",
    ),
    "swaps of both teams": text(
        Y="Ka7,Pe7,Pg9:1", R="Ko8,Pf7,Ph9:0", G="Kg1,Pk5,Pd3:0", B="Kh14,Pk6:1,Pd4"
    ),
    "dead ends and turned pawns": text(
        Y="Ka7,Pl12,Pl3,Pk2:N",
        R="Ko8,Pd12,Pd2",
        G="Kg1,Pc11,Pm11",
        B="Kh14,Pm4,Pb4,Pf12:E",
    ),
    "castling everywhere": text(
        castling="a4,a11,d1,l1,o4,o11,d14,l14",
        Y="Ka7,Ra4,Ra11,Nb7",
        G="Kg1,Rd1,Rl1,Be6",
        R="Ko8,Ro4,Ro11,Qj8",
        B="Kh14,Rd14,Rl14,Nf12",
    ),
    "kingless seats": text(
        turn="G",
        G="Nd4,Pe5,Pj11,Bh8",
        Y="Ka7,Pe6,Qf6,Nk12",
        R="Ro11,Pn7",
        B="Kh14,Pe7,Qk4",
    ),
    "promotions": text(
        Y="Ka7,Pn6,Pk13,Pm10", B="Kh14,Rl14,Pj2,Pe3", G="Kg1,Pd11,Pb8", R="Ko8,Pb7,Pd6:1"
    ),
}


def test_start_perft_depth_1_to_3_by_hand() -> None:
    # Depth 1: Yellow's 8 pawns have a single and a double step each, and its two knights two
    # squares each (a5: c4, c6; a10: c9, c11): 20.
    # Depth 2: Green has 20 replies too, except after b4-d4, which blocks Green's d2-d4: 399.
    # Depth 3: Red has 20 moves, except after Green's l2-l4, which blocks Red's n4-l4:
    # 19 Yellow moves x (19 x 20 + 19) + b4-d4's 18 x 20 + 19 = 7581 + 379 = 7960.
    pos = start()
    assert [perft(pos, d) for d in (0, 1, 2, 3)] == [1, 20, 399, 7960]


def test_start_perft_depth_4() -> None:
    # 158402: the reference generator gives the same count (test_reference_agrees_at_depth_4).
    assert perft(start(), 4) == 158402


@pytest.mark.slow
def test_start_perft_depth_5() -> None:
    # The reference generator agrees (about ten minutes, too slow for the suite):
    # reference.perft(reference.Ref.parse(START_TEXT), 5) == 3857368.
    assert perft(start(), 5) == 3857368


def test_perft_leaves_the_position_unchanged() -> None:
    pos = start()
    before = (to_text(pos), pos.key)
    perft(pos, 3)
    assert (to_text(pos), pos.key) == before


def test_divide_sums_to_perft() -> None:
    pos = start()
    rows = divide(pos, 2)
    assert len(rows) == 20 and sum(n for _, n in rows) == 399
    assert sorted(n for _, n in rows) == [19] + [20] * 19


def test_reference_agrees_on_the_start_position() -> None:
    ref = reference.Ref.parse(START_TEXT)
    assert [reference.perft(ref, d) for d in (1, 2, 3)] == [20, 399, 7960]


@pytest.mark.slow
def test_reference_agrees_at_depth_4() -> None:
    assert reference.perft(reference.Ref.parse(START_TEXT), 4) == 158402


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_special_positions_agree_with_the_reference(name: str) -> None:
    position_text = SPECIAL[name]
    ref = reference.Ref.parse(position_text)
    for depth in (1, 2):
        assert perft(from_text(position_text), depth) == reference.perft(ref, depth), depth


def random_positions(games: int, every: int) -> list[str]:
    found = []
    for seed in range(games):
        pos, rng = Position.start(), Rng(seed)
        for ply in range(600):
            moves = pos.legal_moves()
            if not moves:
                break
            if ply % every == 0:
                found.append(to_text(pos))
            pos.push(rng.choice(moves))
    return found


def test_random_game_positions_agree_with_the_reference_at_depth_1() -> None:
    for position_text in random_positions(games=5, every=9):
        expected = reference.perft(reference.Ref.parse(position_text), 1)
        assert perft(from_text(position_text), 1) == expected, position_text


@pytest.mark.slow
def test_random_game_positions_agree_with_the_reference_at_depth_2() -> None:
    for position_text in random_positions(games=40, every=25):
        expected = reference.perft(reference.Ref.parse(position_text), 2)
        assert perft(from_text(position_text), 2) == expected, position_text


def test_count_moves_matches_the_generated_list() -> None:
    for position_text in random_positions(games=4, every=3) + list(SPECIAL.values()):
        pos = from_text(position_text)
        assert pos.count_moves() == len(pos.legal_moves())
