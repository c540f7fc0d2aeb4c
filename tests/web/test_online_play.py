"""Online play in the browser: clocks that tick for the seats to act and end a game when they
run out, turn alerts (the tab title, a sound, a notification when the tab is hidden, the
moves since your own last one), open seats joined from another browser, quick play, and an
absent player shown as disconnected, then played by a bot until they come back."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.helpers import click_a_move, clock_seconds, table_form, wait_my_turn

pytestmark = pytest.mark.browser

# Counts the page's audio (every note is an oscillator) and stands in for the browser's
# notifications, with a switch for "the tab is hidden".
ALERT_PROBES = """
window.__oscillators = 0;
const createOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__oscillators += 1;
  return createOscillator.call(this);
};
window.__notifications = [];
class FakeNotification {
  static permission = "default";
  static requestPermission() {
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
  constructor(title, options) { window.__notifications.push([title, options && options.body]); }
  close() {}
}
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", {
  configurable: true,
  get: () => Boolean(window.__hidden),
});
"""


# Tests are quiet by default; these turn the sound on before the table opens (at once), on
# the tab's first page only: a later choice and a reload keep what the player chose.
SOUND_ON = """
if (!sessionStorage.getItem("sound-set")) {
  localStorage.setItem("regalia.sound", "on");
  sessionStorage.setItem("sound-set", "1");
}
"""


def create_from_lobby(page: Page, game: str, setup: dict[str, str]) -> None:
    """Fill the New table form (`select name: value` or `input name: value`) and create it: a
    table for oneself opens at once, one with invites or open seats lists them first."""
    page.goto("/")
    form = table_form(page, game)
    if any(name in ("on-timeout", "absence", "grace") for name in setup):
        form.locator(".table-options > summary").click()
    for name, value in setup.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()
    expect(page.locator(".created .play-link, .conn[data-state=connected]")).to_be_visible()


def invite_url(page: Page, seat: int) -> str:
    url = page.locator(f'.created .invite[data-seat="{seat}"] input.invite-url').input_value()
    assert "#/t/" in url
    return url


def test_clocks_tick_for_the_seat_to_act_only(page: Page, phone: Page, artifacts: Path) -> None:
    games = {g["name"]: g for g in page.request.get("/api/games").json()}
    preset = games["regulator"]["clock_presets"][0]
    create_from_lobby(page, "regulator", {"clock": "preset-0", "level-1": "random"})
    table_id = page.url.split("#/t/")[1].split("/")[0]
    watch = f"/#/t/{table_id}"
    initial = preset["clock"]["initial_s"]
    increment = preset["clock"]["increment_s"]
    # The lobby's lists say each table's time control (the table opened at once: back to it).
    page.go_back()
    listed = page.locator(f".table-list li[data-table='{table_id}'] .time-control")
    expect(listed).to_have_text(f"{initial // 60} min + {increment} s")
    page.go_forward()
    wait_my_turn(page)
    expect(page.locator(".seats-strip .time-control")).to_contain_text("Time control:")
    expect(page.locator(".seat-clock.running")).to_have_attribute("data-seat", "0")
    expect(page.locator(".seat-clock.you")).to_contain_text("White (you)")
    first = clock_seconds(page, 0), clock_seconds(page, 1)
    page.wait_for_timeout(1500)
    second = clock_seconds(page, 0), clock_seconds(page, 1)
    assert 0.8 <= first[0] - second[0] <= 3, (first, second)  # White's clock runs
    assert second[1] == first[1] == initial, (first, second)  # Black's waits
    assert second[0] < initial
    page.screenshot(path=str(artifacts / "clocks-desktop.png"))

    # After White's move (and its increment), Black's bot answers and White runs again.
    click_a_move(page)
    wait_my_turn(page)
    expect(page.locator(".seat-clock.running")).to_have_attribute("data-seat", "0")
    assert clock_seconds(page, 1) <= initial + increment

    # A spectator on a phone sees the same clocks tick.
    phone.goto(watch)
    expect(phone.locator(".seat-clock")).to_have_count(2)
    expect(phone.locator(".seat-clock.you")).to_have_count(0)
    expect(phone.locator("button.notify-me")).to_be_hidden()
    expect(phone.locator(".seat-clock.running")).to_have_attribute("data-seat", "0")
    before = clock_seconds(phone, 0)
    deadline = time.monotonic() + 5  # polled until it shows less (a second at most)
    while clock_seconds(phone, 0) >= before and time.monotonic() < deadline:
        phone.wait_for_timeout(100)
    assert clock_seconds(phone, 0) < before
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    phone.screenshot(path=str(artifacts / "clocks-phone.png"), full_page=True)


def test_a_clock_running_out_ends_the_game(page: Page) -> None:
    page.add_init_script(ALERT_PROBES)
    page.add_init_script(SOUND_ON)
    create_from_lobby(
        page,
        "regulator",
        {"clock": "custom", "clock-style": "per-move", "clock-per-move": "2", "level-1": "random"},
    )
    wait_my_turn(page)
    expect(page.locator(".seat-clock.running")).to_have_attribute("data-seat", "0")
    expect(page.locator(".seat-clock.running")).to_have_class(re.compile(r"\blow\b"))
    # Nobody moves: White's two seconds run out and White loses on time.
    status = page.locator(".status")
    expect(status).to_contain_text("Game over", timeout=10_000)
    expect(status).to_contain_text("ran out of time")
    expect(status).to_contain_text("You lose")
    expect(page.locator(".chat-log li.system")).to_contain_text(["White ran out of time."])
    expect(page.locator('.seat-clock[data-seat="0"] .clock')).to_have_text("0:00.0")
    expect(page.locator(".seat-clock.running")).to_have_count(0)
    page.wait_for_function("window.__oscillators >= 3")  # the end of the game sounds
    assert not page.title().startswith("(Your move)")


def test_turn_title_sound_notification_and_moves_since_mine(page: Page) -> None:
    page.add_init_script(ALERT_PROBES)
    page.add_init_script(SOUND_ON)
    create_from_lobby(page, "regulator", {"level-1": "random"})
    wait_my_turn(page)
    # The game starts when our page joins, and it is our turn: the title says so, it sounds.
    expect(page).to_have_title(re.compile(r"^\(Your move\) Regulator Chess"))
    page.wait_for_function("window.__oscillators === 2")
    page.locator("button.notify-me").click()
    expect(page.locator("button.notify-me")).to_be_hidden()

    click_a_move(page)
    expect(page.locator(".move-list .move")).to_have_count(2, timeout=20_000)
    wait_my_turn(page)
    expect(page).to_have_title(re.compile(r"^\(Your move\) "))
    # Our move's note, the bot's move's note, then two notes: your turn again.
    page.wait_for_function("window.__oscillators >= 6")
    # The tab is visible: no notification. The bot's move is marked as new since ours.
    assert page.evaluate("window.__notifications") == []
    expect(page.locator(".move-list .move.since-mine")).to_have_count(1)
    expect(page.locator(".move-list .move").last).to_have_class(re.compile(r"since-mine"))
    expect(page.locator(".square.last")).to_have_count(2)

    # The tab is hidden: a notification too.
    page.evaluate("window.__hidden = true")
    sounds = page.evaluate("window.__oscillators")
    click_a_move(page)
    expect(page.locator(".move-list .move")).to_have_count(4, timeout=20_000)
    wait_my_turn(page)
    # Only the bot's answer is new: our own move before it is not marked.
    expect(page.locator(".move-list .move.since-mine")).to_have_count(1)
    expect(page.locator('.move-list .move[data-ply="4"]')).to_have_class(re.compile("since-mine"))
    page.wait_for_function("window.__notifications.length === 1")
    title, body = page.evaluate("window.__notifications[0]")
    assert title.startswith("Your move") and "Regulator Chess" in title and "turn" in body
    page.wait_for_function(f"window.__oscillators > {sounds}")
    page.evaluate("window.__hidden = false")

    # Sound off (remembered): the next turn is silent, the title still says it.
    page.locator("button.sound-toggle").click()
    expect(page.locator("button.sound-toggle")).to_have_attribute("aria-pressed", "false")
    sounds = page.evaluate("window.__oscillators")
    click_a_move(page)
    expect(page.locator(".move-list .move")).to_have_count(6, timeout=20_000)
    wait_my_turn(page)
    expect(page).to_have_title(re.compile(r"^\(Your move\) "))
    page.wait_for_timeout(300)
    assert page.evaluate("window.__oscillators") == sounds
    page.reload()
    expect(page.locator("button.sound-toggle")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("button.sound-toggle")).to_have_text("Sound off")


def test_join_an_open_seat_from_another_browser(
    page: Page, browser: Browser, server: str, artifacts: Path
) -> None:
    create_from_lobby(page, "regulator", {"kind-1": "open"})
    expect(page.locator(".created .open-seats")).to_contain_text("Open: Black")
    page.locator(".created .play-link").click()
    expect(page.locator(".status")).to_contain_text("1 open seat")
    expect(page.locator('.seat-clock[data-seat="1"]')).to_have_attribute("data-presence", "open")
    table_id = page.url.split("#/t/")[1].split("/")[0]

    other = browser.new_context(base_url=server).new_page()
    other.goto("/")
    row = other.locator(f".table-list.waiting li[data-table='{table_id}']")
    expect(row.locator(".time-control")).to_have_text("untimed")
    waiting = other.request.get("/api/tables").json()  # the list as it is now, for later
    row.locator("button.join-seat").click()
    # No name known in this browser: a small dialog asks for one.
    dialog = other.locator("dialog.name-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("input").fill("Olga")
    other.screenshot(path=str(artifacts / "join-name-dialog.png"))
    dialog.locator("button[type=submit]").click()
    expect(other).to_have_url(re.compile(f"#/t/{table_id}/.+"))
    expect(other.locator(".status")).to_contain_text("White to move")
    wait_my_turn(page)
    black = page.locator('.seat-clock[data-seat="1"]')
    expect(black).to_contain_text("Olga")
    expect(black).to_have_attribute("data-presence", "connected")
    click_a_move(page)
    wait_my_turn(other)
    expect(other.locator(".move-list .move")).to_have_count(1)
    expect(other.locator(".move-list .move.since-mine")).to_have_count(1)
    click_a_move(other)
    wait_my_turn(page)
    expect(page.locator(".move-list .move")).to_have_count(2)
    # Someone whose lobby still lists the seat as open is told it was taken.
    late_context = browser.new_context(base_url=server)
    late = late_context.new_page()
    late.route("**/api/tables", lambda route: route.fulfill(json=waiting))
    late.goto("/")
    late.locator("#player-name").fill("Lev")
    late.locator("#player-name").press("Enter")
    late.locator(f"li[data-table='{table_id}'] button.join-seat").click()
    taken = f"Someone took Black at table {table_id} first."
    expect(late.locator(".join-error")).to_have_text(taken)
    expect(late).not_to_have_url(re.compile("#/t/"))
    late_context.close()

    # The lobby now lists the table as running, with no seat left to join.
    other.goto("/")
    expect(other.locator(f".table-list.playing li[data-table='{table_id}']")).to_be_visible()
    expect(other.locator(f"li[data-table='{table_id}'] button.join-seat")).to_have_count(0)
    expect(other.locator("#player-name")).to_have_value("Olga")
    other.context.close()


def test_play_now_seats_two_players_at_one_table(
    phone: Page, browser: Browser, server: str, artifacts: Path
) -> None:
    # A game nobody else quick-plays in these tests, for a player count of its own.
    phone.goto("/")
    card = phone.locator(".game-card[data-game=regicida]")
    form = table_form(phone, "regicida")
    form.locator("select[name=players]").select_option("2")
    expect(card.locator(".play-now-what")).to_have_text("2 players · untimed")
    # The New table form on a phone: a custom time control and the options, then back.
    form.locator("select[name=clock]").select_option("custom")
    form.locator(".table-options > summary").click()
    expect(card.locator(".play-now-what")).to_have_text("2 players · 10 min + 5 s")
    card.screenshot(path=str(artifacts / "lobby-form-phone.png"))
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized lobby scrolls sideways ({width}px)"
    form.locator("select[name=clock]").select_option("")
    card.locator("button.play-now").click()
    phone.locator("dialog.name-dialog input").fill("Pia")
    phone.locator("dialog.name-dialog button[type=submit]").click()
    expect(phone.locator(".status")).to_contain_text("1 open seat")
    table_id = phone.url.split("#/t/")[1].split("/")[0]

    other = browser.new_context(base_url=server).new_page()
    other.goto("/")
    other.locator("#player-name").fill("Quinn")
    other.locator("#player-name").press("Enter")
    other_card = other.locator(".game-card[data-game=regicida]")
    table_form(other, "regicida").locator("select[name=players]").select_option("2")
    other_card.locator("button.play-now").click()
    expect(other).to_have_url(re.compile(f"#/t/{table_id}/.+"))
    for player in (phone, other):
        expect(player.locator(".status")).not_to_contain_text("Waiting")
        expect(player.locator('.seat-clock[data-seat="0"]')).to_contain_text("Pia")
        expect(player.locator('.seat-clock[data-seat="1"]')).to_contain_text("Quinn")
    expect(phone.locator(".seat-clock")).to_have_count(2)
    expect(phone.locator(".seat-clock.you")).to_contain_text("Player 1 (you)")
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    phone.screenshot(path=str(artifacts / "quickplay-phone.png"), full_page=True)
    other.context.close()


def test_an_absent_player_is_shown_then_played_by_a_bot(
    page: Page, browser: Browser, server: str, artifacts: Path
) -> None:
    create_from_lobby(
        page,
        "regicide",
        {
            "kind-1": "human",
            "level-2": "random",
            "level-3": "random",
            "absence": "bot",
            "grace": "2",
        },
    )
    invite = invite_url(page, 1)
    page.locator(".created .play-link").click()
    expect(page.locator(".seats-strip .time-control")).to_contain_text("away 2 s on their turn")

    green_context = browser.new_context(base_url=server, viewport={"width": 1200, "height": 900})
    green = green_context.new_page()
    green.goto(invite)
    green.locator(".name-ask input").fill("Gus")
    green.locator(".name-ask button[type=submit]").click()
    wait_my_turn(page)
    seat = page.locator('.seat-clock[data-seat="1"]')
    expect(seat).to_have_attribute("data-presence", "connected")
    expect(seat).to_contain_text("Gus · online")

    # Yellow moves; when it is Green's turn, Green's page goes away.
    click_a_move(page)
    wait_my_turn(green)
    green_context.close()
    expect(seat).to_have_attribute("data-presence", "disconnected")
    expect(seat.locator(".presence-text")).to_contain_text("disconnected")
    page.screenshot(path=str(artifacts / "absent-disconnected.png"))
    # Two seconds later a bot plays Green, then Red's and Blue's bots: Yellow's turn again.
    expect(seat).to_have_attribute("data-presence", "bot-playing", timeout=20_000)
    expect(seat.locator(".presence-text")).to_contain_text("a bot plays for them")
    expect(page.locator(".chat-log li.system")).to_contain_text([re.compile("bot plays Green")])
    wait_my_turn(page)
    moves = page.locator(".move-list .move")
    expect(moves).to_have_count(4)
    assert (moves.nth(1).text_content() or "").startswith("G")
    # The three moves since Yellow's own are marked; the board keeps its last-move squares.
    expect(page.locator(".move-list .move.since-mine")).to_have_count(3)
    expect(page.locator(".square.last")).to_have_count(2)
    page.screenshot(path=str(artifacts / "absent-bot-playing.png"))

    # Green comes back: the bot stands down and everyone sees Green online again.
    back_context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844})
    back = back_context.new_page()
    back.goto(invite)
    back.locator(".name-ask input").fill("Gus")
    back.locator(".name-ask button[type=submit]").click()
    expect(seat).to_have_attribute("data-presence", "connected")
    expect(page.locator(".chat-log li.system")).to_contain_text([re.compile("Green is back")])
    back_seat = back.locator('.seat-clock[data-seat="1"]')
    expect(back_seat).to_have_attribute("data-presence", "connected")
    width = back.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    back.screenshot(path=str(artifacts / "absent-returned-phone.png"), full_page=True)
    back_context.close()


def test_claim_the_win_from_an_absent_opponent(page: Page, browser: Browser, server: str) -> None:
    create_from_lobby(page, "regulator", {"kind-1": "human", "absence": "claim", "grace": "1"})
    invite = invite_url(page, 1)
    page.locator(".created .play-link").click()
    black_context = browser.new_context(base_url=server)
    black = black_context.new_page()
    black.goto(invite)
    black.locator(".name-ask input").fill("Bo")
    black.locator(".name-ask button[type=submit]").click()
    wait_my_turn(page)
    expect(page.locator("button.claim")).to_be_hidden()
    click_a_move(page)
    wait_my_turn(black)
    black_context.close()
    seat = page.locator('.seat-clock[data-seat="1"]')
    expect(seat).to_have_attribute("data-presence", "disconnected")
    # Black has been away on their turn for the grace time: White may claim the win.
    claim = page.locator("button.claim")
    expect(claim).to_be_visible(timeout=20_000)
    expect(page.locator(".status")).to_contain_text("you may claim the win")
    claim.click()
    status = page.locator(".status")
    expect(status).to_contain_text("Game over: White wins")
    expect(status).to_contain_text("claimed the win")
    expect(status).to_contain_text("You win")
    expect(page.locator(".chat-log li.system")).to_contain_text(["White claimed the win."])
    expect(claim).to_be_hidden()
