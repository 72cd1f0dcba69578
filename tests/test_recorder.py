"""Recording a hand live (notation.recorder): entries checked by the replay as they are
made, illegal ones held back with their rule and accepted marked, undo, the unknown
deal, and a recording kept and read back."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from notation.messages import error_words
from notation.psn import UNKNOWN, BidKind, BidNode, Hand, PlayNode, parse_hand
from notation.recorder import Entry, Recorder, RecorderError, illegal_codes
from notation.replay import replay
from notation.rules.cards import Card, parse_card
from notation.simulate import simulate_hand
from notation.validate import validate_text
from tests.test_messages import english_in


def card(token: str) -> Card:
    return parse_card(token)


def started(hand: Hand) -> Recorder:
    """A recorder given ``hand``'s headers, deal and auction, each entry accepted."""
    recorder = Recorder(Hand(headers=hand.headers))
    assert recorder.set_deal(hand.deal).accepted
    for event in hand.auction:
        assert recorder.add(event).accepted, event
    return recorder


def enter_play(recorder: Recorder, play: PlayNode, leading: bool) -> Entry:
    """``play`` entered card by card, as a recorder clicks it."""
    if play.attempted is not None:  # a failed throw: the cards tried, then the rules' verdict
        for c in play.attempted:
            assert recorder.pick(c) is None
        tried = recorder.finish()
        assert not tried.accepted and [f.code for f in tried.blocking] == ["throw-failed"]
        assert recorder.failed_throw() == (play.cards, play.blocker)
        return recorder.accept_failed_throw()
    if leading:
        for c in play.cards:
            assert recorder.pick(c) is None  # a lead waits: it may be a throw
        return recorder.finish()
    for c in play.cards[:-1]:
        assert recorder.pick(c) is None
    entry = recorder.pick(play.cards[-1])  # the follow is complete with its last card
    assert entry is not None
    return entry


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_simulated_hand_entered_card_by_card_gives_back_the_record(seed: int) -> None:
    hand = simulate_hand("qq", seed=seed)
    recorder = started(hand)
    for trick in hand.tricks:
        for i, play in enumerate(trick.plays):
            assert recorder.to_play == play.seat  # who plays comes from the replay
            if i > 0:
                legal = recorder.legal_cards()
                assert legal is None or set(play.cards) <= legal  # the bots play legally
            entry = enter_play(recorder, play, leading=i == 0)
            assert entry.accepted and not entry.blocking, entry
    assert recorder.complete
    assert recorder.rules_result() == hand.result  # the result the rules give
    recorder.set_result(recorder.rules_result())
    assert parse_hand(recorder.write()) == hand


def test_a_lead_waits_for_the_recorder_and_a_follow_completes_itself() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),)))
    assert recorder.pick(card("SA")) is None and recorder.pick(card("SK")) is None
    assert recorder.pending == (card("SA"), card("SK")) and not recorder.hand.tricks
    assert recorder.finish().accepted  # a throw of two: ended by the recorder
    assert recorder.to_play == 2 and recorder.needed == 2
    assert recorder.pick(card("S3")) is None
    entry = recorder.pick(card("S4"))
    assert entry is not None and entry.accepted
    assert recorder.write().endswith("1. 1: SA SK 2: S3 S4\n")
    assert recorder.to_play == 3 and recorder.trick_number == 1


Chance = Callable[[Hand], tuple[int, int, Card]]


def _revoke(hand: Hand, chance: Chance) -> tuple[Recorder, PlayNode, Card]:
    """The hand recorded up to a seat's first chance to revoke: its play, and the card of
    another suit it could play instead."""
    at_trick, at_play, stranger = chance(hand)
    recorder = started(hand)
    for ti, trick in enumerate(hand.tricks):
        for i, play in enumerate(trick.plays):
            if (ti, i) == (at_trick, at_play):
                return recorder, play, stranger
            enter_play(recorder, play, leading=i == 0)
    raise AssertionError("not reached")


def test_a_revoke_waits_with_its_rule_and_is_written_marked_when_accepted(
    revoke_chance: Chance,
) -> None:
    hand = simulate_hand("qq", seed=1)
    recorder, play, stranger = _revoke(hand, revoke_chance)
    before = recorder.write()
    assert stranger not in (recorder.legal_cards() or {stranger})  # not offered as legal
    entry = recorder.pick(stranger)
    assert entry is not None and not entry.accepted
    assert [f.code for f in entry.blocking] == ["follow-suit"]
    finding = entry.blocking[0]
    assert finding.clause is not None and finding.seat == play.seat  # the rule it breaks
    assert recorder.waiting is entry and recorder.write() == before  # not in the record yet
    with pytest.raises(RecorderError):
        recorder.pick(stranger)  # nothing more until the recorder decides
    accepted = recorder.accept()
    assert accepted.accepted and illegal_codes(accepted.node) == ("follow-suit",)
    written = recorder.write()
    assert f"{play.seat}: {stranger} {{[%illegal follow-suit]}}" in written
    # The validator still reports what was recorded, at that play.
    report = validate_text(written, "recorded.psn")
    assert [f.code for f in report.hands[0].findings if f.is_error] == ["follow-suit"]


def test_discard_gives_the_cards_back(revoke_chance: Chance) -> None:
    hand = simulate_hand("qq", seed=1)
    recorder, play, stranger = _revoke(hand, revoke_chance)
    entry = recorder.pick(stranger)
    assert entry is not None and not entry.accepted
    recorder.discard()
    assert recorder.waiting is None and recorder.pending == ()  # a single: taken back whole
    entry = recorder.pick(play.cards[0])
    assert entry is not None and entry.accepted


def test_undo_in_order() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),)))
    recorder.pick(card("SA"))
    recorder.finish()
    recorder.pick(card("SK"))  # seat 2 follows: complete at once
    recorder.pick(card("S3"))  # seat 3 chooses a card: complete at once too
    assert recorder.write().endswith("1. 1: SA 2: SK 3: S3\n")
    assert recorder.undo() == "3: S3"
    assert recorder.undo() == "2: SK"
    assert recorder.to_play == 2
    recorder.pick(card("SQ"), seat=None)
    assert recorder.write().endswith("1. 1: SA 2: SQ\n")
    recorder.undo()
    recorder.undo()
    assert recorder.undo() == "declare 1: H2"
    assert recorder.undo() is None  # the headers stay
    assert recorder.hand.headers and not recorder.hand.auction


def _pair_follow(seed: int) -> tuple[Recorder, Card, Card] | None:
    """A hand recorded up to a pair led and followed by a pair from a seat that holds
    another suit too: the follower's first card and a card of another suit."""
    hand = simulate_hand("qq", seed=seed)
    recorder = started(hand)
    trump = replay(hand).computed.trump
    assert trump is not None
    for trick in hand.tricks:
        lead = trick.plays[0].cards
        for i, play in enumerate(trick.plays):
            first = play.cards[0]
            if i > 0 and len(lead) == 2 and lead[0] == lead[1] and play.cards[1] == first:
                assert isinstance(first, Card)
                held = [c for c in recorder.held(play.seat) if isinstance(c, Card)]
                suit = trump.effective_suit(first)
                other = next((c for c in held if trump.effective_suit(c) != suit), None)
                if other is not None:
                    return recorder, first, other
            enter_play(recorder, play, leading=i == 0)
    return None


def test_discarding_a_follow_keeps_the_cards_chosen_before_its_last() -> None:
    # A pair led; the follower's first card is good, its second breaks a rule: discarded,
    # the first stays chosen, as a recorder who clicked a wrong second card expects.
    found = next(f for f in map(_pair_follow, range(1, 20)) if f is not None)
    recorder, first, other = found
    assert recorder.pick(first) is None
    assert other not in (recorder.legal_cards() or {other})
    entry = recorder.pick(other)
    assert entry is not None and not entry.accepted
    assert {f.code for f in entry.blocking} <= {"follow-pair", "follow-suit"}
    recorder.discard()
    assert recorder.pending == (first,)
    entry = recorder.pick(first)
    assert entry is not None and entry.accepted


def test_undo_takes_back_a_card_chosen_before_a_play() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    recorder.pick(card("SA"))
    recorder.pick(card("SK"))
    assert recorder.undo() == "SK" and recorder.pending == (card("SA"),)


def test_unknown_deal_takes_any_card_and_a_revoke_shows_when_the_suit_appears_later() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    assert recorder.set_deal(None).accepted
    recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),)))
    assert not recorder.knows_hand(2) and recorder.legal_cards(2) is None
    recorder.pick(card("SA"))
    recorder.finish()
    assert recorder.pick(card("D3")) is not None  # seat 2 discards: nobody knows better
    for token in ("S5", "S6"):
        assert recorder.pick(card(token)) is not None
    assert recorder.to_play == 1  # seat 1 won with the ace
    recorder.pick(card("SK"))
    recorder.finish()
    entry = recorder.pick(card("S3"))  # seat 2 shows a spade: it had one in trick 1
    assert entry is not None and entry.accepted  # this play is legal: it is taken
    revoke = [f for f in entry.findings if f.code == "follow-suit"]
    assert revoke and revoke[0].trick == 1 and revoke[0].seat == 2  # said where it happened


def test_an_unknown_card_leaves_the_next_leader_to_the_recorder() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),)))
    recorder.pick(card("SA"))
    recorder.finish()
    for slot in (UNKNOWN, card("S5"), card("S6")):
        recorder.pick(slot)
    assert recorder.to_play is None  # the winner of trick 1 cannot be known
    with pytest.raises(RecorderError, match="name the seat"):
        recorder.pick(card("HA"))
    recorder.pick(card("HA"), seat=2)
    recorder.finish(seat=2)
    assert recorder.write().endswith("1. 1: SA 2: ?? 3: S5 4: S6\n2. 2: HA\n")
    assert recorder.to_play == 3


def test_a_bid_the_rules_refuse_waits_and_can_be_discarded() -> None:
    recorder = Recorder.new(levels="2 2", dealer=None)
    assert recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),))).accepted
    entry = recorder.add(BidNode(BidKind.COUNTER, 2, (card("S2"),)))  # qq: a counter is a pair
    assert not entry.accepted and entry.blocking[0].code == "bid-cards"
    assert entry.blocking[0].clause is not None
    recorder.discard()
    assert recorder.hand.auction == (BidNode(BidKind.DECLARE, 1, (card("H2"),)),)
    assert recorder.add(BidNode(BidKind.COUNTER, 2, (card("S2"), card("S2")))).accepted


def test_a_play_out_of_turn_waits() -> None:
    recorder = Recorder.new(levels="2 2", dealer=1)
    recorder.add(BidNode(BidKind.DECLARE, 1, (card("H2"),)))
    recorder.pick(card("SA"), seat=3)
    entry = recorder.finish(seat=3)
    assert not entry.accepted and [f.code for f in entry.blocking] == ["wrong-leader"]


def test_headers_are_set_in_their_order_and_a_bad_value_is_a_finding() -> None:
    recorder = Recorder.new(levels="5 3", dealer=2, names={1: "Ann", 3: "Cai"}, Event="Club")
    tags = [h.tag for h in recorder.hand.headers]
    assert tags == ["Event", "Seat1", "Seat3", "Rules", "Levels", "Dealer"]
    entry = recorder.set_headers({"Levels": "5 X", "Seat3": None, "Date": "2026.11.29"})
    assert [f.code for f in entry.findings] == ["bad-header"] and entry.accepted
    assert [h.tag for h in recorder.hand.headers] == [
        "Event", "Date", "Seat1", "Rules", "Levels", "Dealer",
    ]  # fmt: skip


def test_a_recording_is_kept_and_read_back_with_its_cards_and_waiting_entry(
    revoke_chance: Chance,
) -> None:
    hand = simulate_hand("qq", seed=1)
    recorder, _play, stranger = _revoke(hand, revoke_chance)
    recorder.pick(stranger)
    assert recorder.waiting is not None
    again = Recorder.from_dict(recorder.to_dict())
    assert again.hand == recorder.hand and again.waiting is not None
    assert [(f.code, f.message) for f in again.waiting.blocking] == [
        (f.code, f.message) for f in recorder.waiting.blocking
    ]
    chosen = Recorder.new(dealer=1)
    chosen.pick(card("SA"))
    assert Recorder.from_dict(chosen.to_dict()).pending == (card("SA"),)
    for bad in ({"version": 2}, {"version": 1, "psn": "1. 1: XX"}, {"version": 1}):
        with pytest.raises(RecorderError):
            Recorder.from_dict(bad)


def test_the_end_of_the_hand_is_not_judged_while_the_last_trick_is_played() -> None:
    # A seat that has not yet played its last card is no 多牌少牌 (hand-count) finding.
    hand = simulate_hand("qq", seed=1)
    recorder = started(hand)
    for trick in hand.tricks:
        for i, play in enumerate(trick.plays):
            entry = enter_play(recorder, play, leading=i == 0)
            assert not entry.findings, entry.findings
            assert not recorder.findings
    assert recorder.complete and not recorder.findings


def test_a_refusal_is_said_in_both_languages() -> None:
    recorder = Recorder()
    with pytest.raises(RecorderError) as refused:
        recorder.finish()
    assert str(refused.value) == "no card chosen yet"
    zh = error_words(refused.value, "zh")
    assert re.search(r"[\u4e00-\u9fff]", zh) and english_in(zh) is None, zh
    with pytest.raises(RecorderError) as broken:
        Recorder.from_dict({"version": 1, "psn": "1. 1: XX"})
    zh = error_words(broken.value, "zh")
    assert zh.startswith("不是一份记录：") and "不认识的牌 'XX'" in zh, zh
