"""The toy game is reachable by name in these tests, like the real games."""

from regalia.core.registry import GAME_MODULES

GAME_MODULES.setdefault("toy", "tests.tables.toygame")
