"""Play now and the computer (docs/web.md, "Lobby"): the lobby counts who is online and,
per game, who waits for an opponent; Play now never pairs with a player who closed the tab;
with nobody found it counts down and the open seats go to a bot (the server's
`bot_after_s`, shortened here by rewriting the request); "Play the computer" seats a bot at
once. Screenshots of desktop and phone, English and pt-BR, go to test-artifacts/."""

from __future__ import annotations

import json
import math
import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from regalia.tables.seeks import CONNECTING_SECONDS
from tests.web.conftest import _checked_page
from tests.web.helpers import table_form

pytestmark = pytest.mark.browser

DESKTOP = (1366, 768)
PHONE = (390, 844)
GAME = "regulator"
CLOCK = "15+10"  # a time control no other browser test quick-plays


def wait_bots_after(page: Page, seconds: int) -> None:
    """Quick plays from `page` ask the server to offer the seats to bots after `seconds`."""

    def shorten(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        body.setdefault("bot_after_s", seconds)
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/quickplay", shorten)


def pick_clock(page: Page) -> None:
    form = table_form(page, GAME)
    select = form.locator("select[name=clock]")
    value = select.evaluate(
        "(s, label) => [...s.options].find((o) => o.textContent.includes(label)).value", "15"
    )
    select.select_option(value)


def table_id(page: Page) -> str:
    return page.url.split("#/t/")[1].split("/")[0]


def online(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.request.get("/api/lobby/online").json()
    return found


def seek_of(page: Page, clock_initial: int = 900) -> dict[str, Any] | None:
    return next(
        (s for s in online(page)["seeks"]
         if s["game"] == GAME and (s["clock"] or {}).get("initial_s") == clock_initial),
        None,
    )  # fmt: skip


def test_play_now_skips_a_closed_tab_then_gives_the_computer(
    browser: Browser, server: str, request: pytest.FixtureRequest, artifacts: Path
) -> None:
    checked = contextmanager(_checked_page)
    with (
        checked(browser, server, request, DESKTOP, "-ana") as ana,
        checked(browser, server, request, DESKTOP, "-bea") as bea,
    ):
        # Ana presses Play now: a table waits for an opponent and says when the computer comes.
        wait_bots_after(ana, 600)
        ana.goto("/")
        ana.locator("#player-name").fill("Ana")
        ana.locator("#player-name").press("Enter")
        pick_clock(ana)
        ana.locator(f".game-card[data-game={GAME}] button.play-now").click()
        expect(ana.locator(".status")).to_contain_text("1 open seat")
        expect(ana.locator(".seek-wait")).to_contain_text(re.compile(r"Nobody yet: in \d+ s"))
        expect(ana.locator(".seek-wait button.play-computer")).to_be_visible()
        ana.screenshot(path=str(artifacts / "quickplay-waiting.png"))
        waiting = table_id(ana)

        # Bea's lobby sees her: someone online, one player waiting at this game.
        bea.goto("/")
        card = bea.locator(f".game-card[data-game={GAME}]")
        expect(bea.locator(".online-count")).to_contain_text(re.compile(r"\d+ players? online"))
        expect(card.locator(".seek-count")).to_have_text(re.compile(r"[1-9]\d* players? waiting"))
        expect(card.locator("button.play-computer")).to_have_text("Play the computer")
        bea.screenshot(path=str(artifacts / "lobby-online.png"))

        # Ana closes the tab; her seek dies with it (waited for, not slept: the server's
        # grace for a page still connecting is over once her seek is CONNECTING_SECONDS old;
        # waiting_s is whole seconds, rounded down).
        grace = math.ceil(CONNECTING_SECONDS)
        deadline = time.monotonic() + 20
        while (seek_of(bea) or {}).get("waiting_s", 0) < grace and time.monotonic() < deadline:
            bea.wait_for_timeout(200)
        ana.close()
        deadline = time.monotonic() + 10
        while seek_of(bea) is not None and time.monotonic() < deadline:
            bea.wait_for_timeout(200)
        assert seek_of(bea) is None, "a closed tab's seek is still listed"

        # Bea's Play now is not paired with her: a table of her own, which after the
        # (shortened) wait goes to the computer.
        wait_bots_after(bea, 3)
        bea.locator("#player-name").fill("Bea")
        bea.locator("#player-name").press("Enter")
        pick_clock(bea)
        card.locator("button.play-now").click()
        expect(bea).to_have_url(re.compile(r"#/t/.+/.+"))
        mine = table_id(bea)
        assert mine != waiting, "Play now paired Bea with a player who had closed the tab"
        expect(bea.locator(".seek-wait")).to_contain_text("Nobody yet")
        expect(bea).not_to_have_url(re.compile(f"#/t/{mine}/"), timeout=15_000)
        expect(bea.locator(".status")).not_to_contain_text("Waiting")
        expect(bea.locator('.seat-clock[data-seat="1"]')).to_contain_text("bot")
        computer = bea.request.get(f"/api/tables/{table_id(bea)}").json()
        assert [s["kind"] for s in computer["seats"]] == ["human", "bot"]
        assert bea.request.get(f"/api/tables/{mine}").json()["status"] == "expired"
        bea.screenshot(path=str(artifacts / "quickplay-computer.png"))


@pytest.mark.parametrize(("locale", "label"), [("en-US", "Play the computer"),
                                               ("pt-BR", "Jogar contra o computador")])  # fmt: skip
def test_play_the_computer_in_one_click(
    browser: Browser, server: str, request: pytest.FixtureRequest, artifacts: Path,
    locale: str, label: str,
) -> None:  # fmt: skip
    # One visit per language: its lobby seen at each size (the window resized: the layout is
    # the window's, by its media queries), then one click seats the computer.
    checked = contextmanager(_checked_page)
    sizes = ((DESKTOP, ""), (PHONE, "-phone"))
    with checked(browser, server, request, DESKTOP, f"-{locale}", locale) as page:
        page.goto("/")
        page.locator("#player-name").fill("Caio")
        page.locator("#player-name").press("Enter")
        card = page.locator(".game-card[data-game=regicida]")
        button = card.locator("button.play-computer")
        for size, tag in sizes:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            expect(button).to_have_text(label)
            expect(page.locator(".online-count")).to_contain_text(
                re.compile(r"\d+ (players? online|jogador(es)? on-line)")
            )
            page.screenshot(path=str(artifacts / f"lobby-computer-{locale}{tag}.png"))
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= size[0], f"the lobby scrolls sideways ({width}px)"
        button.click()
        expect(page).to_have_url(re.compile(r"#/t/.+/.+"))
        expect(page.locator(".status")).not_to_contain_text(re.compile("Waiting|Esperando"))
        summary = page.request.get(f"/api/tables/{table_id(page)}").json()
        assert summary["seats"][0]["kind"] == "human"
        assert {s["kind"] for s in summary["seats"][1:]} == {"bot"}
        for size, tag in reversed(sizes):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.screenshot(path=str(artifacts / f"computer-table-{locale}{tag}.png"))
