"""E-mail over SMTP: `REGALIA_SMTP_URL` (`smtp://user:pass@host:port`), STARTTLS when the
server offers it, then the login if the URL has one. smtplib runs on a thread of its own
per mail (a mail is seconds at most; the event loop never waits on it).

Every mail carries a one-click unsubscribe link in its text and in `List-Unsubscribe`
with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and a Message-ID made
from its outbox row, so a receiver that keeps Message-IDs can tell a copy.
"""

from __future__ import annotations

import asyncio
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit


@dataclass(frozen=True, slots=True)
class Smtp:
    host: str
    port: int
    user: str | None
    password: str | None
    tls: bool  # smtps://: TLS from the first byte

    @classmethod
    def parse(cls, url: str) -> Smtp:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"REGALIA_SMTP_URL={url!r} is not smtp://user:pass@host:port")
        tls = parts.scheme == "smtps"
        return cls(
            parts.hostname,
            parts.port or (465 if tls else 25),
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
            tls,
        )


@dataclass(frozen=True, slots=True)
class Mail:
    to: str
    subject: str
    text: str
    unsubscribe: str | None  # the one-click link
    message_id: str


def build(mail: Mail, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = mail.message_id
    message["Auto-Submitted"] = "auto-generated"
    if mail.unsubscribe:
        message["List-Unsubscribe"] = f"<{mail.unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(mail.text)
    return message


def message_id(key: str, domain: str) -> str:
    return make_msgid(idstring=key.replace(":", ".")[:60], domain=domain or "localhost")


class Mailer:
    def __init__(self, url: str, sender: str) -> None:
        self.smtp = Smtp.parse(url)
        self.sender = sender

    def _send(self, message: EmailMessage) -> None:
        smtp = self.smtp
        client: smtplib.SMTP
        if smtp.tls:
            client = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=30)
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=30)
        with client:
            client.ehlo()
            if not smtp.tls and client.has_extn("starttls"):
                client.starttls()
                client.ehlo()
            if smtp.user:
                client.login(smtp.user, smtp.password or "")
            client.send_message(message)

    async def send(self, mail: Mail) -> None:
        """Deliver one mail; smtplib's errors (SMTPException, OSError) mean try again."""
        await asyncio.to_thread(self._send, build(mail, self.sender))
