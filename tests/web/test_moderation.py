"""Moderation in the browser: a moderator finds a reported chat line in the queue with the
chat around it and mutes its author with a reason and a length; the muted player sees why
and until when, in both languages."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from typer.testing import CliRunner

from regalia.cli import build
from tests.web.test_players import become_guest

pytestmark = pytest.mark.browser


def guest(browser: Browser, server: str, name: str, lang: str, phone: bool) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1366, "height": 768}
    context = browser.new_context(base_url=server, viewport=size, locale=lang)
    # The language on the tab's first page only: the header's switch may change it later.
    context.add_init_script(f"localStorage.setItem('regalia.sound', 'off');"
                            "if (!sessionStorage.getItem('lang-set')) {"
                            f" localStorage.setItem('regalia.lang', '{lang}');"
                            " sessionStorage.setItem('lang-set', '1'); }")  # fmt: skip
    page = context.new_page()
    become_guest(page, name) if lang == "en" else become_guest_pt(page, name)
    return page


def become_guest_pt(page: Page, name: str) -> None:
    page.goto("/")
    page.locator(".account-bar button.play-as-guest").click()
    form = page.locator(".account-panel form.guest-form")
    form.locator("input").fill(name)
    form.locator("button[type=submit]").click()
    expect(page.locator(".account-bar .account-name")).to_have_text(name)


def me(page: Page) -> dict[str, Any]:
    player: dict[str, Any] = page.evaluate("JSON.parse(localStorage.getItem('regalia.player'))")
    return player


def data_dir(factory: pytest.TempPathFactory) -> Path:
    found = sorted(factory.getbasetemp().glob("regalia-data*"))
    assert found, "the web server's data directory"
    return found[-1]


def rude_chat(api: httpx.Client, rude_player: dict[str, Any]) -> tuple[str, dict[str, str], int]:
    """A table where `rude_player` says hi, an insult and bye; (its commands URL, the seat's
    headers, the insult's event seq)."""
    headers = {"X-Player-Key": rude_player["key"]}
    table = {"game": "regulator", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    made = api.post("/api/tables", json=table, headers=headers).json()
    table_id, token = made["table"]["id"], made["tokens"][0]["token"]
    url = f"/api/tables/{table_id}/commands"
    seat = {"X-Seat-Token": token, **headers}
    api.post(f"/api/tables/{table_id}/join", json={}, headers=seat)
    for text in ("hi", "you are an idiot", "bye"):
        assert api.post(url, json={"type": "chat", "text": text}, headers=seat).status_code == 200
    events = api.get(f"/api/tables/{table_id}/events").json()["events"]
    insult = next(e["seq"] for e in events if e.get("text") == "you are an idiot")
    return url, seat, insult


def test_a_moderator_mutes_a_reported_player_who_is_told_why(
    browser: Browser, server: str, tmp_path_factory: pytest.TempPathFactory, artifacts: Path
) -> None:
    # One moderator handles two reports: in English on a desktop, then (the header's switch,
    # the window resized) in Portuguese on a phone; each reported player, in the same
    # language and size, is told why.
    tag = uuid.uuid4().hex[:6]
    cases = [("en", False), ("pt-BR", True)]
    mod = guest(browser, server, f"Mo {tag}", "en", False)
    rudes = {lang: guest(browser, server, f"Ru{i} {tag}", lang, phone)
             for i, (lang, phone) in enumerate(cases)}  # fmt: skip
    mod_player = me(mod)
    grant = [
        "admin",
        "grant",
        f"Mo {tag}",
        "moderator",
        "--data-dir",
        str(data_dir(tmp_path_factory)),
    ]
    assert CliRunner().invoke(build(), grant).exit_code == 0
    api = httpx.Client(base_url=server, timeout=30)
    chats = {}
    for lang, _ in cases:
        rude_player = me(rudes[lang])
        url, seat, insult = chats[lang] = rude_chat(api, rude_player)
        report = {
            "player": rude_player["id"],
            "table": url.split("/")[3],
            "event_seq": insult,
            "reason": "insult",
        }
        reported = api.post(
            "/api/reports", json=report, headers={"X-Player-Key": mod_player["key"]}
        )
        assert reported.status_code == 201

    mod.reload()
    for i, (lang, phone) in enumerate(cases):
        if lang != "en":
            mod.locator(".lang-select").select_option(lang)
            expect(mod.locator("html")).to_have_attribute("lang", lang)
        if phone:
            mod.set_viewport_size({"width": 390, "height": 844})
        if i == 0:
            link = mod.locator("#moderation-link")
            expect(link).to_be_visible()
            link.click()
        rude_name = f"Ru{i} {tag}"
        card = mod.locator(".mod-report").filter(has_text=rude_name)
        expect(card.locator(".mod-chat li.reported")).to_contain_text("you are an idiot")
        expect(card.locator(".mod-chat li")).to_have_count(3)
        card.locator("select.mod-action").select_option("mute")
        card.locator("input.mod-minutes").fill("60")
        reason = f"insults in chat {i}"
        card.locator("input.mod-reason").fill(reason)
        mod.screenshot(
            path=str(artifacts / f"moderation-queue-{lang}-{'phone' if phone else 'desktop'}.png")
        )
        card.locator("button[type=submit]").click()
        expect(mod.locator(".mod-log")).to_contain_text(reason)
        expect(mod.locator(".mod-report").filter(has_text=rude_name)).to_have_count(0)

        url, seat, _ = chats[lang]
        refused = api.post(url, json={"type": "chat", "text": "again"}, headers=seat)
        assert refused.json()["error"]["code"] == "muted"
        rude = rudes[lang]
        rude.reload()
        notice = rude.locator("#site-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text(reason)
        expect(notice).to_contain_text("muted you" if lang == "en" else "silenciou você")
        expect(rude.locator("#moderation-link")).to_be_hidden()
        rude.screenshot(
            path=str(artifacts / f"moderation-notice-{lang}-{'phone' if phone else 'desktop'}.png")
        )
