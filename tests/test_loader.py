"""The one reader of the books' data: every data file is read through it, and it refuses
what is no data file or no JSON with a DataError (also a ValueError)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from strategy.errors import DataError
from strategy.loader import check, data_files, load

STRATEGY = Path(__file__).resolve().parent.parent / "strategy"


def test_every_data_file_is_read_through_the_loader_by_some_module() -> None:
    modules = {p: p.read_text("utf-8") for p in STRATEGY.rglob("*.py")}
    read = {
        name for text in modules.values() for name in re.findall(r'\bload\("(\w+\.json)"\)', text)
    }
    assert data_files() and set(data_files()) == read
    # no other reader of JSON beside the loader
    assert [p.name for p, text in modules.items() if "json.load" in text] == ["loader.py"]


def test_bad_names_and_failed_checks_are_data_errors() -> None:
    with pytest.raises(DataError, match="no data file 'nothing.json'"):
        load("nothing.json")
    with pytest.raises(ValueError, match="bad data: Table F roll 99"):
        check(False, "Table F roll 99")
    check(True, "fine")
