"""Lessons as data: short guided steps played on the real board with the real rules.

A game ships its lessons in its own package and names them in its descriptor
(`Game.lessons = "package.module:LESSONS"`). Each step starts from a position written in the
game's own text: a record (it starts with a tag pair, `[`), read by `Game.from_record`, or
else a position text read by `Game.from_position`. The player acts for `seat` (by default
the first seat to act); any of `solutions` (in any notation the game reads) solves the
step, any other legal action gets `wrong`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Game, Seat, State


@dataclass(frozen=True, slots=True)
class LessonStep:
    start: str
    instruction: str
    solutions: tuple[str, ...]
    wrong: str
    success: str
    seat: Seat | None = None

    def state(self, game: Game[Any]) -> State[Any]:
        text = self.start.strip()
        return game.from_record(text) if text.startswith("[") else game.from_position(text)

    def actor(self, state: State[Any]) -> Seat:
        return self.seat if self.seat is not None else min(state.to_act())


@dataclass(frozen=True, slots=True)
class Lesson:
    key: str
    title: str
    summary: str
    steps: tuple[LessonStep, ...]


def solves(step: LessonStep, state: State[Any], action: Any) -> bool:
    """Whether `action` (of the step's seat, in `state`) is one of the step's solutions.

    A solution that does not read here solves nothing (the lesson tests catch it)."""
    seat = step.actor(state)
    for text in step.solutions:
        try:
            if state.parse(seat, text) == action:
                return True
        except RegaliaError:
            continue
    return False
