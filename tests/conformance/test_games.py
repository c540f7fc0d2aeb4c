"""Every registered game — the three built-ins and any installed plug-in — keeps the contract."""

from __future__ import annotations

import pytest

from regalia.core.conformance import check_game
from regalia.core.registry import get_game


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
    report = check_game(game, playouts=4, seed=11, max_plies=200)
    assert report.plies > 0
    assert "encode/parse and describe/parse give back every legal action" in report.checks
    assert "legal_texts agrees with encode and describe" in report.checks
    assert "to_record/from_record replay" in report.checks
    assert "initial + history replay" in report.checks
    if not game.perfect_information:
        assert "hidden parts change no other seat's view" in report.checks
