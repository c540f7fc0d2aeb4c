"""What the pages call things, in both languages (issue 25 items 9, 10, 13, 16): a bot by the
title players know ("Casual bot", never its level's name "greedy"), Portuguese in agreement,
an analysis that says what a position looks like, Regicida's table without stale labels.
Screenshots of desktop and phone, English and pt-BR, go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import _checked_page
from tests.web.helpers import click_a_move, table_form, wait_my_turn
from tests.web.test_players import become_guest, unique

pytestmark = pytest.mark.browser

DESKTOP = (1366, 768)
PHONE = (390, 844)


@contextmanager
def checked(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
    locale: str,
) -> Iterator[Page]:
    tag = f"-{locale}-{'phone' if size == PHONE else 'desktop'}"
    yield from _checked_page(browser, server, request, size, tag, locale)


def play_rated_against_a_bot(page: Page) -> None:
    """A rated Regulator Chess table against the default (Casual) bot: a move, then resign."""
    form = table_form(page, "regulator")
    form.locator(".rated-switch input").check()
    form.locator("button[type=submit]").click()
    page.locator(".created .play-link").click()
    wait_my_turn(page)
    click_a_move(page)
    wait_my_turn(page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator("button.resign").click()
    page.locator(".resign-ask button.resign-confirm").click()
    expect(page.locator(".rating-changes li")).to_have_count(2)


@pytest.mark.parametrize(("locale", "bot"), [("en-US", "Casual bot"), ("pt-BR", "bot Casual")])
def test_a_bot_is_named_by_its_title_in_the_ratings_leaderboard_and_profile(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    artifacts: Path,
    locale: str,
    bot: str,
) -> None:
    with (
        checked(browser, server, request, DESKTOP, locale) as page,
        checked(browser, server, request, PHONE, locale) as phone,
    ):
        become_guest(page, unique("Ana"))
        play_rated_against_a_bot(page)
        box = page.locator(".ratings-box")
        expect(box.locator('li[data-seat="1"] a')).to_have_text(bot)
        expect(box).not_to_contain_text("greedy")
        page.screenshot(path=str(artifacts / f"wording-bot-rating-{locale}.png"))
        for shown, size in ((page, "desktop"), (phone, "phone")):
            shown.goto("/#/leaderboard/regulator")
            names = shown.locator("table.leaderboard td.player a")
            expect(names.filter(has_text=bot)).to_have_count(1)
            assert not [n for n in names.all_text_contents() if "(bot)" in n or "greedy" in n]
            shown.screenshot(path=str(artifacts / f"wording-bot-leaderboard-{locale}-{size}.png"))
        page.locator("table.leaderboard td.player a", has_text=bot).click()
        expect(page.locator(".profile-name")).to_have_text(bot)
