"""Steps the browser tests share: create a table in the lobby, click moves, read the page."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect


def create_table(page: Page, game: str, bots: int | None = None, players: int | None = None) -> str:
    """Create a table in the lobby (seat 1 human, the rest random bots); go and play it.

    Returns the spectator URL shown by the lobby.
    """
    page.goto("/")
    card = page.locator(f".game-card[data-game={game}]")
    card.locator("summary").click()
    form = card.locator("form.table-form")
    if players is not None:
        form.locator("select[name=players]").select_option(str(players))
    expect(form.locator("select[name=kind-0]")).to_have_value("human")
    form.locator("button[type=submit]").click()
    created = page.locator(".created")
    expect(created.locator(".play-link")).to_be_visible()
    watch = created.locator(".watch-link").get_attribute("href")
    created.locator(".play-link").click()
    expect(page.locator(".conn")).to_have_text("connected")
    assert watch is not None
    return watch


def moves_shown(page: Page) -> int:
    return page.locator(".move-list .move").count()


def wait_my_turn(page: Page, timeout: float = 20_000) -> None:
    expect(page.locator(".status.your-turn")).to_be_visible(timeout=timeout)


def click_a_move(page: Page, prefer: str | None = None) -> None:
    """Click a movable piece, then one of its highlighted targets (promotion: a queen)."""
    movable = page.locator(".square.movable")
    expect(movable.first).to_be_attached()
    origin = page.locator(f'.square.movable[data-square="{prefer}"]') if prefer else movable.first
    origin.dispatch_event("click")
    target = page.locator("[data-target]").first
    expect(target).to_be_attached()
    target.dispatch_event("click")
    chooser = page.locator(".chooser:not([hidden]) button.promo")
    if chooser.count():
        chooser.first.click()


def latest_view(page: Page) -> dict[str, Any]:
    """The last `view` message the page received (recorded by `record_frames`)."""
    frames = page.evaluate("window.__frames || []")
    views = [json.loads(f) for f in frames if '"type":"view"' in f.replace(" ", "")]
    return views[-1] if views else {}


def board_pieces(page: Page) -> list[str]:
    """The pieces on the board as sorted `label` strings (colour, kind and square)."""
    labels = page.locator("svg.grid-board use.piece title").all_text_contents()
    return sorted(labels)
