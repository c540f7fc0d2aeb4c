"""The states' notation is worked out lazily and shared along a line (`_Line` in
`regulator/game.py` and `regicide/state.py`): whatever order states are asked in, branches
and undos included, each gives the notation `describe` gave for each move as it was played."""

from __future__ import annotations

import random

from regalia.games.regicide import GAME as REGICIDE
from regalia.games.regicide.state import RegicideState
from regalia.games.regulator import GAME as REGULATOR
from regalia.games.regulator.game import RegulatorState


def regulator_line(seed: int) -> tuple[list[RegulatorState], list[str]]:
    rng = random.Random(seed)
    state = REGULATOR.new(seed, regulator=1 + seed % 7)
    states, written = [state], []
    while not state.is_over():
        actions = state.legal_actions(state.turn)
        action = actions[rng.randrange(len(actions))]
        written.append(state.describe(action))
        state = state.apply(state.turn, action)
        states.append(state)
    return states, written


def test_regulator_sans_in_any_order() -> None:
    for seed in range(4):
        states, written = regulator_line(seed)
        order = list(range(len(states)))
        random.Random(seed).shuffle(order)
        for ply in order:
            assert states[ply].sans == tuple(written[:ply])
            assert states[ply].moves == tuple(m for _, m in states[ply].history())
        middle = states[len(states) // 2]
        assert middle.undo().sans == tuple(written[: len(states) // 2 - 1])
        assert middle.undo().undo().sans == tuple(written[: len(states) // 2 - 2])


def test_regulator_branches_keep_their_own_sans() -> None:
    states, written = regulator_line(7)
    fork = states[10]
    assert states[-1].sans == tuple(written)  # the main line's SANs known first
    for action in fork.legal_actions(fork.turn):
        child = fork.apply(fork.turn, action)  # a new line off the one already known
        assert child.sans == (*written[:10], fork.describe(action))
    resigned = states[20].resign(states[20].turn)
    assert resigned.sans == tuple(written[:20])
    assert resigned.undo().undo().sans == tuple(written[:19])


def test_regicide_short_forms_in_any_order() -> None:
    rng = random.Random(3)
    state = REGICIDE.new(3)
    states: list[RegicideState] = [state]
    written = list(state.short_history)
    while not state.is_over() and len(states) < 400:
        seat = state.turn
        actions = state.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        written.append(state.describe(action))
        after = state.apply(seat, action)
        written += ["pass"] * (len(after.moves) - len(state.moves) - 1)  # forced passes
        state = after
        states.append(state)
    order = list(range(len(states)))
    rng.shuffle(order)
    for index in order:
        plies = len(states[index].moves)
        assert states[index].short_history == tuple(written[:plies])
    fork = states[len(states) // 3]
    for action in fork.legal_actions(fork.turn)[:5]:
        child = fork.apply(fork.turn, action)
        shorts = child.short_history
        assert shorts[: len(fork.moves) + 1] == (*fork.short_history, fork.describe(action))
