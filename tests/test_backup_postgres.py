"""Backups and restores of PostgreSQL as docs/operations.md says them (issue 30, item 4): its
``pg_dump`` and ``pg_restore`` lines run as written (only the environment file, the backup
folder and the URL in it are the test's), the dump restored into a new database, and the
campaign there is the one backed up: every table's rows, its log and its state."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select

from server.web.app import create_app
from server.web.services import services
from server.web.storage import metadata
from tests.server_helpers import Game
from tests.topology_helpers import OPERATIONS, create_database

pytestmark = pytest.mark.postgres


def documented_backup() -> tuple[str, str]:
    """The PostgreSQL block of docs/operations.md's "Backup and restore": its dump lines
    and its restore lines (the environment's line first in both)."""
    text = OPERATIONS.read_text("utf-8")
    blocks = [b for b in re.findall(r"^```\n(.*?)^```$", text, re.S | re.M) if "pg_restore" in b]
    assert len(blocks) == 1, f"one pg_dump/pg_restore block in {OPERATIONS}"
    lines = blocks[0].splitlines()
    env = [line for line in lines if "/etc/admiralty/env" in line]
    restore_at = next(i for i, line in enumerate(lines) if line.startswith("# restore"))
    assert len(env) == 1 and lines.index(env[0]) < restore_at, blocks[0]
    return "\n".join(lines[:restore_at]), "\n".join([env[0], *lines[restore_at:]])


def _run(script: str, folder: Path, url: str) -> None:
    """``script`` (the doc's lines) with ``folder`` for /etc/admiralty and the backups, and
    an environment file there whose database is ``url``."""
    (folder / "env").write_text(f"ADMIRALTY_DATABASE_URL={url}\nADMIRALTY_PROXY_HOPS=1\n")
    script = script.replace("/etc/admiralty/env", str(folder / "env"))
    script = script.replace("/var/backups/admiralty", str(folder))
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, (script, done.stdout, done.stderr)


def _campaign(url: str) -> str:
    """A campaign with seats and events in the database at ``url``: its id."""
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    game = Game.new(app, seed=11)
    pm = game.add("pm", "prime-minister")
    fsl = game.add("fsl", "first-sea-lord")
    game.add("obs", "observer")
    assert pm.act("set_ships", digit=3)["ok"]
    assert fsl.act("set_deployment", digit=5)["ok"]
    for i in range(5):
        assert game.gm().act("note", text=f"note {i}")["ok"]
    for player in game.players.values():
        player.client.disconnect()
    services(app).store.engine.dispose()
    return game.id


def _rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the store (and the schema's revision), in key order."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            found = {
                table.name: [tuple(r) for r in conn.execute(select(table).order_by(*table.c))]
                for table in metadata.sorted_tables
            }
            found["alembic_version"] = [
                tuple(r) for r in conn.exec_driver_sql("SELECT version_num FROM alembic_version")
            ]
            return found
    finally:
        engine.dispose()


def _seen(url: str, campaign: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The campaign's log and the GM's state, as a server on ``url`` answers them."""
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    try:
        store = services(app).store
        assert store.campaign(campaign) is not None
        log = [e.to_dict() for e in store.events_after(campaign, 0)]
        seq, state = services(app).campaigns.current(campaign)
        return {"seq": seq, "log": log}, state
    finally:
        services(app).store.engine.dispose()


def test_the_documented_pg_dump_and_pg_restore_bring_the_campaign_back(
    tmp_path: Path, postgres_url: str
) -> None:
    dump, restore = documented_backup()
    source = create_database(postgres_url, "backed_up")
    campaign = _campaign(source)
    _run(dump, tmp_path, source)
    fresh = create_database(postgres_url, "restored")
    _run(restore, tmp_path, fresh)
    assert _rows(fresh) == _rows(source)
    assert _seen(fresh, campaign) == _seen(source, campaign)
    assert len(_seen(fresh, campaign)[0]["log"]) >= 7
