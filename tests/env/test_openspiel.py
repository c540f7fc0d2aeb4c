"""The OpenSpiel-style API on all three games: the pyspiel calls RL code makes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from regalia.core.errors import IllegalAction
from regalia.env.openspiel import SIMULTANEOUS, TERMINAL, OpenSpielState, load_game

GAMES = {"regulator": 2, "regicide": 4, "regicida": 4}


def play_out(state: OpenSpielState, rng: np.random.Generator, limit: int = 5000) -> None:
    players = state.get_game().num_players()
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_simultaneous_node():
            state.apply_actions(
                [int(rng.choice(state.legal_actions(p) or [0])) for p in range(players)]
            )
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_from_start_to_returns(name: str) -> None:
    game = load_game(name, {"seed": 3})
    assert game.num_players() == GAMES[name]
    assert game.observation_tensor_size() == int(np.prod(game.observation_tensor_shape()))
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.current_player() in range(GAMES[name])
    assert state.returns() == [0.0] * GAMES[name]
    mask = state.legal_actions_mask()
    assert len(mask) == game.num_distinct_actions()
    assert [i for i, bit in enumerate(mask) if bit] == state.legal_actions()
    for player in range(GAMES[name]):
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
    first = state.legal_actions()[0]
    text = state.action_to_string(state.current_player(), first)
    assert state.string_to_action(state.current_player(), text) == first
    child = state.child(first)
    assert child.history() == [first] and state.history() == []
    play_out(state, np.random.default_rng(0))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.rewards() == state.returns()
    assert set(state.returns()) <= {-1.0, 0.0, 1.0}
    with pytest.raises(IllegalAction):
        state.apply_action(0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_game_and_clones_are_independent(name: str) -> None:
    game = load_game(name, {"seed": 8})
    one, two = game.new_initial_state(), game.new_initial_state()
    play_out(one, np.random.default_rng(4), limit=30)
    play_out(two, np.random.default_rng(4), limit=30)
    assert one.history() == two.history()
    assert one.information_state_string(0) == two.information_state_string(0)
    copy = one.clone()
    if not one.is_terminal() and not one.is_simultaneous_node():
        one.apply_action(one.legal_actions()[0])
        assert len(copy.history()) == len(one.history()) - 1


def test_regicida_information_state_hides_identities_and_votes() -> None:
    game = load_game("regicida", {"players": 4, "seed": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_simultaneous_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.current_player() == SIMULTANEOUS
    with pytest.raises(ValueError):
        state.legal_actions()
    known = state.information_state_string(0)
    tensor = state.observation_tensor(0)
    for seed in range(5):  # everything seat 0 cannot know, dealt again
        hidden = state.clone()
        hidden.state = state.state.sample_hidden(0, seed)  # type: ignore[attr-defined]
        assert hidden.information_state_string(0) == known
        assert hidden.observation_tensor(0) == tensor
    identities = state.state.view(None)  # a spectator sees no Identity either
    assert identities["identity"] is None
    state.apply_actions([state.legal_actions(p)[-1] for p in range(4)])
    assert state.is_terminal() and "vote" in state.information_state_string(1)


def test_module_example_runs() -> None:
    import doctest

    import regalia.env.openspiel

    assert doctest.testmod(regalia.env.openspiel).failed == 0


class ViewOnly:
    """A state that answers nothing but `view`: whatever reads more fails."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._state.view(seat)  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observations_are_built_from_the_view_alone(name: str) -> None:
    game = load_game(name, {"seed": 6})
    state = game.new_initial_state()
    play_out(state, np.random.default_rng(6), limit=20)
    adapter = game.adapter
    for seat in range(game.num_players()):
        alone = adapter.observe(ViewOnly(state.state), seat)  # type: ignore[arg-type]
        assert np.array_equal(alone, adapter.observe(state.state, seat))


@pytest.mark.parametrize(
    ("name", "players", "actions", "shape"),
    [
        ("regulator", 2, 870, [23, 7, 5]),
        ("regicide", 4, 7569, [42, 14, 14]),
        ("regicida", 2, 490, [66, 11, 11]),
        ("regicida", 6, 494, [66, 11, 11]),
    ],
)
def test_sizes_are_the_documented_ones(
    name: str, players: int, actions: int, shape: list[int]
) -> None:
    """docs/env.md gives these sizes; a change here must change the docs too."""
    game = load_game(name, {"players": players})
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == shape
