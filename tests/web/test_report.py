"""The post-game report in the browser, on a phone: a game ends at the table, its Game report
opens, computes, and shows each seat's accuracy and counts, the chart with its marks, and a
judged move with the better move on the board; then a Regicida game's Identities, votes and
posterior chart — all in one page load."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# White's knight walks into a pawn on its third move; then White resigns.
MOVES = ["c3", "e5", "Nc2", "d5", "Nd4", "exd4"]


def test_a_finished_game_shows_its_report_on_a_phone(phone: Page) -> None:
    page = phone
    api = page.request
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = api.post("/api/tables", data={"game": "regulator", "seats": seats}).json()
    table = made["table"]["id"]
    white, black = ({"X-Seat-Token": t["token"]} for t in made["tokens"])
    for headers in (white, black):
        assert api.post(f"/api/tables/{table}/join", data={}, headers=headers).ok
    for ply, text in enumerate(MOVES):
        me = (white, black)[ply % 2]
        view = api.get(f"/api/tables/{table}/view", headers=me).json()
        action = next(m["action"] for m in view["legal"] if m["text"] == text)
        body = {"type": "action", "action": action, "seq": view["seq"]}
        assert api.post(f"/api/tables/{table}/commands", data=body, headers=me).ok
    page.goto(f"/#/t/{table}")  # watching
    expect(page.locator(".conn")).to_have_attribute("data-state", "connected")
    assert api.post(f"/api/tables/{table}/commands", data={"type": "resign"}, headers=white).ok
    # The game is over: the table offers its report.
    page.locator("a.report-link").click()
    rows = page.locator(".report-seat")
    expect(rows).to_have_count(2, timeout=40_000)  # the engine judges 7 positions meanwhile
    expect(rows.nth(0).locator("th")).to_have_text(re.compile("White|Player"))
    for row in rows.all():
        expect(row.locator("td.accuracy")).to_have_text(re.compile(r"^\d{1,3}\.\d%$"))
    # Nd4 is judged, and the chart marks it; picking it draws the better move on the board.
    judged = page.locator('.report-mistake[data-ply="5"]')
    expect(judged).to_have_class(re.compile(r"\b(blunder|mistake)\b"))
    expect(page.locator(".report-win-chart .chart-dot").first).to_be_attached()
    expect(page.locator(".report-win-chart polyline")).to_be_attached()
    judged.locator("button").click()
    expect(judged).to_have_class(re.compile(r"\bcurrent\b"))
    caption = re.compile(r"Move 5: .* played Nd4; .* was better")
    expect(page.locator(".report-caption")).to_contain_text(caption)
    expect(page.locator(".report-board svg.board")).to_be_visible()
    expect(page.locator(".report-board .last").first).to_be_attached()  # the better move drawn
    # It fits the phone: nothing runs off the side.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # Regicida's own report, in the same page: Identities, votes, a line a seat and one for
    # the Neutral Player.
    seats = [{"kind": "bot", "level": "greedy"}] + [{"kind": "bot", "level": "random"}] * 3
    body = {"game": "regicida", "seats": seats, "seed": 5}
    regicida = api.post("/api/tables", data=body).json()["table"]["id"]
    # Opened while the bots still play: the page waits for the end, then for the report.
    page.evaluate(f"location.hash = '#/report/{regicida}'")
    rows = page.locator(".report-seat")
    expect(rows).to_have_count(4, timeout=40_000)
    expect(page.locator(".report-holder-chart polyline")).to_have_count(5)
    expect(page.locator(".report-legend li")).to_have_count(5)
    report = api.get(f"/api/tables/{regicida}/report").json()
    names = {house["name"] for house in report["houses"]}
    for row in rows.all():
        assert row.locator("td").nth(0).inner_text() in names
        expect(row.locator("td").nth(2)).to_have_text(re.compile("^(right|wrong)$"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
