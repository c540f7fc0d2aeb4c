"""The analysis panel writes the game's endgame verdict (issue 31) in both languages. The
server's tables are tested in tests/server/test_endgame_analysis.py; here the page's own
server has none built, so the verdict is added to its real answer on the way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

KNIGHT_WINS = "5/5/5/2k2/5/5/N1K2 w 1 0 1"
VERDICT = {"result": "win", "moves": 22, "plies": 43, "clock": False}


def with_verdict(route: Route) -> None:
    response = route.fetch()
    answer = response.json()
    asked = json.loads(route.request.post_data or "{}")
    answer["endgame"] = VERDICT if asked.get("position") == KNIGHT_WINS else None
    route.fulfill(response=response, json=answer)


def analyse(page: Page) -> None:
    page.goto("/#/analysis/regulator")
    expect(page.locator(".analysis-panel .line-moves")).not_to_be_empty()
    expect(page.locator(".analysis-panel .endgame-verdict")).to_be_hidden()  # the start: none
    page.locator(".position-input").fill(KNIGHT_WINS)
    page.locator(".position-form button[type=submit]").click()


def test_the_panel_writes_the_endgame_tables_verdict(page: Page, artifacts: Path) -> None:
    page.route("**/api/analysis", with_verdict)
    verdict = page.locator(".analysis-panel .endgame-verdict")
    analyse(page)
    expect(verdict).to_have_text("Endgame table: White mates in 22")
    page.screenshot(path=str(artifacts / "analysis-endgame.png"), full_page=True)
    # The language select reloads the page: wait for that load, or the next goto races it.
    with page.expect_navigation():
        page.locator(".lang-select").select_option("pt-BR")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    analyse(page)
    expect(verdict).to_have_text("Tabela de finais: Brancas dá mate em 22")
