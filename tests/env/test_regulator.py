"""Regulator Chess through regalia.env: PettingZoo API and seeding, action numbering,
side-relative planes, and the OpenSpiel game."""

from __future__ import annotations

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import regalia.env.openspiel  # noqa: F401  (registers the games with pyspiel)
from regalia.env import regulator_v0
from regalia.env.adapters import regulator as planes
from regalia.env.adapters.regulator import RegulatorAdapter
from tests.env.walk import API_WARNINGS, check_numbering, random_states


@API_WARNINGS
def test_api_test_passes() -> None:
    api_test(regulator_v0.env())


def test_seed_test_passes() -> None:
    seed_test(regulator_v0.env)


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=7))
def test_every_legal_action_round_trips_and_mask_is_exact(seed: int, regulator: int) -> None:
    adapter = RegulatorAdapter(regulator=regulator)
    for state in random_states(adapter, seed, 120):
        check_numbering(adapter, state)


def test_start_looks_the_same_from_both_sides() -> None:
    """R1: Black mirrors White across the middle rank, so each side's own pieces fill the
    same planes at the start."""
    adapter = RegulatorAdapter()
    state = adapter.new_state(0)
    white, black = adapter.observe(state, 0), adapter.observe(state, 1)
    own = slice(planes.MINE, planes.REGULATOR)
    assert np.array_equal(white[own], black[own])
    assert white[planes.MINE + 5, 0, 2] == 1.0  # White's king on c1, in the first row
    assert white[planes.THEIRS + 0, 5].all()  # Black's pawns on rank 6
    assert white[planes.MY_TURN].all() and not black[planes.MY_TURN].any()
    assert white[planes.REGULATOR].all()  # the regulator starts on space 1


def test_action_numbers_name_coordinate_moves() -> None:
    adapter = RegulatorAdapter()
    state = adapter.new_state(0)
    index = adapter.action_index("b2b3")
    assert adapter.action_text(index) == "b2b3"
    assert adapter.decode(state, 0, index) == state.parse(0, "b3")
    assert adapter.action_text(adapter.action_index("a6b7q")) == "a6b7q"


def test_openspiel_game_plays_to_the_end() -> None:
    game = pyspiel.load_game("regalia_regulator", {"regulator": 3})
    assert game.num_players() == 2
    assert game.num_distinct_actions() == RegulatorAdapter().num_actions
    state = game.new_initial_state()
    assert state.current_player() == 0
    first = state.legal_actions()
    assert state.legal_actions_mask().count(1) == len(first)
    state.apply_action(first[0])
    assert state.current_player() == 1
    copy = state.clone()
    plies = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[plies % len(state.legal_actions())])
        plies += 1
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sum(state.returns()) == 0.0 and state.legal_actions() == []
    assert len(copy.history()) == 1  # the clone was not touched
    assert copy.observation_string(1) == copy.core.view(1)["fen"]
    assert copy.action_to_string(1, copy.legal_actions()[0]) in copy.core.view(1)["legal"]
    index = copy.legal_actions()[0]
    assert copy.string_to_action(1, copy.action_to_string(1, index)) == index
