"""Where a challenge's players answered from.

`source` (an IPv4 address or an IPv6 /64, as `regalia_seats.source`) of the challenger and
of each invited player who accepted: the table an accepted challenge makes binds each seat
with it, so a rated game between two accounts of one source counts as such
(docs/server.md, "Players and ratings").

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_challenges") as challenges:
        challenges.add_column(sa.Column("source", sa.String(64), nullable=True))
    with op.batch_alter_table("regalia_challenge_invites") as invites:
        invites.add_column(sa.Column("source", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("regalia_challenge_invites") as invites:
        invites.drop_column("source")
    with op.batch_alter_table("regalia_challenges") as challenges:
        challenges.drop_column("source")
