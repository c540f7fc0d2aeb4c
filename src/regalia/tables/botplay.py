"""A bot's move at a table: ask the brain, and store the move whatever happens on the way.

A bot whose move cannot be stored (the database is locked, down or full) tries again, backing
off to every 2 s, until its move is stored or the table has moved on; a bot that fails or
answers nonsense plays a legal fallback move (seeded, so restarts replay it). Its Round runs
one of these per seat and seq to play, and the sweeper makes sure a seat a bot must play
always has one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from regalia.ai.base import Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.core.errors import BadNotation
from regalia.core.game import Seat
from regalia.core.registry import game_ref
from regalia.core.seeds import Rng, derive
from regalia.metrics import BOT_THINK
from regalia.protocol import CommandType, ErrorCode
from regalia.tables.bots import BotJob, Owner
from regalia.tables.commands import Command
from regalia.tables.errors import LAST_RETRY_SECONDS, TableError
from regalia.tables.ports import BotBrain, Clock
from regalia.tables.table import Table

log = logging.getLogger("regalia.bots")
# Storage errors worth waiting out; anything else means the move itself was refused.
RETRY_CODES = {ErrorCode.UNAVAILABLE, ErrorCode.STORAGE_ERROR}
FIRST_RETRY, LAST_RETRY = 0.25, LAST_RETRY_SECONDS
QUICK_SEARCH = 0.5
Submit = Callable[[Seat, Command], Awaitable[int]]


async def play(
    table: Callable[[], Table], seat: Seat, level: str, seq: int, brain: BotBrain,
    seconds: float, submit: Submit, clock: Clock, usage: Owner,
) -> None:  # fmt: skip
    """Choose and store the move of the bot at `seat` for the position at `seq`."""
    current = table()
    try:
        text, why = await _think(current, seat, level, seq, brain, seconds, usage)
        if text is None:
            text = _fallback(current, seat, seq, level, why)
        delay = FIRST_RETRY
        while (current := table()).seq == seq and seat in current.state.to_act():
            try:
                command = Command(CommandType.ACTION, action=text, seq=seq, by_bot=True)
                await submit(seat, command)
                return
            except TableError as exc:
                if exc.code == ErrorCode.STALE or table().seq != seq:
                    return
                if exc.code in RETRY_CODES:
                    # Once per move: it retries every LAST_RETRY s while the store is down.
                    say = log.warning if delay == FIRST_RETRY else log.debug
                    say("table %s: bot move not stored (%s); retrying in %.2g s",
                        current.id, exc.code, delay)  # fmt: skip
                    await clock.sleep(delay)
                    delay = min(delay * 2, LAST_RETRY)
                    continue
                text = _fallback(current, seat, seq, level, f"{exc.code}: {exc.message}")
    except asyncio.CancelledError:
        raise
    except Exception:
        # The sweeper reschedules this seat: a bug here must not stop the table for good.
        log.exception("table %s: bot at seat %d failed; upkeep will retry", current.id, seat)


async def _think(
    table: Table, seat: Seat, level: str, seq: int, brain: BotBrain, seconds: float,
    usage: Owner,
) -> tuple[str | None, str]:  # fmt: skip
    try:
        seed = derive(table.seed, f"bot:{seat}:{seq}")
        if _inline(table, level):
            return _choose_here(table, seat, level, seed), ""
        job = BotJob(
            game_ref(table.game), table.seed, table.players,
            tuple(sorted(table.options.items())), tuple(table.actions), seat, level,
            seed, seconds, table.position,
        )  # fmt: skip
        budget = budget_for(table.game, level)
        # Searches bounded by nodes take about as long as a short clock.
        cost = budget.seconds or (QUICK_SEARCH if budget.nodes else 0.0)
        return await brain.choose(job, owner=usage, cost=min(cost, seconds))
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # the game goes on whatever happened to the bot
        return None, f"could not think: {type(exc).__name__}: {exc}"


def _inline(table: Table, level: str) -> bool:
    try:
        return table.game.level(level).inline
    except BadNotation:  # not one of the game's own levels (a pure-Python twin): a worker's
        return False


def _choose_here(table: Table, seat: Seat, level: str, seed: int) -> str:
    """An inline level's choice, here: what a worker would choose from the same seed, with
    the same seat's Observation (so no hidden information reaches it)."""
    thinking = time.perf_counter()
    agent = make_agent(table.game, level, seed)
    action = agent.choose(Observation(table.state, seat), budget_for(table.game, level))
    BOT_THINK.observe(time.perf_counter() - thinking)
    return table.state.encode(action)


def _fallback(table: Table, seat: Seat, seq: int, level: str, why: str) -> str:
    log.warning("table %s: %s bot at seat %d %s; playing a fallback", table.id, level,
                seat, why)  # fmt: skip
    legal = list(table.state.legal_actions(seat))
    choice = Rng(derive(table.seed, f"fallback:{seat}:{seq}")).choice(legal)
    return table.state.encode(choice)
