"""Learn (#/learn/{game}): one lesson of each game completed by clicking on the real board,
a wrong try answered with its step's message, and the progress kept over a reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from regalia.core.lessons import Lesson
from regalia.core.registry import get_game, load_ref
from tests.web.helpers import change_games

pytestmark = pytest.mark.browser


def lesson(game: str, key: str) -> Lesson:
    found: tuple[Lesson, ...] = load_ref(get_game(game).lessons)
    return next(item for item in found if item.key == key)


def move(page: Page, origin: str, target: str) -> None:
    """Click a piece, then one of its marked targets (a promotion: the queen)."""
    page.locator(f'.square.movable[data-square="{origin}"]').dispatch_event("click")
    page.locator(f'[data-target="{target}"]').first.dispatch_event("click")
    chooser = page.locator(".chooser:not([hidden]) button.promo[data-promo=q]")
    if chooser.count():
        chooser.click()


def place(page: Page, pile: int, cell: str) -> None:
    page.locator(f'button.pile[data-pile="{pile}"]').click()
    page.locator(f'.cell.target[data-cell="{cell}"]').dispatch_event("click")


def solved(page: Page, step: Any, last: bool = False) -> None:
    """The step's success message shows; go on to the next step."""
    expect(page.locator(".feedback.success")).to_have_text(step.success)
    if not last:
        page.locator("button.next-step").click()


def at_step(page: Page, number: int, step: Any) -> None:
    expect(page.locator(".lesson")).to_have_attribute("data-step", str(number))
    expect(page.locator(".instruction")).to_have_text(step.instruction)


def test_regulator_lesson_by_clicking_with_a_wrong_try_and_a_reload(
    page: Page, artifacts: Path
) -> None:
    track = lesson("regulator", "track")
    page.goto("/")
    page.locator('.game-card[data-game="regulator"] a.learn-link').click()
    expect(page).to_have_url("/#/learn/regulator")
    expect(page.locator(".lesson-item").first).to_contain_text(track.title)
    at_step(page, 0, track.steps[0])
    # A legal move that is not the lesson's: the step's own wrong-try message, then again.
    move(page, "c1", "d1")
    expect(page.locator(".feedback.wrong")).to_have_text(track.steps[0].wrong)
    page.locator("button.try-again").click()
    expect(page.locator(".feedback")).to_be_hidden()
    # A typed move the rules refuse: the engine's reason, the position stays.
    page.locator(".lesson-move-form input").fill("b5")
    page.locator(".lesson-move-form button").click()
    expect(page.locator(".feedback.refused")).not_to_be_empty()
    move(page, "b3", "b4")
    expect(page.locator(".feedback.success")).to_be_visible()
    page.screenshot(path=str(artifacts / "learn-regulator.png"))
    solved(page, track.steps[0])
    at_step(page, 1, track.steps[1])
    move(page, "e6", "e5")  # Black's pawn: the board turned for Black
    solved(page, track.steps[1])
    # Half way through: a reload comes back to this lesson, its first step not yet solved.
    page.reload()
    at_step(page, 2, track.steps[2])
    expect(page.locator('.lesson-item[data-lesson="track"] small')).to_have_text(
        "2 of 4 steps done"
    )
    move(page, "b3", "b4")
    solved(page, track.steps[2])
    at_step(page, 3, track.steps[3])
    move(page, "a6", "a7")
    solved(page, track.steps[3], last=True)
    done = page.locator('.lesson-item[data-lesson="track"]')
    expect(done).to_have_class("lesson-item done current")
    expect(page.locator("button.next-step")).to_contain_text("Captures pull the regulator down")
    # The progress is this browser's: after a reload the lesson is still marked done.
    page.goto("/#/learn/regulator")
    page.reload()
    expect(page.locator('.lesson-item[data-lesson="track"]')).to_have_class("lesson-item done")
    expect(page.locator(".lessons-summary")).to_have_text("Lessons: 1 of 6 done")
    expect(page.locator(".lesson")).to_have_attribute("data-lesson", "captures")


def test_regicide_lesson_by_clicking(page: Page) -> None:
    kings = lesson("regicide", "kings")
    page.goto("/#/learn/regicide/kings")
    at_step(page, 0, kings.steps[0])
    move(page, "f3", "g1")
    solved(page, kings.steps[0])
    at_step(page, 1, kings.steps[1])
    move(page, "f3", "g1")
    solved(page, kings.steps[1], last=True)
    expect(page.locator('.lesson-item[data-lesson="kings"]')).to_have_class(
        "lesson-item done current"
    )


REGICIDA_PHONE_LESSON_PX = 270  # of the 377 px a 390 px phone gives; 148 px once


def test_regicida_lesson_by_clicking_on_a_phone(phone: Page, artifacts: Path) -> None:
    placing = lesson("regicida", "placing")
    phone.goto("/#/learn/regicida")
    at_step(phone, 0, placing.steps[0])
    expect(phone.locator(".lesson-list")).to_be_hidden()  # folded: the board comes first
    # The grid takes the phone's width the window leaves it, with the piles, the hint and
    # the move line under it in sight (the Identity, the Objective and the panels after).
    # The board fits the window once the page is drawn: waited for, not slept.
    phone.wait_for_function(
        "px => (document.querySelector('svg.board')?.getBoundingClientRect().width ?? 0) >= px",
        arg=REGICIDA_PHONE_LESSON_PX,
        timeout=5_000,
    )
    board = phone.locator("svg.board").bounding_box()
    assert board and board["width"] >= REGICIDA_PHONE_LESSON_PX, board
    for part in (".piles", ".hint", ".lesson-move-form"):
        box = phone.locator(part).bounding_box()
        assert box and box["y"] + box["height"] <= 844, (part, box)
    place(phone, 1, "g5")  # a legal cell, but not beside the Drave token
    expect(phone.locator(".feedback.wrong")).to_have_text(placing.steps[0].wrong)
    phone.locator("button.try-again").click()
    place(phone, 1, "e6")
    solved(phone, placing.steps[0])
    at_step(phone, 1, placing.steps[1])
    place(phone, 2, "c6")
    solved(phone, placing.steps[1], last=True)
    phone.screenshot(path=str(artifacts / "learn-regicida-phone.png"), full_page=True)
    phone.locator(".lessons-summary").click()
    expect(phone.locator('.lesson-item[data-lesson="placing"]')).to_have_class(
        "lesson-item done current"
    )
    expect(phone.locator(".lessons-summary")).to_have_text("Lessons: 1 of 5 done")


def test_the_lobby_offers_learn_and_referee_as_the_descriptors_say(page: Page) -> None:
    def change(games: dict[str, dict[str, Any]]) -> None:
        games["regulator"]["lessons"] = False
        games["regicide"]["referee"] = True

    change_games(page, change)
    page.goto("/")
    card = page.locator('.game-card[data-game="regulator"]')
    expect(card.locator(".summary")).to_be_visible()
    expect(card.locator("a.learn-link")).to_have_count(0)
    regicide = page.locator('.game-card[data-game="regicide"]')
    expect(regicide.locator("a.learn-link")).to_have_attribute("href", "#/learn/regicide")
    expect(regicide.locator("a.referee-link")).to_have_attribute("href", "#/referee/regicide")
    expect(page.locator('.game-card[data-game="regicida"] a.referee-link')).to_be_visible()
