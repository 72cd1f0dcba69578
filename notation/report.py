"""Adjudication reports and terminal drawings of a hand's state.

A report is what a tournament director prints after a dispute: the hand in brief, each
violation with the position at that moment (all four hands, the trick on the table),
the rule it breaks in the rule set's words, the penalty, and the result as recorded
against the result the rules give, with the levels after the penalties.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from notation.findings import Finding
from notation.psn.model import UNKNOWN, CardSlot
from notation.replay import HandReplay, State
from notation.rules.cards import RANKS, Card, Rank
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import Outcome, Ruleset, Side
from notation.rules.seats import SEATS
from notation.validate import LevelsAfter, levels_after

__all__ = [
    "CARDS_CSS",
    "Report",
    "build_report",
    "card_html",
    "cards_html",
    "levels_sentence",
    "render_html",
    "render_markdown",
    "render_terminal",
    "trump_text",
]


@dataclass(frozen=True, slots=True)
class Violation:
    """One finding of the report with the state just before it."""

    finding: Finding
    before: State | None


@dataclass(frozen=True, slots=True)
class Report:
    """Everything an adjudication report says about one hand."""

    title: str
    replay: HandReplay
    facts: tuple[tuple[str, str], ...]
    violations: tuple[Violation, ...]
    notes: tuple[Finding, ...]
    result_rows: tuple[tuple[str, str, str], ...]  # what, recorded, by the rules
    levels_after: str | None  # in words: what the hand does to both teams' levels
    levels: LevelsAfter | None = None  # the same as values (``validate --json`` agrees)


def _outcome_text(outcome: Outcome | None) -> str:
    return "—" if outcome is None else str(outcome)


def build_report(replay: HandReplay, findings: Sequence[Finding] | None = None) -> Report:
    """Gather what the report says from a replay (with its timeline).

    ``findings`` replaces the replay's own when given: the validator adds what only the
    file shows (levels and dealer following from the hand before).
    """
    hand = replay.hand
    computed = replay.computed
    event = hand.header("Event") or "Shengji hand"
    title = f"{event}, hand {hand.header('Hand') or replay.number}"
    names = {s: hand.header(f"Seat{s}") or f"seat {s}" for s in SEATS}
    rules = replay.rules
    levels_before = (
        f"team 1&3 {computed.levels[0].value}, team 2&4 {computed.levels[1].value}"
        if computed.levels
        else "—"
    )
    facts = [
        ("Rule set", f"{rules.name}: {rules.title.en} ({rules.title.zh})"),
        ("Players", ", ".join(f"{s} {names[s]}" for s in SEATS)),
        ("Dealer", f"seat {computed.dealer}" if computed.dealer else "—"),
        ("Levels before", levels_before),
        ("Trump", trump_text(computed.trump) if computed.trump else "—"),
        ("Tricks", str(len(hand.tricks))),
    ]
    violations = []
    notes = []
    for f in replay.findings if findings is None else findings:
        if f.is_error:
            step = f.step or 0
            at_play = f.trick is not None and 0 < step <= len(replay.states)
            violations.append(Violation(f, replay.states[step - 1] if at_play else None))
        else:
            notes.append(f)
    recorded = hand.result
    rows: list[tuple[str, str, str]] = []

    def row(what: str, mine: object, theirs: object) -> None:
        rows.append(
            (what, "—" if mine is None else str(mine), "—" if theirs is None else str(theirs))
        )

    row("Defenders' points", recorded.points if recorded else None, computed.points)
    row("Kitty points", recorded.kitty_points if recorded else None, computed.kitty_points)
    row("Kitty multiplier", recorded.multiplier if recorded else None, computed.multiplier)
    if recorded and recorded.side is not None:
        recorded_outcome = f"{recorded.side.value} +{recorded.levels or 0}"
    else:
        recorded_outcome = None
    row("Level change", recorded_outcome, _outcome_text(computed.outcome))
    row("Next dealer", recorded.next_dealer if recorded else None, computed.next_dealer)
    levels = levels_after(replay)
    sentence = levels_sentence(rules, levels) if levels else None
    return Report(
        title,
        replay,
        tuple(facts),
        tuple(violations),
        tuple(notes),
        tuple(rows),
        sentence,
        levels,
    )


def trump_text(trump: Trump) -> str:
    """The trump as players write it: ``♠2``, ``NT 10`` (no-trump, 无主)."""
    if trump.suit is None:
        return f"NT {trump.rank.value} (无主)"
    return f"{trump.suit.symbol}{trump.rank.value}"


def _steps(low: Rank, high: Rank) -> int:
    """Levels from ``low`` up to ``high`` (past A they wrap to 2)."""
    return (RANKS.index(high) - RANKS.index(low)) % len(RANKS)


def _n_levels(n: int) -> str:
    return f"{n} level" if n == 1 else f"{n} levels"


def _misplay_words(f: Finding) -> str:
    what = "play of a card not held" if f.code == "not-held" else "revoke"
    trick = f" in trick {f.trick}" if f.trick is not None else ""
    return f"seat {f.seat}'s {what}{trick}"


def levels_sentence(rules: Ruleset, levels: LevelsAfter) -> str:
    """What a hand does to both teams' levels, in sentences a player reads: the
    level-table result, then each misplay penalty with its cause and its effect.

    ``Team 1&3 stays at 5; team 2&4 takes over the deal and goes up 1 level to 4, then
    drops 1 level to 3 for seat 2's revoke in trick 8 (misplay penalty, 000§2 五, 七).
    Next dealer: seat 2.``
    """
    parts = []
    for index, name in enumerate(("team 1&3", "team 2&4")):
        text = f"{name} {_level_result(rules, levels, index)}"
        drop = levels.drops[index]
        if drop:
            reached, final = levels.played.levels[index], levels.after.levels[index]
            cause = " and ".join(_misplay_words(f) for f in levels.misplays[index])
            penalty = f"for {cause} (misplay penalty, {rules.clause(Rule.MISPLAY).source('en')})"
            fell = _steps(final, reached)
            if fell == drop:
                text += f", then drops {_n_levels(drop)} to {final.value} {penalty}"
            elif fell == 0:
                text += (
                    f", then would drop {_n_levels(drop)} {penalty}, but {final.value} is "
                    f"the lowest level: it stays at {final.value}"
                )
            else:
                text += (
                    f", then drops {_n_levels(drop)} {penalty}, stopping at {final.value}, "
                    "the lowest level"
                )
        parts.append(text)
    sentence = "; ".join(parts)
    return f"{sentence[0].upper()}{sentence[1:]}. Next dealer: seat {levels.after.next_dealer}."


def _level_result(rules: Ruleset, levels: LevelsAfter, index: int) -> str:
    """What the level table's result does to team ``index + 1``: ``goes up 2 levels to 7``."""
    before, reached = levels.before[index], levels.played.levels[index]
    up = _steps(before, reached)
    if levels.winner != index + 1:
        return f"stays at {before.value}"
    if levels.outcome.winner is Side.DEFENDERS:
        text = "takes over the deal (上台)"
        text += f" and goes up {_n_levels(up)} to {reached.value}" if up else f" at {reached.value}"
    elif up:
        text = f"goes up {_n_levels(up)} to {reached.value}"
    else:
        text = f"stays at {reached.value}"
    if levels.played.winner == index + 1:
        return text + ", and wins the match"
    if up < levels.outcome.levels and reached in rules.match.must_play:
        text += f" (level {reached.value} must be played: 逢{reached.value}必打)"
    return text


# --- Markdown ---------------------------------------------------------------------------


def _is_trump(card: CardSlot, trump: Trump | None) -> bool:
    return trump is not None and isinstance(card, Card) and trump.is_trump(card)


def _cards(cards: Sequence[CardSlot], trump: Trump | None) -> str:
    """Cards as symbols, the trumps first and in bold: ``**BJ ♠2** ♥K ♥9``."""
    names = [(c.symbol if isinstance(c, Card) else "??", _is_trump(c, trump)) for c in cards]
    trumps = " ".join(name for name, is_trump in names if is_trump)
    others = " ".join(name for name, is_trump in names if not is_trump)
    return " ".join(part for part in (f"**{trumps}**" if trumps else "", others) if part) or "—"


def render_markdown(report: Report) -> str:
    """The report as Markdown."""
    out = [f"# Adjudication report: {report.title}", ""]
    out += [f"- **{k}**: {v}" for k, v in report.facts]
    out += ["", f"## Violations ({len(report.violations)})", ""]
    if not report.violations:
        out.append("No rule was broken in this hand.")
    for i, v in enumerate(report.violations, start=1):
        f = v.finding
        out += [
            f"### {i}. `{f.code}`: {f.where()}, line {f.line}, column {f.column}",
            "",
            f.message,
            "",
        ]
        if f.clause:
            out += [f"> **Rule**: {f.clause.cite('en')}", ""]
        if f.penalty:
            out += [f"**Penalty**: {f.penalty}", ""]
        if v.before is not None:
            out += [
                "Position before the play (trumps in **bold**):",
                "",
                *_position_md(v.before),
                "",
            ]
    if report.notes:
        out += ["## Notes", ""]
        out += [f"- `{n.code}` ({n.where()}): {n.message}" for n in report.notes]
        out.append("")
    out += ["## Result", "", "| | recorded | by the rules |", "|---|---|---|"]
    out += [f"| {what} | {rec} | {rules} |" for what, rec, rules in report.result_rows]
    if report.levels_after:
        out += ["", f"**Levels after the hand**: {report.levels_after}"]
    return "\n".join(out) + "\n"


def _position_md(state: State) -> list[str]:
    rows = ["| seat | cards held |", "|---|---|"]
    rows += [f"| {s} | {_cards(state.hand(s), state.trump)} |" for s in SEATS]
    if state.trick:
        table = "; ".join(f"{seat}: {_cards(cards, state.trump)}" for seat, cards in state.trick)
        rows += ["", f"On the table (trick {state.trick_number}): {table}"]
    return rows


# --- HTML -------------------------------------------------------------------------------

# How cards look on a page (card_html): shared with the handout (notation.handout).
CARDS_CSS = """.card{display:inline-block;border:1px solid #999;border-radius:3px;padding:0 .2rem;
margin:1px;background:#fff;font-family:monospace}
.red{color:#c00}.trump{background:#fde9a8;border-color:#b8860b;font-weight:bold}
"""
_CSS = f"""
body{{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:60rem;margin:2rem auto;
line-height:1.45;color:#222}}
h1{{font-size:1.5rem}}h2{{border-bottom:1px solid #ccc;margin-top:2rem}}
table{{border-collapse:collapse;margin:.5rem 0}}td,th{{border:1px solid #bbb;padding:.2rem .5rem}}
{CARDS_CSS}.rule{{border-left:4px solid #888;padding-left:.8rem;color:#333}}
.code{{font-family:monospace;background:#eee;padding:0 .2rem}}
@media print{{body{{margin:0}}}}
"""


def card_html(card: CardSlot, trump: Trump | None) -> str:
    """A card as a small framed ``<span>``: red suits red, a trump shaded and bold."""
    if not isinstance(card, Card):
        return '<span class="card">??</span>'
    red = card.suit.is_red if card.suit is not None else card.rank.value == "BJ"
    cls = "card" + (" red" if red else "") + (" trump" if _is_trump(card, trump) else "")
    return f'<span class="{cls}">{html.escape(card.symbol)}</span>'


def cards_html(cards: Sequence[CardSlot], trump: Trump | None) -> str:
    """Cards, the trumps first and marked (shaded)."""
    ordered = sorted(cards, key=lambda c: not _is_trump(c, trump))  # stable: order kept
    return "".join(card_html(c, trump) for c in ordered) or "—"


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page (inline CSS, nothing fetched)."""
    e = html.escape
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(report.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>Adjudication report: {e(report.title)}</h1><ul>",
    ]
    out += [f"<li><b>{e(k)}</b>: {e(v)}</li>" for k, v in report.facts]
    out += ["</ul>", f"<h2>Violations ({len(report.violations)})</h2>"]
    if not report.violations:
        out.append("<p>No rule was broken in this hand.</p>")
    for i, v in enumerate(report.violations, start=1):
        f = v.finding
        out.append(
            f'<h3>{i}. <span class="code">{e(f.code)}</span>: {e(f.where())}, '
            f"line {f.line}, column {f.column}</h3><p>{e(f.message)}</p>"
        )
        if f.clause:
            out.append(f'<p class="rule"><b>Rule</b>: {e(f.clause.cite("en"))}</p>')
        if f.penalty:
            out.append(f"<p><b>Penalty</b>: {e(f.penalty)}</p>")
        if v.before is not None:
            s = v.before
            out.append(
                '<p>Position before the play (trumps <span class="card trump">shaded</span>):'
                "</p><table><tr><th>seat</th><th>cards held</th></tr>"
            )
            out += [
                f"<tr><td>{seat}</td><td>{cards_html(s.hand(seat), s.trump)}</td></tr>"
                for seat in SEATS
            ]
            out.append("</table>")
            if s.trick:
                table = " ; ".join(
                    f"{seat}: {cards_html(cards, s.trump)}" for seat, cards in s.trick
                )
                out.append(f"<p>On the table (trick {s.trick_number}): {table}</p>")
    if report.notes:
        out.append("<h2>Notes</h2><ul>")
        out += [
            f'<li><span class="code">{e(n.code)}</span> ({e(n.where())}): {e(n.message)}</li>'
            for n in report.notes
        ]
        out.append("</ul>")
    out.append("<h2>Result</h2><table><tr><th></th><th>recorded</th><th>by the rules</th></tr>")
    out += [
        f"<tr><td>{e(a)}</td><td>{e(b)}</td><td>{e(c)}</td></tr>" for a, b, c in report.result_rows
    ]
    out.append("</table>")
    if report.levels_after:
        out.append(f"<p><b>Levels after the hand</b>: {e(report.levels_after)}</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# --- the terminal -----------------------------------------------------------------------

_RED = "\033[31m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


def _card_term(card: CardSlot, colour: bool, trump: object) -> str:
    if card is UNKNOWN or not isinstance(card, Card):
        return "??"
    text = card.symbol
    if not colour:
        return text
    red = card.suit.is_red if card.suit is not None else card.rank.value == "BJ"
    is_trump = getattr(trump, "is_trump", None)
    bold = _BOLD if is_trump is not None and is_trump(card) else ""
    return f"{bold}{_RED if red else ''}{text}{_RESET}" if (bold or red) else text


def render_terminal(replay: HandReplay, step: int, *, colour: bool = False) -> str:
    """The state at ``step`` as text: the four hands, the trick, trump, points, turn."""
    states = replay.states
    state = states[max(0, min(step, len(states) - 1))]
    hand = replay.hand

    def cards(seq: Sequence[CardSlot]) -> str:
        return " ".join(_card_term(c, colour, state.trump) for c in seq) or "—"

    lines = [
        f"step {state.step}/{len(states) - 1}: {state.label}",
        f"trump {trump_text(state.trump) if state.trump else '—'}   dealer {state.dealer or '—'}   "
        f"points: team 1&3 {state.points[0]}, team 2&4 {state.points[1]}   "
        f"defenders {state.defenders_points}",
    ]
    for seat in SEATS:
        name = hand.header(f"Seat{seat}") or ""
        turn = "  ← to play" if state.turn == seat else ""
        lines.append(f"  {seat} {name:10} {cards(state.hand(seat))}{turn}")
    if state.trick:
        table = "   ".join(f"{seat}: {cards(c)}" for seat, c in state.trick)
        winning = f"   (winning: {state.winning})" if state.winning else ""
        lines.append(f"  trick {state.trick_number}: {table}{winning}")
    if state.kitty is not None:
        lines.append(f"  kitty: {cards(state.kitty)}")
    for f in state.findings:
        lines.append(f"  ! {f.code}: {f.message}")
    return "\n".join(lines) + "\n"
