"""The registry: built-ins and plug-ins by name, lazily, and a broken plug-in harms no one."""

from __future__ import annotations

import pytest

from regalia.core import registry
from regalia.core.errors import BadNotation
from regalia.core.registry import available_games, game_names, get_game, register


@pytest.fixture(autouse=True)
def _restore_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_refs", dict(registry.game_refs()))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))


def test_built_ins_come_first_and_load_by_name() -> None:
    assert game_names()[:3] == ("regulator", "regicide", "regicida")
    assert get_game(" Regicide ").title == "Regicide"


def test_an_unknown_game_is_a_clear_error_listing_the_games() -> None:
    with pytest.raises(BadNotation, match="unknown game 'chess'; choose one of regulator"):
        get_game("chess")


def test_a_game_registered_in_code_loads_like_the_others() -> None:
    from tests.core.secretsum import GAME

    register("secretsum", "tests.core.secretsum:GAME")
    assert get_game("secretsum") is GAME and "secretsum" in game_names()
    register("secretsum", "tests.core.secretsum:SumGame")  # a name already taken keeps its game
    assert get_game("secretsum") is GAME


def test_a_reference_to_something_else_than_a_game_is_refused() -> None:
    register("sumclass", "tests.core.secretsum:SumGame")
    with pytest.raises(BadNotation, match="not a Game called 'sumclass'"):
        get_game("sumclass")


def test_a_broken_plug_in_is_left_out_and_named_when_asked_for() -> None:
    register("broken", "tests.core.no_such_module:GAME")
    with pytest.raises(BadNotation, match="'broken' could not be loaded: ModuleNotFoundError"):
        get_game("broken")
    names = [g.name for g in available_games()]
    assert "broken" not in names and names[:3] == ["regulator", "regicide", "regicida"]


def test_a_game_registered_under_another_name_is_refused() -> None:
    register("regulator2", "regalia.games.regulator:GAME")
    with pytest.raises(BadNotation, match="not a Game called 'regulator2'"):
        get_game("regulator2")
