"""Replay a hand through the rules: a timeline of states and the findings.

One engine serves the validator, the viewer and the simulator. A replay never stops at
a finding (unless asked to) and never repairs the record: it reports, then goes on with
the record as written.

Unknown cards are respected. Where the deal is not recorded, a player's hand at a trick
is known to hold at least every card they play from then on, so a revoke still shows
when a player later plays a card of the suit (or a pair) they failed to produce; the
follow obligations only grow with the hand, so checking against what is surely held
reports only what the record proves.
"""

from __future__ import annotations

from notation.frozen import frozen
from notation.messages import Message, error_message, msg
from notation.presets import DEFAULT_RULESET, RulesetError, load_ruleset
from notation.psn.model import Hand
from notation.replay.replayer import Replayer
from notation.replay.values import Computed, HandReplay, RulesFrom, State, StepKind, StrictStop
from notation.rules.cards import Rank
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import Seat

__all__ = [
    "Computed",
    "HandReplay",
    "RulesFrom",
    "State",
    "StepKind",
    "StrictStop",
    "replay",
]


@frozen
class _Setting:
    """Levels and dealer given instead of the hand's headers (``None``: the headers')."""

    levels: tuple[Rank, Rank] | None = None
    dealer: Seat | None = None


def replay(
    hand: Hand,
    rules: Ruleset | str | None = None,
    *,
    number: int = 1,
    timeline: bool = True,
    strict: bool = False,
    levels: tuple[Rank, Rank] | None = None,
    dealer: Seat | None = None,
) -> HandReplay:
    """Replay one hand under ``rules`` (a Ruleset, or the name of a rule set; default:
    the hand's ``Rules`` header, else ``qq``).

    ``levels`` and ``dealer``, when given, are those the hand is played with instead of
    its headers' (a match's hand, where they follow from the hand before)."""
    ruleset, source, problem = _resolve_rules(hand, rules)
    setting = _Setting(levels, dealer)
    engine = _run(hand, number, ruleset, problem, timeline, strict, setting)
    if engine.alternative_trump is not None:
        # A rejected bid or fallback would have made another trump, and no Trump header
        # says which the players played under: the one their play follows (fewer broken
        # rules) is taken, so that the rejected bid stays the one finding. (In strict mode
        # the rejected bid has stopped the replay already.)
        other = _run(
            hand, number, ruleset, problem, timeline, strict, setting, engine.alternative_trump
        )
        if _error_count(other) < _error_count(engine):
            engine = other
    assert engine.computed is not None
    return HandReplay(
        hand,
        number,
        ruleset,
        tuple(engine.states),
        tuple(engine.findings),
        engine.computed,
        source,
    )


def _run(
    hand: Hand,
    number: int,
    ruleset: Ruleset,
    problem: tuple[str, Message] | None,
    timeline: bool,
    strict: bool,
    setting: _Setting,
    trump: Trump | None = None,
) -> Replayer:
    """One replay of ``hand``; ``trump``: the trump its play is judged under, when the
    bidding leaves two possible."""
    engine = Replayer(hand, number, ruleset, timeline, strict, setting.levels, setting.dealer)
    if problem:  # the rule set, assumed: an unknown name (an error) or none (a note)
        engine.find(*problem, hand.headers[0] if hand.headers else None)
    engine.deal()
    engine.snapshot(StepKind.START, "the deal", hand.deal, None)
    engine.auction()
    if trump is not None:
        engine.trump = trump
    if engine.trump is None and hand.tricks:
        engine.find(
            "unchecked",
            msg("trump.unknown"),
            None,
        )
    engine.play()
    engine.computed = engine.finish()
    return engine


def _error_count(engine: Replayer) -> int:
    return sum(1 for f in engine.findings if f.is_error)


def _resolve_rules(
    hand: Hand, rules: Ruleset | str | None
) -> tuple[Ruleset, RulesFrom, tuple[str, Message] | None]:
    """The rule set ``hand`` is judged under, where it came from, and the finding that
    says so when it was assumed (its code and message)."""
    if isinstance(rules, Ruleset):
        return rules, RulesFrom.GIVEN, None
    if rules:
        name, source = rules, RulesFrom.GIVEN
    elif hand.rules:
        name, source = hand.rules, RulesFrom.RECORD
    else:
        said = msg("rules.default", name=DEFAULT_RULESET)
        return load_ruleset(DEFAULT_RULESET), RulesFrom.DEFAULT, ("unchecked", said)
    try:
        return load_ruleset(name), source, None  # a name, never a path: see notation.presets
    except RulesetError as e:  # said on one line: a finding never shows a rule file's text
        said = msg("rules.unknown", reason=error_message(e), name=DEFAULT_RULESET)
        return load_ruleset(DEFAULT_RULESET), RulesFrom.FALLBACK, ("unknown-rules", said)
