"""What a researcher trips over first (issue 32): pickling, OpenSpiel's simultaneous-node
conventions as its C++ goofspiel keeps them, its errors, and the PettingZoo constructors'."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pyspiel
import pytest

import regalia.env.openspiel as ro
from regalia.env import regicida_v0, regicide_v0, regulator_v0

SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)


def to_vote(game: Any, seed: int = 0) -> Any:
    """A state of `game` at its simultaneous vote, by seeded random play."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "game_string",
    ["regalia_regulator", "regalia_regicide(max_game_length=20)", "regalia_regicida(players=3)"],
)
def test_games_and_states_pickle(game_string: str) -> None:
    """Process pools and Ray pass games and states by pickling them, as OpenSpiel's own
    Python games allow."""
    game = pyspiel.load_game(game_string)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    state, rng = game.new_initial_state(), random.Random(2)
    for _ in range(12):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    assert copy.get_game() == game


def test_flat_joint_actions_follow_goofspiel() -> None:
    """At a simultaneous node `legal_actions()` lists the flat joint actions, player 0's
    choice the least significant digit, `apply_action(flat)` plays them and their strings
    join the players' own: exactly as OpenSpiel's C++ goofspiel does."""
    goof = pyspiel.load_game("goofspiel", {"num_cards": 3, "points_order": "descending"})
    reference = goof.new_initial_state()
    ours = to_vote(pyspiel.load_game("regalia_regicida", {"players": 2, "reduced": True}))
    for state in (reference, ours):
        assert state.current_player() == SIMULTANEOUS
        legal = [state.legal_actions(p) for p in range(2)]
        flats = state.legal_actions()
        assert flats == list(range(len(legal[0]) * len(legal[1])))
        for flat in flats:
            joint = [legal[0][flat % len(legal[0])], legal[1][flat // len(legal[0])]]
            played = state.clone()
            played.apply_action(flat)
            together = state.clone()
            together.apply_actions(joint)
            assert str(played) == str(together)
            words = [state.action_to_string(p, joint[p]) for p in range(2)]
            assert state.action_to_string(SIMULTANEOUS, flat) == f"[{', '.join(words)}]"
    # The mask: ones at the flat joint actions (C++ writes them past a shorter mask's end).
    mask = ours.legal_actions_mask()
    assert sum(mask) == len(ours.legal_actions()) > 0
    assert [a for a, bit in enumerate(mask) if bit] == ours.legal_actions()
    assert sum(ours.legal_actions_mask(1)) == len(ours.legal_actions(1))  # per player: as ever


def test_wrong_and_illegal_actions_raise_spiel_errors() -> None:
    """OpenSpiel's error for a bad action is `SpielError`, from every way of applying one."""
    vote = to_vote(pyspiel.load_game("regalia_regicida", {"players": 2, "reduced": True}))
    legal = vote.legal_actions(0)[0]
    for bad in ([legal], [legal, legal, legal]):
        with pytest.raises(pyspiel.SpielError, match="one action per player"):
            vote.clone().apply_actions(bad)
    with pytest.raises(pyspiel.SpielError, match="not legal"):
        vote.clone().apply_actions([0, 0])
    with pytest.raises(pyspiel.SpielError, match="not a joint action"):
        vote.clone().apply_action(len(vote.legal_actions()))
    chess = pyspiel.load_game("regalia_regulator").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not legal"):
        chess.apply_action(0)
    deal = pyspiel.load_game("regalia_regicida", {"players": 2}).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not a possible outcome"):
        deal.apply_action(99)
    over = vote.clone()
    over.apply_action(0)
    assert over.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="the game is over"):
        over.apply_action(0)


def test_no_information_state_tensor_is_refused_not_empty() -> None:
    """The chess games have no information-state tensor: asking raises, as C++ chess does,
    instead of an empty list."""
    for name in ("regalia_regulator", "regalia_regicide"):
        game = pyspiel.load_game(name)
        assert not game.get_type().provides_information_state_tensor
        with pytest.raises(pyspiel.SpielError, match="unimplemented"):
            game.information_state_tensor_shape()
        with pytest.raises(pyspiel.SpielError, match="unimplemented"):
            game.new_initial_state().information_state_tensor(0)


def test_pettingzoo_constructors_raise_value_error_with_openspiel_s_message() -> None:
    with pytest.raises(ValueError) as loader:
        pyspiel.load_game("regalia_regicida", {"players": 9})
    with pytest.raises(ValueError) as constructor:
        regicida_v0.env(players=9)
    assert type(constructor.value) is ValueError
    assert str(loader.value).endswith(str(constructor.value))
    with pytest.raises(ValueError, match="objective"):
        regicida_v0.raw_env(objective="nowhere")
    with pytest.raises(ValueError, match="position"):
        regulator_v0.env(position="not a fen")


def test_pettingzoo_envs_take_a_start_position_as_openspiel_does() -> None:
    fen = "2k2/5/5/5/5/5/K3Q w 1 0 1"
    env = regulator_v0.env(position=fen)
    for seed in (0, 1):
        env.reset(seed=seed)
        assert env.unwrapped.game_state.view(0)["fen"] == fen
    state = pyspiel.load_game("regalia_regulator", {"position": fen}).new_initial_state()
    assert state.observation_string(0) == fen
    text = regicide_v0.raw_env().game_state.view(None)["position"]
    env = regicide_v0.env(position=text)
    env.reset(seed=3)
    assert env.unwrapped.game_state.view(None)["position"] == text
    with pytest.raises(ValueError):
        regicida_v0.env(position="anything")  # Regicida reads no positions


def test_undo_is_refused_with_what_to_do_instead() -> None:
    """pyspiel's Python games cannot take an action back out of the C++ history, so
    `undo_action` says so and points at cloning, which costs nothing here."""
    state = pyspiel.load_game("regalia_regulator").new_initial_state()
    action = state.legal_actions()[0]
    state.apply_action(action)
    with pytest.raises(pyspiel.SpielError, match="clone"):
        state.undo_action(0, action)
    assert isinstance(state, ro.RegaliaState) and state.history() == [action]
