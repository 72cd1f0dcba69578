"""Adjudication reports and terminal drawings of a hand's state.

A report is what a tournament director prints after a dispute: the hand in brief, each
violation with the position at that moment (all four hands, the trick on the table),
the rule it breaks in the rule set's words, the penalty, and the result as recorded
against the result the rules give, with the levels after the penalties.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from notation.findings import Finding, clause_line
from notation.frozen import frozen
from notation.labels import label
from notation.match import LevelsAfter, levels_after
from notation.messages import (
    Message,
    clause_source,
    count,
    msg,
    outcome_words,
    say_cards_in,
    template,
)
from notation.psn.model import UNKNOWN, CardSlot
from notation.replay import HandReplay, State
from notation.rules.cards import RANKS, Card, Rank
from notation.rules.clauses import Clause, Rule
from notation.rules.order import Trump
from notation.rules.ruleset import Outcome, Ruleset, Side
from notation.rules.seats import SEATS
from notation.terminal import printable

__all__ = [
    "CARDS_CSS",
    "Report",
    "ReportedViolation",
    "build_report",
    "card_html",
    "cards_html",
    "levels_sentence",
    "render_html",
    "render_markdown",
    "render_terminal",
    "trump_text",
]


@frozen
class ReportedViolation:
    """A rule broken, as the report shows it: its finding and the state just before it."""

    finding: Finding
    before: State | None


@frozen
class Report:
    """Everything an adjudication report says about one hand."""

    title: str
    replay: HandReplay
    facts: tuple[tuple[str, str], ...]
    violations: tuple[ReportedViolation, ...]
    notes: tuple[Finding, ...]
    result_rows: tuple[tuple[str, str, str], ...]  # what (a label's key), recorded, by the rules
    levels_after: str | None  # in words: what the hand does to both teams' levels
    levels: LevelsAfter | None = None  # the same as values (``validate --json`` agrees)
    lang: str = "en"  # the language it is written in: en or zh


def _t(lang: str, key: str, **params: object) -> str:
    """The report's words ``key`` (notation.messages) in ``lang``."""
    return msg(key, **params).render(lang)  # type: ignore[arg-type]


def _outcome_text(outcome: Outcome | None, lang: str) -> str:
    if outcome is None:
        return "—"
    return outcome_words(outcome.winner.value, outcome.levels).render(lang)


def build_report(
    replay: HandReplay, findings: Sequence[Finding] | None = None, lang: str = "en"
) -> Report:
    """Gather what the report says from a replay (with its timeline), in ``lang``.

    ``findings`` replaces the replay's own when given: the validator adds what only the
    file shows (levels and dealer following from the hand before).
    """
    hand = replay.hand
    computed = replay.computed
    event = hand.header_in("Event", lang) or _t(lang, "report.event")
    title = _t(lang, "report.title", event=event, n=hand.header("Hand") or replay.number)
    names = {s: name for s in SEATS if (name := hand.header(f"Seat{s}"))}
    rules = replay.rules
    levels_before = (
        _t(lang, "report.levels", a=computed.levels[0].value, b=computed.levels[1].value)
        if computed.levels
        else "—"
    )
    named = rules.title
    rule_set = _t(lang, "report.rule-set-name", name=rules.name, en=named.en, zh=named.zh)
    assumed = replay.rules_assumed()
    if assumed is not None:  # judged under a rule set the record does not name: say why
        rule_set = _t(lang, "report.rule-set-assumed", rules=rule_set, why=assumed)
    players = template("sep.comma", lang).join(
        _t(lang, "report.player", seat=s, name=n) for s, n in names.items()
    )
    facts = [
        (_t(lang, "report.rule-set"), rule_set),
        (_t(lang, "report.players"), players or "—"),
        (
            _t(lang, "report.dealer"),
            _t(lang, "report.seat", seat=computed.dealer) if computed.dealer else "—",
        ),
        (_t(lang, "report.levels-before"), levels_before),
        (_t(lang, "report.trump"), trump_text(computed.trump, lang) if computed.trump else "—"),
        (_t(lang, "report.tricks"), str(len(hand.tricks))),
    ]
    violations = []
    notes = []
    for f in replay.findings if findings is None else findings:
        if f.is_error:
            step = f.step or 0
            at_play = f.trick is not None and 0 < step <= len(replay.states)
            violations.append(ReportedViolation(f, replay.states[step - 1] if at_play else None))
        else:
            notes.append(f)
    recorded = hand.result
    rows: list[tuple[str, str, str]] = []

    def row(what: str, mine: object, theirs: object) -> None:
        rows.append(
            (what, "—" if mine is None else str(mine), "—" if theirs is None else str(theirs))
        )

    row("result_points", recorded.points if recorded else None, computed.points)
    row(
        "result_kitty_points",
        recorded.kitty_points if recorded else None,
        computed.kitty_points,
    )
    row(
        "result_multiplier",
        recorded.multiplier if recorded else None,
        computed.multiplier,
    )
    if recorded and recorded.side is not None:
        recorded_outcome = outcome_words(recorded.side.value, recorded.levels or 0).render(lang)
    else:
        recorded_outcome = None
    row("result_level", recorded_outcome, _outcome_text(computed.outcome, lang))
    row("result_next_dealer", recorded.next_dealer if recorded else None, computed.next_dealer)
    levels = levels_after(replay)
    sentence = levels_sentence(rules, levels, lang) if levels else None
    return Report(
        title,
        replay,
        tuple(facts),
        tuple(violations),
        tuple(notes),
        tuple(rows),
        sentence,
        levels,
        lang,
    )


def trump_text(trump: Trump, lang: str = "en") -> str:
    """The trump as players write it: ``♠2``, ``NT 10 (无主)`` (in Chinese ``无主 10``)."""
    if trump.suit is None:
        return _t(lang, "report.trump-nt", rank=trump.rank.value)
    return f"{trump.suit.symbol}{trump.rank.value}"


def _steps(low: Rank, high: Rank) -> int:
    """Levels from ``low`` up to ``high`` (past A they wrap to 2)."""
    return (RANKS.index(high) - RANKS.index(low)) % len(RANKS)


def _misplay_words(f: Finding, lang: str) -> str:
    what = "report.not-held" if f.code == "not-held" else "report.revoke"
    if f.trick is None:
        return _t(lang, what, seat=f.seat)
    return _t(lang, what + "-in", seat=f.seat, trick=f.trick)


def levels_sentence(rules: Ruleset, levels: LevelsAfter, lang: str = "en") -> str:
    """What a hand does to both teams' levels, in sentences a player reads: the
    level-table result, then each misplay penalty with its cause and its effect.

    ``Team 1&3 stays at 5; team 2&4 takes over the deal and goes up 1 level to 4, then
    drops 1 level to 3 for seat 2's revoke in trick 8 (misplay penalty, 000§2 五, 七).
    Next dealer: seat 2.``
    """
    parts = []
    for index, name in enumerate(("report.team13", "report.team24")):
        text = _t(lang, "report.team", team=msg(name), result=_level_result(rules, levels, index))
        drop = levels.drops[index]
        if drop:
            reached, final = levels.played.levels[index], levels.after.levels[index]
            cause = template("sep.and", lang).join(
                _misplay_words(f, lang) for f in levels.misplays[index]
            )
            source = clause_source(rules.clause(Rule.MISPLAY))
            penalty = _t(lang, "report.penalty", cause=cause, ref=source)
            fell = _steps(final, reached)
            which = "drops" if fell == drop else "would-drop" if fell == 0 else "drops-stops"
            n = count(drop, "levels")
            text += _t(lang, f"report.{which}", n=n, final=final.value, penalty=penalty)
        parts.append(text)
    sentence = template("sep.semicolon", lang).join(parts)
    dealer = _t(lang, "report.next-dealer", seat=levels.after.next_dealer)
    return f"{sentence[0].upper()}{sentence[1:]}{dealer}"


def _level_result(rules: Ruleset, levels: LevelsAfter, index: int) -> Message:
    """What the level table's result does to team ``index + 1``: ``goes up 2 levels to 7``."""
    before, reached = levels.before[index], levels.played.levels[index]
    up = _steps(before, reached)
    if levels.winner != index + 1:
        return msg("report.stays", level=before.value)
    if levels.outcome.winner is Side.DEFENDERS:
        if up:
            text = msg("report.takes-over-up", n=count(up, "levels"), level=reached.value)
        else:
            text = msg("report.takes-over", level=reached.value)
    elif up:
        text = msg("report.goes-up", n=count(up, "levels"), level=reached.value)
    else:
        text = msg("report.stays", level=reached.value)
    if levels.played.winner == index + 1:
        return msg("report.wins-match", text=text)
    if up < levels.outcome.levels and reached in rules.match.must_play:
        return msg("report.must-play", text=text, level=reached.value)
    return text


# --- Markdown ---------------------------------------------------------------------------


def _is_trump(card: CardSlot, trump: Trump | None) -> bool:
    return trump is not None and isinstance(card, Card) and trump.is_trump(card)


def _cards(cards: Sequence[CardSlot], trump: Trump | None, lang: str = "en") -> str:
    """Cards as symbols, the trumps first and in bold: ``**BJ ♠2** ♥K ♥9``."""
    names = [(say_cards_in((c,), lang), _is_trump(c, trump)) for c in cards]
    trumps = " ".join(name for name, is_trump in names if is_trump)
    others = " ".join(name for name, is_trump in names if not is_trump)
    return " ".join(part for part in (f"**{trumps}**" if trumps else "", others) if part) or "—"


def render_markdown(report: Report) -> str:
    """The report as Markdown, in the report's language."""
    lang = report.lang
    out = [_t(lang, "report.heading", title=report.title), ""]
    out += [_t(lang, "report.fact-md", what=k, value=v) for k, v in report.facts]
    out += ["", _t(lang, "report.violations-md", n=len(report.violations)), ""]
    if not report.violations:
        out.append(label(lang, "hand_no_findings"))
    for i, v in enumerate(report.violations, start=1):
        f = v.finding
        out += [
            _t(lang, "report.violation-md", i=i, code=f.code, where=_where(f, lang)),
            "",
            f.message_in(lang),
            "",
        ]
        if f.clause:
            out += [_t(lang, "report.rule-md", **_clause(f.clause, lang)), ""]
        penalty = f.penalty_in(lang)
        if penalty:
            out += [_t(lang, "report.penalty-md", penalty=penalty), ""]
        if v.before is not None:
            out += [_t(lang, "report.position-md"), "", *_position_md(v.before, lang), ""]
    if report.notes:
        out += [_t(lang, "report.notes-md"), ""]
        out += [
            _t(lang, "report.note-md", code=n.code, where=n.where(lang), message=n.message_in(lang))
            for n in report.notes
        ]
        out.append("")
    out += [_t(lang, "report.result-md"), "", _t(lang, "report.result-head-md"), "|---|---|---|"]
    out += [
        f"| {label(report.lang, what)} | {rec} | {rules} |"
        for what, rec, rules in report.result_rows
    ]
    if report.levels_after:
        out += ["", _t(lang, "report.levels-after-md", levels=report.levels_after)]
    return "\n".join(out) + "\n"


def _clause(clause: Clause, lang: str) -> dict[str, str]:
    """A clause as the report cites it: the rule document by its title, the place and the
    quoted clause (clause_line)."""
    return {"text": clause_line(clause, lang)}


def _where(f: Finding, lang: str) -> str:
    """``hand 1, trick 3, seat 2, line 9, column 5``."""
    return _t(lang, "report.where", where=f.where(lang), line=f.line, column=f.column)


def _position_md(state: State, lang: str) -> list[str]:
    rows = [_t(lang, "report.position-head-md"), "|---|---|"]
    rows += [f"| {s} | {_cards(state.hand(s), state.trump, lang)} |" for s in SEATS]
    if state.trick:
        table = "; ".join(
            f"{seat}: {_cards(cards, state.trump, lang)}" for seat, cards in state.trick
        )
        rows += ["", _t(lang, "report.table", n=state.trick_number, table=table)]
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


def card_html(card: CardSlot, trump: Trump | None, lang: str = "en") -> str:
    """A card as a small framed ``<span>``: red suits red, a trump shaded and bold."""
    if not isinstance(card, Card):
        return '<span class="card">??</span>'
    cls = "card" + (" red" if card.is_red else "") + (" trump" if _is_trump(card, trump) else "")
    return f'<span class="{cls}">{html.escape(say_cards_in((card,), lang))}</span>'


def cards_html(cards: Sequence[CardSlot], trump: Trump | None, lang: str = "en") -> str:
    """Cards, the trumps first and marked (shaded)."""
    ordered = sorted(cards, key=lambda c: not _is_trump(c, trump))  # stable: order kept
    return "".join(card_html(c, trump, lang) for c in ordered) or "—"


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page (inline CSS, nothing fetched), in the
    report's language."""
    e = html.escape
    lang = report.lang

    def t(key: str, **params: object) -> str:
        return e(_t(lang, key, **params))

    colon = template("sep.colon", lang)
    out = [
        "<!doctype html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{e(report.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{t('report.heading-html', title=report.title)}</h1><ul>",
    ]
    out += [f"<li><b>{e(k)}</b>{colon}{e(v)}</li>" for k, v in report.facts]
    out += ["</ul>", f"<h2>{t('report.violations-html', n=len(report.violations))}</h2>"]
    if not report.violations:
        out.append(f"<p>{e(label(lang, 'hand_no_findings'))}</p>")
    for i, v in enumerate(report.violations, start=1):
        f = v.finding
        out.append(
            f'<h3>{i}. <span class="code">{e(f.code)}</span>{colon}{e(_where(f, lang))}</h3>'
            f"<p>{e(f.message_in(lang))}</p>"
        )
        if f.clause:
            cited = _clause(f.clause, lang)
            out.append(
                f'<p class="rule"><b>{t("report.rule-html")}</b>{colon}{e(cited["text"])}</p>'
            )
        penalty = f.penalty_in(lang)
        if penalty:
            out.append(f"<p><b>{t('report.penalty-html')}</b>{colon}{e(penalty)}</p>")
        if v.before is not None:
            s = v.before
            out.append(
                f"<p>{_t(lang, 'report.position-html')}</p>"
                f"<table><tr>{_t(lang, 'report.position-head-html')}</tr>"
            )
            out += [
                f"<tr><td>{seat}</td><td>{cards_html(s.hand(seat), s.trump, lang)}</td></tr>"
                for seat in SEATS
            ]
            out.append("</table>")
            if s.trick:
                table = " ; ".join(
                    f"{seat}: {cards_html(cards, s.trump, lang)}" for seat, cards in s.trick
                )
                out.append(f"<p>{_t(lang, 'report.table', n=s.trick_number, table=table)}</p>")
    if report.notes:
        out.append(f"<h2>{t('report.notes-html')}</h2><ul>")
        out += [
            f'<li><span class="code">{e(n.code)}</span> '
            f"{t('report.note-where', where=n.where(lang))}{colon}{e(n.message_in(lang))}</li>"
            for n in report.notes
        ]
        out.append("</ul>")
    out.append(
        f"<h2>{t('report.result-html')}</h2><table><tr>{_t(lang, 'report.result-head-html')}</tr>"
    )
    out += [
        f"<tr><td>{e(label(report.lang, a))}</td><td>{e(b)}</td><td>{e(c)}</td></tr>"
        for a, b, c in report.result_rows
    ]
    out.append("</table>")
    if report.levels_after:
        out.append(f"<p><b>{t('report.levels-after-html')}</b>{colon}{e(report.levels_after)}</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# --- the terminal -----------------------------------------------------------------------

_RED = "\033[31m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


def _card_term(card: CardSlot, colour: bool, trump: object, lang: str = "en") -> str:
    if card is UNKNOWN or not isinstance(card, Card):
        return "??"
    text = say_cards_in((card,), lang)
    if not colour:
        return text
    red = card.is_red
    is_trump = getattr(trump, "is_trump", None)
    bold = _BOLD if is_trump is not None and is_trump(card) else ""
    return f"{bold}{_RED if red else ''}{text}{_RESET}" if (bold or red) else text


def render_terminal(
    replay: HandReplay, step: int, *, colour: bool = False, lang: str = "en"
) -> str:
    """The state at ``step`` as text: the four hands, the trick, trump, points, turn; the
    findings' messages in ``lang`` (the drawing itself is in English)."""
    states = replay.states
    state = states[max(0, min(step, len(states) - 1))]
    hand = replay.hand

    def cards(seq: Sequence[CardSlot]) -> str:
        return " ".join(_card_term(c, colour, state.trump, lang) for c in seq) or "—"

    label = state.label if lang == "en" else ""  # the step's own words are English
    lines = [
        _t(lang, "show.step", step=state.step, last=len(states) - 1, label=label).rstrip(),
        _t(
            lang,
            "show.state",
            trump=trump_text(state.trump, lang) if state.trump else "—",
            dealer=state.dealer or "—",
            a=state.points[0],
            b=state.points[1],
            defenders=state.defenders_points,
        ),
    ]
    for seat in SEATS:
        name = printable(hand.header(f"Seat{seat}") or "")  # a record's words, never obeyed
        turn = _t(lang, "show.to-play") if state.turn == seat else ""
        lines.append(f"  {seat} {name:10} {cards(state.hand(seat))}{turn}")
    if state.trick:
        table = "   ".join(f"{seat}: {cards(c)}" for seat, c in state.trick)
        winning = _t(lang, "show.winning", seat=state.winning) if state.winning else ""
        lines.append(_t(lang, "show.trick", n=state.trick_number, table=table) + winning)
    if state.kitty is not None:
        lines.append(_t(lang, "show.kitty", cards=cards(state.kitty)))
    for f in state.findings:
        lines.append(f"  ! {f.code}: {printable(f.message_in(lang))}")
    return "\n".join(lines) + "\n"
