"""`GET /metrics`: the process's series (regalia.metrics) in Prometheus text format.

Open when the server has no metrics token (`REGALIA_METRICS_TOKEN` unset: a lone server on
loopback); with one, only to `Authorization: Bearer <token>`, anything else gets 401
`bad_token`. Left out of the OpenAPI document: it is for a Prometheus scraper, not the
JSON API (docs/server.md, "Metrics", documents it).
"""

from __future__ import annotations

import hmac

from fastapi import APIRouter, Request, Response
from prometheus_client.exposition import choose_encoder

from regalia.metrics import REGISTRY
from regalia.protocol import ErrorCode
from regalia.server.errors import error_response

router = APIRouter()
# For whoever sets up the scraper, not for players: English only, so it is kept out of the
# players' catalogue (regalia.i18n.extract reads literal messages, not this name).
_NEEDS_TOKEN = "the metrics need the header Authorization: Bearer <metrics token>"


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    token: str | None = getattr(request.app.state, "metrics_token", None)
    if token and not _bearer_matches(request.headers.get("authorization", ""), token):
        reply = error_response(ErrorCode.BAD_TOKEN, _NEEDS_TOKEN)
        reply.headers["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return reply
    # Prometheus text by default; OpenMetrics when the scraper asks for it.
    encode, content_type = choose_encoder(request.headers.get("accept", ""))
    return Response(content=encode(REGISTRY), headers={"Content-Type": content_type})


def _bearer_matches(header: str, token: str) -> bool:
    """`Bearer <token>` (the scheme in any case), compared in constant time."""
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        return False
    # Header values arrive decoded as Latin-1: back to their bytes, so any token compares.
    return hmac.compare_digest(given.strip().encode("latin-1"), token.encode())
