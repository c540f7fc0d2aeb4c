"""Accessibility (docs/web.md, "Accessibility"): axe-core (tests/web/axe.py) finds no violation
of impact moderate or worse on the lobby, a table and a lesson of each game, the leaderboard,
the analysis board and the referee; and the text mode for screen readers shows the position as
text, takes typed moves and announces every move and the result, in all three games, the
switch kept on the device. Screenshots of the text mode on desktop and phone, English and
pt-BR, go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.axe import SEVERE, axe_page, violations
from tests.web.conftest import ARTIFACTS
from tests.web.helpers import create_table, settle, wait_my_turn

pytestmark = pytest.mark.browser

GAMES = ("regulator", "regicide", "regicida")
PAGES = {
    "lobby": "/",
    "leaderboard": "/#/leaderboard",
    "analysis": "/#/analysis/regulator",
    "editor": "/#/editor/regicide",
    "referee": "/#/referee/regicida",
    **{f"lesson-{game}": f"/#/learn/{game}" for game in GAMES},
}
DESKTOP = (1366, 768)
# A first move to type in each game's notation, as the seat the lobby gives its creator.
FIRST_MOVE = {"regulator": "a2a3", "regicide": "b4c4"}


def settled(page: Page) -> None:
    """The page drawn: its main content, and nothing still loading."""
    expect(page.locator("main *").first).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Loading"))).to_have_count(0)
    page.wait_for_timeout(300)


def assert_clean(page: Page, what: str) -> None:
    # One axe run: `violations` lists exactly the findings `counts` would count (impact
    # moderate or worse), each line naming its impact.
    found = violations(page)
    impacts = {impact: 0 for impact in SEVERE}
    for line in found:
        impacts[line.split("[", 1)[1].split("]", 1)[0]] += 1
    assert impacts == {"critical": 0, "serious": 0, "moderate": 0}, (what, found)


@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_nothing_moderate_or_worse_on_the_pages(
    browser: Browser, server: str, name: str
) -> None:
    with axe_page(browser, server, DESKTOP) as page:
        page.goto(PAGES[name])
        settled(page)
        if name.startswith("lesson-"):
            expect(page.locator(".instruction")).not_to_be_empty()
        assert_clean(page, name)
        if name == "analysis":  # and while the engine thinks (the panel is busy)
            page.locator(".analysis-panel").evaluate("panel => panel.classList.add('busy')")
            assert_clean(page, "analysis while the engine thinks")


@pytest.mark.parametrize("game", GAMES)
def test_axe_and_the_text_mode_at_a_table_of_each_game(
    browser: Browser, server: str, game: str
) -> None:
    with axe_page(browser, server, DESKTOP) as page:
        at_a_table(page, game)


def at_a_table(page: Page, game: str) -> None:
    create_table(page, game)
    wait_my_turn(page)
    assert_clean(page, f"{game} table")
    toggle = page.locator("button.text-mode-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".text-mode")).to_be_hidden()
    before = page.locator(".move-list .move").count()  # Regicida's bots may have begun
    toggle.click()
    panel = page.locator(".text-mode")
    expect(panel).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # The position in words: each owner's pieces or tokens and their squares or cells (a
    # Regicida realm is empty while this player places its first token: who begins is drawn).
    first_line = panel.locator(".text-position li").first
    if page.locator(".board svg.board title, svg.board title").count():
        expect(first_line).to_contain_text(re.compile(r"\b[a-o]\d{1,2}\b"))
    else:
        expect(first_line).to_have_text("No pieces on the board.")
    expect(panel.locator(".text-status")).to_have_text(page.locator(".status").inner_text())
    log = panel.locator(".text-log[role=log][aria-live=polite]")
    expect(log).to_contain_text("Your move")
    # A typed move, then the bots' answers: each is announced.
    box = page.locator("input.move-input")
    if game in FIRST_MOVE:
        box.fill(FIRST_MOVE[game])
    else:  # Regicida: the first pile's top token onto a cell it may go to
        page.locator("button.pile:enabled").first.click()
        cell = page.locator(".cell.target").first.get_attribute("data-cell")
        pile = page.locator("button.pile.selected").get_attribute("data-pile")
        page.locator("button.pile.selected").click()
        box.fill(f"place {pile} {cell}")
    box.press("Enter")
    expect(log.locator("p", has_text="Move:").first).to_be_visible()
    wait_my_turn(page)
    moves = page.locator(".move-list .move").count()
    assert moves >= 2
    expect(log.locator("p", has_text="Move:")).to_have_count(moves - before)
    assert_clean(page, f"{game} table in text mode")
    page.screenshot(path=str(ARTIFACTS / f"text-mode-{game}.png"))
    # Kept on this device: the next page opens in text mode.
    page.reload()
    expect(page.locator(".text-mode")).to_be_visible()
    expect(page.locator("button.text-mode-toggle")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_text_mode_announces_the_result(
    browser: Browser, server: str, artifacts: Path, locale: str
) -> None:
    """One finished table per language, measured at a desktop's size and then at a phone's
    (the window resized)."""
    with axe_page(browser, server, (1366, 768), locale) as page:
        page.add_init_script("localStorage.setItem('regalia.text-mode', 'on')")
        create_table(page, "regulator")
        wait_my_turn(page)
        log = page.locator(".text-log")
        expect(page.locator(".text-mode")).to_be_visible()
        page.locator("button.resign").click()
        page.locator("button.resign-confirm").click()
        expect(page.locator(".status")).to_contain_text(re.compile("Game over|Fim de jogo"))
        expect(log.locator("p").last).to_have_text(page.locator(".status").inner_text())
        for width, height in ((1366, 768), (390, 844)):
            tag = f"-{locale}-{'phone' if width < 600 else 'desktop'}"
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            expect(page.locator(".text-mode")).to_be_visible()
            expect(log.locator("p").last).to_have_text(page.locator(".status").inner_text())
            page.screenshot(path=str(artifacts / f"text-mode{tag}.png"), full_page=True)
            assert_clean(page, f"finished table in text mode{tag}")
