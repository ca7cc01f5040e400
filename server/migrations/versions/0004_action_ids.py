"""Each logged act's client action id: an act sent again with the same id is answered with
the event it made, never logged twice (docs/protocol.md, "Action ids").

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("action", sa.String(64), nullable=True))
        # one event per seat and id (ids left out are NULL: never equal)
        batch.create_index("ix_events_action", ["campaign_id", "seat", "action"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_index("ix_events_action")
        batch.drop_column("action")
