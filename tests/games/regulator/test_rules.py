"""One or more tests per rule R1–R11, on hand-worked positions (counts derived by hand)."""

from __future__ import annotations

import pytest

from regalia.core.game import Outcome
from regalia.games.regulator import GAME, read_fen
from tests.games.regulator.helpers import from_fen, moves, play


def test_R1_setup_matches_the_seed_diagram() -> None:
    """Rule R1: setup matches the seed diagram."""
    view = GAME.new(0).view(None)
    assert view["board"] == ["bnkbn", "ppppp", ".....", ".....", ".....", "PPPPP", "BNKBN"]
    assert view["turn"] == 0
    assert view["regulator"] == 1


@pytest.mark.parametrize("space", [1, 4, 7])
def test_R1_regulator_start_space_is_an_option(space: int) -> None:
    """Rule R1: regulator start space is an option."""
    assert GAME.new(0, regulator=space).regulator == space


def test_R1_white_opening_moves_are_five_pushes_and_three_knight_moves() -> None:
    """Rule R1: white opening moves are five pushes and three knight moves."""
    # Bishops are boxed in by pawns and have no knight jump on space 1; the c1 king too.
    assert moves("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1") == {
        "a2a3",
        "b2b3",
        "c2c3",
        "d2d3",
        "e2e3",
        "b1a3",
        "b1c3",
        "e1d3",
    }


def test_R2_king_steps_one_square_any_way_and_never_castles() -> None:
    """Rule R2: king steps one square any way and never castles."""
    assert moves("2k2/5/5/5/5/2K2/5 w 1 0 1") == {
        "c2b1",
        "c2c1",
        "c2d1",
        "c2b2",
        "c2d2",
        "c2b3",
        "c2c3",
        "c2d3",
    }


def test_R2_king_may_not_step_next_to_the_other_king() -> None:
    """Rule R2: king may not step next to the other king."""
    assert moves("5/5/5/2k2/5/2K2/5 w 1 0 1") == {"c2b1", "c2c1", "c2d1", "c2b2", "c2d2"}


def test_R3_pawn_moves_one_square_and_captures_diagonally() -> None:
    """Rule R3: pawn moves one square and captures diagonally."""
    fen = "4k/5/5/1p3/P4/5/2K2 w 1 0 1"
    assert {m for m in moves(fen) if m.startswith("a3")} == {"a3a4", "a3b4"}


def test_R3_no_double_step_from_the_start() -> None:
    """Rule R3: no double step from the start."""
    assert not {"a2a4", "b2b4", "c2c4", "d2d4", "e2e4"} & moves(
        "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
    )


def test_R3_no_en_passant_and_a_blocked_pawn_stands() -> None:
    """Rule R3: no en passant and a blocked pawn stands."""
    # White b5 beside Black a5: the empty a6 may not be captured into; b6 is free.
    assert {m for m in moves("4k/5/pP3/5/5/5/K4 w 1 0 1") if m.startswith("b5")} == {"b5b6"}
    assert {m for m in moves("4k/5/1p3/1P3/5/5/K4 w 1 0 1") if m.startswith("b5")} == set()


def test_R4_pawn_on_last_rank_must_promote_to_q_r_b_or_n() -> None:
    """Rule R4: pawn on last rank must promote to q r b or n."""
    pawn_moves = {m for m in moves("4k/1P3/5/5/5/5/K4 w 1 0 1") if m.startswith("b6")}
    assert pawn_moves == {"b6b7q", "b6b7r", "b6b7b", "b6b7n"}


def test_R4_promotion_by_capture_also_offers_four_pieces() -> None:
    """Rule R4: promotion by capture also offers four pieces."""
    pawn_moves = {m for m in moves("n3k/1P3/5/5/5/5/K4 w 1 0 1") if m.startswith("b6")}
    assert pawn_moves == {"b6b7q", "b6b7r", "b6b7b", "b6b7n", "b6a7q", "b6a7r", "b6a7b", "b6a7n"}


@pytest.mark.parametrize("space", [1, 3, 6, 7])
def test_R4_rooks_and_queens_ignore_the_regulator(space: int) -> None:
    """Rule R4: rooks and queens ignore the regulator."""
    # Rook a1 on an empty file and rank: 6 up + 4 across; the queen on c4 adds diagonals.
    rook = {m for m in moves(f"4k/5/5/5/5/5/R2K1 w {space} 0 1") if m.startswith("a1")}
    assert rook == {"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1b1", "a1c1"}
    queen = {m for m in moves(f"4k/5/5/2Q2/5/5/K4 w {space} 0 1") if m.startswith("c4")}
    # c-file: c1 c2 c3 c5 c6 c7; rank 4: a4 b4 d4 e4; diagonals: 8 squares.
    assert len(queen) == 6 + 4 + 8


def test_R5_bishop_gains_knight_moves_from_space_3() -> None:
    """Rule R5: bishop gains knight moves from space 3."""
    diagonal = {"c4d5", "c4e6", "c4b5", "c4a6", "c4d3", "c4e2", "c4b3", "c4a2"}
    jumps = {"c4a3", "c4a5", "c4b2", "c4b6", "c4d2", "c4d6", "c4e3", "c4e5"}
    bishop = lambda space: {m for m in moves(f"4k/5/5/2B2/5/5/K4 w {space} 0 1") if m[:2] == "c4"}  # noqa: E731
    assert bishop(1) == bishop(2) == diagonal
    assert bishop(3) == bishop(5) == bishop(7) == diagonal | jumps


def test_R5_empowered_bishop_captures_like_a_knight() -> None:
    """Rule R5: empowered bishop captures like a knight."""
    assert "c4d6" in moves("4k/5/3n1/2B2/5/5/K4 w 3 0 1")
    assert "c4d6" not in moves("4k/5/3n1/2B2/5/5/K4 w 2 0 1")


def test_R6_knight_gains_rook_moves_from_space_6() -> None:
    """Rule R6: knight gains rook moves from space 6."""
    jumps = {"c4a3", "c4a5", "c4b2", "c4b6", "c4d2", "c4d6", "c4e3", "c4e5"}
    slides = {"c4c5", "c4c6", "c4c7", "c4c3", "c4c2", "c4c1", "c4b4", "c4a4", "c4d4", "c4e4"}
    knight = lambda space: {m for m in moves(f"4k/5/5/2N2/5/5/K4 w {space} 0 1") if m[:2] == "c4"}  # noqa: E731
    assert knight(1) == knight(5) == jumps
    assert knight(6) == knight(7) == jumps | slides


def test_R6_empowered_knight_gives_check_along_a_file() -> None:
    """Rule R6: empowered knight gives check along a file."""
    assert read_fen("2k2/5/5/5/5/5/2N1K b 6 0 1").in_check()
    assert not read_fen("2k2/5/5/5/5/5/2N1K b 5 0 1").in_check()


def test_R7_pawn_push_advances_the_regulator_but_not_past_7() -> None:
    """Rule R7: pawn push advances the regulator but not past 7."""
    assert play(GAME.new(0), "c3").regulator == 2
    assert play(GAME.new(0, regulator=7), "c3").regulator == 7


def test_R7_piece_capture_retreats_but_not_below_1() -> None:
    """Rule R7: piece capture retreats but not below 1."""
    # White bishop d3 takes the b5 pawn; other pawns stay on the board.
    fen = "2k2/p4/1p3/5/3B1/4P/2K2 w {} 0 1"
    assert play(from_fen(fen.format(4)), "Bxb5").regulator == 3
    assert play(from_fen(fen.format(1)), "Bxb5").regulator == 1


@pytest.mark.parametrize("space", [1, 4, 7])
def test_R7_pawn_capture_leaves_regulator(space: int) -> None:
    """Rule R7: pawn capture leaves regulator."""
    state = from_fen(f"2k2/5/5/1p3/P4/5/2K2 w {space} 0 1")
    assert play(state, "axb4").regulator == space


def test_R7_promoting_push_advances_and_promoting_capture_leaves() -> None:
    """Rule R7: promoting push advances and promoting capture leaves."""
    assert play(from_fen("n3k/1P3/5/5/5/5/K4 w 3 0 1"), "b7=Q").regulator == 4
    assert play(from_fen("n3k/1P3/5/5/5/5/K4 w 3 0 1"), "bxa7=N").regulator == 3


def test_R7_king_capture_retreats_like_any_piece() -> None:
    """Rule R7: king capture retreats like any piece."""
    # The king takes an undefended pawn; another pawn is still on the board.
    assert play(from_fen("4k/p4/5/5/5/1p3/K4 w 5 0 1"), "Kxb2").regulator == 4


def test_R8_capture_of_last_pawn_still_retreats_later_captures_do_not() -> None:
    """Rule R8: capture of last pawn still retreats later captures do not."""
    # The only pawn left is Black's b5. Bxb5 retreats 5 -> 4 (the test is made before it).
    state = play(from_fen("2k2/n4/1p3/5/3B1/5/2K2 w 5 0 1"), "Bxb5")
    assert state.regulator == 4
    # Now no pawn is left: the bishop's capture on a6 and the king's recapture keep it.
    state = play(state, "Kb7", "Bxa6+")
    assert state.regulator == 4
    assert play(state, "Kxa6").regulator == 4


def test_R8_no_pawns_means_captures_never_move_the_regulator() -> None:
    """Rule R8: no pawns means captures never move the regulator."""
    state = from_fen("2k2/5/5/1n3/5/2B2/2K2 w 3 0 1")
    assert play(state, "Bxb4").regulator == 3


def test_R9_pawn_push_that_empowers_an_adjacent_knight_is_illegal() -> None:
    """Rule R9: pawn push that empowers an adjacent knight is illegal."""
    # Seed note: king beside an enemy knight, regulator on 5: every push would lift it to
    # 6 and let the knight rook-move onto the king; the pawn capture keeps it on 5.
    legal = moves("4k/5/5/3p1/2n1P/P1K2/5 w 5 0 1")
    assert "a2a3" not in legal and "e3e4" not in legal
    assert "e3d4" in legal
    # c3 is defended by the d4 pawn; b1 and d1 are knight squares.
    assert legal == {"e3d4", "c2c1", "c2b2", "c2d2", "c2b3", "c2d3"}


def test_R9_same_pushes_are_legal_when_they_stay_below_6() -> None:
    """Rule R9: same pushes are legal when they stay below 6."""
    legal = moves("4k/5/5/3p1/2n1P/P1K2/5 w 4 0 1")
    assert {"a2a3", "e3e4", "e3d4"} <= legal


def test_R9_check_escaped_by_unrelated_capture_lowering_the_regulator() -> None:
    """Rule R9: check escaped by unrelated capture lowering the regulator."""
    # Knight a4 checks the a1 king by a rook move (space 6). Bd3xe5 (a knight jump of the
    # empowered bishop) retreats the regulator to 5 and the check is gone.
    assert read_fen("4k/1p3/4p/n4/3B1/5/K4 w 6 0 1").in_check()
    assert moves("4k/1p3/4p/n4/3B1/5/K4 w 6 0 1") == {"d3e5", "a1b1"}


def test_R9_push_that_lends_a_bishop_knight_jumps_is_illegal() -> None:
    """Rule R9: push that lends a bishop knight jumps is illegal."""
    # Black bishop b3 on space 2 sees c2/d1 only; the push e2-e3 would lift the regulator
    # to 3 and let it jump to c1. King: c2 and d1 lie on its diagonal; b1, b2, d2 are free.
    assert moves("4k/5/5/5/1b3/4P/2K2 w 2 0 1") == {"c1b1", "c1b2", "c1d2"}


def test_R10_stalemate_loses() -> None:
    """Rule R10: stalemate loses."""
    state = from_fen("k4/3N1/K4/5/5/5/5 b 1 0 1")
    result = state.result()
    assert result is not None
    assert result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert "stalemate" in result.reason


def test_R10_checkmate_loses() -> None:
    """Rule R10: checkmate loses."""
    # Queen b6 checks the a7 king; a6 and b7 are covered and the a5 king guards b6.
    state = from_fen("k4/1Q3/K4/5/5/5/5 b 1 0 1")
    result = state.result()
    assert result is not None and result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert "checkmate" in result.reason


def test_R11_threefold_repetition_draws_on_the_third_occurrence() -> None:
    """Rule R11: threefold repetition draws on the third occurrence."""
    state = play(GAME.new(0), "Nc3", "Nc5", "Nb1", "Nb7", "Nc3", "Nc5", "Nb1")
    assert not state.is_over()
    state = play(state, "Nb7")
    result = state.result()
    assert result is not None and result.outcomes[0] is Outcome.DRAW
    assert "repetition" in result.reason


def test_R11_repetition_counts_the_regulator_space() -> None:
    """Rule R11: repetition counts the regulator space."""
    # Same pieces and side to move, different regulator: different positions (keys).
    assert (
        read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 2 0 1").key
        != read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3 0 1").key
    )
    # And the repetition count starts afresh after the regulator moved.
    state = play(GAME.new(0), "Nc3", "Nc5", "Nb1", "Nb7", "c3", "Nc5")
    position = state.position()
    assert position.repetitions() == 1


def test_R11_hundred_plies_without_pawn_move_or_capture_draw() -> None:
    """Rule R11: hundred plies without pawn move or capture draw."""
    state = from_fen("2k2/5/5/2n2/5/5/2K1B w 3 99 60")
    assert not state.is_over()
    after = play(state, "Kb1")
    result = after.result()
    assert result is not None and result.outcomes[0] is Outcome.DRAW
    assert "100 plies" in result.reason


def test_R11_capture_resets_the_hundred_ply_count() -> None:
    """Rule R11: capture resets the hundred ply count."""
    # The d3 knight checks c1; the e1 bishop takes it with a knight jump (space 3).
    after = play(from_fen("2k2/1p3/5/5/3n1/5/2K1B w 3 99 60"), "Bxd3")
    assert not after.is_over()
    assert after.position().halfmove == 0


def test_R11_bare_kings_draw() -> None:
    """Rule R11: bare kings draw."""
    after = play(from_fen("2k2/5/5/5/5/5/1nK2 w 1 0 1"), "Kxb1")
    result = after.result()
    assert result is not None and result.outcomes == (Outcome.DRAW, Outcome.DRAW)
    assert "bare kings" in result.reason
