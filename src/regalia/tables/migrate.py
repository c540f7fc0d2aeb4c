"""Bring a database to the current schema: Alembic migrations, run by the server at start.

A database of release 0.1 predates migrations: it has the tables but no `alembic_version`,
so it is stamped with the 0.1 revision first and then upgraded like any other.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

RELEASE_0_1 = "0001"
# Any constant: server processes starting together on PostgreSQL migrate one at a time.
_LOCK = 0x5245_4741


def migrate(engine: Engine) -> None:
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        config = _config(conn)
        tables = inspect(conn).get_table_names()
        if "regalia_tables" in tables and "alembic_version" not in tables:
            command.stamp(config, RELEASE_0_1)
        command.upgrade(config, "head")


def _config(conn: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    config.attributes["connection"] = conn
    return config
