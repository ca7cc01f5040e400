"""The event log's group commit (:meth:`server.web.storage.Store.append`): appends waiting at
once share one transaction, a taken seq refuses only its own append, a failed write is told
to every append of it, what an append returned True for is in the log, and a lone append
gives way first and a snapshot or a clock's due time goes with the appends waiting."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from server.web.storage import Store, StoredEvent
from tests.topology_helpers import wait_until

WAIT = 10.0  # seconds a thread may take (not a speed target)


def _event(seq: int, text: str = "x") -> StoredEvent:
    return StoredEvent(seq, "note", "gm", {"text": text})


class _Held:
    """The store's first transaction held open until ``waiting`` appends queue behind it;
    the size of every transaction written."""

    def __init__(self, store: Store, waiting: int, fail: Exception | None = None) -> None:
        self.store, self.waiting, self.fail = store, waiting, fail
        self.sizes: list[int] = []
        self.write = store._write

    def __call__(self, batch: list[Any]) -> None:
        if not self.sizes:
            assert wait_until(lambda: len(self.store._queue) >= self.waiting), (
                "the threads did not get there"
            )
        self.sizes.append(len(batch))
        if self.fail is not None and len(self.sizes) == 2:
            raise self.fail
        self.write(batch)


def _append_all(store: Store, appends: list[tuple[str, StoredEvent]]) -> list[Any]:
    """Each append in a thread of its own, the first one first: what each returned/raised."""
    results: list[Any] = [None] * len(appends)

    def one(k: int) -> None:
        try:
            results[k] = store.append(*appends[k])
        except Exception as exc:
            results[k] = exc

    threads = [threading.Thread(target=one, args=(k,)) for k in range(len(appends))]
    threads[0].start()
    # the first is writing before the others come
    assert wait_until(lambda: store._leading), "the first append did not start"
    for t in threads[1:]:
        t.start()
    for t in threads:
        t.join(WAIT)
    return results


def _texts(store: Store, campaign_id: str) -> list[tuple[int, str]]:
    return [(e.seq, e.data.get("text", "")) for e in store.events_after(campaign_id, 1)]


def test_appends_waiting_at_once_are_written_in_one_transaction(log_store, monkeypatch) -> None:
    store = log_store
    held = _Held(store, 4)
    monkeypatch.setattr(store, "_write", held)
    appends = [(c, _event(2, f"to {c}")) for c in "abcde"]
    assert _append_all(store, appends) == [True] * 5
    assert held.sizes == [1, 4], "the first alone, the four that waited for it together"
    for c in "abcde":
        assert _texts(store, c) == [(2, f"to {c}")]
    assert store.append("f", _event(2)) is True and held.sizes[-1] == 1, "alone: at once"
    assert not store._leading and not store._queue


def test_a_taken_seq_refuses_only_its_own_append(log_store, monkeypatch) -> None:
    store = log_store
    assert store.append("a", _event(2, "first"))
    held = _Held(store, 3)
    monkeypatch.setattr(store, "_write", held)
    appends = [("c", _event(2)), ("a", _event(2, "again")), ("b", _event(2)), ("d", _event(2))]
    assert _append_all(store, appends) == [True, False, True, True]
    assert _texts(store, "a") == [(2, "first")], "the seq's first event kept, nothing else"
    assert [_texts(store, c) for c in "bcd"] == [[(2, "x")]] * 3


def test_a_failed_transaction_fails_each_of_its_appends_and_the_next_is_written(
    log_store, monkeypatch
) -> None:
    store = log_store
    failure = OperationalError("INSERT", {}, Exception("disk I/O error"))
    held = _Held(store, 2, fail=failure)
    monkeypatch.setattr(store, "_write", held)
    results = _append_all(store, [("a", _event(2)), ("b", _event(2)), ("c", _event(2))])
    assert results[0] is True and results[1] is results[2] is failure
    assert [_texts(store, c) for c in "abc"] == [[(2, "x")], [], []]
    assert store.append("b", _event(2, "later")) is True
    assert _texts(store, "b") == [(2, "later")]


def test_a_lone_append_lets_the_appends_on_their_way_join_its_transaction(
    log_store, monkeypatch
) -> None:
    """The lead append's ``others_first`` (the server's ``gevent.sleep``) comes before it
    takes its batch: an append that came meanwhile is written with it, in one transaction
    (under load, half as many transactions, each costing the event loop its own work)."""
    store = log_store
    sizes: list[int] = []
    write = store._write
    monkeypatch.setattr(store, "_write", lambda batch: (sizes.append(len(batch)), write(batch)))
    other = threading.Thread(target=lambda: store.append("b", _event(2, "on its way")))

    def others_first() -> None:  # another append comes while the lead gives way
        store.others_first = lambda: None
        other.start()
        assert wait_until(lambda: len(store._queue) == 2), "the other append did not come"

    store.others_first = others_first
    assert store.append("a", _event(2, "lead")) is True
    other.join(WAIT)
    assert sizes == [2], "both in the lead's transaction"
    assert _texts(store, "a") == [(2, "lead")] and _texts(store, "b") == [(2, "on its way")]


# a store's other writes: the write, and what it left in the store
OTHER_WRITES = {
    "snapshot": (
        lambda store: store.save_snapshot("a", 2, '{"day": 2}'),
        lambda store: store.snapshot("a") == (2, '{"day": 2}'),
    ),
    "clock's due time": (
        lambda store: store.set_due("a", 100.0),
        lambda store: store.due_campaigns(now=150.0) == ["a"],
    ),
}


@pytest.mark.parametrize("kind", OTHER_WRITES)
def test_a_snapshot_or_a_due_time_is_written_with_the_appends_waiting_not_alone(
    log_store, monkeypatch, kind
) -> None:
    """Each of those written in a transaction of its own held up every campaign's next
    for a whole commit."""
    write, written = OTHER_WRITES[kind]
    store = log_store
    held = _Held(store, 2)
    monkeypatch.setattr(store, "_write", held)
    results: list[Any] = []
    first = threading.Thread(target=lambda: results.append(store.append("a", _event(2))))
    first.start()
    assert wait_until(lambda: store._leading), "the first append did not start"
    behind = [
        threading.Thread(target=lambda: write(store)),
        threading.Thread(target=lambda: results.append(store.append("b", _event(2, "b")))),
    ]
    for t in behind:
        t.start()
    for t in (first, *behind):
        t.join(WAIT)
    assert results == [True, True]
    assert held.sizes == [1, 2], "in the next transaction, with the append"
    assert written(store)
    assert _texts(store, "b") == [(2, "b")]
