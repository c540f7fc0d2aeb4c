"""The ASGI application: wires the table service, the API routers and the web front end."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from regalia.protocol import CloseCode
from regalia.server import (
    analysis,
    api,
    collector,
    errors,
    languages,
    learning,
    metrics_route,
    players,
    ws,
)
from regalia.server.config import Settings
from regalia.server.headers import SecurityHeaders
from regalia.server.limits import BodyLimit, WriteRateLimit
from regalia.server.signin import SignInLimits
from regalia.tables.bots import BotPool
from regalia.tables.passwords import Passwords
from regalia.tables.ports import Clock
from regalia.tables.service import TableService
from regalia.tables.store import Store

# The largest body: a record upload of 200 000 characters fits even if each is escaped.
MAX_BODY = 4 << 20


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    """The app; `clock` is the tables' source of time (tests hand in a fake one)."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url())
        bots = BotPool(settings.bot_workers)
        await bots.start()
        fanout = None
        if settings.redis_url:
            from regalia.server.fanout import RedisFanout  # only scale-out needs redis

            fanout = RedisFanout(settings.redis_url, settings.tables.fanout_poll_seconds)
        service = TableService(
            store,
            bots,
            fanout,
            bot_seconds=settings.bot_seconds,
            limits=settings.tables,
            clock=clock,
        )
        app.state.service = service
        app.state.accounts = service.accounts
        app.state.ratings = service.ratings
        app.state.bots, app.state.bot_seconds = bots, settings.bot_seconds
        if fanout is not None:
            await fanout.start(service.rounds)
        await service.start()
        collector.settle()
        collecting = asyncio.create_task(collector.keep_young(), name="gc")
        try:
            yield
        finally:
            collecting.cancel()
            if fanout is not None:
                await fanout.close()
            await service.close()
            await bots.close()
            store.close()
            passwords.close()

    app = FastAPI(
        title="Regalia",
        summary="Play Regicide, Regicida and Regulator Chess against people and bots.",
        version="0.1.0",
        lifespan=lifespan,
        max_body_size=2 * MAX_BODY,  # backstop for bodies without a declared length
    )
    errors.install(app)
    openapi = app.openapi
    app.openapi = lambda: app.openapi_schema or analysis.document_lines(openapi())  # type: ignore[method-assign]
    app.state.sockets = ws.Sockets(settings.http.sockets_per_client, settings.http.sockets)
    app.state.http_limits = settings.http
    # Argon2 on threads of its own; sign-in and password-change limits on the tables' clock.
    passwords = Passwords(settings.http.hash_workers, settings.http.hashes_at_once)
    app.state.passwords = passwords
    app.state.sign_in = SignInLimits(settings.http, clock.now if clock else time.time)
    app.state.metrics_token = settings.metrics_token
    app.add_middleware(WriteRateLimit, limits=settings.http)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)  # outermost: refusals above carry the headers too
    app.include_router(api.router)
    app.include_router(players.router)
    app.include_router(learning.router)
    app.include_router(languages.router)
    app.include_router(analysis.router)
    app.include_router(ws.router)
    app.include_router(metrics_route.router)
    if (settings.web_dir / "index.html").is_file():
        # The front end answers only what no route matches, so a wrong method on an API
        # path still gets its 405 instead of the static files' 404.
        app.router.default = _fallback(StaticFiles(directory=settings.web_dir, html=True))
    else:

        @app.get("/", include_in_schema=False)
        async def root() -> dict[str, Any]:
            return {"name": "Regalia", "api": "/api", "docs": "/docs", "openapi": "/openapi.json"}

    return app


def _fallback(static: StaticFiles) -> ASGIApp:
    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await static(scope, receive, send)
        elif scope["type"] == "websocket":
            await WebSocketClose(code=CloseCode.UNKNOWN_TABLE)(scope, receive, send)

    return serve
