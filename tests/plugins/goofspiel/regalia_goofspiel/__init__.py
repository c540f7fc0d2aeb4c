"""Goofspiel for Regalia: registered only through the `regalia.games` entry point, as `GAME`."""

from .game import GAME, Goofspiel, GoofspielState

__all__ = ["GAME", "Goofspiel", "GoofspielState"]
