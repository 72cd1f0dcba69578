"""A printable handout of one hand: what a coach gives students, laid out for A4.

The deal as a diagram (each hand by suit, trumps first), the bidding and the kitty, the
tricks in a compact table (who led, who won, the points, the defenders' running total),
the annotations (comments, glyphs, variations), the analysis an engine wrote into the
comments (``[%eval]``, ``[%best]``, ``[%loss]`` and any other ``[%cmd]``), the graphs as
inline SVG, the findings and the result. One self-contained HTML page: nothing fetched,
no script; a browser prints it (``@page`` A4) with a page break before the tricks and
before the annotations, in black and white as well as in colour. On a phone (a handout
shared in a chat) it reflows: the deal's four hands one under another, a wide table
scrolled within its own width, nothing past the screen's edge.

The page is XHTML-clean (every element closed, attributes quoted), so an XML parser
reads it as well as a browser does.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence

from notation.analysis.annotate import is_engine_comment
from notation.analysis.annotations import (
    HandAnalysis,
    PlayNote,
    choice_words,
    comment_words,
    line_moves,
    read_analysis,
    verdict_words,
)
from notation.charts import TrickRow, defenders_svg, trick_rows, tricks_svg
from notation.findings import Finding
from notation.frozen import frozen
from notation.labels import glyph_name, label
from notation.messages import outcome_words, say_card, say_cards_in
from notation.psn.model import (
    GLYPH_OF,
    LANG_COMMAND,
    BidNode,
    CardSlot,
    Command,
    Comment,
    Event,
    Fallback,
    Hand,
    KittyExchange,
    PlayNode,
    Variation,
)
from notation.replay import HandReplay
from notation.report import CARDS_CSS, build_report, card_html, levels_sentence
from notation.rules.cards import Card, parse_card
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import Outcome
from notation.rules.seats import SEATS, Seat, same_team

__all__ = ["Note", "handout_html", "notes", "trump_words"]

_CSS = """
@page{size:A4;margin:14mm 13mm 15mm}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{font-family:"DejaVu Sans","Noto Sans CJK SC","Noto Sans SC",system-ui,sans-serif;
font-size:10pt;line-height:1.35;color:#111;max-width:184mm;margin:1.5rem auto}
h1{font-size:16pt;margin:0 0 .2rem}
h2{font-size:12.5pt;border-bottom:1.5px solid #333;margin:1rem 0 .4rem;break-after:avoid}
h3{font-size:10.5pt;margin:.6rem 0 .2rem;break-after:avoid}
p{margin:.3rem 0}
table{border-collapse:collapse;margin:.3rem 0}
td,th{border:1px solid #999;padding:1px 5px;vertical-align:top;text-align:left}
th{background:#eee}
thead{display:table-header-group}
tr{break-inside:avoid}
section{break-inside:avoid}
section.page{break-before:page;break-inside:auto}
.sub{color:#444;margin-bottom:.4rem}
.facts th{width:9.5em}
.compass td{border:none;padding:3px;vertical-align:middle}
.hand{border:1px solid #777;border-radius:3px;padding:3px 6px;min-width:52mm}
.hand .who{font-weight:bold;border-bottom:1px solid #bbb;margin-bottom:2px}
.suit{white-space:nowrap}
.suit .s{display:inline-block;min-width:1.5em;font-weight:bold}
.centre{text-align:center;font-size:9pt}
.tricks{width:100%}
.tricks td,.tricks th{font-size:8.6pt;white-space:nowrap;padding:1px 3px}
.tricks .card{padding:0 1px;margin:0 1px 0 0}
.tricks td.lead{border-left:3px solid #111}
.tricks td.num,.tricks td.pts{text-align:right}
.glyph{font-weight:bold}
sup.ref{font-size:7pt;font-weight:bold}
.failed s{color:#555}
.notes{padding-left:1.6rem}
.notes li{break-inside:avoid;margin-bottom:.35rem}
.notes .where{font-weight:bold}
.line{font-family:"DejaVu Sans Mono",monospace;font-size:8.8pt}
figure{break-inside:avoid;margin:.3rem 0 .6rem}
figcaption{font-weight:bold;font-size:10pt}
svg.chart{max-width:170mm;display:block}
.code{font-family:monospace;background:#eee;padding:0 .2rem}
@media print{body{margin:0;max-width:none}}
@media screen and (max-width:640px){
body{margin:.6rem;font-size:11pt}
.compass,.compass tbody,.compass tr,.compass td{display:block;width:auto}
.compass td:empty{display:none}
.compass td.centre{text-align:left;padding:4px 0}
.hand{min-width:0}
.suit{white-space:normal}
table:not(.compass){display:block;max-width:100%;overflow-x:auto}
}
"""


# --- words ------------------------------------------------------------------------------


_TOKEN = re.compile(r"\b(?:[SHCD](?:10|[2-9JQKA])|BJ|LJ)\b")


def _symbolised(text: str, lang: str) -> str:
    """Card tokens in a command's text as players write them, in ``lang``: ``1: SK BJ``
    → ``1: ♠K 大王``."""
    return _TOKEN.sub(lambda m: say_card(parse_card(m[0]), lang), text)


def trump_words(trump: Trump | None, lang: str = "en") -> str:
    """The trump as players say it: ``♠2``, ``NT 2`` (``无主 2``), or not known."""
    if trump is None:
        return label(lang, "unknown")
    if trump.suit is None:
        return f"{label(lang, 'nt')} {trump.rank.value}"
    return trump.symbol


def _glyphs(nags: Sequence[int]) -> tuple[str, ...]:
    return tuple(GLYPH_OF.get(n, f"${n}") for n in nags)


def _names(hand: Hand) -> dict[Seat, str]:
    return {s: hand.header(f"Seat{s}") or "" for s in SEATS}


# --- annotations ------------------------------------------------------------------------


# Commands of the other comments shown in columns of their own (another program's, or a
# person's, evaluation); the rest are shown as read.
ANALYSIS_COMMANDS = ("eval", "best", "loss")


@frozen
class Note:
    """One annotated moment of the record: where it is, what was played, what was said."""

    number: int
    where: str
    event: str  # the bid or play with suit symbols ("" for the hand, the deal, the result)
    glyphs: tuple[str, ...]
    remarks: tuple[str, ...]  # the comments' words, their [%commands] taken out
    commands: tuple[Command, ...]
    variations: tuple[str, ...]  # each alternative line, written out
    node: object  # the record's node the note belongs to

    def command(self, name: str, lang: str = "en") -> str:
        """The arguments of the ``[%name ...]`` commands, card tokens with symbols (the
        jokers named in ``lang``)."""
        return " ".join(_symbolised(c.args, lang) for c in self.commands if c.name == name)


def _play_words(play: PlayNode, lang: str) -> str:
    if play.attempted is not None:
        return f"{say_cards_in(play.attempted, lang)} → {say_cards_in(play.cards, lang)}"
    return say_cards_in(play.cards, lang)


def _event_words(event: Event, lang: str) -> str:
    """A bid, fallback or bury in words; a trick as its plays."""
    if isinstance(event, BidNode):
        return f"{event.seat} {label(lang, event.kind.value)}: {say_cards_in(event.cards, lang)}"
    if isinstance(event, Fallback):
        return f"{label(lang, 'fallback')}: {say_cards_in(event.cards, lang)}"
    if isinstance(event, KittyExchange):
        return f"{event.seat} {label(lang, 'bury')}: {say_cards_in(event.buried, lang)}"
    plays = []
    for play in event.plays:
        text = f"{play.seat}: {_play_words(play, lang)}{''.join(_glyphs(play.nags))}"
        plays.append(_with_aside(text, play.comments, play.variations, lang))
    return _with_aside(f"{event.number}. " + " ".join(plays), (), (), lang)


def _with_aside(
    text: str, comments: Sequence[Comment], variations: Sequence[Variation], lang: str
) -> str:
    """An event inside a line, with its comments in braces and its own lines in brackets."""
    for c in comments:
        if c.remark:
            text += f" {{{c.remark_in(lang)}}}"
    for v in variations:
        text += f" ({line_words(v, lang)})"
    return text


def line_words(variation: Variation, lang: str = "en") -> str:
    """An alternative line written out with suit symbols, its comments and sub-lines."""
    head = " ".join(f"{{{c.remark_in(lang)}}}" for c in variation.comments if c.remark)
    body = " ".join(_event_words(e, lang) for e in variation.events)
    return f"{head} {body}".strip()


def _annotated(
    hand: Hand, lang: str
) -> Iterator[tuple[str, str, object, tuple[int, ...], Sequence[Comment], Sequence[Variation]]]:
    """Every node of the record that can hold annotations, in the order of the record:
    (where, what was played, the node, glyphs, comments, variations)."""
    yield label(lang, "before_hand"), "", hand, (), hand.comments, ()
    if hand.deal is not None:
        yield label(lang, "at_deal"), "", hand.deal, (), hand.deal.comments, ()
    for event in hand.auction:
        cards = event.buried if isinstance(event, KittyExchange) else event.cards
        where, what = _auction_where(event, lang), say_cards_in(cards, lang)
        yield where, what, event, event.nags, event.comments, event.variations
    for trick in hand.tricks:
        yield label(lang, "at_trick", n=trick.number), "", trick, (), trick.comments, ()
        for play in trick.plays:
            where = label(lang, "at_play", n=trick.number, seat=play.seat)
            yield where, _play_words(play, lang), play, play.nags, play.comments, play.variations
    if hand.result is not None:
        yield label(lang, "at_result"), "", hand.result, (), hand.result.comments, ()


def _auction_where(event: BidNode | Fallback | KittyExchange, lang: str) -> str:
    """Where an event of the auction is, in words: a seat's bid, the fallback, the bury."""
    if isinstance(event, BidNode):
        return label(lang, "at_bid", seat=event.seat, what=label(lang, event.kind.value))
    if isinstance(event, Fallback):
        return label(lang, "at_fallback")
    return label(lang, "at_bury", seat=event.seat)


def notes(hand: Hand, lang: str = "en") -> list[Note]:
    """The record's annotations, numbered in the order of the record; each comment in
    ``lang`` (the analysis's summary said again in it, its words and commands on a play
    left to the analysis table)."""
    found: list[Note] = []
    analysis = read_analysis(hand)
    for where, what, node, nags, comments, variations in _annotated(hand, lang):
        said = tuple(w for c in comments if (w := comment_words(c, lang, analysis)))
        commands = tuple(
            cmd
            for c in comments
            if not is_engine_comment(c)  # the engine's are the analysis table's
            for cmd in c.commands
            if cmd.name != LANG_COMMAND
        )
        lines = tuple(line_words(v, lang) for v in variations)
        if not (nags or said or commands or lines):
            continue  # nothing to read (an engine's judgement of a fine play, say)
        found.append(Note(len(found) + 1, where, what, _glyphs(nags), said, commands, lines, node))
    return found


# --- the page ---------------------------------------------------------------------------


def _e(text: object) -> str:
    return html.escape(str(text))


def _ref(note: Note | None) -> str:
    """A note's glyphs and its number, after the cards it is about."""
    if note is None:
        return ""
    glyphs = " ".join(note.glyphs)
    mark = f'<span class="glyph">{_e(glyphs)}</span>' if glyphs else ""
    return f'{mark}<sup class="ref">[{note.number}]</sup>'


def _cards(cards: Sequence[CardSlot], trump: Trump | None, lang: str) -> str:
    return "".join(card_html(c, trump, lang) for c in cards) or "—"


def _facts(replay: HandReplay, lang: str) -> list[str]:
    hand, computed, rules = replay.hand, replay.computed, replay.rules
    names = _names(hand)
    rows: list[tuple[str, str]] = []
    title = rules.title.zh if lang == "zh" else rules.title.en
    rows.append((label(lang, "rules"), f"{title} ({rules.name})"))
    players = " · ".join(f"{label(lang, 'seat_n', n=s)} {names[s]}".strip() for s in SEATS)
    rows.append((label(lang, "players"), players))
    if computed.levels:
        levels = (
            f"{label(lang, 'team13')} {computed.levels[0].value} · "
            f"{label(lang, 'team24')} {computed.levels[1].value}"
        )
        rows.append((label(lang, "levels"), levels))
    if computed.dealer is not None:
        dealer = f"{label(lang, 'seat_n', n=computed.dealer)} {names[computed.dealer]}"
        rows.append((label(lang, "dealer"), dealer.strip()))
    rows.append((label(lang, "trump"), trump_words(computed.trump, lang)))
    result = []
    if computed.points is not None:
        result.append(f"{label(lang, 'defenders')} {computed.points} {label(lang, 'points')}")
    if computed.outcome is not None:
        outcome = computed.outcome
        result.append(outcome_words(outcome.winner.value, outcome.levels).render(lang))
    if computed.next_dealer is not None:
        result.append(f"{label(lang, 'result_next_dealer')}: {computed.next_dealer}")
    if result:
        rows.append((label(lang, "result"), " · ".join(result)))
    out = ['<table class="facts">']
    out += [f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows]
    out.append("</table>")
    return out


def _suit_lines(cards: Sequence[CardSlot], trump: Trump | None, lang: str) -> list[str]:
    """A hand as a bridge diagram writes it: one line per suit, the trumps first (each
    trump with its suit, since trumps mix suits), then the side suits by rank."""
    known = [c for c in cards if isinstance(c, Card)]
    unknown = len(cards) - len(known)
    lines: list[str] = []
    groups: dict[str, list[Card]] = {}
    for card in trump.sorted(known) if trump else sorted(known, reverse=True):
        if trump is not None:
            key = str(trump.effective_suit(card))
        else:
            key = card.suit.value if card.suit is not None else TRUMP
        groups.setdefault(key, []).append(card)
    for key in (TRUMP, "S", "H", "C", "D"):
        group = groups.get(key)
        if not group:
            continue
        if key == TRUMP:
            head = _e(label(lang, "trump") if trump is not None else "★")
            body = "".join(card_html(c, trump, lang) for c in group)
        else:
            red = ' class="red"' if key in ("H", "D") else ""
            head = f"<span{red}>{_e(group[0].symbol[0])}</span>"
            body = f"<span{red}>{_e(' '.join(c.rank.value for c in group))}</span>"
        lines.append(f'<div class="suit"><span class="s">{head}</span>{body}</div>')
    if unknown:
        lines.append(f'<div class="suit">{_e(label(lang, "unknown_cards", n=unknown))}</div>')
    return lines


def _deal(replay: HandReplay, lang: str, by_node: dict[int, Note]) -> list[str]:
    start = replay.states[0]
    trump = replay.computed.trump
    names = _names(replay.hand)
    dealer = replay.computed.dealer

    def seat_box(seat: Seat) -> str:
        who = f"{label(lang, 'seat_n', n=seat)} {names[seat]}".strip()
        if seat == dealer:
            who += f" · {label(lang, 'dealer')}"
        lines = "".join(_suit_lines(start.hand(seat), trump, lang))
        return f'<div class="hand"><div class="who">{_e(who)}</div>{lines}</div>'

    centre = [f"{_e(label(lang, 'trump'))}: <b>{_e(trump_words(trump, lang))}</b>"]
    if start.kitty is not None:
        centre.append(f"{_e(label(lang, 'kitty_dealt'))}:<br/>{_cards(start.kitty, trump, lang)}")
    deal_note = by_node.get(id(replay.hand.deal)) if replay.hand.deal is not None else None
    out = [f"<section><h2>{_e(label(lang, 'deal'))}{_ref(deal_note)}</h2>"]
    out.append('<table class="compass">')
    out.append(f"<tr><td></td><td>{seat_box(3)}</td><td></td></tr>")
    out.append(
        f'<tr><td>{seat_box(4)}</td><td class="centre">{"<br/>".join(centre)}</td>'
        f"<td>{seat_box(2)}</td></tr>"
    )
    out.append(f"<tr><td></td><td>{seat_box(1)}</td><td></td></tr>")
    out.append("</table></section>")
    return out


def _bidding(replay: HandReplay, lang: str, by_node: dict[int, Note]) -> list[str]:
    hand = replay.hand
    trump = replay.computed.trump
    names = _names(hand)
    out = [f"<section><h2>{_e(label(lang, 'bidding'))}</h2>"]
    if not hand.auction:
        out.append(f"<p>{_e(label(lang, 'no_bids'))}</p>")
    else:
        head = "".join(f"<th>{_e(label(lang, k))}</th>" for k in ("who", "what", "cards", "draw"))
        out.append(f"<table><thead><tr>{head}</tr></thead>")
        for event in hand.auction:
            draw = ""
            if isinstance(event, BidNode):
                who, what, cards = event.seat, label(lang, event.kind.value), event.cards
                draw = "" if event.draw is None else str(event.draw)
            elif isinstance(event, Fallback):
                who, what, cards = None, label(lang, "fallback"), event.cards
            else:
                who, what, cards = event.seat, label(lang, "bury"), event.buried
            seat = "" if who is None else f"{who} {names[who]}".strip()
            out.append(
                f"<tr><td>{_e(seat)}</td><td>{_e(what)}</td>"
                f"<td>{_cards(cards, trump, lang)}{_ref(by_node.get(id(event)))}</td>"
                f"<td>{_e(draw)}</td></tr>"
            )
        out.append("</table>")
    out.append(f"<p>{_e(label(lang, 'trump'))}: <b>{_e(trump_words(trump, lang))}</b></p>")
    out.append("</section>")
    return out


def _play_cell(
    play: PlayNode, trump: Trump | None, lead: bool, note: Note | None, lang: str
) -> str:
    cls, mark = (' class="lead"', "▸") if lead else ("", "")
    if play.attempted is not None:
        body = (
            f'<span class="failed"><s>{_e(say_cards_in(play.attempted, lang))}</s> → '
            f"{_cards(play.cards, trump, lang)}</span>"
        )
    else:
        body = _cards(play.cards, trump, lang)
    return f"<td{cls}>{mark}{body}{_ref(note)}</td>"


def _tricks(
    replay: HandReplay, rows: list[TrickRow], lang: str, by_node: dict[int, Note]
) -> list[str]:
    trump = replay.computed.trump
    names = _names(replay.hand)
    out = [f'<section class="page"><h2>{_e(label(lang, "tricks"))}</h2>']
    heads = [label(lang, "trick")]
    heads += [f"{s} {names[s]}".strip() for s in SEATS]
    heads += [
        label(lang, "won_by_column"),
        label(lang, "trick_points"),
        label(lang, "defenders_total"),
    ]
    out.append(
        '<table class="tricks"><thead><tr>'
        + "".join(f"<th>{_e(h)}</th>" for h in heads)
        + "</tr></thead>"
    )
    for row in rows:
        trick = row.trick
        cells = {p.seat: p for p in trick.plays}
        trick_note = by_node.get(id(trick))
        parts = [f'<td class="num">{row.number}{_ref(trick_note)}</td>']
        for seat in SEATS:
            play = cells.get(seat)
            if play is None:
                parts.append("<td></td>")
            else:
                lead = play is trick.plays[0]
                parts.append(_play_cell(play, trump, lead, by_node.get(id(play)), lang))
        winner = "" if row.winner is None else f"{row.winner} {names[row.winner]}".strip()
        parts.append(f"<td>{_e(winner)}</td>")
        parts.append(f'<td class="pts">{row.points or ""}</td>')
        parts.append(f'<td class="pts">{row.defenders_total}</td>')
        out.append(f"<tr>{''.join(parts)}</tr>")
    out.append("</table>")
    out.append(
        f'<p class="sub">▸ {_e(label(lang, "leads"))} · '
        f'<span class="card trump">{_e(label(lang, "trump"))}</span> · '
        f"<s>♠A ♠K</s> → {_e(label(lang, 'failed_throw'))} · "
        f'<sup class="ref">[n]</sup> {_e(label(lang, "annotations"))}</p>'
    )
    out.append("</section>")
    return out


def _graphs(replay: HandReplay, lang: str) -> list[str]:
    return [
        f"<section><h2>{_e(label(lang, 'graphs'))}</h2>",
        f"<figure><figcaption>{_e(label(lang, 'chart_defenders'))}</figcaption>",
        defenders_svg(replay, lang),
        "</figure>",
        f"<figure><figcaption>{_e(label(lang, 'chart_tricks'))}</figcaption>",
        tricks_svg(replay, lang),
        "</figure></section>",
    ]


def _notes(found: list[Note], lang: str) -> list[str]:
    out = [f'<section class="page"><h2>{_e(label(lang, "annotations"))}</h2>']
    if not found:
        out.append(f"<p>{_e(label(lang, 'hand_no_annotations'))}</p>")
    else:
        out.append('<ol class="notes">')
        for note in found:
            head = f'<span class="where">{_e(note.where)}</span>'
            if note.event:
                head += f" {_e(note.event)}"
            if note.glyphs:
                meanings = ", ".join(glyph_name(lang, g) for g in note.glyphs)
                head += f' <span class="glyph">{_e(" ".join(note.glyphs))}</span> ({_e(meanings)})'
            body = [f"<p>{_e(r)}</p>" for r in note.remarks]
            body += [
                f'<p class="line">{_e(label(lang, "instead"))}: {_e(v)}</p>'
                for v in note.variations
            ]
            out.append(f'<li value="{note.number}">{head}{"".join(body)}</li>')
        out.append("</ol>")
    return out  # the analysis follows in the section


def _analysis(replay: HandReplay, found: list[Note], lang: str) -> list[str]:
    """The engine's judgement (how it ran; one row per play below fine: its class, value,
    the better play, the loss, the best line), then the ``[%...]`` commands of the other
    comments (a clock, another engine's values) as read."""
    out: list[str] = []
    analysis = read_analysis(replay.hand)
    if analysis is not None:
        out.append(f"<h3>{_e(label(lang, 'analysis_heading'))}</h3>")
        said = [analysis.engine.words(lang)] if analysis.engine is not None else []
        said += [label(lang, "an_stopped")] if analysis.stopped else []
        if said:
            out.append(f'<p class="sub">{_e(" ".join(said))}</p>')
        out += _choices(replay, analysis, lang)
        if analysis.plays:  # no play judged: nothing to say of the plays
            out += _judged(replay, analysis.mistakes(), found, lang)
    rows = [n for n in found if n.commands]
    if not rows:
        return out
    heading = "commands_heading" if analysis is not None else "analysis_heading"
    keys = ("where", "play", "mark", *ANALYSIS_COMMANDS, "other")
    out.append(f"<h3>{_e(label(lang, heading))}</h3><table><thead><tr>")
    out += [f"<th>{_e(label(lang, k))}</th>" for k in keys]
    out.append("</tr></thead>")
    for note in rows:
        other = " ".join(
            _symbolised(str(c), lang) for c in note.commands if c.name not in ANALYSIS_COMMANDS
        )
        cells = [f"[{note.number}] {note.where}", note.event, " ".join(note.glyphs)]
        cells += [note.command(name, lang) for name in ANALYSIS_COMMANDS]
        cells.append(other)
        out.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    out.append("</table>")
    return out


def _choices(replay: HandReplay, analysis: HandAnalysis, lang: str) -> list[str]:
    """The choices before the play the engine judged (the declaration, the bury), each
    named and said in sentences; then the hand's key moments, the costliest first."""
    out: list[str] = []
    dealer = replay.computed.dealer
    if analysis.choices:
        out.append("<ul>")
    for choice in analysis.choices:
        where = _auction_where(replay.hand.auction[choice.index], lang)
        defender = dealer is not None and not same_team(choice.seat, dealer)
        said = " ".join(choice_words(choice, defender, lang))
        head = f"{where} {say_cards_in(choice.cards, lang)} · {verdict_words(choice.verdict, lang)}"
        out.append(f"<li><b>{_e(head)}</b> {_e(said)}</li>")
    if analysis.choices:
        out.append("</ul>")
    if analysis.moments:
        out.append(f"<p><b>{_e(label(lang, 'an_moments'))}</b></p><ol>")
        out += [f"<li>{_e(m.message().render(lang))}</li>" for m in analysis.moments]
        out.append("</ol>")
    return out


def _judged(
    replay: HandReplay, judged: Sequence[PlayNote], found: list[Note], lang: str
) -> list[str]:
    """The plays the engine classed below fine, one row each, in ``lang``."""
    if not judged:
        return [f"<p>{_e(label(lang, 'an_no_mistakes'))}</p>"]
    hand, dealer = replay.hand, replay.computed.dealer
    number = {id(n.node): n.number for n in found}
    keys = ("where", "play", "mark", "eval", "an_better", "loss", "an_best_line")
    out = ["<table><thead><tr>"]
    out += [f"<th>{_e(label(lang, k))}</th>" for k in keys]
    out.append("</tr></thead>")
    for note in judged:
        trick = hand.tricks[note.trick]
        where = label(lang, "at_play", n=trick.number, seat=note.seat)
        ref = number.get(id(trick.plays[note.play]))
        better = ""
        if note.best is not None:
            defender = dealer is not None and not same_team(note.seat, dealer)
            seat, cards = note.best
            value = note.best_value(defender)
            better = f"{seat}: {say_cards_in(cards, lang)}"
            better += f" → {value:g}" if value is not None else ""
        cells = [
            f"[{ref}] {where}" if ref is not None else where,
            say_cards_in(note.cards, lang),
            verdict_words(note.verdict, lang),
            str(note.value),
            better,
            str(note.loss) if note.loss is not None else "",
            line_moves(note.line, lang) if note.line is not None else "",
        ]
        out.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    out.append("</table>")
    return out


def _findings_and_result(
    replay: HandReplay, findings: Sequence[Finding] | None, lang: str
) -> list[str]:
    report = build_report(replay, findings)
    out = [f"<section><h2>{_e(label(lang, 'findings'))}</h2>"]
    listed = [v.finding for v in report.violations] + list(report.notes)
    if not report.violations:
        out.append(f"<p>{_e(label(lang, 'hand_no_findings'))}</p>")
    if listed:
        out.append("<ul>")
        for f in listed:
            where = [label(lang, "trick_n", n=f.trick)] if f.trick is not None else []
            where += [label(lang, "seat_n", n=f.seat)] if f.seat is not None else []
            place = f" ({', '.join(where)})" if where else ""
            message = _e(f.message_in(lang))
            out.append(f'<li><span class="code">{_e(f.code)}</span>{_e(place)}: {message}</li>')
        out.append("</ul>")
    out.append("</section>")
    out.append(f"<section><h2>{_e(label(lang, 'result'))}</h2><table><thead><tr><th></th>")
    out.append(f"<th>{_e(label(lang, 'recorded'))}</th><th>{_e(label(lang, 'by_rules'))}</th>")
    out.append("</tr></thead>")
    for what, recorded, computed in report.result_rows:
        if what == "result_level":
            recorded, computed = _outcome_text(recorded, lang), _outcome_text(computed, lang)
        cells = "".join(f"<td>{_e(v)}</td>" for v in (recorded, computed))
        out.append(f"<tr><th>{_e(label(lang, what))}</th>{cells}</tr>")
    out.append("</table>")
    levels = report.levels
    if levels is not None:
        if lang == "en":
            words = levels_sentence(replay.rules, levels)
        else:
            after = levels.after
            words = (
                f"{label(lang, 'team13')} {after.levels[0].value} · "
                f"{label(lang, 'team24')} {after.levels[1].value} · "
                f"{label(lang, 'result_next_dealer')}: {label(lang, 'seat_n', n=after.next_dealer)}"
            )
        out.append(f"<p><b>{_e(label(lang, 'levels_after'))}</b>: {_e(words)}</p>")
    out.append("</section>")
    return out


def _outcome_text(text: str, lang: str) -> str:
    """``dealer +1`` as the report writes it, in ``lang``'s words."""
    try:
        outcome = Outcome.parse(text)
        return outcome_words(outcome.winner.value, outcome.levels).render(lang)
    except ValueError:
        return text


def handout_html(
    replay: HandReplay, findings: Sequence[Finding] | None = None, lang: str = "en"
) -> str:
    """The handout of a replayed hand as one self-contained HTML page for A4 paper.

    ``findings`` replaces the replay's own when given (the validator's, which add what
    only the file shows: levels and dealer following from the hand before)."""
    hand = replay.hand
    event = hand.header_in("Event", lang) or "Shengji"
    number = hand.header("Hand") or str(replay.number)
    title = f"{event} · {label(lang, 'hand_n', n=number)}"
    sub = " · ".join(v for v in (hand.header_in("Site", lang), hand.header("Date")) if v)
    found = notes(hand, lang)
    by_node = {id(n.node): n for n in found}
    rows = trick_rows(replay)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{"zh-Hans" if lang == "zh" else "en"}"><head><meta charset="utf-8"/>',
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}{CARDS_CSS}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
    ]
    if sub:
        out.append(f'<p class="sub">{_e(sub)}</p>')
    out += _facts(replay, lang)
    out += _deal(replay, lang, by_node)
    out += _bidding(replay, lang, by_node)
    out += _tricks(replay, rows, lang, by_node)
    out += _graphs(replay, lang)
    out += _notes(found, lang)
    out += _analysis(replay, found, lang)
    out.append("</section>")
    out += _findings_and_result(replay, findings, lang)
    out.append("</body></html>")
    return "\n".join(out) + "\n"
