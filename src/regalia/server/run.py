"""Run the server under uvicorn with Regalia's connection limits (`regalia serve`)."""

from __future__ import annotations

import logging
import resource

import uvicorn

from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.server.guard import Connections, GuardedHttpProtocol

log = logging.getLogger("regalia.server")
# The WebSocket layer refuses frames beyond this outright; the app's own limit is 16 KiB.
WS_MAX_FRAME = 64 * 1024


def serve(settings: Settings, host: str, port: int) -> None:
    limits = settings.http
    protocol = type(
        "RegaliaHttpProtocol",
        (GuardedHttpProtocol,),
        {
            "header_seconds": limits.header_seconds,
            "body_seconds": limits.body_seconds,
            "per_client": limits.connections_per_client,
            "total": limits.connections,
            "headroom": limits.connections_headroom,
            "registry": Connections(),
        },
    )
    _more_files(limits.connections + limits.sockets + 64)
    # Access logs show paths only; seat tokens never travel in paths or query strings.
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        http=protocol,
        ws_max_size=WS_MAX_FRAME,
        ws_per_message_deflate=False,
        # X-Forwarded-For only from the configured proxies (none: never), not uvicorn's
        # default of believing any local process.
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
        timeout_keep_alive=int(limits.keep_alive_seconds),
        # Bot API streams (GET /api/stream/event …) never end by themselves: a shutdown
        # waits this long for them, then closes them.
        timeout_graceful_shutdown=5,
        # No limit_concurrency: uvicorn's counts WebSockets with HTTP connections and refuses
        # everyone alike; GuardedHttpProtocol caps HTTP connections and ws.Sockets sockets.
        log_level="info",
    )


def _more_files(wanted: int) -> None:
    """Raise the open-file limit towards `wanted` (up to the hard limit) for the sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError) as exc:
            log.warning("could not raise the open-file limit to %d: %s", target, exc)
