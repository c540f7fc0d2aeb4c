"""The `strong` Regicide agent through the public State and the levels table."""

from __future__ import annotations

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.ai.regicide.agent import StrongAgent
from regalia.games.regicide import GAME


def test_strong_level_is_this_agent() -> None:
    assert isinstance(make_agent("regicide", "strong", seed=1), StrongAgent)


def test_takes_the_second_king_through_the_state() -> None:
    state = GAME.from_position("Y:Ka7,Qh5/G:Pe2/R:Ko8/B:Kh14 Y - G - 0 1")
    move = StrongAgent(seed=0).choose(Observation(state, 0), Budget(seconds=None, depth=2))
    result = state.apply(0, move).result()
    assert result is not None and set(result.winners()) == {0, 2}


def test_plays_legal_moves_for_every_seat_of_a_short_game() -> None:
    state = GAME.new(seed=0)
    agent = StrongAgent(seed=0)
    for _ in range(8):
        (seat,) = state.to_act()
        move = agent.choose(Observation(state, seat), Budget(seconds=None, nodes=150))
        assert move in state.legal_actions(seat)
        state = state.apply(seat, move)


def test_history_holds_the_keys_since_the_last_pawn_move() -> None:
    state = GAME.from_position("Y:Ka7,Nb9/G:Kg1,Ne1/R:Ko8/B:Kh14 Y - - - 0 1")
    keys = [state.position.key]
    for text in ("YNb9-d10", "GNe1-f3", "RKo8-o9", "BKh14-h13"):
        (seat,) = state.to_act()
        state = state.apply(seat, state.parse(seat, text))
        keys.append(state.position.key)
    pos = state.position
    assert StrongAgent(seed=0).history(pos) == keys[:-1]
    assert pos.key == keys[-1] and len(pos.history) == 4
