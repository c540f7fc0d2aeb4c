"""Server settings from flags, then environment variables, then defaults.

Every limit has an environment variable named after it: `REGALIA_` + its name in capitals
(e.g. `REGALIA_CREATE_BURST=20`, `REGALIA_BOT_TABLES=500`); docs/server.md lists them.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

import regalia
from regalia.moderation.gate import SPECTATOR_CHAT
from regalia.notify.config import NotifySettings
from regalia.tables.limits import Limits
from regalia.tables.store import sqlite_url

WEB_DIR = Path(regalia.__file__).parent / "web"
L = TypeVar("L")


@dataclass(frozen=True)
class HttpLimits:
    """Rates and timeouts of the HTTP and WebSocket front, per client address."""

    # Table creation: a burst, then tables per minute.
    create_burst: int = 10
    create_per_minute: float = 6.0
    # Every other write (commands, joins, uploads): a burst, then requests per second.
    write_burst: int = 60
    write_per_second: float = 20.0
    # WebSockets open at once per address, and messages per socket (burst, per second).
    sockets_per_client: int = 64
    socket_burst: int = 40
    socket_per_second: float = 10.0
    # A request's headers, and then its body, must arrive within these many seconds; an
    # idle keep-alive connection closes after `keep_alive_seconds`.
    header_seconds: float = 10.0
    body_seconds: float = 30.0
    keep_alive_seconds: float = 5.0
    # HTTP connections one address (an IPv6 one: its /64) may hold open at once; HTTP
    # connections the process holds at once (upgraded WebSockets not counted: a newcomer
    # beyond it evicts an idle or partial connection, else gets 503); and the last of them
    # kept for addresses that hold fewer than 8.
    connections_per_client: int = 64
    connections: int = 4096
    # Password hashing (Argon2id) on threads of its own, never the database's: how many,
    # and how many hashes may run or wait at once (one more: 503 `busy`).
    hash_workers: int = 1
    hashes_at_once: int = 8
    # Password changes, per player and per address: a burst, then changes per hour.
    password_burst: int = 5
    password_per_hour: float = 10.0
    # Sign-in failures per name and address before each further try waits, from
    # `sign_in_backoff_seconds`, doubling per failure, up to an hour; past
    # `sign_in_name_failures` failures in an hour from everywhere, only addresses that have
    # not failed at that name may try it. Sign-in attempts per address: a burst, then per
    # minute (successes too).
    sign_in_failures: int = 5
    sign_in_backoff_seconds: float = 30.0
    sign_in_name_failures: int = 100
    sign_in_burst: int = 20
    sign_in_per_minute: float = 20.0
    # A guest's first password needs a player key at most this old (a fresh sign-in proof).
    first_password_seconds: float = 86_400.0
    connections_headroom: int = 256
    # The Bot API (regalia.server.botapi): requests per API token (a burst, then per
    # second), games one BOT plays at once, and the seconds between keep-alive newlines on
    # an idle NDJSON stream and between looks at a BOT's games for its event stream.
    bot_api_burst: int = 60
    bot_api_per_second: float = 20.0
    bot_games: int = 16
    bot_keepalive_seconds: float = 6.0
    bot_poll_seconds: float = 1.0
    # The BOT ladder pairs the BOTs connected to a process this often (0: never).
    bot_ladder_seconds: float = 86_400.0
    # WebSockets the process holds at once, all addresses together.
    sockets: int = 16_384


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("data")
    database_url: str | None = None
    redis_url: str | None = None
    bot_workers: int = max(1, os.cpu_count() or 1)
    bot_seconds: float = 5.0
    # Start the bot workers when a job first needs one instead of at start-up (tests whose
    # server may never run a bot; a server's first bot move would pay for the start).
    bot_workers_on_demand: bool = False
    web_dir: Path = field(default=WEB_DIR)
    http: HttpLimits = field(default_factory=HttpLimits)
    tables: Limits = field(default_factory=Limits)
    # `GET /metrics` is open when None (a lone server on loopback), else it needs
    # `Authorization: Bearer <metrics_token>`.
    metrics_token: str | None = None
    # Web Push, e-mail and their links (regalia.notify.config).
    notify: NotifySettings = field(default_factory=NotifySettings)
    # The reverse proxies whose X-Forwarded-For is believed (addresses or networks); from
    # anyone else the header is ignored, so nobody picks the address a limit counts.
    trusted_proxies: tuple[str, ...] = ()
    # Seasons (regalia.tournaments.seasons): their length, and how recently a player must
    # have played to be on a leaderboard.
    season: str = "monthly"
    active_days: int = 30
    # The chat filter's word list (regalia.tables.chatfilter); None: chat-filter.txt in
    # the data directory.
    chat_filter: Path | None = None
    # Who writes in a table's spectator chat (regalia.moderation.gate.SPECTATOR_CHAT):
    # "players" (a player key: a mute holds), "anyone" or "off".
    spectator_chat: str = "players"

    @classmethod
    def from_env(
        cls,
        data_dir: Path | None = None,
        database_url: str | None = None,
        redis_url: str | None = None,
        bot_workers: int | None = None,
    ) -> Settings:
        env = os.environ
        workers = bot_workers or int(env.get("REGALIA_BOT_WORKERS", "0") or 0)
        return cls(
            data_dir=data_dir or Path(env.get("REGALIA_DATA_DIR", "data")),
            database_url=database_url or env.get("REGALIA_DATABASE_URL") or None,
            redis_url=redis_url or env.get("REGALIA_REDIS_URL") or None,
            bot_workers=workers or cls.bot_workers,
            bot_seconds=float(env.get("REGALIA_BOT_SECONDS", "5.0")),
            http=limits_from_env(HttpLimits(), env),
            tables=limits_from_env(Limits(), env),
            metrics_token=env.get("REGALIA_METRICS_TOKEN") or None,
            notify=NotifySettings.from_env(env),
            trusted_proxies=read_proxies(env.get("REGALIA_TRUSTED_PROXIES", "")),
            season=read_season(env.get("REGALIA_SEASON") or "monthly"),
            active_days=int(env.get("REGALIA_ACTIVE_DAYS") or 30),
            chat_filter=read_path(env.get("REGALIA_CHAT_FILTER")),
            spectator_chat=read_spectator_chat(env.get("REGALIA_SPECTATOR_CHAT") or "players"),
        )

    def db_url(self) -> str:
        """The database URL; the default SQLite file lives in the data directory."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return sqlite_url(self.data_dir.resolve())


def read_proxies(text: str) -> tuple[str, ...]:
    """`REGALIA_TRUSTED_PROXIES`: addresses or networks, comma-separated
    (`127.0.0.1,10.0.0.0/8,::1`); ValueError names an entry that is neither."""
    found = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        try:
            found.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(
                f"REGALIA_TRUSTED_PROXIES: {item!r} is not an address or a network "
                "(e.g. 127.0.0.1 or 10.0.0.0/8)"
            ) from None
    return tuple(found)


def limits_from_env(limits: L, env: Mapping[str, str]) -> L:
    """`limits` with each field that has a `REGALIA_<NAME>` variable set to its value."""
    changes: dict[str, Any] = {}
    for item in fields(limits):  # type: ignore[arg-type]
        text = env.get(f"REGALIA_{item.name.upper()}")
        if text:
            kind = type(getattr(limits, item.name))
            try:
                value = kind(text)
            except ValueError:
                raise ValueError(f"REGALIA_{item.name.upper()}={text!r} is not a number") from None
            if value < 0:
                raise ValueError(f"REGALIA_{item.name.upper()} must not be negative")
            changes[item.name] = value
    return replace(limits, **changes)  # type: ignore[type-var]


def read_path(text: str | None) -> Path | None:
    """A path variable's value; None when it is unset or empty."""
    return Path(text) if text else None


def read_spectator_chat(text: str) -> str:
    if text not in SPECTATOR_CHAT:
        raise ValueError(f"REGALIA_SPECTATOR_CHAT={text!r} is {', '.join(SPECTATOR_CHAT)}")
    return text


def read_season(text: str) -> str:
    if text not in ("weekly", "monthly", "quarterly"):
        raise ValueError(f"REGALIA_SEASON={text!r} is weekly, monthly or quarterly")
    return text
