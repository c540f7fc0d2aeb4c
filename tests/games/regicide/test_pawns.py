"""C4–C9: pawn direction, double steps, en passant, teammate swaps, promotion, dead ends."""

import pytest

from regalia.core.errors import BadNotation
from regalia.games.regicide.notation import parse
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import to_text

from .helpers import coords, king_step, play, position, sq, state


def pawn_moves(pos: Position, square: str) -> set[str]:
    """Targets (with promotion letter) of the moves from `square`."""
    found = set()
    for move in coords(pos):
        if move.startswith(square) and not move[len(square)].isdigit():
            found.add(move[len(square) :])
    return found


def test_C4_each_seat_pushes_away_from_its_side() -> None:
    """C4: each seat pushes away from its side."""
    pos = Position.start()
    assert pawn_moves(pos, "b7") == {"c7", "d7"}  # Yellow toward the o-file
    play(pos, "b7c7")
    assert pawn_moves(pos, "g2") == {"g3", "g4"}  # Green toward rank 14
    play(pos, "g2g3")
    assert pawn_moves(pos, "n7") == {"m7", "l7"}  # Red toward the a-file
    play(pos, "n7m7")
    assert pawn_moves(pos, "g13") == {"g12", "g11"}  # Blue toward rank 1


def test_C4_pawn_captures_diagonally_forward_only() -> None:
    """C4: pawn captures diagonally forward only."""
    # Yellow pawn e7 (moved): forward f7; captures on f6/f8 only; a Green knight on d8 behind
    # and on f7 straight ahead cannot be taken.
    pos = position(Y="Ka7,Pe7", G="Kg1,Nf8,Nf6,Nd8,Nf7")
    assert pawn_moves(pos, "e7") == {"f8", "f6"}


def test_C5_a_pawns_second_double_step() -> None:
    """C5: a pawns second double step."""
    pos = Position.start()
    play(pos, "b4d4", "k2k3", "n11m11", "g13g12")
    assert "d4f4" in coords(pos)  # the pawn's second move may again be two squares
    play(pos, "d4f4", "j2j3", "n10m10", "h13h12")
    assert pawn_moves(pos, "f4") == {"g4"}  # the third move is one square only


def test_C5_double_step_needs_both_squares_empty() -> None:
    """C5: double step needs both squares empty."""
    pos = position(Y="Ka7,Pd5:0", G="Kg1,Nf5")
    assert pawn_moves(pos, "d5") == {"e5"}
    pos = position(Y="Ka7,Pd5:0", G="Kg1,Ne5")
    assert pawn_moves(pos, "d5") == set()


def test_C5_a_capture_counts_as_one_of_the_pawns_moves() -> None:
    """C5: a capture counts as one of the pawns moves."""
    pos = position(Y="Ka7,Pd5:0", G="Kg1,Ne6")
    play(pos, "d5e6")
    assert "Pe6:1" in to_text(pos)  # one move used: one double step left
    king_step(pos), king_step(pos), king_step(pos)
    assert "e6g6" in coords(pos)


def test_C6_en_passant_seed_example() -> None:
    """C6: en passant seed example."""
    # Seed example B: Red P-L10 (from n10), then Blue PxM10 with its pawn from l11.
    start = state(turn="R", R="Ko8,Pn10:0", B="Kh14,Pl11:1")
    after_red = start.apply(2, start.parse(2, "P-L10"))
    blue = after_red.parse(3, "PxM10")
    after_blue = after_red.apply(3, blue)
    pieces = {p["square"]: (p["seat"], p["piece"]) for p in after_blue.view(None)["pieces"]}
    assert pieces.get("m10") == (3, "P")
    assert "l10" not in pieces and "n10" not in pieces and "l11" not in pieces
    assert after_blue.short_history[-2:] == ("RP-l10", "BPxm10")


def test_C6_en_passant_right_lasts_one_move() -> None:
    """C6: en passant right lasts one move."""
    pos = position(turn="R", R="Ko8,Pn10:0", B="Kh14,Pl11:1")
    play(pos, "n10l10")
    assert "l11m10" in coords(pos)
    king_step(pos)  # Blue declines
    king_step(pos), king_step(pos), king_step(pos)
    assert "l11m10" not in coords(pos)


def test_C6_only_the_next_player_may_take_en_passant() -> None:
    """C6: only the next player may take en passant."""
    # Blue j13-j11 passes j12. Yellow (next) may take from h11; Red, two moves later, may not.
    pos = position(turn="B", B="Kh14,Pj13:0", Y="Ka7,Ph11", R="Ko8,Pk11")
    play(pos, "j13j11")
    assert "h11j12" in coords(pos)
    king_step(pos), king_step(pos)
    assert "k11j12" not in coords(pos)


def test_C7_teammate_swap() -> None:
    """C7: teammate swap."""
    # Yellow pawn e7 and Red pawn f7 face each other: each stands on the other's forward square.
    pos = position(Y="Ka7,Pe7", R="Ko8,Pf7:0")
    assert "e7f7" in coords(pos)
    play(pos, "e7f7")
    text = to_text(pos)
    assert "Pf7" in text.split("/")[0]  # Yellow pawn now on f7
    assert "Pe7:1" in text.split("/")[2]  # Red's pawn on e7, counted one move
    # The pawns have passed each other and face away: Red cannot swap them back.
    king_step(pos)
    assert "e7f7" not in coords(pos)


def test_C7_no_swap_with_opponents_or_non_facing_pawns() -> None:
    """C7: no swap with opponents or non facing pawns."""
    pos = position(Y="Ka7,Pe7", G="Kg1,Pf7")  # Green is an opponent
    assert "e7f7" not in coords(pos)
    pos = position(Y="Ka7,Pe7", R="Ko8,Pf8")  # not on each other's forward squares
    assert "e7f8" not in coords(pos)
    pos = position(turn="R", Y="Ka7,Pe7", R="Ko8,Pf7")  # Red may swap as well
    assert "f7e7" in coords(pos)


def test_C7_green_and_blue_swap_on_a_file() -> None:
    """C7: green and blue swap on a file."""
    pos = position(turn="G", G="Kg1,Pe6", B="Kh14,Pe7")
    play(pos, "e6e7")
    assert pos.board[sq("e7")] >> 4 == 1 and pos.board[sq("e6")] >> 4 == 3


def test_C8_promotion_on_another_seats_back_rank() -> None:
    """C8: promotion on another seats back rank."""
    pos = position(Y="Ka7,Pn6")
    assert pawn_moves(pos, "n6") == {"o6q", "o6r", "o6b", "o6n"}
    with pytest.raises(BadNotation):
        parse(pos, "n6o6")  # the piece must be chosen
    play(pos, "n6o6n")
    assert "No6" in to_text(pos).split("/")[0]


def test_C8_capture_onto_a_perpendicular_back_rank_promotes() -> None:
    """C8: capture onto a perpendicular back rank promotes."""
    # A Yellow pawn on k13 takes Blue's rook on l14: rank 14 is Blue's back rank.
    pos = position(Y="Ka7,Pk13", B="Kh14,Rl14")
    assert {"k13l14q", "k13l14r", "k13l14b", "k13l14n"} <= coords(pos)


def test_C9_dead_end_walk_turn_and_promotion() -> None:
    """C9: dead end walk turn and promotion."""
    # A Yellow pawn walks e12, f12, ..., l12; m12 is missing, so it turns toward rank 14
    # (nearer than rank 1), can no longer capture, and promotes on l14.
    pos = position(Y="Ka7,Pe12", B="Kh14,Nk14")
    for frm, to in zip("efghjk", "fghjkl", strict=True):
        play(pos, f"{frm}12{to}12")
        king_step(pos), king_step(pos), king_step(pos)
    assert pawn_moves(pos, "l12") == {"l13"}
    play(pos, "l12l13")
    assert "Pl13:N" in to_text(pos)
    king_step(pos), king_step(pos), king_step(pos)
    # The Blue knight on k14 is diagonally ahead (toward rank 14) but may not be taken.
    assert pawn_moves(pos, "l13") == {"l14q", "l14r", "l14b", "l14n"}
    play(pos, "l13l14q")
    assert "Ql14" in to_text(pos).split("/")[0]


def test_C9_dead_end_pawn_may_still_capture_diagonally_forward() -> None:
    """C9: dead end pawn may still capture diagonally forward."""
    pos = position(Y="Ka7,Pl12", G="Kg1,Nm11")
    assert pawn_moves(pos, "l12") == {"l13", "m11"}


def test_C9_turned_pawn_never_captures_and_is_blocked_by_pieces() -> None:
    """C9: turned pawn never captures and is blocked by pieces."""
    pos = position(Y="Ka7,Pl13:N", B="Kh14,Nk14,Nl14")
    assert pawn_moves(pos, "l13") == set()


def test_C9_green_pawn_dead_end_turns_toward_the_nearer_file() -> None:
    """C9: green pawn dead end turns toward the nearer file."""
    # Green pawn on c11: c12 is missing; the a-file is nearer than the o-file.
    pos = position(turn="G", G="Kg1,Pc11")
    assert pawn_moves(pos, "c11") == {"b11"}
    play(pos, "c11b11")
    assert "Pb11:W" in to_text(pos)
    king_step(pos), king_step(pos), king_step(pos)
    assert pawn_moves(pos, "b11") == {"a11q", "a11r", "a11b", "a11n"}
