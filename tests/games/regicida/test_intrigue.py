"""H5: Intrigue — three turns each, swap two adjacent light tokens and turn one dark."""

from __future__ import annotations

from dataclasses import replace

import pytest

from regalia.core.errors import BadNotation, IllegalAction
from regalia.games.regicida import Pass, Phase, RegicidaState
from regalia.games.regicida.board import parse_board
from regalia.games.regicida.rules import deal

from .support import BOARD_TEXT, random_game, state_of

ALL_LIGHT = BOARD_TEXT.replace("D", "L")
# Every other token dark, like a chessboard: no two light tokens touch.
CHECKER = "\n".join(
    " ".join(f"{h}{'D' if (r + c) % 2 else 'L'}" for c, h in enumerate(line.split()))
    for r, line in enumerate(ALL_LIGHT.replace("L", "").splitlines())
)


def intrigue_state(board_text: str, players: int = 2, current: int = 0) -> RegicidaState:
    pos = replace(
        deal(9, players, "united"),
        piles=((), (), ()),
        board=parse_board(board_text),
        phase=Phase.INTRIGUE,
        current=current,
    )
    return state_of(pos)


def cell(state: RegicidaState, name: str) -> str:
    for item in state.view(None)["grid"]["cells"]:
        if item["cell"] == name:
            return f"{item['house']}{item['side'][0].upper()}"
    raise AssertionError(name)


def test_H5_swap_then_turn_one_of_the_two_dark() -> None:
    state = intrigue_state(ALL_LIGHT)
    # Row 1 reads 1 1 2 2 3 3 and row 2 reads 1 4 2 5 3 6 (BOARD_TEXT, all light).
    after = state.apply(0, state.parse(0, "swap c1 d1 flip d1"))  # 2 and 2: d1 turns dark
    assert (cell(after, "c1"), cell(after, "d1")) == ("2L", "2D")
    after = after.apply(1, after.parse(1, "swap d2 c2 flip c2"))  # the 5 moves to c2, dark
    assert (cell(after, "c2"), cell(after, "d2")) == ("5D", "2L")


def test_H5_only_orthogonal_light_pairs_can_be_picked() -> None:
    state = intrigue_state(ALL_LIGHT)
    # 6×6 grid: 30 horizontal + 30 vertical pairs, each with two choices of token to flip.
    assert len(state.legal_actions(0)) == 120
    for bad in ("swap a1 b2 flip a1", "swap a1 c1 flip a1"):
        with pytest.raises(IllegalAction):
            state.parse(0, bad)
    with pytest.raises(BadNotation):
        state.parse(0, "swap a1 b1 flip c1")
    dark = intrigue_state(BOARD_TEXT)  # a4 is dark: no pair may include it
    with pytest.raises(IllegalAction):
        dark.parse(0, "swap a4 a5 flip a5")
    assert not any("a4" in text for text in dark.view(0)["legal"])


def test_H5_each_player_takes_exactly_three_turns_in_seat_order() -> None:
    states = random_game(77, 4)
    intrigue = [s for s in states if s.phase is Phase.INTRIGUE]
    movers = [s.view(None)["turn"] for s in intrigue]
    assert len(movers) == 12
    assert movers == [(movers[0] + i) % 4 for i in range(12)]
    last_placer = [s for s in states if s.phase is Phase.EXPANSION][-1].view(None)["turn"]
    assert movers[0] == (last_placer + 1) % 4  # Intrigue continues the same turn order
    after = next(s for s in states if s.phase is Phase.ASSASSINATION)
    assert after.phase is Phase.ASSASSINATION
    darks = sum(c["side"] == "dark" for c in after.view(None)["grid"]["cells"])
    assert darks == 12  # one token turned dark per turn, none turned back


def test_H5_player_without_a_light_pair_passes() -> None:
    state = intrigue_state(CHECKER, players=3, current=1)
    assert state.legal_actions(1) == [Pass()]
    after = state.apply(1, state.parse(1, "pass"))
    assert after.to_act() == frozenset({2})
    assert after.view(None)["intrigues_left"] == [3, 2, 3]
    assert after.view(None)["grid"] == state.view(None)["grid"]


def test_H5_pass_is_refused_while_a_light_pair_exists() -> None:
    state = intrigue_state(ALL_LIGHT)
    with pytest.raises(IllegalAction):
        state.parse(0, "pass")
