"""C10–C14: no check rules, castling, captured kings, passing, the end of the game."""

import pytest

from regalia.core.errors import BadPosition, IllegalAction
from regalia.core.game import Outcome
from regalia.games.regicide.moves import PASS
from regalia.games.regicide.notation import parse
from regalia.games.regicide.perft import perft
from regalia.games.regicide.text import to_text

from .helpers import coords, king_step, play, position, sq, state

YELLOW, GREEN, RED, BLUE = range(4)


def test_C10_moving_into_check_is_legal() -> None:
    """C10: moving into check is legal."""
    # g2 is attacked by Yellow's bishop on e4 (through f3); Green's king may still go there.
    pos = position(turn="G", Y="Ka7,Be4")
    assert "g1g2" in coords(pos)
    play(pos, "g1g2")
    assert pos.attacks(YELLOW, sq("g2"))


def test_C10_uncovering_a_teammates_king_is_legal() -> None:
    """C10: uncovering a teammates king is legal."""
    # Seed example C: Green's queen on l11 shields Blue's king on h11 from Red's rook on o11;
    # QxL10 is legal although it leaves Blue's king attacked.
    pos = position(turn="G", G="Kg1,Ql11", B="Kh11", R="Ko8,Ro11", Y="Ka7,Nl10")
    move = parse(pos, "QXL10")
    assert move in pos.legal_moves()
    assert not pos.attacks(RED, sq("h11"))
    pos.push(move)
    assert pos.attacks(RED, sq("h11"))


def test_C10_a_king_is_captured_like_any_piece() -> None:
    """C10: a king is captured like any piece."""
    pos = position(Y="Ka7,Rg5", G="Kg8")
    play(pos, "g5g8")
    assert pos.king_captured == [False, True, False, False]
    assert "-" not in to_text(pos).split()[3] and to_text(pos).split()[3] == "G"


def test_C11_castling_both_ways() -> None:
    """C11: castling both ways."""
    pos = position(Y="Ka7,Ra4,Ra11", castling="a4,a11")
    assert {"a7a5", "a7a9"} <= coords(pos)
    play(pos, "a7a5")  # toward a4: king two squares, rook onto the square crossed
    assert pos.board[sq("a5")] == 12 and pos.board[sq("a6")] == 10 and pos.board[sq("a4")] == 0
    pos = position(Y="Ka7,Ra4,Ra11", castling="a4,a11")
    play(pos, "a7a9")  # toward a11
    assert pos.board[sq("a9")] == 12 and pos.board[sq("a8")] == 10 and pos.board[sq("a11")] == 0
    assert to_text(pos).split()[2] == "-"


def test_C11_green_castles_along_rank_one() -> None:
    """C11: green castles along rank one."""
    pos = position(turn="G", G="Kg1,Rd1,Rl1", castling="d1,l1")
    assert {"g1e1", "g1j1"} <= coords(pos)
    play(pos, "g1j1")
    assert pos.board[sq("j1")] == 1 << 4 | 12 and pos.board[sq("h1")] == 1 << 4 | 10


def test_C11_castling_out_of_and_through_attacked_squares() -> None:
    """C11: castling out of and through attacked squares."""
    # Green's rooks attack a7 (the king), a6 and a5 (the squares crossed and reached).
    pos = position(Y="Ka7,Ra4", G="Kg1,Rd7,Rd6,Rd5", castling="a4")
    assert "a7a5" in coords(pos)


def test_C11_no_castling_through_pieces_or_after_moving() -> None:
    """C11: no castling through pieces or after moving."""
    pos = position(Y="Ka7,Ra4,Ra11,Na10", castling="a4,a11")
    assert "a7a9" not in coords(pos) and "a7a5" in coords(pos)
    pos = position(Y="Ka7,Ra4,Ra11", castling="a4,a11")
    play(pos, "a4b4", "g1g2", "o8o9", "h14h13", "b4a4", "g2g1", "o9o8", "h13h14")
    assert "a7a5" not in coords(pos) and "a7a9" in coords(pos)  # the rook moved
    play(pos, "a7a6", "g1g2", "o8o9", "h14h13", "a6a7", "g2g1", "o9o8", "h13h14")
    assert "a7a9" not in coords(pos)  # the king moved


def test_C11_a_promoted_rook_never_castles() -> None:
    """C11: a promoted rook never castles."""
    # Green's original d1 rook leaves; a second Green rook (as from a promotion) comes to d1.
    pos = position(turn="G", G="Kg1,Rd1,Re5", castling="d1")
    assert "g1e1" in coords(pos)
    for move in ("d1d3", "e5e1", "e1d1"):
        play(pos, move)
        king_step(pos), king_step(pos), king_step(pos)
    assert pos.board[sq("d1")] == 1 << 4 | 10 and pos.board[sq("e1")] == 0
    assert "g1e1" not in coords(pos)
    # Rights name original rook squares only.
    with pytest.raises(BadPosition, match="castling"):
        position(Y="Ka7,Rb4", castling="b4")


def test_C12_kingless_seat_may_only_capture_or_pass() -> None:
    """C12: kingless seat may only capture or pass."""
    pos = position(turn="G", G="Nd4,Pe5,Pk6", Y="Ka7,Pe6", R="Ko8,Nf6")
    assert coords(pos) == {"d4e6", "e5f6", "pass"}


def test_C12_kingless_pieces_still_block_and_can_be_captured() -> None:
    """C12: kingless pieces still block and can be captured."""
    pos = position(Y="Ka7,Rd10", G="Nd6")
    assert "d10d6" in coords(pos) and "d10d5" not in coords(pos)


def test_C12_kingless_seat_never_swaps_but_takes_en_passant_and_promotes() -> None:
    """C12: kingless seat never swaps but takes en passant and promotes."""
    pos = position(turn="G", G="Pe6", B="Kh14,Pe7")
    assert coords(pos) == {"pass"}
    pos = position(turn="R", R="Ko8,Pn10:0", B="Pl11:1,Pk13,Pj2", Y="Ka7,Nk1")
    play(pos, "n10l10")
    assert coords(pos) == {"l11m10", "j2k1q", "j2k1r", "j2k1b", "j2k1n", "pass"}


def test_C12_kingless_seat_keeps_its_turn() -> None:
    """C12: kingless seat keeps its turn."""
    s = state(G="Nd4", Y="Ka7,Pe6")
    s = s.apply(YELLOW, s.parse(YELLOW, "a7a6"))
    assert s.turn == GREEN
    assert {s.encode(m) for m in s.legal_actions(GREEN)} == {"d4e6", "pass"}
    s = s.apply(GREEN, s.parse(GREEN, "pass"))  # C12: may pass by choice
    assert s.turn == RED and s.short_history[-1] == "pass"


def test_C13_a_seat_with_no_move_passes_automatically() -> None:
    """C13: a seat with no move passes automatically."""
    # Green's king on d1 is boxed in by its teammate's knights (c1 and c2 are missing).
    pos = position(turn="G", G="Kd1", B="Kh14,Ne1,Nd2,Ne2")
    assert pos.legal_moves() == [PASS]
    s = state(G="Kd1", B="Kh14,Ne1,Nd2,Ne2")
    s = s.apply(YELLOW, s.parse(YELLOW, "a7a6"))
    assert s.turn == RED
    assert s.short_history == ("YK-a6", "pass")


def test_C13_a_seat_with_a_king_and_a_move_may_not_pass() -> None:
    """C13: a seat with a king and a move may not pass."""
    s = state()
    with pytest.raises(IllegalAction, match="may not pass"):
        s.parse(YELLOW, "pass")


def test_C14_first_king_captured_the_game_goes_on() -> None:
    """C14: first king captured the game goes on."""
    s = state(Y="Ka7,Rg5", G="Kg8")
    s = s.apply(YELLOW, s.parse(YELLOW, "g5g8"))
    assert not s.is_over()
    assert s.view(None)["kings_captured"] == [GREEN]
    # Green has no king and nothing to capture: it passes automatically; Red moves next.
    assert s.turn == RED and s.short_history[-1] == "pass"


def test_C14_team_wins_when_the_second_enemy_king_falls() -> None:
    """C14: team wins when the second enemy king falls."""
    s = state(Y="Ka7,Qh10", G="Nd4")
    s = s.apply(YELLOW, s.parse(YELLOW, "YQxh14"))
    result = s.result()
    assert result is not None
    assert result.outcomes == (Outcome.WIN, Outcome.LOSS, Outcome.WIN, Outcome.LOSS)
    assert s.to_act() == frozenset()
    pos = s.position
    assert pos.winner_team() == 0 and pos.legal_moves() == []
    assert perft(pos, 1) == perft(pos, 2) == 0


def test_C14_draw_by_threefold_repetition() -> None:
    """C14: draw by threefold repetition."""
    s = state(Y="Ka7,Na5", G="Kg1,Ne1", R="Ko8,No5", B="Kh14,Ne14")
    out = ["a5c6", "e1f3", "o5m6", "e14f12"]
    back = ["c6a5", "f3e1", "m6o5", "f12e14"]
    for number, move in enumerate((out + back) * 2, start=1):
        assert not s.is_over(), number
        s = s.apply(s.turn, s.parse(s.turn, move))
    # The start position has now stood there three times, Yellow to move each time.
    result = s.result()
    assert result is not None and result.outcomes == (Outcome.DRAW,) * 4
    assert "three times" in result.reason


def test_C14_draw_after_200_plies_without_capture_or_pawn_move() -> None:
    """C14: draw after 200 plies without capture or pawn move."""
    s = state(clock=199, Y="Ka7,Pe5,Rd8", G="Kg1,Nd10")
    quiet = s.apply(YELLOW, s.parse(YELLOW, "a7a6"))
    result = quiet.result()
    assert result is not None and "200 plies" in result.reason
    assert not s.apply(YELLOW, s.parse(YELLOW, "e5f5")).is_over()  # a pawn move resets
    assert not s.apply(YELLOW, s.parse(YELLOW, "d8d10")).is_over()  # so does a capture
    assert not state(clock=198).apply(YELLOW, state(clock=198).parse(YELLOW, "a7a6")).is_over()
