"""The pages follow each game's descriptor (GET /api/games), never its name: the Resign and
draw buttons, the move box's hint, the player count, the bot levels, the time controls and
the timeout and absence rules offered."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import change_games, create_table, games_by_name, wait_my_turn

pytestmark = pytest.mark.browser


def test_controls_follow_each_games_permissions_and_hint(page: Page) -> None:
    games = games_by_name(page)
    assert not games["regicida"]["resignation"] and not games["regicida"]["draw_offers"]
    create_table(page, "regicida", players=2)
    wait_my_turn(page, timeout=30_000)
    expect(page.locator("input.move-input")).to_have_attribute(
        "placeholder", f"e.g. {games['regicida']['notation_hint']}"
    )
    expect(page.locator("button.resign")).to_be_hidden()
    expect(page.locator("button.offer-draw")).to_be_hidden()

    assert games["regulator"]["resignation"] and games["regulator"]["draw_offers"]
    create_table(page, "regulator")
    wait_my_turn(page)
    expect(page.locator("input.move-input")).to_have_attribute(
        "placeholder", f"e.g. {games['regulator']['notation_hint']}"
    )
    expect(page.locator("button.resign")).to_be_visible()
    expect(page.locator("button.offer-draw")).to_be_visible()


def test_a_changed_descriptor_changes_the_controls(page: Page) -> None:
    def no_resigning(games: dict[str, dict[str, Any]]) -> None:
        games["regulator"].update(resignation=False, draw_offers=False, notation_hint="")

    change_games(page, no_resigning)
    create_table(page, "regulator")
    wait_my_turn(page)
    expect(page.locator("input.move-input")).to_have_attribute("placeholder", "type an action")
    expect(page.locator("button.resign")).to_be_hidden()
    expect(page.locator("button.offer-draw")).to_be_hidden()


# Level titles that name a strength, weakest first (js/games.js orders levels by them).
STRENGTHS = ["beginner", "novice", "easy", "casual", "intermediate", "medium", "strong", "hard",
             "expert", "master"]  # fmt: skip


def by_strength(levels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The levels as the lobby offers them: by the strength their titles name, when all do."""
    if all(lv["title"].lower() in STRENGTHS for lv in levels):
        return sorted(levels, key=lambda lv: STRENGTHS.index(lv["title"].lower()))
    return levels


def test_lobby_offers_the_default_player_count_and_titled_bot_levels(page: Page) -> None:
    games = games_by_name(page)
    page.goto("/")
    for name, game in games.items():
        form = page.locator(f"form.table-form[data-game={name}]")
        if game["min_players"] < game["max_players"]:
            players = form.locator("select[name=players]")
            expect(players).to_have_value(str(game["default_players"]))
        level = form.locator("select[name=level-1]")
        expect(level).to_have_value(game["default_level"])
        options = level.locator("option")
        levels = by_strength(game["levels"])
        # "Level 3 · about 1791": the title and the calibrated rating (issue 31)
        expect(options).to_have_text(
            [
                f"{lv['title']} · about {lv['rating']}" if lv["rating"] else lv["title"]
                for lv in levels
            ]
        )
        titles = [options.nth(i).get_attribute("title") or "" for i in range(options.count())]
        assert [t.split(":")[0] for t in titles] == [lv["name"] for lv in levels]
        # Time controls: untimed, the game's presets, its turn-based days a move, custom; its
        # timeout and absence rules.
        clocks = form.locator("select[name=clock] option")
        presets, days = game["clock_presets"], game["days_per_move"]
        expect(clocks).to_have_count(len(presets) + len(days) + 2)
        for number, preset in enumerate(presets, start=1):
            expect(clocks.nth(number)).to_contain_text(preset["label"])
        for number, per_move in enumerate(days, start=len(presets) + 1):
            expect(clocks.nth(number)).to_have_attribute("value", f"days-{per_move}")
        expect(form.locator("select[name=on-timeout]")).to_have_value(game["on_timeout"])
        expect(form.locator("select[name=absence]")).to_have_value(game["absence"])

    # Another default level and player count: the form follows them.
    def other_defaults(games: dict[str, dict[str, Any]]) -> None:
        games["regulator"]["default_level"] = games["regulator"]["levels"][-1]["name"]
        games["regicida"]["default_players"] = 3
        games["regulator"].update(on_timeout="bot", absence="wait")
        games["regulator"]["clock_presets"] = [{"label": "Blitz", "clock": {"per_move_s": 7}}]
        games["regulator"]["days_per_move"] = [3]

    change_games(page, other_defaults)
    page.reload()
    level = page.locator("form.table-form[data-game=regulator] select[name=level-1]")
    expect(level).to_have_value(games["regulator"]["levels"][-1]["name"])
    regicida = page.locator("form.table-form[data-game=regicida]")
    expect(regicida.locator("select[name=players]")).to_have_value("3")
    expect(regicida.locator(".seat-row")).to_have_count(3)
    regulator = page.locator("form.table-form[data-game=regulator]")
    expect(regulator.locator("select[name=on-timeout]")).to_have_value("bot")
    expect(regulator.locator("select[name=absence]")).to_have_value("wait")
    expect(regulator.locator("select[name=clock] option")).to_have_text(
        ["Untimed", "Blitz (7 s a turn)", "3 days a move", "Custom…"]
    )
