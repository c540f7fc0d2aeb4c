"""A newcomer's first visit (docs/web.md, "Lobby"): each game's card is its board's picture, its
name, one sentence and two buttons; a table created for oneself opens at once; the files
come gzipped and the page preloads its modules. Screenshots of the lobby on desktop and
phone, English and pt-BR, go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.web.conftest import _checked_page
from tests.web.helpers import games_by_name, table_form

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
BUILT_IN = ("regulator", "regicide", "regicida")


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_each_card_is_a_picture_a_sentence_and_two_buttons(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    artifacts: Path,
    locale: str,
) -> None:
    # One visit per language, its lobby seen at each size (the window resized: the layout is
    # the window's, by its media queries).
    responses: list[Response] = []
    first = SIZES["desktop"]
    for page in _checked_page(browser, server, request, first, f"-{locale}", locale):
        page.on("response", lambda r: responses.append(r))
        page.goto("/")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")  # as a first visit opens: at the top
            cards_are_a_picture_a_sentence_and_two_buttons(page, size)
            page.screenshot(path=str(artifacts / f"first-visit-lobby-{locale}-{size}.png"))
            page.locator(".game-card[data-game=regicide]").screenshot(
                path=str(artifacts / f"first-visit-card-{locale}-{size}.png")
            )
        # The modules come gzipped, and the page names every one it will need at once.
        modules = [r for r in responses if r.url.endswith(".js")]
        assert len(modules) >= 20
        for response in modules:
            assert response.header_value("content-encoding") == "gzip", response.url
            assert response.header_value("etag"), response.url
        preloads = page.locator("link[rel=modulepreload]")
        assert preloads.count() >= 20
        hrefs = preloads.evaluate_all("links => links.map((l) => l.getAttribute('href'))")
        assert any(h.endswith("/js/lobby.js") for h in hrefs), hrefs
        assert any(h.endswith("/js/table.js") for h in hrefs), hrefs
        # A later visit asks for nothing but the page: the rest is cached for good.
        for response in modules:
            assert "immutable" in (response.header_value("cache-control") or ""), response.url


def cards_are_a_picture_a_sentence_and_two_buttons(page: Page, size: str) -> None:
    for game in BUILT_IN:
        card = page.locator(f".game-card[data-game={game}]")
        picture = card.locator("img.card-picture")
        expect(picture).to_be_visible()
        # decode() settles once the file has arrived: visible is not yet loaded, and a slow
        # CI machine showed the box before the picture.
        assert picture.evaluate(
            "img => img.decode().then(() => img.naturalWidth > 0, () => false)"
        ), game
        box = picture.bounding_box()
        assert box is not None and 48 <= box["width"] <= 96, (size, box)
        # One sentence: a single full stop, at its end.
        sentence = card.locator(".summary").inner_text().strip()
        assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
        # The two buttons show without opening anything: on a desktop every card's above
        # the fold, on a phone the first card's.
        buttons = card.locator(".play-now-row button:visible")
        expect(buttons).to_have_count(2)
        expect(buttons.nth(0)).to_have_class("play-now primary")
        expect(buttons.nth(1)).to_have_class("play-computer")
        last = buttons.nth(1).bounding_box()
        assert last is not None
        if size == "desktop" or game == BUILT_IN[0]:
            assert last["y"] + last["height"] <= SIZES[size][1], (size, game, last)


def test_a_table_for_oneself_opens_at_once_and_one_with_invites_offers_them(
    page: Page, phone: Page
) -> None:
    descriptions = games_by_name(page)
    for game in BUILT_IN:
        assert descriptions[game]["summary"]
    # You and a bot: the table itself, no "created" box to read and click through.
    page.goto("/")
    form = table_form(page, "regicide")
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#/t/[^/]+/[^/]+$"))
    expect(page.locator(".conn")).to_have_attribute("data-state", "connected")
    expect(page.locator(".created")).to_have_count(0)
    # A seat for a friend: the invite first (focused on playing one's own seat), and again
    # on the table page.
    phone.goto("/")
    form = table_form(phone, "regulator")
    form.locator("select[name=kind-1]").select_option("human")
    form.locator("button[type=submit]").click()
    expect(phone.locator(".created .play-link")).to_be_focused()
    invite = phone.locator(".created .invite[data-seat='1'] input.invite-url").input_value()
    phone.locator(".created .play-link").click()
    expect(phone.locator(".links .invite button.copy")).to_have_attribute("data-copy", invite)


_SHIFTS = """() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push({value: entry.value,
        moved: entry.sources.map((s) => s.node && (s.node.className || s.node.nodeName))});
    }
  }).observe({type: "layout-shift", buffered: true});
}"""


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_on_the_lobby_moves_once_it_is_shown(
    browser: Browser, server: str, request: pytest.FixtureRequest, size: str, locale: str
) -> None:
    """The lobby's lines that come from later answers (the rules links in the header, who is
    online, each card's puzzle of the day, analysis link and waiting count, the table lists)
    take their place without moving what is already shown: a click aimed at New table or Play
    now lands on it (the layout-shift score, which lichess's lobby keeps near 0 too)."""
    for page in _checked_page(browser, server, request, SIZES[size], f"-{size}-{locale}", locale):
        page.add_init_script(f"({_SHIFTS})()")
        page.goto("/")
        expect(page.locator(".game-card")).to_have_count(len(games_by_name(page)))
        expect(page.locator(".tables h2").first).to_be_visible()
        expect(page.locator(".online-count")).not_to_be_empty()
        # Every answer in: the counts, the lists, the card lines drawn (settled by frames).
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                      "requestAnimationFrame(done)))")  # fmt: skip
        shifts = page.evaluate("window.__shifts")
        score = sum(s["value"] for s in shifts)
        assert score < 0.02, f"the lobby moved by {score:.3f}: {shifts}"
