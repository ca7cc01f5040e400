"""Acts committed together (:meth:`server.web.campaigns.CampaignService.act`): the acts of a
campaign that come while one is being committed are decided one after another, logged in one
append and broadcast in their order, each seat told what it would have been told of each
alone; a refusal among them stands; a log moved on by another writer has each act decided
again on it. Real threads on a SQLite file, the store's writes held to line the acts up."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from server.web.campaigns import CampaignService
from server.web.delivery import campaign_room, seat_room
from server.web.services import services
from server.web.storage import StoredEvent, open_store
from tests.server_helpers import Game, new_app
from tests.topology_helpers import wait_until

WAIT = 10.0  # seconds a thread may take (not a speed target)
ROLES = [
    {"role": "prime-minister"},
    {"role": "first-sea-lord"},
    {"role": "admiral", "squadron": "White"},
    {"role": "admiral", "squadron": "Red"},
    {"role": "observer"},
]


class _Table:
    """A campaign with a GM, two ministers, two admirals and an observer; every emit kept."""

    def __init__(self, tmp_path) -> None:
        self.app = new_app(tmp_path)
        self.service: CampaignService = services(self.app).campaigns
        self.game = Game.new(self.app)
        self.seats = [self.game.seat(**body) for body in ROLES]  # (seat id, token)
        self.gm = self.game.gm().seat["id"]
        self.sent: list[tuple[list[str], dict[str, Any]]] = []
        self.service.emit = lambda rooms, payload: self.sent.append((rooms, payload))
        self.writes: list[list[int]] = []  # the seqs of each transaction
        self.write = self.service.store._write

    def hold_first_write(self, waiting: int, then: Callable[[], None] = lambda: None) -> None:
        """The next transaction held until ``waiting`` acts wait behind it; ``then`` runs
        before the one after it is written."""
        store = self.service.store

        def write(batch: list[Any]) -> None:
            if not self.writes:
                assert wait_until(
                    lambda: len(self.service.committer._acts.get(self.game.id, [])) >= waiting
                ), "the threads did not get there"
            elif len(self.writes) == 1:
                then()
            self.writes.append([e.seq for item in batch for e in item.events])
            self.write(batch)

        store._write = write  # type: ignore[method-assign]

    def act_together(self, acts: list[tuple[int, dict[str, Any]]]) -> list[Any]:
        """Each (seat index, args) from a thread of its own, the first alone first: what
        each act returned or raised."""
        results: list[Any] = [None] * len(acts)

        def one(k: int) -> None:
            seat_id, token = self.seats[acts[k][0]]
            try:
                results[k] = self.service.act(self.game.id, seat_id, acts[k][1], token)
            except Exception as exc:
                results[k] = exc

        threads = [threading.Thread(target=one, args=(k,)) for k in range(len(acts))]
        threads[0].start()
        assert wait_until(lambda: self.game.id in self.service.committer._batching), (
            "the threads did not get there"
        )
        for t in threads[1:]:
            t.start()
        for t in threads:
            t.join(WAIT)
        return results

    def rebuilt_from_the_log(self) -> bool:
        """The state the acts left is the state a rebuild from the log makes."""
        rebuilt = CampaignService(self.service.store, lambda rooms, payload: None)
        return rebuilt.current(self.game.id) == self.service.current(self.game.id)

    def _messages(self, seat_id: str) -> list[list[dict[str, Any]]]:
        """The messages emitted to ``seat_id``'s room, or to every seat (the campaign's
        room), in the order sent, each as its list of payloads (one unless ``events``)."""
        mine = {seat_room(self.game.id, seat_id), campaign_room(self.game.id)}
        return [p if isinstance(p, list) else [p] for rooms, p in self.sent if mine & set(rooms)]

    def told(self, seat_id: str, since: int) -> list[dict[str, Any]]:
        """The payloads told ``seat_id`` after ``since``, in the order sent."""
        return [p for m in self._messages(seat_id) for p in m if p["seq"] > since]

    def messages(self, seat_id: str, since: int) -> list[list[int]]:
        """The seqs of each message sent to ``seat_id`` after ``since`` (a list: ``events``)."""
        return [[p["seq"] for p in m] for m in self._messages(seat_id) if m[-1]["seq"] > since]


def test_acts_that_come_while_one_is_committed_are_logged_together_in_order(tmp_path) -> None:
    table = _Table(tmp_path)
    since = table.service.store.last_seq(table.game.id)
    table.hold_first_write(4)
    acts = [
        (0, {"type": "ready"}),
        (1, {"type": "ready"}),
        (2, {"type": "say", "to": "all", "text": "a sail to leeward"}),
        (3, {"type": "ready"}),
        (0, {"type": "set_ships", "digit": 4}),
    ]
    seqs = table.act_together(acts)
    assert sorted(seqs) == list(range(since + 1, since + 6)), seqs
    assert table.writes == [[seqs[0]], sorted(seqs[1:])], "the first alone, the four together"
    # each seat was told each event in log order, as the log tells it again event by event
    for seat_id in [table.gm] + [s for s, _ in table.seats]:
        told = table.told(seat_id, since)
        assert [p["seq"] for p in told] == sorted(seqs)
        seen = [p for p in told if "type" in p]  # the others: the bare seq
        assert seen == table.service.events_since(table.game.id, seat_id, since)[1]
        # the first alone, then the four logged together in one message (``events``)
        assert table.messages(seat_id, since) == [[seqs[0]], sorted(seqs[1:])]
    assert table.rebuilt_from_the_log()


def test_an_act_that_leads_lets_the_acts_already_read_join_its_batch(tmp_path) -> None:
    table = _Table(tmp_path)
    since = table.service.store.last_seq(table.game.id)
    table.hold_first_write(0)  # (held for no act: the transactions recorded)
    (first_seat, first_token), (second_seat, second_token) = table.seats[:2]
    second: list[Any] = []

    def act_read_meanwhile() -> None:  # as if its green thread were ready to run
        second.append(
            threading.Thread(
                target=lambda: second.append(
                    table.service.act(table.game.id, second_seat, {"type": "ready"}, second_token)
                )
            )
        )
        second[0].start()
        assert wait_until(lambda: len(table.service.committer._acts.get(table.game.id, [])) == 2)

    table.service.others_first = act_read_meanwhile
    first = table.service.act(table.game.id, first_seat, {"type": "ready"}, first_token)
    second[0].join(WAIT)
    assert (first, second[1]) == (since + 1, since + 2)
    assert table.writes == [[since + 1, since + 2]], "one transaction"
    assert table.messages(table.gm, since) == [[since + 1, since + 2]], "one message"
    assert table.rebuilt_from_the_log()


def test_a_refusal_among_acts_logged_together_stands(tmp_path) -> None:
    table = _Table(tmp_path)
    since = table.service.store.last_seq(table.game.id)
    table.hold_first_write(3)
    acts = [
        (0, {"type": "ready"}),
        (1, {"type": "ready"}),
        (4, {"type": "ready"}),  # an observer has no turn to be ready for
        (3, {"type": "ready"}),
    ]
    results = table.act_together(acts)
    assert results[2].code == "forbidden", results[2]
    assert sorted(results[:2] + results[3:]) == [since + 1, since + 2, since + 3]
    assert table.writes == [[since + 1], [since + 2, since + 3]]
    logged = [e.seat for e in table.service.store.events_after(table.game.id, since)]
    assert logged == [table.seats[k][0] for k in (0, 1, 3)]


def test_acts_decided_on_a_log_another_writer_moved_on_are_decided_again(tmp_path) -> None:
    table = _Table(tmp_path)
    since = table.service.store.last_seq(table.game.id)
    other = open_store(str(table.service.store.engine.url))

    def another_writer() -> None:  # another process's note, logged before the batch
        other.append(table.game.id, StoredEvent(since + 2, "note", table.gm, {"text": "hove to"}))

    table.hold_first_write(2, then=another_writer)
    results = table.act_together(
        [(0, {"type": "ready"}), (1, {"type": "ready"}), (3, {"ready": 1})]
    )
    assert results[0] == since + 1
    assert sorted(results[1:2]) == [since + 3] and results[2].code == "invalid"
    log = list(table.service.store.events_after(table.game.id, since))
    assert [(e.seq, e.type) for e in log] == [
        (since + 1, "ready"),
        (since + 2, "note"),
        (since + 3, "ready"),
    ]
    assert table.rebuilt_from_the_log()
    other.engine.dispose()
