"""Regulator Chess in the browser: create a table against a bot, play by clicking, reload,
reject a bad move, resign, then step through the replay and download the record."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import (
    board_pieces,
    click_a_move,
    create_table,
    moves_shown,
    resign,
    wait_my_turn,
)

pytestmark = pytest.mark.browser


def test_regulator_play_reload_resign_replay(page: Page, artifacts: Path) -> None:
    create_table(page, "regulator")
    expect(page.locator(".table-title")).to_contain_text("Regulator Chess")
    expect(page.locator("svg.grid-board use.piece")).to_have_count(20)
    expect(page.locator(".track .regulator-marker")).to_have_count(1)
    expect(page.locator('.track-space.current[data-space="1"]')).to_have_count(1)

    for ply in range(3):
        wait_my_turn(page)
        before = moves_shown(page)
        click_a_move(page)
        expect(page.locator(".move-list .move")).to_have_count(before + 2, timeout=20_000)
        expect(page.locator(".square.last")).to_have_count(2)
        assert ply == 0 or moves_shown(page) == 2 * (ply + 1)

    wait_my_turn(page)
    pieces, moves = board_pieces(page), page.locator(".move-list .move").all_text_contents()
    page.screenshot(path=str(artifacts / "regulator-board.png"))

    page.reload()
    expect(page.locator(".conn")).to_have_text("connected")
    wait_my_turn(page)
    expect(page.locator(".move-list .move")).to_have_count(len(moves))
    assert page.locator(".move-list .move").all_text_contents() == moves
    assert board_pieces(page) == pieces

    # A move the rules refuse gets a clear message, and the board stays as it was.
    page.locator("input.move-input").fill("Kc5")
    page.locator("form.move-entry button").click()
    expect(page.locator(".alert")).to_be_visible()
    expect(page.locator(".alert")).not_to_be_empty()
    assert board_pieces(page) == pieces

    resign(page)
    expect(page.locator(".status")).to_contain_text("You lose")

    page.locator("button.rematch").click()
    rematch = page.get_by_role("link", name="Go to the rematch table")
    expect(rematch).to_be_visible()
    first_table = page.url

    with page.expect_download() as download:
        page.locator("a.download").click()
    record = Path(download.value.path()).read_text()
    assert '[Game "regulator"]' in record

    page.locator("a", has_text="replay").click()
    expect(page.locator(".replay-nav")).to_be_visible()
    total = len(moves)
    counter = page.locator(".ply-counter")
    expect(counter).to_have_text(f"{total} / {total}")
    page.get_by_role("button", name="first position").click()
    expect(counter).to_have_text(f"0 / {total}")
    expect(page.locator("svg.grid-board use.piece")).to_have_count(20)
    page.get_by_role("button", name="next move").click()
    expect(counter).to_have_text(f"1 / {total}")
    expect(page.locator(".move.current")).to_have_text(moves[0])
    page.keyboard.press("End")
    expect(counter).to_have_text(f"{total} / {total}")

    # The rematch: seats turn by one, so this browser now plays Black, from Black's side.
    page.goto(first_table)
    page.get_by_role("link", name="Go to the rematch table").click()
    expect(page.locator(".conn")).to_have_text("connected")
    expect(page.locator(".move-list .move").first).to_be_visible()
    wait_my_turn(page)
    king = page.locator('rect[data-square="c7"]').bounding_box()
    own = page.locator('rect[data-square="c1"]').bounding_box()
    assert king is not None and own is not None and king["y"] > own["y"]
    page.screenshot(path=str(artifacts / "regulator-black.png"))

    # The downloaded record, uploaded again, replays the same moves.
    page.goto("/")
    page.locator(".replay-upload textarea").fill('[Game "regulator"]\n\n1. Kc5 *')
    page.locator(".replay-upload button[type=submit]").click()
    expect(page.locator(".replay-upload .error")).not_to_be_empty()
    page.locator(".replay-upload textarea").fill(record)
    page.locator(".replay-upload button[type=submit]").click()
    expect(page.locator(".replay-nav")).to_be_visible()
    expect(page.locator(".move-list .move")).to_have_count(total)
    assert page.locator(".move-list .move").all_text_contents() == moves
