"""H3 and H4: Expansion on the 11×11 canvas, and the pile split."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from regalia.core.errors import IllegalAction, NotYourTurn
from regalia.games.regicida import GAME, Phase, Place, RegicidaState, Split, Token
from regalia.games.regicida.board import CANVAS, Board, parse_cell
from regalia.games.regicida.rules import deal

from .support import random_game, state_of


def canvas_with(*cells: str) -> Board:
    board = Board.empty(CANVAS)
    for name in cells:
        board = board.put(parse_cell(name, CANVAS), Token(1))
    return board


def legal_cells(state: RegicidaState) -> set[str]:
    view = state.view(state.view(None)["to_act"][0])
    return {text.split()[2] for text in view["legal"] if text.startswith("place")}


def test_H3_first_token_goes_on_the_canvas_centre_from_any_pile() -> None:
    state = GAME.new(1, 3)
    seat = state.view(None)["to_act"][0]
    assert sorted(state.view(seat)["legal"]) == ["place 1 f6", "place 2 f6", "place 3 f6"]


def test_H3_next_token_goes_orthogonally_next_to_a_placed_one() -> None:
    state = GAME.new(1, 3)
    seat = state.view(None)["to_act"][0]
    top = state.view(None)["piles"][1]["top"]
    state = state.apply(seat, state.parse(seat, "place 2 f6"))
    cells = state.view(None)["grid"]["cells"]
    assert cells == [{"cell": "f6", "house": top, "side": "light"}]
    assert state.view(None)["piles"][1]["size"] == 11
    assert legal_cells(state) == {"f5", "f7", "e6", "g6"}  # no diagonals
    nxt = state.view(None)["to_act"][0]
    assert nxt == (seat + 1) % 3  # clockwise = seat order
    for bad in ("place 1 g7", "place 1 f6", "place 1 h6"):
        with pytest.raises(IllegalAction):
            state.parse(nxt, bad)
    with pytest.raises(NotYourTurn):
        state.apply(seat, Place(0, parse_cell("f5", CANVAS)))


def test_H3_placements_keep_every_token_inside_six_columns() -> None:
    # A full row a6..f6 is six wide: nothing more to its left or right, only above/below.
    pos = replace(deal(1, 2, None), board=canvas_with("a6", "b6", "c6", "d6", "e6", "f6"))
    expected = {f"{c}{r}" for c in "abcdef" for r in (5, 7)}
    assert legal_cells(state_of(pos)) == expected


def test_H3_placements_keep_every_token_inside_six_rows() -> None:
    # A column f2..f6 (five tall) plus g7: rows 2..7 are six, so no row 1 or row 8 anymore.
    pos = replace(deal(1, 2, None), board=canvas_with("f2", "f3", "f4", "f5", "f6", "g6", "g7"))
    cells = legal_cells(state_of(pos))
    assert "f1" not in cells and "g8" not in cells
    assert cells == {"e2", "e3", "e4", "e5", "e6", "g2", "g3", "g4", "g5", "h6", "h7", "f7"}


def test_H3_expansion_ends_with_a_full_six_by_six_grid() -> None:
    for state in random_game(8, 4):
        if state.phase is not Phase.EXPANSION:
            grid = state.view(None)["grid"]
            assert grid["coords"] == "grid" and grid["size"] == 6
            assert len(grid["cells"]) == 36
            assert [p["size"] for p in state.view(None)["piles"]] == [0, 0, 0]
            return
    pytest.fail("Expansion never ended")


def test_H4_emptied_pile_is_split_by_the_same_player() -> None:
    # Pile 1 holds one token; taking it empties the pile while piles 2 and 3 have 2 or more.
    pos = replace(deal(1, 3, None), piles=((4,), (1, 2, 3, 4, 5), (6, 6)), current=2)
    state = state_of(pos).apply(2, Place(0, parse_cell("f6", CANVAS)))
    assert state.to_act() == frozenset({2})  # still the same player
    assert sorted(state.view(2)["legal"]) == ["split 2", "split 3"]
    with pytest.raises(IllegalAction):
        state.parse(2, "place 2 f5")
    # Pile 2 (bottom 1 2 3 4 5 top): its lower half rounded down, 1 2, becomes pile 1.
    split = state.apply(2, state.parse(2, "split 2"))
    assert [(p["size"], p["top"]) for p in split.view(None)["piles"]] == [(2, 2), (3, 5), (2, 6)]
    assert split.to_act() == frozenset({0})  # now the turn passes


def test_H4_split_of_an_even_pile_halves_it() -> None:
    pos = replace(deal(1, 2, None), piles=((1, 2, 3, 4), (5,), ()), current=0)
    state = state_of(pos).apply(0, Place(1, parse_cell("f6", CANVAS)))
    assert state.view(0)["legal"] == ["split 1"]  # the only pile with 2 or more
    split = state.apply(0, Split(0))
    assert [(p["size"], p["top"]) for p in split.view(None)["piles"]] == [(2, 4), (2, 2), (0, None)]


def test_H4_no_split_when_no_pile_has_two_tokens() -> None:
    pos = replace(deal(1, 2, None), piles=((3,), (5,), ()), current=1)
    state = state_of(pos).apply(1, Place(0, parse_cell("f6", CANVAS)))
    assert state.to_act() == frozenset({0})
    assert state.view(0)["split_due"] is False
    with pytest.raises(IllegalAction):
        state.parse(0, "split 2")


def test_H4_split_only_right_after_a_pile_runs_out() -> None:
    state = GAME.new(4, 2)
    seat = state.view(None)["to_act"][0]
    with pytest.raises(IllegalAction, match="run out"):
        state.parse(seat, "split 1")


def test_H4_random_games_split_whenever_a_pile_runs_out() -> None:
    states = random_game(31, 5)
    splits = 0
    for before, after in itertools.pairwise(states):
        if before.phase is not Phase.EXPANSION:
            break
        sizes = [p["size"] for p in after.view(None)["piles"]]
        due = 0 in sizes and max(sizes) >= 2
        assert after.view(None)["split_due"] == due
        splits += before.view(None)["split_due"]
    assert splits >= 2  # 36 tokens from three piles of 12 need several splits
