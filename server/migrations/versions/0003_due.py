"""Each campaign's next deadline: the turn clock finds the campaigns it must visit.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("due", sa.Float, nullable=True))
        batch.create_index("ix_campaigns_due", ["due"])


def downgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.drop_index("ix_campaigns_due")
        batch.drop_column("due")
