"""Regicida in the browser against three bots, from the first token to the reveal: place,
split, scheme and vote by clicking; reload mid-game; and check that neither the page nor any
WebSocket frame ever holds another player's Identity before the reveal."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, expect

from tests.web.helpers import create_table, open_details

pytestmark = pytest.mark.browser

SECRET_KEYS = {"identities", "unused", "votes"}


def walk(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every (key path, value) pair inside a JSON value."""
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((f"{path}.{key}", item))
            out.extend(walk(item, f"{path}.{key}"))
    elif isinstance(value, list):
        for item in value:
            out.extend(walk(item, f"{path}[]"))
    return out


# How many actions of the first seat ("Player 1") the move list shows.
MY_MOVES = """() => [...document.querySelectorAll('.move-list .move')]
  .filter((m) => m.textContent.startsWith('Player 1:')).length"""


def my_turn_action(page: Page) -> str:
    """Take one action by clicking, whatever the phase asks for; return what was done."""
    if page.locator("button.split").count():
        page.locator("button.split").first.click()
        return "split"
    if page.locator("button.pile:not([disabled])").count():
        page.locator("button.pile:not([disabled])").first.click()
        page.locator(".cell.target").first.dispatch_event("click")
        return "place"
    if page.locator("button.vote").count():
        page.locator("button.vote").first.click()
        return "vote"
    if page.locator("button.pass").is_visible():
        page.locator("button.pass").click()
        return "pass"
    page.locator(".cell.movable").first.dispatch_event("click")
    page.locator(".cell.partner").first.dispatch_event("click")
    page.locator(".flip-chooser button.flip").first.click()
    return "swap"


def test_regicida_game_to_the_reveal_without_leaking_identities(
    page: Page, artifacts: Path
) -> None:
    frames: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    bodies: list[str] = []  # every API answer the page read while the game went on
    page.on(
        "response",
        lambda r: bodies.append(r.text()) if "/api/" in r.url and r.ok else None,
    )
    create_table(page, "regicida", players=4)
    identity_box = page.locator(".identity[data-identity]")
    expect(identity_box).to_have_count(1)
    mine = int(identity_box.get_attribute("data-identity") or "0")
    assert 1 <= mine <= 6

    done: list[str] = []
    reloaded = False
    shots: set[str] = set()
    for _ in range(40):
        expect(page.locator(".status.your-turn, .reveal")).to_have_count(1, timeout=30_000)
        phase = page.locator(".phase").text_content() or ""
        if page.locator(".reveal").count():
            break
        key = phase.split(" ")[0].lower()
        if key not in shots:
            page.screenshot(path=str(artifacts / f"regicida-{key}.png"), full_page=True)
            shots.add(key)
        tokens_before = page.locator(".regicida-board .token").count()
        # Only ever our own Identity in the page while the game is on.
        expect(page.locator("[data-identity]")).to_have_count(1)
        assert page.locator("[data-identity]").get_attribute("data-identity") == str(mine)
        # Wait for this seat's own action to be listed (others may act meanwhile: votes).
        mine_before = page.evaluate(MY_MOVES)
        done.append(my_turn_action(page))
        page.wait_for_function(f"n => ({MY_MOVES})() > n", arg=mine_before)
        if done.count("place") == 3 and not reloaded:
            reloaded = True
            page.reload()
            expect(page.locator(".conn")).to_have_text("connected")
            expect(page.locator(".regicida-board .token")).not_to_have_count(0)
            assert page.locator(".regicida-board .token").count() >= tokens_before
            expect(page.locator("[data-identity]")).to_have_attribute("data-identity", str(mine))
    expect(page.locator(".reveal")).to_be_visible()
    assert {"place", "swap", "vote"} <= set(done) or {"place", "pass", "vote"} <= set(done)
    assert reloaded
    expect(page.locator(".regicida-board .token")).to_have_count(36)
    expect(page.locator(".reveal .verdict")).to_contain_text("Regent House")
    expect(page.locator(".reveal .ranking tbody tr")).to_have_count(6)
    expect(page.locator(".reveal .identities tbody tr")).to_have_count(4)
    expect(page.locator(".status")).to_contain_text("Game over")
    page.screenshot(path=str(artifacts / "regicida-reveal.png"), full_page=True)

    # Every frame before the game's end: our Identity only, no secret field filled in.
    # A frame holds one message, or a change's messages (its events, then its view).
    messages = [m for f in frames for m in _messages(json.loads(f))]
    end = next(
        i
        for i, m in enumerate(messages)
        if m.get("type") == "event" and m["event"].get("kind") == "finished"
    )
    reveal = next(m["view"]["reveal"] for m in messages[end:] if m.get("type") == "view")
    # The last vote ends the game: its event comes in the same batch as `finished`.
    while messages[end - 1].get("type") == "event":
        end -= 1
    others = {seat: house for seat, house in enumerate(reveal["identities"]) if house != mine}
    assert len(others) == 3
    my_seat = next(m["seat"] for m in messages if m.get("type") == "welcome")
    answers = [json.loads(body) for body in bodies]
    assert answers, "the page read nothing from the HTTP API"
    for message in [*messages[:end], *answers]:
        for path, value in walk(message):
            name = path.rsplit(".", 1)[-1]
            if name == "identity":
                assert value in (None, mine), f"{path} = {value} in {message}"
            if name in SECRET_KEYS | {"reveal"}:
                assert value in (None, [], {}), f"secret {path} sent before the reveal"
            if name == "piles":
                assert all(set(p) <= {"pile", "size", "top"} for p in value)
        event = (message.get("event") if isinstance(message, dict) else None) or {}
        if event.get("kind") == "action" and str(event.get("action")).startswith("vote"):
            assert event["seat"] == my_seat, "another seat's vote was sent before the reveal"


def test_watch_a_bots_game_then_step_through_its_replay(page: Page, artifacts: Path) -> None:
    page.goto("/")
    card = page.locator(".game-card[data-game=regicida]")
    open_details(card.locator("details.new-table"))
    form = card.locator("form.table-form")
    form.locator("select[name=players]").select_option("3")
    form.locator("select[name=kind-0]").select_option("bot")
    form.locator("button[type=submit]").click()
    expect(page.locator(".created .invite")).to_have_count(0)
    page.locator(".created .watch-link").click()
    expect(page.locator(".identity.spectator")).to_be_visible()
    expect(page.locator(".chat-note")).to_be_visible()
    expect(page.locator(".reveal")).to_be_visible(timeout=60_000)
    expect(page.locator(".reveal .identities tbody tr")).to_have_count(3)

    page.get_by_role("link", name="Step through the replay").click()
    counter = page.locator(".ply-counter")
    expect(counter).to_have_text(re.compile(r"^(\d+) / \1$"))
    total = int((counter.text_content() or "0").split(" / ")[1])
    expect(page.locator(".reveal")).to_be_visible()
    page.get_by_role("button", name="first position").click()
    expect(counter).to_have_text(f"0 / {total}")
    expect(page.locator(".regicida-board .token")).to_have_count(0)
    expect(page.locator(".reveal")).to_have_count(0)
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect(page.locator(".regicida-board .token")).to_have_count(step)
    page.locator(f'.move-list .move[data-ply="{total - 1}"]').click()
    expect(counter).to_have_text(f"{total - 1} / {total}")
    expect(page.locator(".regicida-board .token")).to_have_count(36)
    page.screenshot(path=str(artifacts / "regicida-replay.png"), full_page=True)


def _messages(frame: Any) -> list[dict[str, Any]]:
    return frame if isinstance(frame, list) else [frame]
