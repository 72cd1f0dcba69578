"""Shared fixtures: common trumps and a card helper."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from notation.psn import Hand, PlayNode
from notation.replay import StepKind, replay
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


def first_revoke(hand: Hand, from_trick: int = 0) -> tuple[int, int, Card]:
    """Where ``hand`` gives a seat its first chance to revoke (in the trick of index
    ``from_trick`` or later): a single follow by a seat that holds the led suit and
    another suit. Returns the trick's and the play's index and a card of another suit
    the seat holds (playing it is a revoke)."""
    rp = replay(hand)
    trump = rp.computed.trump
    assert trump is not None
    for state in rp.states:
        play = state.event
        if state.kind is not StepKind.PLAY or not isinstance(play, PlayNode):
            continue
        trick = hand.tricks[state.trick_number - 1]
        index = trick.plays.index(play)
        lead = trick.plays[0].cards
        if state.trick_number <= from_trick or index == 0 or len(lead) != 1:
            continue
        if not isinstance(lead[0], Card):
            continue
        suit = trump.effective_suit(lead[0])
        held = [c for c in rp.states[state.step - 1].hand(play.seat) if isinstance(c, Card)]
        off = [c for c in held if trump.effective_suit(c) != suit]
        if off and len(off) < len(held):
            return state.trick_number - 1, index, off[0]
    raise AssertionError("no seat in this hand can revoke")


@pytest.fixture
def revoke_chance() -> Callable[..., tuple[int, int, Card]]:
    """:func:`first_revoke`, for the tests of recording a hand."""
    return first_revoke


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the locale's language (``--lang``'s default): the tests
    read English unless they ask for Chinese."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files that drive a browser run first, each file's tests still together and in
    their order: they are the longest files (the viewer's, about 4 minutes), and with
    ``--dist loadfile`` a long file started last keeps one process busy alone at the end
    while the other has nothing left to do."""

    def drives_a_browser(item: pytest.Item) -> bool:
        marks = getattr(getattr(item, "module", None), "pytestmark", [])
        return any(m.name == "browser" for m in (marks if isinstance(marks, list) else [marks]))

    browser = {item.path for item in items if drives_a_browser(item)}
    items.sort(key=lambda item: item.path not in browser)
