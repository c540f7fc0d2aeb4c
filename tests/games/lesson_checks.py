"""Checks every game's lessons share: the descriptor names them, and each step is sound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.game import Game
from regalia.core.lessons import Lesson, LessonStep, solves
from regalia.core.registry import load_ref


def check_descriptor_names(game: Game[Any], lessons: Sequence[Lesson]) -> None:
    """The descriptor's reference is these lessons; keys unique, 2–4 steps, every text said."""
    assert load_ref(game.lessons) is lessons
    keys = [found.key for found in lessons]
    assert len(set(keys)) == len(keys)
    for found in lessons:
        assert 2 <= len(found.steps) <= 4, found.key
        assert found.title and found.summary
        for step in found.steps:
            assert step.instruction and step.wrong and step.success


def check_step_sound(game: Game[Any], step: LessonStep) -> None:
    """The step's seat is to act, each solution is legal and solves it, and `wrong` is
    reachable: some legal action is not a solution."""
    state = step.state(game)
    seat = step.actor(state)
    assert seat in state.to_act()
    legal = list(state.legal_actions(seat))
    for text in step.solutions:
        action = state.parse(seat, text)
        assert action in legal, text
        assert solves(step, state, action)
    assert any(not solves(step, state, action) for action in legal)
