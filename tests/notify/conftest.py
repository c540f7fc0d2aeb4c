"""A server per test with notifications on: a local push service allowed as an endpoint
host, a local SMTP server, and the fake clock."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tests.tables.toygame  # noqa: F401
from regalia.notify.config import NotifySettings
from regalia.notify.service import Notifications
from regalia.server.app import create_app
from regalia.server.config import Settings
from tests.notify.services import MailSink, PushService
from tests.tables.fakes import FakeClock

PUBLIC = "https://regalia.example"


@dataclass
class Site:
    client: TestClient
    clock: FakeClock
    push: PushService
    mail: MailSink
    data: Path

    @property
    def notes(self) -> Notifications:
        found: Notifications = self.client.app.state.notifications  # type: ignore[attr-defined]
        return found

    def deliver(self) -> int:
        """One round of the outbox, as its background task runs it."""
        sent: int = self.client.portal.call(self.notes.run_once)  # type: ignore[union-attr]
        return sent

    def rows(self, player: str | None = None) -> list[dict[str, object]]:
        return self.client.portal.call(self.notes.store.rows, player)  # type: ignore[union-attr]


def notify_settings(push: PushService, mail: MailSink, **extra: object) -> NotifySettings:
    given: dict[str, object] = {
        "public_url": PUBLIC,
        "smtp_url": mail.url,
        "mail_from": "Regalia <games@regalia.example>",
        "push_allowed_hosts": frozenset({push.allowed}),
        "outbox_poll_seconds": 3600.0,  # tests deliver by hand (Site.deliver)
    }
    return NotifySettings(**(given | extra))  # type: ignore[arg-type]


def open_site(data: Path, clock: FakeClock, push: PushService, mail: MailSink,
              **extra: object) -> TestClient:  # fmt: skip
    settings = Settings(data_dir=data, bot_workers=1, bot_seconds=0.5,
                        notify=notify_settings(push, mail, **extra))  # fmt: skip
    return TestClient(create_app(settings, clock))


@pytest.fixture
def push() -> Iterator[PushService]:
    with PushService() as service:
        yield service


@pytest.fixture
def mail() -> Iterator[MailSink]:
    with MailSink() as sink:
        yield sink


@pytest.fixture
def site(tmp_path: Path, push: PushService, mail: MailSink) -> Iterator[Site]:
    clock = FakeClock()
    with open_site(tmp_path, clock, push, mail) as client:
        yield Site(client, clock, push, mail, tmp_path)
