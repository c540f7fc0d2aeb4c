"""C15: the seed's short form, the coordinate form, pass and check marks; seed example D."""

import pytest

from regalia.core.errors import BadNotation, IllegalAction
from regalia.games.regicide.moves import PASS
from regalia.games.regicide.notation import coordinate, parse, short
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import START_TEXT

from .helpers import position

# Seed example D, from a position built for it out of the setup: Green's g2 pawn is gone and
# a Yellow knight stands there, watched by a Yellow bishop on e4 (so GKxg2 moves into check);
# Blue's f13 and g13 pawns, Yellow's b9 pawn and Red's n7 pawn are gone (opening the g14-a8
# and o6-g13 diagonals); Green's queen waits on g5 instead of h1; Yellow's a5 knight and a6
# bishop are the ones that moved.
EXAMPLE_D = (
    START_TEXT.replace("Pg2:0,", "")
    .replace("Na5,", "Ng2,")
    .replace("Ba6,", "Be4,")
    .replace("Pf13:0,", "")
    .replace("Pg13:0,", "")
    .replace("Pb9:0,", "")
    .replace("Pn7:0,", "")
    .replace("Qh1,", "Qg5,")
    .replace(" Y ", " G ")
)
EXAMPLE_D_MOVES = ["GKxg2", "RB-g13(check)", "BQxa8", "YKxa8", "GQxg13", "RN-m11", "K-g14"]


def test_C15_seed_example_D_is_legal_move_by_move() -> None:
    """C15: seed example D is legal move by move."""
    s = state_from(EXAMPLE_D)
    for text in EXAMPLE_D_MOVES:
        seat = s.turn
        s = s.apply(seat, s.parse(seat, text))
    # Written back with our marks: BQxa8 also attacks Yellow's king on a7, so it gets `+`.
    assert s.short_history == ("GKxg2", "RB-g13+", "BQxa8+", "YKxa8", "GQxg13", "RN-m11", "BK-g14")
    pieces = {(p["seat"], p["piece"]) for p in s.view(None)["pieces"]}
    # Dark gained a queen: Yellow's queen and Red's bishop are gone for Blue's queen.
    assert (0, "Q") not in pieces and (3, "Q") not in pieces and (1, "Q") in pieces
    assert sum(1 for p in s.view(None)["pieces"] if p["seat"] == 2 and p["piece"] == "B") == 1


def state_from(text: str):  # type: ignore[no-untyped-def]
    from regalia.games.regicide import GAME

    return GAME.from_position(text)


def test_C15_every_seed_example_parses() -> None:
    """C15: every seed example parses."""
    # B: Red P-L10 from n10, then Blue PxM10.
    pos = position(turn="R", R="Ko8,Pn10:0", B="Kh14,Pl11:1")
    red = parse(pos, "P-L10")
    assert coordinate(red) == "n10l10"
    pos.push(red)
    assert coordinate(parse(pos, "PxM10")) == "l11m10"
    # C: QXL10 (upper-case X and square).
    pos = position(turn="G", G="Kg1,Ql11", B="Kh11", R="Ko8,Ro11", Y="Ka7,Nl10")
    assert coordinate(parse(pos, "QXL10")) == "l11l10"
    # D's moves all read (checked in context above); the origin form reads too.
    assert coordinate(parse(Position.start(), "YNa5-c6")) == "a5c6"


def test_C15_short_form_adds_the_origin_only_when_needed() -> None:
    """C15: short form adds the origin only when needed."""
    pos = Position.start()
    legal = pos.legal_moves()
    assert short(pos, parse(pos, "a5c6"), legal) == "YN-c6"
    # Knights on a6 (a6-c7: two files, one rank) and b9 (b9-c7: one file, two ranks) both
    # reach c7; only the b9 knight reaches d10.
    pos = position(Y="Ka7,Na6,Nb9")
    assert short(pos, parse(pos, "a6c7")) == "YNa6-c7"
    assert short(pos, parse(pos, "b9d10")) == "YN-d10"
    with pytest.raises(BadNotation, match="ambiguous"):
        parse(pos, "YN-c7")


def test_C15_short_form_of_captures_promotions_and_checks() -> None:
    """C15: short form of captures promotions and checks."""
    pos = position(Y="Ka7,Pn6,Rd3", G="Kg9")
    assert short(pos, parse(pos, "n6o6q")) == "YP-o6=Q"
    assert short(pos, parse(pos, "d3d9")) == "YR-d9+"  # along rank 9 to Green's king on g9
    assert short(pos, parse(pos, "d3d4")) == "YR-d4"
    pos = position(Y="Ka7,Pk13", B="Kh14,Rl14")
    assert short(pos, parse(pos, "k13l14n")) == "YPxl14=N"
    assert coordinate(parse(pos, "YPxl14=N")) == "k13l14n"
    assert coordinate(parse(pos, "Pxl14Q")) == "k13l14q"


def test_C15_coordinate_form_castling_swap_and_pass() -> None:
    """C15: coordinate form castling swap and pass."""
    pos = position(Y="Ka7,Ra4,Pe7", R="Ko8,Pf7", castling="a4")
    assert short(pos, parse(pos, "a7a5")) == "YK-a5"
    assert short(pos, parse(pos, "e7f7")) == "YP-f7"
    assert coordinate(parse(pos, "YP-f7")) == "e7f7"
    kingless = position(turn="G", G="Nd4", Y="Ka7,Pe6")
    assert parse(kingless, "pass") == PASS and parse(kingless, "PASS") == PASS
    assert coordinate(PASS) == "pass" and short(kingless, PASS) == "pass"


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("zz9", BadNotation, "not a move"),
        ("a1a2", BadNotation, "a1 is not a square"),
        ("i4i5", BadNotation, "not a move"),
        ("b4b7", IllegalAction, "cannot go there"),
        ("c4c5", IllegalAction, "has no piece on c4"),
        ("GP-d4", IllegalAction, "Yellow's move, not Green's"),
        ("YNxc6", IllegalAction, "not a capture"),
        ("YQ-c6", IllegalAction, "no Yellow piece of that kind"),
        ("b4c4q", IllegalAction, "does not promote"),
    ],
)
def test_C15_bad_moves_say_what_is_wrong(text: str, error: type, message: str) -> None:
    """C15: bad moves say what is wrong."""
    s = state_from(START_TEXT)
    with pytest.raises(error, match=message):
        s.parse(0, text)
    assert s.short_history == ()  # nothing changed
