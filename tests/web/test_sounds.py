"""Move sounds (issue 25 item 19): the table page asks for the right sound on a move, a
capture, a check, your turn and low time on your clock, and none while sound is off (the
tests' default). Every sound is synthesized (js/alerts.js's TUNES): a spy on the page's
oscillators records each note's frequency, read back as the tunes it plays."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import wait_my_turn

pytestmark = pytest.mark.browser

# Every note the page starts, by its frequency, in the order asked for.
NOTE_SPY = """
window.__notes = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__notes.push(this.frequency.value);
  return start.apply(this, args);
};
"""


def sounds(page: Page) -> list[str]:
    """The tunes the page played, in order (each tune's first note names it)."""
    tunes: dict[str, Any] = page.evaluate("import('/js/alerts.js').then((m) => m.TUNES)")
    notes: list[float] = page.evaluate("window.__notes")
    played, i = [], 0
    while i < len(notes):
        kind = next(k for k, tune in tunes.items() if tune[0][0] == notes[i])
        assert notes[i : i + len(tunes[kind])] == [n[0] for n in tunes[kind]], notes
        played.append(kind)
        i += len(tunes[kind])
    return played


def two_seat_table(page: Page, clock: dict[str, Any] | None = None) -> tuple[str, str]:
    """A Regulator Chess table of two human seats: our page plays White, the test Black
    (over HTTP). Returns the table id and Black's seat token."""
    spec: dict[str, Any] = {"game": "regulator", "seats": [{"kind": "human"}] * 2}
    if clock:
        spec["clock"] = clock
    made = page.request.post("/api/tables", data=spec).json()
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    joined = page.request.post(
        f"/api/tables/{table}/join", data={"name": "Bea"}, headers={"X-Seat-Token": tokens[1]}
    )
    assert joined.ok, joined.text()
    page.goto(f"/#/t/{table}/{tokens[0]}")
    name = page.locator(".name-form input")
    name.fill("Ana")
    name.press("Enter")  # a key press: the page may play sounds from now on
    return table, tokens[1]


def black_plays(page: Page, table: str, token: str, move: str) -> None:
    seq = page.request.get(f"/api/tables/{table}/view").json()["seq"]
    reply = page.request.post(
        f"/api/tables/{table}/commands",
        data={"type": "action", "action": move, "seq": seq},
        headers={"X-Seat-Token": token},
    )
    assert reply.ok, reply.text()


def white_plays(page: Page, move: str, plies: int) -> None:
    box = page.locator("input.move-input")
    box.fill(move)
    box.press("Enter")
    expect(page.locator(".move-list .move")).to_have_count(plies)


def test_moves_captures_checks_and_your_turn_sound(page: Page) -> None:
    page.add_init_script(NOTE_SPY)
    page.goto("/")
    page.evaluate("localStorage.setItem('regalia.sound', 'on')")
    table, black = two_seat_table(page)
    wait_my_turn(page)
    page.wait_for_function("window.__notes.length >= 2")
    assert sounds(page) == ["turn"]  # the game started on our turn

    white_plays(page, "Nc3", 1)
    page.wait_for_function("window.__notes.length >= 3")
    black_plays(page, table, black, "a5")
    wait_my_turn(page)
    page.wait_for_function("window.__notes.length >= 6")
    assert sounds(page) == ["turn", "move", "move", "turn"]

    white_plays(page, "Nd5+", 3)  # our own check
    black_plays(page, table, black, "Nxd5")  # Black takes the knight: a capture, our turn
    wait_my_turn(page)
    page.wait_for_function("window.__notes.length >= 12")
    assert sounds(page)[4:] == ["check", "capture", "turn"]

    white_plays(page, "Kb1", 5)
    black_plays(page, table, black, "Nc3+")  # Black checks our king
    expect(page.locator(".status")).to_contain_text("Check!")
    page.wait_for_function("window.__notes.length >= 17")
    assert sounds(page)[7:] == ["move", "check", "turn"]


def test_low_time_on_your_clock_sounds_once_as_it_runs_down(page: Page) -> None:
    page.add_init_script(NOTE_SPY)
    page.goto("/")
    page.evaluate("localStorage.setItem('regalia.sound', 'on')")
    # Seven seconds a move: the clock is low from five seconds left.
    two_seat_table(page, {"per_move_s": 7})
    wait_my_turn(page)
    expect(page.locator(".seat-clock.you.low")).to_be_visible(timeout=6_000)
    page.wait_for_function("window.__notes.length >= 5")
    assert sounds(page) == ["turn", "low"]
    page.wait_for_timeout(500)
    assert sounds(page) == ["turn", "low"]  # once, not at every tick


def test_sound_off_by_default_in_tests_plays_nothing(page: Page) -> None:
    page.add_init_script(NOTE_SPY)
    table, black = two_seat_table(page)
    wait_my_turn(page)
    expect(page.locator("button.sound-toggle")).to_have_attribute("aria-pressed", "false")
    white_plays(page, "Nc3", 1)
    black_plays(page, table, black, "a5")
    wait_my_turn(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__notes") == []
