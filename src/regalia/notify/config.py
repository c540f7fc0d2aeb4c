"""Notification settings, from `REGALIA_*` environment variables (docs/server.md lists them).

No SMTP URL: no mail at all. No public URL: links in mails point at `http://localhost:8000`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class NotifySettings:
    # The site's address: every link a mail or a push carries is built on it.
    public_url: str = "http://localhost:8000"
    # `smtp://user:pass@host:port` (STARTTLS when the server offers it); None: no mail.
    smtp_url: str | None = None
    mail_from: str = "Regalia <regalia@localhost>"
    # A VAPID private key (base64url, raw 32 bytes or DER); None: made at first start and
    # kept in the data directory (`vapid_private_key.pem`).
    vapid_private_key: str | None = None
    # The VAPID `sub` claim: how a push service reaches the operator.
    push_contact: str = "mailto:regalia@localhost"
    # `host:port` a push endpoint may name though it is not public (and may use http://).
    push_allowed_hosts: frozenset[str] = field(default_factory=frozenset)
    # A "your turn" mail waits this long for the player to come back by themselves, and a
    # game sends at most one such mail per `turn_mail_hours`.
    turn_mail_delay_seconds: float = 60.0
    turn_mail_hours: float = 12.0
    # The outbox: how often it looks for due rows, and its retries (doubling from the first
    # wait, up to `retry_max_seconds`) before a row is given up as failed.
    outbox_poll_seconds: float = 2.0
    retries: int = 8
    retry_seconds: float = 30.0
    retry_max_seconds: float = 6 * 3600.0
    # Verification links and password-reset tokens are good for this long.
    verify_hours: float = 48.0
    reset_minutes: float = 30.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> NotifySettings:
        env = os.environ if env is None else env
        hosts = frozenset(
            h.strip().lower()
            for h in env.get("REGALIA_PUSH_ALLOWED_HOSTS", "").split(",")
            if h.strip()
        )
        base = cls()
        return cls(
            public_url=(env.get("REGALIA_PUBLIC_URL") or base.public_url).rstrip("/"),
            smtp_url=env.get("REGALIA_SMTP_URL") or None,
            mail_from=env.get("REGALIA_MAIL_FROM") or base.mail_from,
            vapid_private_key=env.get("REGALIA_VAPID_PRIVATE_KEY") or None,
            push_contact=env.get("REGALIA_PUSH_CONTACT") or base.push_contact,
            push_allowed_hosts=hosts,
            turn_mail_hours=float(env.get("REGALIA_TURN_MAIL_HOURS") or base.turn_mail_hours),
        )
