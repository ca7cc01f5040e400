"""A seat's change of view (server.game.views): whatever two views, the JSON Patch made
from one to the other, applied by a library (jsonpatch, RFC 6902), gives the other."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from server.game.views import _diff

SCALARS = st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab/~", max_size=3)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text("ab/~", max_size=2), inner, max_size=4)
    ),
    max_leaves=12,
)
VIEWS = st.dictionaries(st.sampled_from(["forces", "log", "seats", "day"]), JSON, max_size=4)


@settings(max_examples=400, deadline=None)
@given(VIEWS, VIEWS)
def test_the_patch_from_one_view_to_another_gives_the_other(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    patch = _diff(old, new)
    assert jsonpatch.apply_patch(old, patch) == new
    assert (patch == []) == (old == new)


@given(st.lists(JSON, min_size=4, max_size=8), st.lists(JSON, min_size=1, max_size=3))
def test_a_list_that_only_grew_is_sent_its_new_items_alone(log: list[Any], more: list[Any]) -> None:
    """A battle's log a round longer: each new line added, nothing of the lines before."""
    patch = _diff({"log": log}, {"log": log + more})
    assert [op["op"] for op in patch] == ["add"] * len(more)
    assert [op["value"] for op in patch] == more


@given(st.lists(JSON, min_size=1, max_size=6))
def test_a_part_mostly_changed_is_sent_whole_where_that_is_shorter(chart: list[Any]) -> None:
    """A battle's range chart filled (from nothing), a ship's boxes struck one after the
    other: one ``replace`` of the part where that is shorter than its many changes."""
    for old, new in (([], chart), ([0] * 6, [1] * 6), ({"a": 0, "b": 0}, {"a": 1, "b": 2})):
        patch = _diff({"view": {"part": old}}, {"view": {"part": new}})
        single = [{"op": "replace", "path": "/view/part", "value": new}]
        assert jsonpatch.apply_patch({"view": {"part": old}}, patch) == {"view": {"part": new}}
        assert len(json.dumps(patch)) <= len(json.dumps(single))
        if len(new) > 1:
            assert patch == single
