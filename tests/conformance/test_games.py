"""Every registered game — the three built-ins and any installed plug-in — keeps the contract."""

from __future__ import annotations

import pytest

from regalia.core.conformance import check_game
from regalia.core.registry import get_game
from regalia.native import pure_requested


def installed_games() -> list[str]:
    """The games of the entry-point group: built-ins and installed plug-ins. A test double
    that another suite registers at run time (tests/tables' toy game) is not one of them,
    and whether it had been imported yet must not change what this suite checks."""
    from importlib.metadata import entry_points

    return sorted({ep.name for ep in entry_points(group="regalia.games")})


def test_the_built_in_games_are_registered_through_the_entry_point_group() -> None:
    from importlib.metadata import entry_points

    found = {ep.name: ep.value for ep in entry_points(group="regalia.games")}
    for name in ("regulator", "regicide", "regicida"):
        assert found.get(name) == f"regalia.games.{name}:GAME"


@pytest.mark.parametrize("name", installed_games())
def test_random_playouts_keep_the_contract(name: str) -> None:
    game = get_game(name)
    # The interpreted path (tests/games/test_pure_path_suites.py) plays two games of at most
    # 100 plies: the same checks on the same code, at a fraction of the speed (Regicide's four
    # games of 200 took 21 s there; tests/games/test_both_paths.py plays long games on both).
    pure = pure_requested()
    report = check_game(game, playouts=2 if pure else 4, seed=11, max_plies=100 if pure else 200)
    assert report.plies > 0
    assert "encode/parse and describe/parse give back every legal action" in report.checks
    assert "legal_texts agrees with encode and describe" in report.checks
    assert "to_record/from_record replay" in report.checks
    assert "initial + history replay" in report.checks
    if not game.perfect_information:
        assert "hidden parts change no other seat's view" in report.checks
