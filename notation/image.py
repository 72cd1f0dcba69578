"""The table at one step of a hand as a PNG image, for sharing in a chat.

Four seats around a green table (seat 1 at the bottom, the next seat to play on its
right, as the viewer draws them), each with its name in its team's colour and its cards
sorted under the trump (trumps shaded); the trick on the table with the winning play
outlined; the trump, the dealer, the levels and the points above; the kitty in a corner
(face down until the hand is over); the step's findings in red.

Drawn with Pillow and the system's fonts: DejaVu Sans (Debian's ``fonts-dejavu-core``)
for the Latin text and the suit symbols ♠♥♣♦, Noto Sans CJK (``fonts-noto-cjk``) for
Chinese names and labels when installed. They are found through fontconfig (``fc-list``)
where it is installed, else at Debian's paths. A missing font is no error: the image
is drawn with what there is (Pillow's own font, or boxes for Chinese characters) and a
:class:`FontWarning` says which package to install. Nothing is downloaded.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import warnings
from collections.abc import Collection, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from notation.analysis.annotations import HandAnalysis, comment_words, read_analysis
from notation.frozen import frozen
from notation.handout import trump_words
from notation.labels import label
from notation.messages import card_face, msg, outcome_words, say_cards_in
from notation.psn.model import GLYPH_OF, BidNode, CardSlot, Fallback, KittyExchange, PlayNode
from notation.replay import HandReplay, State, StepKind
from notation.rules.cards import Card
from notation.rules.order import Trump
from notation.rules.seats import SEATS, Seat, team

__all__ = ["FontWarning", "Fonts", "find_fonts", "step_caption", "table_image", "table_png"]

WIDTH: Final = 1280
HEIGHT: Final = 944
_FELT_BOTTOM: Final = 852  # below the table: two lines for findings and comments

_FELT = "#2f6e4a"
_FELT_EDGE = "#1f4d33"
_TEAM = {1: "#1f6fb5", 2: "#c0392b"}  # team 1&3 blue, team 2&4 red, as in the viewer
_RED = "#c0392b"
_BLACK = "#1a1a1a"
_TRUMP_FILL = "#fde9a8"
_GOLD = "#f1c40f"
_BACK = "#34506f"

# Card sizes: a hand fans its cards so that each shows its top-left corner.
_CW, _CH = 46, 66
_FAN = 24  # the visible width of a card in a hand
_ROW = 13  # cards per row in the side seats' hands


class FontWarning(UserWarning):
    """A font the image wants is not installed: some characters may show as boxes."""


# --- fonts -------------------------------------------------------------------------------

_DEJAVU: Final = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
_DEJAVU_BOLD: Final = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# Debian's fonts-noto-cjk, then other packages' CJK fonts: (file, face index).
_CJK_PATHS: Final = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),  # face 2: Simplified (SC)
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
)


@frozen
class Fonts:
    """The font files the image is drawn with; ``None`` where none is installed."""

    regular: str | None
    bold: str | None
    cjk: tuple[str, int] | None  # a font with Chinese characters, and its face index


def _fontconfig(*args: str) -> list[str]:
    """The lines ``fc-list`` prints for ``args`` (none without fontconfig)."""
    if shutil.which("fc-list") is None:
        return []
    try:
        done = subprocess.run(
            ["fc-list", *args], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.strip() for line in done.stdout.splitlines() if line.strip()]


def _dejavu(style: str, known: str) -> str | None:
    found = _fontconfig(f"DejaVu Sans:style={style}", "--format=%{file}\n")
    for path in [*sorted(f for f in found if "Condensed" not in f), known]:
        if Path(path).is_file():
            return path
    return None


def _cjk() -> tuple[str, int] | None:
    """A font with Chinese characters: Simplified Chinese faces first, Noto first."""
    found: list[tuple[tuple[int, int, bool], str, int]] = []
    for line in _fontconfig(":lang=zh-cn", "--format=%{file}|%{index}|%{family}\n"):
        file, _, rest = line.partition("|")
        number, _, family = rest.partition("|")
        rank = (0 if "SC" in family else 1, 0 if "Noto" in family else 1, "Bold" in file)
        found.append((rank, file, int(number) if number.isdigit() else 0))
    for _, file, index in sorted(found):
        if Path(file).is_file():
            return file, index
    return next(((f, i) for f, i in _CJK_PATHS if Path(f).is_file()), None)


@lru_cache(maxsize=1)
def find_fonts() -> Fonts:
    """The fonts installed for the image (looked up once)."""
    return Fonts(_dejavu("Book", _DEJAVU), _dejavu("Bold", _DEJAVU_BOLD), _cjk())


def _is_cjk(char: str) -> bool:
    """True for a Chinese character or full-width punctuation (，、：)."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFE30 <= code <= 0xFE4F
        or 0xFF00 <= code <= 0xFFEF
        or code >= 0x20000
    )


def _runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut where it changes between Chinese and other characters.

    >>> _runs("Ann 安 (1)")
    [('Ann ', False), ('安', True), (' (1)', False)]
    """
    runs: list[tuple[str, bool]] = []
    for char in text:
        cjk = _is_cjk(char)
        if runs and runs[-1][1] == cjk:
            runs[-1] = (runs[-1][0] + char, cjk)
        else:
            runs.append((char, cjk))
    return runs


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


class _Painter:
    """Text in two fonts (Latin and suit symbols; Chinese) and cards, on one image; the
    jokers' faces in ``lang``."""

    def __init__(self, image: Image.Image, fonts: Fonts, lang: str = "en") -> None:
        self.draw = ImageDraw.Draw(image)
        self.fonts = fonts
        self.lang = lang
        self.missing: set[str] = set()  # "cjk", "dejavu": fonts that were wanted, not found
        self.loaded: dict[tuple[int, bool, bool], Font] = {}

    def font(self, size: int, bold: bool, cjk: bool) -> Font:
        key = (size, bold, cjk)
        if key not in self.loaded:
            self.loaded[key] = self._load(size, bold, cjk)
        return self.loaded[key]

    def _load(self, size: int, bold: bool, cjk: bool) -> Font:
        if cjk and self.fonts.cjk is not None:
            file, index = self.fonts.cjk
            return ImageFont.truetype(file, size, index=index)
        path = (self.fonts.bold if bold else None) or self.fonts.regular or self.fonts.bold
        if path is None:
            self.missing.add("dejavu")
            return ImageFont.load_default(size)
        if cjk:
            self.missing.add("cjk")
        return ImageFont.truetype(path, size)

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return sum(self.font(size, bold, cjk).getlength(run) for run, cjk in _runs(text))

    def text(
        self,
        x: float,
        baseline: float,
        text: str,
        size: int,
        fill: str = _BLACK,
        bold: bool = False,
        align: str = "left",
    ) -> float:
        """Write ``text`` on a baseline; return where it ends."""
        if align != "left":
            shift = self.width(text, size, bold)
            x -= shift / 2 if align == "centre" else shift
        for run, cjk in _runs(text):
            font = self.font(size, bold, cjk)
            self.draw.text((x, baseline), run, font=font, fill=fill, anchor="ls")
            x += font.getlength(run)
        return x

    def fit(self, text: str, size: int, room: float, bold: bool = False) -> str:
        """``text`` cut with … to fit ``room`` pixels."""
        if self.width(text, size, bold) <= room:
            return text
        while text and self.width(text + "…", size, bold) > room:
            text = text[:-1]
        return text + "…"

    def card(
        self, x: float, y: float, card: CardSlot | None, trump: Trump | None, ring: bool = False
    ) -> None:
        """A card with its rank and suit in the top-left corner; ``None``: its back."""
        box = (x, y, x + _CW, y + _CH)
        if ring:
            self.draw.rounded_rectangle(
                (x - 3, y - 3, x + _CW + 3, y + _CH + 3), 7, outline=_GOLD, width=4
            )
        if card is None:
            self.draw.rounded_rectangle(box, 5, fill=_BACK, outline="#ffffff", width=2)
            self.draw.rounded_rectangle(
                (x + 5, y + 5, x + _CW - 5, y + _CH - 5), 3, outline="#8aa4c0"
            )
            return
        if not isinstance(card, Card):  # a card nobody recorded
            self.draw.rounded_rectangle(box, 5, fill="#e6e6e6", outline="#555555")
            self.text(x + 4, y + 22, "??", 16, "#555555", bold=True)
            return
        trumps = trump is not None and trump.is_trump(card)
        self.draw.rounded_rectangle(
            box, 5, fill=_TRUMP_FILL if trumps else "#ffffff", outline="#555555"
        )
        colour = _RED if card.is_red else _BLACK
        top, *rest = card_face(card, self.lang)
        if card.suit is None:  # a joker (the big one red): its name down the corner, 大 over 王
            for i, line in enumerate((top, *rest)):
                self.text(x + 4, y + 20 + 20 * i, line, 17, colour, bold=True)
        else:
            self.text(x + 3, y + 20, top, 15 if len(top) > 1 else 17, colour, bold=True)
            self.text(x + 4, y + 42, rest[0], 19, colour)
        if trumps:
            self.draw.rectangle((x + 3, y + _CH - 7, x + _CW - 3, y + _CH - 4), fill="#b8860b")


# --- what happened at a step --------------------------------------------------------------


def step_caption(replay: HandReplay, step: int, lang: str = "en") -> str:
    """What happened at ``step``, in ``lang``: ``Trick 5 · seat 2 plays ♠A ♠A``."""
    state = replay.states[step]
    event = state.event
    if state.kind is StepKind.BID and isinstance(event, BidNode):
        what = label(lang, event.kind.value)
        return label(lang, "step_bid", seat=event.seat, what=what, cards=tuple(event.cards))
    if state.kind is StepKind.FALLBACK and isinstance(event, Fallback):
        return label(lang, "step_fallback", cards=tuple(event.cards))
    if state.kind is StepKind.KITTY and isinstance(event, KittyExchange):
        return label(lang, "step_kitty", seat=event.seat)
    if state.kind is StepKind.PLAY and isinstance(event, PlayNode):
        cards = say_cards_in(event.cards, lang)
        if event.attempted is not None:
            tried = say_cards_in(event.attempted, lang)
            cards = f"{tried} → {cards} ({label(lang, 'failed_throw')})"
        return label(lang, "step_play", n=state.trick_number, seat=event.seat, cards=cards)
    if state.kind is StepKind.TRICK:
        points = sum(c.points for _, cards in state.trick for c in cards if isinstance(c, Card))
        return label(lang, "step_trick", n=state.trick_number, seat=state.turn, points=points)
    if state.kind is StepKind.END:
        computed = replay.computed
        parts = [label(lang, "step_end")]
        if computed.points is not None:
            parts.append(f"{label(lang, 'defenders')} {computed.points}")
        if computed.outcome is not None:
            outcome = computed.outcome
            parts.append(outcome_words(outcome.winner.value, outcome.levels).render(lang))
        return " · ".join(parts)
    return label(lang, "step_start")


# --- the drawing ---------------------------------------------------------------------------


def _hand_rows(count: int, per_row: int) -> list[range]:
    return [range(i, min(i + per_row, count)) for i in range(0, count, per_row)] or [range(0)]


def _fan(
    p: _Painter,
    cards: Sequence[CardSlot | None],
    x: float,
    y: float,
    trump: Trump | None,
    step: float = _FAN,
    ring: bool = False,
) -> None:
    for i, card in enumerate(cards):
        p.card(x + i * step, y, card, trump, ring)


def _fan_width(count: int, step: float = _FAN) -> float:
    return 0 if count == 0 else (count - 1) * step + _CW


def _plate(
    p: _Painter, x: float, y: float, seat: Seat, name: str, state: State, lang: str
) -> float:
    """A seat's name in its team's colour, the dealer and the turn marked; its width."""
    text = f"{label(lang, 'seat_n', n=seat)} {name}".strip()
    if state.dealer == seat:
        text += f" · {label(lang, 'dealer')}"
    width = p.width(text, 17, bold=True) + 20
    p.draw.rounded_rectangle((x, y, x + width, y + 30), 8, fill=_TEAM[team(seat)])
    p.text(x + 10, y + 21, text, 17, "#ffffff", bold=True)
    if state.turn == seat:  # the next to play, or the trick's winner who leads next
        turn = "▶ " + label(lang, "to_play")
        end = x + width + 8
        box = (end, y + 2, end + p.width(turn, 15, bold=True) + 16, y + 28)
        p.draw.rounded_rectangle(box, 8, fill=_GOLD)
        p.text(end + 8, y + 21, turn, 15, _BLACK, bold=True)
    return width


def _header(p: _Painter, replay: HandReplay, state: State, step: int, lang: str) -> None:
    hand = replay.hand
    event = hand.header_in("Event", lang) or "Shengji"
    number = hand.header("Hand") or str(replay.number)
    title = f"{event} · {label(lang, 'hand_n', n=number)}"
    right = label(lang, "step_of", n=step, last=len(replay.states) - 1)
    p.text(WIDTH - 20, 30, right, 16, "#555555", align="right")
    p.text(20, 30, p.fit(title, 20, WIDTH - 60 - p.width(right, 16), bold=True), 20, bold=True)
    p.text(20, 62, p.fit(step_caption(replay, step, lang), 22, WIDTH - 40, True), 22, bold=True)
    levels = replay.computed.levels
    chips = [f"{label(lang, 'trump')} {trump_words(state.trump, lang)}"]
    if levels is not None:
        chips.append(f"{label(lang, 'levels')} {levels[0].value} : {levels[1].value}")
    chips.append(
        f"{label(lang, 'points')} {label(lang, 'team13')} {state.points[0]} · "
        f"{label(lang, 'team24')} {state.points[1]}"
    )
    if state.dealer is not None:
        total = replay.computed.points if state.kind is StepKind.END else None
        chips.append(
            f"{label(lang, 'defenders')} {state.defenders_points if total is None else total}"
        )
    x = 20.0
    for chip in chips:
        width = p.width(chip, 16, bold=True) + 20
        p.draw.rounded_rectangle((x, 76, x + width, 104), 8, fill="#eeeeee", outline="#bbbbbb")
        p.text(x + 10, 96, chip, 16, _BLACK, bold=True)
        x += width + 10


def _seat(
    p: _Painter, replay: HandReplay, state: State, seat: Seat, shown: bool, lang: str
) -> None:
    """A seat's plate and hand, at its side of the table (1 bottom, 2 right, 3 top, 4 left)."""
    name = replay.hand.header(f"Seat{seat}") or ""
    cards: list[CardSlot | None] = (
        list(state.hand(seat)) if shown else [None] * len(state.hand(seat))
    )
    side = (seat - 1) % 4  # 0 bottom, 1 right, 2 top, 3 left: seats play counter-clockwise
    if side in (0, 2):
        y_plate, y_cards = (724, 762) if side == 0 else (128, 164)
        width = _fan_width(len(cards))
        _plate(
            p, WIDTH / 2 - width / 2 if cards else WIDTH / 2 - 80, y_plate, seat, name, state, lang
        )
        _fan(p, cards, WIDTH / 2 - width / 2, y_cards, state.trump)
        return
    x = 36 if side == 3 else WIDTH - 36 - _fan_width(_ROW)
    _plate(p, x, 268, seat, name, state, lang)
    for row, indices in enumerate(_hand_rows(len(cards), _ROW)):
        _fan(p, [cards[i] for i in indices], x, 306 + row * (_CH + 8), state.trump)


# Where each side's play lands on the table: the centre of its cards.
_TRICK_SPOTS: Final = {0: (640, 590), 1: (800, 460), 2: (640, 330), 3: (480, 460)}


def _trick(p: _Painter, state: State, lang: str) -> None:
    if not state.trick:
        return
    p.text(
        WIDTH / 2, 282, label(lang, "trick_n", n=state.trick_number), 16, "#ffffff", True, "centre"
    )
    for seat, cards in state.trick:
        side = (seat - 1) % 4
        cx, cy = _TRICK_SPOTS[side]
        step = 28.0 if len(cards) < 6 else max(12.0, 150 / (len(cards) - 1))
        width = _fan_width(len(cards), step)
        winning = state.winning == seat
        _fan(p, list(cards), cx - width / 2, cy - _CH / 2, state.trump, step, ring=winning)
        if winning:
            p.text(cx, cy + _CH / 2 + 20, label(lang, "winning"), 15, _GOLD, True, "centre")


def _kitty(p: _Painter, state: State, open_: bool, lang: str) -> None:
    if state.kitty is None:
        return
    cards: list[CardSlot | None] = list(state.kitty) if open_ else [None] * len(state.kitty)
    x, y = 1000, 740
    text = (
        label(lang, "kitty")
        if open_
        else label(lang, "kitty") + " · " + label(lang, "kitty_face_down", n=len(cards))
    )
    p.text(x, y - 8, text, 15, "#ffffff", bold=True)
    _fan(p, cards, x, y, state.trump, step=min(18.0, 200 / max(1, len(cards) - 1)))


def _notes(p: _Painter, state: State, analysis: HandAnalysis | None, lang: str) -> None:
    """Below the table: the step's findings in red (in ``lang``), then its glyphs and
    comments (in ``lang``: :func:`comment_words`)."""
    lines = [(f"⚠ {f.code}: {f.message_in(lang)}", _RED) for f in state.findings]
    event = state.event
    nags = getattr(event, "nags", ()) if state.kind is not StepKind.TRICK else ()
    comments = getattr(event, "comments", ()) if state.kind is not StepKind.TRICK else ()
    glyphs = "".join(GLYPH_OF.get(n, f"${n}") for n in nags)
    words = " ".join(w for c in comments if (w := comment_words(c, lang, analysis)))
    if glyphs or words:
        lines.append((f"{glyphs} {words}".strip(), _BLACK))
    for (text, colour), baseline in zip(
        lines, (_FELT_BOTTOM + 30, _FELT_BOTTOM + 60), strict=False
    ):
        p.text(20, baseline, p.fit(text, 17, WIDTH - 40, bold=True), 17, colour, bold=True)


def table_image(
    replay: HandReplay,
    step: int,
    lang: str = "en",
    *,
    seats: Collection[Seat] | None = None,
    reveal_kitty: bool = False,
) -> Image.Image:
    """The table at ``step`` (negative: from the end) as a picture, 1280×944.

    ``seats``: whose hands are shown face up (default: all four); the kitty is face
    down until the hand is over, unless ``reveal_kitty``."""
    count = len(replay.states)
    if not -count <= step < count:
        raise ValueError(f"no step {step}: the hand's steps are 0 to {count - 1}")
    step %= count
    state = replay.states[step]
    image = Image.new("RGB", (WIDTH, HEIGHT), "#ffffff")
    p = _Painter(image, find_fonts(), lang)
    _header(p, replay, state, step, lang)
    p.draw.rounded_rectangle(
        (12, 116, WIDTH - 12, _FELT_BOTTOM), 26, fill=_FELT, outline=_FELT_EDGE, width=6
    )
    for seat in SEATS:
        _seat(p, replay, state, seat, seats is None or seat in seats, lang)
    _trick(p, state, lang)
    _kitty(p, state, reveal_kitty or state.kind is StepKind.END, lang)
    _notes(p, state, read_analysis(replay.hand), lang)
    if "cjk" in p.missing:
        warnings.warn(FontWarning(msg("font.no-cjk")), stacklevel=2)
    if "dejavu" in p.missing:
        warnings.warn(FontWarning(msg("font.no-dejavu")), stacklevel=2)
    return image


def table_png(
    replay: HandReplay,
    step: int,
    lang: str = "en",
    *,
    seats: Collection[Seat] | None = None,
    reveal_kitty: bool = False,
) -> bytes:
    """The table at ``step`` as PNG bytes (see :func:`table_image`)."""
    buffer = io.BytesIO()
    image = table_image(replay, step, lang, seats=seats, reveal_kitty=reveal_kitty)
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
