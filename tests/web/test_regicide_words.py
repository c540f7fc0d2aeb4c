"""Regicide's words match its board (docs/web.md, "Learn"): the board turns so each player's
army is at the bottom, so Yellow and Red see the letters a…o up the side; the rules and the
lessons name the lines by the labels the board shows ("line o", "line 14") and never as files
or ranks, in both languages. Lesson boards take the room the page has. Screenshots of the
first Yellow lesson on desktop and phone, English and pt-BR, go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import _checked_page

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
# File and rank wording, English and Portuguese: a column or a row the turned board lacks.
CHESS_WORDS = re.compile(
    r"\b[a-o]-file|\bfiles? run|edge file|\branks? \d|\bcolunas? [a-o]\b|colunas são|\bfileiras? \d"
    r"|fileiras vão",
    re.I,
)
LINE = {"en-US": "line o", "pt-BR": "linha o"}
RULES = {"en-US": "/rules/regicide.html", "pt-BR": "/rules/regicide.pt-BR.html"}
# The least a lesson board measures (px) on a 1366 × 768 desktop and a 390 × 844 phone.
# (A phone's Regulator board is as tall as the window leaves it under the instruction.)
LEAST = {"desktop": {"regicide": 440, "regulator": 380}, "phone": {"regicide": 300, "regulator": 0}}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_rules_and_lessons_say_the_lines_the_board_labels(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    artifacts: Path,
    locale: str,
) -> None:
    """The words are read once per language; the boards are measured at each size in the
    same browser context."""
    desktop = SIZES["desktop"]
    for page in _checked_page(browser, server, request, desktop, f"-{locale}", locale):
        page.goto(RULES[locale])
        rules = page.locator("main").inner_text() if page.locator("main").count() else ""
        rules = rules or page.locator("body").inner_text()
        assert not CHESS_WORDS.search(rules), CHESS_WORDS.search(rules)
        assert re.search(r"\bline a\b|\blinha a\b", rules)

        # Yellow's first lesson: the letters label the rows, and the pawn goes up toward o.
        page.goto("/#/learn/regicide/double-steps")
        board = page.locator("svg.grid-board")
        expect(board).to_be_visible()
        instruction = page.locator(".instruction")
        expect(instruction).to_contain_text(LINE[locale])
        assert not CHESS_WORDS.search(instruction.inner_text())
        for size, (width, height) in SIZES.items():
            if size != "desktop":
                # Loaded anew at this size, as a phone opens it (a window narrowed from a
                # desktop's size keeps the 180 px board it was left with).
                page.set_viewport_size({"width": width, "height": height})
                page.reload()
            expect(board).to_be_visible()
            labels = board.locator("text.coord")
            letter_a = labels.filter(has_text=re.compile(r"^a$")).bounding_box()
            letter_o = labels.filter(has_text=re.compile(r"^o$")).bounding_box()
            one = labels.filter(has_text=re.compile(r"^1$")).bounding_box()
            assert letter_a and letter_o and one
            assert abs(letter_a["x"] - letter_o["x"]) < 2 and letter_o["y"] < letter_a["y"]
            page.wait_for_timeout(300)  # the board fits the window once the page is drawn
            page.screenshot(path=str(artifacts / f"regicide-lesson-words-{locale}-{size}.png"))
            box = board.bounding_box()
            assert box is not None and box["width"] >= LEAST[size]["regicide"], (size, box)
        page.set_viewport_size({"width": desktop[0], "height": desktop[1]})
        # Every lesson text on the way says lines, never files or ranks.
        for key in ("swap", "dead-end", "promotion"):
            page.goto(f"/#/learn/regicide/{key}")
            expect(page.locator(".instruction")).not_to_be_empty()
            text = page.locator(".lesson").inner_text()
            assert not CHESS_WORDS.search(text), (key, CHESS_WORDS.search(text))

        page.goto("/#/learn/regulator")
        board = page.locator("svg.grid-board")
        expect(board).to_be_visible()
        for size, (width, height) in SIZES.items():
            if size != "desktop":
                page.set_viewport_size({"width": width, "height": height})
                page.reload()
                expect(board).to_be_visible()
            page.wait_for_timeout(300)  # the board fits the window once the page is drawn
            box = board.bounding_box()
            assert box is not None and box["width"] >= LEAST[size]["regulator"], (size, box)
