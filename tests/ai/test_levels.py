import pytest

from regalia.ai.base import Budget, Observation, RandomAgent
from regalia.ai.levels import budget_for, levels_for, make_agent
from regalia.core.errors import BadNotation
from regalia.core.registry import get_game


@pytest.mark.parametrize("game", ["regulator", "regicide", "regicida"])
def test_every_game_offers_the_named_levels_on_its_ladder(game: str) -> None:
    levels = levels_for(game)
    assert {"random", "greedy", "ismcts", "strong"} <= set(levels)
    assert levels[0] == "random" and levels[-1] == "strong" and len(levels) >= 6
    assert isinstance(make_agent(game, "random", 1), RandomAgent)


def test_unknown_level_or_game_is_a_clear_error() -> None:
    with pytest.raises(BadNotation, match="unknown bot level"):
        make_agent("regulator", "grandmaster")
    with pytest.raises(BadNotation, match="unknown game"):
        levels_for("checkers")


def test_default_budgets_give_searches_a_clock_and_one_ply_levels_none() -> None:
    assert budget_for("regulator", "greedy").seconds is None
    assert budget_for("regicida", "random").seconds is None
    assert budget_for("regicide", "strong").seconds == 0.3
    assert budget_for("regicida", "ismcts").nodes == 200


def test_greedy_regulator_takes_a_free_piece() -> None:
    # White's knight on c2 can take the undefended black bishop on d4.
    game = get_game("regulator")
    state = game.from_fen("2k2/5/5/3b1/5/2N2/2K2 w 1 0 1")
    agent = make_agent("regulator", "greedy", 0)
    move = agent.choose(Observation(state, 0), Budget())
    assert state.describe(move) == "Nxd4"


@pytest.mark.parametrize("game", ["regulator", "regicide", "regicida"])
def test_strong_level_is_each_games_own_agent(game: str) -> None:
    agent = make_agent(game, "strong", 3)
    assert agent.name == "strong"
    assert type(agent).__module__ == f"regalia.ai.{game}.agent"
