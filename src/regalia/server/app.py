"""The ASGI application: wires the table service, the API routers and the web front end."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from regalia.protocol import CloseCode
from regalia.server import (
    analysis,
    api,
    chatprefs,
    collector,
    errors,
    export,
    languages,
    learning,
    metrics_route,
    moderation,
    myaccount,
    people,
    players,
    puzzles,
    rating_history,
    report,
    seasons,
    tournaments,
    ws,
)
from regalia.server.accounts_admin import router as accounts_admin_router
from regalia.server.conditional import router as conditional_router
from regalia.server.config import Settings
from regalia.server.headers import SecurityHeaders
from regalia.server.limits import BodyLimit, WriteRateLimit
from regalia.server.mygames import router as mygames_router
from regalia.server.notifications import install as install_notifications
from regalia.server.notifications import router as notifications_router
from regalia.server.positions import router as positions_router
from regalia.server.signin import SignInLimits
from regalia.server.web_files import StaticFirst, WebFiles
from regalia.tables.bots import BotPool
from regalia.tables.chatfilter import FILE_NAME as CHAT_FILTER
from regalia.tables.chatfilter import ChatFilter
from regalia.tables.passwords import Passwords
from regalia.tables.ports import Clock
from regalia.tables.service import TableService
from regalia.tables.sharedlimits import SharedBuckets, SharedHolder
from regalia.tables.store import Store
from regalia.tournaments.director import Director

# The largest body: a record upload of 200 000 characters fits even if each is escaped.
MAX_BODY = 4 << 20


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    """The app; `clock` is the tables' source of time (tests hand in a fake one)."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url())
        bots = BotPool(settings.bot_workers, on_demand=settings.bot_workers_on_demand)
        await bots.start()
        fanout = None
        if settings.redis_url:
            shared_limits.buckets = SharedBuckets(settings.redis_url)
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
        filter_file = settings.chat_filter or settings.data_dir / CHAT_FILTER
        service.rounds.chat_filter = ChatFilter(filter_file)  # words masked in chat
        service.gate.spectator_chat = settings.spectator_chat  # who writes from the stands
        app.state.accounts = service.accounts
        app.state.ratings = service.ratings
        app.state.bots, app.state.bot_seconds = bots, settings.bot_seconds
        if fanout is not None:
            await fanout.start(service.rounds)
        await service.start()
        app.state.tournaments = Director(service)  # runs the tournaments this process leases
        app.state.tournaments.start()
        app.state.seasons = settings.season, settings.active_days
        collector.settle()
        collecting = asyncio.create_task(collector.keep_young(), name="gc")
        try:
            await install_notifications(app, service, settings)  # its task closes with the service
            app.state.tournaments.notify = app.state.notifications.notify  # rounds are told
            report.install(app, service, bots)  # post-game reports, in the background
            await puzzles.install(app, service)  # the shipped puzzles, loaded once
            yield
        finally:
            collecting.cancel()
            if fanout is not None:
                await fanout.close()
            if shared_limits.buckets is not None:
                await shared_limits.buckets.close()
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
    # Per-address and per-player limits count in Redis when the site has it (set at start).
    shared_limits = SharedHolder()
    app.state.sign_in = SignInLimits(
        settings.http, clock.now if clock else time.time, shared_limits
    )
    app.state.metrics_token = settings.metrics_token
    if (settings.web_dir / "index.html").is_file():
        web = WebFiles(settings.web_dir)
        app.add_middleware(StaticFirst, files=web)  # innermost: after the limits and headers
    app.add_middleware(WriteRateLimit, limits=settings.http, shared=shared_limits)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)  # outermost: refusals above carry the headers too
    app.include_router(api.router)
    app.include_router(players.router)
    from regalia.server import botapi  # the Bot API, and API tokens for the challenges' routes

    botapi.install(app)
    app.include_router(rating_history.router)
    app.include_router(learning.router)
    app.include_router(languages.router)
    app.include_router(mygames_router)
    app.include_router(conditional_router)
    app.include_router(notifications_router)
    app.include_router(analysis.router)
    app.include_router(report.router)  # GET /api/tables/{id}/report
    app.include_router(puzzles.router)  # /api/puzzles/…
    app.include_router(ws.router)
    app.include_router(metrics_route.router)
    app.include_router(tournaments.router)
    moderation.install(app)  # reports, moderators' actions, roles
    app.include_router(seasons.router)
    if (settings.web_dir / "index.html").is_file():
        # The front end answers only what no route matches, so a wrong method on an API
        # path still gets its 405 instead of the static files' 404.
        app.router.default = _fallback(web)
    else:

        @app.get("/", include_in_schema=False)
        async def root() -> dict[str, Any]:
            return {"name": "Regalia", "api": "/api", "docs": "/docs", "openapi": "/openapi.json"}

    app.include_router(people.router)  # challenges, follows and blocks between players
    app.include_router(export.router)  # open game data
    app.include_router(chatprefs.router)  # a player's "I don't want chat"
    app.include_router(accounts_admin_router)  # an admin renames a player
    app.include_router(myaccount.router)  # a player's export of their data, and deletion
    app.include_router(positions_router)  # the board editor's check of a position
    return app


def _fallback(static: ASGIApp) -> ASGIApp:
    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await static(scope, receive, send)
        elif scope["type"] == "websocket":
            await WebSocketClose(code=CloseCode.UNKNOWN_TABLE)(scope, receive, send)

    return serve
