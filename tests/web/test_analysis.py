"""The analysis board in the browser: a replay's position and every move of a game (progress
while the engine thinks, the evaluation bar, the best line, mistakes marked), and the
analysis board from a replay or from a position typed by hand, for both chess games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from regalia.core.registry import get_game

pytestmark = pytest.mark.browser

# White's knight walks into a pawn on move 3: the game's one blunder.
BLUNDER = '[Game "regulator"]\n\n1. c3 e5 2. Nc2 d5 3. Nd4 exd4 *'
# White to move; the black bishop on d4 hangs to the knight.
FREE_BISHOP = "2k2/5/5/3b1/5/2N2/2K2 w 1 0 1"
# Yellow to move, its king on a7 attacked by Green's rook on a9.
ATTACKED = "Y:Ka7,Pb4:0/G:Ra9,Kg1/R:Ko8/B:Kh14,Nk12 Y - - - 0 1"

WATCH_PROGRESS = """() => {
  window.__progress = [];
  new MutationObserver(() => {
    const text = document.querySelector(".thinking-text");
    if (text && text.textContent && window.__progress.at(-1) !== text.textContent) {
      window.__progress.push(text.textContent);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def upload(page: Page, record: str) -> None:
    page.goto("/")
    page.locator(".replay-upload textarea").fill(record)
    page.locator(".replay-upload button[type=submit]").click()
    expect(page.locator(".replay-nav")).to_be_visible()


def test_regulator_replay_every_move_then_the_analysis_board(page: Page, artifacts: Path) -> None:
    upload(page, BLUNDER)
    panel = page.locator(".analysis-panel")
    # The position shown (the last): an evaluation, a best line, the depth.
    page.locator("button.analyse-one").click()
    value = re.compile(r"^([+−±]\d+\.\d\d|.* mates in \d+)$")
    expect(panel.locator(".eval-value")).to_have_text(value)
    expect(panel.locator(".best-line")).to_contain_text("Best line:")
    expect(panel.locator(".eval-words small")).to_contain_text("depth")
    # Every move: progress while it runs, then the blunder marked in the move list.
    page.evaluate(WATCH_PROGRESS)
    page.locator("button.analyse-all").click()
    expect(panel.locator(".thinking-text")).to_contain_text("mistake", timeout=30_000)
    progress = page.evaluate("window.__progress")
    assert any(t.startswith("Analysed ") for t in progress), progress
    blunder = page.locator('.move-list .move[data-ply="5"]')
    expect(blunder).to_have_class(re.compile(r"\b(blunder|mistake)\b"))
    expect(blunder).to_contain_text("Nd4")
    expect(blunder).to_have_attribute("title", re.compile("by White"))
    expect(page.locator(".eval-chart")).to_be_visible()
    page.locator('.move-list .move[data-ply="2"]').click()
    expect(page.locator(".ply-counter")).to_have_text("2 / 6")
    page.screenshot(path=str(artifacts / "analysis-replay.png"), full_page=True)

    # The analysis board from this position: try a move by clicking, take it back.
    page.locator("button.open-analysis").click()
    expect(page.locator(".analysis-page h2")).to_contain_text("analysis board")
    expect(page.locator(".analysis-origin")).to_contain_text("after 2 moves")
    expect(page.locator(".analysis-panel .best-line")).to_contain_text("Best line:")
    fen = page.locator(".position-input")
    expect(fen).to_have_value(re.compile(r" w "))
    page.locator('.square.movable[data-square="a2"]').dispatch_event("click")
    page.locator('[data-target="a3"]').dispatch_event("click")
    expect(page.locator(".tried-moves")).to_contain_text("a3")
    expect(fen).to_have_value(re.compile(r" b "))
    page.locator("button.take-back").click()
    expect(fen).to_have_value(re.compile(r" w "))

    # A position typed by hand: the engine takes the free bishop.
    fen.fill("not a position")
    page.locator(".position-form button[type=submit]").click()
    expect(page.locator(".position-error")).not_to_be_empty()
    fen.fill(FREE_BISHOP)
    page.locator(".position-form button[type=submit]").click()
    expect(page.locator(".analysis-origin")).to_have_text("From a position set up by hand.")
    expect(page.locator(".analysis-panel .line-moves")).to_have_text(re.compile(r"^Nxd4"))
    expect(page.locator(".eval-text")).to_have_text(re.compile(r"^\+|White mates"))
    page.screenshot(path=str(artifacts / "analysis-board.png"), full_page=True)


def test_regicide_from_a_replay_and_from_a_typed_position(
    page: Page, phone: Page, artifacts: Path
) -> None:
    game = get_game("regicide")
    state = game.new(5)
    for text in ["YP-d4", "GP-e4", "RP-l10", "BP-d11", "YN-c6"]:
        state = state.apply(state.turn, state.parse(state.turn, text))
    upload(page, state.to_record())
    page.locator("button.analyse-one").click()
    line = page.locator(".analysis-panel .line-moves")
    expect(line).to_have_text(re.compile(r"^G"))  # Green moves next
    expect(page.locator(".eval-bar")).to_contain_text("Yellow and Red")

    # The lobby's analysis board, with the position typed in: Yellow saves its king.
    page.goto("/")
    page.locator(".game-card[data-game=regicide] a.analysis-link").click()
    expect(page.locator(".analysis-origin")).to_have_text("From the start position.")
    expect(line).to_have_text(re.compile(r"^Y"))
    page.locator(".position-input").fill(ATTACKED)
    page.locator(".position-form button[type=submit]").click()
    expect(line).to_have_text(re.compile(r"^YK"))
    expect(page.locator('.square.check[data-square="a7"]')).to_have_count(1)
    page.screenshot(path=str(artifacts / "analysis-regicide.png"), full_page=True)

    # Regicida has no engine: no link, and its analysis page says so.
    page.goto("/")
    expect(page.locator(".game-card[data-game=regulator] a.analysis-link")).to_be_visible()
    expect(page.locator(".game-card[data-game=regicida] a.analysis-link")).to_be_hidden()
    page.goto("/#/analysis/regicida")
    expect(page.locator(".analysis-page .alert")).to_contain_text("cannot be analysed")

    phone.goto("/#/analysis/regulator")
    expect(phone.locator(".analysis-panel .line-moves")).not_to_be_empty()
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    phone.screenshot(path=str(artifacts / "analysis-phone.png"), full_page=True)
