"""Money (issue 17, item 4): investments in arms, finance or commerce made by the first of
June and paid by the book's table after the summer; prize money and plunder to the
officers' funds.

Briny, INVESTMENT: "Investments must be made in blocks of 1000 Guineas ... To enjoy the
benefits of the summer campaign, the investment must be made by the first of June. Any
investments made after that time will be considered in the campaign of the following
year." The admirals: "squadron commanders at sea receive an amount equal to one quarter of
the plunder gained by their subordinate captains and lieutenants, and admirals on shore
will still receive an amount equal to one eighth of the prize money taken by ships of
their squadron."
"""

from __future__ import annotations

from server import game as server_game
from strategy.campaign.investment import arms_finance, investment_returns
from tests.server_helpers import Game, events_of, seat_views, state_before


def test_an_investment_made_in_spring_is_paid_after_the_summer_by_the_books_table(
    money_years,
) -> None:
    log, aubrey = money_years["log"], money_years["officers"]["fg"]
    assert money_years["acks"]["spring"]["ok"], money_years["acks"]
    invest = next(
        e for e in events_of(log, "invest") if e["data"]["investment"]["kind"] == "finance"
    )
    assert invest["data"]["investment"]["year"] == 1806  # made after the summer of 1805
    summers = events_of(log, "resolve_summer")
    first = [r["id"] for r in summers[0]["data"]["report"]["returns"]]
    assert invest["data"]["investment"]["id"] not in first  # not the summer of 1805's
    summer = summers[1]
    report = summer["data"]["report"]
    paid = next(r for r in report["returns"] if r["id"] == invest["data"]["investment"]["id"])
    # the book's table for the ships sent and the commanders' results of the logged summer
    ships = len(state_before(log, summer["seq"])["deployment"])
    assert ships == report["investment"]["ships_sent"]
    book = investment_returns(
        ships, report["investment"]["average"], [{"kind": "finance", "capital": 2000}]
    )["investments"][0]
    assert paid["percent"] == book["percent"] == arms_finance(ships)["finance"]
    assert paid["return"] == book["guineas"] == 2000 * paid["percent"] // 100
    assert paid["paid"] == 2000 + paid["return"]
    # into his funds after the summer's prize money
    after, _ = server_game.replay({**log, "events": log["events"][: summer["seq"]]})
    changed = (
        summer["data"]["officers"].get(aubrey)
        or state_before(log, summer["seq"])["officers"][aubrey]
    )
    assert after["officers"][aubrey]["funds"] == changed["funds"] + paid["paid"]
    assert after.get("investments") == []  # the year's investments paid and cleared


def test_the_capital_is_held_when_invested_and_the_cabinets_investment_pays_that_summer(
    money_years,
) -> None:
    log, aubrey = money_years["log"], money_years["officers"]["fg"]
    arms = events_of(log, "invest")[0]
    before = state_before(log, arms["seq"])["officers"][aubrey]["funds"]
    assert before == 7500  # a Very Wealthy nobleman's orphan's inheritance
    assert arms["data"]["funds"] == before - 3000
    assert arms["data"]["investment"] == {
        "id": "i1805-1",
        "officer": aubrey,
        "kind": "arms",
        "guineas": 3000,
        "year": 1805,
    }
    report = events_of(log, "resolve_summer")[0]["data"]["report"]
    (paid,) = report["returns"]
    assert paid["percent"] == arms_finance(report["investment"]["ships_sent"])["arms"]


def test_the_gm_invests_for_a_player_as_him_in_commerce(money_years) -> None:
    log, cochrane = money_years["log"], money_years["officers"]["red"]
    assert money_years["acks"]["as"]["ok"], money_years["acks"]["as"]
    commerce = next(e for e in events_of(log, "invest") if e["data"].get("as"))
    assert commerce["data"]["investment"]["officer"] == cochrane
    report = events_of(log, "resolve_summer")[1]["data"]["report"]
    paid = next(r for r in report["returns"] if r["kind"] == "commerce")
    assert paid["percent"] == report["investment"]["commerce"]  # by the commanders' average


def test_no_investment_after_the_first_of_june(money_years) -> None:
    ack = money_years["acks"]["summer"]
    assert ack["error"] == {
        "code": "wrong_phase",
        "message": "invest is not allowed in the summer phase",
    }
    assert len(events_of(money_years["log"], "invest")) == 3  # the refused one logged nothing


def test_an_investment_beyond_his_funds_or_off_the_book_is_refused(fresh_game: Game) -> None:
    poor = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey"})
    empty = fresh_game.add("ro", "captain", ship="RO")  # a seat with no character yet
    pm = fresh_game.add("pm", "prime-minister")
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    state = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/state", token=poor.token)
    funds = next(o for o in state.json["state"]["officers"] if o["id"] == poor.seat["officer"])[
        "funds"
    ]
    assert funds < 1000  # a birth without an inheritance: 1000 guineas are beyond him
    assert poor.act("invest", kind="arms", guineas=1000)["error"] == {
        "code": "conflict",
        "message": f"'guineas': Jack Aubrey has {funds:,} guineas, not the 1,000 asked",
    }
    assert poor.act("invest", kind="arms", guineas=1500)["error"] == {
        "code": "invalid",
        "message": "'guineas': investments are made in blocks of 1000 guineas, not 1500",
    }
    assert poor.act("invest", kind="arms", guineas=500)["error"]["message"] == (
        "'guineas' must be from 1000 to 1000000, not 500"
    )
    assert poor.act("invest", kind="consols", guineas=1000)["error"]["message"] == (
        "'kind' must be one of arms, finance, commerce"
    )
    assert empty.act("invest", kind="arms", guineas=1000)["error"] == {
        "code": "conflict",
        "message": "your seat has no living officer to invest for",
    }
    assert pm.act("invest", kind="arms", guineas=1000)["error"]["code"] == "forbidden"
    after = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    assert after == log  # nothing changed


def test_an_investment_is_private_to_its_player_and_the_gm(money_years) -> None:
    seen, log = money_years["seen"], money_years["log"]
    seqs = {e["seq"] for e in events_of(log, "invest") if not e["data"].get("as")}
    for key in ("ne", "obs", "pm"):
        assert not [e for e in seen[key] if e["seq"] in seqs], key
        assert seqs <= set(money_years["game"].players[key].seqs), key  # the bare seq
    mine = [e for e in seen["fg"] if e["seq"] in seqs]
    assert [e["type"] for e in mine] == ["invest", "invest"]
    assert set(mine[0]["data"]) == {"investment", "funds"}
    assert [e["data"]["investment"]["kind"] for e in seen["gm"] if e["seq"] in seqs] == [
        "arms",
        "finance",
    ]


def test_the_season_report_shows_the_player_his_own_return(money_years) -> None:
    game = money_years["game"]

    def report(key: str) -> dict:  # his view after the last summer resolved
        views = seat_views(game, game.players[key].token).values()
        return [v for e, v in views if e["type"] == "resolve_summer"][-1]["report"]

    fg, ne = report("fg"), report("ne")
    assert [r["kind"] for r in fg["investments"]] == ["finance"]
    r = fg["investments"][0]
    assert any(w.startswith(f"Finance, 2000 guineas: {r['percent']:+d}%") for w in fg["words"])
    assert ne["investments"] == [] and "returns" not in ne
    assert not any(w.startswith("Finance") for w in ne["words"])


def test_prize_money_and_plunder_reach_the_officers_funds(money_years) -> None:
    """Each living officer's prize money (his personal outcome's guineas) and an admiral's
    share of his squadron's plunder (a quarter at sea, an eighth ashore: these roll no
    outcome of their own) go into his funds."""
    log = money_years["log"]
    ashore_paid = 0
    for summer in events_of(log, "resolve_summer"):
        before = state_before(log, summer["seq"])["officers"]
        after, _ = server_game.replay({**log, "events": log["events"][: summer["seq"]]})
        report = summer["data"]["report"]
        won: dict[str, int] = {}
        for rec in report["personal_outcomes"]:
            won[rec["officer"]] = won.get(rec["officer"], 0) + rec["guineas"]
        for share in report["plunder_shares"]:
            won[share["admiral"]] = won.get(share["admiral"], 0) + share["guineas"]
            if not share["at_sea"] and share["guineas"] and share["admiral"] in before:
                ashore_paid += 1
        invested = {r["officer"]: r["paid"] for r in report.get("returns", ())}
        for oid, o in before.items():
            if after["officers"][oid]["dead"]:  # a man killed takes no prize (after_summer)
                continue
            gained = after["officers"][oid]["funds"] - o["funds"] - invested.get(oid, 0)
            assert gained == won.get(oid, 0), oid
    assert ashore_paid, "an admiral ashore took his eighth"


def test_the_log_of_two_summers_with_investments_replays(money_years) -> None:
    state, problems = server_game.replay(money_years["log"])
    assert problems == []
    assert state["year"] == 1806 and state["phase"] == "autumn"
