"""The pages follow each game's descriptor (GET /api/games), never its name: the Resign and
draw buttons, the move box's hint, the player count and the bot levels offered."""

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
        expect(options).to_have_text([lv["title"] for lv in game["levels"]])
        titles = [options.nth(i).get_attribute("title") for i in range(options.count())]
        assert titles == [lv["name"] for lv in game["levels"]]

    # Another default level and player count: the form follows them.
    def other_defaults(games: dict[str, dict[str, Any]]) -> None:
        games["regulator"]["default_level"] = games["regulator"]["levels"][-1]["name"]
        games["regicida"]["default_players"] = 3

    change_games(page, other_defaults)
    page.reload()
    level = page.locator("form.table-form[data-game=regulator] select[name=level-1]")
    expect(level).to_have_value(games["regulator"]["levels"][-1]["name"])
    regicida = page.locator("form.table-form[data-game=regicida]")
    expect(regicida.locator("select[name=players]")).to_have_value("3")
    expect(regicida.locator(".seat-row")).to_have_count(3)
