"""Regicide: four players in two teams on a 160-square cross board; kings are captured.

`GAME` is the contract object (`regalia.core.game.Game`); the engine position for search
and perft is `position.Position`. Rules: docs/rules/regicide.md.
"""

from regalia.games.regicide.state import GAME, RegicideGame, RegicideState

__all__ = ["GAME", "RegicideGame", "RegicideState"]
