"""Deleting an account in the browser: the header's Delete account opens a form on the page
that saves the player's data, refuses a mistyped name, and deletes on the right one; the
browser then offers the guest / sign-in choice again."""

from __future__ import annotations

import json
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_players import become_guest

pytestmark = pytest.mark.browser


def test_a_player_downloads_their_data_then_deletes_their_account(page: Page) -> None:
    name = f"Leaving {uuid.uuid4().hex[:6]}"
    become_guest(page, name)
    player_id = page.locator(".account-bar").get_attribute("data-player")
    page.locator(".account-bar button.delete-account").click()
    form = page.locator(".account-panel form.delete-form")
    expect(form).to_be_visible()
    with page.expect_download() as downloaded:
        form.locator("button.download-data").click()
    data = json.loads(downloaded.value.path().read_text(encoding="utf-8"))
    assert data["account"] == data["account"] | {"id": player_id, "name": name}
    form.locator("input[name=confirm-name]").fill("someone else")
    form.locator("button[type=submit]").click()
    expect(form.locator(".form-error")).to_contain_text(name)
    expect(page.locator(".account-bar .account-name")).to_have_text(name)
    form.locator("input[name=confirm-name]").fill(name)
    form.locator("button[type=submit]").click()
    expect(page.locator(".account-bar button.play-as-guest")).to_be_visible()
    gone = page.request.get(f"/api/players/{player_id}").json()
    assert gone["name"] == "deleted player"
