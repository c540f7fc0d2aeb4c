"""The contracts every game fulfils, and game-agnostic helpers."""

from regalia.core.errors import (
    BadNotation,
    BadPosition,
    BadRecord,
    IllegalAction,
    NotYourTurn,
    RegaliaError,
)
from regalia.core.game import BotLevel, ClockPreset, Game, Option, Outcome, Result, Seat, State

__all__ = [
    "BadNotation",
    "BadPosition",
    "BadRecord",
    "BotLevel",
    "ClockPreset",
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
