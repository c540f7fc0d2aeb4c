"""Players in the browser: two guests play a rated game from an invite link and both see their
rating change, the leaderboard ranks the winner first, the profiles list the game with its
replay, a password signs the same player in on another device, and signing out (here or
everywhere) leaves the guest / sign-in choice. A visitor opening a rated invite link becomes a
player first."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.helpers import click_a_move, resign, table_form, wait_my_turn

pytestmark = pytest.mark.browser


def unique(name: str) -> str:
    """A player name no other test (or earlier run against this server) has taken."""
    return f"{name} {uuid.uuid4().hex[:6]}"


def become_guest(page: Page, name: str) -> None:
    """Play as a guest from the header: this browser knows no name yet, so it asks."""
    page.goto("/")
    page.locator(".account-bar button.play-as-guest").click()
    form = page.locator(".account-panel form.guest-form")
    form.locator("input").fill(name)
    form.locator("button[type=submit]").click()
    expect(page.locator(".account-bar .account-name")).to_have_text(name)
    expect(page.locator(".account-bar button.play-as-guest")).to_have_count(0)


def create_rated_table(page: Page, shot: Path | None = None) -> tuple[str, str]:
    """A rated Regulator Chess table for two humans; (table id, Black's invite link).
    `shot`: where to photograph the game card with its filled-in form."""
    page.goto("/")
    form = table_form(page, "regulator")
    switch = form.locator(".rated-switch")
    expect(switch).to_be_visible()
    assert "signed-in player" in (switch.get_attribute("title") or "")
    form.locator("select[name=kind-1]").select_option("human")
    switch.locator("input").check()
    if shot is not None:
        page.locator(".game-card[data-game=regulator]").screenshot(path=str(shot))
    form.locator("button[type=submit]").click()
    created = page.locator(".created")
    expect(created.locator(".rated-note")).to_be_visible()
    invite = created.locator('.invite[data-seat="1"] input.invite-url').input_value()
    table_id = invite.split("#/t/")[1].split("/")[0]
    return table_id, invite


def play_rated_table(page: Page, table_id: str) -> None:
    """Play this seat of the table just created; the lobby's list, drawn afresh on the way
    back (the lobby redraws its lists every 4 s, at once when it opens), marks it rated."""
    page.locator(".created .play-link").click()
    expect(page).to_have_url(re.compile(f"#/t/{table_id}/"))
    page.go_back()
    expect(page.locator(f".table-list li[data-table='{table_id}'] .rated-badge")).to_be_visible()
    page.go_forward()
    expect(page).to_have_url(re.compile(f"#/t/{table_id}/"))


def change_text(change: dict[str, Any]) -> str:
    delta = change["after"] - change["before"]
    sign = "+" if delta > 0 else "−" if delta < 0 else "±"
    return f"{change['before']} → {change['after']} ({sign}{abs(delta)})"


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the phone-sized page scrolls sideways ({width}px)"


def test_a_rated_game_moves_ratings_and_fills_the_leaderboard_and_profiles(
    page: Page, phone: Page, browser: Browser, server: str, artifacts: Path
) -> None:
    ana, bo = unique("Ana"), unique("Bo")
    become_guest(page, ana)
    become_guest(phone, bo)
    assert "player_key" not in phone.url and "regalia.player" not in phone.url
    phone.screenshot(path=str(artifacts / "players-header-phone.png"))

    table_id, invite = create_rated_table(page, artifacts / "players-rated-form.png")
    page.screenshot(path=str(artifacts / "players-rated-created.png"))
    play_rated_table(page, table_id)
    expect(page.locator(".table-head .rated-badge")).to_be_visible()
    expect(page.locator(".status")).to_contain_text("Waiting for every player to join")
    # Bo opens the invite link: signed in, he is not asked for a name; the seat is his.
    phone.goto(invite)
    expect(phone.locator(".name-ask")).to_be_hidden()
    wait_my_turn(page)
    for player in (page, phone):
        expect(player.locator('.seat-clock[data-seat="0"]')).to_contain_text(ana)
        expect(player.locator('.seat-clock[data-seat="1"]')).to_contain_text(bo)
    summary = page.request.get(f"/api/tables/{table_id}").json()
    assert summary["rated"] and summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]] == [ana, bo]
    assert all(s["player"] for s in summary["seats"])
    expect(page.locator(".ratings-box")).to_be_hidden()

    click_a_move(page)
    wait_my_turn(phone)
    click_a_move(phone)
    wait_my_turn(page)
    resign(phone)
    expect(page.locator(".status")).to_contain_text("White wins")

    won, lost = page.request.get(f"/api/tables/{table_id}/view").json()["ratings"]
    assert won["after"] > won["before"] and lost["after"] < lost["before"]
    expect(page.locator(".my-rating")).to_have_text(f"Your rating: {change_text(won)}")
    expect(phone.locator(".my-rating")).to_have_text(f"Your rating: {change_text(lost)}")
    for player in (page, phone):
        changes = player.locator(".rating-changes li")
        expect(changes).to_have_count(2)
        expect(changes.nth(0)).to_contain_text(f"White {ana} {change_text(won)}")
        expect(changes.nth(1)).to_contain_text(f"Black {bo} {change_text(lost)}")
    page.screenshot(path=str(artifacts / "players-rated-result.png"))
    no_sideways_scroll(phone)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(artifacts / "players-rated-result-phone.png"))
    # A reload still shows it (the view of a finished rated table).
    page.reload()
    expect(page.locator(".my-rating")).to_have_text(f"Your rating: {change_text(won)}")

    # The leaderboard, from the lobby's game card: the winner above the loser.
    page.goto("/")
    page.locator(".game-card[data-game=regulator] a.leaderboard-link").click()
    expect(page).to_have_url(re.compile("#/leaderboard/regulator$"))
    expect(page.locator(".game-tab[aria-current=page]")).to_have_text("Regulator Chess")
    rows = page.locator("table.leaderboard tbody tr")
    expect(rows.filter(has_text=bo)).to_have_count(1)
    names = rows.locator("td.player a").all_text_contents()
    assert names.index(ana) < names.index(bo), names
    mine = rows.filter(has_text=ana)
    expect(mine).to_have_class(re.compile(r"\byou\b"))
    expect(mine.locator("td.rank")).to_have_text(str(names.index(ana) + 1))
    expect(mine.locator("td.rating")).to_contain_text(str(won["after"]))
    expect(mine.locator("td.rating .provisional")).to_be_visible()
    expect(mine.locator("td.played")).to_have_text("1")
    expect(page.locator(".pager .page-number")).to_have_text("Page 1")
    page.screenshot(path=str(artifacts / "players-leaderboard.png"))
    # The header's link shows the leaderboards too.
    page.goto("/")
    page.locator(".site-head a.leaderboards-link").click()
    expect(page.locator("table.leaderboard")).to_be_visible()

    # Bo's profile from the leaderboard: the game lost, the rating change, the replay.
    page.locator("a.game-tab", has_text="Regulator Chess").click()
    page.locator("table.leaderboard td.player a", has_text=bo).click()
    expect(page.locator(".profile-name")).to_have_text(bo)
    expect(page.locator(".profile-ratings tr[data-game=regulator] .rating")).to_contain_text(
        str(lost["after"])
    )
    recent = page.locator(f".recent-game[data-table='{table_id}']")
    expect(recent.locator(".outcome")).to_have_text("Lost")
    expect(recent.locator(".rating-delta")).to_have_text(f"Rating {change_text(lost)}")
    expect(recent).to_contain_text("as Black")
    page.screenshot(path=str(artifacts / "players-profile.png"), full_page=True)
    recent.locator("a.replay-link").click()
    expect(page.locator(".replay-nav")).to_be_visible()
    expect(page.locator(".move-list .move")).to_have_count(2)

    # Bo's own profile on his phone, from his name in the header.
    phone.locator(".account-bar .account-name").click()
    expect(phone.locator(".profile-name")).to_have_text(bo)
    expect(phone.locator(".you-badge")).to_be_visible()
    expect(phone.locator(f".recent-game[data-table='{table_id}'] .outcome")).to_have_text("Lost")
    no_sideways_scroll(phone)
    phone.screenshot(path=str(artifacts / "players-profile-phone.png"), full_page=True)
    phone.go_back()
    expect(phone.locator(".my-rating")).to_have_text(f"Your rating: {change_text(lost)}")

    # Bo sets a password (on a phone, behind "Account"); a third browser signs in with it.
    expect(phone.locator(".account-bar button.set-password")).to_be_hidden()
    phone.locator(".account-bar button.account-more").click()
    phone.locator(".account-bar button.set-password").click()
    password_form = phone.locator(".account-panel form.password-form")
    expect(password_form.locator("input[name=old-password]")).to_be_hidden()
    password_form.locator("input[name=new-password]").fill("correct horse battery")
    password_form.locator("button[type=submit]").click()
    expect(phone.locator(".account-note")).to_contain_text("Password saved")
    phone.screenshot(path=str(artifacts / "players-password-saved-phone.png"))
    expect(phone.locator(".account-bar button.set-password")).to_have_text("Change password")
    phone_profile = phone.evaluate("JSON.parse(localStorage.getItem('regalia.player')).id")

    third_context = browser.new_context(base_url=server, viewport={"width": 1200, "height": 900})
    third = third_context.new_page()
    third.goto("/")
    expect(page.locator(".rated-switch")).to_have_count(0)  # not on the lobby
    third.locator(".account-bar button.sign-in").click()
    sign_in = third.locator(".account-panel form.sign-in-form")
    sign_in.locator("input[name=username]").fill(bo.upper())  # names match whatever the case
    sign_in.locator("input[name=password]").fill("not the password")
    sign_in.locator("button[type=submit]").click()
    expect(sign_in.locator(".form-error")).to_have_text("wrong name or password")
    sign_in.locator("input[name=password]").fill("correct horse battery")
    sign_in.locator("button[type=submit]").click()
    expect(third.locator(".account-bar .account-name")).to_have_text(bo)
    expect(third.locator(".name-row .player-link")).to_have_text(bo)
    third.locator(".account-bar .account-name").click()
    expect(third).to_have_url(re.compile(f"#/player/{phone_profile}$"))
    expect(third.locator(".profile-name")).to_have_text(bo)
    expect(third.locator(".you-badge")).to_be_visible()
    expect(third.locator(f".recent-game[data-table='{table_id}'] .rating-delta")).to_have_text(
        f"Rating {change_text(lost)}"
    )
    # Changing the password needs the current one now.
    third.locator(".account-bar button.set-password").click()
    expect(third.locator(".password-form input[name=old-password]")).to_be_visible()
    third.locator(".password-form button.cancel").click()

    # Signing out everywhere revokes the phone's key too: its next call drops it quietly.
    third.locator(".account-bar button.sign-out-everywhere").click()
    expect(third.locator(".account-bar button.play-as-guest")).to_be_visible()
    expect(third.locator(".account-note")).to_have_text("Signed out on every device.")
    phone.reload()
    expect(phone.locator(".account-bar button.play-as-guest")).to_be_visible()
    expect(phone.locator(".account-bar button.sign-in")).to_be_visible()
    assert phone.evaluate("localStorage.getItem('regalia.player')") is None
    expect(phone.locator(".status")).to_contain_text("White wins")  # the table page still works
    third_context.close()

    # Signing out here: the lobby offers no rated tables any more.
    page.goto("/")
    table_form(page, "regulator")
    expect(page.locator(".game-card[data-game=regulator] .rated-switch")).to_be_visible()
    page.locator(".account-bar button.sign-out").click()
    expect(page.locator(".account-bar button.play-as-guest")).to_be_visible()
    expect(page.locator(".game-card[data-game=regulator] .rated-switch")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('regalia.player')") is None
    # "Play as guest" tries the remembered name first: Ana's own, taken by now, so it asks.
    page.locator(".account-bar button.play-as-guest").click()
    guest = page.locator(".account-panel form.guest-form")
    expect(guest.locator(".form-error")).to_contain_text("is taken")
    expect(guest.locator("input")).to_have_value(ana)
    ana_again = unique("Ana")
    guest.locator("input").fill(ana_again)
    guest.locator("input").press("Enter")
    expect(page.locator(".account-bar .account-name")).to_have_text(ana_again)


def test_a_visitor_with_a_rated_invite_becomes_a_player_first(
    page: Page, phone: Page, artifacts: Path
) -> None:
    cy, di = unique("Cy"), unique("Di")
    # Without a player, the lobby offers no rated switch.
    phone.goto("/")
    table_form(phone, "regulator")
    expect(phone.locator(".game-card[data-game=regulator] .rated-switch")).to_be_hidden()

    become_guest(page, cy)
    table_id, invite = create_rated_table(page)
    play_rated_table(page, table_id)
    phone.goto(invite)
    ask = phone.locator(".player-ask")
    expect(ask).to_contain_text("is rated")
    expect(phone.locator(".table-body")).to_be_hidden()
    no_sideways_scroll(phone)
    phone.screenshot(path=str(artifacts / "players-rated-invite-phone.png"), full_page=True)
    guest = ask.locator("form.guest-form")
    guest.locator("input").fill(cy.lower())  # taken, whatever the case
    guest.locator("button[type=submit]").click()
    expect(guest.locator(".form-error")).to_contain_text("is taken")
    guest.locator("input").fill(di)
    guest.locator("button[type=submit]").click()
    expect(phone.locator(".table-body")).to_be_visible()
    expect(phone.locator(".account-bar .account-name")).to_have_text(di)
    wait_my_turn(page)
    expect(page.locator('.seat-clock[data-seat="1"]')).to_contain_text(di)
    seats = page.request.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats] == [cy, di] and all(s["player"] for s in seats)


def test_a_signed_in_player_sits_down_under_their_own_name(
    page: Page, browser: Browser, server: str
) -> None:
    eve, fay = unique("Eve"), unique("Fay")
    become_guest(page, eve)
    # Play now (a game and player count no other test quick-plays): no name is asked.
    card = page.locator(".game-card[data-game=regicida]")
    table_form(page, "regicida").locator("select[name=players]").select_option("3")
    card.locator("button.play-now").click()
    expect(page.locator("dialog.name-dialog")).to_have_count(0)
    expect(page).to_have_url(re.compile("#/t/.+/.+"))
    table_id = page.url.split("#/t/")[1].split("/")[0]
    expect(page.locator('.seat-clock[data-seat="0"]')).to_contain_text(eve)

    # Another player takes an open seat from the lobby's list, also without being asked.
    other_context = browser.new_context(base_url=server)
    other = other_context.new_page()
    become_guest(other, fay)
    other.locator(f".table-list.waiting li[data-table='{table_id}'] button.join-seat").first.click()
    expect(other.locator("dialog.name-dialog")).to_have_count(0)
    expect(other).to_have_url(re.compile(f"#/t/{table_id}/.+"))
    expect(page.locator('.seat-clock[data-seat="1"]')).to_contain_text(fay)
    seats = page.request.get(f"/api/tables/{table_id}").json()["seats"]
    me = page.evaluate("JSON.parse(localStorage.getItem('regalia.player')).id")
    assert seats[0]["player"] == me and seats[1]["player"] and seats[2]["player"] is None
    assert seats[0]["name"] == eve and seats[1]["name"] == fay
    other_context.close()
