"""The generic view (js/boards/generic.js) on its own, fed a made-up view message: the
fields readable, seat numbers by name, and many actions as a filterable list."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


GENERIC_VIEW = """async ([count]) => {
  const { createView } = await import("/js/boards/generic.js");
  const root = document.createElement("div");
  root.id = "generic-test";
  document.querySelector("main").replaceChildren(root);
  window.__acted = [];
  const game = { name: "demo", seat_names: { 2: ["North", "South"] } };
  const act = (a) => window.__acted.push(a);
  const view = createView(root, { seat: 1, act, playerNames: () => ["", ""], game });
  const legal = Array.from({ length: count }, (_, i) => ({ action: `a${i}`, text: `move ${i}` }));
  const message = {
    status: "playing", to_act: [1], legal,
    view: { game: "demo", seat: 1, turn: 1, board: [[1, 2], [3, 4]], scores: { North: 2, South: 3 },
            log: [{ seat: 0, text: "move 7" }], legal: ["x"] },
  };
  window.__redraw = () => view.update(message); // as a chat line's view message would
  view.update(message);
  return view.moveRows({ log: [{ seat: 0, text: "move 7" }] });
}"""


def test_generic_view_filters_many_actions(page: Page, artifacts: Path) -> None:
    """The generic view on its own, with more actions than buttons fit: a filterable list."""
    page.goto("/")
    rows = page.evaluate(GENERIC_VIEW, [40])
    assert rows == [{"label": "1.", "cells": ["North: move 7"]}]
    box = page.locator("#generic-test")
    expect(box.locator(".generic-seat")).to_have_text("You play South")
    expect(box.locator('dd[data-field="turn"]')).to_have_text("South")
    expect(box.locator('dd[data-field="board"]')).to_have_text("(1, 2) (3, 4)")
    expect(box.locator('dd[data-field="scores"] dd')).to_have_text(["2", "3"])
    expect(box.locator('dd[data-field="legal"], dd[data-field="log"]')).to_have_count(0)
    actions = box.locator(".action-list li:visible button.action")
    expect(actions).to_have_count(40)
    box.locator("input.action-filter").fill("move 3")
    expect(actions).to_have_text([f"move {n}" for n in [3, *range(30, 40)]])
    page.evaluate("window.__redraw()")  # the same actions again: filter and focus stay
    expect(box.locator("input.action-filter")).to_have_value("move 3")
    expect(box.locator("input.action-filter")).to_be_focused()
    expect(actions).to_have_count(11)
    page.screenshot(path=str(artifacts / "generic-many-actions.png"), full_page=True)
    box.locator("input.action-filter").fill("move 37")
    box.locator("input.action-filter").press("Enter")
    expect(actions.first).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("window.__acted") == ["a37"]
