"""My games in the browser: the header's badge counts the games waiting for the player's
move, the page lists every unfinished table with a "your turn" marker, Resume and
Leave/Abandon, and the lobby offers turn-based time controls beside the real-time ones."""

from __future__ import annotations

import json
import urllib.request
import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import table_form
from tests.web.test_players import become_guest

pytestmark = pytest.mark.browser


def call(server: str, method: str, path: str, body: Any = None, **headers: str) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **headers}
    request = urllib.request.Request(server + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read() or b"null")


def join(server: str, made: dict[str, Any], seat: int, key: str) -> None:
    token = next(t["token"] for t in made["tokens"] if t["seat"] == seat)
    call(server, "POST", f"/api/tables/{made['table']['id']}/join", {"name": ""},
         **{"X-Seat-Token": token, "X-Player-Key": key})  # fmt: skip


def test_the_badge_counts_my_turns_and_my_games_lists_them(page: Page, server: str) -> None:
    become_guest(page, f"Ana {uuid.uuid4().hex[:6]}")
    key = page.evaluate("() => JSON.parse(localStorage.getItem('regalia.player')).key")
    other = call(server, "POST", "/api/players", {"name": f"Bia {uuid.uuid4().hex[:6]}"})
    human = {"kind": "human"}
    duel = call(server, "POST", "/api/tables", {"game": "regulator", "seats": [human, human],
                                                "clock": {"days_per_move": 3}})  # fmt: skip
    join(server, duel, 0, key)
    join(server, duel, 1, other["player_key"])
    waiting = call(server, "POST", "/api/tables", {"game": "regicide", "seats": [human] * 4},
                   **{"X-Player-Key": key})  # fmt: skip
    join(server, waiting, 0, key)
    page.goto("/#/")
    badge = page.locator("header #my-games")
    expect(badge).to_have_text("1 game waits for you")
    lobby = page.locator(".my-games-lobby li")  # the lobby's section, my turn first
    expect(lobby).to_have_count(2)
    expect(lobby.first.locator(".turn-marker")).to_have_text("your turn")
    expect(badge).to_have_class("my-games-badge my-turn")
    badge.click()
    expect(page).to_have_url(f"{server}/#/games")
    rows = page.locator(".my-games .my-game")
    expect(rows).to_have_count(2)
    mine = rows.filter(has=page.locator(".turn-marker"))
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-table", duel["table"]["id"])
    expect(mine.locator(".my-game-facts")).to_contain_text("3 days a move")
    expect(mine.locator(".time-left")).to_contain_text("d")
    # Leaving the waiting table: it leaves the list (a dialog asks first).
    page.once("dialog", lambda dialog: dialog.accept())
    rows.filter(has_not=page.locator(".turn-marker")).locator("button.leave").click()
    expect(rows).to_have_count(1)
    mine.locator("a.resume").click()
    expect(page).to_have_url(f"{server}/#/t/{duel['table']['id']}")
    expect(page.locator(".seat-clocks")).to_be_visible()


def test_the_lobby_offers_turn_based_time_controls(page: Page) -> None:
    page.goto("/")
    choice = table_form(page, "regicida").locator("select[name=clock]")
    expect(choice.locator("optgroup option")).to_have_count(6)
    choice.select_option("days-2")
    expect(choice.locator("option:checked")).to_have_text("2 days a move")


def test_conditional_moves_are_queued_from_the_table_page(page: Page, server: str) -> None:
    from regalia.core.registry import get_game

    human = {"kind": "human"}
    made = call(server, "POST", "/api/tables", {"game": "regulator", "seats": [human, human],
                                                "clock": {"days_per_move": 1}})  # fmt: skip
    table = made["table"]["id"]
    white, black = (next(t["token"] for t in made["tokens"] if t["seat"] == s) for s in (0, 1))
    for token in (white, black):
        call(server, "POST", f"/api/tables/{table}/join", {"name": "P"}, **{"X-Seat-Token": token})
    state = get_game("regulator").new(0, 2)
    first = state.legal_actions(0)[0]
    after = state.apply(0, first)
    reply = after.legal_actions(1)[0]
    line = f"{state.describe(first)} {after.describe(reply)}"
    page.goto(f"/#/t/{table}/{black}")
    page.get_by_role("textbox", name="your name").fill("Bia")
    page.get_by_role("button", name="Join the table").click()
    box = page.locator(".conditional-box")
    expect(box).to_be_visible()
    box.locator("summary").click()
    box.locator("textarea").fill(line)
    box.locator("button[type=submit]").click()
    expect(box.locator(".conditional-lines li")).to_have_text(line)
    move = {"type": "action", "action": state.encode(first), "seq": 4}
    call(server, "POST", f"/api/tables/{table}/commands", move, **{"X-Seat-Token": white})
    events = call(server, "GET", f"/api/tables/{table}/events")["events"]
    assert [e["seat"] for e in events if e["kind"] == "action"] == [0, 1]
    expect(box.locator(".conditional-lines li")).to_have_count(0)
