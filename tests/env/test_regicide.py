"""Regicide through regalia.env: PettingZoo API and seeding, action numbering, team
rewards, and egocentric planes."""

from __future__ import annotations

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import regalia.env.openspiel  # noqa: F401  (registers the games with pyspiel)
from regalia.env import regicide_v0
from regalia.env.adapters import regicide as planes
from regalia.env.adapters.regicide import RegicideAdapter
from tests.env.walk import API_WARNINGS, check_numbering, random_states

YELLOW, GREEN, RED, BLUE = range(4)


@API_WARNINGS
def test_api_test_passes() -> None:
    api_test(regicide_v0.env())


def test_seed_test_passes() -> None:
    seed_test(regicide_v0.env)


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_legal_action_round_trips_and_mask_is_exact(seed: int) -> None:
    adapter = RegicideAdapter()
    for state in random_states(adapter, seed, 120):
        check_numbering(adapter, state)


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_rewards_come_at_the_end_and_teammates_share_them(seed: int) -> None:
    """C1, C14: Yellow and Red win or lose together, as do Green and Blue."""
    env = regicide_v0.raw_env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not env.game_state.is_over():
        assert not any(env.rewards.values())
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    rewards = env.rewards
    assert rewards["player_0"] == rewards["player_2"]
    assert rewards["player_1"] == rewards["player_3"]
    assert rewards["player_0"] == -rewards["player_1"]


def test_start_looks_alike_from_seats_across_the_board() -> None:
    """The frames are rotations: Green and Blue (and Yellow and Red) see their own army and
    their partner's in the same places at the start (C2)."""
    adapter = RegicideAdapter()
    state = adapter.new_state(0)
    seen = [adapter.observe(state, seat) for seat in range(4)]
    armies = slice(planes.PIECE_PLANES, planes.BOARD)
    assert np.array_equal(seen[GREEN][armies], seen[BLUE][armies])
    assert np.array_equal(seen[YELLOW][armies], seen[RED][armies])
    for seat in range(4):
        assert seen[seat][planes.BOARD].sum() == 160
        assert seen[seat][planes.PIECE_PLANES + 5, 0].sum() == 1  # own king on row 0
        assert seen[seat][planes.PIECE_PLANES, 1].sum() == 8  # own pawns on row 1
        assert seen[seat][planes.PAWN_UNMOVED].sum() == 32
        assert seen[seat][planes.CASTLING].sum() == 8
    assert seen[YELLOW][planes.TO_MOVE].all() and seen[GREEN][planes.TO_MOVE + 3].all()


def test_pass_has_a_number_and_openspiel_reports_team_returns() -> None:
    adapter = RegicideAdapter()
    assert adapter.action_text(adapter.action_index("pass")) == "pass"
    assert adapter.action_text(adapter.action_index("n10l10")) == "n10l10"
    game = pyspiel.load_game("regalia_regicide")
    assert game.num_players() == 4
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]


def test_each_seat_sees_its_own_pawns_advance_up_the_rows() -> None:
    """C4: every seat's forward direction becomes row+1 in its own frame."""
    forward = {YELLOW: "E", GREEN: "N", RED: "W", BLUE: "S"}
    for seat, letter in forward.items():
        assert planes._direction_plane(seat, letter) == 0
    assert planes.frame(GREEN, 0, 0) == (0, 0) and planes.frame(BLUE, 13, 13) == (0, 0)
