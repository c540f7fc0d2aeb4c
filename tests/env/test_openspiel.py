"""The three games as real OpenSpiel games: registration, game types and sizes, OpenSpiel's
own conformance test (`random_sim_test`), returns against our results, parameters, and
observations built from views alone."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np
import pyspiel
import pytest

import regalia.env.openspiel as ro
from regalia.core.registry import get_game
from regalia.env.adapter import REWARD
from regalia.env.adapters.regicida import HOUSE_NUMBERS, MAX_SPLITS, RegicidaDeal

T = pyspiel.GameType

QUICK = {  # game strings whose random games take a second or two through pyspiel
    "regulator": "regalia_regulator",
    "regicide": "regalia_regicide(max_game_length=120)",
    "regicida": "regalia_regicida(players=3)",
}


def play_randomly(state: Any, rng: random.Random, limit: int = 100_000) -> Any:
    """Play `state` (in place) to the end with uniform choices, chance by its odds."""
    for _ in range(limit):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        elif state.is_simultaneous_node():
            players = range(state.num_players())
            state.apply_actions([rng.choice(state.legal_actions(p) or [0]) for p in players])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


def play_until(state: Any, rng: random.Random, stop: Any) -> Any:
    """Play `state` (in place) until `stop(state)` or the end, whichever comes first."""
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_importing_the_module_registers_the_games() -> None:
    """The issue's check, in a fresh interpreter."""
    code = (
        "import regalia.env.openspiel, pyspiel; "
        "print(pyspiel.load_game('regalia_regicide').num_players())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "4"
    names = set(pyspiel.registered_names())
    assert {"regalia_regulator", "regalia_regicide", "regalia_regicida"} <= names


@pytest.mark.parametrize(
    ("name", "dynamics", "chance", "information", "utility", "players"),
    [
        ("regalia_regulator", "SEQUENTIAL", "DETERMINISTIC", "PERFECT", "ZERO_SUM", (2, 2)),
        ("regalia_regicide", "SEQUENTIAL", "DETERMINISTIC", "PERFECT", "ZERO_SUM", (4, 4)),
        ("regalia_regicida", "SIMULTANEOUS", "EXPLICIT_STOCHASTIC", "IMPERFECT", "GENERAL_SUM",
         (2, 6)),
    ],
)  # fmt: skip
def test_game_types(
    name: str, dynamics: str, chance: str, information: str, utility: str, players: tuple[int, int]
) -> None:
    kind = pyspiel.load_game(name).get_type()
    assert kind.short_name == name
    assert kind.dynamics == getattr(T.Dynamics, dynamics)
    assert kind.chance_mode == getattr(T.ChanceMode, chance)
    assert kind.information == getattr(T.Information, f"{information}_INFORMATION")
    assert kind.utility == getattr(T.Utility, utility)
    assert kind.reward_model == T.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == players
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert kind.provides_factored_observation_string == (information == "IMPERFECT")


@pytest.mark.parametrize(
    ("game_string", "actions", "shape", "length", "chance", "utility_sum"),
    [
        ("regalia_regulator", 870, [23, 7, 5], 3000, 0, 0.0),
        ("regalia_regulator(max_game_length=200)", 870, [23, 7, 5], 200, 0, 0.0),
        ("regalia_regicide", 7569, [42, 14, 14], 8000, 0, 0.0),
        ("regalia_regicida(players=2)", 490, [66, 11, 11], 36 + 13 + 6 + 1, 6, None),
        ("regalia_regicida", 492, [66, 11, 11], 36 + 13 + 12 + 1, 6, None),
        ("regalia_regicida(players=6)", 494, [66, 11, 11], 36 + 13 + 18 + 1, 6, None),
    ],
)
def test_game_info_is_the_documented_one(
    game_string: str,
    actions: int,
    shape: list[int],
    length: int,
    chance: int,
    utility_sum: float | None,
) -> None:
    """docs/env.md gives these sizes; a change here must change the docs too."""
    game = pyspiel.load_game(game_string)
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == shape
    assert game.max_game_length() == length
    assert game.max_chance_outcomes() == chance
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.utility_sum() == utility_sum


def test_regicida_split_bound_is_the_most_any_play_forces() -> None:
    """H4 (docs/rules/regicida.md): after a placement empties a pile while another holds two
    or more, a split moves that pile's lower half (rounded down) into the empty slot. The
    most splits any order of placements and splits forces is the bound in GameInfo."""

    @cache
    def most(piles: tuple[int, ...]) -> int:
        best = 0
        for taken, size in enumerate(piles):
            if not size:
                continue
            left = list(piles)
            left[taken] -= 1
            if not sum(left):
                continue
            if 0 in left and any(n >= 2 for n in left):
                empty = left.index(0)
                for source, n in enumerate(left):
                    if n >= 2:
                        after = list(left)
                        after[empty], after[source] = n // 2, n - n // 2
                        best = max(best, 1 + most(tuple(sorted(after))))
            else:
                best = max(best, most(tuple(sorted(left))))
        return best

    assert most((12, 12, 12)) == MAX_SPLITS


@pytest.mark.parametrize("serialize", [False, True])
@pytest.mark.parametrize("name", sorted(QUICK))
def test_openspiel_random_sim_test(name: str, serialize: bool) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(QUICK[name]), num_sims=2, serialize=serialize, verbose=False
    )


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_random_sim_test_at_every_regicida_player_count(players: int) -> None:
    game = pyspiel.load_game("regalia_regicida", {"players": players, "objective": "borders"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_of_regicida_turn_based() -> None:
    """The form sequential algorithms use: voters vote in turn, none seeing earlier votes."""
    game = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": 3})
    assert game.get_type().dynamics == T.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
def test_random_sim_test_of_full_length_regicide() -> None:
    """No ply limit short of the default one: the game ends by its own rules."""
    pyspiel.random_sim_test(
        pyspiel.load_game("regalia_regicide"), num_sims=1, serialize=True, verbose=False
    )


@pytest.mark.parametrize("name", ["regulator", "regicide", "regicida"])
def test_returns_are_our_results(name: str) -> None:
    """+1 win, -1 loss, 0 draw, straight from the core Result: teammates share theirs in
    Regicide, and in Regicida everyone may lose."""
    game = pyspiel.load_game(f"regalia_{name}")
    rng = random.Random(7)
    for _ in range(3 if name != "regicide" else 1):
        state = play_randomly(game.new_initial_state(), rng)
        result = state.core.result()
        assert result is not None
        assert state.returns() == [REWARD[o] for o in result.outcomes]
        assert state.rewards() == state.returns()
        if name == "regicide":
            returns = state.returns()
            assert returns[0] == returns[2] and returns[1] == returns[3]
            assert sum(returns) == 0.0


def test_the_ply_limit_ends_a_game_as_a_draw() -> None:
    game = pyspiel.load_game("regalia_regulator", {"max_game_length": 6})
    state = play_randomly(game.new_initial_state(), random.Random(1))
    assert state.is_terminal() and len(state.history()) == 6
    assert state.core.result() is None and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [] and "stopped after 6 plies" in str(state)


def test_parameters_map_to_our_options_and_start_positions() -> None:
    regulator = pyspiel.load_game("regalia_regulator", {"regulator": 5})
    assert regulator.new_initial_state().core.view(0)["regulator"] == 5
    fen = "4k/5/5/5/5/5/K4 w 3 0 1"
    from_fen = pyspiel.load_game("regalia_regulator", {"position": fen})
    assert from_fen.new_initial_state().observation_string(0) == fen
    assert pyspiel.load_game(str(from_fen)).new_initial_state().observation_string(1) == fen
    with pytest.raises(ValueError, match="regulator"):
        pyspiel.load_game("regalia_regulator", {"position": fen, "regulator": 2})

    # Regicide's position texts separate pieces with commas; `;` stands in for them.
    text = "Y:Ka7,Qa8/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1"
    game = pyspiel.load_game("regalia_regicide", {"position": text})
    assert str(game) == f"regalia_regicide(max_game_length=8000,position={text.replace(',', ';')})"
    again = pyspiel.load_game(str(game)).new_initial_state()
    assert again.core.view(0)["position"] == game.new_initial_state().core.view(0)["position"]

    regicida = pyspiel.load_game("regalia_regicida(players=5,objective=central)")
    state = play_until(
        regicida.new_initial_state(), random.Random(0), lambda s: not s.is_chance_node()
    )
    assert state.core.view(0)["objective"]["key"] == "central" and state.num_players() == 5
    with pytest.raises(ValueError, match="2–6 players"):
        pyspiel.load_game("regalia_regicida", {"players": 7})
    with pytest.raises(ValueError, match="objective"):
        pyspiel.load_game("regalia_regicida", {"objective": "glory"})


def test_actions_read_any_notation_and_clones_are_independent() -> None:
    state = pyspiel.load_game("regalia_regulator").new_initial_state()
    number = state.string_to_action(0, "b3")  # SAN
    assert state.action_to_string(0, number) == "b2b3"
    assert state.string_to_action("b2b3") == number
    with pytest.raises(pyspiel.SpielError):
        state.string_to_action(0, "b5")
    copy = state.clone()
    state.apply_action(number)
    assert copy.history() == [] and copy.current_player() == 0
    assert state.history() == [number] and state.current_player() == 1


# --- Regicida's deal ------------------------------------------------------------------------


def deal_of_seed(seed: int, players: int) -> RegicidaDeal:
    """The deal `Game.new(seed)` makes, read from its position (a test may look inside)."""
    from regalia.games.regicida import rules

    position = rules.deal(seed, players, None)
    tokens = tuple(h for pile in position.piles for h in pile)
    return RegicidaDeal(
        players, position.objective, position.succession, position.identities,
        position.current, tokens,
    )  # fmt: skip


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (5, 6)])
def test_a_deal_by_chance_nodes_is_the_game_new_deals(seed: int, players: int) -> None:
    """The chance outcomes that make `Game.new(seed)`'s deal give a state whose every view,
    and every view after the same random actions, is that game's."""
    game = pyspiel.load_game("regalia_regicida", {"players": players})
    state = game.new_initial_state()
    for outcome in game.first_deal().choices_to(deal_of_seed(seed, players)):
        assert state.is_chance_node() and outcome in state.legal_actions()
        state.apply_action(outcome)
    assert not state.is_chance_node()
    ours, theirs = state.core, get_game("regicida").new(seed, players)
    rng = random.Random(seed)
    while True:
        for seat in (None, *range(players)):
            view, expected = ours.view(seat), theirs.view(seat)
            assert view == expected
        if ours.is_over():
            break
        acting = sorted(ours.to_act())
        for seat in acting:
            action = rng.choice(list(ours.legal_actions(seat)))
            ours, theirs = ours.apply(seat, action), theirs.apply(seat, action)


def test_deal_odds_are_those_of_a_shuffle() -> None:
    deal = RegicidaDeal.start(4)
    assert [p for _, p in deal.outcomes()] == [0.25] * 4  # the Objective
    seen = 0
    while not deal.complete():
        outcomes = deal.outcomes()
        assert len(outcomes) > 1 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
        deal = deal.choose(outcomes[-1][0])
        seen += 1
    assert seen <= RegicidaDeal.max_choices
    assert sorted(deal.succession) == list(HOUSE_NUMBERS) and len(set(deal.identities)) == 4
    assert sorted(deal.tokens) == sorted(h for h in HOUSE_NUMBERS for _ in range(6))
    with pytest.raises(ValueError):
        RegicidaDeal.start(2).choose(7)


# --- what a seat knows ------------------------------------------------------------------------


def knowledge(state: Any, seat: int) -> tuple[str, str, list[float], str]:
    private = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    observer = state.get_game().make_py_observer(private)
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        state.observation_tensor(seat),
        observer.string_from(state, seat),
    )


@pytest.mark.parametrize("plies", [0, 10, 40, 100])
def test_what_a_seat_cannot_know_changes_nothing_it_observes(plies: int) -> None:
    """Other seats' Houses, tokens no pile has shown, and other seats' votes are dealt again
    (`sample_hidden`): seat 0's strings and tensor stay the same; its own House shows."""
    game = pyspiel.load_game("regalia_regicida", {"players": 4})
    state = play_until(
        game.new_initial_state(),
        random.Random(plies),
        lambda s: not s.is_chance_node() and (s._run.plies >= plies or s.is_simultaneous_node()),
    )
    known = knowledge(state, 0)
    for seed in range(4):
        other = state.clone()
        other._run = replace(state._run, core=state.core.sample_hidden(0, seed))
        assert knowledge(other, 0) == known
    assert f"House {state.core.view(0)['identity']}" in known[3]


def voting(state: Any) -> bool:
    """Whether the player to act in a turn-based Regicida is to vote."""
    player = state.current_player()
    return player >= 0 and state.action_to_string(player, state.legal_actions()[0]).startswith(
        "vote"
    )


def test_no_earlier_vote_shows_to_a_later_voter_in_turn_based_regicida() -> None:
    game = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": 3})
    rng = random.Random(3)
    state = play_until(game.new_initial_state(), rng, voting)
    assert state.current_player() == 0
    before = [state.information_state_string(p) for p in (1, 2)]
    state.apply_action(state.legal_actions()[0])
    after = [state.information_state_string(p) for p in (1, 2)]
    # Only the line saying whose turn it is changes for the others.
    for old, new in zip(before, after, strict=True):
        assert old.split("\n", 1)[1] == new.split("\n", 1)[1]


class ViewOnly:
    """A core state that answers nothing but `view` (and `board_view`, a part of it):
    whatever reads more fails."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._state.view(seat)  # type: ignore[no-any-return]

    def board_view(self, seat: int) -> dict[str, Any]:
        return self._state.board_view(seat)  # type: ignore[no-any-return]

    def to_act(self) -> frozenset[int]:  # read once, to know whose turn it is
        return self._state.to_act()  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", sorted(QUICK))
def test_observations_are_built_from_the_view_alone(name: str) -> None:
    """Texts, and the tensors of a game with secrets, read the seat's view alone. The chess
    games' planes come from the engine position (nothing there is secret), equal to the
    view's planes (tests/env/test_fast_observe.py)."""
    game = pyspiel.load_game(QUICK[name])
    state = play_until(game.new_initial_state(), random.Random(6), lambda s: len(s.history()) > 60)
    blind = state.clone()
    blind._run = ro.Run(state._run.game_string, ViewOnly(state.core), None, 0, None, False)  # type: ignore[arg-type]
    kinds = ["observation", "information", "public", "public_history", "private"]
    secrets = game.get_type().information == T.Information.IMPERFECT_INFORMATION
    for seat in range(game.num_players()):
        if secrets:
            assert np.array_equal(blind.planes(seat), state.planes(seat))
            assert np.array_equal(blind.info_state(seat), state.info_state(seat))
        for kind in kinds:
            assert blind.text(kind, seat) == state.text(kind, seat)


def test_observer_kinds() -> None:
    game = pyspiel.load_game("regalia_regulator")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("b3"))
    default = game.make_py_observer()
    default.set_from(state, 1)
    assert default.dict["observation"].shape == (23, 7, 5)
    assert np.array_equal(default.tensor, np.asarray(state.observation_tensor(1), np.float32))
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None and "b3" in recall.string_from(state, 0)
    assert default.string_from(state, 0) == state.observation_string(0) == state.core.view(0)["fen"]
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})
