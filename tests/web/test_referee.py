"""The phone referee (#/referee) for a physical Regicida table, at 390 × 844: the worked
example (H10) entered by tapping the 36 cells, its Coronation ranking and verdict as the
referee code answers them, a reload mid-entry, and a dropped connection."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from regalia.games.regicida.referee import referee
from tests.games.regicida.support import BOARD_TEXT

pytestmark = pytest.mark.browser

OBJECTIVE, SUCCESSION = "central", "1 2 3 4 5 6"
# H10: Ana, Bruno, Caio, Duda; Caio holds the Regent House (5 here); Bruno and Duda vote
# for Caio, Ana for Bruno; Bruno wins.
PLAYERS = [("Ana", 4, "Bruno"), ("Bruno", 3, "Caio"), ("Caio", 5, "Ana"), ("Duda", 2, "Caio")]
CELLS = [word for line in BOARD_TEXT.splitlines() for word in line.split()]


def cell_name(index: int) -> str:
    return "abcdef"[index % 6] + str(index // 6 + 1)


def tap_cells(page: Page, indexes: range) -> None:
    """Tap each cell with the brush of its House and side (the brush kept when it fits: the
    page's own brush is read once, then followed here), then check every tapped cell."""
    house_now = page.locator('.ref-brush[aria-pressed="true"]').get_attribute("data-house")
    side_now = page.locator('.ref-side[aria-pressed="true"]').get_attribute("data-side")
    for index in indexes:
        house, side = CELLS[index][0], "dark" if CELLS[index][1] == "D" else "light"
        if house != house_now:
            page.locator(f'.ref-brush[data-house="{house}"]').click()
            house_now = house
        if side != side_now:
            page.locator(f'.ref-side[data-side="{side}"]').click()
            side_now = side
        page.locator(f'.ref-cell[data-cell="{cell_name(index)}"]').click()
    expect(page.locator(f'.ref-brush[data-house="{house_now}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator(f'.ref-side[data-side="{side_now}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    tokens = board_shown(page)
    for index in indexes:
        assert tokens[index] == CELLS[index], (cell_name(index), tokens[index], CELLS[index])


def board_shown(page: Page) -> list[str | None]:
    cells = page.locator(".ref-cell")
    expect(cells).to_have_count(36)
    shown: list[str | None] = cells.evaluate_all("cs => cs.map((c) => c.dataset.token ?? null)")
    return shown


def expected(with_verdict: bool = False) -> Any:
    fields = {"board": BOARD_TEXT, "objective": OBJECTIVE, "succession": SUCCESSION}
    if with_verdict:
        fields["identities"] = ",".join(f"{n}={h}" for n, h, _ in PLAYERS)
        fields["votes"] = ",".join(f"{n}={v}" for n, _, v in PLAYERS)
    return referee(fields)


def test_H10_the_worked_example_on_a_phone(phone: Page, artifacts: Path) -> None:
    phone.goto("/")
    phone.locator('.game-card[data-game="regicida"] a.referee-link').click()
    expect(phone).to_have_url("/#/referee/regicida")
    tap_cells(phone, range(0, 17))
    phone.screenshot(path=str(artifacts / "referee-phone-entry.png"))
    # A reload mid-entry: the board is as it was, and the brush too.
    phone.reload()
    assert board_shown(phone) == CELLS[:17] + [None] * 19
    expect(phone.locator(".ref-count")).to_have_text("17 of 36 cells set.")
    tap_cells(phone, range(17, 36))
    assert board_shown(phone) == CELLS
    expect(phone.locator(".ref-status")).to_contain_text("the Objective")
    phone.locator(f'.ref-objective:has(input[value="{OBJECTIVE}"])').click()
    for house in SUCCESSION.split():
        phone.locator(f'.ref-line-house[data-house="{house}"]').click()
    expect(phone.locator(".ref-line li")).to_have_count(6)

    # The ranking: every row as the referee code ranks the example, each with its why.
    ranking = expected()
    rows = phone.locator(".ref-rank")
    expect(rows).to_have_count(6)
    for i, row in enumerate(ranking):
        shown = rows.nth(i)
        expect(shown).to_have_attribute("data-house", str(row["house"]))
        expect(shown).to_have_attribute("data-rank", str(row["rank"]))
        expect(shown.locator(".ref-rank-score")).to_have_text(
            f"score {row['score']} · light-only {row['light_score']}"
        )
        expect(shown.locator(".ref-why")).to_have_text(row["why"])
    assert any("light-only" in row["why"] for row in ranking)  # a tie broken on light tokens
    rows.first.scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "referee-phone-ranking.png"))

    # Identities and votes: the verdict of H10.
    for i, player in enumerate(PLAYERS):
        phone.locator(".ref-name").nth(i).fill(player[0])
        phone.locator(".ref-name").nth(i).press("Tab")
    for i, (_, identity, vote) in enumerate(PLAYERS):
        phone.locator(".ref-house").nth(i).select_option(str(identity))
        phone.locator(".ref-vote").nth(i).select_option(vote)
    verdict = expected(with_verdict=True)
    assert verdict["winners"] == ["Bruno"] and verdict["target"] == "Caio"
    expect(phone.locator(".ref-winners")).to_contain_text("Winner: Bruno,")
    expect(phone.locator(".ref-verdict")).to_contain_text("Caio holds the Regent House")
    expect(
        phone.locator(f'.ref-verdict .house-chip[data-house="{verdict["regent"]}"]')
    ).to_be_visible()
    phone.locator(".ref-verdict").scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "referee-phone-verdict.png"))

    # Tap targets: the cells, the palette and the choices are big enough for a finger.
    for selector in (
        ".ref-cell",
        ".ref-brush",
        ".ref-side",
        ".ref-objective",
        ".ref-line-pick button, .ref-line-clear",
    ):
        box = phone.locator(selector).first.bounding_box()
        assert box and box["height"] >= 40 and box["width"] >= 40, selector
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture
def offline_page(browser: Browser, server: str) -> Iterator[Page]:
    """A phone page whose connection the test drops: failed loads are expected there, and
    refused calls the page explains, any other console error is not."""
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        expected = ("ERR_INTERNET_DISCONNECTED", "server responded with a status of 4")
        if message.type == "error" and not any(e in message.text for e in expected):
            errors.append(message.text)

    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", console)
    yield page
    context.close()
    assert not errors, errors


def test_a_dropped_connection_keeps_the_entry_and_ranks_when_back(offline_page: Page) -> None:
    page = offline_page
    page.goto("/#/referee")
    # The board typed in its text form: a cell that does not read is refused at once.
    page.locator(".ref-text summary").click()
    page.locator(".ref-board-text").fill(BOARD_TEXT.replace("1L 1L 2L", "1L 1L 2X", 1))
    page.locator(".ref-text-form button[type=submit]").click()
    expect(page.locator(".ref-text-form .error")).to_contain_text('"2X" is not a House digit')
    # A board that reads but breaks the rules (a Drave token where a Halvern one belongs):
    # the referee says so in its own words.
    page.locator(".ref-board-text").fill(BOARD_TEXT.replace("1L 1L 2L", "1L 1L 1L", 1))
    page.locator(".ref-text-form button[type=submit]").click()
    page.locator('.ref-objective:has(input[value="central"])').click()
    for house in SUCCESSION.split():
        page.locator(f'.ref-line-house[data-house="{house}"]').click()
    expect(page.locator(".ref-status.error")).to_contain_text("House 1 has 7 tokens")
    # The connection drops; the right board is typed in meanwhile.
    page.context.set_offline(True)
    page.locator(".ref-board-text").fill(BOARD_TEXT)
    page.locator(".ref-text-form button[type=submit]").click()
    assert board_shown(page) == CELLS
    offline = page.locator(".ref-offline")
    expect(offline).to_be_visible()
    expect(offline).to_contain_text("kept on this device")
    expect(page.locator(".ref-rank")).to_have_count(0)
    page.context.set_offline(False)
    expect(offline).to_be_hidden()
    expect(page.locator(".ref-rank")).to_have_count(6)
    expect(page.locator(".ref-rank").first).to_have_attribute(
        "data-house", str(expected()[0]["house"])
    )
    page.reload()
    assert board_shown(page) == CELLS
    expect(page.locator(".ref-rank")).to_have_count(6)
