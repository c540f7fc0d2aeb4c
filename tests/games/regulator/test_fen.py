"""R12: the FEN-like position notation, read and written; malformed input is refused."""

from __future__ import annotations

import pytest

from regalia.core.errors import BadPosition
from regalia.games.regulator import GAME, START_FEN, Position, read_fen, write_fen
from regalia.games.regulator.board import BISHOP, KING, KNIGHT, PAWN


def test_R12_start_position_text() -> None:
    assert START_FEN == "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
    assert write_fen(Position.start()) == START_FEN
    assert GAME.new(0).fen == START_FEN


def test_R12_reads_ranks_seven_down_to_one() -> None:
    position = read_fen(START_FEN)
    # a1 is square 0, c1 square 2, c7 square 32, e6 square 29.
    assert position.board[0] == BISHOP and position.board[2] == KING
    assert position.board[1] == KNIGHT and position.board[32] == -KING
    assert position.board[29] == -PAWN
    assert position.turn == 0 and position.regulator == 1


def test_R12_fields_side_regulator_and_clocks() -> None:
    position = read_fen("2k2/5/5/2n2/5/5/2K1B b 5 17 40")
    assert (position.turn, position.regulator, position.halfmove, position.fullmove) == (
        1,
        5,
        17,
        40,
    )
    assert write_fen(position) == "2k2/5/5/2n2/5/5/2K1B b 5 17 40"


def test_R12_clocks_may_be_left_out() -> None:
    assert write_fen(read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3")) == (
        "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3 0 1"
    )


@pytest.mark.parametrize(
    ("fen", "words"),
    [
        ("bnkbn/ppppp/5/5/PPPPP/BNKBN w 1 0 1", "found 6 ranks; a position is 7 ranks"),
        ("bnkbn/ppppp/5/5/5/PPPP/BNKBN w 1 0 1", "rank 2 ('PPPP') has 4 squares"),
        ("bnkbn/ppppp/6/5/5/PPPPP/BNKBN w 1 0 1", "rank 5 ('6') has 6 squares"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 8 0 1", "regulator '8'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 0 0 1", "regulator '0'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w x 0 1", "regulator 'x'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BN1BN w 1 0 1", "White has 0 kings"),
        ("bnkbn/ppppp/5/2k2/5/PPPPP/BNKBN w 1 0 1", "Black has 2 kings"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BPKBN w 1 0 1", "White pawn on b1, a back rank"),
        ("pnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1", "Black pawn on a7, a back rank"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN x 1 0 1", "side to move 'x'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 -1 1", "half-move clock '-1'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 0", "move number '0'"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBZ w 1 0 1", "rank 1: 'Z' is not a piece letter"),
        ("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w", "expected 5 fields"),
        ("", "expected 5 fields"),
        ("2k2/5/5/5/5/5/2R1K b 1 0 1", ""),
        ("2k2/5/5/5/5/5/2R1K w 1 0 1", "Black is in check but it is White's move"),
    ],
)
def test_R12_malformed_positions_say_what_and_where(fen: str, words: str) -> None:
    if not words:
        read_fen(fen)  # a legal control case
        return
    with pytest.raises(BadPosition) as info:
        read_fen(fen)
    message = str(info.value)
    assert words in message
    assert "\n" not in message


def test_R12_check_depends_on_the_regulator() -> None:
    # Knight c1 vs king c7 is a check only when knights slide (space 6+).
    read_fen("2k2/5/5/5/5/5/2N1K w 5 0 1")
    with pytest.raises(BadPosition):
        read_fen("2k2/5/5/5/5/5/2N1K w 6 0 1")
