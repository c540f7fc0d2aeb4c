"""The caps and rates of the table service, each with its default.

docs/server.md lists every limit with the environment variable that sets it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    # Unfinished tables with a bot seat: in all; per client (a player, or browser by its
    # guest key; an address for requests without a key); and per address, all its clients.
    bot_tables: int = 200
    bot_tables_per_client: int = 8
    bot_tables_per_address: int = 32
    # An untimed table with a bot that nobody touched (no event) this long ends (expired).
    bot_table_idle_seconds: float = 3 * 86_400.0
    # Turn-based tables: the vacation days a player may declare per year (their clocks
    # stand still meanwhile).
    vacation_days: int = 14
    # Chat per seat: a burst, then lines per second.
    chat_burst: int = 5
    chat_per_second: float = 0.5
    # Chat lines a (re)connecting client is sent; older ones on request.
    chat_history: int = 50
    # A table nobody watches or plays leaves memory after this long (finished: sooner).
    idle_unload_seconds: float = 600.0
    finished_unload_seconds: float = 60.0
    # A table whose human seats nobody joined expires after this long.
    waiting_expiry_seconds: float = 86_400.0
    # How often upkeep runs (bots rescheduled, tables expired and unloaded).
    upkeep_seconds: float = 15.0
    # The lobby lists waiting tables this long after creation, finished ones after their end.
    lobby_waiting_seconds: float = 3600.0
    lobby_finished_seconds: float = 86_400.0
    # Ratings (docs/server.md, "Players and ratings"): what a rated game between opposing
    # seats from one source counts (0: nothing, 1: a full game); a player is provisional
    # (ranked below every established player) until they have this many rated games in a
    # game and an account this old (bots: the games alone).
    same_source_weight: float = 0.0
    provisional_games: int = 10
    provisional_seconds: float = 86_400.0
    # Waiting tables with an open seat (seeks) per address, and per signed-in player.
    waiting_tables_per_client: int = 4
    # While this process cannot reach Redis, it reads from the database this often which
    # tables it runs or someone watches here moved on (0: not at all).
    fanout_poll_seconds: float = 1.0
