"""Storage: one SQLAlchemy engine per app, schema created on first start."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import Engine, MetaData, create_engine

__all__ = ["engine_for", "init_app", "metadata"]

metadata = MetaData()


def engine_for(url: str) -> Engine:
    """An engine for ``url``; SQLite files are shared safely between threads."""
    if url.startswith("sqlite"):
        return create_engine(url, connect_args={"check_same_thread": False})
    return create_engine(url, pool_pre_ping=True)


def init_app(app: Flask) -> None:
    """Open the store named by ``DATABASE_URL`` and create the schema if it is new."""
    engine = engine_for(app.config["DATABASE_URL"])
    metadata.create_all(engine)
    app.extensions["admiralty.engine"] = engine
