"""A BOT account's seat wears a "BOT" badge in the lobby's table list and in the table
page's seats strip, in English and in Portuguese; a person's seat does not (nor a built-in
level's, whose own name already says "bot")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_a_bot_accounts_seat_wears_the_badge_in_both_languages(page: Page) -> None:
    api = page.request
    robo = api.post("/api/players", data={"name": "BadgeRobo"}).json()
    token = api.post("/api/players/me/tokens", data={"scopes": ["bot:play"]},
                     headers={"X-Player-Key": robo["player_key"]}).json()["token"]  # fmt: skip
    bearer = {"Authorization": f"Bearer {token}"}
    assert api.post("/api/bot/account/upgrade", headers=bearer).ok
    spec = {"game": "regulator", "seats": [{"kind": "open"}, {"kind": "open"}]}
    table = api.post("/api/tables", data=spec).json()["table"]["id"]
    assert api.post(f"/api/tables/{table}/sit", data={"seat": 0, "name": "Bea"}).ok
    sat = api.post(f"/api/tables/{table}/sit", data={"seat": 1}, headers=bearer)
    assert sat.ok, sat.text()
    for lang, title in (
        ("en", "a BOT account: a program plays this seat"),
        ("pt-BR", "uma conta BOT: um programa joga neste lugar"),
    ):
        if lang == "en":
            page.goto("/")  # English: the browser's language
        else:  # the language chosen on this device, then the lobby drawn in it
            page.evaluate("(lang) => localStorage.setItem('regalia.lang', lang)", lang)
            page.goto("/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        row = page.locator(f".table-list li[data-table='{table}']")
        expect(row.locator(".bot-badge")).to_have_count(1)
        expect(row.locator(".bot-badge")).to_have_text("BOT")
        expect(row.locator(".bot-badge")).to_have_attribute("title", title)
        expect(row).to_contain_text("BadgeRobo")
        page.goto(f"/#/t/{table}")
        seats = page.locator(".seat-clock")
        expect(seats).to_have_count(2)
        expect(seats.nth(1).locator(".bot-badge")).to_have_text("BOT")
        expect(seats.nth(1).locator(".bot-badge")).to_have_attribute("title", title)
        expect(seats.nth(0).locator(".bot-badge")).to_have_count(0)
