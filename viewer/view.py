"""The view-model: what the page shows at one step, as plain values.

The table (who sits where, which cards each seat shows, the trick on the table, the
kitty), the event log, the buttons that step and jump, and the numbers behind the
charts. No streamlit and no HTML here: ``render.py`` draws, ``charts.py`` plots, the
panels (:mod:`viewer.panels`) show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final, Literal

from notation.findings import Finding, clause_line
from notation.frozen import frozen
from notation.messages import outcome_words, say_cards_in
from notation.psn import (
    UNKNOWN,
    BidNode,
    Fallback,
    Hand,
    KittyExchange,
    PlayNode,
    Trick,
    Variation,
    write_event,
)
from notation.replay import HandReplay, State, StepKind
from notation.rules.cards import Rank, Slots
from notation.rules.ruleset import Ruleset
from notation.rules.seats import next_seat, team
from viewer import icons
from viewer.edit import (
    Annotation,
    Target,
    annotation,
    annotation_node,
    describe_target,
    target_of,
)
from viewer.i18n import finding_label, kind_label, seat_name, severity_label, tr

__all__ = [
    "LogEntry",
    "SeatView",
    "StepButton",
    "TableView",
    "TrickPoints",
    "ViewMode",
    "annotation_steps",
    "entry_at",
    "event_text",
    "finding_markdown",
    "finding_steps",
    "jump_buttons",
    "kitty_holder",
    "line_example",
    "literal",
    "log_entries",
    "next_step",
    "notes_at",
    "players",
    "question_at",
    "result_texts",
    "rules_assumed",
    "rules_label",
    "same_cards",
    "seat_positions",
    "step_buttons",
    "step_label",
    "table_view",
    "target_label",
    "trick_points",
    "trick_steps",
    "variation_text",
]

ViewMode = Literal["open", "seat", "teach"]
TableSide = Literal["bottom", "right", "top", "left"]
POSITIONS: Final[tuple[TableSide, ...]] = ("bottom", "right", "top", "left")


# The marks Markdown (and Streamlit's additions: $maths$, :red[colour], :emoji: needs no
# escape) reads as markup inline or at a line's start: a backslash before each makes it
# the character itself. Links and images need their brackets, so "[" and "]" suffice.
_MARKUP = re.compile(r"([\\`*_~\[\]$|#<>])")


def literal(text: str) -> str:
    """A record's own text (a comment, a header, a path a link names) for ``st.markdown``
    and its kin, shown as written: never an image fetched, a link, maths, emphasis or a
    heading (a record is data). Line breaks are kept as breaks.

    >>> print(literal("![x](http://example.com/x.png) $x$ *a* a_b.psn"))
    !\\[x\\](http://example.com/x.png) \\$x\\$ \\*a\\* a\\_b.psn
    """
    return _MARKUP.sub(r"\\\1", text).replace("\n", "  \n")


def seat_positions(bottom: int) -> dict[int, TableSide]:
    """Where each seat sits when ``bottom`` is at the bottom of the screen.

    Seats play counter-clockwise (逆时针): the next seat sits to the right.

    >>> seat_positions(1)
    {1: 'bottom', 2: 'right', 3: 'top', 4: 'left'}
    >>> seat_positions(3)[1]
    'top'
    """
    return {next_seat(bottom, i): POSITIONS[i] for i in range(4)}


def players(hand: Hand) -> dict[int, str | None]:
    """The players' names from the ``Seat1`` … ``Seat4`` headers."""
    return {s: hand.header(f"Seat{s}") for s in (1, 2, 3, 4)}


def kitty_holder(states: tuple[State, ...], step: int) -> int | None:
    """The seat that last picked up the kitty at or before ``step``."""
    holder: int | None = None
    for state in states[: step + 1]:
        if state.kind is StepKind.KITTY and isinstance(state.event, KittyExchange):
            holder = state.event.seat
    return holder


@frozen
class SeatView:
    """One seat at the table."""

    seat: int
    name: str  # "Seat 3 · Cai"
    team: int  # 1 (seats 1&3) or 2 (seats 2&4)
    position: TableSide
    cards: Slots | None  # None: hidden from this view
    count: int  # how many cards the seat holds
    played: Slots | None  # its cards on the table in the current trick
    dealer: bool
    turn: bool
    winning: bool
    flagged: bool  # a finding about this seat at this step


@frozen
class TableView:
    """Everything drawn on the table at one step."""

    seats: tuple[SeatView, ...]
    trump: str  # "♥ 5", "NT 5" or "" when not known
    trump_suit: str | None  # the suit letter, None for no-trump or unknown
    rank: str
    dealer: int | None
    declarer: int | None
    levels: tuple[str, str] | None
    points: tuple[int, int]  # team 1&3, team 2&4: card points from tricks
    defenders: int | None  # the defenders' team, 1 or 2
    penalty: int  # failed-throw penalties so far, signed for the defenders
    kitty_bonus: tuple[int, int] | None  # at the end: the kitty's points and multiplier
    defenders_total: int | None  # the defenders' points with penalties (at the end: result)
    kitty: Slots | None  # None: face down
    kitty_size: int
    trick_number: int
    label: str
    kind: StepKind
    leader: int | None


def table_view(
    replay: HandReplay,
    step: int,
    *,
    lang: str = "en",
    mode: ViewMode = "open",
    viewer: int = 1,
    reveal_kitty: bool = False,
) -> TableView:
    """The table at ``step`` as seen in ``mode`` by ``viewer`` (the bottom seat).

    In ``open`` mode every hand is shown; in ``seat`` and ``teach`` mode only the
    viewer's. The kitty is face down until the hand is over, except for the seat that
    picked it up (in its own view) and for a reviewer who asks to see it (not a student).
    """
    states = replay.states
    state = states[max(0, min(step, len(states) - 1))]
    names = players(replay.hand)
    positions = seat_positions(viewer)
    flagged = {f.seat for f in state.findings if f.seat is not None}
    table = dict(state.trick)
    seats: list[SeatView] = []
    for seat in (1, 2, 3, 4):
        cards = state.hand(seat)
        shown = mode == "open" or seat == viewer
        seats.append(
            SeatView(
                seat=seat,
                name=seat_name(lang, seat, names[seat]),
                team=team(seat),
                position=positions[seat],
                cards=cards if shown else None,
                count=len(cards),
                played=table.get(seat),
                dealer=state.dealer == seat,
                turn=state.turn == seat,
                winning=state.winning == seat and bool(state.trick),
                flagged=seat in flagged,
            )
        )
    holder = kitty_holder(states, state.step)
    # The rules show the kitty to whoever picks it up, and to everyone when the hand is
    # over (the last trick decides its score); a reviewer may turn it over at any time.
    holds_it = mode != "open" and holder is not None and holder == viewer
    kitty_open = state.kind is StepKind.END or holds_it or (reveal_kitty and mode != "teach")
    trump = state.trump
    if trump is None:
        trump_text, trump_suit, rank = "", None, _rank_of(replay, state)
    else:
        suit = trump.suit
        trump_text = f"{suit.symbol if suit else tr(lang, 'no_trump')} {trump.rank.value}"
        trump_suit = suit.value if suit else None
        rank = trump.rank.value
    levels = _levels(replay.hand)
    dealer = state.dealer
    defenders = None if dealer is None else 3 - team(dealer)
    # The defenders' points as the result counts them: failed-throw penalties where they
    # happen, and at the end the kitty (when they took the last trick) and the floor at 0.
    computed = replay.computed
    total = None if defenders is None else state.defenders_points + state.penalty_points
    kitty_bonus = None
    if state.kind is StepKind.END and computed.points is not None:
        total = computed.points
        if computed.multiplier and computed.kitty_points is not None:
            kitty_bonus = (computed.kitty_points, computed.multiplier)
    return TableView(
        seats=tuple(seats),
        trump=trump_text,
        trump_suit=trump_suit,
        rank=rank,
        dealer=dealer,
        declarer=state.declarer,
        levels=levels,
        points=state.points,
        defenders=None if defenders is None else defenders,
        penalty=state.penalty_points,
        kitty_bonus=kitty_bonus,
        defenders_total=total,
        kitty=state.kitty if kitty_open else None,
        kitty_size=len(state.kitty or ()),
        trick_number=state.trick_number,
        label=step_label(lang, state, replay),
        kind=state.kind,
        leader=state.trick[0][0] if state.trick else None,
    )


def _levels(hand: Hand) -> tuple[str, str] | None:
    try:
        levels = hand.levels
    except ValueError:
        return None
    return None if levels is None else (levels[0].value, levels[1].value)


def _rank_of(replay: HandReplay, state: State) -> str:
    levels = replay.computed.levels
    if levels is not None and state.dealer is not None:
        rank: Rank = levels[team(state.dealer) - 1]
        return rank.value
    return ""


def step_label(lang: str, state: State, replay: HandReplay | None = None) -> str:
    """What happened at a step, in ``lang`` (the end says the result when ``replay`` is
    given)."""
    event = state.event
    if state.kind is StepKind.START:
        return kind_label(lang, "start")
    if state.kind is StepKind.BID and isinstance(event, BidNode):
        return event_text(event, lang)
    if state.kind is StepKind.FALLBACK and isinstance(event, Fallback):
        return event_text(event, lang)
    if state.kind is StepKind.KITTY and isinstance(event, KittyExchange):
        return f"{seat_name(lang, event.seat)} {kind_label(lang, 'kitty')}"
    if state.kind is StepKind.PLAY and isinstance(event, PlayNode):
        text = f"{tr(lang, 'trick_n', n=state.trick_number)} · {seat_name(lang, event.seat)}: "
        if event.attempted is not None:
            failed = kind_label(lang, "failed_throw")
            tried, kept = say_cards_in(event.attempted, lang), say_cards_in(event.cards, lang)
            text += f"{tried} → {kept} ({failed})"
        else:
            text += say_cards_in(event.cards, lang)
        return text
    if state.kind is StepKind.TRICK:
        points = _trick_points(state)
        if state.turn is None:
            return tr(lang, "log_trick_open", n=state.trick_number)
        return tr(lang, "log_trick", n=state.trick_number, seat=state.turn, points=points)
    if state.kind is StepKind.END:
        result = result_texts(replay, lang)[1] if replay is not None else None
        return f"{kind_label(lang, 'end')}: {result}" if result else kind_label(lang, "end")
    return state.label


def event_text(event: object, lang: str = "en") -> str:
    """A bid, fallback, bury, play or (partial) trick in ``lang``'s words, cards with
    suit symbols and the jokers by their names in ``lang``; a play as the record numbers
    its seat ("2: ♠3", "1: 大王").

    >>> from notation.psn import parse_hand
    >>> bid = parse_hand('[Event "b"]\\n\\ndeclare 1: BJ D2\\n').auction[0]
    >>> event_text(bid), event_text(bid, "zh")
    ('Seat 1 declares BJ ♦2', '1 号位 亮主 大王 ♦2')
    """
    if isinstance(event, PlayNode):
        return _play_text(event, lang)
    if isinstance(event, Trick):
        return f"{event.number}. " + " ".join(_play_text(p, lang) for p in event.plays)
    if isinstance(event, BidNode):
        who, kind = seat_name(lang, event.seat), kind_label(lang, event.kind.value)
        return f"{who} {kind} {say_cards_in(event.cards, lang)}"
    if isinstance(event, Fallback):
        return f"{kind_label(lang, 'fallback')}: {say_cards_in(event.cards, lang)}"
    if isinstance(event, KittyExchange):
        who = seat_name(lang, event.seat)
        return f"{who} {tr(lang, 'bury')} {say_cards_in(event.buried, lang)}"
    return str(event)


def _play_text(play: PlayNode, lang: str) -> str:
    cards = say_cards_in(play.cards, lang)
    if play.attempted is not None:
        return f"{play.seat}: {say_cards_in(play.attempted, lang)} / {cards}"
    return f"{play.seat}: {cards}"


def variation_text(variation: Variation, lang: str = "en") -> str:
    """A variation's events, one after another.

    >>> from notation.psn import parse_hand
    >>> hand = parse_hand('[Event "v"]\\n\\n1. 1: SA 2: S3 (1. 2: BJ 3: S5) 3: S9 4: S10\\n')
    >>> variation = hand.tricks[0].plays[1].variations[0]
    >>> variation_text(variation), variation_text(variation, "zh")
    ('1. 2: BJ 3: ♠5', '1. 2: 大王 3: ♠5')
    """
    return " ".join(event_text(e, lang) for e in variation.events)


def _trick_points(state: State) -> int:
    return sum(c.points for _, cards in state.trick for c in cards if c is not UNKNOWN)


def result_texts(replay: HandReplay, lang: str = "en") -> tuple[str | None, str | None]:
    """The result as recorded (the ``result`` line) and as the rules give it, in words."""

    def words(points: int | None, side: str | None, levels: int | None, nxt: int | None) -> str:
        parts = []
        if points is not None:
            parts.append(f"{tr(lang, 'defenders')} {points}")
        if side is not None and levels is not None:
            parts.append(outcome_words(side, levels).render(lang))
        if nxt is not None:
            parts.append(tr(lang, "next_dealer", seat=nxt))
        return " · ".join(parts)

    recorded = replay.hand.result
    computed = replay.computed
    mine = None
    if recorded is not None:
        side = recorded.side.value if recorded.side is not None else None
        mine = words(recorded.points, side, recorded.levels, recorded.next_dealer) or None
    outcome = computed.outcome
    rules = words(
        computed.points,
        outcome.winner.value if outcome else None,
        outcome.levels if outcome else None,
        computed.next_dealer,
    )
    return mine, rules or None


def target_label(lang: str, target: Target, hand: Hand) -> str:
    """What an annotation is about, in words: "seat 2's play in trick 5"."""
    info = describe_target(target, hand)
    if target.kind == "hand":
        return tr(lang, "what_deal")
    if target.kind == "result":
        return tr(lang, "what_end")
    if target.kind == "trick":
        return tr(lang, "what_trick", n=info["trick"])
    if target.kind == "play":
        return tr(lang, "what_play", n=info["trick"], seat=info["seat"])
    if info.get("event") == "bid":
        return tr(lang, "what_bid", seat=info["seat"], kind=kind_label(lang, info["bid"]))
    if info.get("event") == "fallback":
        return tr(lang, "what_fallback")
    return tr(lang, "what_kitty", seat=info["seat"])


def rules_label(lang: str, rules: Ruleset) -> str:
    """The rule set's title in ``lang`` and its name: "QQ游戏双升（普通版） (qq)"."""
    title = rules.title.zh if lang == "zh" else rules.title.en
    return f"{title} ({rules.name})"


def rules_assumed(lang: str, rp: HandReplay) -> str:
    """Why the hand is judged under a rule set it does not name, in ``lang`` ("no Rules
    header: judged under qq, the default rule set"); empty if it names it."""
    why = rp.rules_assumed()
    return why.render(lang) if why is not None else ""


# ---------------------------------------------------------------------------- the log


@frozen
class LogEntry:
    """One line of the event log: a bid, the kitty, a whole trick, the end."""

    step: int  # where clicking the entry jumps
    first: int  # the first step the entry covers
    kind: StepKind
    text: str
    plays: str  # a trick's plays, "1: ♠A ♠A · 2: …"
    findings: int
    annotated: bool


def log_entries(replay: HandReplay, lang: str = "en", upto: int | None = None) -> list[LogEntry]:
    """The hand's events for the log; with ``upto``, only what happened by that step."""
    entries: list[LogEntry] = []
    notes = set(annotation_steps(replay))
    first_of_trick: int | None = None
    findings_in_trick = 0
    noted_in_trick = False
    for state in replay.states:
        if upto is not None and state.step > upto:
            break
        n_findings = len(state.findings)
        if state.kind is StepKind.PLAY:
            if first_of_trick is None:
                first_of_trick = state.step
                findings_in_trick, noted_in_trick = 0, False
            findings_in_trick += n_findings
            noted_in_trick = noted_in_trick or state.step in notes
            continue
        if state.kind is StepKind.TRICK:
            first = first_of_trick if first_of_trick is not None else state.step
            plays = _trick_text(state, lang)
            entries.append(
                LogEntry(
                    step=state.step,
                    first=first,
                    kind=state.kind,
                    text=step_label(lang, state, replay),
                    plays=plays,
                    findings=findings_in_trick + n_findings,
                    annotated=noted_in_trick or state.step in notes,
                )
            )
            first_of_trick = None
            continue
        entries.append(
            LogEntry(
                step=state.step,
                first=state.step,
                kind=state.kind,
                text=step_label(lang, state, replay),
                plays="",
                findings=n_findings,
                annotated=state.step in notes,
            )
        )
    if first_of_trick is not None and upto is not None:
        # a trick under way at ``upto``: show it as open
        state = replay.states[upto]
        plays = _trick_text(state, lang)
        entries.append(
            LogEntry(
                upto,
                first_of_trick,
                StepKind.PLAY,
                tr(lang, "log_trick_open", n=state.trick_number),
                plays,
                findings_in_trick,
                noted_in_trick,
            )
        )
    return entries


def _trick_text(state: State, lang: str) -> str:
    """The plays of the trick on the table: "1: ♠A ♠A · 2: 小王 ♠3"."""
    return " · ".join(f"{seat}: {say_cards_in(cards, lang)}" for seat, cards in state.trick)


def entry_at(entries: list[LogEntry], step: int) -> int | None:
    """The index of the log entry that covers ``step``."""
    for i, e in enumerate(entries):
        if e.first <= step <= e.step:
            return i
    return None


# ---------------------------------------------------------------------------- jumps


def finding_steps(findings: Sequence[Finding]) -> list[int]:
    """Steps that have a finding (a finding with no step belongs to the start)."""
    return sorted({f.step if f.step is not None else 0 for f in findings})


def trick_steps(replay: HandReplay) -> list[int]:
    """The steps at which a trick is complete."""
    return [s.step for s in replay.states if s.kind is StepKind.TRICK]


def notes_at(hand: Hand, state: State) -> list[tuple[Target, Annotation]]:
    """Every annotation shown at a step: the node's own, and at a lead or a finished
    trick the comments written before the trick's lead; at the start the deal's too."""
    found: list[tuple[Target, Annotation]] = []
    target = target_of(hand, state)
    if target is not None:
        found.append((target, annotation(hand, target)))
    if target is not None and target.kind == "play" and target.play == 0:
        trick_target = Target("trick", target.index)
        found.insert(0, (trick_target, annotation(hand, trick_target)))
    if state.kind is StepKind.START and hand.deal is not None:
        found.append((Target("deal"), annotation(hand, Target("deal"))))
    return [(t, a) for t, a in found if not a.empty]


def line_example(hand: Hand, target: Target) -> str:
    """The bid or play at ``target`` as written: the shape of an alternative to it.

    >>> from notation.psn import parse_hand
    >>> line_example(parse_hand("1. 1: SA 2: S3 S3 {x}"), Target("play", 0, 1))
    '2: S3 S3'
    """
    node = annotation_node(hand, target)
    return write_event(replace(node, variations=(), comments=(), nags=()))


def annotation_steps(replay: HandReplay) -> list[int]:
    """Steps with a comment, a mark or a variation."""
    return [s.step for s in replay.states if notes_at(replay.hand, s)]


def next_step(steps: list[int], current: int, forward: bool) -> int | None:
    """The next (or previous) step in ``steps`` after (before) ``current``.

    >>> next_step([3, 8, 12], 8, True), next_step([3, 8, 12], 8, False), next_step([3], 3, True)
    (12, 3, None)
    """
    if forward:
        return next((s for s in steps if s > current), None)
    return next((s for s in reversed(steps) if s < current), None)


@frozen
class StepButton:
    """A button that moves through the hand: its widget key, its label, the step it goes
    to (``None``: none from here, so it is disabled), its keyboard shortcut, and ``by``:
    if not 0, a click moves that many steps from wherever the hand is then (two quick
    presses of an arrow key make two steps, not one); its ``icon`` (:mod:`viewer.icons`)
    on the side it points to."""

    key: str
    label: str
    to: int | None
    shortcut: str | None = None
    by: int = 0
    icon: str | None = None
    icon_position: Literal["left", "right"] = "left"


def step_buttons(lang: str, replay: HandReplay, step: int) -> tuple[StepButton, ...]:
    """The buttons above the table, left to right: first, previous, next and last step,
    previous and next trick.

    >>> from notation.psn import parse_hand
    >>> from notation.replay import replay
    >>> rp = replay(parse_hand('[Trump "H 2"]\\n\\n1. 1: SA 2: S3 3: S4 4: S5\\n'))
    >>> [(b.key, b.to) for b in step_buttons("en", rp, 0)][:4]
    [('nav_first', None), ('nav_prev', None), ('nav_next', 1), ('nav_last', 6)]
    >>> step_buttons("en", rp, 0)[-1].label, step_buttons("en", rp, 0)[-1].icon
    ('Next trick', ':material/keyboard_double_arrow_right:')
    """
    last = len(replay.states) - 1
    tricks = trick_steps(replay)
    back, on = step > 0, step < last
    forward: Literal["left", "right"] = "right"
    return (
        StepButton("nav_first", tr(lang, "first"), 0 if back else None, "Home", 0, icons.FIRST),
        StepButton(
            "nav_prev", tr(lang, "prev"), step - 1 if back else None, "Left", -1, icons.PREV
        ),
        StepButton(
            "nav_next", tr(lang, "next"), step + 1 if on else None, "Right", 1, icons.NEXT, forward
        ),
        StepButton(
            "nav_last", tr(lang, "last"), last if on else None, "End", 0, icons.LAST, forward
        ),
        StepButton(
            "nav_prev_trick",
            tr(lang, "prev_trick"),
            next_step(tricks, step, False),
            "PageUp",
            0,
            icons.PREV_TRICK,
        ),
        StepButton(
            "nav_next_trick",
            tr(lang, "next_trick"),
            next_step(tricks, step, True),
            "PageDown",
            0,
            icons.NEXT_TRICK,
            forward,
        ),
    )


def jump_buttons(
    lang: str, replay: HandReplay, step: int, findings: Sequence[Finding], teaching: bool
) -> tuple[StepButton, ...]:
    """The buttons to the previous and next finding and annotation. A student is not
    told where the next finding is."""
    found, noted = finding_steps(findings), annotation_steps(replay)
    return tuple(
        StepButton(
            f"jump_{name}",
            tr(lang, name),
            None if teaching and name == "next_finding" else next_step(steps, step, forward),
        )
        for name, steps, forward in (
            ("prev_finding", found, False),
            ("next_finding", found, True),
            ("prev_note", noted, False),
            ("next_note", noted, True),
        )
    )


# ---------------------------------------------------------------------------- teaching


def question_at(replay: HandReplay, step: int, seat: int) -> PlayNode | None:
    """In teaching mode: the play ``seat`` makes next, if the next step is its play."""
    if step + 1 >= len(replay.states):
        return None
    nxt = replay.states[step + 1]
    if nxt.kind is StepKind.PLAY and isinstance(nxt.event, PlayNode) and nxt.event.seat == seat:
        return nxt.event
    return None


def same_cards(guess: list[str], play: PlayNode) -> bool:
    """True if the guessed tokens are the cards played, in any order."""
    return sorted(guess) == sorted(str(c) for c in play.cards)


# ---------------------------------------------------------------------------- charts


@frozen
class TrickPoints:
    """Points of one finished trick, for the charts."""

    trick: int
    step: int
    winner: int | None
    points: tuple[int, int]  # won in this trick by team 1&3, team 2&4
    defenders_total: int  # the defenders' points after this trick


def trick_points(replay: HandReplay, upto: int | None = None) -> list[TrickPoints]:
    """Each finished trick's points by team and the defenders' running total."""
    rows: list[TrickPoints] = []
    before = (0, 0)
    for state in replay.states:
        if upto is not None and state.step > upto:
            break
        if state.kind is not StepKind.TRICK:
            continue
        won = (state.points[0] - before[0], state.points[1] - before[1])
        rows.append(
            TrickPoints(state.trick_number, state.step, state.turn, won, state.defenders_points)
        )
        before = state.points
    return rows


def finding_markdown(f: Finding, lang: str) -> str:
    """A finding as the viewer's pages show it (Markdown): its title, code, severity and
    place, then the message, the clause it breaks and the penalty, in ``lang``."""
    icon = (
        icons.ERROR
        if f.is_error
        else (icons.WARNING if f.severity.value == "warning" else icons.INFO)
    )
    head = [f"{icon} **{finding_label(lang, f.code)}** ({f.code})"]
    head.append(severity_label(lang, f.severity.value))
    if f.trick is not None:
        head.append(tr(lang, "trick_n", n=f.trick))
    if f.seat is not None:
        head.append(seat_name(lang, f.seat))
    lines = [" · ".join(head), literal(f.message_in(lang))]
    if f.clause:  # a club's clause is its own text: shown as written too
        lines.append(f"*{tr(lang, 'clause')}*: {literal(clause_line(f.clause, lang))}")
    if f.penalty:
        lines.append(f"*{tr(lang, 'penalty')}*: {f.penalty_in(lang)}")
    return "  \n".join(lines)
