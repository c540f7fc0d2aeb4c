"""Goofspiel comes from its own distribution (tests/plugins/goofspiel), installed by `make test`
into .venv/plugins and found through PYTHONPATH: these tests see it only as any installed game."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

from regalia.core.game import Game
from regalia.core.registry import game_names, get_game

MISSING = (
    "the goofspiel test plugin is not installed: install it with make test "
    "(pip install --no-deps --target .venv/plugins ./tests/plugins/goofspiel, "
    "then run pytest with PYTHONPATH=.venv/plugins)"
)


def require_goofspiel() -> Game[Any]:
    if "goofspiel" not in game_names():
        pytest.fail(MISSING, pytrace=False)
    return get_game("goofspiel")


@pytest.fixture
def goofspiel() -> Game[Any]:
    return require_goofspiel()


def plugin_env() -> dict[str, str]:
    """This process's environment, with the folder the plugin was imported from first on
    PYTHONPATH: a subprocess (the CLI, a server) then finds the same entry point."""
    require_goofspiel()
    spec = importlib.util.find_spec("regalia_goofspiel")
    assert spec is not None and spec.origin is not None
    folder = str(Path(spec.origin).parent.parent)
    paths = [folder, *(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}
