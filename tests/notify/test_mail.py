"""E-mail end to end through a local SMTP server (aiosmtpd): verification, "your turn" a
minute after the turn began for a player with no live connection (then at most one per game
per N hours, or a daily digest), game over, one-click unsubscribe and password reset."""

from __future__ import annotations

import re
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from fastapi.testclient import TestClient

from tests.notify.conftest import PUBLIC, Site
from tests.notify.test_push import key, play, player, turn_based
from tests.server.test_online import advance

MINUTE = 60.0
HOUR = 3600.0


def links(text: str) -> list[str]:
    return re.findall(r"https://regalia\.example/\S+", text)


def local(url: str) -> str:
    """A link of a mail as a path the test client can open."""
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == PUBLIC
    return parts.path + ("?" + parts.query if parts.query else "")


def verified(site: Site, who: dict[str, Any], address: str) -> EmailMessage:
    """Add an address, open the link mailed to it; the verification mail."""
    reply = site.client.post("/api/players/me/email", json={"address": address},
                             headers=key(who))  # fmt: skip
    assert reply.status_code == 202, reply.text
    before = len(site.mail.mails)
    site.deliver()
    assert len(site.mail.mails) == before + 1
    mail = site.mail.mails[-1]
    (link,) = [u for u in links(site.mail.text(mail)) if "/api/email/verify" in u]
    opened = site.client.get(local(link), follow_redirects=False)
    assert opened.status_code == 303
    assert opened.headers["location"] == f"{PUBLIC}/#/settings/email-verified"
    return mail


def test_an_address_is_verified_by_the_link_mailed_to_it(site: Site) -> None:
    eva = player(site.client, "Eva")
    reply = site.client.post("/api/players/me/email", json={"address": "eva@example.org"},
                             headers=key(eva))  # fmt: skip
    assert site.client.get("/api/players/me", headers=key(eva)).json()["email"] == {
        "address": "eva@example.org", "verified": False}  # fmt: skip
    site.deliver()
    (mail,) = site.mail.mails
    assert mail["To"] == "eva@example.org" and mail["From"] == "Regalia <games@regalia.example>"
    assert mail["Subject"] == "Confirm your e-mail address for Regalia"
    (link,) = links(site.mail.text(mail))
    wrong = site.client.get("/api/email/verify?token=nope", follow_redirects=False)
    assert wrong.headers["location"].endswith("#/settings/email-expired")
    assert site.client.get(local(link), follow_redirects=False).status_code == 303
    assert site.client.get("/api/players/me", headers=key(eva)).json()["email"] == {
        "address": "eva@example.org", "verified": True}  # fmt: skip
    again = site.client.get(local(link), follow_redirects=False)  # spent
    assert again.headers["location"].endswith("#/settings/email-expired")
    bad = site.client.post("/api/players/me/email", json={"address": "not an address"},
                           headers=key(eva))  # fmt: skip
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_email"
    assert reply.status_code == 202


def test_a_verification_link_expires(site: Site) -> None:
    eva = player(site.client, "Eva")
    site.client.post("/api/players/me/email", json={"address": "eva@example.org"},
                     headers=key(eva))  # fmt: skip
    site.deliver()
    (link,) = links(site.mail.text(site.mail.mails[0]))
    advance(site.client, 49 * HOUR)
    late = site.client.get(local(link), follow_redirects=False)
    assert late.headers["location"].endswith("#/settings/email-expired")
    assert site.client.get("/api/players/me", headers=key(eva)).json()["email"]["verified"] is False


def test_your_turn_is_mailed_a_minute_later_to_an_absent_player_at_most_once_per_hours(
    site: Site,
) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    verified(site, fred, "fred@example.org")
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])  # Fred's turn
    site.deliver()
    count = len(site.mail.mails)
    advance(site.client, 59)
    site.deliver()
    assert len(site.mail.mails) == count  # not before a minute
    advance(site.client, 2)
    site.deliver()
    assert len(site.mail.mails) == count + 1
    mail = site.mail.mails[-1]
    assert mail["Subject"] == "Your turn in Regulator Chess"
    text = site.mail.text(mail)
    assert f"{PUBLIC}/#/t/{table}" in text
    (unsubscribe,) = [u for u in links(text) if "unsubscribe" in u]
    assert mail["List-Unsubscribe"] == f"<{unsubscribe}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # Fred plays, Eva plays: Fred's turn again an hour later, but a mail went out already.
    advance(site.client, HOUR)
    play(site.client, table, tokens[1])
    play(site.client, table, tokens[0])
    advance(site.client, 2 * MINUTE)
    site.deliver()
    assert len(site.mail.mails) == count + 1
    advance(site.client, 12 * HOUR)  # REGALIA_TURN_MAIL_HOURS later a new turn mails again
    play(site.client, table, tokens[1])
    play(site.client, table, tokens[0])
    advance(site.client, 2 * MINUTE)
    site.deliver()
    assert len(site.mail.mails) == count + 2


def test_the_minute_counts_from_when_the_turn_began_not_from_when_its_task_ran(
    site: Site,
) -> None:
    """The turn hook spawns the enqueueing on a task; time passing before that task reads
    the clock must not push the mail later (this raced in loaded full runs)."""
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    table, _ = turn_based(site.client, eva, fred)
    verified(site, eva, "eva@example.org")  # after her first turn began, so none is queued
    tables = site.client.app.state.service  # type: ignore[attr-defined]
    count = len(site.mail.mails)

    async def turn_then_time_passes() -> None:
        round_ = await tables.round(table)
        tables.turns.on_turn(round_.table, 0)  # Eva's turn begins...
        site.clock.t += 59  # ...and 59 s pass before its task is scheduled

    site.client.portal.call(turn_then_time_passes)  # type: ignore[union-attr]
    advance(site.client, 2)
    site.deliver()
    assert len(site.mail.mails) == count + 1
    assert site.mail.mails[-1]["Subject"] == "Your turn in Regulator Chess"


def test_no_turn_mail_if_the_player_moved_or_is_at_the_table(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    verified(site, fred, "fred@example.org")
    count = len(site.mail.mails)
    moved, tokens = turn_based(site.client, eva, fred)
    play(site.client, moved, tokens[0])  # Fred's turn: he moves within the minute
    advance(site.client, 30)
    play(site.client, moved, tokens[1])
    watched, tokens = turn_based(site.client, eva, fred)
    play(site.client, watched, tokens[0])  # Fred's turn: he is at the table
    with site.client.websocket_connect(f"/ws/tables/{watched}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1], "last_seq": 0})
        ws.receive_json()
        advance(site.client, 2 * MINUTE)
        site.deliver()
    assert len(site.mail.mails) == count
    turns = [r for r in site.rows() if r["kind"] == "turn"]
    assert [(r["table_id"], r["state"]) for r in turns] == [
        (moved, "skipped"),
        (watched, "skipped"),
    ]


def test_a_digest_instead_of_one_mail_per_turn(site: Site) -> None:
    eva, fred, gil = (player(site.client, n) for n in ("Eva", "Fred", "Gil"))
    verified(site, fred, "fred@example.org")
    reply = site.client.put("/api/players/me/notifications", headers=key(fred),
                            json={"digest": True, "tz": "America/Sao_Paulo"})  # fmt: skip
    assert reply.status_code == 200, reply.text
    first, tokens1 = turn_based(site.client, eva, fred)
    second, tokens2 = turn_based(site.client, gil, fred)
    play(site.client, first, tokens1[0])
    play(site.client, second, tokens2[0])
    count = len(site.mail.mails)
    for _ in range(24):  # a day, hour by hour: one digest at 08:00 in São Paulo
        advance(site.client, HOUR)
        site.deliver()
    assert len(site.mail.mails) == count + 1
    digest = site.mail.mails[-1]
    assert digest["Subject"] == "Games waiting for your move: 2"
    text = site.mail.text(digest)
    assert f"/#/t/{first}" in text and f"/#/t/{second}" in text
    assert digest["List-Unsubscribe"]


def test_game_over_mail_and_one_click_unsubscribe(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    verified(site, eva, "eva@example.org")
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    site.client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                     headers={"X-Seat-Token": tokens[1]})  # fmt: skip
    site.deliver()
    mail = site.mail.mails[-1]
    assert mail["Subject"] == "Your game of Regulator Chess is over"
    assert f"{PUBLIC}/#/replay/{table}" in site.mail.text(mail)
    one_click = local(mail["List-Unsubscribe"].strip("<>"))
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    reply = site.client.post(one_click, content="List-Unsubscribe=One-Click", headers=form)
    assert reply.status_code == 200, reply.text
    prefs = site.client.get("/api/players/me/notifications", headers=key(eva)).json()["prefs"]
    assert prefs["events"]["game_over"] is False and prefs["events"]["turn"] is True
    count = len(site.mail.mails)
    again, tokens = turn_based(site.client, eva, fred)
    site.client.post(f"/api/tables/{again}/commands", json={"type": "resign"},
                     headers={"X-Seat-Token": tokens[1]})  # fmt: skip
    advance(site.client, HOUR)
    site.deliver()
    assert len(site.mail.mails) == count  # no more game-over mails
    assert site.client.post("/api/email/unsubscribe?key=nope").status_code == 401


def test_password_reset_by_mail_is_single_use_expires_and_tells_nothing(site: Site) -> None:
    eva = player(site.client, "Eva")
    set_first = site.client.post("/api/players/me/password", json={"password": "first pass"},
                                 headers=key(eva))  # fmt: skip
    assert set_first.status_code == 200, set_first.text
    verified(site, eva, "Eva@Example.org")
    count = len(site.mail.mails)
    answers = [site.client.post("/api/password/forgot", json={"who": who})
               for who in ("nobody", "nobody@example.org", "eva@example.org")]  # fmt: skip
    assert {a.status_code for a in answers} == {202}
    assert len({a.text for a in answers}) == 1  # the same answer, known or not
    site.deliver()
    assert len(site.mail.mails) == count + 1
    mail = site.mail.mails[-1]
    assert mail["Subject"] == "Reset your Regalia password" and mail["To"] == "Eva@Example.org"
    (link,) = [u for u in links(site.mail.text(mail)) if "#/reset/" in u]
    token = link.rsplit("/", 1)[1]
    reset = site.client.post(
        "/api/password/reset", json={"token": token, "password": "second pass"}
    )
    assert reset.status_code == 200, reset.text
    assert reset.json()["id"] == eva["id"]
    old_key = site.client.get("/api/players/me", headers=key(eva))
    assert old_key.status_code == 401  # every key was revoked
    login = site.client.post("/api/login", json={"name": "Eva", "password": "second pass"})
    assert login.status_code == 200
    twice = site.client.post("/api/password/reset", json={"token": token, "password": "third pass"})
    assert twice.status_code == 401 and twice.json()["error"]["code"] == "bad_token"
    advance(site.client, 2 * MINUTE)
    site.client.post("/api/password/forgot", json={"who": "Eva"})
    site.deliver()
    (late,) = [u for u in links(site.mail.text(site.mail.mails[-1])) if "#/reset/" in u]
    advance(site.client, 31 * MINUTE)
    body = {"token": late.rsplit("/", 1)[1], "password": "third pass"}
    expired = site.client.post("/api/password/reset", json=body)
    assert expired.status_code == 401


def test_no_smtp_url_no_mail(tmp_path: Any) -> None:
    from regalia.server.app import create_app
    from regalia.server.config import Settings

    with TestClient(create_app(Settings(data_dir=tmp_path, bot_workers=1))) as client:
        eva = player(client, "Eva")
        reply = client.post("/api/players/me/email", json={"address": "eva@example.org"},
                            headers=key(eva))  # fmt: skip
        assert reply.status_code == 503 and reply.json()["error"]["code"] == "mail_off"
        assert client.get("/api/players/me/notifications", headers=key(eva)).json()["mail"] is False
