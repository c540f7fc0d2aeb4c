"""Challenges in the browser: a player challenges another from their profile, the challenged
player sees it at once in the header on the lobby (no reload) and accepts, and both land at
the table; Follow lists the other's game in play on the People page; Block turns into
Unblock and the People page lists the blocked player."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.test_players import become_guest

pytestmark = pytest.mark.browser


def guest(browser: Browser, server: str, name: str) -> Page:
    context = browser.new_context(base_url=server, viewport={"width": 1200, "height": 900})
    context.add_init_script("localStorage.setItem('regalia.sound', 'off');")
    page = context.new_page()
    become_guest(page, name)
    return page


def test_a_challenge_from_a_profile_reaches_the_lobby_live_and_opens_the_table(
    browser: Browser, server: str
) -> None:
    tag = uuid.uuid4().hex[:6]
    ana, bea = guest(browser, server, f"Ana {tag}"), guest(browser, server, f"Bea {tag}")
    errors: list[str] = []
    for page in (ana, bea):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    bea_profile = bea.locator(".account-bar .account-name").get_attribute("href")
    assert bea_profile and bea_profile.startswith("#/player/")
    expect(bea.locator(".challenges-link")).to_have_text("Challenges")

    ana.goto("/" + bea_profile)
    actions = ana.locator(".player-actions")
    actions.locator("select.challenge-game").select_option("regulator")
    actions.locator("button.follow-toggle").click()
    expect(actions.locator("button.follow-toggle")).to_have_text("Unfollow")
    actions.locator("button.challenge-send").click()
    expect(actions.locator(".action-note")).to_contain_text("Challenge sent")

    alert = bea.locator(".challenge-alert")  # on the lobby, without a reload
    expect(alert).to_contain_text(f"Ana {tag} challenges you to Regulator Chess")
    expect(bea.locator(".challenge-count")).to_have_text("1")
    alert.locator("button.accept-challenge").click()
    expect(bea).to_have_url(re.compile(r"#/t/"))
    expect(bea.locator(".board svg, svg.board").first).to_be_visible()
    expect(ana).to_have_url(re.compile(r"#/t/"))
    table_id = bea.url.split("#/t/")[1].split("/")[0]
    assert table_id in ana.url

    ana.goto("/#/people")
    following = ana.locator(".people-page ul.following li")
    expect(following).to_contain_text(f"Bea {tag}")
    expect(following.locator(".playing-now")).to_be_visible()
    expect(following.locator(f"a[href='#/t/{table_id}']")).to_be_visible()

    ana.goto("/" + bea_profile)
    block = ana.locator(".player-actions button.block-toggle")
    expect(block).to_have_text("Block")
    block.click()
    expect(block).to_have_text("Unblock")
    ana.goto("/#/people")
    expect(ana.locator(".people-page ul.blocked li")).to_contain_text(f"Bea {tag}")
    assert not errors
    for page in (ana, bea):
        page.context.close()
