"""The replay engine: each finding code from a record that triggers it, with its place.

Disputes are made from simulated hands (whose deck order, and so every hand, is known)
by changing one thing, as a player's mistake would; the record is then written out and
read back, so every finding is checked against its line and column in the text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from notation.findings import CATALOGUE, Finding, meaning
from notation.match import continues
from notation.presets import load_ruleset
from notation.psn import Hand, Header, PlayNode, Result, parse, write
from notation.replay import StepKind, replay
from notation.rules.cards import Card
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import ShorterTractor
from notation.simulate import simulate_hand, simulate_match
from notation.validate import validate_text
from tests.conftest import cards


@cache
def sims(preset: str = "qq", count: int = 12) -> tuple[Hand, ...]:
    return tuple(simulate_hand(preset, seed=seed, dealer=1) for seed in range(count))


def reread(hand: Hand) -> tuple[str, Hand]:
    text = write(hand)
    record = parse(text)
    assert not record.errors, record.errors
    return text, record.hands[0]


def first(hand: Hand, rules: str | None = None) -> tuple[str, Finding]:
    text, hand = reread(hand)
    found = [f for f in replay(hand, rules).findings if f.code != "unchecked"]
    assert found, "expected a finding"
    return text, found[0]


def where(text: str, needle: str, start_line: int = 1) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), start=1):
        if number >= start_line and needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} not in text")


def play_position(text: str, trick: int, seat: int) -> tuple[int, int]:
    line, _ = where(text, f"{trick}. ")
    row = text.splitlines()[line - 1]
    return line, row.index(f" {seat}: ") + 2


def with_play(hand: Hand, trick: int, seat: int, new: PlayNode) -> Hand:
    tricks = list(hand.tricks)
    t = tricks[trick - 1]
    tricks[trick - 1] = replace(t, plays=tuple(new if p.seat == seat else p for p in t.plays))
    return replace(hand, tricks=tuple(tricks))


def trump_of(hand: Hand) -> Trump:
    t = hand.trump
    assert t is not None
    return t


def test_simulated_hands_replay_clean_under_every_preset() -> None:
    for preset in ("qq", "qq-super", "match-a", "match-b", "tractor", "seed-001"):
        for hand in sims(preset, 4):
            _, hand = reread(hand)
            result = replay(hand)
            assert [f.code for f in result.findings] == [], preset
            assert result.computed.complete and result.computed.points is not None


def test_timeline_has_a_state_per_event() -> None:
    hand = sims()[0]
    result = replay(hand)
    kinds = Counter(s.kind for s in result.states)
    assert kinds[StepKind.PLAY] == sum(len(t.plays) for t in hand.tricks)
    assert kinds[StepKind.TRICK] == len(hand.tricks)
    assert result.states[0].kind is StepKind.START and result.states[-1].kind is StepKind.END
    assert [s.step for s in result.states] == list(range(len(result.states)))
    end = result.states[-1]
    assert all(len(h) == 0 for h in end.hands)
    assert end.defenders_points + 0 <= 200 + 64 * 200


def _swap_candidates(hand: Hand, trump: Trump):  # type: ignore[no-untyped-def]
    """(trick, seat, followed card, off-suit card) where a follower could have revoked."""
    for ti, trick in enumerate(hand.tricks):
        lead = trick.plays[0].cards
        if len(lead) != 1:
            continue
        suit = trump.effective_suit(lead[0])
        for play in trick.plays[1:]:
            card = play.cards[0]
            if trump.effective_suit(card) != suit:
                continue
            for later in hand.tricks[ti + 1 :]:
                for other in later.plays:
                    if other.seat == play.seat and len(other.cards) == 1:
                        c = other.cards[0]
                        if trump.effective_suit(c) != suit and c != card:
                            yield ti + 1, play.seat, card, later.number, c
                            break


def _revoke(hand: Hand) -> tuple[Hand, int, int]:
    trump = trump_of(hand)
    for trick, seat, card, later, other in _swap_candidates(hand, trump):
        hand = with_play(hand, trick, seat, PlayNode(seat, (other,)))
        hand = with_play(hand, later, seat, PlayNode(seat, (card,)))
        return hand, trick, seat
    raise AssertionError("no revoke candidate")


def test_revoke_is_found_at_its_trick_seat_line_and_column() -> None:
    hand, trick, seat = _revoke(sims()[0])
    text, finding = first(hand)
    assert finding.code == "follow-suit"
    assert (finding.trick, finding.seat) == (trick, seat)
    assert (finding.line, finding.column) == play_position(text, trick, seat)
    assert finding.clause is not None and finding.clause.ref


def test_revoke_is_found_without_the_deal_when_the_suit_is_played_later() -> None:
    hand, trick, seat = _revoke(sims()[1])
    hand = replace(hand, deal=None, auction=())
    _, finding = first(hand)
    assert (finding.code, finding.trick, finding.seat) == ("follow-suit", trick, seat)


def test_match_a_revoke_carries_the_level_penalty() -> None:
    hand, _, _ = _revoke(sims("match-a", 3)[0])
    _, finding = first(hand)
    assert finding.penalty is not None and "level" in finding.penalty_in("en")


def test_pair_revoke() -> None:
    for hand in sims():
        trump = trump_of(hand)
        for ti, trick in enumerate(hand.tricks):
            lead = trick.plays[0].cards
            if len(lead) != 2 or lead[0] != lead[1]:
                continue
            suit = trump.effective_suit(lead[0])
            for play in trick.plays[1:]:
                a, b = play.cards
                if a != b or trump.effective_suit(a) != suit:
                    continue
                # find a later single of the same suit played by this seat: swap one card
                for later in hand.tricks[ti + 1 :]:
                    for other in later.plays:
                        if other.seat != play.seat or a in other.cards:
                            continue
                        z = next((c for c in other.cards if trump.effective_suit(c) == suit), None)
                        if z is None:
                            continue
                        changed = with_play(hand, ti + 1, play.seat, PlayNode(play.seat, (a, z)))
                        rest = tuple(a if c == z else c for c in other.cards)
                        changed = with_play(
                            changed, later.number, play.seat, PlayNode(play.seat, rest)
                        )
                        text, finding = first(changed)
                        assert finding.code == "follow-pair"
                        assert (finding.trick, finding.seat) == (ti + 1, play.seat)
                        assert (finding.line, finding.column) == play_position(
                            text, ti + 1, play.seat
                        )
                        return
    pytest.fail("no pair lead followed by a pair in the simulated hands")


def test_card_not_held() -> None:
    hand = sims()[2]
    trick = hand.tricks[0]
    seat = trick.plays[1].seat
    # a card this seat never holds: one that only the other seats play
    held = Counter(c for t in hand.tricks for p in t.plays if p.seat == seat for c in p.cards)
    foreign = next(c for t in hand.tricks for p in t.plays for c in p.cards if held[c] == 0)
    n = len(trick.plays[1].cards)
    _, finding = first(with_play(hand, 1, seat, PlayNode(seat, (foreign,) * n)))
    assert finding.code in ("not-held", "follow-suit", "follow-pair")
    assert (finding.trick, finding.seat) == (1, seat)


def test_wrong_number_of_cards() -> None:
    hand = sims()[3]
    trick = hand.tricks[4]
    play = trick.plays[2]
    _text, finding = first(
        with_play(hand, 5, play.seat, replace(play, cards=play.cards + play.cards[:1]))
    )
    assert finding.code in ("wrong-count", "not-held")
    assert (finding.trick, finding.seat) == (5, play.seat)


def test_out_of_turn_within_a_trick() -> None:
    hand = sims()[4]
    t = hand.tricks[2]
    swapped = (t.plays[0], t.plays[2], t.plays[1], t.plays[3])
    tricks = list(hand.tricks)
    tricks[2] = replace(t, plays=swapped)
    text, finding = first(replace(hand, tricks=tuple(tricks)))
    assert finding.code == "out-of-turn" and finding.trick == 3
    assert finding.seat == swapped[1].seat
    assert (finding.line, finding.column) == play_position(text, 3, swapped[1].seat)


def test_wrong_leader() -> None:
    hand = sims()[5]
    t = hand.tricks[3]
    rotated = (*t.plays[1:], t.plays[0])  # the second player leads instead
    tricks = list(hand.tricks)
    tricks[3] = replace(t, plays=rotated)
    text, finding = first(replace(hand, tricks=tuple(tricks)))
    assert finding.code == "wrong-leader" and finding.trick == 4
    assert (finding.line, finding.column) == where(text, "4. ")


def test_mixed_lead() -> None:
    hand = sims()[6]
    trump = trump_of(hand)
    for t in hand.tricks:
        lead = t.plays[0]
        later = [p for u in hand.tricks[t.number :] for p in u.plays if p.seat == lead.seat]
        other = next(
            (
                c
                for p in later
                for c in p.cards
                if trump.effective_suit(c) != trump.effective_suit(lead.cards[0])
            ),
            None,
        )
        if len(lead.cards) == 1 and other is not None:
            changed = with_play(
                hand, t.number, lead.seat, PlayNode(lead.seat, (lead.cards[0], other))
            )
            _, finding = first(changed)
            assert (finding.code, finding.trick, finding.seat) == (
                "mixed-lead",
                t.number,
                lead.seat,
            )
            return
    pytest.fail("no candidate")


def _throws(preset: str, failed: bool):  # type: ignore[no-untyped-def]
    for hand in sims(preset, 40):
        for t in hand.tricks:
            lead = t.plays[0]
            if (lead.attempted is not None) == failed and (failed or len(set(lead.cards)) > 1):
                yield hand, t, lead


def test_a_throw_that_should_have_failed() -> None:
    hand, t, lead = next(iter(_throws("match-a", failed=True)))
    changed = with_play(hand, t.number, lead.seat, PlayNode(lead.seat, lead.attempted or ()))
    _text, finding = first(changed)
    assert (finding.code, finding.trick, finding.seat) == ("throw-failed", t.number, lead.seat)
    assert "10 points for every card that could not be thrown" in (finding.penalty_in("en") or "")


def test_the_wrong_forced_play_after_a_failed_throw() -> None:
    for hand, t, lead in _throws("qq", failed=True):
        attempted = lead.attempted or ()
        other = tuple((Counter(attempted) - Counter(lead.cards)).elements())
        if len(other) >= len(lead.cards):
            wrong = other[: len(lead.cards)]
            changed = with_play(hand, t.number, lead.seat, replace(lead, cards=wrong))
            _, finding = first(changed)
            assert (finding.code, finding.trick, finding.seat) == (
                "wrong-forced-play",
                t.number,
                lead.seat,
            )
            return
    pytest.fail("no candidate")


def test_a_throw_recorded_as_failed_that_stood() -> None:
    for hand, t, lead in _throws("qq", failed=False):
        units = lead.cards
        if len(units) >= 2 and len(set(units)) >= 2 and t.plays[0].attempted is None:
            changed = with_play(
                hand, t.number, lead.seat, replace(lead, attempted=units, cards=units[:1])
            )
            found = [f.code for f in replay(reread(changed)[1]).findings]
            if "throw-stood" in found:
                return
    pytest.fail("no candidate")


def test_kitty_size_and_cards_not_held() -> None:
    hand = sims()[7]
    bury = hand.kitty_exchanges[0]
    auction = tuple(replace(e, buried=e.buried[:7]) if e is bury else e for e in hand.auction)
    text, finding = first(replace(hand, auction=auction))
    assert finding.code == "kitty-size"
    assert (finding.line, finding.column) == where(text, "bury ")
    foreign: Card = next(c for c in cards("BJ LJ SA HA") if c not in bury.buried)
    auction = tuple(replace(e, buried=(foreign,) * 8) if e is bury else e for e in hand.auction)
    found = [f.code for f in replay(reread(replace(hand, auction=auction))[1]).findings]
    assert "kitty-not-held" in found


def test_kitty_picked_up_by_the_wrong_seat() -> None:
    hand = sims()[8]
    bury = hand.kitty_exchanges[0]
    auction = tuple(replace(e, seat=e.seat % 4 + 1) if e is bury else e for e in hand.auction)
    _, finding = first(replace(hand, auction=auction))
    assert finding.code == "kitty-seat"


def test_a_declaration_before_the_card_was_drawn() -> None:
    for hand in sims():
        declare = hand.bids[0] if hand.bids else None
        if declare is not None and declare.draw is not None and declare.draw > 8:
            early = replace(declare, draw=1)
            auction = tuple(early if e is declare else e for e in hand.auction)
            text, finding = first(replace(hand, auction=auction))
            assert finding.code == "bid-not-drawn"
            assert (finding.line, finding.column) == where(text, "declare ")
            return
    pytest.fail("no candidate")


def test_result_findings() -> None:
    hand = sims()[9]
    assert hand.result is not None
    wrong = replace(hand.result, points=(hand.result.points or 0) + 5)
    text, finding = first(replace(hand, result=wrong))
    assert finding.code == "result-points"
    assert (finding.line, finding.column) == where(text, "result ")
    r = hand.result
    wrong_level = replace(r, levels=(r.levels or 0) + 1)
    assert first(replace(hand, result=wrong_level))[1].code == "result-level"
    wrong_dealer = replace(r, next_dealer=(r.next_dealer or 1) % 4 + 1)
    assert first(replace(hand, result=wrong_dealer))[1].code == "result-next-dealer"


def test_kitty_multiplier_in_the_result() -> None:
    for hand in sims("qq", 30):
        r = hand.result
        if r is not None and r.multiplier is not None:
            wrong = replace(r, multiplier=r.multiplier * 2)
            assert first(replace(hand, result=wrong))[1].code == "result-kitty"
            return
    pytest.fail("no kitty capture in the simulated hands")


def test_levels_and_dealer_must_follow_from_the_previous_hand() -> None:
    hands = list(simulate_match("qq", seed=11, max_hands=3))
    second = hands[1]
    headers = tuple(
        Header("Levels", "9 9")
        if h.tag == "Levels"
        else (Header("Dealer", "4") if h.tag == "Dealer" else h)
        for h in second.headers
    )
    text = write([hands[0], replace(second, headers=headers)])
    report = validate_text(text, "match.psn")
    codes = [f.code for f in report.hands[1].findings if f.code.startswith("match")]
    assert "match-levels" in codes
    dealer_ok = dict((h.tag, h.value) for h in second.headers)["Dealer"] == "4"
    assert dealer_ok or "match-dealer" in codes


@pytest.mark.parametrize(
    ("changes", "checked"),
    [
        ({}, True),  # Hand 1 then Hand 2 of one Event
        ({"Hand": "1"}, False),  # a second hand numbered 1 starts a new match
        ({"Hand": "3"}, False),  # a gap: the hand between is not in the record
        ({"Event": "Another match"}, False),
        ({"Hand": None, "Event": None}, True),  # without the headers: one match
    ],
)
def test_only_the_next_hand_of_the_same_match_must_follow_on(
    changes: dict[str, str | None], checked: bool
) -> None:
    hands = list(simulate_match("qq", seed=11, max_hands=2))
    wrong = {"Levels": "9 9", **changes}
    headers = tuple(
        Header(h.tag, wrong[h.tag]) if h.tag in wrong else h  # type: ignore[arg-type]
        for h in hands[1].headers
        if wrong.get(h.tag, "") is not None
    )
    second = replace(hands[1], headers=headers)
    assert continues(hands[0], second) is checked
    report = validate_text(write([hands[0], second]), "two.psn")
    codes = {f.code for f in report.hands[1].findings}
    assert ("match-levels" in codes) is checked


def test_a_level_skipped_past_ten_cites_must_play_and_other_jumps_cite_progress() -> None:
    path = Path(__file__).parent.parent / "examples" / "disputes" / "12-skipped-level-ten.psn"
    report = validate_text(path.read_text(encoding="utf-8"), str(path))
    (skipped,) = [f for f in report.findings if f.code == "match-levels"]
    assert skipped.rule is Rule.MUST_PLAY and skipped.clause is not None
    assert skipped.clause.ref.startswith("000§2 三") and "逢10必打" in skipped.message
    assert skipped.to_dict()["rule"] == "match.must_play"
    # Where the goal stopped the climb (the match was won past 10) it is not 逢J必打.
    won = (
        path.read_text(encoding="utf-8")
        .replace('[Levels "9 4"]', '[Levels "10 4"]')
        .replace('[Levels "Q 4"]', '[Levels "K 4"]')
    )
    assert all("必打" not in f.message for f in validate_text(won).findings)
    # Levels that are wrong some other way are not put down to 逢10必打.
    text = path.read_text(encoding="utf-8").replace('[Levels "Q 4"]', '[Levels "K 4"]')
    (other_jump,) = [f for f in validate_text(text).findings if f.code == "match-levels"]
    assert other_jump.rule is Rule.MATCH and "必打" not in other_jump.message
    hands = list(simulate_match("qq", seed=11, max_hands=2))  # qq: no level must be played
    wrong = tuple(Header("Levels", "9 9") if h.tag == "Levels" else h for h in hands[1].headers)
    other = validate_text(write([hands[0], replace(hands[1], headers=wrong)]), "two.psn")
    (jump,) = [f for f in other.findings if f.code == "match-levels"]
    assert jump.rule is Rule.MATCH and "必打" not in jump.message


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ('[Dealer "7"]', "The Dealer header cannot be read: no seat '7'"),
        ('[Levels "5"]', "The Levels header cannot be read: levels are two ranks"),
        ('[Levels "5 Z"]', "The Levels header cannot be read: unknown rank 'Z'"),
        ('[Trump "X 5"]', "The Trump header cannot be read: trump 'X 5': expected a suit or NT"),
    ],
)
def test_a_header_value_that_cannot_be_read_is_a_finding_and_the_hand_is_kept(
    header: str, message: str
) -> None:
    # The hand before it is read, this one too: its play is still checked.
    good = write(simulate_hand("qq", seed=4, dealer=1))
    lines = good.splitlines()
    bad = "\n".join([lines[0], header, *lines[1:]])
    text = good + "\n" + bad
    record = parse(text, "two.psn")
    assert len(record.hands) == 2 and not record.errors
    report = validate_text(text, "two.psn")
    (finding,) = [f for f in report.findings if f.code == "bad-header"]
    assert finding.message.startswith(message) and finding.hand == 2
    assert (finding.line, finding.column) == (good.count("\n") + 3, 1)  # its own line
    assert report.hands[1].replay is not None and report.hands[1].replay.computed.complete


def test_hand_numbers_with_more_after_them_and_events_with_spaces_still_continue() -> None:
    hands = list(simulate_match("qq", seed=11, max_hands=2))

    def headed(hand: Hand, tag: str, value: str) -> Hand:
        return replace(
            hand, headers=tuple(Header(tag, value) if h.tag == tag else h for h in hand.headers)
        )

    first = headed(hands[0], "Hand", "1/12")
    second = headed(headed(hands[1], "Hand", "2/12"), "Event", hands[1].header("Event") + " ")
    assert continues(first, second)
    assert not continues(first, headed(second, "Hand", "3/12"))
    # A Hand value without a number (or a different one) starts afresh.
    assert not continues(headed(hands[0], "Hand", "?"), headed(hands[1], "Hand", "1"))
    assert continues(headed(hands[0], "Hand", "５"), headed(hands[1], "Hand", "６"))


def test_a_second_header_unlike_the_first_is_reported_and_the_first_counts() -> None:
    hand = simulate_hand("qq", seed=4, dealer=1)
    headers = (
        *hand.headers,
        Header("Dealer", "3"),
        Header("Levels", "2  2"),
        Header("Trump", str(hand.header("Trump")).lower()),  # case is no difference
    )
    found = [f for f in replay(replace(hand, headers=headers)).findings if f.code == "bad-header"]
    assert [f.message for f in found] == [
        "The Dealer header appears again as '3', unlike the first ('1'); the first counts."
    ]  # the same Levels written with more space is no difference


def test_deal_that_is_not_two_decks() -> None:
    text = """[Rules "qq"]
[Levels "2 2"]
[Dealer "1"]

deal
1: S2 S2 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ
2: ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??
"""
    record = parse(text)
    codes = [(f.code, f.line) for f in replay(record.hands[0]).findings]
    assert ("deal-decks", 5) in codes
    assert ("deal-count", 5) in codes


def test_unknown_rules_are_reported_and_qq_used() -> None:
    record = parse('[Rules "nonesuch"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n')
    result = replay(record.hands[0])
    assert next(f.code for f in result.findings) == "unknown-rules"
    assert result.rules.name == "qq"


def test_unknown_cards_are_never_reported_as_revokes() -> None:
    record = parse(
        '[Trump "H 2"]\n[Dealer "1"]\n\n1. 1: SA 2: ?? 3: S4 4: S5\n2. 1: SK 2: S3 3: S6 4: S7\n'
    )
    codes = [f.code for f in replay(record.hands[0]).findings]
    assert "follow-suit" not in codes


def test_every_code_in_the_catalogue_has_a_rule_or_is_about_the_record() -> None:
    for code, (severity, rule) in CATALOGUE.items():
        assert meaning(code) and severity
        assert rule is not None or code in {
            "syntax",
            "bad-header",
            "unknown-rules",
            "trick-number",
            "unchecked",
            "comment-hides",  # about the text of the record, not a rule of the game
        }


def test_strict_mode_stops_at_the_first_error() -> None:
    hand, _, _ = _revoke(sims()[0])
    text = write([hand, sims()[1]])
    report = validate_text(text, "x.psn", strict=True)
    assert report.stopped and len(report.hands) == 1
    assert report.hands[0].findings[0].code == "follow-suit"


def test_a_broken_hand_does_not_lose_the_others() -> None:
    good = write(sims()[0])
    broken = '[Event "broken"]\n\n1. 1: SA 2: @@@\n'
    report = validate_text(good + "\n" + broken + "\n" + good, "mixed.psn")
    assert [h.replay is not None for h in report.hands] == [True, False, True]
    assert report.hands[1].findings[0].code == "syntax"


def test_inferred_trick_winner_from_a_ruff_shape_dispute() -> None:
    # Seat 2 ruffs a side pair with two unequal trumps and then leads as if it had won.
    text = """[Rules "qq"]
[Dealer "1"]
[Levels "2 2"]
[Trump "H 2"]

1. 1: SA SA 2: H5 H9 3: S3 S4 4: S6 S7
2. 2: C3 3: C4 4: C5 1: C6
"""
    record = parse(text)
    finding = next(f for f in replay(record.hands[0]).findings if f.code != "unchecked")
    assert (finding.code, finding.trick, finding.seat) == ("ruff-shape", 2, 2)
    assert (finding.line, finding.column) == where(text, "2. ")


def test_result_checked_only_when_the_hand_is_complete() -> None:
    hand = sims()[0]
    short = replace(hand, tricks=hand.tricks[:5], result=Result(points=999))
    codes = [f.code for f in replay(reread(short)[1]).findings]
    assert "result-points" not in codes


def test_trick_numbers_out_of_sequence() -> None:
    hand = sims()[0]
    tricks = list(hand.tricks)
    tricks[1] = replace(tricks[1], number=5)
    codes = [f.code for f in replay(replace(hand, tricks=tuple(tricks))).findings]
    assert "trick-number" in codes


def test_strict_stops_at_levels_that_do_not_follow() -> None:
    path = Path(__file__).parent.parent / "examples" / "disputes" / "12-skipped-level-ten.psn"
    text = path.read_text(encoding="utf-8")
    report = validate_text(text + "\n" + text, strict=True)
    assert report.stopped and len(report.hands) == 2
    assert report.findings[-1].code == "match-levels"


def test_a_comment_that_hides_hands_is_a_warning_where_it_opens() -> None:
    text = (
        '[Event "a"]\n\n1. 1: SA { oops\n\n[Event "b"]\n[Hand "2"]\n\n1. 1: HA\n\n'
        '[Event "c"]\n\n1. 1: CA {fine [%clk 0:01:02]}\n'
    )
    report = validate_text(text, "hide.psn")
    assert len(report.hands) == 1  # the grammar reads the rest as the comment's text
    (hides,) = [f for f in report.findings if f.code == "comment-hides"]
    assert (hides.line, hides.column, hides.severity.value) == (3, 10, "warning")
    assert "over 3 line(s)" in hides.message
    closed = text.replace("{ oops", "{ oops }")
    assert len(validate_text(closed).hands) == 3
    assert not [f for f in validate_text(closed).findings if f.code == "comment-hides"]


SHORTER_TRACTOR = """[Rules "qq"]
[Levels "2 2"]
[Dealer "1"]
[Trump "H 2"]

deal
1: S9 S9 S10 S10 SJ SJ
2: S3 S3 S4 S4 S7 S7 SQ SQ C5
3: C3 C3 C4 C4 C6 C6
4: D3 D3 D4 D4 D6 D6
1. 1: S9 S9 S10 S10 SJ SJ 2: S3 S3 S7 S7 SQ SQ 3: C3 C3 C4 C4 C6 C6 4: D3 D3 D4 D4 D6 D6
"""


def test_the_replay_asks_for_a_shorter_tractor_as_the_rule_set_says() -> None:
    # The hands are cut short (deal-count findings); only the follow matters here.
    hand = parse(SHORTER_TRACTOR).hands[0]
    (found,) = [f for f in replay(hand).findings if f.code.startswith("follow")]
    assert (found.code, found.trick, found.seat) == ("follow-tractor", 1, 2)
    assert found.message == (
        "Seat 2 did not follow with a tractor: a tractor of 3 pairs of spades was led and "
        "seat 2 held the shorter tractor ♠4 ♠4 ♠3 ♠3, which it had to play, but played no "
        "tractor."
    )
    loose = load_ruleset("qq")
    loose = replace(loose, follow=replace(loose.follow, shorter_tractor=ShorterTractor.OPTIONAL))
    assert not [f for f in replay(hand, loose).findings if f.code.startswith("follow")]


def test_a_record_that_stops_inside_a_trick_gives_that_trick_to_nobody() -> None:
    hand = simulate_hand("qq", seed=3)
    index = next(
        i for i, t in enumerate(hand.tricks) if sum(c.points for p in t.plays[:2] for c in p.cards)
    )
    cut = hand.tricks[index]
    stopped = replace(
        hand, tricks=(*hand.tricks[:index], replace(cut, plays=cut.plays[:2])), result=None
    )
    states = replay(stopped).states
    before = replay(replace(hand, tricks=hand.tricks[:index], result=None)).states[-1]
    assert [s.kind for s in states[-3:]] == [StepKind.PLAY, StepKind.PLAY, StepKind.END]
    assert sum(s.kind is StepKind.TRICK for s in states) == index  # the tricks finished
    assert states[-1].points == before.points  # its cards' points are nobody's yet
    assert states[-1].trick_number == index + 1


# ---------------------------------------------------------------------------- the rule set assumed

NO_RULES = '[Event "Club night"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'


def _rules_notes(text: str, rules: str | None = None) -> list[Finding]:
    hand = parse(text).hands[0]
    return [f for f in replay(hand, rules).findings if f.message.startswith("no Rules header")]


def test_a_hand_without_a_rules_header_says_which_rule_set_it_is_judged_under() -> None:
    (note,) = _rules_notes(NO_RULES)
    assert note.code == "unchecked" and not note.is_error
    assert note.message == "no Rules header: judged under qq, the default rule set"
    assert note.message_in("zh") == "没有 Rules 标头：按默认规则 qq 判定"
    assert (note.line, note.column) == (1, 1)
    result = replay(parse(NO_RULES).hands[0])
    assert result.rules_from == "default" and result.rules_assumed() == note.text


@pytest.mark.parametrize(
    ("text", "rules", "source"),
    [
        ('[Rules "qq"]\n' + NO_RULES, None, "record"),
        (NO_RULES, "match-a", "given"),
        ('[Rules "qqz"]\n' + NO_RULES, None, "fallback"),
    ],
    ids=["record", "given", "fallback"],
)
def test_a_named_or_chosen_rule_set_gets_no_default_note(
    text: str, rules: str | None, source: str
) -> None:
    assert _rules_notes(text, rules) == []
    result = replay(parse(text).hands[0], rules)
    assert result.rules_from == source
    assumed = result.rules_assumed()
    if source == "fallback":  # the unknown-rules error, and the why kept for the report
        assert assumed is not None
        assert assumed.render("en") == "no rule set 'qqz' is known: judged under qq"
        assert assumed.render("zh") == "没有名为 'qqz' 的规则：按 qq 判定"
    else:
        assert assumed is None


def test_a_trick_without_a_known_trump_says_the_trump_is_unknown_not_the_cards() -> None:
    text = '[Rules "qq"]\n\n1. 1: S3 2: S4 3: S5 4: S6\n2. 4: H3 1: H4 2: H5 3: H6\n'
    notes = [f for f in replay(parse(text).hands[0]).findings if f.trick == 1]
    assert [f.message for f in notes] == [
        "Trick 1: with no trump known, its winner cannot be worked out: it is taken to be "
        "seat 4, who leads next."
    ]
    assert "未知牌" not in notes[0].message_in("zh") and "不知道主" in notes[0].message_in("zh")
    known = (
        '[Rules "qq"]\n[Trump "H 2"]\n\n1. 1: S3 2: S4 3: ?? 4: S6\n2. 4: H3 1: H4 2: H5 3: H6\n'
    )
    (blind,) = [f for f in replay(parse(known).hands[0]).findings if f.trick == 1]
    assert blind.message.startswith("Trick 1 has unknown cards")
