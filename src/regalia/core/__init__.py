"""The contracts every game fulfils, and game-agnostic helpers."""

from regalia.core.errors import (
    BadNotation,
    BadPosition,
    BadRecord,
    IllegalAction,
    NotYourTurn,
    RegaliaError,
)
from regalia.core.game import Game, Option, Outcome, Result, Seat, State

__all__ = [
    "BadNotation",
    "BadPosition",
    "BadRecord",
    "Game",
    "IllegalAction",
    "NotYourTurn",
    "Option",
    "Outcome",
    "RegaliaError",
    "Result",
    "Seat",
    "State",
]
