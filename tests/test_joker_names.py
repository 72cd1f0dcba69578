"""The jokers are 大王 and 小王 in everything a Chinese user reads: the step caption, the
event log, teaching mode, the recorder, the handout and the table's picture say them by
the catalogue's names (``card.BJ``, ``card.LJ``), never ``BJ`` / ``LJ``; a joker's face
shows all of its name on the edge a fanned hand leaves visible."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from PIL import ImageDraw

from notation.handout import handout_html
from notation.image import FontWarning, step_caption, table_image
from notation.messages import card_face, say_cards_in
from notation.psn import parse
from notation.recorder import Recorder
from notation.replay import HandReplay, StepKind, replay
from notation.resources import examples_dir
from notation.rules.cards import Card, parse_card
from tests import table_clicks
from tests.test_viewer_app import open_text
from viewer import record_view, render, view
from viewer.analysis_view import Grade, grade_words

# A joker's token as a record writes it, standing alone (not inside a word)
TOKEN = re.compile(r"(?<![A-Za-z])[BL]J(?![A-Za-z])")
# a hand whose jokers are declared with, played and held (examples/teaching)
EXAMPLE = "teaching/10-throw-fails-match-b.psn"
BJ, LJ = parse_card("BJ"), parse_card("LJ")


@pytest.fixture(scope="module")
def rp() -> HandReplay:
    hand = parse((examples_dir() / EXAMPLE).read_text(encoding="utf-8")).hands[0]
    return replay(hand)


def says_jokers_in_chinese(texts: list[str]) -> None:
    """The texts name the jokers (so the check is not vacuous), always in Chinese."""
    joined = "\n".join(texts)
    assert "大王" in joined and "小王" in joined
    found = TOKEN.search(joined)
    assert found is None, joined[max(0, found.start() - 80) : found.end() + 80]


def test_the_catalogue_names_the_jokers_and_english_keeps_bj_lj() -> None:
    assert say_cards_in((BJ, LJ, parse_card("S10")), "zh") == "大王 小王 ♠10"
    assert say_cards_in((BJ, LJ), "en") == "BJ LJ"


def test_step_captions_and_the_event_log(rp: HandReplay) -> None:
    captions = [view.step_label("zh", s, rp) for s in rp.states]
    log = view.log_entries(rp, "zh")
    says_jokers_in_chinese(captions + [e.text for e in log] + [e.plays for e in log])
    english = [view.step_label("en", s, rp) for s in rp.states]
    assert TOKEN.search("\n".join(english))  # English keeps the notation's names


def test_the_table_picture_and_its_caption(rp: HandReplay, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: object, text: str, *args: object, **kw: object) -> None:
        drawn.append(text)
        original(self, xy, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    with_jokers = [
        s.step
        for s in rp.states
        if s.kind in (StepKind.BID, StepKind.PLAY) and {BJ, LJ} & set(getattr(s.event, "cards", ()))
    ]
    captions = []
    for step in (0, *with_jokers[:3]):
        with warnings.catch_warnings():  # a font missing here only warns: not checked here
            warnings.simplefilter("ignore", FontWarning)
            table_image(rp, step, "zh")
        captions.append(step_caption(rp, step, "zh"))
    captions += [step_caption(rp, s, "zh") for s in with_jokers]
    # a joker's face is drawn a character a line: 大 and 王 apart, never "BJ"
    assert "王" in drawn and ("大" in drawn or "小" in drawn)
    says_jokers_in_chinese([*captions, " ".join(drawn)])


def test_the_handout(rp: HandReplay) -> None:
    page = handout_html(rp, lang="zh")
    says_jokers_in_chinese([re.sub(r"<[^>]*>", " ", page)])
    assert TOKEN.search(handout_html(rp, lang="en"))


def test_the_recorder_s_cards_and_its_entries() -> None:
    rec = Recorder.new(levels="2 2", dealer=1)
    labels = [item.label for item in record_view.tray(rec, 1, "play", "zh")]
    entry = rec.play((BJ, BJ), seat=1)
    texts = [*labels, record_view.entry_text(entry, "zh")]
    says_jokers_in_chinese(texts)
    assert "大王" in record_view.entry_text(entry, "zh")


def test_teaching_names_the_jokers_in_its_choices_and_its_grade(rp: HandReplay) -> None:
    grade = Grade(True, 0.0, (LJ,), True, "best")
    _, words = grade_words(grade, "zh")
    assert "小王" in words and not TOKEN.search(words)
    # the page: the student's seat holds both jokers before its first play
    seat, step = next(
        (seat, s.step)
        for s in rp.states
        for seat in (1, 2, 3, 4)
        if s.kind is StepKind.TRICK and {BJ, LJ} <= set(s.hand(seat))
    )
    text = (examples_dir() / EXAMPLE).read_text(encoding="utf-8")
    at = open_text(text, Path(EXAMPLE).name)
    at.radio(key="lang").set_value("zh").run()
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(seat).run()
    asked = next(
        s.step - 1
        for s in rp.states[step:]
        if s.kind is StepKind.PLAY and getattr(s.event, "seat", None) == seat
    )
    at.slider(key="step_slider").set_value(asked).run()
    assert not at.exception
    # the student answers by clicking its cards on the table: each named as said
    drawn = table_clicks.html(at)
    buttons = re.findall(
        r'<button type="button" class="card[^"]*" data-card="[^"]*" '
        r'data-i="\d+" aria-label="([^"]*)"',
        drawn,
    )
    assert "大王" in buttons and "小王" in buttons
    says_jokers_in_chinese(buttons)


@pytest.mark.parametrize("card", [BJ, LJ])
def test_a_joker_s_face_is_its_name_down_the_corner(card: Card) -> None:
    name = say_cards_in((card,), "zh")
    assert card_face(card, "zh") == tuple(name)
    face = render.face_html(card, lang="zh")
    # one character a line: the next card of a fanned hand covers nothing of the name
    assert face.split(">", 1)[1] == "<br>".join(name) + "</span>"
