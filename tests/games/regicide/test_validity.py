"""A Regicide position set up by hand (the board editor, a table from a position): the rules
each check relies on, all reasons reported at once, read through the game's descriptor."""

from __future__ import annotations

from regalia.core.registry import get_game
from regalia.games.regicide.text import START_TEXT

GAME = get_game("regicide")


def position(y: str = "", g: str = "", r: str = "", b: str = "", rest: str = "Y - - - 0 1") -> str:
    return f"Y:Ka7{y}/G:Kg1{g}/R:Ko8{r}/B:Kh14{b} {rest}"


def problems(text: str) -> tuple[str, ...]:
    return GAME.position_problems(text)


def test_C2_the_start_is_possible() -> None:
    assert problems(START_TEXT) == ()


def test_C10_a_king_under_attack_is_no_impossibility() -> None:
    # Green's rook attacks Yellow's king and it is Yellow's move, or Blue's: no check rule.
    assert problems(position(g=",Ra9")) == ()
    assert problems(position(g=",Ra9", rest="B - - - 0 1")) == ()


def test_C12_a_captured_king_is_listed_and_a_finished_game_still_reads() -> None:
    assert problems("Y:Ra4/G:Kg1/R:Ko8/B:Kh14 G - Y - 0 1") == ()
    assert problems("Y:Ra4/G:Kg1/R:Ko8/B:Kh14 G - - - 0 1") == (
        "position kings captured: Yellow has no king, so Y must be listed",
    )


def test_C8_no_pawn_on_a_back_rank() -> None:
    assert problems(position(y=",Pa5")) == ("position pieces: Yellow pawn on back rank square a5",)


def test_C2_C8_no_more_pawns_or_pieces_than_the_setup_and_promotions_give() -> None:
    nine = ",".join(f"Pd{r}" for r in range(4, 13))
    assert problems(position(y="," + nine)) == ("Yellow has 9 pawns; a seat has at most 8",)
    pawns = ",".join(f"Pb{r}:0" for r in range(4, 12))
    assert problems(position(y=",Qf6,Qf7," + pawns)) == (
        "Yellow has 1 pieces more than the seat starts with, but only 0 of its pawns are gone to "
        "promote",
    )
    assert problems(position(y=",Qf6,Qf7")) == ()


def test_C5_a_pawns_state_matches_where_it_stands() -> None:
    assert problems(position(y=",Pb5:0,Pc6:1,Pd7:1,Pd8,Pf9")) == ()
    assert problems(position(y=",Pc5:0")) == (
        "a Yellow pawn on c5 is marked as never moved, off its starting line",
    )
    assert problems(position(g=",Pe2:1")) == (
        "a Green pawn on e2 is marked as moved, but stands on its starting line",
    )
    assert problems(position(r=",Pj7:1")) == (
        "a Red pawn on j7 is marked as moved once, but one move takes a pawn at most two squares",
    )
    assert problems(position(b=",Pe12")) == (
        "a Blue pawn on e12 is marked as moved twice or more, but stands one square from its "
        "starting line",
    )


def test_C9_a_turned_pawn_stands_on_a_dead_ends_line_turned_toward_its_back_rank() -> None:
    # Yellow moving east along rank 2 meets the corner after l2 and turns south, to rank 1.
    assert problems(position(y=",Pl2:S")) == ()
    assert problems(position(y=",Pl2:N")) == (
        "a Yellow pawn turned at a dead end cannot stand on l2 turned that way",
    )
    assert problems(position(y=",Pf6:S")) == (
        "a Yellow pawn turned at a dead end cannot stand on f6 turned that way",
    )


def test_every_reason_at_once() -> None:
    assert len(problems(position(y=",Pc5:0", g=",Pe2:1"))) == 2
