"""The recording page's view-model: the table, the cards to click, what the forms hold,
what the recorder types, and where a recording is kept. No streamlit and no HTML here:
``record.py`` lays out, ``render.py`` draws the table.

Who plays, which cards are legal and who wins the trick come from the recording's
replay (:class:`notation.recorder.Recorder`), never from here.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from dataclasses import replace
from typing import Any, Final, Literal

from notation.errors import ShengjiError
from notation.frozen import frozen
from notation.messages import MessageError, error_message, msg, say_card
from notation.presets import preset_names
from notation.psn import (
    UNKNOWN,
    BidKind,
    BidNode,
    CardSlot,
    Deal,
    Fallback,
    FallbackSource,
    Hand,
    KittyExchange,
    PlayNode,
    Strain,
    parse_hand,
)
from notation.psn.model import format_slots
from notation.recorder import Entry, Recorder, RecorderError
from notation.replay import StepKind
from notation.rules.cards import ALL_CARDS, RANKS, Card, parse_card
from notation.rules.order import Trump
from notation.rules.seats import SEATS, Seat
from viewer import document
from viewer.i18n import seat_name, tr
from viewer.view import TableView, event_text, table_view

__all__ = [
    "BID_KINDS",
    "LEVELS",
    "STRAINS",
    "TrayCard",
    "auction_event",
    "card_label",
    "deal_from_texts",
    "desk",
    "entry_text",
    "form_values",
    "headers_from_form",
    "keep",
    "new_recording",
    "open_recording",
    "play_begun",
    "rows",
    "rules_choices",
    "status",
    "tray",
    "typed_play",
]

EntryMode = Literal["auction", "play"]
# What the auction line enters: a bid, a bury, or the fallback trump.
BID_KINDS: Final = ("declare", "reinforce", "counter", "bury", "fallback-kitty", "fallback-flip")
STRAINS: Final = ("", "S", "H", "C", "D", "NT")  # "": as the cards say
LEVELS: Final = tuple(r.value for r in RANKS)


# ---------------------------------------------------------------------------- a new one


def new_recording(today: dt.date | None = None) -> tuple[str, Recorder]:
    """A new recording: its file name and a recorder under ``qq``, both teams at 2,
    dated today (the dealer is whoever declares first, until the form says otherwise)."""
    day = today or dt.date.today()
    recorder = Recorder.new(rules="qq", levels="2 2", Date=day.strftime("%Y.%m.%d"))
    return f"recording-{day.isoformat()}.psn", recorder


# ---------------------------------------------------------------------------- the forms


def form_values(hand: Hand) -> dict[str, Any]:
    """What the headers and deal forms show for ``hand``, by field name."""
    levels = (hand.header("Levels") or "").split()
    dealer = (hand.header("Dealer") or "").strip()
    deal = hand.deal
    known = isinstance(deal, Deal)
    hands = deal.hands if isinstance(deal, Deal) else (None, None, None, None)
    kitty = deal.kitty if isinstance(deal, Deal) else None
    return {
        "rules": hand.header("Rules") or "qq",
        "level13": levels[0] if len(levels) == 2 and levels[0] in LEVELS else "2",
        "level24": levels[1] if len(levels) == 2 and levels[1] in LEVELS else "2",
        "dealer": int(dealer) if dealer in ("1", "2", "3", "4") else 0,
        "event": hand.header("Event") or "",
        "date": hand.header("Date") or "",
        "hand": hand.header("Hand") or "",
        "names": tuple(hand.header(f"Seat{s}") or "" for s in SEATS),
        "deal_known": known,
        "deal": tuple(_tokens(cards) for cards in hands),
        "kitty": _tokens(kitty),
    }


def _tokens(cards: tuple[CardSlot, ...] | None) -> str:
    return "" if cards is None else format_slots(cards)


def play_begun(hand: Hand) -> bool:
    """True once the cards clicked are plays: a trick, a bury, or a Trump header given
    (the auction not recorded)."""
    return bool(hand.tricks or hand.kitty_exchanges or hand.header("Trump"))


def rules_choices(current: str) -> list[str]:
    """The rule sets the form offers: the presets, and the record's own if another."""
    names = preset_names()
    return names if current in names else [*names, current]


def headers_from_form(
    *,
    rules: str,
    level13: str,
    level24: str,
    dealer: int,
    names: tuple[str, ...],
    event: str = "",
    date: str = "",
    hand: str = "",
) -> dict[str, str | None]:
    """The headers the form sets (an empty field takes its header away)."""
    values: dict[str, str | None] = {
        "Event": event,
        "Date": date,
        "Hand": hand,
        "Rules": rules,
        "Levels": f"{level13} {level24}",
        "Dealer": str(dealer) if dealer in SEATS else None,
    }
    for seat, name in zip(SEATS, names, strict=True):
        values[f"Seat{seat}"] = " ".join(name.split()) or None
    return values


def _cards(text: str) -> tuple[CardSlot, ...]:
    """Cards typed as in PSN (``s10 hk bj``, ``♠10``, ``黑桃10``, ``??``)."""
    return tuple(UNKNOWN if t == "??" else parse_card(t) for t in text.replace(",", " ").split())


def deal_from_texts(hands: tuple[str, ...], kitty: str, lang: str = "en") -> Deal | None:
    """The deal typed into the form: a hand left empty is not recorded; all empty is no
    deal. Raises :class:`~notation.errors.ShengjiError` naming the field in ``lang``."""
    read: list[tuple[CardSlot, ...] | None] = []
    for seat, text in zip(SEATS, hands, strict=True):
        try:
            read.append(_cards(text) or None)
        except ShengjiError as e:
            where = seat_name(lang, seat)
            raise MessageError(msg("value.at", where=where, text=error_message(e))) from None
    try:
        buried = _cards(kitty) or None
    except ShengjiError as e:
        where = tr(lang, "kitty")
        raise MessageError(msg("value.at", where=where, text=error_message(e))) from None
    if all(h is None for h in read) and buried is None:
        return None
    return Deal((read[0], read[1], read[2], read[3]), buried)


# ---------------------------------------------------------------------------- typing


def typed_play(text: str) -> tuple[tuple[CardSlot, ...], tuple[CardSlot, ...] | None]:
    """A play typed on the keyboard: ``s10 hk bj``, or a failed throw ``sa sk sq / sq``
    (the cards tried, then the cards played). Returns ``(cards, attempted)``; raises
    :class:`~notation.errors.ShengjiError` for text that names no cards.

    >>> typed_play("sa sk / sk")
    ((Card.parse('SK'),), (Card.parse('SA'), Card.parse('SK')))
    """
    tried, slash, played = text.partition("/")
    if slash:
        cards, attempted = _cards(played), _cards(tried)
        if not cards or not attempted:
            raise MessageError(msg("rec.typed-throw"))
        return cards, attempted
    cards = _cards(text)
    if not cards:
        raise MessageError(msg("rec.typed-play"))
    return cards, None


def auction_event(
    kind: str, seat: Seat, text: str, strain: str = "", draw: str = ""
) -> BidNode | Fallback | KittyExchange:
    """The bid, bury or fallback the auction line describes (``draw``: how many cards had
    been drawn when a bid was made, if known); raises
    :class:`~notation.errors.ShengjiError` for what it cannot read.

    >>> str(auction_event("counter", 3, "bj bj", "NT", "51"))
    'counter 3: BJ BJ to NT @51'
    """
    cards = _cards(text)
    to = Strain(strain) if strain else None
    count = draw.strip().removeprefix("@")
    if count and not (count.isdigit() and len(count) <= 6):
        raise MessageError(msg("rec.typed-draw", draw=draw))
    if kind == "bury":
        return KittyExchange(seat, cards)
    if not cards:
        raise MessageError(msg("rec.typed-shown"))
    if kind.startswith("fallback-"):
        return Fallback(FallbackSource(kind.removeprefix("fallback-")), cards, to)
    return BidNode(BidKind(kind), seat, cards, to, int(count) if count else None)


# ---------------------------------------------------------------------------- the cards


@frozen
class TrayCard:
    """One card button: the card, its widget key, its label (markdown), whether it is
    among the cards chosen, and whether the rules allow it next (``None``: not known).
    A chosen card of a known hand is taken back by a second click; in the picker of every
    card (the hand not known) each click chooses one more copy."""

    card: CardSlot
    key: str
    label: str
    chosen: bool
    legal: bool | None
    picker: bool = False
    group: str = ""  # the effective suit ("T" for trump): the cards are shown by suit

    @property
    def takes_back(self) -> bool:
        """True if a click takes this card back rather than choosing it."""
        return self.chosen and not self.picker


def card_label(card: CardSlot, trump: Trump | None = None, count: int = 0, lang: str = "en") -> str:
    """A card as a button label: suit symbol and rank (a joker by its name in ``lang``),
    red suits in red, trumps in bold; ``count`` copies chosen as ``×2``.

    >>> card_label(parse_card("H10")), card_label(parse_card("BJ"), count=2, lang="zh")
    (':red[♥10]', ':red[大王] ×2')
    """
    if card is UNKNOWN:
        text = "??"
    else:
        assert isinstance(card, Card)
        name = say_card(card, lang)
        text = f":red[{name}]" if card.is_red else name
        if trump is not None and trump.is_trump(card):
            text = f"**{text}**"
    return f"{text} ×{count}" if count > 1 else text


def tray(
    recorder: Recorder, seat: Seat | None, mode: EntryMode = "play", lang: str = "en"
) -> list[TrayCard]:
    """The cards to click for ``seat``: its hand when the record knows it (one button
    per card: a pair is two), else every card once and ``??`` (a card nobody saw). At
    the bury the kitty's cards are added to the seat's."""
    trump = recorder.replay.computed.trump
    if seat is None:
        return []
    chosen = Counter(recorder.pending) if mode == "play" else Counter()
    legal = recorder.legal_cards(seat) if mode == "play" else None
    held = list(recorder.held(seat))
    kitty = recorder.state.kitty
    if mode == "auction" and kitty and recorder.knows_hand(seat) and UNKNOWN not in kitty:
        held.extend(kitty)
        held = list(trump.sorted([c for c in held if isinstance(c, Card)])) if trump else held
    if held and UNKNOWN not in held:
        cards: list[TrayCard] = []
        seen: Counter[CardSlot] = Counter()
        for i, card in enumerate(held):
            seen[card] += 1
            cards.append(
                TrayCard(
                    card,
                    f"rec_card_{i}",
                    card_label(card, trump, lang=lang),
                    seen[card] <= chosen[card],
                    None if legal is None else card in legal,
                    group=_group(card, trump),
                )
            )
        return cards
    every: list[CardSlot] = list(trump.sorted(ALL_CARDS) if trump is not None else ALL_CARDS)
    return [
        TrayCard(
            card,
            f"rec_pick_{card}",
            card_label(card, trump, chosen[card], lang),
            chosen[card] > 0,
            None,
            picker=True,
            group=_group(card, trump),
        )
        for card in [*every, UNKNOWN]
    ]


def _group(card: CardSlot, trump: Trump | None) -> str:
    """The row a card is shown in: its effective suit (``T``: trump; without a trump the
    jokers), ``?`` for a card nobody saw."""
    if not isinstance(card, Card):
        return "?"
    if trump is not None:
        return str(trump.effective_suit(card))
    return card.suit.value if card.suit is not None else "T"


def rows(cards: list[TrayCard]) -> list[list[TrayCard]]:
    """The cards in rows, one effective suit a row, in the order given.

    >>> [len(r) for r in rows(tray(Recorder.new(dealer=1), 1))]
    [13, 13, 13, 13, 2, 1]
    """
    out: list[list[TrayCard]] = []
    for item in cards:
        if out and out[-1][0].group == item.group:
            out[-1].append(item)
        else:
            out.append([item])
    return out


# ---------------------------------------------------------------------------- the table


def desk(recorder: Recorder, lang: str = "en") -> TableView:
    """The table as the recorder sees it: the last entry's state, the seat to play
    marked, the cards chosen so far on the table (or the play that breaks a rule,
    flagged), hands not known shown by their count."""
    state = recorder.state
    # The recorder typed the kitty in: it is shown face up.
    view = table_view(recorder.replay, state.step, lang=lang, mode="open", reveal_kitty=True)
    waiting = recorder.waiting
    turn = recorder.to_play if waiting is None else None
    pending = recorder.pending
    if waiting is not None and isinstance(waiting.node, PlayNode):
        # the play that breaks a rule is shown where it was made, until it is decided
        turn, pending = waiting.node.seat, waiting.node.cards
    new_lead = recorder.leading and bool(pending)
    seats = []
    for seat in view.seats:
        played = seat.played
        if new_lead:
            played = None
        if pending and seat.seat == turn:
            played = pending
        cards = seat.cards
        if cards is not None and all(c is UNKNOWN for c in cards):
            cards = ()  # not known: only how many it holds is shown
        seats.append(
            replace(
                seat,
                cards=cards,
                played=played,
                turn=seat.seat == turn and waiting is None,
                winning=seat.winning and not new_lead,
                flagged=seat.flagged or (waiting is not None and seat.seat == turn),
            )
        )
    kind = StepKind.PLAY if new_lead or recorder.trick_open else view.kind
    number = recorder.trick_number if new_lead else view.trick_number
    return replace(view, seats=tuple(seats), kind=kind, trick_number=number)


def status(recorder: Recorder, lang: str = "en", mode: EntryMode = "play") -> str:
    """What the recorder does next, in words: "Trick 3 · seat 2 follows: 1 of 2 cards"."""
    if recorder.waiting is not None:
        return tr(lang, "rec_waiting")
    if mode == "auction":
        return tr(lang, "rec_status_auction")
    if recorder.complete:
        return tr(lang, "rec_status_over")
    seat = recorder.to_play
    trick = tr(lang, "trick_n", n=recorder.trick_number)
    if seat is None:
        return f"{trick} · {tr(lang, 'rec_status_who')}"
    chosen = len(recorder.pending)
    needed = recorder.needed
    if needed is None:
        return f"{trick} · {tr(lang, 'rec_status_lead', seat=seat, n=chosen)}"
    return f"{trick} · {tr(lang, 'rec_status_follow', seat=seat, n=chosen, of=needed)}"


def entry_text(entry: Entry, lang: str = "en") -> str:
    """What an entry entered, in ``lang``'s words with suit symbols and the jokers'
    names in ``lang`` ("2: ♠3", "Seat 1 declares ♥5", "1 号位 亮主 小王")."""
    node = entry.node
    entered = isinstance(node, PlayNode | BidNode | Fallback | KittyExchange)
    return event_text(node, lang) if entered else ""


# ---------------------------------------------------------------------------- keeping it


def keep(key: str, name: str, recorder: Recorder, *, unless: str | None = None) -> str:
    """Keep the recording on this computer under ``key``: its PSN as a draft (the viewer
    opens it with ``?up=KEY``) and, beside it, the cards chosen and an entry waiting;
    nothing is written if the recording is ``unless`` (as kept last time). Returns what
    is kept, as JSON text. Raises ``OSError`` if it cannot be written."""
    data = recorder.to_dict()
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    if text == unless:
        return text
    document.save_draft(key, document.Draft(name, str(data["psn"])))
    (document.drafts_dir() / f"{key}.rec.json").write_text(text, encoding="utf-8")
    return text


def open_recording(key: str) -> tuple[str, Recorder] | None:
    """The recording kept under ``key`` (its file name and recorder), or ``None``: no
    such draft, or one that is not a single readable hand. A draft kept by the viewer
    (an upload) opens too, to go on recording it."""
    draft = document.load_draft(key)  # checks the key: a draft key, never a path
    if draft is None:
        return None
    try:
        raw = (document.drafts_dir() / f"{key}.rec.json").read_text(encoding="utf-8")
    except OSError:
        raw = None
    try:
        if raw is not None:
            return draft.name, Recorder.from_dict(json.loads(raw))
        return draft.name, Recorder(parse_hand(draft.text) if draft.text.strip() else None)
    except (RecorderError, ShengjiError, ValueError):
        return None
