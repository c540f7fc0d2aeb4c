"""Regicida through regalia.env: PettingZoo API and seeding, action numbering, and hidden
Identities and votes kept out of every observation."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import regalia.env.openspiel  # noqa: F401  (registers the games with pyspiel)
from regalia.env import regicida_v0
from regalia.env.adapters.regicida import RegicidaAdapter
from tests.env.walk import API_WARNINGS, check_numbering, random_states


@API_WARNINGS
@pytest.mark.parametrize("players", [2, 4, 6])
def test_api_test_passes(players: int) -> None:
    api_test(regicida_v0.env(players=players))


def test_seed_test_passes() -> None:
    seed_test(lambda: regicida_v0.env(players=3))


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=2, max_value=6))
def test_every_legal_action_round_trips_and_mask_is_exact(seed: int, players: int) -> None:
    adapter = RegicidaAdapter(players)
    for state in random_states(adapter, seed, 200):
        check_numbering(adapter, state)


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=80))
def test_observation_ignores_what_the_seat_cannot_know(seed: int, plies: int) -> None:
    """Resampling everything seat 0 cannot see (others' Identities, pile contents, others'
    votes) leaves its observation unchanged, while its own Identity shows."""
    adapter = RegicidaAdapter(4)
    *_, state = random_states(adapter, seed, plies)
    seen = adapter.observe(state, 0)
    for other_seed in range(4):
        hidden = state.sample_hidden(0, other_seed)  # type: ignore[attr-defined]
        assert np.array_equal(adapter.observe(hidden, 0), seen)
    own = state.view(0)["identity"]
    assert seen[13 + own - 1].all() and seen[13:19].sum() == 11 * 11


def test_earlier_votes_are_not_in_later_voters_observations() -> None:
    env = regicida_v0.raw_env(players=4)
    env.reset(seed=11)
    while env.game_state.to_act() != frozenset(range(4)) or env.game_state.view(0)["phase"] != (
        "assassination"
    ):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    before = {a: env.observe(a)["observation"].copy() for a in env.agents}
    for voter in range(3):
        assert env.agent_selection == f"player_{voter}"
        env.step(env.adapter.action_index("vote neutral"))
        later = env.agent_selection
        assert np.array_equal(env.observe(later)["observation"], before[later])
        assert env.game_state.view(3)["votes_cast"] == []
    env.step(env.adapter.action_index("vote 1"))
    assert all(env.terminations.values())
    assert env.game_state.view(None)["reveal"]["votes"] == ["neutral", "neutral", "neutral", 0]


def test_openspiel_deals_by_chance_and_votes_simultaneously() -> None:
    game = pyspiel.load_game("regalia_regicida", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        elif state.is_simultaneous_node():
            assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
            assert state.core.view(0)["phase"] == "assassination"
            state.apply_actions([state.legal_actions(p)[0] for p in range(3)])
        else:
            state.apply_action(state.legal_actions()[-1])
    assert sorted(state.returns()) in ([-1.0, -1.0, -1.0], [-1.0, -1.0, 1.0])
    assert len(state.observation_tensor(0)) == 66 * 11 * 11


def test_seed_and_reset_seed_deal_the_same_game_and_other_seeds_differ() -> None:
    """H1: the deal comes from the seed, so a seeded reset replays it exactly."""
    first, second, other = (regicida_v0.raw_env(players=5) for _ in range(3))
    first.reset(seed=21)
    second.seed(21)
    second.reset()
    other.reset(seed=22)
    assert first.game_seed == second.game_seed != other.game_seed
    assert first.game_state.to_record() == second.game_state.to_record()
    for agent in first.agents:
        assert np.array_equal(
            first.observe(agent)["observation"], second.observe(agent)["observation"]
        )
    assert first.game_state.view(None) != other.game_state.view(None)
