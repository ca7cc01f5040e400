"""Alembic environment: run with the connection :func:`server.web.storage.open_store` passes."""

from alembic import context

from server.web.storage import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the CLI path: `alembic -x url=...`
    from sqlalchemy import create_engine

    engine = create_engine(context.get_x_argument(as_dictionary=True)["url"])
    connection = engine.connect()
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
