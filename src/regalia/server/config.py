"""Server settings from flags, then environment variables, then defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import regalia
from regalia.tables.store import sqlite_url

WEB_DIR = Path(regalia.__file__).parent / "web"


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("data")
    database_url: str | None = None
    redis_url: str | None = None
    bot_workers: int = max(1, os.cpu_count() or 1)
    bot_seconds: float = 5.0
    web_dir: Path = field(default=WEB_DIR)

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
        )

    def db_url(self) -> str:
        """The database URL; the default SQLite file lives in the data directory."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return sqlite_url(self.data_dir.resolve())
