"""The Regulator evaluation reads the track: piece values, pressure, symmetry."""

from __future__ import annotations

from regalia.ai.regulator.evaluation import evaluate
from regalia.core.seeds import Rng
from regalia.games.regulator.fen import read_fen
from regalia.games.regulator.position import Position


def test_start_position_is_level_but_for_the_tempo() -> None:
    white = evaluate(read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"))
    black = evaluate(read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN b 1 0 1"))
    assert white == black > 0


def test_r5_r6_knight_against_bishop_depends_on_the_regulator() -> None:
    # White: king and knight; Black: king and bishop, all far apart.
    def score(space: int) -> int:
        return evaluate(read_fen(f"2k2/5/3b1/5/1N3/5/2K2 w {space} 0 1"))

    assert score(4) < -100  # a bishop that jumps as a knight is far stronger
    assert score(7) > 100  # a knight that slides as a rook is stronger still
    assert score(1) < score(7)


def test_material_counts_from_the_side_to_move() -> None:
    up_a_pawn = "2k2/5/5/5/5/P4/2K2"
    assert evaluate(read_fen(f"{up_a_pawn} w 1 0 1")) > 50
    assert evaluate(read_fen(f"{up_a_pawn} b 1 0 1")) < -50


def test_pawn_pressure_favours_the_side_that_gains_from_a_push() -> None:
    # At space 5 one push empowers knights (R6, R7). White has a knight and a pawn free to
    # push; with the same bishop standing in front of that pawn, the pressure is gone.
    free = evaluate(read_fen("2k2/5/3b1/5/1N3/P4/4K w 5 0 1"))
    blocked = evaluate(read_fen("2k2/5/5/5/bN3/P4/4K w 5 0 1"))
    assert free - blocked > 50


def test_king_safety_fears_an_empowered_bishop_more() -> None:
    # A black bishop next to White's king (d2) or far from it (a5), regulator off or on.
    def closeness_cost(space: int) -> int:
        near = evaluate(read_fen(f"2k2/5/5/5/5/3b1/2K2 w {space} 0 1"))
        far = evaluate(read_fen(f"2k2/5/b4/5/5/5/2K2 w {space} 0 1"))
        return far - near

    assert closeness_cost(1) > 0
    assert closeness_cost(4) > closeness_cost(1)  # R5: it now also jumps as a knight


def test_colour_mirror_gives_the_same_score() -> None:
    # Random play reaches varied positions; swapping colours (ranks flipped, side to move
    # flipped) must not change the score for the side to move.
    rng = Rng(5)
    for game in range(20):
        pos = Position.start(regulator=1 + game % 7)
        for _ in range(rng.below(30)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
        board = [0] * 35
        for square, piece in enumerate(pos.board):
            board[(6 - square // 5) * 5 + square % 5] = -piece
        mirrored = Position(board, pos.turn ^ 1, pos.regulator)
        assert evaluate(mirrored) == evaluate(pos)
