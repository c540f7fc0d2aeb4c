"""The board editor in the browser (one page load): a Regulator Chess position set up by
dragging pieces from the palette and tapping squares, refused while impossible (the server's
reasons shown), its link in the address, opened in the analysis board and back, then played
against a bot from the table page; and a Regicide position whose pawn state the editor sets.
Screenshots at 1366 × 768 and 390 × 844."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import _checked_page

pytestmark = pytest.mark.browser

# White: king c1, a rook (a promoted pawn); Black: king c7 and a pawn. White to move.
WANTED = "2k2/4p/R4/5/5/5/2K2 w 1 0 1"


@pytest.fixture
def wide(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _checked_page(browser, server, request, (1366, 768), "")


def piece(page: Page, letter: str, army: int) -> str:
    return f'.palette-piece[data-piece="{letter}"][data-army="{army}"]'


def square(name: str) -> str:
    return f'.editor-board [data-square="{name}"]'


def test_a_position_set_up_in_the_editor_is_played_against_a_bot(
    wide: Page, artifacts: Path
) -> None:
    page = wide
    page.goto("/")
    page.locator(".game-card[data-game=regulator] a.editor-link").click()
    verdict = page.locator(".editor-verdict")
    expect(verdict).to_have_attribute("data-state", "possible")
    expect(verdict).to_contain_text("White to move")

    page.locator("button.clear-board").click()
    expect(verdict).to_have_attribute("data-state", "impossible")
    expect(verdict.locator(".problems li")).to_have_text(["White has no king", "Black has no king"])
    # Drags from the palette: the kings.
    page.locator(piece(page, "k", 0)).drag_to(page.locator(square("c1")))
    page.locator(piece(page, "k", 1)).drag_to(page.locator(square("c7")))
    # Taps, as on a phone: pick a piece, then tap squares.
    page.locator(piece(page, "r", 0)).click()
    page.locator(square("a4")).click()
    page.locator(piece(page, "p", 1)).click()
    page.locator(square("e6")).click()
    page.locator(piece(page, "p", 0)).click()
    page.locator(square("a1")).click()
    expect(verdict.locator(".problems li")).to_have_text(
        ["a White pawn cannot stand on a1: pawns only move forward"]
    )
    expect(page.locator("button.start-game")).to_be_disabled()
    page.screenshot(path=str(artifacts / "editor-regulator.png"), full_page=True)
    # A piece dragged off the board is removed; one dragged across the board moves.
    page.locator("button.tool[data-tool=move]").click()
    page.locator(square("a1")).drag_to(page.locator(".editor-help"))
    page.locator(square("a4")).drag_to(page.locator(square("a5")))
    expect(page.locator(".editor-text")).to_have_value(WANTED)
    expect(verdict).to_have_attribute("data-state", "possible")
    assert re.search(r"#/editor/regulator\?fen=", page.url)
    assert unquote(page.url.split("?fen=")[1]) == WANTED
    expect(page.locator("a.share-link")).to_have_attribute("href", page.url)

    # The same page on a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "editor-regulator-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})

    # Regicide: a pawn marked as never moved off its starting line, fixed by its state.
    page.evaluate(
        "location.hash = '#/editor/regicide?fen=' + encodeURIComponent("
        "'Y:Ka7,Pc5:0/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1')"
    )
    expect(verdict.locator(".problems li")).to_have_text(
        ["a Yellow pawn on c5 is marked as never moved, off its starting line"]
    )
    page.locator(square("c5")).click()
    page.locator("select.pawn-state").select_option("1")
    expect(verdict).to_have_attribute("data-state", "possible")
    expect(page.locator(".editor-text")).to_have_value(re.compile(r"^Y:Ka7,Pc5:1/"))

    # Back to the Regulator position by its link, and a game from it against the computer.
    page.evaluate(f"location.hash = '#/editor/regulator?fen=' + encodeURIComponent('{WANTED}')")
    expect(page.locator(".editor-text")).to_have_value(WANTED)
    expect(verdict).to_have_attribute("data-state", "possible")
    # The analysis board on it, and back to the editor from there.
    page.locator("button.open-analysis").click()
    expect(page.locator(".analysis-origin")).to_have_text("From a position set up by hand.")
    expect(page.locator(".position-input")).to_have_value(WANTED)
    page.locator(".analysis-page a.editor-link").click()
    expect(page.locator(".editor-text")).to_have_value(WANTED)
    expect(verdict).to_have_attribute("data-state", "possible")
    page.locator("select.opponent").select_option("random")
    page.locator("button.start-game").click()
    expect(page).to_have_url(re.compile(r"#/t/\w+/"))
    board = page.locator("svg.grid-board")
    expect(board.locator('use.piece[data-piece="r"]')).to_have_count(1)
    page.locator('.square.movable[data-square="a5"]').dispatch_event("click")
    page.locator('[data-target="a7"]').dispatch_event("click")
    # The bot answers from the position set up: Black's move follows White's rook lift.
    expect(page.locator(".move-list .move")).to_have_count(2, timeout=20_000)
    expect(page.locator(".move-list .move").first).to_have_text("Ra7+")
    page.screenshot(path=str(artifacts / "editor-game.png"), full_page=True)
