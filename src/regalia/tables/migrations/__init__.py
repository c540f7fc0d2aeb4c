"""Alembic migrations of Regalia's database; `regalia.tables.migrate` runs them at start."""
