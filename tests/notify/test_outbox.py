"""The outbox across restarts: what was waiting is sent once after a restart, and a row
whose delivery was under way when the process stopped (sent, its answer not yet stored) is
never sent again."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.notify.conftest import Site, open_site
from tests.notify.services import MailSink, PushService
from tests.notify.test_mail import verified
from tests.notify.test_push import key, play, player, subscribe, turn_based
from tests.tables.fakes import FakeClock


def finished_game(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, eva, "eva")
    subscribe(site, fred, "fred")
    verified(site, eva, "eva@example.org")
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    reply = site.client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                             headers={"X-Seat-Token": tokens[1]})  # fmt: skip
    assert reply.status_code == 200, reply.text


def reopened(site: Site, clock: FakeClock) -> Site:
    client = open_site(site.data, clock, site.push, site.mail)
    return Site(client.__enter__(), clock, site.push, site.mail, site.data)


def test_a_restart_with_the_outbox_full_sends_each_notification_once(
    tmp_path: Path, push: PushService, mail: MailSink
) -> None:
    clock = FakeClock()
    with open_site(tmp_path, clock, push, mail) as client:
        site = Site(client, clock, push, mail, tmp_path)
        finished_game(site)
        waiting = [r for r in site.rows() if r["state"] == "pending"]
        # both players' game-over pushes and Eva's mail; each one's turn (Eva's push and
        # mail, Fred's push): turns already played, skipped when due
        assert sorted((r["kind"], r["channel"]) for r in waiting) == [
            ("game_over", "email"), ("game_over", "push"), ("game_over", "push"),
            ("turn", "email"), ("turn", "push"), ("turn", "push")]  # fmt: skip
        mails_before = len(mail.mails)
    assert not push.pushes  # the server stopped before delivering anything
    for _ in range(2):  # two restarts: the first delivers, the second finds nothing
        again = reopened(site, FakeClock(clock.now() + 60))
        try:
            again.deliver()
            again.deliver()
        finally:
            again.client.__exit__(None, None, None)
    assert sorted((p.name, p.payload["kind"]) for p in push.pushes) == [
        ("eva", "game_over"), ("fred", "game_over")]  # fmt: skip
    assert [m["Subject"] for m in mail.mails[mails_before:]] == [
        "Your game of Regulator Chess is over"]  # fmt: skip


def test_a_push_sent_when_the_server_stopped_is_not_sent_again(
    tmp_path: Path, push: PushService, mail: MailSink
) -> None:
    clock = FakeClock()
    with open_site(tmp_path, clock, push, mail, outbox_poll_seconds=0.05) as client:
        site = Site(client, clock, push, mail, tmp_path)
        eva, fred = player(client, "Eva"), player(client, "Fred")
        subscribe(site, fred, "fred")
        push.subs["fred"].hold = threading.Event()  # the answer never comes back in time
        table, tokens = turn_based(client, eva, fred)
        play(client, table, tokens[0])  # the outbox's own task delivers it
        assert push.received.wait(10)  # the push service has it; the server stops now
        (row,) = site.rows(fred["id"])
        assert row["state"] == "sending"
    push.subs["fred"].hold.set()  # type: ignore[union-attr]
    again = reopened(site, FakeClock(clock.now() + 60))
    try:
        (row,) = again.rows(fred["id"])
        assert row["state"] == "unknown"
        assert again.deliver() == 0
    finally:
        again.client.__exit__(None, None, None)
    assert len(push.pushes) == 1  # exactly once


def test_a_mail_sent_when_the_server_stopped_is_not_sent_again(
    tmp_path: Path, push: PushService, mail: MailSink, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    with open_site(tmp_path, clock, push, mail, outbox_poll_seconds=0.05) as client:
        site = Site(client, clock, push, mail, tmp_path)
        eva = player(client, "Eva")
        hold = mail.hold = threading.Event()
        client.post("/api/players/me/email", json={"address": "eva@example.org"},
                    headers=key(eva))  # fmt: skip
        assert mail.received.wait(10)
        assert [r["state"] for r in site.rows(eva["id"])] == ["sending"]
        # The SMTP server answers only once the outbox's task was cancelled (it closes the
        # notifications as it ends): the answer reaches no one, and the stopping server need
        # not wait out smtplib's 30 s timeout in the mail's thread.
        notes = site.notes
        close = notes.close

        async def close_then_answer() -> None:
            await close()
            hold.set()

        monkeypatch.setattr(notes, "close", close_then_answer)
    assert hold.is_set()
    mail.hold = None
    again = reopened(site, FakeClock(clock.now() + 60))
    try:
        assert [r["state"] for r in again.rows(eva["id"])] == ["unknown"]
        again.deliver()
    finally:
        again.client.__exit__(None, None, None)
    assert len(mail.mails) == 1
