"""What got in a newcomer's way, each checked in the browser (docs/web.md): attacked kings in
Regicide, every move since your own on the board, the move box's hint, bot levels by
strength, Regicida's cell-first placing, coordinates and swap chooser, a table that does
not exist, results and seat labels in plain words, messages that never push the board,
focus after creating a table, Regicide replays by round from the player's seat, the
rematch button, the draw note, the regulator track's legend, and phone-sized pages."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from regalia.core.registry import get_game
from regalia.games.regicide import board as B
from tests.web.conftest import _checked_page
from tests.web.helpers import (
    click_a_move,
    create_table,
    games_by_name,
    open_details,
    resign,
    settle,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

# After Green's rook came to a9 the Yellow king on a7 was attacked (the game).
ATTACKED = "Y:Ka7,Pb4:0/G:Ra9,Kg1/R:Ko8/B:Kh14,Nk12 Y - - - 0 1"


def regicide_positions(count: int = 400) -> list[dict[str, Any]]:
    """Random positions with the kings each enemy could capture, by the rules' own code."""
    game = get_game("regicide")
    rng = random.Random(7)
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < count:
        state = game.new(seed)
        seed += 1
        for _ in range(rng.randint(30, 150)):
            if state.result():
                break
            seat = state.turn
            state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            pos = state.position
            attacked = []
            for king_seat in range(4):
                square = pos.kings[king_seat]
                by = [o for o in range(4) if (o ^ king_seat) & 1 and pos.attacks(o, square)]
                if square >= 0 and by:
                    attacked.append({"seat": king_seat, "square": B.square_name(square), "by": by})
            out.append({"text": state.view(None)["position"], "attacked": attacked})
    return out


def mount(page: Page, game: str, message: dict[str, Any], seat: int | None = None) -> None:
    """Draw `message` with the game's board module in a box of its own on the lobby page;
    the moves it sends land in window.__acts."""
    page.goto("/")
    expect(page.locator(".game-card").first).to_be_visible()
    page.evaluate(
        """async ([game, message, seat]) => {
          const module = await import(`/js/boards/${game}.js`);
          const root = document.createElement("div");
          root.id = "probe";
          root.className = "game-view";
          document.querySelector("main").replaceChildren(root);
          window.__acts = [];
          const view = module.createView(root, {
            seat, act: (t) => window.__acts.push(t), playerNames: () => [], game: {},
          });
          view.update(message);
        }""",
        [game, message, seat],
    )


def test_regicide_marks_every_attacked_king(page: Page, artifacts: Path) -> None:
    # The board's attack test agrees with the rules on hundreds of positions.
    positions = regicide_positions()
    assert sum(1 for p in positions if p["attacked"]) > 50
    page.goto("/")
    found = page.evaluate(
        """async (positions) => {
          const { attackedKings } = await import("/js/boards/regicide.js");
          return positions.map((p) => attackedKings(p.text));
        }""",
        positions,
    )
    assert found == [p["attacked"] for p in positions]

    # The position: Yellow's king on a7, attacked by Green's rook on a9.
    record = get_game("regicide").from_position(ATTACKED).to_record()
    page.locator(".replay-upload textarea").fill(record)
    page.locator(".replay-upload button[type=submit]").click()
    expect(page.locator('.square.check[data-square="a7"]')).to_have_count(1)
    expect(page.locator(".square.check")).to_have_count(1)
    expect(page.locator(".seat-badge.yellow")).to_contain_text("king attacked")
    expect(page.locator(".seat-badge.yellow")).to_have_class(re.compile("king-attacked"))
    page.screenshot(path=str(artifacts / "regicide-attacked-king.png"))


def test_regicide_board_shows_every_move_since_yours(page: Page, artifacts: Path) -> None:
    games = games_by_name(page)
    create_table(page, "regicide")
    wait_my_turn(page)
    # The move box's example reads in this game (it is the game's own).
    hint = games["regicide"]["notation_hint"]
    box = page.locator("input.move-input")
    expect(box).to_have_attribute("placeholder", f"e.g. {hint}")
    box.fill(hint.split(" or ")[0])
    box.press("Enter")
    expect(page.locator(".move-list .move").first).to_have_text(hint.split(" or ")[0])
    wait_my_turn(page)
    expect(box).to_have_value("")  # played, so the box is empty again
    fresh = page.locator(".move-list .move.since-mine")
    expect(fresh).to_have_count(3)
    arrows = page.locator("svg.grid-board .recent-move")
    played = [t for t in fresh.all_text_contents() if t != "pass"]
    expect(arrows).to_have_count(len(played))
    colours = {a.get_attribute("class").split()[-1] for a in arrows.all()}  # type: ignore[union-attr]
    assert colours <= {"green", "red", "blue"} and len(colours) == len(played)
    page.screenshot(path=str(artifacts / "regicide-since-mine.png"))
    # After my next move the arrows are the next three moves, not these.
    shown = arrows.evaluate_all("gs => gs.map((g) => g.dataset.from + g.dataset.to)")
    click_a_move(page)
    expect(page.locator(".move-list .move")).to_have_count(8, timeout=20_000)
    wait_my_turn(page)
    expect(fresh).to_have_count(3)
    expect(fresh.first).to_have_attribute("data-ply", "6")
    later = [t for t in fresh.all_text_contents() if t != "pass"]
    expect(arrows).to_have_count(len(later))
    assert arrows.evaluate_all("gs => gs.map((g) => g.dataset.from + g.dataset.to)") != shown


def test_bot_levels_by_strength_with_a_casual_default(page: Page) -> None:
    games = games_by_name(page)
    page.goto("/")
    for name in ("regulator", "regicide", "regicida"):
        select = page.locator(f"form.table-form[data-game={name}] select[name=level-1]")
        options = select.locator("option")
        expect(options).to_have_count(len(games[name]["levels"]))
        shown = options.evaluate_all("os => os.map((o) => o.textContent)")  # "Casual · about 956"
        assert all(" · about " in text for text in shown), shown
        rated = [int(text.rsplit(" ", 1)[1]) for text in shown]
        assert rated == sorted(rated), shown
        expect(select).to_have_value("greedy")
        titles = select.locator("option").evaluate_all("os => os.map((o) => o.title)")
        assert titles[-1].startswith("strong:") and titles[0].startswith("random:")
        assert games[name]["default_level"] == "greedy"


def regicida_message(phase: str, seat: int = 0) -> dict[str, Any]:
    """A Regicida view message of a seeded game, played at random until `seat` acts in
    `phase` ("expansion" with three piles to place from, or "intrigue" with a swap)."""
    game = get_game("regicida")
    rng = random.Random(3)
    for seed in range(50):
        state = game.new(seed, 4)
        while not state.result():
            acting = sorted(state.to_act())
            view = state.view(seat)
            legal = [state.encode(a) for a in state.legal_actions(seat)]
            if seat in acting and view["phase"] == phase:
                places = {t.split()[1] for t in legal if t.startswith("place")}
                if (phase == "expansion" and len(places) == 3) or any(
                    t.startswith("swap") for t in legal
                ):
                    return {
                        "view": view,
                        "legal": [{"action": t, "text": t} for t in legal],
                        "to_act": acting,
                        "status": "playing",
                    }
            mover = acting[0]
            state = state.apply(mover, rng.choice(list(state.legal_actions(mover))))
    raise AssertionError(f"no {phase} position found")


def test_regicida_cell_first_coordinates_and_the_swap_chooser(page: Page, artifacts: Path) -> None:
    message = regicida_message("expansion")
    mount(page, "regicida", message, 0)
    hint = page.locator("#probe .hint")
    expect(hint).to_contain_text("or a marked cell first")
    # Rows and columns are labelled as cells are named.
    target = page.locator("#probe rect.cell.target").first
    name = target.get_attribute("data-cell") or ""
    column = page.locator(f'#probe .grid-coord[data-col="{name[0]}"]')
    row = page.locator(f'#probe .grid-coord[data-row="{name[1:]}"]')
    expect(column).to_have_count(1)
    expect(row).to_have_count(1)
    box, col_box, row_box = target.bounding_box(), column.bounding_box(), row.bounding_box()
    assert box and col_box and row_box
    assert abs((col_box["x"] + col_box["width"] / 2) - (box["x"] + box["width"] / 2)) < 3
    assert abs((row_box["y"] + row_box["height"] / 2) - (box["y"] + box["height"] / 2)) < 3
    # A marked cell first: the page asks which pile's token goes there, then places it.
    target.dispatch_event("click")
    choices = page.locator("#probe .flip-chooser button.place-from")
    expect(choices).to_have_count(3)
    expect(hint).to_contain_text(f"goes on {name}")
    page.screenshot(path=str(artifacts / "regicida-cell-first.png"))
    choices.nth(1).click()
    assert page.evaluate("window.__acts") == [f"place 2 {name}"]

    # Scheming: the chooser leaves both tokens in sight and the hint says what comes next.
    mount(page, "regicida", regicida_message("intrigue"), 0)
    first = page.locator("#probe rect.cell.movable").first
    a = first.get_attribute("data-cell")
    first.dispatch_event("click")
    partner = page.locator("#probe rect.cell.partner").first
    b = partner.get_attribute("data-cell")
    partner.dispatch_event("click")
    chooser = page.locator("#probe .flip-chooser")
    expect(chooser).to_be_visible()
    expect(page.locator("#probe .hint")).to_have_text(
        f"Swapping {a} and {b}: choose below which one turns dark."
    )
    area = chooser.bounding_box()
    assert area
    for cell in (a, b):
        spot = page.locator(f'#probe rect.cell[data-cell="{cell}"]').bounding_box()
        assert spot
        assert spot["y"] + spot["height"] <= area["y"] or spot["y"] >= area["y"] + area["height"]
    page.screenshot(path=str(artifacts / "regicida-swap-chooser.png"))


def test_a_table_that_does_not_exist(page: Page) -> None:
    page.goto("/#/t/doesnotexist")
    expect(page.locator(".alert")).to_have_text("There is no table doesnotexist.")
    expect(page.locator(".conn")).to_have_text("no such table")
    expect(page.locator(".table-body")).to_be_hidden()
    expect(page.get_by_role("heading", name="Moves")).to_be_hidden()
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()


def test_plain_words_a_steady_board_and_the_next_step_focused(page: Page, artifacts: Path) -> None:
    # Results as sentences, Regicide's reason without nested team names.
    page.goto("/")
    said = page.evaluate(
        """async () => {
          const { resultText } = await import("/js/result.js");
          const { plainReason } = await import("/js/boards/regicide.js");
          const reason = "dark (Green and Blue) team wins: " +
            "both kings of the light (Yellow and Red) team were captured";
          const result = { outcomes: ["loss", "win", "loss", "win"], reason };
          return resultText(result, ["Yellow", "Green", "Red", "Blue"], 0, plainReason);
        }"""
    )
    assert said == (
        "Game over: Green and Blue win — the Yellow and Red kings were both captured. You lose."
    )
    # Creating a table for oneself opens it at once (one with invites focuses Play this seat:
    # tests/web/test_first_visit.py).
    card = page.locator(".game-card[data-game=regulator]")
    open_details(card.locator("details.new-table"))
    card.locator("form.table-form button[type=submit]").click()
    expect(page.locator(".conn")).to_have_text("connected")
    wait_my_turn(page)
    click_a_move(page)
    status = page.locator(".status")
    expect(status).to_have_text(re.compile(r"^(Black \(Casual bot\) to move|Your move)"))
    wait_my_turn(page)
    # A refused move: the message floats over the page, the board stays put, the text stays.
    board = page.locator("svg.grid-board")
    before = board.bounding_box()
    box = page.locator("input.move-input")
    box.fill("Kc5")
    box.press("Enter")
    expect(page.locator(".alert")).to_be_visible()
    after = board.bounding_box()
    assert before and after and abs(before["y"] - after["y"]) < 1
    expect(box).to_have_value("Kc5")
    page.screenshot(path=str(artifacts / "regulator-refused-move.png"))
    # The regulator track has a heading and its tints a legend.
    expect(page.locator(".regulator-track .track-title")).to_have_text("Regulator")
    expect(page.locator(".powers .swatch")).to_have_count(2)
    expect(page.locator(".powers .legend-title")).to_contain_text("Regulator on")
    # The draw note has its own line: Resign stays beside the other buttons.
    page.locator("button.offer-draw").click()
    expect(page.locator(".draw-note")).to_have_text("The draw offer was declined.")
    buttons_fit_on_one_row(page)
    resign(page)
    expect(status).to_have_text("Game over: Black wins — White resigned. You lose.")
    # The rematch: asked once, the button goes; the link to it stays.
    page.locator("button.rematch").click()
    expect(page.get_by_role("link", name="Go to the rematch table")).to_be_visible()
    expect(page.locator("button.rematch")).to_be_hidden()


TABLE_BUTTONS = ("button.offer-takeback", "button.offer-draw", "button.resign")


_BUTTON_BOXES = """(selectors) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const controls = document.querySelector(".controls");
  return {controls: controls && box(controls), buttons: selectors.map((s) => {
    const b = document.querySelector(s);
    return b && {...box(b), cut: b.scrollWidth > b.clientWidth + 1, words: b.innerText};
  })};
}"""


def buttons_fit_on_one_row(page: Page) -> None:
    """Take back, Offer a draw and Resign share one row inside the controls, each whole: all
    measured in one frame once the layout has settled (fit.js refits the board by animation
    frames after a resize, which moves the controls between separate reads)."""
    for selector in TABLE_BUTTONS:
        expect(page.locator(selector)).to_be_visible()
    settle(page)
    seen = page.evaluate(_BUTTON_BOXES, list(TABLE_BUTTONS))
    controls, boxes = seen["controls"], seen["buttons"]
    assert controls
    for selector, box in zip(TABLE_BUTTONS, boxes, strict=True):
        assert box, selector
        assert box["x"] >= controls["x"] - 0.5, (selector, box, controls)
        assert box["x"] + box["width"] <= controls["x"] + controls["width"] + 0.5, (
            f"{selector} runs past the controls' right edge: {box} in {controls}"
        )
        assert not box["cut"], f"{selector}'s words are cut: {box['words']!r}"
    tops = [round(box["y"]) for box in boxes]
    assert max(tops) - min(tops) < 2, f"the buttons are on more than one row: {tops}"


# Take back, Offer a draw and Resign need 320 of the side column's 320 px (pt-BR 321) and 365
# of a 390 px phone's 377 (its buttons are taller and wider to tap): a 360 px phone, other fonts
# or one more word put Resign on a row of its own unless the buttons shrink.
SIZES = {"desktop": (1366, 768), "phone": (390, 844), "small-phone": (360, 800)}
BUTTON_WORDS = {"en-US": "Resign", "pt-BR": "Desistir"}


def test_a_tables_buttons_fit_on_one_row(
    browser: Browser, server: str, request: pytest.FixtureRequest
) -> None:
    # One table with a move to take back, seen at each size (the layout is the window's, by
    # its media queries) in English, then in Portuguese (the switch redraws the same table).
    for page in _checked_page(browser, server, request, SIZES["desktop"], "-en-US", "en-US"):
        create_table(page, "regulator")
        wait_my_turn(page)
        click_a_move(page)  # a move to take back
        wait_my_turn(page)
        for locale, resign_word in BUTTON_WORDS.items():
            if locale != "en-US":
                page.set_viewport_size({"width": 1366, "height": 768})
                page.locator(".lang-select").select_option(locale)
                expect(page.locator("html")).to_have_attribute("lang", locale)
                wait_my_turn(page)
            expect(page.locator("button.resign")).to_have_text(resign_word)
            for name, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                try:
                    buttons_fit_on_one_row(page)
                except AssertionError as exc:
                    raise AssertionError(f"{locale} at {name} ({width} × {height}): {exc}") from exc


def test_regicide_replay_by_round_from_the_players_seat(page: Page, artifacts: Path) -> None:
    create_table(page, "regicide")
    for round_ in range(2):
        wait_my_turn(page)
        click_a_move(page)
        expect(page.locator(".move-list .move")).to_have_count(4 * (round_ + 1), timeout=20_000)
    wait_my_turn(page)
    resign(page)
    page.get_by_role("link", name="Step through the replay").click()
    expect(page.locator(".replay-nav")).to_be_visible()
    # Yellow played it: Yellow's edge is at the bottom, as at the table.
    expect(page.locator(".seat-badge.yellow")).to_have_class(re.compile("edge-bottom"))
    expect(page.locator(".status")).to_contain_text("You lose")
    rows = page.locator(".move-list li")  # two rounds of four moves, then Yellow resigned
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator(".move")).to_have_count(4)
    assert rows.nth(0).locator(".move").first.text_content().startswith("Y")  # type: ignore[union-attr]
    page.screenshot(path=str(artifacts / "regicide-replay.png"))


def test_phone_pages_fit(phone: Page, artifacts: Path) -> None:
    page = phone
    page.goto("/")
    rules = page.locator("#rules-nav .rules-links")
    expect(rules.locator("a")).to_have_count(3)
    height = rules.bounding_box()
    assert height and height["height"] < 32, f"the header's rules links take {height['height']}px"
    create_table(page, "regicide")
    wait_my_turn(page)
    square = page.locator('rect[data-square="g7"]').bounding_box()
    assert square and square["width"] < 30
    page.locator("button.zoom").click()
    expect(page.locator(".regicide-board.zoomed")).to_have_count(1)
    square = page.locator('rect[data-square="g7"]').bounding_box()
    assert square and square["width"] >= 44, f"zoomed squares are {square['width']}px"
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
    click_a_move(page)
    expect(page.locator(".move-list .move").first).to_be_visible()
    page.screenshot(path=str(artifacts / "regicide-phone-zoomed.png"))

    # Regicida: your Identity and the Objective are on the first screen.
    create_table(page, "regicida", players=4)
    identity = page.locator(".identity[data-identity]")
    expect(identity).to_be_visible()
    for part in (identity, page.locator(".objective-card")):
        expect(part).to_be_visible()
        box = part.bounding_box()
        assert box and box["y"] + box["height"] <= 844, f"{box} is below the fold"
    page.screenshot(path=str(artifacts / "regicida-phone.png"))
    assert json.dumps(page.evaluate("document.scrollingElement.scrollWidth")) <= "390"
