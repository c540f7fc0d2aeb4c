"""The research dependencies are an optional extra: the core, the games and the server
must work without them, so importing those never loads them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

EXTRA = ("pettingzoo", "gymnasium", "numpy", "pyspiel")


def loaded_after_import(modules: list[str]) -> set[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(' '.join(m for m in {EXTRA!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return set(out.stdout.split())


def test_core_and_games_do_not_load_the_env_extra() -> None:
    modules = [
        "regalia.core",
        "regalia.core.registry",
        "regalia.games.regulator",
        "regalia.games.regicide",
        "regalia.games.regicida",
    ]
    assert loaded_after_import(modules) == set()


def test_server_does_not_load_the_env_extra() -> None:
    if importlib.util.find_spec("regalia.server.app") is None:
        pytest.skip("the server package is not there yet")
    assert loaded_after_import(["regalia.server.app"]) == set()


def test_env_package_itself_stays_light_until_a_game_is_asked_for() -> None:
    assert loaded_after_import(["regalia.env"]) == set()


def test_openspiel_games_need_pyspiel_and_numpy_only() -> None:
    assert loaded_after_import(["regalia.env.openspiel"]) == {"numpy", "pyspiel"}
