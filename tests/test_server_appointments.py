"""Appointments through the protocol (issue 17, item 2): a player's character applies for a
naval post in September, a government post in March; every player's naval appointment is
renewed when the summer is resolved and September opens, his government appointment when
the spring opens; the Prime Minister's and First Sea Lord's seats are held by
characters holding their posts, the First Sea Lord's leading the summer's chain of command.

Briny, APPOINTMENTS: "When the person who appoints the post is an NPC, an appointment roll
is needed. When the person who appoints the post is a player character, he chooses who is
appointed"; "Military appointments must be renewed in September after the summer
campaign. Government and civil appointments are renewed in March" (001:1110-1111); "Civil
Appointments are made in March" (001:108); "If he is promoted at sea, dismissal will occur
at the end of the season."
"""

from __future__ import annotations

import copy
import random
from math import floor
from typing import Any

import pytest

from server import game as server_game
from server.game import appointments, rules, season, views
from tests.server_helpers import events_of, state_before


def _applied(log: dict[str, Any], post: str) -> dict[str, Any]:
    return next(e for e in events_of(log, "apply_appointment") if e["data"]["appointment"] == post)


def test_a_post_the_player_first_sea_lord_gives_is_granted_without_a_die(
    appointment_years,
) -> None:
    log, ids = appointment_years["log"], appointment_years["officers"]
    assert appointment_years["acks"]["granted"]["ok"]
    event = _applied(log, "Captain of the Fleet")
    data = event["data"]
    assert (data["officer"], data["player"], data["year"]) == (ids["fg"], event["seat"], 1805)
    assert (data["appointee"], data["by"], data["die"], data["granted"]) == (
        "First Sea Lord",
        "player",
        None,
        True,
    )
    after = state_before(log, event["seq"] + 1)["officers"][ids["fg"]]
    assert after["appointment"] == "Captain of the Fleet"
    # his notice in words; the others are told he was appointed; the public record shows it
    mine = [n for n in appointment_years["notices"]["fg"]["notices"] if n["type"] == "appointment"]
    assert mine[0]["text"] == "Captain of the Fleet: appointed (chosen by the First Sea Lord)"
    theirs = [
        n["text"] for n in appointment_years["notices"]["ne"]["notices"] if n["seq"] == event["seq"]
    ]
    assert theirs == ["Jack Aubrey appointed Captain of the Fleet"]
    seen = next(e for e in appointment_years["seen"]["obs"] if e["seq"] == event["seq"])
    assert seen["data"]["granted"] is True  # announced: public


def test_an_npc_appointee_rolls_one_die_against_the_posts_roll(appointment_years) -> None:
    """Announced to the NPC appointee when made (001:1115), rolled when the season moves on:
    1d6 and his modifiers (no favours were brought to bear) against the post's Roll."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    assert appointment_years["acks"]["rolled"]["ok"]
    applied = _applied(log, "Supervisor - Sick and Hurt Board")
    data = applied["data"]
    assert data["by"] == "npc" and data["appointee"] == "Chairman of Patriotic Fund"
    assert (data["die"], data["granted"], data["announced"]) == (None, None, "ap1")
    assert data["needed"] == 7 and data["modifiers"] == []
    red = appointment_years["notices"]["red"]["notices"]
    announced = next(n for n in red if n["seq"] == applied["seq"])
    assert announced["text"].startswith("Supervisor - Sick and Hurt Board: announced to the NPC")
    # announced: the others are told, for their favours
    theirs = [
        n for n in appointment_years["notices"]["ne"]["notices"] if n["seq"] == applied["seq"]
    ]
    assert "Cochrane applies for Supervisor - Sick and Hurt Board (ap1)" in theirs[0]["text"]
    # rolled as the autumn moves on into the winter
    turned = next(e for e in events_of(log, "next_season") if e["seq"] > applied["seq"])
    (rec,) = turned["data"]["applications"]
    assert (rec["id"], rec["officer"], rec["influence"], rec["for"], rec["against"]) == (
        "ap1",
        ids["red"],
        0,
        0,
        0,
    )
    assert 1 <= rec["die"] <= 6 and rec["total"] == rec["die"] and rec["granted"] is False
    words = f"Supervisor - Sick and Hurt Board: not appointed (rolled {rec['die']}, needed 7)"
    assert words in [n["text"] for n in red if n["seq"] == turned["seq"]]
    # a refused application is not news to the others
    seq = turned["seq"]
    assert not [
        n
        for n in appointment_years["notices"]["ne"]["notices"]
        if n["seq"] == seq and n["type"] == "appointment"
    ]
    assert state_before(log, seq + 1)["officers"][ids["red"]]["appointment"] is None


@pytest.mark.parametrize(
    "key, code, message",
    [
        ("held already", "conflict", "already holds an appointment (Captain of the Fleet)"),
        ("once a season", "conflict", "applied for Supervisor - Sick and Hurt Board this season"),
        ("rank", "invalid", "Captain of the Fleet needs exactly the rank of Captain, not Rear"),
        ("social level", "invalid", "Port Admiral needs a Social Level of 14, not 12"),
        ("places full", "conflict", "every place of Captain of the Fleet is held by a player"),
        ("no such post", "invalid", "'appointment': no post 'Admiral of the Fleet' to apply"),
        ("a minister", "forbidden", ""),
        ("the first sea lord", "forbidden", ""),
        ("winter", "wrong_phase", ""),
        (
            "a civil post in september",
            "wrong_phase",
            "Chancellor of the Exchequer: Civil Appointments are made in March (the spring)",
        ),
        ("the king's post", "invalid", "'appointment': no post 'First Sea Lord' to apply for"),
        (
            "a naval post in march",
            "wrong_phase",
            "Ship's Adjutant: Naval Appointments are made in September (the autumn)",
        ),
    ],
)
def test_a_bad_application_is_one_error_and_changes_nothing(
    appointment_years, key: str, code: str, message: str
) -> None:
    ack, unchanged = appointment_years["refused"][key]
    assert ack["ok"] is False and ack["error"]["code"] == code, ack
    assert message in ack["error"]["message"]
    assert unchanged


def test_the_naval_appointment_is_renewed_in_september(appointment_years) -> None:
    log, ids = appointment_years["log"], appointment_years["officers"]
    first, second = events_of(log, "resolve_summer")
    assert "appointments" not in first["data"]  # nobody held one: decided as before
    records = second["data"]["appointments"]
    assert [r["officer"] for r in records] == [ids["fg"]]  # the players' naval posts only
    rec = records[0]
    after = state_before(log, second["seq"] + 1)["officers"][ids["fg"]]
    if "dismissed" in rec:  # promoted at sea out of the post's rank
        assert rec["dismissed"] == f"promoted to {after['rank']}" and after["appointment"] is None
    else:  # the First Sea Lord's character keeps him
        assert (rec["by"], rec["die"], rec["renewed"]) == ("player", None, True)
        assert after["appointment"] == "Captain of the Fleet"
    # his own renewal in his event and his notices; none to another seat
    mine = next(e for e in appointment_years["seen"]["fg"] if e["seq"] == second["seq"])
    assert mine["data"]["appointments"] == records
    theirs = next(e for e in appointment_years["seen"]["ne"] if e["seq"] == second["seq"])
    assert "appointments" not in theirs["data"]
    told = [n for n in appointment_years["notices"]["fg"]["notices"] if n["seq"] == second["seq"]]
    assert appointments.words(rec) in [n["text"] for n in told]


def test_a_renewal_by_an_npc_appointee_is_rolled_from_the_seasons_seed(appointment_years) -> None:
    """The First Sea Lord's character gone from his post, the NPC appointee rolls: 1d6 from
    the source seeded by the season's seed; the summer's own draws are untouched."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    second = events_of(log, "resolve_summer")[1]
    state = state_before(log, second["seq"])
    state["officers"][ids["fsl"]]["appointment"] = None
    without = copy.deepcopy(state)
    without["officers"][ids["fg"]]["appointment"] = None
    seed, seq = log["campaign"]["seed"], second["seq"]
    data = season.resolve(copy.deepcopy(state), server_game.event_rng(seed, seq))
    again = season.resolve(without, server_game.event_rng(seed, seq))
    assert data["report"] == again["report"] and "appointments" not in again
    assert len(data["appointments"]) == 1
    # the roll itself, over the officers as they were (not promoted)
    (rec,) = appointments.renewals(state, {}, data["seed"])
    die = floor(random.Random(f"appointments/{data['seed']}").random() * 6) + 1
    assert (rec["by"], rec["die"], rec["needed"], rec["renewed"]) == ("npc", die, 7, False)
    assert appointments.words(rec) == f"Captain of the Fleet: not renewed (rolled {die}, needed 7)"
    npc = state["officers"][rec["relief"]]
    assert npc["player"] is None and npc["rank"] == "Captain" and not npc["appointment"]
    appointments.apply_renewals(state, {"appointments": [rec]})
    assert state["officers"][ids["fg"]]["appointment"] is None
    assert state["officers"][rec["relief"]]["appointment"] == "Captain of the Fleet"


def test_promoted_at_sea_he_is_dismissed_at_the_seasons_end(appointment_years) -> None:
    log, ids = appointment_years["log"], appointment_years["officers"]
    second = events_of(log, "resolve_summer")[1]
    state = state_before(log, second["seq"])
    aubrey = state["officers"][ids["fg"]]
    assert aubrey["appointment"] == "Captain of the Fleet"
    promoted = rules.officer_after(aubrey, {"rank": "Post Captain", "ship": "FG"}, 0, 1806)
    assert promoted["appointment"] is None  # strategy.characters' after_summer
    changed = {ids["fg"]: {**promoted, "player": aubrey["player"]}}
    (rec,) = appointments.renewals(state, changed, 1)
    assert rec == {
        "officer": ids["fg"],
        "player": aubrey["player"],
        "appointment": "Captain of the Fleet",
        "dismissed": "promoted to Post Captain",
    }
    assert appointments.words(rec) == "Captain of the Fleet: dismissed (promoted to Post Captain)"


def test_the_ministers_seats_hold_the_books_characters(appointment_years, money_years) -> None:
    log, ids = appointment_years["log"], appointment_years["officers"]
    state, _ = server_game.replay(log)
    for key, post in (("fsl", "First Sea Lord"), ("pm", "Prime Minister")):
        officer = state["officers"][ids[key]]
        assert (officer["rank"], officer["appointment"]) == ("Admiral", post)
        seat = appointment_years["game"].players[key].seat["id"]
        assert (officer["ship"], officer["squadron"], officer["player"]) == (None, None, seat)
    assert not [o for o in state["officers"] if o == "FSL"]  # no NPC First Sea Lord made
    for summer in events_of(log, "resolve_summer"):
        first = summer["data"]["report"]["battle_results"][0]
        assert (first["officer"], first["role"]) == (ids["fsl"], "first_sea_lord")
        rolled = {r["officer"] for r in summer["data"]["report"]["personal_outcomes"]}
        assert ids["pm"] not in rolled  # the Prime Minister does not sail
    # a First Sea Lord's seat with no character: the NPC holds the post as before
    other = events_of(money_years["log"], "resolve_summer")[0]["data"]["report"]
    assert other["battle_results"][0]["officer"] == "FSL"


def test_a_minister_seated_after_the_roll_puts_the_npc_ashore(money_years) -> None:
    """The First Sea Lord's seat of money_years has no character: given one after the force
    is rolled, the NPC First Sea Lord leaves the post to him."""
    log = money_years["log"]
    state, _ = server_game.replay(log)
    assert state["officers"]["FSL"]["appointment"] == "First Sea Lord"
    fsl = next(s for s in state["seats"].values() if s["role"] == "first-sea-lord")
    gm = next(s for s in state["seats"].values() if s["role"] == "gm")
    data = server_game.decide_officer(
        state, gm, {"officer": {"name": "Barham"}, "seat": fsl["id"]}, "o-new", random.Random(3)
    )
    assert data["ashore"] == "FSL" and data["officer"]["appointment"] == "First Sea Lord"
    server_game.apply_event(state, "officer_created", data)
    assert state["officers"]["FSL"]["appointment"] is None
    assert state["seats"][fsl["id"]]["officer"] == "o-new"


def test_the_log_with_appointments_replays(appointment_years) -> None:
    state, problems = server_game.replay(appointment_years["log"])
    assert problems == []
    assert state["applications"] == [
        {
            "officer": appointment_years["officers"]["fg"],
            "appointment": "Captain of the Fleet",
            "year": 1805,
        },
        {  # announced to the NPC appointee, refused when the autumn moved on
            "officer": appointment_years["officers"]["red"],
            "appointment": "Supervisor - Sick and Hurt Board",
            "year": 1805,
            "id": "ap1",
            "player": _applied(appointment_years["log"], "Supervisor - Sick and Hurt Board")[
                "seat"
            ],
            "status": "refused",
            "influence": [],
        },
        {  # the March of 1806 (the year of the summer before it)
            "officer": appointment_years["officers"]["red"],
            "appointment": "Chancellor of the Exchequer",
            "year": 1805,
        },
    ]
    # the spring of 1807 renewed Cochrane's post: he holds it still
    red = state["officers"][appointment_years["officers"]["red"]]
    assert red["appointment"] == "Chancellor of the Exchequer"


def _springs(log: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in events_of(log, "next_season") if e["data"]["phase"] == "spring"]


def test_a_civil_post_is_applied_for_in_march(appointment_years) -> None:
    """001:108 "Civil Appointments are made in March": in the spring Cochrane (a Rear
    Admiral, SL 12) applies for the Chancellor of the Exchequer ("Rear Admiral or Baron",
    Min SL 10), the Prime Minister's to give; Pitt, a player, holds that post: granted."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    assert appointment_years["acks"]["civil"]["ok"]
    event = _applied(log, "Chancellor of the Exchequer")
    spring = _springs(log)[0]
    assert spring["seq"] < event["seq"]  # applied in the spring
    data = event["data"]
    assert (data["officer"], data["appointee"], data["by"], data["die"], data["granted"]) == (
        ids["red"],
        "Prime Minister",
        "player",
        None,
        True,
    )
    after = state_before(log, event["seq"] + 1)["officers"][ids["red"]]
    assert after["appointment"] == "Chancellor of the Exchequer"
    red = appointment_years["notices"]["red"]["notices"]
    words = "Chancellor of the Exchequer: appointed (chosen by the Prime Minister)"
    # (with the King's roll for a title the appointment earned: tests/test_server_titles.py)
    assert [n["text"] for n in red if n["seq"] == event["seq"]][0].startswith(words)


def test_the_civil_post_is_renewed_in_march(appointment_years) -> None:
    """001:1111 "Government and civil appointments are renewed in March": the spring of
    1806 found no player in one (decided as before); the spring of 1807 renews Cochrane's
    by the player Prime Minister's choice; the September between did not roll it (only the
    military posts are renewed then), and his promotions would not have dismissed him."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    first, second = _springs(log)
    assert "appointments" not in first["data"]
    (rec,) = second["data"]["appointments"]
    assert (rec["officer"], rec["appointment"], rec["by"], rec["die"], rec["renewed"]) == (
        ids["red"],
        "Chancellor of the Exchequer",
        "player",
        None,
        True,
    )
    assert rec["relief"] is None
    summer = events_of(log, "resolve_summer")[1]
    assert [r["officer"] for r in summer["data"]["appointments"]] == [ids["fg"]]
    after = state_before(log, second["seq"] + 1)["officers"][ids["red"]]
    assert after["appointment"] == "Chancellor of the Exchequer"
    # his own renewal in his event and his notices; none to another seat
    mine = next(e for e in appointment_years["seen"]["red"] if e["seq"] == second["seq"])
    assert mine["data"]["appointments"] == [rec]
    theirs = next(e for e in appointment_years["seen"]["ne"] if e["seq"] == second["seq"])
    assert "appointments" not in theirs["data"]
    told = [n for n in appointment_years["notices"]["red"]["notices"] if n["seq"] == second["seq"]]
    words = "Chancellor of the Exchequer: renewed (chosen by the Prime Minister)"
    assert words in [n["text"] for n in told]
    assert not [
        n
        for n in appointment_years["notices"]["ne"]["notices"]
        if n["seq"] == second["seq"] and n["type"] == "appointment"
    ]


def test_a_civil_renewal_by_an_npc_prime_minister_is_rolled(appointment_years) -> None:
    """The Prime Minister's character gone from his post, the NPC rolls 1d6 against the
    Chancellor's Roll of 7: out of the die's reach, so the post is lost in March (to the
    Prime Minister's NPC, off the fleet's books)."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    second = _springs(log)[1]
    state = state_before(log, second["seq"])
    state["officers"][ids["pm"]]["appointment"] = None
    (rec,) = appointments.spring_renewals(state, random.Random(4))
    die = floor(random.Random(4).random() * 6) + 1
    assert (rec["by"], rec["die"], rec["needed"], rec["renewed"], rec["relief"]) == (
        "npc",
        die,
        7,
        False,
        None,
    )
    words = f"Chancellor of the Exchequer: not renewed (rolled {die}, needed 7)"
    assert appointments.words(rec) == words
    appointments.apply_renewals(state, {"appointments": [rec]})
    assert state["officers"][ids["red"]]["appointment"] is None
    # the King's posts (the ministers' seats) are not rolled
    state["officers"][ids["red"]]["appointment"] = None
    assert appointments.spring_renewals(state, random.Random(4)) == []


def test_a_promotion_keeps_a_government_post(appointment_years) -> None:
    """001:1122: a government post wants "the listed rank or higher", so a promotion at sea
    dismisses him from a military appointment only."""
    state, _ = server_game.replay(appointment_years["log"])
    cochrane = state["officers"][appointment_years["officers"]["red"]]
    promoted = rules.officer_after(cochrane, {"rank": "Vice Admiral"}, 0, 1807)
    assert (promoted["rank"], promoted["appointment"]) == (
        "Vice Admiral",
        "Chancellor of the Exchequer",
    )


def test_his_form_offers_the_posts_of_this_seasons_table(appointment_years) -> None:
    """The state's ``appointment_posts``: in the autumn the naval posts his rank and Social
    Level reach (the Captain of the Fleet, the First Sea Lord's choice, for Aubrey), in
    the spring the government posts (the Chancellor, the Prime Minister's choice, for
    Cochrane); once applied for or held, not again."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    granted = _applied(log, "Captain of the Fleet")
    state = state_before(log, granted["seq"])
    fg = state["seats"][granted["seat"]]
    autumn = appointments.choices(state, fg)
    assert autumn is not None and autumn["held"] is None
    names = [p["appointment"] for p in autumn["posts"]]
    assert "Captain of the Fleet" in names and not set(names) & set(rules.GOVERNMENT_APPOINTMENTS)
    offered = next(p for p in autumn["posts"] if p["appointment"] == "Captain of the Fleet")
    assert offered == {
        "appointment": "Captain of the Fleet",
        "appointee": "First Sea Lord",
        "by": "player",
        "needed": 7,
    }
    after = state_before(log, granted["seq"] + 1)
    assert appointments.choices(after, fg) == {
        "officer": ids["fg"],
        "held": "Captain of the Fleet",
        "announced": None,
        "posts": [],
    }
    civil = _applied(log, "Chancellor of the Exchequer")
    spring = state_before(log, civil["seq"])
    red = spring["seats"][civil["seat"]]
    posts = appointments.choices(spring, red)
    assert posts is not None
    assert {p["appointment"] for p in posts["posts"]} <= set(rules.GOVERNMENT_APPOINTMENTS)
    assert {"appointment": "Chancellor of the Exchequer", "appointee": "Prime Minister",
            "by": "player", "needed": 7} in posts["posts"]  # fmt: skip
    # his own view carries it; no form out of the autumn and the spring
    assert views.state_for(spring, red)["appointment_posts"] == posts
    winter = state_before(log, _springs(log)[0]["seq"])
    assert appointments.choices(winter, red) is None
