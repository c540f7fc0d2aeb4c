"""Game titles inside Portuguese sentences (issue 25 item 10): a title stays as the game
names itself, and the sentence around it takes the article Portuguese wants ("Regras
completas do Regulator Chess", "Aprenda a jogar Regicide", "O Regicida não tem…") instead
of gluing an English title into an English-shaped sentence ("Regras completas de Regulator
Chess", "Aprenda Regicide"). Screenshots of desktop and phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def in_portuguese(page: Page, url: str) -> None:
    """`url` in pt-BR, this device's chosen language: set before the page's first script runs
    (as a choice kept from an earlier visit), so no load in English and reload are needed."""
    page.add_init_script("localStorage.setItem('regalia.lang', 'pt-BR')")
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")


def test_game_titles_read_as_portuguese_sentences(page: Page, phone: Page, artifacts: Path) -> None:
    in_portuguese(page, "/")
    card = page.locator(".game-card[data-game=regulator]")
    expect(card.get_by_role("link", name="Regras completas do Regulator Chess")).to_be_attached()
    expect(page.locator(".rules-links a", has_text="Regicide")).to_have_attribute(
        "title", "as regras do Regicide"
    )
    page.screenshot(path=str(artifacts / "titles-pt-BR-lobby.png"))

    in_portuguese(page, "/#/learn/regulator")
    expect(page.locator(".table-head h2")).to_have_text("Aprenda a jogar Regulator Chess")
    in_portuguese(page, "/#/leaderboard/regicida")
    expect(page).to_have_title("Classificação do Regicida · Regalia")
    # The server's own sentence about a game, in the page's language.
    reply = page.request.get("/api/lessons/regicida", headers={"X-Lang": "pt-BR"})
    if not reply.ok:
        assert reply.json()["error"]["message"] == "O Regicida não tem lições"

    in_portuguese(phone, "/#/learn/regicide")
    expect(phone.locator(".table-head h2")).to_have_text("Aprenda a jogar Regicide")
    phone.screenshot(path=str(artifacts / "titles-pt-BR-learn-phone.png"))
