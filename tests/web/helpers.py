"""Steps the browser tests share: create a table in the lobby, click moves, read the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Dialog, Locator, Page, Route, expect


def create_table(
    page: Page, game: str, players: int | None = None, level: str | None = None
) -> str:
    """Create a table in the lobby (seat 1 human, the rest bots of the default level or of
    `level`); it opens at once (a table for oneself). Returns its spectator URL.
    """
    page.goto("/")
    card = page.locator(f".game-card[data-game={game}]")
    open_details(card.locator("details.new-table"))
    form = card.locator("form.table-form")
    if players is not None:
        form.locator("select[name=players]").select_option(str(players))
    if level is not None:
        for select in form.locator("select[name^=level-]:enabled").all():
            select.select_option(level)
    expect(form.locator("select[name=kind-0]")).to_have_value("human")
    form.locator("button[type=submit]").click()
    expect(page.locator(".conn")).to_have_attribute("data-state", "connected")  # any language
    table_id = page.url.split("#/t/")[1].split("/")[0]
    return page.url.split("#")[0] + f"#/t/{table_id}"


def open_details(details: Locator) -> None:
    """Open a <details> by clicking its summary, again if the click missed: the lobby's
    lines above the cards (who is online, one's games) arrive after the cards and move them,
    so a click aimed at a summary can land beside it."""
    for _ in range(3):
        if not details.evaluate("d => d.open"):
            details.locator("> summary").click()
        try:
            expect(details).to_have_attribute("open", "", timeout=3_000)
            return
        except AssertionError:
            continue
    expect(details).to_have_attribute("open", "")


def moves_shown(page: Page) -> int:
    return page.locator(".move-list .move").count()


def wait_my_turn(page: Page, timeout: float = 20_000) -> None:
    expect(page.locator(".status.your-turn")).to_be_visible(timeout=timeout)


def click_a_move(page: Page, prefer: str | None = None) -> None:
    """Click a movable piece, then one of its highlighted targets (promotion: a queen)."""
    movable = page.locator(".square.movable")
    expect(movable.first).to_be_attached()
    origin = page.locator(f'.square.movable[data-square="{prefer}"]') if prefer else movable.first
    origin.dispatch_event("click")
    target = page.locator("[data-target]").first
    expect(target).to_be_attached()
    target.dispatch_event("click")
    chooser = page.locator(".chooser:not([hidden]) button.promo")
    if chooser.count():
        chooser.first.click()


def latest_view(page: Page) -> dict[str, Any]:
    """The last `view` message the page received (recorded by `record_frames`)."""
    frames = page.evaluate("window.__frames || []")
    views = [json.loads(f) for f in frames if '"type":"view"' in f.replace(" ", "")]
    return views[-1] if views else {}


def board_pieces(page: Page) -> list[str]:
    """The pieces on the board as sorted `label` strings (colour, kind and square)."""
    labels = page.locator("svg.grid-board use.piece title").all_text_contents()
    return sorted(labels)


def games_by_name(page: Page) -> dict[str, dict[str, Any]]:
    """Every game's descriptor as the server serves it (GET /api/games)."""
    return {g["name"]: g for g in page.request.get("/api/games").json()}


def change_games(page: Page, change: Callable[[dict[str, dict[str, Any]]], None]) -> None:
    """Serve this page a changed /api/games: proof that the page follows the descriptors."""

    def handle(route: Route) -> None:
        games = {g["name"]: g for g in route.fetch().json()}
        change(games)
        route.fulfill(json=list(games.values()))

    page.route("**/api/games", handle)


def table_form(page: Page, game: str) -> Locator:
    """The lobby's New table form of `game`, opened (the page must show the lobby)."""
    card = page.locator(f".game-card[data-game={game}]")
    open_details(card.locator("details.new-table"))
    return card.locator("form.table-form")


def clock_seconds(page: Page, seat: int) -> float:
    """The time a seat's clock shows ("4:59", "0:09.4"), in seconds."""
    text = page.locator(f'.seat-clock[data-seat="{seat}"] .clock').inner_text().strip()
    *hours_minutes, seconds = text.split(":")
    minutes = 0
    for part in hours_minutes:
        minutes = minutes * 60 + int(part)
    return minutes * 60 + float(seconds)


def browser_dialogs(page: Page) -> list[str]:
    """The browser dialogs (alert, confirm) the page opens from now on, each dismissed."""
    seen: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return seen


def resign(page: Page) -> None:
    """Resign from the page's own question (no browser dialog)."""
    dialogs = browser_dialogs(page)
    page.locator("button.resign").click()
    ask = page.locator(".resign-ask")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("Resign this game?")
    ask.locator("button.resign-confirm").click()
    expect(page.locator(".status")).to_contain_text("Game over")
    assert not dialogs


_SETTLE = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  let last = "", same = 0;
  const start = performance.now();
  while (same < 3 && performance.now() - start < 1000) {
    await frame();
    const b = document.querySelector("svg.board")?.getBoundingClientRect();
    const root = document.querySelector("[style*='--board-h']");
    const h = root ? root.style.getPropertyValue("--board-h") : "";
    const now = [innerWidth, innerHeight, scrollY, h, b?.x, b?.y, b?.width, b?.height].join();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return same >= 3;
}"""


def settle(page: Page) -> None:
    """The page's layout has stood still for three animation frames running (the window, the
    board's box and its --board-h; after a resize fit.js fits the board by animation frames),
    or a second has gone by (the checks that follow then say what is off): not a fixed wait."""
    page.evaluate(_SETTLE)
