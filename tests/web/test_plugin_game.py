"""A game from another package, in the browser: Goofspiel (tests/plugins/goofspiel) ships no
board, so the lobby shows its descriptor and the generic view plays it, by clicking on a
desktop and by keyboard on a phone, to the result and through its replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from regalia.core.registry import game_names
from tests.web.helpers import create_table, games_by_name, open_details

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        "goofspiel" not in game_names(),
        reason="the goofspiel plug-in is not installed: run with PYTHONPATH=.venv/plugins "
        "(make pytest installs it there)",
    ),
]

BID = re.compile(r"bid \d+")


def bid_buttons(page: Page, cards_left: int) -> list[str]:
    """Wait for this round's bid buttons (one per card in hand); their labels."""
    buttons = page.locator(".generic-actions button.action")
    expect(buttons).to_have_count(cards_left, timeout=20_000)
    expect(buttons.first).to_be_enabled()
    labels = buttons.all_text_contents()
    assert all(BID.fullmatch(text) for text in labels), labels
    return labels


def test_lobby_lists_the_plugin_game_and_a_whole_game_is_played(
    page: Page, artifacts: Path
) -> None:
    game = games_by_name(page)["goofspiel"]
    cards = next(o["default"] for o in game["options"] if o["name"] == "cards")
    page.goto("/")
    card = page.locator(".game-card[data-game=goofspiel]")
    expect(card.locator("h2")).to_have_text("Goofspiel")
    expect(card.locator(".summary")).to_have_text(game["summary"])
    # No rules page: no rules link (the game's leaderboard is the card's only link).
    expect(card.get_by_role("link")).to_have_text(["Leaderboard"])
    expect(page.locator(".site-head nav a", has_text="Goofspiel")).to_have_count(0)
    open_details(card.locator("details.new-table"))
    levels = card.locator("select[name=level-1] option")
    expect(levels).to_have_text(["Random", "Match", "ISMCTS"])
    page.screenshot(path=str(artifacts / "goofspiel-lobby.png"), full_page=True)

    create_table(page, "goofspiel", level="match")
    expect(page.locator(".table-title")).to_contain_text("Goofspiel")
    expect(page.locator("input.move-input")).to_have_attribute("placeholder", "e.g. bid 3")
    expect(page.locator(".generic-seat")).to_have_text("You play Player 1")
    for played in range(cards):
        labels = bid_buttons(page, cards - played)
        expect(page.locator('.view-fields dd[data-field="round"]')).to_have_text(str(played + 1))
        if played == 1:
            page.screenshot(path=str(artifacts / "goofspiel-table.png"), full_page=True)
        prize = int(page.locator('.view-fields dd[data-field="prize"]').inner_text())
        # One above the prize when that card is still in hand (the Match bot bids the prize).
        choice = f"bid {prize + 1}" if f"bid {prize + 1}" in labels else labels[0]
        page.locator(".generic-actions button.action", has_text=re.compile(f"^{choice}$")).click()

    status = page.locator(".status")
    expect(status).to_contain_text("Game over")
    expect(status).to_contain_text(re.compile(r"You (win|lose)|A draw for you"))
    expect(page.locator(".generic-actions")).to_be_hidden()
    expect(page.locator('.view-fields dd[data-field="history"] tbody tr')).to_have_count(cards)
    # The move list: every bid, the bot's kept secret (the server never sends them).
    moves = page.locator(".move-list .move")
    expect(moves).to_have_count(2 * cards)
    texts = moves.all_text_contents()
    assert sum(t.startswith("Player 1: bid ") for t in texts) == cards, texts
    assert sum(t == "Player 2: (secret)" for t in texts) == cards, texts
    page.screenshot(path=str(artifacts / "goofspiel-result.png"), full_page=True)

    page.get_by_role("link", name="Step through the replay").click()
    counter = page.locator(".ply-counter")
    expect(counter).to_have_text(f"{2 * cards} / {2 * cards}")
    page.get_by_role("button", name="first position").click()
    expect(counter).to_have_text(f"0 / {2 * cards}")
    expect(page.locator('.view-fields dd[data-field="history"]')).to_have_text("none")
    expect(page.locator(".generic-actions")).to_be_hidden()


def test_plugin_game_by_keyboard_on_a_phone(phone: Page, artifacts: Path) -> None:
    page = phone
    cards = 3
    page.goto("/")
    form = page.locator("form.table-form[data-game=goofspiel]")
    open_details(page.locator(".game-card[data-game=goofspiel] details.new-table"))
    form.locator("input[name=cards]").fill(str(cards))
    form.locator("select[name=level-1]").select_option("match")
    form.locator("button[type=submit]").click()  # a table for oneself opens at once
    expect(page.locator(".conn")).to_have_text("connected")
    for played in range(cards):
        bid_buttons(page, cards - played)
        first = page.locator(".generic-actions button.action").first
        if played == 0:
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
            page.screenshot(path=str(artifacts / "goofspiel-phone.png"), full_page=True)
            first.focus()
        # Focus stays on the actions from round to round: Enter alone plays on.
        expect(first).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator(".status")).to_contain_text("Game over")
    page.screenshot(path=str(artifacts / "goofspiel-phone-result.png"), full_page=True)
