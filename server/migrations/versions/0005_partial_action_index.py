"""The action ids' index kept for the acts that give one: a partial unique index (``WHERE
action IS NOT NULL``), so that an act without an id (every act of the browser's) writes no
entry in it; the lookup of an act sent again (``action = :id``) still uses it.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

COLUMNS = ["campaign_id", "seat", "action"]
GIVEN = sa.text("action IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_index("ix_events_action")
        batch.create_index(
            "ix_events_action", COLUMNS, unique=True, sqlite_where=GIVEN, postgresql_where=GIVEN
        )


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_index("ix_events_action")
        batch.create_index("ix_events_action", COLUMNS, unique=True)
