"""API tokens on requests: `Authorization: Bearer <token>` names the player a program acts
for (regalia.tables.apitokens). Each token has its own rate limit (`bot_api_burst`, then
`bot_api_per_second`), on top of the per-address write limit every request meets."""

from __future__ import annotations

from fastapi import Request

from regalia.protocol import ErrorCode
from regalia.tables.accounts import Player
from regalia.tables.apitokens import BOT_PLAY, ApiTokens, Holder
from regalia.tables.errors import TableError
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.service import TableService


def api_tokens(request: Request) -> ApiTokens:
    """The app's token store (made on first use, over the tables' database)."""
    state = request.app.state
    found: ApiTokens | None = getattr(state, "api_tokens", None)
    if found is None:
        svc: TableService = state.service
        found = state.api_tokens = ApiTokens(svc.db.store, svc.clock)
    return found


def limiter(request: Request) -> RateLimiter:
    state = request.app.state
    found: RateLimiter | None = getattr(state, "api_token_limiter", None)
    if found is None:
        limits = state.http_limits
        found = RateLimiter(limits.bot_api_burst, limits.bot_api_per_second, what="api_token")
        state.api_token_limiter = found
    return found


def bearer(request: Request) -> str | None:
    """The token of an `Authorization: Bearer` header (None without one)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def holder_of(request: Request, required: bool = True) -> Holder | None:
    """Who the request's API token acts for, counted against the token's rate limit;
    None without a token (`bad_api_token` if `required`)."""
    token = bearer(request)
    if token is None:
        if not required:
            return None
        raise TableError(ErrorCode.BAD_API_TOKEN, "send your API token: Authorization: Bearer …")
    return await holder_for(request, token)


async def holder_for(request: Request, token: str) -> Holder:
    svc: TableService = request.app.state.service
    holder = await svc.db.read(api_tokens(request).holder, token)
    wait = limiter(request).take(holder.token_id)
    if wait:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            f"too many requests with this API token; wait {wait:.1f} s",
            retry_after=wait,
        )
    return holder


async def player_of_token(request: Request, token: str) -> Player:
    """The player an API token with `bot:play` acts for (`app.state.bearer`: how other
    routers, the challenges', read a Bearer token)."""
    holder = await holder_for(request, token)
    holder.require(BOT_PLAY)
    return holder.player


async def check_games(request: Request, player: Player) -> None:
    """A BOT plays at most `bot_games` games at once (`too_many_games` past that)."""
    if not player.bot_account:
        return
    cap = request.app.state.http_limits.bot_games
    svc: TableService = request.app.state.service
    games = await svc.db.read(api_tokens(request).games, player.id)
    if len(games) >= cap:
        raise TableError(
            ErrorCode.TOO_MANY_GAMES,
            f"this BOT plays {len(games)} games already (at most {cap}); finish one first",
            retry_after=60,
        )
