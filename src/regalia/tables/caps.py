"""How many tables one client may keep open: bot tables and waiting seeks are bounded per
player, per address and in all, so one browser (or one address) cannot fill the server or
hide everyone else's seeks in the lobby."""

from __future__ import annotations

from regalia.protocol import ErrorCode
from regalia.tables.accounts import Player
from regalia.tables.database import Database
from regalia.tables.errors import TableError
from regalia.tables.limits import Limits
from regalia.tables.mine import bot_tables_from, bot_tables_of


async def check_bot_tables(
    db: Database, limits: Limits, client: str, player: Player | None
) -> None:
    """Unfinished tables with bots are bounded per player (a browser's guest key; the
    address for a request without a key), per address (a looser backstop: a household
    or a school shares one) and in all."""
    store, cap = db.store, limits.bot_tables_per_client
    pid = player.id if player is not None else None
    mine = await db.read(bot_tables_of, store, pid, client)
    if mine >= cap:
        raise TableError(
            ErrorCode.TOO_MANY_TABLES,
            f"you already have {mine} unfinished tables with bots (at most {cap}); "
            "finish or leave one first",
            retry_after=60,
        )
    here = await db.read(bot_tables_from, store, client)
    most = limits.bot_tables_per_address
    if here >= most:
        raise TableError(
            ErrorCode.TOO_MANY_TABLES,
            f"your address already has {here} unfinished tables with bots (at most "
            f"{most}); finish or leave one first",
            retry_after=60,
        )
    total = await db.read(store.count_unfinished_with_bots)
    if total >= limits.bot_tables:
        raise TableError(
            ErrorCode.BUSY,
            f"the server is running its most tables with bots ({total}); try again later",
            retry_after=60,
        )


async def check_seeks(db: Database, limits: Limits, client: str, player: Player | None) -> None:
    """Waiting tables with an open seat are bounded per address and per player."""
    cap = limits.waiting_tables_per_client
    pid = player.id if player is not None else None
    mine = await db.read(db.store.count_seeks, client, pid)
    if mine >= cap:
        raise TableError(
            ErrorCode.TOO_MANY_TABLES,
            f"you already have {mine} tables waiting for players (at most {cap}); "
            "wait for one to fill or leave one first",
            retry_after=60,
        )
