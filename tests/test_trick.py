"""Trick winner: same shape or no win, ruffs, over-ruffs, ties (RULES.md §1.7, 000§5)."""

from __future__ import annotations

from notation.rules.cards import Rank, Suit
from notation.rules.order import Trump
from notation.rules.trick import trick_winner
from tests.conftest import cards


def winner(trump: Trump, *plays: str, leader: int = 1) -> int:
    seats = [(leader + i - 1) % 4 + 1 for i in range(len(plays))]
    return trick_winner([(s, cards(p)) for s, p in zip(seats, plays, strict=True)], trump).winner


def test_trump_998872_ruffs_side_ak5544(spades_10: Trump) -> None:
    assert winner(spades_10, "HA HK H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2") == 2


def test_trump_998872_cannot_ruff_side_aa5544(spades_10: Trump) -> None:
    assert winner(spades_10, "HA HA H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2") == 1


def test_trump_884_over_ruffs_977_against_side_544(spades_10: Trump) -> None:
    assert winner(spades_10, "H5 H4 H4", "S9 S7 S7") == 2
    assert winner(spades_10, "H5 H4 H4", "S9 S7 S7", "S8 S8 S4") == 3


def test_trump_884_cannot_over_ruff_977_against_side_567(spades_10: Trump) -> None:
    assert winner(spades_10, "H5 H6 H7", "S9 S7 S7", "S8 S8 S4") == 2


def test_two_trump_singles_do_not_beat_a_side_pair(spades_10: Trump) -> None:
    assert winner(spades_10, "H5 H5", "S9 S7") == 1
    assert winner(spades_10, "H5 H5", "S7 S7") == 2


def test_side_tractor_needs_a_trump_tractor_of_the_same_length(spades_10: Trump) -> None:
    assert winner(spades_10, "H5 H5 H4 H4", "S9 S9 S7 S7") == 1
    assert winner(spades_10, "H5 H5 H4 H4", "S9 S9 S8 S8") == 2


def test_identical_cards_go_to_the_first_played(spades_10: Trump) -> None:
    assert winner(spades_10, "HA", "HA") == 1
    assert winner(spades_10, "H3", "S4", "S4") == 2


def test_off_suit_rank_cards_tie_and_the_first_played_wins(spades_10: Trump) -> None:
    assert winner(spades_10, "S3", "H10", "D10", "C10") == 2
    assert winner(spades_10, "S3", "H10", "S10") == 3


def test_a_discard_never_wins(spades_10: Trump) -> None:
    assert winner(spades_10, "H3", "CA", "DA", "H2") == 1


def test_a_mixed_ruff_does_not_win(spades_10: Trump) -> None:
    # half trump, half side: not all trumps, so it cannot win
    assert winner(spades_10, "H5 H5", "S9 C7") == 1


def test_points_and_shape_of_the_trick(spades_10: Trump) -> None:
    result = trick_winner(
        [(1, cards("HK HK")), (2, cards("H5 H10")), (3, cards("S5 S5")), (4, cards("DK D3"))],
        spades_10,
    )
    assert result.winner == 3
    assert result.points == 10 + 10 + 5 + 10 + 5 + 5 + 10
    assert result.shape == (2, 1)


def test_trump_lead_compared_within_trumps() -> None:
    trump = Trump(Rank.TWO, Suit.HEARTS)
    assert winner(trump, "HA", "D2", "H2", "BJ") == 4
    assert winner(trump, "H3 H3", "LJ LJ", "BJ S3") == 2
