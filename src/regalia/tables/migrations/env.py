"""Alembic's entry point: migrate the connection `regalia.tables.migrate` hands over."""

from __future__ import annotations

from alembic import context

from regalia.tables.models import Base

connection = context.config.attributes["connection"]
# Batch mode lets SQLite alter tables by copying them, as it has no ALTER for most changes.
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
