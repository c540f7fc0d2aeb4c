"""A local push service and a local SMTP server on loopback, for notification tests.

`PushService` plays a browser's push service (RFC 8030): it makes subscriptions with their
own P-256 keys and auth secrets, receives the server's POSTs, checks the VAPID JWT
(RFC 8292) and decrypts each payload (`aes128gcm`, RFC 8291) with the subscription's
private key, as a browser would. `MailSink` is aiosmtpd's SMTP server keeping each mail.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import threading
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import http_ece
from aiohttp import web
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Push:
    """One push as the service received and decrypted it."""

    name: str
    headers: dict[str, str]
    payload: dict[str, Any]
    claims: dict[str, Any]
    vapid_ok: bool
    vapid_key: str


@dataclass
class _Sub:
    key: ec.EllipticCurvePrivateKey
    auth: bytes
    status: int = 201
    hold: threading.Event | None = None


@dataclass
class PushService:
    host: str = "127.0.0.1"
    port: int = 0
    subs: dict[str, _Sub] = field(default_factory=dict)
    pushes: list[Push] = field(default_factory=list)
    received: threading.Event = field(default_factory=threading.Event)

    def subscription(self, name: str, status: int = 201) -> dict[str, Any]:
        """A new subscription (the JSON a browser's PushSubscription gives)."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self.subs[name] = _Sub(key, auth, status)
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": f"http://{self.host}:{self.port}/push/{name}",
            "keys": {"p256dh": b64url(public), "auth": b64url(auth)},
        }

    async def _receive(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        sub = self.subs.get(name)
        if sub is None:
            return web.Response(status=404)
        body = await request.read()
        auth = request.headers.get("Authorization", "")
        parts = dict(p.split("=", 1) for p in auth.split(" ", 1)[1].split(","))
        token = parts["t"]
        claims = json.loads(unb64url(token.split(".")[1]))
        plain = http_ece.decrypt(body, private_key=sub.key, auth_secret=sub.auth)
        self.pushes.append(Push(name, dict(request.headers), json.loads(plain), claims,
                                bool(Vapid02.verify(auth)), parts["k"]))  # fmt: skip
        self.received.set()
        if sub.hold is not None:  # the sender "dies" while waiting for this answer
            await asyncio.get_running_loop().run_in_executor(None, sub.hold.wait)
        return web.Response(status=sub.status)

    def __enter__(self) -> PushService:
        started = threading.Event()
        self._loop = asyncio.new_event_loop()

        async def main() -> None:
            app = web.Application()
            app.router.add_post("/push/{name}", self._receive)
            self._runner = web.AppRunner(app)
            await self._runner.setup()
            site = web.TCPSite(self._runner, self.host, 0)
            await site.start()
            self.port = self._runner.addresses[0][1]
            started.set()

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            self._loop.run_until_complete(main())
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        started.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        for sub in self.subs.values():
            if sub.hold is not None:
                sub.hold.set()
        asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    @property
    def allowed(self) -> str:
        return f"{self.host}:{self.port}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class _Keep:
    def __init__(self, sink: MailSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        self.sink.mails.append(message)
        self.sink.received.set()
        if self.sink.hold is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.sink.hold.wait)
        return "250 OK"


class MailSink:
    """aiosmtpd on loopback; `mails` holds what it accepted."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.received = threading.Event()
        self.hold: threading.Event | None = None
        self.controller = Controller(_Keep(self), hostname="127.0.0.1", port=_free_port())

    def __enter__(self) -> MailSink:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.hold is not None:
            self.hold.set()
        self.controller.stop()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.controller.port}"

    def text(self, mail: EmailMessage) -> str:
        body = mail.get_body(("plain",))
        assert body is not None
        return str(body.get_content())
