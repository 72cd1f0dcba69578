"""Shared fixtures: common trumps and a card helper."""

from __future__ import annotations

import pytest

from notation.rules.cards import Card, Rank, Suit, parse_cards
from notation.rules.order import Trump


def cards(text: str) -> list[Card]:
    """Cards from a space-separated string: ``cards("S10 S10 BJ")``."""
    return parse_cards(text)


@pytest.fixture
def spades_10() -> Trump:
    """Rank 10, spades trump: the setting of the 拖拉机 examples in seed 000 part 5."""
    return Trump(Rank.TEN, Suit.SPADES)


@pytest.fixture
def hearts_2() -> Trump:
    """Rank 2, hearts trump: a first hand."""
    return Trump(Rank.TWO, Suit.HEARTS)


@pytest.fixture
def no_trump_10() -> Trump:
    """Rank 10, no-trump (无主)."""
    return Trump(Rank.TEN, None)


@pytest.fixture(autouse=True)
def _viewer_drafts(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The viewer keeps uploads and edited files in a folder: the tests' own, not the
    computer's temp folder."""
    monkeypatch.setenv("SHENGJI_VIEWER_DRAFTS", str(tmp_path_factory.getbasetemp() / "drafts"))
