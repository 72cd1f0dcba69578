"""Cards: tokens, aliases, points, the deck."""

from __future__ import annotations

import pytest

from notation.errors import CardError
from notation.rules.cards import ALL_CARDS, DECK, Card, Rank, Suit, parse_card

ALIASES = {
    "S10": ["S10", "s10", "ST", "st", "♠10", "♤10", "♠T", "黑桃10"],
    "HK": ["HK", "hk", "♥K", "♡K", "红桃K"],
    "CA": ["CA", "ca", "♣A", "♧A", "梅花A", "草花A"],
    "D5": ["D5", "♦5", "♢5", "方块5", "方片5"],
    "SJ": ["SJ", "sj", "♠J", "黑桃J"],
    "BJ": ["BJ", "bj", "大王", "大鬼"],
    "LJ": ["LJ", "lj", "小王", "小鬼"],
}


@pytest.mark.parametrize("canonical", sorted(ALIASES))
def test_every_alias_names_the_same_card(canonical: str) -> None:
    for alias in ALIASES[canonical]:
        assert str(parse_card(alias)) == canonical, alias


def test_spade_jack_and_little_joker_do_not_collide() -> None:
    assert parse_card("SJ") != parse_card("LJ")
    assert parse_card("SJ").suit is Suit.SPADES and parse_card("LJ").is_joker


@pytest.mark.parametrize("token", ["S11", "S1O", "XJ", "J", "", "??", "S", "10", "SS10", "红桃"])
def test_unknown_tokens_are_card_errors_that_quote_the_token(token: str) -> None:
    with pytest.raises(CardError, match="unknown card"):
        parse_card(token)


def test_every_card_round_trips_through_its_token_and_repr() -> None:
    for card in ALL_CARDS:
        assert parse_card(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card
        assert parse_card(card.chinese) == card
        assert parse_card(card.symbol) == card


def test_two_decks_make_108_cards_and_200_points() -> None:
    assert len(ALL_CARDS) == 54 and len(set(ALL_CARDS)) == 54
    assert len(DECK) == 108
    assert sum(c.points for c in DECK) == 200


def test_jokers_have_no_suit() -> None:
    with pytest.raises(CardError):
        Card(Suit.SPADES, Rank.BIG_JOKER)
    with pytest.raises(CardError):
        Card(None, Rank.ACE)


def test_each_card_exists_once_however_it_is_made() -> None:
    # Cards hash and compare by identity (fast, in C), so no path may make a second S10.
    import copy
    import dataclasses
    import pickle

    card = parse_card("S10")
    assert Card(Suit.SPADES, Rank.TEN) is card
    assert Card(suit=Suit.SPADES, rank=Rank.TEN) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card and copy.deepcopy([card])[0] is card
    assert dataclasses.replace(card) is card
    assert dataclasses.replace(card, rank=Rank.KING) is parse_card("SK")
    assert {card: 1}[parse_card("♠T")] == 1
    assert card != "S10" and card != card.index
    # Plain strings name the same card, and never change it.
    assert Card("S", "10") is card  # type: ignore[arg-type]
    assert card.suit is Suit.SPADES and card.rank is Rank.TEN
    with pytest.raises(CardError, match="no card has suit 'S' and rank '11'"):
        Card("S", "11")  # type: ignore[arg-type]
    assert card.suit is Suit.SPADES and card.rank is Rank.TEN
