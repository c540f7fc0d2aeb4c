"""A newcomer's first game (issue 25, docs/web.md): every board fits the window with the
player's own side, the status and the move input in sight; both chess boards take drags by
mouse and touch; move lists follow the current move and lead to every ply; no stale "to
move" after a resignation; seats read "invited" and "open seat" once; the phone header shows
its rules links whole and a saved password is a passing toast; a piece that cannot move says
so, an outage shows on the player's own seat, and resigning asks on the page."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, WebSocketRoute, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from regalia.core.registry import get_game
from tests.web.conftest import _checked_page
from tests.web.helpers import (
    browser_dialogs,
    click_a_move,
    create_table,
    moves_shown,
    resign,
    settle,
    table_form,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (1280, 720), (390, 844)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page of each size the issue measured, checked like `page`."""
    width, height = request.param
    yield from _checked_page(browser, server, request, (width, height), f"-{width}x{height}")


@pytest.fixture
def touch(browser: Browser, server: str) -> Iterator[Page]:
    """A phone-sized page that has a touch screen."""
    context = browser.new_context(
        base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


BOXES = """(selectors) => {
  const pick = (selector) => {
    const nth = selector.match(/^(.*) >> nth=(\\d+)$/);
    if (nth) return document.querySelectorAll(nth[1])[Number(nth[2])] || null;
    return document.querySelector(selector);
  };
  const boxes = selectors.map((selector) => {
    const el = pick(selector);
    if (!el || !el.getClientRects().length) return null; // absent or not displayed
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  return { scrollY: window.scrollY, boxes };
}"""


def fits(measured: dict[str, Any], size: ViewportSize) -> bool:
    return measured["scrollY"] == 0 and all(
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        for box in measured["boxes"]
    )


def in_window(page: Page, *selectors: str) -> None:
    """Each element (the first the selector finds) lies inside the window without scrolling.
    All are measured in one go, in the page: a round trip per element and per scroll read
    cost more than the measuring."""
    size = page.viewport_size
    assert size is not None
    measured = page.evaluate(BOXES, list(selectors))
    for _ in range(20):  # a page still laying out (a lesson's text arriving) gets 2 s
        if fits(measured, size):
            break
        page.wait_for_timeout(100)
        measured = page.evaluate(BOXES, list(selectors))
    assert measured["scrollY"] == 0
    for selector, box in zip(selectors, measured["boxes"], strict=True):
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (
            f"{selector} runs from y={box['y']:.0f} to y={box['y'] + box['height']:.0f}, "
            f"below the window's {size['height']} px"
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, selector


def own_pieces_in_window(page: Page, colour: str) -> None:
    pieces = page.locator(f"svg.grid-board use.piece.{colour}")
    count, bottoms = pieces.evaluate_all(
        """(pieces) => [pieces.length, pieces.map((p) => p.getBoundingClientRect())
             .filter((b) => b.width || b.height).map((b) => b.y + b.height)]"""
    )
    assert count >= 8
    size = page.viewport_size
    assert size is not None
    lowest = max(bottoms)
    assert lowest <= size["height"], f"the player's own {colour} pieces run to y={lowest:.0f}"


def fits_at_every_size(page: Page, game: str, artifacts: Path, tag: str = "") -> None:
    """At each size the issue measured (the window resized, the board settling on it): the
    board, the status and the move input in the window, and the seat's own side."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)  # the board settles on its size (one animation frame or two)
        in_window(page, "svg.board", ".status", ".move-input")
        if game == "regulator":
            own_pieces_in_window(page, "white")
            in_window(page, ".player-line.keep-in-view")
        elif game == "regicide":
            own_pieces_in_window(page, "yellow")  # Yellow's whole army, at the bottom
            in_window(page, ".seat-badge.yellow")
        else:
            in_window(page, ".piles", ".hint")
        page.screenshot(path=str(artifacts / f"fit-{game}-{width}x{height}{tag}.png"))


@pytest.mark.parametrize("game", ["regulator", "regicide", "regicida"])
def test_a_table_fits_the_window(page: Page, game: str, artifacts: Path) -> None:
    create_table(page, game)
    wait_my_turn(page)
    fits_at_every_size(page, game, artifacts)


HEADER_ITEMS = [
    ".site-head .brand",
    ".site-head .my-games-badge",
    ".site-head .challenges-link",
    ".account-bar .account-name",
    ".rules-links a >> nth=2",
    ".table-head h2",
    ".table-head .conn",
    ".table-head .sound-toggle",
    ".table-head .notify-me",
    ".table-head .look-settings > summary",
    ".table-head .text-mode-toggle",
    ".table-head a.back",
]
PHONE_HEADER_PX = 100  # two short rows (brand, badges, account, Menu) and the rules links
MENU_ITEMS = [".leaderboards-link", ".tournaments-link", ".settings-link", ".lang-select"]


def test_a_table_fits_in_portuguese_with_every_header_item(
    browser: Browser, server: str, artifacts: Path
) -> None:
    """A signed-in player's table in pt-BR, with My games, Challenges, the account, the rules
    links, Text mode and the Board style control all in the headers: at each size the board,
    the status and the move input still fit; on a phone the secondary links open under Menu;
    the page's own question and a refused pick are in Portuguese."""
    context = browser.new_context(base_url=server, viewport={"width": 1366, "height": 768},
                                  locale="pt-BR")  # fmt: skip
    page = context.new_page()
    page.goto("/")
    page.locator(".account-bar button.play-as-guest").click()
    form = page.locator(".account-panel form.guest-form")
    form.locator("input").fill(f"Joana {random.randint(0, 10**6)}")
    form.locator("button[type=submit]").click()
    expect(page.locator(".account-bar .account-name")).to_be_visible()
    for game in ("regulator", "regicide", "regicida"):
        page.set_viewport_size({"width": 1366, "height": 768})
        create_table(page, game)
        page.reload()  # the header's My games badge counts this table from the start
        wait_my_turn(page)
        expect(page.locator(".site-head .my-games-badge")).to_be_visible()
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            if width <= 600:  # the secondary links: under Menu on a phone, and closed
                expect(page.locator(".head-menu-toggle")).to_be_visible()
            in_window(page, *HEADER_ITEMS, "svg.board", ".status", ".move-input")
            name = f"fit-header-{game}-{width}x{height}-pt-BR.png"
            page.screenshot(path=str(artifacts / name))
            if width <= 600:  # the controls, then the rules links: not five rows of links
                head = page.locator(".site-head").bounding_box()
                assert head and head["height"] <= PHONE_HEADER_PX, f"the header is {head}"
        if game == "regicide":  # the page's own question and a refused pick, in Portuguese
            page.locator("button.resign").click()
            ask = page.locator(".resign-ask")
            expect(ask.locator("button.resign-confirm")).to_have_text("Sim, desistir")
            expect(ask.locator("button.resign-cancel")).to_have_text("Continuar jogando")
            page.locator('svg.board rect[data-square="o8"]').dispatch_event("click")  # Red's king
            expect(page.locator(".board-note")).to_contain_text("não é uma peça sua")
            page.screenshot(path=str(artifacts / "resign-390x844-pt-BR.png"))
    # The secondary links: in the row on a wide screen, under Menu on a phone.
    menu = page.locator(".head-menu-toggle")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if width > 600:
            expect(menu).to_be_hidden()
            in_window(page, *MENU_ITEMS)
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    for item in MENU_ITEMS:
        expect(page.locator(item)).to_be_hidden()
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    in_window(page, *MENU_ITEMS)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.locator(".site-head").screenshot(path=str(artifacts / "header-menu-390x844-pt-BR.png"))
    page.locator(".leaderboards-link").click()  # a new page closes the menu
    expect(page.locator(".leaderboard-page")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator(".tournaments-link")).to_be_hidden()
    context.close()


LONG_GAME_PLIES = 100


def long_record(game_name: str = "regulator", plies: int = LONG_GAME_PLIES) -> tuple[str, int]:
    """A record of a long random game (its number of moves)."""
    game = get_game(game_name)
    rng = random.Random(25)
    state = game.new(3)
    made = 0
    while made < plies and not state.result():
        (seat,) = state.to_act()
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        made += 1
    return state.to_record(), made


def upload(page: Page, record: str) -> None:
    page.goto("/")
    page.locator(".replay-upload textarea").fill(record)
    page.locator(".replay-upload button[type=submit]").click()
    expect(page.locator(".replay-nav")).to_be_visible()


def move_in_list(page: Page, ply: int) -> None:
    """The move of `ply` is the current one and is in sight inside the list's own box."""
    move = page.locator(f'.move-list .move[data-ply="{ply}"]')
    expect(move).to_have_class(re.compile(r"\bcurrent\b"))
    box = move.bounding_box()
    list_box = page.locator(".move-list .moves").bounding_box()
    assert box and list_box
    assert (
        list_box["y"] <= box["y"]
        and box["y"] + box["height"] <= list_box["y"] + list_box["height"] + 1
    ), (
        f"move {ply} at y={box['y']:.0f} is outside the list's box "
        f"({list_box['y']:.0f}–{list_box['y'] + list_box['height']:.0f})"
    )


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_replay_fits_and_its_move_list_follows_and_clicks(
    browser: Browser, server: str, request: pytest.FixtureRequest, size: tuple[int, int]
) -> None:
    for page in _checked_page(browser, server, request, size, f"-{size[0]}"):
        record, plies = long_record()
        assert plies >= 60
        upload(page, record)
        counter = page.locator(".ply-counter")
        expect(counter).to_have_text(f"{plies} / {plies}")
        in_window(page, "svg.board", ".replay-nav")
        page.locator(".replay-nav button").first.click()  # the first position
        for _ in range(4):
            page.locator(".replay-nav button").nth(2).click()  # › next move
        expect(counter).to_have_text(f"4 / {plies}")
        move_in_list(page, 4)
        # Every move leads to its ply.
        page.locator('.move-list .move[data-ply="60"]').click()
        expect(counter).to_have_text(f"60 / {plies}")
        move_in_list(page, 60)


def test_a_phone_replay_board_settles_at_every_window_height(phone: Page) -> None:
    # A phone's board is narrower than its room; the Regulator track beside it reads
    # --board-h: the fit must settle on one height, not swing between two at every frame
    # (which also kept the move list moving under Playwright's clicks).
    page = phone
    record, _ = long_record()
    upload(page, record)
    for height in range(640, 901, 10):
        page.set_viewport_size({"width": 390, "height": height})
        seen = page.evaluate(
            """async () => {
              const frame = () => new Promise((done) => requestAnimationFrame(done));
              for (let i = 0; i < 4; i++) await frame();
              const seen = new Set();
              for (let i = 0; i < 8; i++) {
                await frame();
                const root = document.querySelector(".replay-page");
                seen.add(root.style.getPropertyValue("--board-h"));
              }
              return [...seen];
            }"""
        )
        assert len(seen) == 1, f"at 390x{height} the board's height swings between {seen}"
        in_window(page, "svg.board", ".player-line.keep-in-view")


def test_a_finished_tables_moves_lead_to_the_replay_at_that_ply(page: Page) -> None:
    create_table(page, "regulator")
    for _ in range(3):
        wait_my_turn(page)
        before = moves_shown(page)
        click_a_move(page)
        expect(page.locator(".move-list .move")).to_have_count(before + 2, timeout=20_000)
    table_id = page.url.split("#/t/")[1].split("/")[0]
    resign_either_way(page)
    link = page.locator('.move-list a.move[data-ply="3"]')
    expect(link).to_have_attribute("href", f"#/replay/{table_id}/3")
    link.click()
    expect(page.locator(".ply-counter")).to_have_text(re.compile(r"^3 / \d+$"))
    expect(page.locator('.move-list .move[data-ply="3"]')).to_have_class(re.compile(r"\bcurrent\b"))
    # The address keeps the step shown: a reload opens the same one.
    page.locator('.move-list .move[data-ply="5"]').click()
    expect(page).to_have_url(re.compile(f"#/replay/{table_id}/5$"))
    page.reload()
    expect(page.locator(".ply-counter")).to_have_text(re.compile(r"^5 / \d+$"))


def test_analysis_tried_moves_lead_back_and_the_board_fits(
    browser: Browser, server: str, request: pytest.FixtureRequest
) -> None:
    for page in _checked_page(browser, server, request, (1280, 720), "-1280"):
        page.goto("/#/analysis/regulator")
        expect(page.locator("svg.board .square.movable").first).to_be_attached()
        in_window(page, "svg.board")
        for _ in range(3):
            before = page.locator(".tried-moves .move").count()
            click_a_move(page)
            expect(page.locator(".tried-moves .move")).to_have_count(before + 1)
            expect(page.locator(".analysis-panel")).not_to_have_class(re.compile("busy"))
        first = page.locator('.tried-moves .move[data-ply="1"]')
        text = first.inner_text()
        first.click()
        expect(page.locator(".tried-moves .move")).to_have_count(1)
        expect(page.locator(".tried-moves .move.current")).to_have_text(text)


def test_lesson_board_fits_and_the_answer_stays_in_sight(sized: Page, artifacts: Path) -> None:
    page = sized
    page.goto("/#/learn/regulator")
    expect(page.locator("svg.board .square.movable").first).to_be_attached()
    settle(page)
    in_window(page, "svg.board", ".lesson-move-form", ".instruction")
    click_a_move(page)
    expect(page.locator(".feedback")).not_to_be_empty()
    in_window(page, ".feedback", "svg.board")
    size = page.viewport_size
    assert size is not None
    page.screenshot(path=str(artifacts / f"fit-lesson-{size['width']}x{size['height']}.png"))


# Dragging pieces ------------------------------------------------------------------------


def centre(page: Page, square: str) -> tuple[float, float]:
    box = page.locator(f'svg.board rect[data-square="{square}"]').bounding_box()
    assert box is not None, square
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


class Pointer:
    """Presses, moves and releases one pointer: the mouse, or a finger (CDP touch events)."""

    def __init__(self, page: Page, kind: str) -> None:
        self.page = page
        self.kind = kind
        self.cdp = page.context.new_cdp_session(page) if kind == "touch" else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        if self.cdp:
            self._touch("touchStart", x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()

    def move(self, x0: float, y0: float, x: float, y: float, steps: int = 6) -> None:
        for i in range(1, steps + 1):
            px, py = x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps
            if self.cdp:
                self._touch("touchMove", px, py)
            else:
                self.page.mouse.move(px, py)

    def up(self, x: float, y: float) -> None:
        if self.cdp:
            self._touch("touchEnd", x, y)
        else:
            self.page.mouse.up()


def piece_on(page: Page, square: str) -> str:
    """The label of the piece drawn on `square` (by where it is drawn, not its title), read
    in one go while the board may be drawn again."""
    return str(
        page.evaluate(
            """(square) => {
              const rect = document.querySelector(`svg.board rect[data-square="${square}"]`);
              const r = rect.getBoundingClientRect();
              const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
              for (const use of document.querySelectorAll("svg.board use.piece:not(.dragged)")) {
                const b = use.getBoundingClientRect();
                const inside = b.left <= x && x <= b.right && b.top <= y && y <= b.bottom;
                if (inside) return use.textContent;
              }
              return "";
            }""",
            square,
        )
    )


@pytest.mark.parametrize(
    ("game", "kind"),
    [("regulator", "mouse"), ("regulator", "touch"), ("regicide", "mouse"), ("regicide", "touch")],
)
def test_drag_and_drop(
    request: pytest.FixtureRequest, game: str, kind: str, artifacts: Path
) -> None:
    board: Page = request.getfixturevalue("touch" if kind == "touch" else "page")
    create_table(board, game)
    wait_my_turn(board)
    movable = [m.get_attribute("data-square") or "" for m in board.locator(".square.movable").all()]
    start, other = movable[0], movable[-1]
    piece = piece_on(board, start)
    assert piece, start
    pointer = Pointer(board, kind)
    # Measured before the drag: a view arriving meanwhile may draw the board anew.
    square = board.locator(f'svg.board rect[data-square="{start}"]').bounding_box()
    assert square is not None
    # An illegal drop (on one of the player's own pieces) snaps back; nothing is sent.
    x0, y0 = centre(board, start)
    x1, y1 = centre(board, other)
    pointer.down(x0, y0)
    pointer.move(x0, y0, (x0 + x1) / 2, (y0 + y1) / 2)
    dragged = board.locator("svg.board use.piece.dragged")
    expect(dragged).to_have_count(1)
    # The piece follows the pointer (moves reach the page by animation frames: wait for the
    # last), and its square is empty meanwhile.
    near = square["width"] / 4  # the piece's drawing, not its whole box, is measured
    board.wait_for_function(
        """([x, y, near]) => {
          const piece = document.querySelector("svg.board use.piece.dragged");
          if (!piece) return false;
          const r = piece.getBoundingClientRect();
          return Math.abs(r.x + r.width / 2 - x) < near && Math.abs(r.y + r.height / 2 - y) < near;
        }""",
        arg=[(x0 + x1) / 2, (y0 + y1) / 2, near],
        timeout=5_000,
    )
    assert piece_on(board, start) == ""
    expect(board.locator("svg.board [data-target]").first).to_be_attached()  # its targets show
    board.screenshot(path=str(artifacts / f"drag-{game}-{kind}.png"))
    pointer.move((x0 + x1) / 2, (y0 + y1) / 2, x1, y1)
    pointer.up(x1, y1)
    expect(dragged).to_have_count(0)
    assert piece_on(board, start) == piece
    expect(board.locator("svg.board [data-target]")).to_have_count(0)
    expect(board.locator(".move-list .move")).to_have_count(0)
    # A legal drop moves the piece.
    pointer.down(x0, y0)
    pointer.move(x0, y0, x0 + 6, y0 + 6, steps=2)
    target = board.locator("svg.board [data-target]").first
    to = target.get_attribute("data-target") or ""
    x2, y2 = centre(board, to)
    pointer.move(x0 + 6, y0 + 6, x2, y2)
    pointer.up(x2, y2)
    expect(board.locator(".move-list .move").first).to_be_visible()
    assert piece_on(board, start) != piece  # it left its square (where the list says it went)
    # Click-click still moves too.
    wait_my_turn(board)
    before = moves_shown(board)
    click_a_move(board)
    expect(board.locator(".move-list .move")).not_to_have_count(before)


# The end of a game, seats, the header, small things ---------------------------------------


def resign_either_way(page: Page) -> None:
    """Resign, whether the page asks itself or through the browser's confirm() (so a test of
    something else does not hang on how resigning asks)."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("button.resign").click()
    confirm = page.locator(".resign-ask button.resign-confirm")
    with contextlib.suppress(PlaywrightTimeoutError):  # the browser's dialog took the answer
        confirm.click(timeout=2_000)
    expect(page.locator(".status")).to_contain_text("Game over")


def test_resigning_asks_on_the_page_and_keep_playing_keeps_playing(page: Page) -> None:
    create_table(page, "regulator")
    wait_my_turn(page)
    dialogs = browser_dialogs(page)
    page.locator("button.resign").click()
    ask = page.locator(".resign-ask")
    expect(ask).to_be_visible()
    assert not dialogs
    expect(ask.locator("button.resign-cancel")).to_be_focused()
    ask.locator("button.resign-cancel").click()
    expect(ask).to_be_hidden()
    expect(page.locator(".status")).not_to_contain_text("Game over")
    resign(page)
    expect(ask).to_be_hidden()


@pytest.mark.parametrize("game", ["regulator", "regicide"])
def test_no_side_to_move_after_a_resignation(page: Page, game: str) -> None:
    create_table(page, game)
    wait_my_turn(page)
    marker = ".player-line.to-move" if game == "regulator" else ".seat-badge.to-move"
    expect(page.locator(marker)).to_have_count(1)
    resign_either_way(page)
    expect(page.locator(marker)).to_have_count(0)
    expect(page.locator(".turn-marker:not(:empty)")).to_have_count(0)


def test_an_invited_seat_reads_invited_and_an_open_one_open_seat_once(page: Page) -> None:
    page.goto("/")
    form = table_form(page, "regulator")
    form.locator("select[name=kind-1]").select_option("human")
    form.locator("button[type=submit]").click()
    watch = page.locator(".created .watch-link").get_attribute("href") or ""
    table_id = watch.split("#/t/")[1]
    page.reload()
    row = page.locator(f'.table-list li[data-table="{table_id}"]')
    expect(row).to_contain_text("Black: invited")
    expect(row.locator("button.join-seat")).to_have_count(0)
    # Play now opens a table whose other seat is open: its box says so once.
    card = page.locator(".game-card[data-game=regulator]")
    form = table_form(page, "regulator")
    form.locator("select[name=clock]").select_option("custom")
    form.locator("input[name=clock-minutes]").fill(str(random.randint(200, 1400)))  # its own pool
    card.locator("button.play-now").click()
    dialog = page.locator("dialog.name-dialog")
    if dialog.is_visible():
        dialog.locator("input").fill("Quinn")
        dialog.locator("button[type=submit]").click()
    expect(page.locator(".status")).to_contain_text("1 open seat")
    expect(page.locator('.seat-clock[data-seat="1"] .presence-text')).to_have_text("open seat")


def test_the_phone_header_shows_every_rules_link_whole(phone: Page, artifacts: Path) -> None:
    phone.goto("/")
    links = phone.locator(".rules-links a")
    expect(links).to_have_count(3)
    for link in links.all():
        box = link.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, link.inner_text()
        # Nothing covers or clips it: the point at its middle is the link itself.
        hit = phone.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == link.inner_text()
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    phone.locator(".site-head").screenshot(path=str(artifacts / "header-phone.png"))


def test_a_saved_password_is_a_passing_toast(page: Page) -> None:
    page.goto("/")
    page.locator(".account-bar button.play-as-guest").click()
    form = page.locator(".account-panel form.guest-form")
    form.locator("input").fill(f"Toast {random.randint(0, 10**9)}")
    form.locator("button[type=submit]").click()
    expect(page.locator(".account-bar .account-name")).to_be_visible()
    header = page.locator(".site-head")
    tall = header.bounding_box()
    page.clock.install()
    page.locator(".account-bar button.set-password").click()
    page.locator(".password-form input[name=new-password]").fill("correct horse battery")
    page.locator(".password-form button[type=submit]").click()
    note = page.locator(".account-note")
    expect(note).to_contain_text("Password saved")
    after = header.bounding_box()
    assert tall and after and abs(after["height"] - tall["height"]) < 1, "the header grew a line"
    page.clock.run_for(7_000)
    expect(note).to_be_hidden()


def test_a_piece_that_cannot_move_says_why(page: Page) -> None:
    create_table(page, "regulator")
    wait_my_turn(page)
    note = page.locator(".board-note")
    page.locator('svg.board rect[data-square="c7"]').dispatch_event("click")  # Black's king
    expect(note).to_be_visible()
    expect(note).to_contain_text("not yours to move")
    expect(page.locator('svg.board rect[data-square="c7"]')).to_have_class(re.compile("refused"))
    page.locator('svg.board rect[data-square="c1"]').dispatch_event(
        "click"
    )  # White's king, hemmed in
    expect(note).to_contain_text("has no legal move")
    page.locator(".square.movable").first.dispatch_event("click")
    expect(note).to_be_hidden()


def test_an_outage_shows_on_the_players_own_seat(page: Page) -> None:
    sockets: list[WebSocketRoute] = []
    down = {"now": False}

    def handle(ws: WebSocketRoute) -> None:
        if down["now"]:
            ws.close()
            return
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/tables/"), handle)
    create_table(page, "regulator")
    mine = page.locator('.seat-clock[data-seat="0"]')
    expect(mine.locator(".presence-text")).to_have_text("online")
    down["now"] = True
    for ws in sockets:
        ws.close()
    expect(page.locator(".conn")).to_have_text(re.compile("disconnected|connecting"))
    expect(mine).to_have_attribute("data-presence", "disconnected")
    expect(mine.locator(".presence-text")).to_contain_text("offline")
    down["now"] = False
    expect(mine.locator(".presence-text")).to_have_text("online", timeout=20_000)
