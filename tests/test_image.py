"""The table at a step as a PNG: its size, that it shows something, that it follows the
hand, and that a missing font is a warning, never a failure."""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from notation import image as table
from notation.image import Fonts, FontWarning, step_caption, table_image, table_png
from notation.psn import parse_hand
from notation.replay import HandReplay, StepKind, replay
from notation.validate import validate_text

EXAMPLES = Path(__file__).parents[1] / "examples"
REVOKE = EXAMPLES / "disputes" / "01-revoke-discovered-later.psn"  # Chinese names
FELT = (0x2F, 0x6E, 0x4A)
WHITE = (255, 255, 255)

ASCII = """[Event "Plain"]
[Seat1 "Ann"]
[Seat2 "Bo"]
[Seat3 "Cai"]
[Seat4 "Du"]
[Trump "S 2"]
[Dealer "1"]

deal
1: SA SA SK
2: S3 S4 H5
3: S5 S6 H6
4: S7 S8 H7
1. 1: SA 2: S3 3: S5 4: S7
2. 1: SA 2: S4 3: S6 4: S8
3. 1: SK 2: H5 3: H6 4: H7
"""


@pytest.fixture(scope="module")
def revoke() -> HandReplay:
    hand = validate_text(REVOKE.read_text(encoding="utf-8"), "r", timeline=True).hands[0]
    assert hand.replay is not None
    return hand.replay


@pytest.fixture(autouse=True)
def _quiet_fonts() -> Iterator[None]:
    """This machine may lack a Chinese font: that warning is tested on its own below."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FontWarning)
        yield


def picture(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_the_png_is_1280_by_944_and_shows_the_table(revoke: HandReplay) -> None:
    shot = picture(table_png(revoke, 20))
    assert shot.size == (1280, 944)
    colours = shot.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50  # text, cards, suits, team colours
    counts = {colour: n for n, colour in colours}
    pixels = 1280 * 944
    felt = counts.get(FELT, 0)
    assert 0.25 < felt / pixels < 0.85  # the table is there and is not all there is
    drawn = pixels - felt - counts.get(WHITE, 0)
    assert drawn > 0.08 * pixels  # cards, names, the header
    red = sum(n for n, (r, g, b) in colours if r > 150 and g < 90 and b < 90)
    assert red > 500  # hearts and diamonds, team 2&4's plates


def test_different_steps_give_different_images(revoke: HandReplay) -> None:
    shots = [table_png(revoke, step) for step in (0, 20, 41, -1)]
    assert len(set(shots)) == 4


def test_a_negative_step_counts_from_the_end(revoke: HandReplay) -> None:
    last = len(revoke.states) - 1
    assert table_png(revoke, -1) == table_png(revoke, last)
    with pytest.raises(ValueError, match=f"no step {last + 1}: the hand's steps are 0 to {last}"):
        table_png(revoke, last + 1)


def test_hidden_hands_are_drawn_face_down(revoke: HandReplay) -> None:
    everyone = picture(table_png(revoke, 20))
    one_seat = picture(table_png(revoke, 20, seats={1}))
    top = (400, 160, 880, 240)  # seat 3's hand
    bottom = (400, 760, 880, 840)  # seat 1's hand
    assert everyone.crop(bottom).tobytes() == one_seat.crop(bottom).tobytes()
    assert everyone.crop(top).tobytes() != one_seat.crop(top).tobytes()


def test_the_kitty_is_face_down_until_the_end(revoke: HandReplay) -> None:
    corner = (990, 700, 1260, 840)
    down = picture(table_png(revoke, 20)).crop(corner)
    up = picture(table_png(revoke, 20, reveal_kitty=True)).crop(corner)
    assert down.tobytes() != up.tobytes()
    end = picture(table_png(revoke, -1)).crop(corner)
    end_up = picture(table_png(revoke, -1, reveal_kitty=True)).crop(corner)
    assert end.tobytes() == end_up.tobytes()  # the hand is over: the kitty is shown anyway


def test_a_finding_is_written_under_the_table(revoke: HandReplay) -> None:
    revoke_step = next(s.step for s in revoke.states if s.findings)
    footer = (0, 860, 1280, 944)
    with_finding = picture(table_png(revoke, revoke_step)).crop(footer)
    reds = sum(n for n, (r, g, b) in with_finding.getcolors(1 << 20) or [] if r > 150 and g < 90)
    assert reds > 300


def test_step_captions_say_what_happened_in_both_languages(revoke: HandReplay) -> None:
    assert step_caption(revoke, 0) == "The deal"
    assert step_caption(revoke, 0, "zh") == "发牌"
    play = next(s.step for s in revoke.states if s.findings)
    assert step_caption(revoke, play) == "Trick 8 · seat 2 plays ♥7"
    assert step_caption(revoke, play, "zh") == "第 8 轮 · 2 号位出 ♥7"
    trick = next(s.step for s in revoke.states if s.kind is StepKind.TRICK)
    assert step_caption(revoke, trick) == "Trick 1 won by seat 1, 30 points"
    assert step_caption(revoke, -1) == "End of the hand · Defenders 85 · defenders +0"
    failed = next(s.step for s in revoke.states if "/" in str(s.event) and s.kind is StepKind.PLAY)
    assert step_caption(revoke, failed).endswith("♥8 ♥5 → ♥5 (failed throw)")


def _fonts(monkeypatch: pytest.MonkeyPatch, fonts: Fonts) -> None:
    monkeypatch.setattr(table, "find_fonts", lambda: fonts)


def test_without_a_chinese_font_chinese_names_draw_as_boxes_with_a_warning(
    revoke: HandReplay, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = table.find_fonts()
    _fonts(monkeypatch, Fonts(real.regular, real.bold, None))
    warnings.simplefilter("error", FontWarning)
    with pytest.raises(FontWarning, match="fonts-noto-cjk"):
        table_png(revoke, 0)
    plain = replay(parse_hand(ASCII))
    table_png(plain, 5)  # nothing Chinese to draw: no warning
    with pytest.warns(FontWarning):
        table_png(plain, 5, "zh")  # the labels are Chinese


def test_without_dejavu_the_image_is_drawn_with_pillows_own_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fonts(monkeypatch, Fonts(None, None, None))
    with pytest.warns(FontWarning, match="fonts-dejavu-core"):
        shot = picture(table_png(replay(parse_hand(ASCII)), 5))
    assert shot.size == (1280, 944)
    assert len(shot.getcolors(1 << 20) or []) > 20


def test_fonts_are_found_through_fontconfig(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Simplified Chinese face comes first, then Noto; DejaVu's Book style, not its
    condensed cut."""
    files = {}
    for name in ("wqy-microhei.ttc", "NotoSansCJK-Regular.ttc", "DejaVuSans.ttf"):
        files[name] = tmp_path / name
        files[name].write_bytes(b"")
    listing = {
        ":lang=zh-cn": [
            f"{files['wqy-microhei.ttc']}|0|WenQuanYi Micro Hei",
            f"{files['NotoSansCJK-Regular.ttc']}|0|Noto Sans CJK JP",
            f"{files['NotoSansCJK-Regular.ttc']}|2|Noto Sans CJK SC",
        ],
        "DejaVu Sans:style=Book": [
            "/nowhere/DejaVuSansCondensed.ttf",
            str(files["DejaVuSans.ttf"]),
        ],
    }
    monkeypatch.setattr(table, "_fontconfig", lambda pattern, _format: listing.get(pattern, []))
    assert table._cjk() == (str(files["NotoSansCJK-Regular.ttc"]), 2)
    assert table._dejavu("Book", "/nowhere/DejaVuSans.ttf") == str(files["DejaVuSans.ttf"])
    monkeypatch.setattr(table, "_fontconfig", lambda pattern, _format: [])
    assert table._dejavu("Book", str(files["DejaVuSans.ttf"])) == str(files["DejaVuSans.ttf"])
    assert table._dejavu("Book", "/nowhere/DejaVuSans.ttf") is None


def test_an_image_can_be_drawn_at_every_step_of_a_short_hand() -> None:
    played = replay(parse_hand(ASCII))
    shots = {table_image(played, step).tobytes() for step in range(len(played.states))}
    assert len(shots) == len(played.states)
