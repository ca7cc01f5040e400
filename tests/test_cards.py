"""The BtQ card test (seed 000, "Tests"): cards, decks, scoring, the kinds of test.

The book's worked examples are replayed with stacked decks and their successes checked.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.cards import (
    CRITICAL,
    DIFFICULTIES,
    FAILURE,
    JOKER,
    MAX_ASSIST,
    ORDINARY,
    PERFECT,
    Card,
    Deck,
    ScriptedDealer,
    assisted_pool,
    compare,
    contested_test,
    core,
    difficulty_pool,
    full_deck,
    level,
    parse_cards,
    score,
    static_test,
    unskilled_test,
)
from strategy.errors import InvalidMove, OutOfCards

C = Card.parse
Stacked = ScriptedDealer
ALL = full_deck(joker=True)
cards_st = st.lists(st.sampled_from(ALL), max_size=12)
plain_st = st.sampled_from(full_deck())


# -- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [str(c) for c in ALL])
def test_parse_and_str_round_trip(text: str) -> None:
    assert str(C(text)) == text
    assert C(text.lower()) == C(text)


def test_card_values_aces_high_and_joker() -> None:
    assert [C(f"{r}S").value for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()] == list(range(2, 15))
    assert C("JK") is JOKER and JOKER.is_joker and str(JOKER) == "JK"
    assert C("10H").suit == "H" and C("10H").rank == "10"


@pytest.mark.parametrize("bad", ["", "1H", "11S", "10X", "ZZ", "KHH", "J", "0D", "JKS"])
def test_bad_cards_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        C(bad)


def test_decks_have_52_cards_and_the_player_a_joker() -> None:
    gm, pc = full_deck(), full_deck(joker=True)
    assert len(gm) == len(set(gm)) == 52 and JOKER not in gm
    assert len(pc) == len(set(pc)) == 53 and JOKER in pc
    assert {c.suit for c in gm} == {"S", "H", "D", "C"}
    deck = Deck.gm(random.Random(1))
    assert sorted(deck.draw(52)) == sorted(c.code for c in gm)
    pdeck = Deck.player(random.Random(1))
    assert core.JOKER in pdeck.draw(53)


def test_deck_is_deterministic_under_a_seed() -> None:
    draws = [Deck.player(random.Random(42)).draw(10) for _ in range(2)]
    assert draws[0] == draws[1]
    assert Deck.player(random.Random(43)).draw(10) != draws[0]


def test_shuffle_returns_the_overturned_cards_except_kept_ones() -> None:
    deck = Deck.gm(random.Random(5))
    first = deck.draw(50)
    assert len(deck) == 2
    deck.shuffle(keep=first[:1])
    assert len(deck) == 51
    assert first[0] not in deck.draw(51)
    assert deck.draw(0) == [] and len(deck) == 0


def test_running_out_reshuffles_the_discards() -> None:
    deck = Deck.gm(random.Random(9))
    first = deck.draw(40)
    second = deck.draw(20)  # only 12 left: the 40 discards come back first
    assert len(set(second)) == 20
    assert set(second) & set(first)
    with pytest.raises(OutOfCards):
        Deck.gm(random.Random(1)).draw(53)


def test_stacked_deck_overturns_its_script_across_shuffles() -> None:
    deck = Stacked("4S 4C KS")
    assert deck.draw(1) == [C("4S").code]
    deck.shuffle()
    assert deck.draw(2) == [C("4C").code, C("KS").code]
    with pytest.raises(OutOfCards):
        deck.draw(1)
    with pytest.raises(IndexError):  # as the combat engine has always caught it
        deck.cof()
    assert Stacked(["JK", C("2H").code]).draw(2) == [core.JOKER, C("2H").code]


def test_parse_cards_accepts_commas() -> None:
    assert parse_cards("4C, KS,QH") == (C("4C"), C("KS"), C("QH"))


# -- success levels ------------------------------------------------------------------------


def test_levels_against_the_card_of_fate() -> None:
    cof = C("4S")
    assert level(cof, C("4S")) == PERFECT
    assert level(cof, C("4C")) == CRITICAL
    assert level(cof, C("KS")) == ORDINARY
    assert level(cof, C("KD")) == FAILURE
    assert level(cof, C("4S"), unskilled=True) == ORDINARY
    assert level(cof, C("4H"), unskilled=True) == ORDINARY


def test_tests_example_otoole_against_jones() -> None:
    """BtQ Tests, step FIVE/SIX: CoF 4S. O'Toole 4C KS QH JH 2C KD; Jones 4H AH 2D 7S.

    The book lists O'Toole's cards as "4C, KD, 3S, QH, JH and 2C" but then scores "KS"
    as his ordinary success and KD as a failure, and wins on "King beats a 7": the third
    card is the KS (see docs/rules-notes.md).
    """
    cof = C("4S")
    otoole = parse_cards("4C KD KS QH JH 2C")
    jones = parse_cards("4H AH 2D 7S")
    s = score(cof, otoole)
    assert (s.perfect, s.critical, s.ordinary) == (0, 1, 1)
    j = score(cof, jones)
    assert (j.perfect, j.critical, j.ordinary) == (0, 1, 1)
    assert compare(cof, otoole, jones) > 0  # King beats 7
    # Taken literally (3S, not KS) Jones' 7 would beat the 3: the book's text is garbled.
    assert compare(cof, parse_cards("4C KD 3S QH JH 2C"), jones) < 0


def test_tests_example_replayed_through_decks() -> None:
    gm = Stacked("4S 4H AH 2D 7S")
    pc = Stacked("4C KD KS QH JH 2C")
    result = contested_test(gm, pc, 6, gm, 4)
    assert result.cof == C("4S") and result.winner == "a" and not result.redraws
    assert result.a_cards == parse_cards("4C KD KS QH JH 2C")
    assert result.b_cards == parse_cards("4H AH 2D 7S")
    json.dumps(result.to_dict())
    assert result.to_dict()["a_score"] == {
        "perfect": 0,
        "critical": 1,
        "ordinary": 1,
        "best": "critical",
    }


def test_static_example_otoole_through_london() -> None:
    """Static Tests: Challenging (5 cards); CoF 10S; GM 4H 2D 8D 3C 2C; O'Toole 10S 2H."""
    gm = Stacked("10S 4H 2D 8D 3C 2C")
    pc = Stacked("10S 2H")
    result = static_test(gm, pc, 2, "Challenging")
    assert result.kind == "static" and result.b_pool == 5
    assert result.b_score.successes == 0
    assert result.a_score.perfect == 1 and result.winner == "a"
    assert result.a_score.best == PERFECT


def test_unskilled_example_intrigue() -> None:
    """Unskilled Tests: CoF 6H, O'Toole overturns 6H: only an ordinary success."""
    s = score(C("6H"), [C("6H")], unskilled=True)
    assert (s.perfect, s.critical, s.ordinary) == (0, 0, 1)
    gm = Stacked("6H 2C")
    result = unskilled_test(gm, Stacked("6H 5D"), 1)
    assert result.kind == "unskilled" and result.a_pool == 1
    assert result.a_cards == (C("6H"),)
    assert result.a_score.best == ORDINARY and result.winner == "a"


def test_unskilled_side_draws_one_card_whatever_its_pool() -> None:
    gm = Stacked("6H 2C 3C")
    result = contested_test(gm, Stacked("6D 6S 6C"), 5, gm, 2, a_unskilled=True)
    assert result.a_pool == 1 and result.a_cards == (C("6D"),)
    assert result.a_score.critical == 0 and result.a_score.ordinary == 1


def test_positioning_example_hermes_against_the_corsair() -> None:
    """Ship to Ship Combat example, Positioning: CoF 7D; the joker is chosen as the 7D."""
    cof = C("7D")
    hermes = parse_cards("8D KH 7C 4S 2S QS JK")
    corsair = parse_cards("9S KS 10D 2C 3C 4C")
    h = score(cof, hermes, joker_as=C("7D"))
    assert (h.perfect, h.critical, h.ordinary) == (1, 1, 1)
    assert score(cof, hermes) == h  # the default choice is the CoF itself
    c = score(cof, corsair)
    assert (c.perfect, c.critical, c.ordinary) == (0, 0, 1)
    assert compare(cof, hermes, corsair) > 0


def test_positioning_example_second_round() -> None:
    """CoF 10H; Hermes 6S 4D 3C 8C 9C KC 2H: one ordinary; Corsair JD KC JC 8C 6C JS: none."""
    gm = Stacked("10H JD KC JC 8C 6C JS")
    pc = Stacked("6S 4D 3C 8C 9C KC 2H")
    result = contested_test(gm, pc, 7, gm, 6)
    assert (result.a_score.ordinary, result.a_score.successes) == (1, 1)
    assert result.b_score.successes == 0 and result.winner == "a"


def test_broadside_example_joker_chosen_as_kd() -> None:
    """Broadside! example: CoF KH, joker chosen as KD (to hit the Guns, not the best card)."""
    cof = C("KH")
    cards = parse_cards("2H 10H KH 2S 4S KS AS 4D JK")
    s = score(cof, cards, joker_as=C("KD"))
    assert (s.perfect, s.critical, s.ordinary) == (1, 2, 2)
    best = score(cof, cards)
    assert (best.perfect, best.critical, best.ordinary) == (2, 1, 2)
    result = contested_test(
        Stacked("KH"),
        Stacked([c.code for c in cards]),
        9,
        Stacked(""),
        0,
        a_joker_as=C("KD"),
    )
    assert result.a_joker == C("KD") and result.to_dict()["a_joker"] == "KD"


def test_joker_cannot_be_chosen_as_a_joker() -> None:
    with pytest.raises(ValueError):
        score(C("2H"), [JOKER], joker_as=JOKER)


# -- comparison, ties and redraws ----------------------------------------------------------


def test_comparison_order_perfect_then_critical_then_ordinary_then_values() -> None:
    cof = C("9H")
    assert compare(cof, [C("9H")], parse_cards("9S 9D 9C 2H 3H")) > 0
    assert compare(cof, [C("9S")], parse_cards("2H 3H 4H 5H")) > 0
    assert compare(cof, parse_cards("2H 3H"), [C("AH")]) > 0
    assert compare(cof, [C("AH")], [C("KH")]) > 0  # aces high
    assert compare(cof, parse_cards("KH 2H"), parse_cards("KH 3H")) < 0  # onwards down
    assert compare(cof, [C("KH")], [C("KH")]) == 0  # two decks: a complete tie
    assert compare(cof, [C("2S")], [C("3D")]) == 0  # both failed


def test_mutual_failure_redraws_against_the_same_card_of_fate() -> None:
    gm = Stacked("5C 2H 3H 9C 10C")
    pc = Stacked("KD QD 4S 5S")
    result = contested_test(gm, pc, 2, gm, 2)
    assert result.cof == C("5C")
    assert result.redraws == ((parse_cards("KD QD"), parse_cards("2H 3H")),)
    assert result.a_cards == parse_cards("4S 5S") and result.b_cards == parse_cards("9C 10C")
    assert result.winner == "a"  # 5S is a critical success against 5C
    assert result.to_dict()["redraws"] == [[["KD", "QD"], ["2H", "3H"]]]


def test_a_complete_tie_is_redrawn_too() -> None:
    gm = Stacked("5C KC 2C")
    pc = Stacked("KC 3C")
    result = contested_test(gm, pc, 1, gm, 1)
    assert len(result.redraws) == 1 and result.winner == "a"


def test_redraws_keep_the_card_of_fate_out_of_the_deck() -> None:
    # A one-card pool against one card, many seeds: the CoF never turns up in a redraw.
    for seed in range(200):
        gm = Deck.gm(random.Random(seed))
        result = contested_test(gm, gm, 1, gm, 1)
        drawn = [c for pair in result.redraws for side in pair for c in side]
        assert result.cof not in drawn + list(result.a_cards) + list(result.b_cards)


def test_empty_pools_have_no_winner() -> None:
    gm = Deck.gm(random.Random(1))
    result = contested_test(gm, gm, 0, gm, 0)
    assert result.winner is None and result.margin_level == FAILURE


def test_a_side_with_no_cards_loses_to_any_success() -> None:
    gm = Stacked("5C 2C")
    result = contested_test(gm, gm, 1, gm, 0)
    assert result.winner == "a" and result.b_cards == ()


# -- static and assisted -------------------------------------------------------------------


def test_difficulty_pools() -> None:
    assert dict(DIFFICULTIES) == {
        "Easy": 1,
        "Routine": 3,
        "Challenging": 5,
        "Damned Hard!": 7,
        "Heroic Effort": 9,
    }
    assert difficulty_pool("damned hard") == 7 and difficulty_pool(4) == 4
    with pytest.raises(ValueError, match="Heroic Effort"):
        difficulty_pool("Impossible")
    with pytest.raises(ValueError):
        difficulty_pool(-1)


def test_assisted_example_and_cap() -> None:
    assert assisted_pool(5, [4]) == 8  # Midshipman Jones aids O'Toole
    assert assisted_pool(5, [2, 2, 2]) == 5 + MAX_ASSIST
    assert assisted_pool(5, [1]) == 6
    assert assisted_pool(5, [None]) == 4  # an unskilled helper gets in the way
    assert assisted_pool(5, [4, 0]) == 7
    assert assisted_pool(0, [None, None]) == 0
    with pytest.raises(ValueError):
        assisted_pool(3, [-1])


@given(st.integers(0, 20), st.lists(st.one_of(st.none(), st.integers(0, 9)), max_size=6))
def test_assistance_never_adds_more_than_three(pool: int, helpers: list[int | None]) -> None:
    assert assisted_pool(pool, helpers) <= pool + MAX_ASSIST
    assert assisted_pool(pool, helpers) >= 0


# -- determinism and properties ------------------------------------------------------------


def _run(seed: int) -> list[dict]:
    rng = random.Random(seed)
    gm, pc = Deck.gm(rng), Deck.player(rng)
    return [contested_test(gm, pc, 4, gm, 4).to_dict() for _ in range(30)]


def test_same_seed_same_tests() -> None:
    assert _run(11) == _run(11)
    assert _run(11) != _run(12)


@given(plain_st, cards_st, cards_st)
def test_compare_is_antisymmetric(cof: Card, a: list[Card], b: list[Card]) -> None:
    assert compare(cof, a, b) == -compare(cof, b, a)
    assert compare(cof, a, a) == 0


@given(plain_st, cards_st, st.booleans())
def test_score_never_counts_more_successes_than_cards(
    cof: Card, cards: list[Card], unskilled: bool
) -> None:
    s = score(cof, cards, unskilled)
    assert 0 <= s.successes <= len(cards)
    assert len(s.values) == s.successes


@given(plain_st, cards_st)
def test_unskilled_caps_every_success_at_ordinary(cof: Card, cards: list[Card]) -> None:
    capped, full = score(cof, cards, unskilled=True), score(cof, cards)
    assert capped.perfect == capped.critical == 0
    assert capped.ordinary == full.successes


@given(plain_st, cards_st, plain_st)
def test_the_default_joker_choice_is_the_best(cof: Card, cards: list[Card], other: Card) -> None:
    hand = [*cards, JOKER]
    default = score(cof, hand)
    assert default.key >= score(cof, hand, joker_as=other).key
    assert default.perfect >= 1


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.integers(1, 9), st.integers(1, 9))
def test_contested_tests_always_decide_with_positive_pools(seed: int, a: int, b: int) -> None:
    rng = random.Random(seed)
    gm, pc = Deck.gm(rng), Deck.player(rng)
    result = contested_test(gm, pc, a, gm, b)
    assert result.winner in ("a", "b")
    assert len(result.a_cards) == a and len(result.b_cards) == b
    winner = result.a_score if result.winner == "a" else result.b_score
    loser = result.b_score if result.winner == "a" else result.a_score
    assert winner.key > loser.key and result.margin_level == winner.best >= ORDINARY
    assert len(gm) == 52 and len(pc) == 53  # step EIGHT: every card back in its deck


# -- one engine: the Card views and the integer core agree --------------------------------


def _book_level(cof: Card, card: Card) -> int:
    """The book's rule read off the views: the very card, its rank, its suit."""
    if card.is_joker or card == cof:
        return PERFECT
    if card.value == cof.value:
        return CRITICAL
    return ORDINARY if card.suit == cof.suit else FAILURE


def test_views_and_core_agree_on_every_level_against_every_card_of_fate() -> None:
    for cof in full_deck():
        for card in ALL:
            lvl = _book_level(cof, card)
            assert level(cof, card) == core.LEVELS[cof.code][card.code] == lvl, (cof, card)
            assert level(cof, card, unskilled=True) == min(lvl, ORDINARY)


def test_views_print_and_parse_as_the_core_does() -> None:
    for code in range(53):
        view = Card.of(code)
        assert view.code == code and str(view) == core.name(code) == core.NAMES[code]
        assert Card.parse(str(view)) is view and repr(view) == f"Card({core.name(code)!r})"
        if not view.is_joker:
            assert (view.value, view.suit) == (core.rank(code), core.suit(code))
    for spelling in ("10S", "ts", "Th", "10d", "TC", "jk", "Joker", " as "):
        assert Card.parse(spelling).code == core.card(spelling)
    assert [c.code for c in full_deck(joker=True)] == [*core.DECK, core.JOKER]
    with pytest.raises(InvalidMove, match="not a card"):
        core.card("11S")


@given(plain_st, cards_st, st.booleans(), st.one_of(st.none(), plain_st))
def test_score_is_the_cores_count_and_ranking(
    cof: Card, cards: list[Card], unskilled: bool, joker_as: Card | None
) -> None:
    codes = [c.code for c in cards]
    s = score(cof, cards, unskilled, joker_as)
    succ = core.successes(cof.code, codes, unskilled, None if joker_as is None else joker_as.code)
    assert (s.perfect, s.critical, s.ordinary, *s.values) == core.rank_key(succ)
    if joker_as is None:
        assert (s.perfect, s.critical, s.ordinary) == core.score(cof.code, codes, unskilled)


@given(plain_st, cards_st, cards_st)
def test_compare_is_the_cores_compare(cof: Card, a: list[Card], b: list[Card]) -> None:
    diff = core.compare(
        core.successes(cof.code, [c.code for c in a]),
        core.successes(cof.code, [c.code for c in b]),
    )
    assert compare(cof, a, b) == (diff > 0) - (diff < 0)
    assert (score(cof, a) > score(cof, b)) == (diff > 0)


def test_a_stacked_deck_runs_out_as_the_combat_engine_expects() -> None:
    deck = Stacked("4S")
    assert deck.left == 1 and deck.draw(1, core.card("2H"), gm=True) == [core.card("4S")]
    with pytest.raises(OutOfCards) as info:
        deck.cof()
    assert isinstance(info.value, IndexError) and deck.left == 0
