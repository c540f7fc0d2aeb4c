"""Regicida on a 390 × 844 phone (issue 25 item 19, phone polish): when a pile runs out and
the player must split one, the three piles, each one's Split button and the hint stay side
by side above the move input, in the window — they used to wrap into a column whose last
pile and the hint fell below the bottom of the table page. Both languages, with screenshots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def play_until_a_split(page: Page) -> tuple[str, str]:
    """A four-seat Regicida table played over HTTP (each seat its first legal action) until
    the seat to act must choose which of two piles to split: the table and that seat's token."""
    spec = {"game": "regicida", "seats": [{"kind": "human"}] * 4}
    made = page.request.post("/api/tables", data=spec).json()
    table, tokens = made["table"]["id"], [t["token"] for t in made["tokens"]]
    for i, token in enumerate(tokens):
        joined = page.request.post(
            f"/api/tables/{table}/join", data={"name": f"P{i + 1}"}, headers={"X-Seat-Token": token}
        )
        assert joined.ok, joined.text()

    def view(token: str) -> dict[str, Any]:
        got: dict[str, Any] = page.request.get(
            f"/api/tables/{table}/view", headers={"X-Seat-Token": token}
        ).json()
        return got

    for _ in range(400):
        # The first seat whose view has legal actions (the views asked for one at a time,
        # until that seat is found).
        seat, seen = next(
            (i, v) for i, v in ((i, view(t)) for i, t in enumerate(tokens)) if v["legal"]
        )
        legal = [a["action"] for a in seen["legal"]]
        if sum(a.startswith("split") for a in legal) >= 2:  # two piles to choose from
            return table, tokens[seat]
        reply = page.request.post(
            f"/api/tables/{table}/commands",
            data={"type": "action", "action": legal[0], "seq": seen["seq"]},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert reply.ok, reply.text()
    raise AssertionError("no pile ran out in 400 actions")


def test_a_split_keeps_the_three_piles_and_the_hint_on_a_phone_s_screen(
    phone: Page, artifacts: Path
) -> None:
    """One table played to a split, shown in each language on the same page (this device's
    language switched, then a reload): only the words differ."""
    phone.goto("/")
    phone.evaluate("localStorage.setItem('regalia.name', 'P')")
    table, token = play_until_a_split(phone)
    phone.goto(f"/#/t/{table}/{token}")
    for lang in ("en", "pt-BR"):
        phone.evaluate(f"localStorage.setItem('regalia.lang', '{lang}')")
        phone.reload()  # in the chosen language
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        splits = phone.locator(".piles button.split")
        expect(splits.first).to_be_visible()
        phone.wait_for_timeout(300)  # the board settles on its size
        boxes = [b.bounding_box() for b in phone.locator(".pile-box").all()]
        assert len(boxes) == 3 and all(boxes)
        expect(splits).to_have_count(2)
        # One row: every pile at the same height, none pushed under another.
        assert len({round(b["y"]) for b in boxes if b}) == 1, boxes
        height = 844
        for selector in (".pile-box", ".piles button.split", ".hint"):
            for box in (e.bounding_box() for e in phone.locator(selector).all()):
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (
                    selector,
                    box,
                )
        words = r"Split pile \d" if lang == "en" else r"Dividir a pilha \d"
        expect(splits.first).to_have_attribute("aria-label", re.compile(words))
        width = phone.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"
        phone.screenshot(path=str(artifacts / f"regicida-split-{lang}-phone.png"))
