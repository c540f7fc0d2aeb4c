"""Player name keys hold the confusable skeleton of the name, in a wider column.

A key was the case-folded name in 24 characters: a name of 24 whose folded form is longer
(`ß` folds to `ss`) did not fit on PostgreSQL, and look-alike names (Cyrillic `Аna`, `Ａｎａ`)
had keys of their own. Keys become `regalia.tables.names.name_key` in up to 96 characters;
a player whose new key another player already has keeps the old one (the earlier player,
by creation, gets the new key), so nobody loses a name.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from regalia.tables.names import MAX_KEY, name_key

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.alter_column(
            "name_key",
            type_=sa.String(MAX_KEY),
            existing_type=sa.String(24),
            existing_nullable=False,
        )
    conn = op.get_bind()
    rows = sa.table(
        "regalia_players",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
        sa.column("created_at", sa.String),
    )
    found = conn.execute(
        sa.select(rows.c.id, rows.c.name, rows.c.name_key).order_by(rows.c.created_at, rows.c.id)
    ).all()
    taken = {key for _, _, key in found}
    for player_id, name, old in found:
        new = name_key(name)[:MAX_KEY]
        if new == old or new in taken:
            continue
        conn.execute(rows.update().where(rows.c.id == player_id).values(name_key=new))
        taken.discard(old)
        taken.add(new)


def downgrade() -> None:
    raise NotImplementedError("name keys are not turned back into case-folded names")
