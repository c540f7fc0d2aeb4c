from typing import Any

from regalia.ai.base import Budget, Observation
from regalia.ai.ismcts import IsmctsAgent
from regalia.ai.levels import make_agent
from regalia.core.registry import get_game


def test_plain_mcts_finds_the_only_mate_in_one() -> None:
    # Black to move: a5-a4 mates; eleven other moves do not.
    state = get_game("regulator").from_fen("3k1/5/p4/4P/1p3/1b1PB/3KN b 2 19 34")
    agent = IsmctsAgent(seed=3)
    move = agent.choose(Observation(state, 1), Budget(seconds=None, nodes=120))
    assert state.describe(move) == "a4#"


def test_ismcts_plays_regicida_from_sampled_deals_only() -> None:
    state = get_game("regicida").new(8, 3)
    agent = make_agent("regicida", "ismcts", 1)
    for _ in range(6):
        seat = min(state.to_act())
        obs = Observation(state, seat)
        action = agent.choose(obs, Budget(seconds=None, nodes=12))
        assert action in obs.legal
        state = state.apply(seat, action)


def test_sampled_state_keeps_what_the_seat_knows_and_reshuffles_the_rest() -> None:
    state = get_game("regicida").new(21, 4)
    obs = Observation(state, 2)
    deals = [obs.sample_state(seed) for seed in range(12)]
    for deal in deals:
        assert deal.view(2)["identity"] == obs.view["identity"]
        assert deal.view(2)["piles"] == obs.view["piles"]
    others = {tuple(deal.view(s)["identity"] for s in (0, 1, 3)) for deal in deals}
    assert len(others) > 1
    perfect = get_game("regulator").new(0)
    assert Observation(perfect, 0).sample_state(5) is perfect


class _Peeking(IsmctsAgent):
    """Keeps the search tree's root, to look at which actions it weighed."""

    def _iterate(self, root: Any, state: Any) -> None:
        self.root = root
        super()._iterate(root, state)


def test_in_a_secret_vote_the_search_weighs_its_own_seat_s_actions() -> None:
    from regalia.core.seeds import Rng

    state = get_game("regicida").new(5, 3)
    rng = Rng(5)
    while len(state.to_act()) < 3:  # play on to the vote, where all three act at once
        seat = min(state.to_act())
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    agent = _Peeking(seed=2, playout_plies=1000)
    obs = Observation(state, 1)  # not the lowest seat to act
    agent.choose(obs, Budget(seconds=None, nodes=30))
    assert set(agent.root.children) <= set(obs.legal)  # its own votes, not seat 0's
