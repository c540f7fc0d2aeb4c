"""The `strong` Regulator agent through the public State and the levels table."""

from __future__ import annotations

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.ai.regulator.agent import StrongAgent
from regalia.games.regulator import GAME


def test_strong_level_is_this_agent() -> None:
    assert isinstance(make_agent("regulator", "strong", seed=1), StrongAgent)


def test_mates_in_2_through_the_state() -> None:
    state = GAME.from_fen("k4/5/2K2/5/5/5/4R w 1 0 1")
    agent = StrongAgent(seed=0)
    for _ in range(2):
        state = state.apply(0, agent.choose(Observation(state, 0), Budget(seconds=None, depth=5)))
        if state.is_over():
            break
        reply = state.legal_actions(1)[0]
        state = state.apply(1, reply)
    result = state.result()
    assert result is not None and result.winners() == (0,)


def test_a_small_time_budget_still_gives_a_legal_move() -> None:
    state = GAME.new(seed=0)
    move = StrongAgent(seed=0).choose(Observation(state, 0), Budget(seconds=0.05))
    assert move in state.legal_actions(0)
    assert state.position().key == GAME.new(seed=0).position().key


def test_r10_herds_a_lone_king_to_mate_or_stalemate_against_itself() -> None:
    # King and two knights against a king that defends as well as the engine can; without
    # the mop-up term this shuffled until the 100-ply draw against even a random defender.
    state = GAME.from_fen("2k2/5/5/5/5/5/1NK1N w 1 0 1")
    agents = (StrongAgent(seed=0), StrongAgent(seed=1))
    while not state.is_over():
        (seat,) = state.to_act()
        obs = Observation(state, seat)
        state = state.apply(seat, agents[seat].choose(obs, Budget(seconds=None, depth=4)))
    result = state.result()
    assert result is not None and result.winners() == (0,)
