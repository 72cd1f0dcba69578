"""Cards and the table as HTML: suit symbols, red and black, trumps marked, team colours.

Pure functions from view-model values to strings; the panels pass them to ``st.html``.
A card here is a face on the table (rank over suit, a joker's name down its corner);
the report and the handout write a card inline, as words (:func:`notation.report.card_html`).

>>> from notation.rules.cards import Card
>>> 'class="card red' in face_html(Card.parse("H10"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import field
from html import escape
from typing import Final

from notation.frozen import frozen
from notation.messages import card_face
from notation.psn import UNKNOWN, CardSlot
from notation.replay import StepKind
from notation.rules.cards import Card, Slots
from notation.rules.order import Trump
from viewer.charts import TEAM_COLOURS
from viewer.i18n import card_name, tr
from viewer.view import SeatView, TableView

__all__ = [
    "CSS",
    "PAGE_CSS",
    "Playable",
    "TrayItem",
    "backs_html",
    "confirm_html",
    "face_html",
    "faces_html",
    "info_html",
    "notices_html",
    "streamlit_css",
    "table_html",
    "tray_html",
    "value_text",
]

CSS = """
<style>
.sj-table{display:grid;grid-template-columns:1fr 1.4fr 1fr;grid-template-rows:auto auto auto;
  gap:8px;background:#1d6b3a;border-radius:14px;padding:12px;color:#fff;font-family:sans-serif}
.sj-seat{background:rgba(0,0,0,.18);border-radius:10px;padding:6px 8px;border:3px solid transparent}
.sj-seat.turn{border-color:#ffd54f}
.sj-seat .name{background:#fff;border-radius:6px;padding:1px 6px;font-weight:600;font-size:13px;
  margin-bottom:4px}
.sj-seat .name small{white-space:nowrap}
.sj-seat .tag{display:inline-block;border-radius:6px;padding:0 5px;margin-left:4px;font-size:11px;
  background:#ffd54f;color:#222}
.sj-seat .tag.flag{background:#e53935;color:#fff}
.sj-top{grid-column:1/4;grid-row:1;justify-self:center;max-width:96%}
.sj-left{grid-column:1;grid-row:2}
.sj-right{grid-column:3;grid-row:2}
.sj-bottom{grid-column:1/4;grid-row:3;justify-self:center;max-width:96%}
.sj-seat .sj-cards{padding-left:13px}
.sj-seat .sj-cards .card{margin-left:-13px;align-items:flex-start;padding-left:2px}
.sj-seat.playing .sj-cards{padding-left:0}
.sj-seat.playing .sj-cards .card{margin-left:0;margin-bottom:10px}
/* the centre as tall as a side seat's 25 cards: the table keeps its height all hand long */
.sj-centre{grid-column:2;grid-row:2;display:grid;grid-template-columns:1fr 1fr 1fr;
  grid-template-rows:auto auto auto;align-items:center;justify-items:center;min-height:228px;
  background:rgba(255,255,255,.06);border-radius:10px;padding:6px}
.sj-centre .p-top{grid-column:1/4;grid-row:1}.sj-centre .p-left{grid-column:1;grid-row:2}
.sj-centre .p-right{grid-column:3;grid-row:2}.sj-centre .p-bottom{grid-column:1/4;grid-row:3}
.sj-played .sj-cards{justify-content:center}
.sj-played .card{width:26px;height:38px;font-size:13px}
.sj-centre .mid{grid-column:2;grid-row:2;font-size:12px;text-align:center;opacity:.9}
.sj-played{padding:3px;border-radius:8px}
.sj-played.win{box-shadow:0 0 0 3px #ffd54f}
.sj-cards{display:flex;flex-wrap:wrap;gap:2px}
/* every card positioned: a later card is drawn over an earlier one, a lifted (best) one
   included, so that no card's rank is hidden by its neighbour's */
.sj-cards .card{position:relative}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
  width:30px;height:44px;background:#fff;border-radius:5px;border:1px solid #999;
  font-weight:700;font-size:14px;line-height:1.05;color:#111;box-shadow:1px 1px 2px rgba(0,0,0,.3)}
.card.red{color:#d32f2f}
.card.trump{background:#fff6d5;border-color:#d4a017;border-width:2px}
.card.back{background:repeating-linear-gradient(45deg,#2b4c9b,#2b4c9b 4px,#3d62b8 4px,#3d62b8 8px);
  border-color:#fff}
.card.unknown{background:#ddd;color:#666}
.card.best{outline:3px solid #00c853;outline-offset:1px;transform:translateY(-4px)}
.card .s{font-size:15px}
.card.joker{font-size:12px;line-height:1.1}
/* chips of one height, three rows kept: the page below does not move as they change */
.sj-info{display:flex;flex-wrap:wrap;gap:3px 5px;margin:0 0 6px 0;font-family:sans-serif;
  font-size:12.5px;min-height:86px;align-content:flex-start}
.sj-info .box{border:1px solid #ccc;border-radius:8px;padding:0 6px;display:flex;
  align-items:center;gap:4px;height:27px;box-sizing:border-box;white-space:nowrap;max-width:100%}
/* a chip wider than a phone's screen (the points, with penalties and the kitty) wraps */
.sj-info .box:has(.t1){height:auto;min-height:27px;flex-wrap:wrap;white-space:normal}
.sj-info .box .t1,.sj-info .box .t2{white-space:nowrap}
.sj-info .sj-cards{padding-left:6px}
.sj-info .card{width:21px;height:28px;font-size:11px;margin-left:-6px;align-items:flex-start;
  padding-left:1px}
.sj-info .card .s{font-size:11px}
.sj-info .t1{color:#1f6fb5;font-weight:600}.sj-info .t2{color:#c0392b;font-weight:600}
.sj-info .box:has(.assumed){background:#fff3cd;border-color:#e0a800;color:#5c4500}
/* a phone: the seats one under another, the cards closer, the trick between */
@media (max-width:640px){
  .sj-table{grid-template-columns:minmax(0,1fr);gap:5px;padding:6px}
  .sj-top,.sj-left,.sj-right,.sj-bottom,.sj-centre{grid-column:1;max-width:100%}
  .sj-top{grid-row:1}.sj-left{grid-row:2}.sj-centre{grid-row:3;min-height:0}
  .sj-right{grid-row:4}.sj-bottom{grid-row:5}
  .sj-seat{padding:3px 5px}
  .sj-seat .sj-cards{flex-wrap:nowrap}
  .sj-seat .sj-cards .card{margin-left:-15px;width:26px;height:40px;flex:none}
  .sj-seat.playing .sj-cards{flex-wrap:wrap}
  .sj-seat.playing .sj-cards .card{margin-left:0}
  /* the chips wrap, none past the screen's edge (the points chip, penalties and all) */
  .sj-info{min-height:0;font-size:12px;padding-bottom:2px}
}
</style>
"""


# The viewer's page, compact enough that the title, the step controls and the whole table
# fit one screen (1400 x 1000): less space above the title, a smaller title.
PAGE_CSS = """
<style>
.stMainBlockContainer{padding-top:3.3rem;padding-bottom:2rem}
header[data-testid="stHeader"]{background:transparent;height:2.8rem}
.stMainBlockContainer h1{font-size:1.2rem;padding:0.1rem 0 0 0;line-height:1.3}
/* a step button's key is said once, in the caption under the buttons (its badge would
   leave the label and its icon no room) */
[class*="st-key-nav_"] button kbd{display:none}
.st-key-nav_row button{min-height:2.1rem;padding:0.2rem 0.5rem}
@media (max-width:640px){
  .stMainBlockContainer{padding-top:2.8rem;padding-left:0.6rem;padding-right:0.6rem}
  .st-key-nav_row kbd{display:none}
  .st-key-nav_row .stElementContainer{flex:1 1 30% !important;min-width:0 !important}
}
</style>
"""


# Streamlit's own words on the page, where its API cannot set them: the CSS of the Chinese
# page hides the English (font-size 0) and draws the page's words in its place (::after),
# at the size Streamlit draws them. Each: (selector, i18n key, size).
_UPLOADER = '[data-testid="stFileUploaderDropzone"]'
_HINT = '[data-testid="InputInstructions"] > span:first-child'
_FORM, _TEXT_AREA = '[data-testid="stForm"]', '[data-testid="stTextArea"]'
_ITEM = '[data-testid="stMainMenuItem-{}"]'
_VERSION = '[data-testid="stMainMenuPopover"] div:has(> .stMenuVersionCopyButton) > span'
_TIP, _ERROR_TIP = '[data-testid="stTooltipContent"]', '[data-testid="stTooltipErrorContent"]'
_STATUS, _OFFLINE = '[data-testid="stStatusWidget"]', '[data-testid="stConnectionStatus"]'
_COPY = '[data-testid="stCode"] [aria-label="{}"]'
_NUMBER = '[data-testid="stNumberInput"]'


def _hovered(target: str, tooltip: str) -> str:
    """The tooltip Streamlit draws (one at a time, apart from the page) while ``target`` is
    hovered."""
    return f"body:has({target}:hover) {tooltip}"


# while the page has lost its server, Streamlit shows its connection status (and a dialog)
_GONE = f'body:has({_OFFLINE}) [role="dialog"]'

_STREAMLIT_WORDS: Final = (
    # the file uploader: its button, the line under it, what it says while a file is
    # dragged over it, and why a file was refused (too big, not a record) when pointed at
    (f'{_UPLOADER} [data-testid="stBaseButton-secondary"] p', "st_upload", "0.875rem"),
    ('[data-testid="stFileUploaderDropzoneInstructions"] span', "st_upload_limit", "0.875rem"),
    (f"{_UPLOADER} > div:not([data-testid]) > span", "st_upload_drop", "0.875rem"),
    ('[data-testid="stFileChip"] [role="alert"]', "st_upload_refused", "0.75rem"),
    (_hovered('[data-testid="stFileChip"]', _ERROR_TIP), "st_upload_refused", "0.875rem"),
    # what a text field says while one types in it (in a form: it submits the form)
    (_HINT, "st_press_enter", "0.75rem"),
    (f"{_FORM} {_HINT}", "st_press_enter_form", "0.75rem"),
    (f"{_TEXT_AREA} {_HINT}", "st_press_ctrl_enter", "0.75rem"),
    (f"{_FORM} {_TEXT_AREA} {_HINT}", "st_press_ctrl_enter_form", "0.75rem"),
    # a number out of its field's range: the screen reader's alert, the icon's tooltip
    (f'{_NUMBER} [role="alert"]', "st_number_range", "0.75rem"),
    (
        _hovered(f"{_NUMBER} .stTooltipErrorHoverTarget", f"{_ERROR_TIP} p"),
        "st_number_range",
        "0.875rem",
    ),
    # a choice list filtered down to nothing
    ('[role="listbox"] [role="option"]:not([data-key]) > span', "st_no_results", "0.875rem"),
    # the copy button of a code block (a record's PSN, an error's caret), when pointed at
    (_hovered(_COPY.format("Copy to clipboard"), f"{_TIP} p"), "st_copy", "0.875rem"),
    (_hovered(_COPY.format("Copied"), f"{_TIP} p"), "st_copied", "0.875rem"),
    # the link a keyboard user meets first
    ('[data-testid="stSkipToContent"]', "st_skip", "1rem"),
    # the main menu (⋮): the themes, print, Streamlit's version
    (_ITEM.format("theme-System"), "st_theme_system", "0.875rem"),
    (_ITEM.format("theme-Light"), "st_theme_light", "0.875rem"),
    (_ITEM.format("theme-Dark"), "st_theme_dark", "0.875rem"),
    (f'{_ITEM.format("print")} [data-testid="stMainMenuItemLabel"]', "st_print", "0.875rem"),
    (_VERSION, "st_made_with", "0.75rem"),
    # a long run (an analysis): the button that stops it
    (f"{_STATUS} button", "st_stop", "0.875rem"),
    (f"{_STATUS} button:disabled", "st_stopping", "0.875rem"),
    # the server gone (``shengji view`` stopped): the status, its tooltip, the dialog
    (f"{_OFFLINE} label", "st_offline", "0.875rem"),
    (_hovered(_OFFLINE, _TIP), "st_offline_tip", "0.875rem"),
    (f"{_GONE} h2", "st_offline_title", "1.5rem"),
    (f"{_GONE} h2 + div", "st_offline_text", "1rem"),
)

# Tooltips drawn from an attribute by CSS (plotly's mode bar: ``content: attr(data-title)``):
# the button Streamlit adds to a chart's mode bar is not in plotly's dictionary.
_STREAMLIT_TOOLTIPS: Final = (
    ('.js-plotly-plot .plotly .modebar-btn[data-title="Fullscreen"]::after', "st_fullscreen"),
    (
        '.js-plotly-plot .plotly .modebar-btn[data-title="Close fullscreen"]::after',
        "st_close_fullscreen",
    ),
)

# What has only English words and is no loss to the Chinese page: a heading's link to
# itself ("Link to heading"), the button that copies Streamlit's version, the menu's
# "Record screen" (its dialogs are Streamlit's English, and so is the video's page), the
# lines under the connection dialog's text (a command to restart "yourscript.py"), the
# "Error" an error's tooltip starts with (its message is replaced above).
_STREAMLIT_HIDDEN: Final = (
    'a[aria-label="Link to heading"]',
    ".stMenuVersionCopyButton",
    _ITEM.format("recordScreencast"),
    f"{_GONE} h2 + div > *",
    f"{_ERROR_TIP} p strong",
)


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\A ") + '"'


def streamlit_css(lang: str, *, upload_mb: int, upload_types: Sequence[str], version: str) -> str:
    """The CSS that puts Streamlit's own words (the uploader, a text field's hint, the
    main menu, the skip link, a chart's full-screen button …) in the page's language:
    empty in English, where they are Streamlit's as it says them. ``upload_mb``: the
    upload limit, as Streamlit enforces it; ``upload_types``: what the uploader takes."""
    if lang != "zh":
        return ""
    types = "、".join(t.upper() for t in upload_types)
    values = {"size": upload_mb, "types": types, "version": version}
    rules = [f"{', '.join(_STREAMLIT_HIDDEN)}{{display:none}}"]
    for selector, key, size in _STREAMLIT_WORDS:
        words = _css_string(tr(lang, key, **values))
        rules.append(f"{selector}{{font-size:0 !important}}")  # hovered, focused too
        rules.append(f"{selector}::after{{content:{words};font-size:{size}}}")
    for selector, key in _STREAMLIT_TOOLTIPS:
        rules.append(f"{selector}{{content:{_css_string(tr(lang, key))}}}")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def face_html(
    card: CardSlot, trump: Trump | None = None, best: bool = False, lang: str = "en"
) -> str:
    """One card face: rank over suit symbol, red or black, framed in gold if trump
    (``best``: outlined in green, a card of the analysis's best play), named in
    ``lang`` for a screen reader; a joker's name in ``lang`` down its corner (大 over 王),
    all of it on the left edge a fanned hand shows.

    >>> face_html(Card.parse("LJ"), lang="zh")
    '<span class="card joker" role="img" aria-label="小王" title="小王">小<br>王</span>'
    """
    if card is UNKNOWN:
        return '<span class="card unknown" role="img" aria-label="??">?</span>'
    assert isinstance(card, Card)
    name = escape(card_name(lang, card))
    return (
        f'<span class="{" ".join(_classes(card, trump, best))}" role="img" '
        f'aria-label="{name}" title="{name}">{_face(card, lang)}</span>'
    )


def _classes(card: Card, trump: Trump | None, best: bool = False) -> list[str]:
    classes = ["card"]
    if card.is_red:
        classes.append("red")
    if trump is not None and trump.is_trump(card):
        classes.append("trump")
    if best:
        classes.append("best")
    if card.is_joker:
        classes.append("joker")
    return classes


def _face(card: Card, lang: str) -> str:
    """What a card shows: :func:`~notation.messages.card_face`, rank over suit; a joker's
    name down its corner (大 over 王 in Chinese)."""
    if card.is_joker:
        return "<br>".join(escape(line) for line in card_face(card, lang))
    rank, suit = card_face(card, lang)
    return f'{escape(rank)}<span class="s">{escape(suit)}</span>'


def value_text(value: float) -> str:
    """A value as a card shows it: ``85``, ``62.5``."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


@frozen
class Playable:
    """The seat whose cards are buttons to play (the seat to move, the student), the
    cards the rules allow it (``None``: not known, every card may be tried), and the
    values to show on its cards (the defenders' final points after the best play with
    each; empty: none shown), the best play's cards marked."""

    seat: int
    legal: frozenset[Card] | None = None
    values: Mapping[Card, float] = field(default_factory=dict)
    best: Sequence[Card] = ()
    buttons: bool = True  # False: the values shown on faces no one can click


def _button_html(
    card: CardSlot,
    index: int,
    trump: Trump | None,
    lang: str,
    play: Playable,
    best: bool,
    pair: bool = False,
) -> str:
    """A card of the seat to move as a button named as a screen reader says it;
    ``pair``: the seat holds two of it (a lead with it is chosen, not played at once:
    it may start a pair or a tractor)."""
    if not isinstance(card, Card):
        return face_html(card, trump, lang=lang)
    classes = _classes(card, trump, best)
    if play.legal is not None:
        classes.append("legal" if card in play.legal else "off")
    if card in play.best:
        classes.append("top")  # a card of the values' best play: its value in green
    name = escape(card_name(lang, card))
    value = play.values.get(card)
    badge = ""
    said = f' title="{name}"'  # the tooltip: the card's name in the page's language
    if value is not None:
        badge = f'<span class="v">{value_text(value)}</span>'
        worth = escape(tr(lang, "card_value", value=value_text(value)))
        said = f' title="{name} · {worth}"'
    if not play.buttons:
        return (
            f'<span class="{" ".join(classes)}" role="img" aria-label="{name}"{said}>'
            f"{_face(card, lang)}{badge}</span>"
        )
    paired = ' data-pair="1"' if pair else ""
    return (
        f'<button type="button" class="{" ".join(classes)}" data-card="{card}" '
        f'data-i="{index}"{paired} aria-label="{name}" aria-pressed="false"{said}>'
        f"{_face(card, lang)}{badge}</button>"
    )


def notices_html(notices: Sequence[tuple[str, str]]) -> str:
    """What the last play clicked left to say, on the table: a refusal (an alert) or
    the alternative's value and the best reply (a status)."""
    out = []
    for kind, words in notices:
        role = "alert" if kind == "error" else "status"
        out.append(f'<div class="sj-note {escape(kind)}" role="{role}">{escape(words)}</div>')
    return "".join(out)


def confirm_html(lang: str, hint: str, lead: bool = False) -> str:
    """The Play and Clear buttons under the table, and what to do; on a ``lead``, the
    Several cards switch too (a card clicked is then chosen, not played at once: a
    throw)."""
    several = (
        f'<button type="button" class="sj-several" aria-pressed="false">'
        f"{escape(tr(lang, 'table_several'))}</button>"
        if lead
        else ""
    )
    return (
        f'<div class="sj-confirm"><button type="button" class="sj-play" disabled>'
        f"{escape(tr(lang, 'table_play'))}</button>"
        f'<button type="button" class="sj-clear" disabled>{escape(tr(lang, "table_clear"))}'
        f"</button>{several}<small>{escape(hint)}</small></div>"
    )


def backs_html(count: int) -> str:
    """``count`` card backs (a hidden hand or kitty)."""
    return '<span class="card back"></span>' * count


def faces_html(
    cards: Slots,
    trump: Trump | None = None,
    best: Sequence[Card] = (),
    lang: str = "en",
    play: Playable | None = None,
) -> str:
    """A row of card faces (one copy of each card of ``best`` outlined); with ``play``,
    each card a button that plays it."""
    left = Counter(best)
    held = Counter(c for c in cards if isinstance(c, Card))
    faces = []
    for i, card in enumerate(cards):
        marked = False
        if isinstance(card, Card) and left[card] > 0:
            left[card] -= 1  # one copy of each card of the best play is outlined
            marked = True
        if play is not None:
            pair = isinstance(card, Card) and held[card] > 1
            faces.append(_button_html(card, i, trump, lang, play, marked, pair))
        else:
            faces.append(face_html(card, trump, best=marked, lang=lang))
    return '<div class="sj-cards">' + "".join(faces) + "</div>"


def _seat_html(
    seat: SeatView,
    lang: str,
    trump: Trump | None,
    mode_hidden: str,
    best: Sequence[Card] = (),
    play: Playable | None = None,
) -> str:
    colour = TEAM_COLOURS[seat.team]
    tags = []
    if seat.dealer:
        tags.append(f'<span class="tag">{escape(tr(lang, "dealer"))}</span>')
    if seat.turn:
        tags.append(f'<span class="tag">{escape(tr(lang, "turn"))}</span>')
    if seat.flagged:
        tags.append(f'<span class="tag flag">⚠ {escape(tr(lang, "findings"))}</span>')
    count = escape(tr(lang, "cards_left", n=seat.count))
    head = (
        f'<div class="name" style="color:{colour}">'
        f"{escape(seat.name)} <small>({count})</small>{''.join(tags)}</div>"
    )
    mine = play if play is not None and play.seat == seat.seat else None
    body = (
        backs_html(min(seat.count, 25))
        if seat.cards is None
        else faces_html(seat.cards, trump, best, lang, mine)
    )
    if seat.cards is None:
        body = f'<div class="sj-cards" title="{escape(mode_hidden)}">{body}</div>'
    turn = " turn" if seat.turn else ""
    playing = " playing" if mine is not None and mine.buttons else ""
    return (
        f'<div class="sj-seat sj-{seat.position}{turn}{playing}" data-seat="{seat.seat}" '
        f'role="group" aria-label="{escape(seat.name)}" '
        f'style="border-left:6px solid {colour}">{head}{body}</div>'
    )


def table_html(
    view: TableView,
    lang: str,
    trump: Trump | None,
    best: Mapping[int, Sequence[Card]] | None = None,
    play: Playable | None = None,
) -> str:
    """The whole table: four seats around the trick, the winning play outlined
    (``best``: cards of the analysis's best play to outline, by seat; ``play``: the
    seat whose cards are buttons that play them, and their values)."""
    parts = [CSS, '<div class="sj-table" data-step-label="' + escape(view.label) + '">']
    hidden = tr(lang, "hidden")
    for seat in view.seats:
        parts.append(_seat_html(seat, lang, trump, hidden, (best or {}).get(seat.seat, ()), play))
    centre = ['<div class="sj-centre">']
    for seat in view.seats:
        if seat.played is None:
            continue
        win = " win" if seat.winning else ""
        title = escape(tr(lang, "winning")) if seat.winning else ""
        centre.append(
            f'<div class="sj-played p-{seat.position}{win}" title="{title}" '
            f'style="border:2px solid {TEAM_COLOURS[seat.team]}">'
            f"{faces_html(seat.played, trump, lang=lang)}</div>"
        )
    mid = escape(tr(lang, "trick_n", n=view.trick_number)) if view.trick_number else ""
    winning = next((s for s in view.seats if s.winning), None)
    if winning is not None and view.kind is StepKind.TRICK:
        mid += f"<br>{escape(tr(lang, 'won_by', seat=winning.seat))}"
    elif winning is not None:
        mid += f"<br>{escape(tr(lang, 'winning'))}: {winning.seat}"
    centre.append(f'<div class="mid">{mid}</div></div>')
    parts.append("".join(centre))
    parts.append("</div>")
    return "".join(parts)


def info_html(
    view: TableView, lang: str, trump: Trump | None, rules: str, assumed: str = ""
) -> str:
    """Trump, rank, dealer, levels, points per side and the kitty, above the table;
    ``assumed``: why the hand is judged under a rule set it does not name (a chip)."""
    trump_text = view.trump or tr(lang, "not_known")
    boxes = [
        f"<b>{escape(tr(lang, 'trump'))}</b> {escape(trump_text)}",
        f"<b>{escape(tr(lang, 'rank'))}</b> {escape(view.rank or '–')}",
        f"<b>{escape(tr(lang, 'dealer'))}</b> {view.dealer or '–'}",
    ]
    if view.levels is not None:
        boxes.append(
            f"<b>{escape(tr(lang, 'levels'))}</b> "
            f'<span class="t1">{escape(tr(lang, "team13"))} {view.levels[0]}</span> · '
            f'<span class="t2">{escape(tr(lang, "team24"))} {view.levels[1]}</span>'
        )
    side = {1: "", 2: ""}
    if view.defenders is not None:
        side[view.defenders] = f" ({tr(lang, 'defenders')})"
        side[3 - view.defenders] = f" ({tr(lang, 'dealer_side')})"
    shown = {1: str(view.points[0]), 2: str(view.points[1])}
    if view.defenders is not None and view.defenders_total is not None:
        # what the tricks alone do not show: penalties, the kitty; then the total
        extra = []
        if view.penalty:
            extra.append(tr(lang, "points_penalties", change=view.penalty))
        if view.kitty_bonus is not None:
            kitty, times = view.kitty_bonus
            extra.append(tr(lang, "points_kitty", kitty=kitty, times=times))
        if extra or view.defenders_total != view.points[view.defenders - 1]:
            cards = view.points[view.defenders - 1]
            detail = " · ".join([str(cards), *extra])
            shown[view.defenders] = f"{view.defenders_total} <small>({escape(detail)})</small>"
    team13 = escape(tr(lang, "team13") + side[1])
    team24 = escape(tr(lang, "team24") + side[2])
    boxes.append(
        f"<b>{escape(tr(lang, 'points'))}</b> "
        f'<span class="t1">{team13}: {shown[1]}</span> · '
        f'<span class="t2">{team24}: {shown[2]}</span>'
    )
    boxes.append(f"<b>{escape(tr(lang, 'rules'))}</b> {escape(rules)}")
    if assumed:
        boxes.append(f'<span class="assumed">⚠ {escape(assumed)}</span>')
    if view.kitty is not None:
        face_up = faces_html(tuple(_sorted(view.kitty, trump)), trump, lang=lang)
    else:
        backs = f'<div class="sj-cards">{backs_html(view.kitty_size)}</div>'
        face_up = backs + f" <small>{escape(tr(lang, 'kitty_hidden'))}</small>"
    boxes.append(f"<b>{escape(tr(lang, 'kitty'))}</b> {face_up}")
    inner = "".join(f'<div class="box">{b}</div>' for b in boxes)
    return f'{CSS}<div class="sj-info">{inner}</div>'


def _sorted(cards: Slots, trump: Trump | None) -> list[CardSlot]:
    known = [c for c in cards if isinstance(c, Card)]
    ordered: list[CardSlot] = list(trump.sorted(known) if trump else sorted(known))
    ordered.extend(c for c in cards if c is UNKNOWN)
    return ordered


@frozen
class TrayItem:
    """A card to click in the recorder's tray: the card, a key that names the button
    (its place), how many copies are chosen, whether a click takes one back, and whether
    the rules allow it next (``None``: not known)."""

    card: CardSlot
    key: str
    chosen: int
    takes_back: bool
    legal: bool | None
    group: str


def tray_html(
    rows: Sequence[Sequence[TrayItem]], lang: str, trump: Trump | None, disabled: bool
) -> str:
    """The recorder's cards to click, one effective suit a row in rank order, each a
    button named as a screen reader says the card; chosen ones pressed (``×2``: two
    copies), the ones the rules do not allow plain."""
    out = ['<div class="sj-tray">']
    for row in rows:
        out.append(f'<div class="sj-tray-row" role="group" data-group="{escape(row[0].group)}">')
        for item in row:
            card = item.card
            name = escape(card_name(lang, card)) if isinstance(card, Card) else "??"
            classes = _classes(card, trump) if isinstance(card, Card) else ["card", "unknown"]
            if item.legal is not None:
                classes.append("legal" if item.legal else "off")
            face = _face(card, lang) if isinstance(card, Card) else "?"
            times = f'<span class="v">×{item.chosen}</span>' if item.chosen > 1 else ""
            pressed = "true" if item.chosen else "false"
            off = " disabled" if disabled else ""
            out.append(
                f'<button type="button" class="{" ".join(classes)}" data-card="{card}" '
                f'data-key="{escape(item.key)}" data-back="{int(item.takes_back)}" '
                f'aria-label="{name}" title="{name}" aria-pressed="{pressed}"{off}>'
                f"{face}{times}</button>"
            )
        out.append("</div>")
    out.append("</div>")
    return "".join(out)
