"""The web app in two languages (docs/web.md, "Languages"): Chromium started with
`--lang=pt-BR` shows the lobby, a table and a rules page in Brazilian Portuguese with
`<html lang="pt-BR">`, and the server's refusals in Portuguese too; with `--lang=en-US`, all
in English. The header's switch changes the language and this device remembers it.
Screenshots of both languages, desktop and phone, go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, _checked_page
from tests.web.helpers import open_details, settle

pytestmark = pytest.mark.browser

DESKTOP = (1200, 900)
PHONE = (390, 844)


def _browser(browser: Browser, lang: str) -> Iterator[Browser]:
    """Another Chromium of the session's Playwright, started with `--lang`."""
    args = [*CHROMIUM_ARGS, f"--lang={lang}"]
    started = browser.browser_type.launch(executable_path=CHROMIUM, args=args)
    yield started
    started.close()


@pytest.fixture(scope="module")
def portuguese(browser: Browser) -> Iterator[Browser]:
    yield from _browser(browser, "pt-BR")


@pytest.fixture(scope="module")
def english(browser: Browser) -> Iterator[Browser]:
    yield from _browser(browser, "en-US")


@contextmanager
def desktop_page(
    browser: Browser, server: str, request: pytest.FixtureRequest, locale: str
) -> Iterator[Page]:
    """A desktop page of `browser`, checked as the other tests' pages are; `sizes` shows it
    at a phone's size too. (Headless Chromium takes its languages from the context's locale
    rather than --lang.)"""
    yield from _checked_page(browser, server, request, DESKTOP, f"-{locale}", locale)


def sizes(page: Page) -> Iterator[str]:
    """The page at a desktop's size, then at a phone's (the window resized, the page let
    settle), then back: each size's name in turn, for its checks and screenshots."""
    for name, (width, height) in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        yield name
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})


def new_regulator_table(page: Page) -> None:
    """Create a Regulator Chess table against a bot in the lobby and play its first seat."""
    card = page.locator(".game-card[data-game=regulator]")
    open_details(card.locator("details.new-table"))
    card.locator("form.table-form button[type=submit]").click()  # a table for oneself opens
    expect(page.locator(".conn")).to_have_attribute("data-state", "connected")
    expect(page.locator(".status.your-turn")).to_be_visible()


def test_portuguese_lobby_table_rules_and_errors(
    server: str, portuguese: Browser, request: pytest.FixtureRequest, artifacts: Path
) -> None:
    with desktop_page(portuguese, server, request, "pt-BR") as page:
        page.goto("/")
        for size in sizes(page):
            expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
            card = page.locator(".game-card[data-game=regulator]")
            expect(card.locator(".play-now")).to_have_text("Jogar agora")
            expect(card.locator(".new-table > summary")).to_have_text("Nova mesa")
            expect(page.locator(".leaderboards-link")).to_have_text("Classificações")
            expect(page.locator(".rules-label")).to_have_text("Regras:")
            expect(page.locator(".lang-select")).to_have_value("pt-BR")
            # The rules links lead to the translated pages.
            rules = page.locator(".rules-links a").first
            expect(rules).to_have_attribute("href", re.compile(r"\.pt-BR\.html$"))
            expect(card.locator(".summary")).to_contain_text("Xadrez em 5x7")
            page.screenshot(path=str(artifacts / f"lang-pt-BR-lobby-{size}.png"), full_page=True)

        new_regulator_table(page)
        expect(page.locator(".status")).to_have_text(re.compile("^Sua vez"))
        expect(page.locator(".side-col h3").first).to_have_text("Lances")
        expect(page.locator(".seat-clock .seat-label").first).to_contain_text("Brancas")
        expect(page.locator(".track-title")).to_have_text("Regulador")
        expect(page.locator("button.resign")).to_have_text("Desistir")
        # A move the server refuses: its reason comes back in Portuguese.
        page.locator(".move-input").fill("Qd4")
        page.locator(".move-entry button[type=submit]").click()
        expect(page.locator(".table-alert")).to_contain_text("lance ilegal")
        for size in sizes(page):
            expect(page.locator(".table-alert")).to_contain_text("lance ilegal")
            page.screenshot(path=str(artifacts / f"lang-pt-BR-table-{size}.png"), full_page=True)

        page.goto("/")
        page.locator(".rules-links a").first.click()
        expect(page).to_have_url(re.compile(r"rules/\w+\.pt-BR\.html"))
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
        page.screenshot(path=str(artifacts / "lang-pt-BR-rules-desktop.png"))


def test_english_lobby_table_and_rules(
    server: str, english: Browser, request: pytest.FixtureRequest, artifacts: Path
) -> None:
    with desktop_page(english, server, request, "en-US") as page:
        page.goto("/")
        for size in sizes(page):
            expect(page.locator("html")).to_have_attribute("lang", "en")
            card = page.locator(".game-card[data-game=regulator]")
            expect(card.locator(".play-now")).to_have_text("Play now")
            expect(page.locator(".rules-label")).to_have_text("Rules:")
            expect(page.locator(".lang-select")).to_have_value("en")
            rules = page.locator(".rules-links a").first
            expect(rules).to_have_attribute("href", re.compile(r"rules/\w+\.html$"))
            page.screenshot(path=str(artifacts / f"lang-en-lobby-{size}.png"), full_page=True)

        new_regulator_table(page)
        expect(page.locator(".status")).to_have_text(re.compile("^Your move"))
        page.locator(".move-input").fill("Qd4")
        page.locator(".move-entry button[type=submit]").click()
        expect(page.locator(".table-alert")).to_contain_text("illegal move")
        for size in sizes(page):
            expect(page.locator(".table-alert")).to_contain_text("illegal move")
            page.screenshot(path=str(artifacts / f"lang-en-table-{size}.png"), full_page=True)

        page.goto("/")
        page.locator(".rules-links a").first.click()
        expect(page).to_have_url(re.compile(r"rules/\w+(?<!pt-BR)\.html"))
        expect(page.locator("html")).to_have_attribute("lang", "en")


def test_the_switch_changes_the_language_and_is_remembered(
    server: str, english: Browser, request: pytest.FixtureRequest
) -> None:
    with desktop_page(english, server, request, "en-US") as page:
        page.goto("/")
        expect(page.locator(".play-now").first).to_have_text("Play now")
        page.locator(".lang-select").select_option("pt-BR")
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
        expect(page.locator(".play-now").first).to_have_text("Jogar agora")
        # Remembered on this device: a reload, or another page, stays in Portuguese.
        page.goto("/#/leaderboard")
        page.reload()
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
        expect(page.locator(".leaderboard-page h2")).to_contain_text("Classificação")
        page.locator(".lang-select").select_option("en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator(".leaderboard-page h2")).to_contain_text("Leaderboard")
