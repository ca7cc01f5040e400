"""The first schema: campaigns, seats and the event log.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "campaign_id", sa.String(32), sa.ForeignKey("campaigns.id"), nullable=False, index=True
        ),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    )
    op.create_table(
        "events",
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("campaigns.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("seat", sa.String(32), nullable=True),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_table("campaigns")
