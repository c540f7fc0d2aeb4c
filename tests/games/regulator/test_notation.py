"""R13: SAN and coordinate moves, read and written, with disambiguation and suffixes."""

from __future__ import annotations

import contextlib

import pytest

from regalia.core.errors import BadNotation, IllegalAction
from regalia.games.regulator import Position, coordinate, parse_move, read_fen, san


def sans(fen: str) -> set[str]:
    position = read_fen(fen)
    return {san(position, m) for m in position.legal_moves()}


def test_R13_start_moves_in_san() -> None:
    assert sans("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1") == {
        "a3",
        "b3",
        "c3",
        "d3",
        "e3",
        "Na3",
        "Nc3",
        "Nd3",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nc3", "b1c3"),
        ("b1c3", "b1c3"),
        ("c3", "c2c3"),
        ("c2c3", "c2c3"),
        ("Nb1c3", "b1c3"),
        ("b1-c3", "b1c3"),
        ("Nc3+", "b1c3"),
        ("Nc3!?", "b1c3"),
    ],
)
def test_R13_both_forms_are_accepted(text: str, expected: str) -> None:
    assert coordinate(parse_move(Position.start(), text)) == expected


def test_R13_pawn_capture_and_promotion_forms() -> None:
    fen = "n3k/1P3/5/5/5/5/K4 w 1 0 1"
    position = read_fen(fen)
    for text in ("bxa7=Q", "bxa7Q", "b6a7q", "bxa7=q"):
        assert coordinate(parse_move(position, text)) == "b6a7q"
    for text in ("b7=N", "b6b7n"):
        assert coordinate(parse_move(position, text)) == "b6b7n"
    # A rook or queen on the 7th rank checks the e7 king; a knight on a7 does not.
    assert {"bxa7=N", "bxa7=Q+", "b7=R+", "b7=B"} <= sans(fen)


def test_R13_disambiguation_by_file_rank_or_both() -> None:
    # Knights b1 and d1 both reach c3: file letters tell them apart.
    assert {"Nbc3", "Ndc3"} <= sans("4k/5/5/5/5/5/KN1N1 w 1 0 1")
    # Knights b1 and b5 both reach c3 (and a3/d4...): same file, so the rank.
    assert {"N1c3", "N5c3"} <= sans("4k/5/1N3/5/5/5/KN3 w 1 0 1")
    # Three queens a1, c1, a3 reach b2: a1 shares a file with a3 and a rank with c1.
    assert "Qa1b2" in sans("5/4k/5/5/Q4/5/Q1Q1K w 1 0 1")


def test_R13_empowered_moves_keep_the_piece_letter() -> None:
    position = read_fen("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3 0 1")
    assert san(position, parse_move(position, "a1b3")) == "Bb3"
    # On space 3 the d1 bishop jumps to c3 and e3, as the b1 knight reaches c3 too.
    assert {"Bc3", "Nc3", "Be3", "Bb3"} <= sans("bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3 0 1")


def test_R13_check_and_mate_suffixes() -> None:
    position = read_fen("k4/5/1K3/5/5/5/4Q w 1 0 1")
    # Qe7 checks along the 7th rank, which also covers b7; the b5 king covers a6 and b6.
    assert san(position, parse_move(position, "e1e7")) == "Qe7#"
    # Qa5 checks along the a-file, but b7 stays free.
    assert san(position, parse_move(position, "e1a5")) == "Qa5+"


def test_R13_ambiguous_unknown_and_illegal_moves() -> None:
    position = read_fen("4k/5/5/5/5/5/KN1N1 w 1 0 1")
    with pytest.raises(BadNotation, match="ambiguous move 'Nc3': could be b1c3, d1c3"):
        parse_move(position, "Nc3")
    with pytest.raises(BadNotation, match="cannot read move 'Zz9'"):
        parse_move(position, "Zz9")
    with pytest.raises(IllegalAction, match="no knight of yours can go to c4"):
        parse_move(position, "Nc4")
    with pytest.raises(IllegalAction, match="there is no piece on c2"):
        parse_move(position, "c2c3")
    with pytest.raises(IllegalAction, match="the piece on e7 is not yours"):
        parse_move(position, "e7e6")
    with pytest.raises(IllegalAction, match="the knight on b1 cannot go to b3"):
        parse_move(position, "b1b3")


def test_R13_promotion_piece_is_required_and_only_for_promotions() -> None:
    position = read_fen("4k/1P3/5/5/5/5/K4 w 1 0 1")
    with pytest.raises(IllegalAction, match="promotion needs a piece"):
        parse_move(position, "b7")
    with pytest.raises(IllegalAction, match="promotion needs a piece"):
        parse_move(position, "b6b7")
    with pytest.raises(IllegalAction, match="not a promotion"):
        parse_move(position, "a1a2q")


def test_R13_parsing_leaves_the_position_unchanged() -> None:
    position = Position.start()
    before = (list(position.board), position.key)
    for text in ("Nc3", "zz", "Nc4", "b1c3"):
        with contextlib.suppress(BadNotation, IllegalAction):
            parse_move(position, text)
    assert (position.board, position.key) == before


def test_R13_lower_case_piece_letters_are_read_when_unambiguous() -> None:
    position = Position.start()
    assert coordinate(parse_move(position, "nc3")) == "b1c3"
    # Pawn b2 and bishop d2 can both take the c3 pawn: "bxc3" is the pawn, as in chess.
    pawn_and_bishop = read_fen("2k2/5/5/5/2p2/1P1B1/2K2 w 3 0 1")
    assert coordinate(parse_move(pawn_and_bishop, "bxc3")) == "b2c3"
    assert coordinate(parse_move(pawn_and_bishop, "Bxc3")) == "d2c3"
    # No pawn can go to e3, so the lower-case text is read as the bishop.
    assert coordinate(parse_move(pawn_and_bishop, "be3")) == "d2e3"
    with pytest.raises(IllegalAction, match="no pawn of yours can go to e5"):
        parse_move(pawn_and_bishop, "be5")


def test_R13_sans_of_every_legal_move_at_once_are_san_one_by_one() -> None:
    """`sans` (the legal list of a view) names each move as `san` does, over seeded random
    games that reach disambiguations, captures, promotions, checks and mates."""
    import random

    from regalia.games.regulator.notation import sans as all_sans

    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(40):
        position = Position.start()
        for _ in range(120):
            legal = position.legal_moves()
            if not legal:
                break
            one_by_one = [san(position, m, legal) for m in legal]
            assert all_sans(position, legal) == one_by_one
            seen.update(one_by_one)
            position.push(rng.choice(legal))
    marks = "".join(seen)
    assert "x" in marks and "+" in marks and "=" in marks
    assert any(len(t.rstrip("+#")) > 3 and t[0] in "NBRQK" and "x" not in t for t in seen)
