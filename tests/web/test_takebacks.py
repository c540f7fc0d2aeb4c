"""Premoves, takebacks and what a stand-in's game says (issue 25 items 5 and 8, docs/web.md):
a premove made on the opponent's turn plays the moment the reply comes and is cancelled by a
click elsewhere; a takeback undoes the player's last move once the table agrees (a bot at a
casual table at once, the whole table in Regicide, a human opponent by its button); a bot
that played the seat after the player's time ran out is not "You win!", and it plays at the
table's level, not always Strong."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.web.conftest import _checked_page
from tests.web.helpers import click_a_move, create_table, moves_shown, wait_my_turn

pytestmark = pytest.mark.browser


def new_table(page: Page, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = page.request.post("/api/tables", data={"game": "regulator", "seats": seats, **extra})
    assert answer.ok, answer.text()
    made: dict[str, Any] = answer.json()
    return made


def open_seat(page: Page, made: dict[str, Any], seat: int, name: str) -> None:
    """Play `seat` of the table `made` in `page`, under `name`."""
    page.goto("/")
    page.evaluate("name => localStorage.setItem('regalia.name', name)", name)
    token = next(t["token"] for t in made["tokens"] if t["seat"] == seat)
    page.goto(f"/#/t/{made['table']['id']}/{token}")
    expect(page.locator(".conn")).to_have_attribute("data-state", "connected")


def seat_command(page: Page, made: dict[str, Any], seat: int, body: dict[str, Any]) -> None:
    """A command of `seat` over HTTP (the other player, without a page of their own)."""
    token = next(t["token"] for t in made["tokens"] if t["seat"] == seat)
    table = made["table"]["id"]
    headers = {"X-Seat-Token": token}
    path = f"/api/tables/{table}/" + ("join" if body["type"] == "join" else "commands")
    data = {"name": body.get("name", "Bea")} if body["type"] == "join" else body
    answer = page.request.post(path, data=data, headers=headers)
    assert answer.ok, answer.text()


def click_square(page: Page, square: str) -> None:
    page.locator(f'.square[data-square="{square}"]').dispatch_event("click")


class HeldReplies:
    """The table's WebSocket with the bot's moves held back until `release()`: the page sees
    its own move and the bot's turn for as long as the test needs (a bot replies in
    milliseconds); from then on frames pass. `sent` holds every action the page sent."""

    def __init__(self, page: Page, bot_seat: int = 1) -> None:
        self.bot_seat = bot_seat
        self.holding = True
        self.held: list[str | bytes] = []
        self.sent: list[str] = []
        self.page_ws: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.page_ws = ws

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            body = json.loads(text)
            if body.get("type") == "action":
                self.sent.append(str(body["action"]))
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.holding and (self._bot_move(message) or self.held):
                self.held.append(message)
            else:
                ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def _bot_move(self, message: str | bytes) -> bool:
        frames = json.loads(message)
        for frame in frames if isinstance(frames, list) else [frames]:
            event = frame.get("event") or {}
            if event.get("kind") == "action" and event.get("seat") == self.bot_seat:
                return True
        return False

    def wait_held(self, page: Page) -> None:
        # A poll: a passing test waits milliseconds; at load 37 a bot once took over 15 s.
        deadline = time.monotonic() + 30
        while not self.held and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert self.held, "the bot never replied"

    def release(self) -> None:
        assert self.page_ws is not None
        self.holding = False
        held, self.held = self.held, []
        for message in held:
            self.page_ws.send(message)


def bot_table_with_a_held_reply(page: Page) -> HeldReplies:
    """White against a Casual bot, White's first move d2-d3 made and Black's reply held."""
    made = new_table(page, [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    replies = HeldReplies(page)
    open_seat(page, made, 0, "Ann")
    wait_my_turn(page)
    click_square(page, "d2")
    click_square(page, "d3")
    replies.wait_held(page)
    expect(page.locator(".status")).to_contain_text("Black (Casual bot) to move")
    return replies


def test_a_premove_plays_the_moment_the_bot_has_replied(page: Page, artifacts: Path) -> None:
    replies = bot_table_with_a_held_reply(page)
    click_square(page, "a2")
    expect(page.locator('.square.selected[data-square="a2"]')).to_be_attached()
    click_square(page, "a3")
    board = page.locator("svg.grid-board")
    expect(board).to_have_attribute("data-premove", "a2a3")
    expect(page.locator(".square.premove")).to_have_count(2)
    page.locator(".board-wrap").screenshot(path=str(artifacts / "premove-regulator.png"))
    assert replies.sent == ["d2d3"]
    replies.release()  # the bot's reply arrives: the premove goes at once, with no click
    deadline = time.monotonic() + 5
    while len(replies.sent) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert replies.sent == ["d2d3", "a2a3"]
    expect(page.locator(".move-list .move").nth(2)).to_have_text("a3")  # the bot may reply again
    expect(page.locator(".square.premove")).to_have_count(0)
    expect(board).to_have_attribute("data-premove", "")


def test_clicking_elsewhere_cancels_a_premove(page: Page) -> None:
    replies = bot_table_with_a_held_reply(page)
    click_square(page, "a2")
    click_square(page, "a3")
    board = page.locator("svg.grid-board")
    expect(board).to_have_attribute("data-premove", "a2a3")
    click_square(page, "c4")  # anywhere else
    expect(board).to_have_attribute("data-premove", "")
    expect(page.locator(".square.premove")).to_have_count(0)
    replies.release()
    wait_my_turn(page)
    page.wait_for_timeout(500)
    assert replies.sent == ["d2d3"]
    assert moves_shown(page) == 2


def test_a_casual_bot_agrees_to_a_takeback_at_once(page: Page) -> None:
    create_table(page, "regulator")
    ask = page.locator("button.offer-takeback")
    wait_my_turn(page)
    expect(ask).to_be_hidden()  # nothing to take back yet
    click_a_move(page)
    wait_my_turn(page)
    expect(page.locator(".move-list .move")).to_have_count(2)
    ask.click()  # asked on one's own turn: the bot's reply goes too
    expect(page.locator(".move-list .move")).to_have_count(0)
    expect(page.locator(".chat")).to_contain_text("The last move was taken back.")
    expect(page.locator(".takeback-note")).to_have_text("The last move was taken back.")
    wait_my_turn(page)
    expect(ask).to_be_hidden()
    click_a_move(page)  # play goes on from the start
    wait_my_turn(page)
    expect(page.locator(".move-list .move")).to_have_count(2)


def test_regicide_takes_back_every_armys_move_since(page: Page) -> None:
    create_table(page, "regicide")  # Yellow against three Casual bots, who all agree
    wait_my_turn(page)
    click_a_move(page)
    wait_my_turn(page, timeout=30_000)
    expect(page.locator(".move-list .move")).to_have_count(4)
    page.locator("button.offer-takeback").click()
    expect(page.locator(".move-list .move")).to_have_count(0)
    wait_my_turn(page)


@pytest.fixture
def other(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A second player's page, in a browser context of its own."""
    yield from _checked_page(browser, server, request, (1200, 900), "-other")


def test_a_human_opponent_answers_a_takeback(page: Page, other: Page, artifacts: Path) -> None:
    made = new_table(page, [{"kind": "human"}, {"kind": "human"}])
    open_seat(page, made, 0, "Ann")
    open_seat(other, made, 1, "Bea")
    wait_my_turn(page)
    click_a_move(page)
    wait_my_turn(other)
    page.locator("button.offer-takeback").click()
    expect(page.locator(".takeback-note")).to_have_text("You asked to take your last move back.")
    expect(other.locator(".takeback-note")).to_have_text("White asks to take their last move back.")
    accept = other.locator("button.accept-takeback")
    expect(accept).to_be_visible()
    other.screenshot(path=str(artifacts / "takeback-asked-1200x900.png"))
    other.locator("button.decline-takeback").click()
    expect(page.locator(".takeback-note")).to_have_text("The takeback was declined.")
    expect(page.locator(".move-list .move")).to_have_count(1)
    page.locator("button.offer-takeback").click()
    expect(accept).to_be_visible()
    accept.click()
    expect(page.locator(".move-list .move")).to_have_count(0)
    expect(other.locator(".move-list .move")).to_have_count(0)
    wait_my_turn(page)


def test_a_bot_after_a_timeout_is_not_your_win(page: Page) -> None:
    made = new_table(
        page, [{"kind": "human"}, {"kind": "human"}], clock={"per_move_s": 2}, on_timeout="bot"
    )
    open_seat(page, made, 0, "Ann")
    seat_command(page, made, 1, {"type": "join", "name": "Bea"})
    chat = page.locator(".chat")
    expect(chat).to_contain_text("White ran out of time.", timeout=20_000)  # Ann never moves
    seat_command(page, made, 1, {"type": "resign"})
    status = page.locator(".status")
    expect(status).to_contain_text("Game over: White wins — Black resigned.")
    expect(status).to_contain_text("A bot played your seat after your time ran out, and won.")
    expect(status).not_to_contain_text("You win!")


def test_a_bot_while_you_were_away_is_not_your_win(page: Page) -> None:
    made = new_table(
        page, [{"kind": "human"}, {"kind": "human"}], absence={"grace_s": 1, "then": "bot"}
    )
    seat_command(page, made, 0, {"type": "join", "name": "Ann"})  # and no page: away
    seat_command(page, made, 1, {"type": "join", "name": "Bea"})
    table = made["table"]["id"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = page.request.get(f"/api/tables/{table}/events").json()["events"]
        kinds = [e["kind"] for e in found]
        if "takeover" in kinds:
            break
        page.wait_for_timeout(200)
    seat_command(page, made, 1, {"type": "resign"})
    open_seat(page, made, 0, "Ann")  # back after the end: the result is the stand-in's
    status = page.locator(".status")
    expect(status).to_contain_text("Game over: White wins — Black resigned.")
    expect(status).to_contain_text("A bot played your seat while you were away, and won.")
    expect(status).not_to_contain_text("You win!")


def test_the_stand_in_plays_at_the_tables_level(page: Page) -> None:
    made = new_table(
        page, [{"kind": "human"}, {"kind": "bot", "level": "greedy"}],
        clock={"per_move_s": 2}, on_timeout="bot",
    )  # fmt: skip
    open_seat(page, made, 0, "Ann")
    chat = page.locator(".chat")
    expect(chat).to_contain_text("White ran out of time.", timeout=20_000)
    expect(chat).to_contain_text("A Casual bot plays White now.")
    expect(chat).not_to_contain_text("Strong")
    # The bots need not play it out (one-ply bots may have finished it already).
    token = made["tokens"][0]["token"]
    page.request.post(
        f"/api/tables/{made['table']['id']}/commands", data={"type": "resign"},
        headers={"X-Seat-Token": token}, fail_on_status_code=False,
    )  # fmt: skip
    expect(page.locator(".status")).to_contain_text("Game over")


SIZES = ((1366, 768), (390, 844))
WORDS = {
    "en": (
        "Black asks to take their last move back.",
        "A bot played your seat after your time ran out, and won.",
        "You win!",
    ),
    "pt-BR": (
        "Pedido para voltar o último lance: Pretas.",
        "Um bot jogou por você depois que o seu tempo acabou, e venceu.",
        "Você venceu!",
    ),
}


def screens(page: Page, artifacts: Path, name: str, locale: str) -> None:
    """The same moment at each size (the window resized): a screenshot of each."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)  # the board settles on its size
        page.screenshot(path=str(artifacts / f"{name}-{locale}-{width}x{height}.png"))
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_screens_in_both_languages(
    browser: Browser, server: str, request: pytest.FixtureRequest, artifacts: Path, locale: str
) -> None:
    asked, stood_in, win = WORDS[locale]
    for page in _checked_page(browser, server, request, SIZES[0], f"-{locale}", locale):
        # A premove waiting for the bot's reply.
        replies = bot_table_with_a_held_reply_in(page, locale)
        click_square(page, "a2")
        click_square(page, "a3")
        expect(page.locator(".square.premove")).to_have_count(2)
        screens(page, artifacts, "premove", locale)
        expect(page.locator(".square.premove")).to_have_count(2)
        replies.release()
        expect(page.locator(".square.premove")).to_have_count(0)
        # The opponent asks to take their move back.
        made = new_table(page, [{"kind": "human"}, {"kind": "human"}])
        open_seat(page, made, 0, "Ann")
        seat_command(page, made, 1, {"type": "join", "name": "Bea"})
        wait_my_turn(page)
        click_a_move(page)
        expect(page.locator(".move-list .move")).to_have_count(1)
        view = page.request.get(f"/api/tables/{made['table']['id']}/view").json()
        seat_command(page, made, 1, {"type": "action", "action": "a6a5", "seq": view["seq"]})
        wait_my_turn(page)
        seat_command(page, made, 1, {"type": "offer_takeback"})
        expect(page.locator(".takeback-note")).to_have_text(asked)
        expect(page.locator("button.accept-takeback")).to_be_visible()
        screens(page, artifacts, "takeback-asked", locale)
        page.locator("button.accept-takeback").click()
        expect(page.locator(".move-list .move")).to_have_count(1)
        # A bot played the seat after its time ran out, and won.
        made = new_table(
            page, [{"kind": "human"}, {"kind": "human"}], clock={"per_move_s": 2}, on_timeout="bot"
        )
        open_seat(page, made, 0, "Ann")
        seat_command(page, made, 1, {"type": "join", "name": "Bea"})
        mine = page.locator('.seat-clock[data-seat="0"]')
        expect(mine).to_have_attribute("data-presence", "bot-playing", timeout=20_000)
        seat_command(page, made, 1, {"type": "resign"})
        status = page.locator(".status")
        expect(status).to_contain_text(stood_in)
        expect(status).not_to_contain_text(win)
        screens(page, artifacts, "stand-in-result", locale)


def bot_table_with_a_held_reply_in(page: Page, locale: str) -> HeldReplies:
    """As `bot_table_with_a_held_reply`, in any language."""
    made = new_table(page, [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    replies = HeldReplies(page)
    open_seat(page, made, 0, "Ann")
    wait_my_turn(page)
    click_square(page, "d2")
    click_square(page, "d3")
    replies.wait_held(page)
    return replies
