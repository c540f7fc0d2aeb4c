"""Following a puzzle's solution: what the solver's moves so far earn.

A solution is a line of move texts, solver first, alternating the solver's side and the
other side's reply, and ending with a solver's move. The solver sends their own moves so far;
each is read with the game's notation (so any spelling the game accepts counts) and compared
with the solution's move as an action, not as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Game, State


class NotAMove(ValueError):
    """A sent move the position does not allow, or more moves than the puzzle has."""


@dataclass(frozen=True, slots=True)
class Step:
    ok: bool  # every move sent was the solution's
    solved: bool  # ... and the last of them ends the solution
    reply: str | None  # ok and not solved: the other side's answer to the last move
    # the position to show next (None after a wrong move of a line; a game's own
    # `PuzzleHook.follow` may show the answer's proof, once the puzzle has ended)
    state: State[Any] | None


def solver_moves(solution: Sequence[str]) -> int:
    return (len(solution) + 1) // 2


def _play(state: State[Any], text: str) -> tuple[State[Any], str]:
    acting = sorted(state.to_act())
    if not acting:
        raise NotAMove("the game is over in this position")
    try:
        action = state.parse(acting[0], text)
    except RegaliaError as exc:
        raise NotAMove(f"{text[:40]} cannot be played here: {exc}") from None
    return state.apply(acting[0], action), state.encode(action)


def follow(game: Game[Any], position: str, solution: Sequence[str], moves: Sequence[str]) -> Step:
    """What `moves` (the solver's, in order) earn against `solution` from `position`."""
    if not moves:
        raise NotAMove("send at least one move")
    if len(moves) > solver_moves(solution):
        raise NotAMove(f"this puzzle is solved in {solver_moves(solution)} moves")
    state = game.from_position(position)
    for number, text in enumerate(moves):
        played, action = _play(state, text)
        _, expected = _play(state, solution[2 * number])
        if action != expected:
            return Step(False, False, None, None)
        state = played
        last_sent = number == len(moves) - 1
        if 2 * number + 1 >= len(solution):
            return Step(True, True, None, state)
        reply = solution[2 * number + 1]
        state, _ = _play(state, reply)
        if last_sent:
            return Step(True, False, reply, state)
    raise AssertionError("unreachable: the loop returns at its last move")
