"""C1–C3: seats, setup, board shape and piece movement over existing squares."""

from regalia.games.regicide import GAME
from regalia.games.regicide import board as B
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import to_text

from .helpers import coords, play, position, sq


def test_board_has_160_squares_and_no_file_i() -> None:
    assert len(B.SQUARES) == 160
    assert B.FILES == "abcdefghjklmno"
    assert B.parse_square("i5") is None
    for corner in ("a1", "c3", "a14", "c12", "m3", "o1", "m12", "o14"):
        assert B.parse_square(corner) is None
    for edge in ("d1", "a4", "o11", "l14", "c4", "m11"):
        assert B.parse_square(edge) is not None


def test_C1_seats_turn_order_and_teams() -> None:
    """C1: seats turn order and teams."""
    assert GAME.seat_names(4) == ("Yellow", "Green", "Red", "Blue")
    assert GAME.teams(4) == (frozenset({0, 2}), frozenset({1, 3}))
    state = GAME.new(seed=1)
    seen = []
    for move in ("b4c4", "d2d3", "n4m4", "d13d12", "c4d4"):
        seen.append(state.turn)
        state = state.apply(state.turn, state.parse(state.turn, move))
    assert seen == [0, 1, 2, 3, 0]  # Yellow, Green, Red, Blue, then Yellow again


def test_C1_seats_sit_on_their_sides() -> None:
    """C1: seats sit on their sides."""
    # Yellow on the a-file, Green on rank 1, Red on the o-file, Blue on rank 14.
    pos = Position.start()
    for seat, line in enumerate(("a", "1", "o", "14")):
        kings = [s for s in pos.pieces[seat] if pos.board[s] & 15 == 12]
        name = B.square_name(kings[0])
        assert name.startswith(line) if line.isalpha() else name[1:] == line


def test_C2_setup_matches_the_rules_text() -> None:
    """C2: setup matches the rules text."""
    expected = (
        "Y:Ka7,Qa8,Ra4,Ra11,Ba6,Ba9,Na5,Na10,"
        + ",".join(f"Pb{r}:0" for r in range(4, 12))
        + "/G:Kg1,Qh1,Rd1,Rl1,Bf1,Bj1,Ne1,Nk1,"
        + ",".join(f"P{f}2:0" for f in "defghjkl")
        + "/R:Ko8,Qo7,Ro4,Ro11,Bo6,Bo9,No5,No10,"
        + ",".join(f"Pn{r}:0" for r in range(4, 12))
        + "/B:Kh14,Qg14,Rd14,Rl14,Bf14,Bj14,Ne14,Nk14,"
        + ",".join(f"P{f}13:0" for f in "defghjkl")
    )
    assert to_text(Position.start()) == (f"{expected} Y a4,a11,d1,l1,o4,o11,d14,l14 - - 0 1")


def test_C2_queens_stand_on_light_squares() -> None:
    """C2: queens stand on light squares."""
    # Light when file number + rank is odd: a8 = 1+8, h1 = 8+1, o7 = 14+7, g14 = 7+14.
    for name in ("a8", "h1", "o7", "g14"):
        assert B.is_light(sq(name))
    for name in ("a7", "g1", "o8", "h14"):
        assert not B.is_light(sq(name))


def test_C3_rook_stops_at_the_missing_corner() -> None:
    """C3: rook stops at the missing corner."""
    # Green rook on d1: north d2..d14 (13 squares), east e1..l1 (7), west c1 is missing.
    pos = position(turn="G", G="Kg5,Rd1")
    rook = {m for m in coords(pos) if m.startswith("d1")}
    assert len(rook) == 13 + 7
    assert "d1c1" not in rook and "d1l1" in rook and "d1d14" in rook


def test_C3_bishop_ray_ends_at_a_gap_and_does_not_resume() -> None:
    """C3: bishop ray ends at a gap and does not resume."""
    # Bishop on d4 going south-west: c3 is missing, so b2/a1 (missing anyway) are never reached;
    # going north-west: c5, b6, a7 (Yellow's king: own piece stops it).
    pos = position(Y="Ka7,Bd4")
    bishop = {m[2:] for m in coords(pos) if m.startswith("d4")}
    assert "c3" not in bishop
    assert {"c5", "b6"} <= bishop and "a7" not in bishop
    # north-east: e5 f6 g7 h8 j9 k10 l11, then m12 is missing
    assert {"e5", "j9", "l11"} <= bishop
    assert len([m for m in bishop if m[0] > "d" and int(m[1:]) > 4]) == 7


def test_C3_knight_jumps_across_a_corner_but_lands_on_a_square() -> None:
    """C3: knight jumps across a corner but lands on a square."""
    pos = position(Y="Ka7,Nd4")
    knight = {m[2:] for m in coords(pos) if m.startswith("d4")}
    # Targets of d4: b3 (missing), b5, c2 (missing), c6, e2, e6, f3, f5.
    assert knight == {"b5", "c6", "e2", "e6", "f3", "f5"}
    pos = position(Y="Ka7,Nc4")
    knight = {m[2:] for m in coords(pos) if m.startswith("c4")}
    # From c4 across the c3 corner square to d2; a3, b2 are missing.
    assert knight == {"a5", "b6", "d6", "e5", "e3", "d2"}


def test_C3_no_capture_of_a_teammate() -> None:
    """C3: no capture of a teammate."""
    # Yellow rook on e7 with a Red knight on g7 (teammate) and a Green knight on e9 (enemy).
    pos = position(Y="Ka7,Re7", R="Ko8,Ng7", G="Kg1,Ne9")
    rook = {m[2:] for m in coords(pos) if m.startswith("e7")}
    assert "f7" in rook and "g7" not in rook
    assert "e8" in rook and "e9" in rook and "e10" not in rook


def test_C3_pieces_move_as_in_chess_from_the_start() -> None:
    """C3: pieces move as in chess from the start."""
    pos = Position.start()
    # Yellow: 8 pawns x 2 + knights a5 (c4, c6) and a10 (c9, c11) = 20 moves.
    assert len(pos.legal_moves()) == 20
    play(pos, "a5c6")
    assert pos.board[sq("c6")] == 8  # a Yellow knight
