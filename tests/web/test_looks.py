"""How the boards look and what a page shows at a glance (issue 25 item 19): board themes
and piece sets chosen in a table's header and kept on this device, the rules pages'
diagrams drawn by the boards' own code from position texts, and a rating-history chart per
game on a player's profile. Screenshots of desktop and phone in both languages go to
test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import create_table, wait_my_turn

pytestmark = pytest.mark.browser


def in_language(page: Page, lang: str) -> None:
    """This device's chosen language (the header's switch keeps it the same way)."""
    page.goto("/")
    page.evaluate(f"localStorage.setItem('regalia.lang', '{lang}')")


def light_square_fill(page: Page) -> str:
    # A board drawn anew as the first view arrives detaches the square a locator found a moment
    # earlier, and a detached square has no computed fill (CI once read ''): read one in the page.
    fill: str = page.wait_for_function(
        """() => {
            const square = document.querySelector('.board .square.light');
            return square && square.isConnected && getComputedStyle(square).fill;
        }"""
    ).json_value()
    return fill


def test_a_board_theme_and_a_piece_set_are_chosen_and_kept(
    page: Page, phone: Page, artifacts: Path
) -> None:
    """One table per board kind: the look is chosen in English, and the language switched on
    the same page (this device's choice, then a reload) gives the letters of pt-BR; the
    colours and the piece set are the same in both languages."""
    in_language(page, "en")
    create_table(page, "regulator", level="random")
    wait_my_turn(page)
    assert light_square_fill(page) == "rgb(239, 227, 200)"  # wood, the default
    assert page.locator("defs.piece-defs symbol#piece-k path").count() > 0  # drawn pieces
    page.locator(".look-settings > summary").click()
    page.locator("select[name=board-theme]").select_option("blue")
    page.locator("select[name=piece-set]").select_option("letters")
    # At once, on this board: blue squares, and each piece a disc with its letter.
    assert light_square_fill(page) == "rgb(222, 227, 230)"
    letters = {"en": ("K", "N"), "pt-BR": ("R", "C")}
    for lang, (king, knight) in letters.items():
        if lang != "en":  # kept on this device: after a reload, in the other language too
            page.evaluate(f"localStorage.setItem('regalia.lang', '{lang}')")
            page.reload()
            wait_my_turn(page)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            assert light_square_fill(page) == "rgb(222, 227, 230)"
            expect(page.locator("select[name=piece-set]")).to_have_value("letters")
        expect(page.locator("defs.piece-defs symbol#piece-k text.piece-letter").first).to_have_text(
            king
        )
        expect(page.locator("defs.piece-defs symbol#piece-n text.piece-letter").first).to_have_text(
            knight
        )
        page.screenshot(path=str(artifacts / f"look-blue-letters-{lang}.png"))
    page.locator(".look-settings > summary").click()
    page.locator("select[name=board-theme]").select_option("green")
    assert light_square_fill(page) == "rgb(238, 238, 210)"

    # And on another board of the page's kind.
    in_language(phone, "en")
    phone.evaluate(
        "localStorage.setItem('regalia.look', JSON.stringify({board: 'green', pieces: 'letters'}))"
    )
    create_table(phone, "regicide", level="random")
    for lang in letters:
        if lang != "en":
            phone.evaluate(f"localStorage.setItem('regalia.lang', '{lang}')")
            phone.reload()
            expect(phone.locator("html")).to_have_attribute("lang", lang)
        expect(phone.locator(".board .square.light").first).to_be_visible()
        assert light_square_fill(phone) == "rgb(238, 238, 210)"
        assert phone.locator("defs.piece-defs symbol#piece-q text.piece-letter").count() > 0
        width = phone.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
        phone.screenshot(path=str(artifacts / f"look-green-letters-regicide-{lang}-phone.png"))


RULES = {
    # page: [(game, pieces drawn, squares marked as a king in check or attacked)]
    "regulator": [("regulator", 20, []), ("regulator", 3, []), ("regulator", 20, ["c7"])],
    "regicide": [("regicide", 64, []), ("regicide", 5, ["a7"])],
}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("game", sorted(RULES))
def test_the_rules_pages_draw_the_positions_they_describe(
    page: Page, phone: Page, artifacts: Path, game: str, lang: str
) -> None:
    url = f"/rules/{game}.html" if lang == "en" else f"/rules/{game}.{lang}.html"
    for shown in (page, phone):
        shown.goto(url)
        figures = shown.locator("figure.rules-diagram")
        expect(figures).to_have_count(len(RULES[game]))
        for i, (name, pieces, marked) in enumerate(RULES[game]):
            figure = figures.nth(i)
            expect(figure).to_have_attribute("data-drawn", "true")
            assert figure.get_attribute("data-game") == name
            expect(figure.locator("svg.board use.piece")).to_have_count(pieces)
            checks = figure.locator(".square.check")
            expect(checks).to_have_count(len(marked))
            assert [c.get_attribute("data-square") for c in checks.all()] == marked
            assert figure.locator("figcaption").inner_text().strip()
        # The board's own words are in the page's language (the catalogue the app uses).
        if game == "regulator":
            title = shown.locator("figure.rules-diagram .track-title").first
            expect(title).to_have_text("Regulator" if lang == "en" else "Regulador")
        width = shown.evaluate("document.scrollingElement.scrollWidth")
        assert width <= shown.viewport_size["width"], f"the page scrolls sideways ({width}px)"  # type: ignore[index]
    page.locator("figure.rules-diagram").last.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"rules-diagram-{game}-{lang}.png"))
    phone.locator("figure.rules-diagram").first.scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / f"rules-diagram-{game}-{lang}-phone.png"))


REGICIDA_WORDS = {
    "en": ("Expansion — build the realm", "Pile 1 · 11", "Intrigue — swap and darken"),
    "pt-BR": ("Expansão — construa o reino", "Pilha 1 · 11", "Intriga — troque e escureça"),
}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_regicida_rules_page_draws_its_grids_and_piles(
    page: Page, phone: Page, artifacts: Path, lang: str
) -> None:
    """Regicida's rules page draws, with the game's own board, the realm in Expansion (four
    tokens, the cells where the next may go, the three piles) and a full grid after an
    intrigue (two dark tokens, the swapped pair marked), in the page's language."""
    url = "/rules/regicida.html" if lang == "en" else f"/rules/regicida.{lang}.html"
    expansion, pile, intrigue = REGICIDA_WORDS[lang]
    for shown in (page, phone):
        shown.goto(url)
        figures = shown.locator("figure.rules-diagram")
        expect(figures).to_have_count(2)
        growing, full = figures.nth(0), figures.nth(1)
        for figure in (growing, full):
            expect(figure).to_have_attribute("data-drawn", "true")
            assert figure.get_attribute("data-game") == "regicida"
            assert figure.locator("figcaption").inner_text().strip()
            for panel in (".regicida-key", ".regicida-panels"):  # no table's seats or secrets
                expect(figure.locator(panel)).to_be_hidden()
        # Expansion: four tokens (each in its House's colour), eight marked cells, three piles.
        expect(growing.locator(".phase")).to_have_text(expansion)
        expect(growing.locator("svg.regicida-board .token")).to_have_count(4)
        assert growing.locator(
            'svg.regicida-board .token[data-house="2"] .token-face'
        ).get_attribute("fill") == ("#3b7dd8")
        expect(growing.locator("svg.regicida-board .target-dot")).to_have_count(8)
        expect(growing.locator(".piles .pile")).to_have_count(3)
        expect(growing.locator(".piles .pile-size").first).to_have_text(pile)
        # Intrigue: the whole 6 x 6, two tokens dark, the swapped pair marked as the last move.
        expect(full.locator(".phase")).to_have_text(intrigue)
        expect(full.locator("svg.regicida-board .token")).to_have_count(36)
        expect(full.locator("svg.regicida-board .token.dark")).to_have_count(2)
        assert sorted(
            c.get_attribute("data-cell") or "" for c in full.locator("rect.cell.last").all()
        ) == ["d3", "e3"]
        expect(full.locator(".piles")).to_be_hidden()
        width = shown.evaluate("document.scrollingElement.scrollWidth")
        assert width <= shown.viewport_size["width"], f"the page scrolls sideways ({width}px)"  # type: ignore[index]
    page.locator("figure.rules-diagram").last.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"rules-diagram-regicida-{lang}.png"))
    phone.locator("figure.rules-diagram").first.scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / f"rules-diagram-regicida-{lang}-phone.png"))


def new_player(page: Page, name: str) -> dict[str, Any]:
    reply = page.request.post("/api/players", data={"name": name})
    assert reply.ok, reply.text()
    body: dict[str, Any] = reply.json()
    return body


def rated_game(page: Page, players: list[dict[str, Any]], loser: int) -> str:
    spec = {"game": "regulator", "seats": [{"kind": "human"}] * 2, "rated": True}
    made = page.request.post("/api/tables", data=spec).json()
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for token, player in zip(tokens, players, strict=True):
        headers = {"X-Seat-Token": token, "X-Player-Key": player["player_key"]}
        assert page.request.post(f"/api/tables/{table}/join", data={}, headers=headers).ok
    resign = page.request.post(
        f"/api/tables/{table}/commands",
        data={"type": "resign"},
        headers={"X-Seat-Token": tokens[loser]},
    )
    assert resign.ok, resign.text()
    return str(table)


def test_a_profile_charts_the_rating_history_of_each_game(
    page: Page, phone: Page, artifacts: Path
) -> None:
    """The same three rated games charted in each language (only the caption's words
    differ), on desktop and phone."""
    lia, max_ = new_player(page, "Lia"), new_player(page, "Max")
    tables = [rated_game(page, [lia, max_], loser) for loser in (1, 1, 0)]
    history = page.request.get(f"/api/players/{lia['id']}/ratings/history").json()
    ratings = [p["rating"] for p in history["games"]["regulator"]]
    assert len(ratings) == 4 and ratings[0] == 1000
    words = {"en": "over 3 rated games", "pt-BR": "em 3 partidas ranqueadas"}
    for lang in words:
        for shown, tag in ((page, ""), (phone, "-phone")):
            in_language(shown, lang)
            shown.goto(f"/#/player/{lia['id']}")
            shown.reload()  # the hash alone does not load the page again in its language
            expect(shown.locator("html")).to_have_attribute("lang", lang)
            chart = shown.locator("figure.rating-history[data-game=regulator]")
            expect(chart).to_be_visible()
            expect(chart.locator("circle.rating-dot")).to_have_count(4)
            # The dots go up, up, then down, as the ratings did, and each links to its replay.
            heights = [
                float(y)
                for y in chart.locator("circle.rating-dot").evaluate_all(
                    "ds => ds.map((d) => d.getAttribute('cy'))"
                )
            ]
            assert heights[1] < heights[0] and heights[2] < heights[1] and heights[3] > heights[2]
            links = chart.locator("svg a").evaluate_all(
                "as => as.map((a) => a.getAttribute('href'))"
            )
            assert links == [f"#/replay/{t}" for t in tables]
            expect(chart.locator("figcaption")).to_have_text(
                f"Regulator Chess: {ratings[0]} → {ratings[-1]} {words[lang]}"
            )
            width = shown.evaluate("document.scrollingElement.scrollWidth")
            assert width <= shown.viewport_size["width"], f"the page scrolls sideways ({width}px)"  # type: ignore[index]
            chart.scroll_into_view_if_needed()
            shown.screenshot(path=str(artifacts / f"profile-rating-chart-{lang}{tag}.png"))
    # A player without rated games has no chart.
    nobody = new_player(page, "Ned")
    page.goto(f"/#/player/{nobody['id']}")
    expect(page.locator(".no-ratings")).to_be_visible()
    expect(page.locator("figure.rating-history")).to_have_count(0)
