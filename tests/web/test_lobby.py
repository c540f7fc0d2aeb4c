"""The lobby in the browser: every game with its description and rules page, a table with
two human seats and its invite links, the table lists, a phone-sized board and keyboard play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.helpers import board_pieces, create_table, games_by_name, open_details, wait_my_turn

pytestmark = pytest.mark.browser


def test_games_summaries_and_rules_pages(page: Page) -> None:
    games = games_by_name(page)
    page.goto("/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(games))  # the three of Regalia and any plug-in game
    for game, title, words in [
        ("regulator", "Regulator Chess", "regulator"),
        ("regicide", "Regicide", "160"),
        ("regicida", "Regicida", "Houses"),
    ]:
        card = page.locator(f".game-card[data-game={game}]")
        expect(card.locator("h2")).to_have_text(title)
        expect(card.locator(".summary")).to_contain_text(words)
        expect(card.locator(".summary")).to_have_text(games[game]["summary"])
        card.get_by_role("link", name=f"Full rules of {title}").click()
        expect(page.locator("h1")).to_have_text(title)
        expect(page.locator("main h2").first).to_be_visible()
        page.go_back()
    page.goto("/rules/regicida.html")
    expect(page.locator("main")).to_contain_text("Bruno")


def test_invite_links_tables_lists_and_joining(page: Page, browser: Browser, server: str) -> None:
    page.goto("/")
    card = page.locator(".game-card[data-game=regulator]")
    open_details(card.locator("details.new-table"))
    form = card.locator("form.table-form")
    form.locator("select[name=kind-1]").select_option("human")
    expect(form.locator("select[name=level-1]")).to_be_disabled()
    form.locator("input[name=regulator]").fill("3")
    form.locator("button[type=submit]").click()
    invites = page.locator(".created .invite")
    expect(invites).to_have_count(2)
    invite = invites.nth(1).locator("input.invite-url").input_value()
    assert "#/t/" in invite
    invites.nth(1).locator("button.copy").click()
    expect(invites.nth(1).locator("button.copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == invite
    table_id = invite.split("#/t/")[1].split("/")[0]

    page.locator(".created .play-link").click()
    expect(page.locator(".status")).to_contain_text("Waiting")
    # The lobby lists it as waiting: drawn afresh on the way back (its lists are redrawn
    # every 4 s, at once when it opens), then on to the table again.
    page.go_back()
    expect(page.locator(f".table-list.waiting li[data-table='{table_id}']")).to_be_visible()
    page.go_forward()
    expect(page.locator(".status")).to_contain_text("Waiting")
    expect(page.locator(".links .invite button.copy")).to_have_attribute("data-copy", invite)
    other = browser.new_context(base_url=server).new_page()
    other.goto(invite)
    # A browser that knows no name is asked for one before it joins.
    expect(other.locator(".name-ask")).to_contain_text("You are invited to play Regulator Chess")
    expect(other.locator(".table-body")).to_be_hidden()
    other.locator(".name-ask input").fill("Bea")
    other.locator(".name-ask button[type=submit]").click()
    expect(other.locator(".status")).to_contain_text("White")
    expect(page.locator('.seat-clock[data-seat="1"]')).to_contain_text("Bea")
    wait_my_turn(page)
    expect(page.locator(".links .invite")).to_have_count(0)
    expect(page.locator('.track-space.current[data-space="3"]')).to_have_count(1)
    expect(page.locator(".powers li.on")).to_contain_text("Bishops may also move as knights")
    # Typed moves on both sides, then a promotion picked in the chooser, then a draw agreed.
    for number, move in enumerate(["b3", "e5", "b4", "e4", "b5", "d5", "bxa6", "d4"]):
        player = other if number % 2 else page
        wait_my_turn(player)
        player.locator("input.move-input").fill(move)
        player.locator("input.move-input").press("Enter")
        expect(page.locator(".move-list .move")).to_have_count(number + 1)
    wait_my_turn(page)
    page.locator('.square.movable[data-square="a6"]').dispatch_event("click")
    page.locator('[data-target="b7"]').dispatch_event("click")
    expect(page.locator(".chooser button.promo")).to_have_count(4)
    page.locator('.chooser button.promo[data-promo="b"]').click()
    expect(page.locator(".move-list .move").last).to_have_text("axb7=B")
    expect(other.locator(".move-list .move").last).to_have_text("axb7=B")
    page.locator("button.offer-draw").click()
    expect(page.locator(".draw-note")).to_have_text("Your side offered a draw.")
    other.locator("button.accept-draw").click()
    expect(page.locator(".status")).to_contain_text("Draw")
    expect(other.locator(".status")).to_contain_text("Draw")

    page.goto("/")
    expect(page.locator(f".table-list.finished li[data-table='{table_id}']")).to_be_visible()
    page.locator(f".table-list.finished li[data-table='{table_id}'] a").click()
    expect(page.locator(".replay-nav")).to_be_visible()
    expect(page.locator(".move-list .move")).to_have_count(9)
    other.context.close()


def test_watch_a_running_table(page: Page) -> None:
    create_table(page, "regulator")
    page.go_back()  # to the lobby the table was created in
    mine = page.locator(".table-list.playing li:has(a.my-seat)")
    expect(mine).to_have_count(1)
    mine.get_by_role("link", name="Watch").click()
    expect(page.locator(".conn")).to_have_text("connected")
    expect(page.locator(".chat-note")).to_be_visible()
    expect(page.locator("svg.grid-board use.piece")).to_have_count(20)
    expect(page.locator(".status")).to_contain_text("White")
    page.go_back()
    page.get_by_role("link", name="Play your seat").click()
    wait_my_turn(page)
    expect(page.locator(".chat-form")).to_be_visible()


def test_phone_sized_screen_and_keyboard_play(phone: Page, artifacts: Path) -> None:
    page = phone
    create_table(page, "regulator")
    wait_my_turn(page)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    before = board_pieces(page)
    # The cursor starts on White's king (c1); up to c2, pick the pawn; up to c3, move it.
    board = page.locator("svg.grid-board")
    board.focus()
    for key in ["ArrowUp", "ArrowUp", "Enter"]:
        page.keyboard.press(key)
    expect(page.locator(".square.selected")).to_have_attribute("data-square", "c2")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator(".move-list .move").first).to_have_text("c3")
    assert board_pieces(page) != before
    expect(page.locator(".move-list .move")).to_have_count(2, timeout=20_000)
    page.screenshot(path=str(artifacts / "regulator-phone.png"), full_page=True)


def test_a_name_typed_before_the_games_arrive_is_kept(browser: Browser, server: str) -> None:
    # The game list is held back until a guest has typed a name: its arrival used to redraw
    # the name row and wipe the box, so Enter remembered nothing.
    context = browser.new_context(base_url=server)
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/games", lambda route: held.append(route))
    page.goto("/")
    page.locator("#player-name").fill("Lev")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the game list"
    for route in held:
        route.continue_()
    expect(page.locator(".game-card").first).to_be_visible()
    expect(page.locator("#player-name")).to_have_value("Lev")
    page.locator("#player-name").press("Enter")
    assert page.evaluate("localStorage.getItem('regalia.name')") == "Lev"
    context.close()
