"""State snapshots (a restart replays only the log's tail) and each campaign's last write.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("campaigns.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("state", sa.Text, nullable=False),
    )
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("touched", sa.Float, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.drop_column("touched")
    op.drop_table("snapshots")
