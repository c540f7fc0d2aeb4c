"""A rated game's exact rating updates, so a moderator can annul them (issue 29).

`detail` keeps, per seat, the OpenSkill values before and after the game (the shown
figures in `changes` are rounded); `annulled_at` marks a game whose change a moderator took
back: its players' ratings were moved back by exactly that change, and the history and the
seasons leave it out. Games rated before this migration have no `detail` and cannot be
annulled exactly (the moderation API says so).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_rated_games") as games:
        games.add_column(sa.Column("detail", sa.Text, nullable=True))
        games.add_column(sa.Column("annulled_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("regalia_rated_games") as games:
        games.drop_column("annulled_at")
        games.drop_column("detail")
