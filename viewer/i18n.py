"""The viewer's words in its languages: UI labels, rule terms, finding codes, marks.

Every label is looked up by a key, the message catalogue's ``label.<key>``
(:mod:`notation.messages.labels`); a key the catalogue lacks is shown as the key itself,
so a typo is visible, not fatal. plotly.js's own words keep plotly's English as their keys.

>>> tr("zh", "trump")
'主'
>>> finding_label("en", "follow-suit")
'failed to follow the led suit'
>>> tr("en", "log_trick", n=3, seat=2, points=15)
'Trick 3: seat 2 wins, 15 points'
"""

from __future__ import annotations

from typing import Final, Literal

from notation.findings import CATALOGUE, meaning
from notation.labels import label
from notation.messages import TEMPLATES, has, keys, say, say_cards_in
from notation.psn.model import GLYPH_OF

__all__ = [
    "LANGUAGES",
    "PLOTLY_ZH",
    "PLOTLY_ZH_DATES",
    "Lang",
    "card_name",
    "finding_label",
    "glyph_label",
    "kind_label",
    "seat_name",
    "tr",
]

Lang = Literal["en", "zh"]
LANGUAGES: Final[dict[str, str]] = {"en": "English", "zh": "中文"}

# plotly.js's words on a chart (its mode bar's tooltips, its notices), keyed by the English
# of the plotly.js Streamlit bundles; the Chinese is plotly.js's own zh-CN locale
# (lib/locales/zh-cn.js), its "snapshot" read as the image the button now downloads and
# without the English it keeps in brackets.
PLOTLY_ZH: Final[dict[str, str]] = {
    "Autoscale": "自动缩放",
    "Box Select": "矩形框选",
    "Compare data on hover": "悬停时比较数据",
    "Double-click on legend to isolate one trace": "双击图例来突显对应轨迹",
    "Double-click to zoom back out": "双击返回缩小显示",
    "Download plot as a PNG": "下载图表为PNG格式",
    "Download plot": "下载图表",
    "Image download succeeded": "图片下载成功",
    "Lasso Select": "套索选择",
    "Pan": "平移",
    "Preparing image - this may take a few seconds": "正在生成图片 - 可能需要几秒钟",
    "Reset": "重置",
    "Reset axes": "重置轴",
    "Reset view": "重置视图",
    "Reset views": "重置视图",
    "Show closest data on hover": "悬停时显示最近的数据",
    "Sorry, there was a problem downloading your image!": "抱歉，下载图片出现问题！",
    "Toggle Spike Lines": "切换显示数据点辅助线",
    "Toggle show closest data on hover": "切换悬停时显示最近的数据点",
    "Zoom": "缩放",
    "Zoom in": "放大",
    "Zoom out": "缩小",
}


# plotly.js's zh-CN dates (the same locale): no chart here has a date axis, but a
# locale without them would leave plotly's English names of days and months.
PLOTLY_ZH_DATES: Final[dict[str, object]] = {
    "days": ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"],
    "shortDays": ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
    "months": [f"{m}月" for m in "一二三四五六七八九十"] + ["十一月", "十二月"],
    "shortMonths": [*"一二三四五六七八九十", "十一", "十二"],
    "date": "%Y-%m-%d",
}


def tr(lang: str, key: str, **values: object) -> str:
    """The label ``key`` in ``lang`` (the catalogue's ``label.<key>``), with ``{names}``
    filled in from ``values``: :func:`notation.labels.label`, the handout's too (a typo
    is visible, not fatal)."""
    return label(lang, key, **values)


def kind_label(lang: str, kind: str) -> str:
    """A rule term or step kind (``declare``, ``kitty``, ``trick`` …) in ``lang``."""
    return say(f"term.{kind}", lang) if has(f"term.{kind}") else kind


def finding_label(lang: str, code: str) -> str:
    """What a finding code means, in ``lang`` (``follow-suit`` → 没有跟首出的花色); an
    unknown code as itself."""
    return meaning(code, lang) if code in CATALOGUE else code


def glyph_label(lang: str, nag: int) -> str:
    """A mark as shown: ``! (good play)`` (``! (好牌)``); one with no glyph by its number,
    ``mark 14`` (``14 号标记``), never PGN's ``$14``.

    >>> glyph_label("zh", 1), glyph_label("en", 14)
    ('! (好牌)', 'mark 14')
    """
    if nag in GLYPH_OF and has(f"glyph.{nag}"):
        return f"{GLYPH_OF[nag]} ({say(f'glyph.{nag}', lang)})"
    return say("label.mark_n", lang, n=nag)


def seat_name(lang: str, seat: int, player: str | None = None) -> str:
    """``Seat 3 · Cai`` / ``3 号位 · Cai``."""
    base = say("label.seat_n", lang, n=seat)
    return f"{base} · {player}" if player else base


def card_name(lang: str, card: object) -> str:
    """A card as a screen reader (and a button's name) says it: ``♠A``, the jokers by the
    catalogue's names; in Chinese its name, ``黑桃A``, ``大王``.

    >>> from notation.rules.cards import Card
    >>> ace, joker = Card.parse("SA"), Card.parse("BJ")
    >>> card_name("en", ace), card_name("zh", ace), card_name("zh", joker)
    ('♠A', '黑桃A', '大王')
    """
    chinese = getattr(card, "chinese", None)
    if lang == "zh" and isinstance(chinese, str):
        return chinese
    return say_cards_in([card], lang)


def severity_label(lang: str, severity: str) -> str:
    """error / warning / info in ``lang``."""
    return tr(lang, f"severity_{severity}")


GLYPH_CHOICES: Final = (0, 1, 2, 3, 4, 5, 6)  # 0: no glyph


def missing_labels() -> list[str]:
    """The viewer's labels some language of the catalogue lacks (a test keeps this empty)."""
    return sorted(
        key
        for key in keys()
        if key.startswith(("label.", "term.", "glyph."))
        and any(key not in TEMPLATES[lang] for lang in LANGUAGES)
    )
