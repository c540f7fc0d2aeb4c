"""The calibrated ladder: levels rated weakest first, the fit, weak levels that replay, and
level titles in the order of the ratings."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.ai.ratings import ladder
from regalia.core.game import Game
from regalia.core.registry import available_games, get_game
from regalia.server.api import game_facts

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ladder.py"
GAMES = ("regulator", "regicide", "regicida")


def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("ladder_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ladder_bench"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", GAMES)
def test_api_games_levels_are_rated_weakest_first(name: str) -> None:
    levels = game_facts(get_game(name))["levels"]
    ratings = [level["rating"] for level in levels]
    assert len(levels) >= 6
    assert all(isinstance(r, int) for r in ratings)
    assert ratings == sorted(ratings)
    assert [n for n, _ in ladder(name)] == [level["name"] for level in levels]


def test_the_fit_is_anchored_and_monotonic_on_a_tiny_table() -> None:
    bench = _bench()
    pairs = [bench.Pair("b", "a", 20, 15.0), bench.Pair("c", "b", 20, 14.0),
             bench.Pair("c", "a", 20, 18.0)]  # fmt: skip
    ratings, half = bench.fit(["a", "b", "c"], pairs)
    assert ratings["a"] == bench.ANCHOR and half["a"] == 0
    assert ratings["a"] < ratings["b"] < ratings["c"]
    assert 100 < ratings["b"] - ratings["a"] < 300
    assert half["c"] > 0
    # An even score leaves two levels level.
    even, _ = bench.fit(["a", "b"], [bench.Pair("b", "a", 10, 5.0)])
    assert abs(even["b"] - even["a"]) < 1e-6


@pytest.mark.parametrize("name", ["regulator", "regicide"])
def test_a_weak_level_replays_its_game(name: str) -> None:
    game = get_game(name)

    def moves() -> list[object]:
        agent = make_agent(game, "level1", seed=7)
        state = game.new(seed=3)
        played = []
        for _ in range(6):
            seat = min(state.to_act())
            action = agent.choose(Observation(state, seat), Budget(seconds=None))
            played.append(action)
            state = state.apply(seat, action)
        return played

    assert moves() == moves()


GAMES_JS = Path(__file__).resolve().parents[2] / "src" / "regalia" / "web" / "js" / "games.js"
NUMBERED = re.compile(r"Level (\d+)")


def _strength_words() -> list[str]:
    """The titles the lobby knows the order of (`STRENGTHS` in js/games.js), weakest first."""
    found = re.search(r"const STRENGTHS = \[([^\]]*)\]", GAMES_JS.read_text())
    assert found is not None, "js/games.js no longer lists STRENGTHS"
    return re.findall(r'"([^"]+)"', found[1])


@pytest.mark.parametrize("game", available_games(), ids=lambda g: g.name)
def test_titles_that_name_a_strength_follow_the_levels_ratings(game: Game[Any]) -> None:
    """Titles in a known order (Beginner < Novice < Casual < Intermediate < Strong …, and
    Level 1 < Level 2 …) are in the order of the levels' measured ratings."""
    words = _strength_words()
    assert words.index("novice") < words.index("casual") < words.index("intermediate")
    titles = {level.name: level.label for level in game.bot_levels}
    for place in (
        lambda title: words.index(title.lower()) if title.lower() in words else None,
        lambda title: int(found[1]) if (found := NUMBERED.fullmatch(title)) else None,
    ):
        ranked = [(r, place(titles[n]), titles[n]) for n, r in ladder(game)]  # weakest first
        known = [(rating, at, title) for rating, at, title in ranked if at is not None]
        by_title = sorted(known, key=lambda entry: entry[1])
        assert [t for *_, t in known] == [t for *_, t in by_title], (
            f"{game.title}: titles out of their order: "
            + ", ".join(f"{t} {r}" for r, _, t in known)
        )
