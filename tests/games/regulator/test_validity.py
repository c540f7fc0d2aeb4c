"""A position set up by hand (the board editor, a table from a position): the rules each
check relies on, all reasons reported at once, read through the game's descriptor."""

from __future__ import annotations

import pytest

from regalia.core.registry import get_game
from regalia.games.regulator.fen import START_FEN

GAME = get_game("regulator")


def problems(fen: str) -> tuple[str, ...]:
    return GAME.position_problems(fen)


def test_R1_the_start_and_every_regulator_space_are_possible() -> None:
    assert problems(START_FEN) == ()
    for space in range(1, 8):
        assert problems(f"bnkbn/ppppp/5/5/5/PPPPP/BNKBN b {space} 0 1") == ()


def test_R1_R2_each_side_has_exactly_one_king() -> None:
    assert problems("5/5/5/5/5/5/2K2 w 1 0 1") == ("Black has no king",)
    assert problems("k3k/5/5/5/5/5/2K2 w 1 0 1") == ("Black has 2 kings; a side has one",)


def test_R3_R4_no_pawn_on_a_first_or_last_rank() -> None:
    assert problems("2k1P/5/5/5/5/5/p1K2 w 1 0 1") == (
        "a Black pawn on a1 should have been promoted",
        "a White pawn on e7 should have been promoted",
    )
    assert problems("2k1p/5/5/5/5/5/P1K2 w 1 0 1") == (
        "a White pawn cannot stand on a1: pawns only move forward",
        "a Black pawn cannot stand on e7: pawns only move forward",
    )


def test_R1_R4_no_more_pawns_or_pieces_than_the_setup_and_promotions_give() -> None:
    assert problems("2k2/5/5/P4/PPPPP/5/2K2 w 1 0 1") == (
        "White has 6 pawns; a side has at most 5",
    )
    # Five pawns on the board leave none to have promoted: a queen is one piece too many.
    assert problems("2k2/5/5/5/5/PPPPP/Q1K2 w 1 0 1") == (
        "White has 1 pieces more than it starts with, but only 0 of its pawns are gone to promote",
    )
    # Three knights with four pawns: the third knight is the fifth pawn promoted.
    assert problems("2k2/5/5/5/5/PPPP1/NNKN1 w 1 0 1") == ()


def test_R9_the_side_not_to_move_is_not_in_check() -> None:
    assert problems("2k2/2Q2/5/5/5/5/2K2 w 1 0 1") == (
        "Black is in check while White is to move: Black's last move cannot have left its "
        "king attacked",
    )
    assert problems("2k2/2Q2/5/5/5/5/2K2 b 1 0 1") == ()
    # R5: from space 3 a bishop also leaps as a knight, so the same men give check there.
    assert problems("2k2/5/1B3/5/5/5/2K2 w 1 0 1") == ()
    assert problems("2k2/5/1B3/5/5/5/2K2 w 3 0 1") != ()


def test_every_reason_at_once() -> None:
    found = problems("bnPbn/ppppp/5/5/5/PPPPP/BN1BN w 1 0 1")
    assert found == (
        "White has no king",
        "Black has no king",
        "a White pawn on c7 should have been promoted",
        "White has 6 pawns; a side has at most 5",
    )


@pytest.mark.parametrize(
    "fen",
    ["", "bnkbn/ppppp w 1 0 1", "bnkbn/ppppp/5/5/5/PPPPP/BNKBN x 1 0 1",
     "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 9 0 1", "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 z 1"],
)  # fmt: skip
def test_R12_a_text_that_does_not_read_says_why(fen: str) -> None:
    (found,) = problems(fen)
    assert found.startswith("bad position")
