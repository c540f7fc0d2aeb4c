"""Where each seat's player sat down from.

`source` is the network a seat was joined from (an IPv4 address, or an IPv6 /64), kept
with the seat's player, so a rated game between accounts from one source can be told
apart from a game between strangers (docs/server.md, "Players and ratings"). Seats of
earlier releases have none: their games were rated already.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_seats") as seats:
        seats.add_column(sa.Column("source", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("regalia_seats") as seats:
        seats.drop_column("source")
