"""Regicide in the browser: the cross board turned to the viewer, seat badges, clicking
moves against three bots, reload and resume, and a spectator reading the chat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import board_pieces, click_a_move, create_table, wait_my_turn

pytestmark = pytest.mark.browser

EDGES = {"0": "bottom", "1": "right", "2": "top", "3": "left"}  # Yellow at the bottom
# A badge's king after a few moves: safe, attacked, or taken (its player plays on: C12).
KING_STATE = "( king-attacked| king-captured)?"


def test_regicide_play_rotate_reload_and_spectate(page: Page, phone: Page, artifacts: Path) -> None:
    watch = create_table(page, "regicide")
    expect(page.locator(".square")).to_have_count(160)
    for seat, edge in EDGES.items():
        # The bottom badge (the viewer's side) stays in sight with the board: keep-in-view.
        expect(page.locator(f'.seat-badge[data-seat="{seat}"]')).to_have_class(
            f"seat-badge {['yellow', 'green', 'red', 'blue'][int(seat)]} edge-{edge}"
            + (" keep-in-view" if edge == "bottom" else "")
            + (" to-move" if seat == "0" else ""),
        )
    expect(page.locator(".seat-badge.edge-bottom")).to_contain_text("(you)")
    expect(page.locator("svg.grid-board use.piece")).to_have_count(64)
    # The a-file, Yellow's home, runs along the bottom edge: a7 (the king) is below a8's row.
    king = page.locator('rect[data-square="a7"]').bounding_box()
    far = page.locator('rect[data-square="o7"]').bounding_box()
    assert king is not None and far is not None and king["y"] > far["y"]

    for _ in range(3):
        wait_my_turn(page)
        before = page.locator(".move-list .move").count()
        click_a_move(page)
        expect(page.locator(".move-list .move")).to_have_count(before + 4, timeout=20_000)
    wait_my_turn(page)
    expect(page.locator(".square.last")).to_have_count(2)
    page.screenshot(path=str(artifacts / "regicide-board.png"))
    pieces, moves = board_pieces(page), page.locator(".move-list .move").all_text_contents()
    assert moves[0].startswith("Y") and moves[1].startswith("G")

    page.reload()
    wait_my_turn(page)
    assert page.locator(".move-list .move").all_text_contents() == moves
    assert board_pieces(page) == pieces
    # Its king may be attacked by now, or even taken: a player plays on without it (C12).
    yellow = page.locator(".seat-badge.yellow")
    expect(yellow).to_have_class(
        re.compile(rf"^seat-badge yellow edge-bottom keep-in-view to-move{KING_STATE}$")
    )

    # Bots decline draws: the offer is answered and can be made again.
    page.locator("button.offer-draw").click()
    expect(page.locator(".draw-note")).to_have_text("The draw offer was declined.")
    expect(page.locator("button.offer-draw")).to_be_visible()
    expect(page.locator("button.accept-draw")).to_be_hidden()

    # A spectator: sees the same board from Green's side, reads the chat, writes only to
    # the spectators (the note says so).
    watcher = phone
    watcher.goto(watch)
    expect(watcher.locator(".conn")).to_have_text("connected")
    green = watcher.locator(".seat-badge.green")  # its king too may be attacked or taken
    bottom = rf"^seat-badge green edge-bottom keep-in-view{KING_STATE}$"
    expect(green).to_have_class(re.compile(bottom))
    expect(watcher.locator(".chat-form")).to_have_count(1)
    expect(watcher.locator(".chat-note")).to_be_visible()
    expect(watcher.locator("input.move-input")).to_be_hidden()
    page.locator(".chat-form input").fill("good luck, all")
    page.locator(".chat-form button").click()
    expect(watcher.locator(".chat-log li")).to_contain_text(["good luck, all"])
    expect(page.locator(".chat-log li")).to_contain_text(["good luck, all"])
    width = watcher.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    watcher.screenshot(path=str(artifacts / "regicide-phone-spectator.png"), full_page=True)
    watcher.locator("button.rotate").click()
    expect(green).to_have_class(re.compile(rf"^seat-badge green edge-right{KING_STATE}$"))
