"""Regicida as a benchmark (issue 32): its information-state tensors, and the reduced
configuration where OpenSpiel's CFR and NashConv run to the end here."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability

import regalia.env.openspiel  # noqa: F401
from regalia.env.adapters import regicida_infostate as layout
from regalia.env.adapters import regicida_reduced as reduced

REDUCED = {"players": 2, "reduced": True}


def decision_states(game: Any, rng: random.Random) -> list[Any]:
    """Every decision state of one seeded random game, in order."""
    out, state = [], game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
            continue
        out.append(state.clone())
        if state.is_simultaneous_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return [*out, state]


def test_the_tensor_is_one_size_and_follows_the_information_state() -> None:
    """Fixed size; a new tensor at each of the seat's information states (perfect recall:
    the history goes in slot by slot); and what the seat cannot know (others' Houses, the
    piles below their tops) changes nothing in it."""
    game = pyspiel.load_game("regalia_regicida", {"players": 3})
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    slots = 36 + 13 + 3 * 3 + 3
    assert size == layout.HEADER + layout.SLOT * slots == game.information_state_tensor_shape()[0]
    rng = random.Random(5)
    states = decision_states(game, rng)
    for seat in range(3):
        seen: dict[tuple[float, ...], str] = {}
        for state in states:
            tensor = tuple(state.information_state_tensor(seat))
            assert len(tensor) == size and set(tensor) <= {0.0, 1.0}
            text = state.information_state_string(seat)
            assert seen.setdefault(tensor, text) == text  # equal tensors: equal information
        assert len(seen) == len({s.information_state_string(seat) for s in states})
    changed = False
    for state in states[10:-1:9]:
        player = state.current_player() if state.current_player() >= 0 else 0
        other = state.resample_from_infostate(player, random.Random(1).random)
        changed |= other.core.view(None) != state.core.view(None) or str(other) != str(state)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
    assert changed  # the resampled secrets did differ
    # The last state's history fills its slots, in order: one actor per slot in use.
    final = states[-1].information_state_tensor(0)
    used = [
        any(final[layout.HEADER + layout.SLOT * i + layout.ACTOR + s] for s in range(6))
        for i in range(slots)
    ]
    count = len(states[-1].core.view(0)["history"])
    assert used == [True] * count + [False] * (slots - count)


def test_the_reduced_configuration_is_the_standard_game_from_a_public_position() -> None:
    game = pyspiel.load_game("regalia_regicida", REDUCED)
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 6
    state.apply_action(0)
    assert len(state.chance_outcomes()) == 5
    state.apply_action(1)
    core = state.core
    assert core.view(0)["phase"] == "intrigue" and core.view(0)["intrigues_left"] == [1, 1]
    assert core.view(0)["grid"]["rows"] == reduced.GRID_TEXT.splitlines()
    assert len(state.legal_actions()) == 6  # three light pairs, two flips each
    assert game.max_game_length() == 3 and game.information_state_tensor_size() == (
        layout.HEADER + layout.SLOT * 4
    )
    # Standard rules: the state is the core game's own; the default game is the whole game.
    assert type(core).__name__ == "RegicidaState"
    assert pyspiel.load_game("regalia_regicida").get_parameters()["reduced"] is False
    for bad in ({"players": 3, "reduced": True}, {**REDUCED, "objective": "united"}):
        with pytest.raises(ValueError, match="reduced configuration"):
            pyspiel.load_game("regalia_regicida", bad)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    turn_based = pyspiel.load_game_as_turn_based("regalia_regicida", REDUCED)
    pyspiel.random_sim_test(turn_based, num_sims=3, serialize=True, verbose=False)


def test_cfr_lowers_nash_conv_on_the_reduced_game() -> None:
    """OpenSpiel's tabular CFR walks the whole tree; two iterations already take NashConv
    from the uniform policy's 89/90 to 0.65 (docs/env.md has the curve)."""
    game = pyspiel.load_game_as_turn_based("regalia_regicida", REDUCED)
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    value = exploitability.nash_conv(game, solver.average_policy())
    assert value == pytest.approx(0.6474031388665534, abs=1e-9)
    assert value < 89 / 90
