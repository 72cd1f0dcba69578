"""English and Chinese labels of the handout and the table image.

One small table, looked up by key: a key missing in Chinese falls back to English, and a
key missing altogether is shown as itself, so a typo is visible, not fatal. The Chinese
words are the players' own (README, Terms): 主, 庄家, 闲家, 底牌, 扣底, 分, 级.

>>> label("zh", "kitty"), label("en", "trick_n", n=3), label("zh", "seat_n", n=2)
('底牌', 'Trick 3', '2 号位')
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["LANGS", "Lang", "glyph_name", "label"]

Lang = Literal["en", "zh"]
LANGS: Final = ("en", "zh")

_LABELS: Final[dict[str, tuple[str, str]]] = {
    # the hand
    "hand_n": ("Hand {n}", "第 {n} 局"),
    "rules": ("Rule set", "规则"),
    "players": ("Players", "牌手"),
    "seat": ("Seat", "座位"),
    "seat_n": ("Seat {n}", "{n} 号位"),
    "team13": ("Team 1&3", "1、3 号位"),
    "team24": ("Team 2&4", "2、4 号位"),
    "dealer": ("Dealer", "庄家"),
    "defenders": ("Defenders", "闲家"),
    "levels": ("Levels", "级数"),
    "trump": ("Trump", "主"),
    "no_trump": ("NT", "无主"),
    "not_known": ("not known", "未知"),
    "kitty": ("Kitty", "底牌"),
    "kitty_dealt": ("Kitty as dealt", "原底牌"),
    "kitty_face_down": ("{n} cards face down", "{n} 张扣着"),
    "not_recorded": ("not recorded", "未记录"),
    "unknown_cards": ("{n} not recorded", "{n} 张未记录"),
    "points": ("Points", "分"),
    "to_play": ("to play", "出牌"),
    "winning": ("winning", "最大"),
    "step_of": ("step {n} of {last}", "第 {n} 步（共 {last} 步）"),
    # sections of the handout
    "deal": ("The deal", "发牌"),
    "bidding": ("Bidding and kitty", "叫主与扣底"),
    "no_bids": ("No bid is recorded.", "没有叫主记录。"),
    "tricks": ("Tricks", "出牌"),
    "annotations": ("Annotations", "批注"),
    "no_annotations": ("This hand has no annotations.", "本局没有批注。"),
    "analysis": ("Analysis", "分析"),
    "graphs": ("Graphs", "图表"),
    "findings": ("Findings", "问题"),
    "no_findings": ("No rule was broken in this hand.", "本局没有违规。"),
    "result": ("Result", "结果"),
    "recorded": ("Recorded", "记录"),
    "by_rules": ("By the rules", "按规则"),
    "levels_after": ("Levels after the hand", "本局后级数"),
    # the bidding
    "who": ("Who", "谁"),
    "what": ("What", "叫法"),
    "cards": ("Cards", "牌"),
    "draw": ("Drawn", "摸牌数"),
    "declare": ("declares", "亮主"),
    "reinforce": ("reinforces", "加固"),
    "counter": ("counters", "反主"),
    "fallback": ("fallback trump", "定主（无人亮主）"),
    "bury": ("buries", "扣底"),
    "bury_from": ("holding after the pick-up", "拿底后手牌"),
    # the tricks
    "trick": ("Trick", "轮"),
    "trick_n": ("Trick {n}", "第 {n} 轮"),
    "won_by": ("Won by", "得牌"),
    "won_by_seat": ("won by seat {seat}", "{seat} 号位得"),
    "trick_points": ("Points", "得分"),
    "defenders_total": ("Defenders", "闲家累计"),
    "leads": ("leads", "首出"),
    "failed_throw": ("failed throw", "甩牌失败"),
    "penalties": ("failed-throw penalties", "甩牌罚分"),
    # annotations and analysis
    "before_hand": ("before the hand", "开局前"),
    "at_deal": ("the deal", "发牌"),
    "at_bid": ("seat {seat} {what}", "{seat} 号位{what}"),
    "at_fallback": ("the fallback trump", "定主"),
    "at_bury": ("seat {seat}'s bury", "{seat} 号位扣底"),
    "at_trick": ("trick {n}", "第 {n} 轮"),
    "at_play": ("trick {n}, seat {seat}", "第 {n} 轮 {seat} 号位"),
    "at_result": ("the result", "结果"),
    "variation": ("Instead", "变着"),
    "where": ("Where", "位置"),
    "play": ("Play", "出牌"),
    "mark": ("Mark", "标记"),
    "eval": ("Eval", "评估"),
    "best": ("Best", "最佳"),
    "loss": ("Loss", "损失"),
    "other": ("Other", "其他"),
    # graphs
    "chart_defenders": ("Defenders' points by trick", "闲家逐轮得分"),
    "chart_tricks": ("Points won per trick", "每轮得分"),
    "chart_kitty": ("kitty", "底牌"),
    "band_dealer": ("dealer +{n}", "庄家升 {n} 级"),
    "band_take_over": ("take over", "闲家上台"),
    "band_defenders": ("defenders +{n}", "闲家上台升 {n} 级"),
    # the result rows of the adjudication report (notation.report), by their English words
    "Defenders' points": ("Defenders' points", "闲家得分"),
    "Kitty points": ("Kitty points", "底牌分"),
    "Kitty multiplier": ("Kitty multiplier", "底牌倍数"),
    "Level change": ("Level change", "升级"),
    "Next dealer": ("Next dealer", "下一局庄家"),
    # the steps of a hand, for the table image
    "step_start": ("The deal", "发牌"),
    "step_bid": ("Seat {seat} {what} {cards}", "{seat} 号位{what} {cards}"),
    "step_fallback": ("Fallback trump {cards}", "定主 {cards}"),
    "step_kitty": ("Seat {seat} picks up the kitty and buries", "{seat} 号位拿底扣底"),
    "step_play": ("Trick {n} · seat {seat} plays {cards}", "第 {n} 轮 · {seat} 号位出 {cards}"),
    "step_trick": (
        "Trick {n} won by seat {seat}, {points} points",
        "第 {n} 轮 {seat} 号位得，{points} 分",
    ),
    "step_end": ("End of the hand", "本局结束"),
}

# The glyphs' meanings ($1 .. $6, as in PGN).
_GLYPH_NAMES: Final[dict[str, tuple[str, str]]] = {
    "!": ("good play", "好棋"),
    "?": ("mistake", "失误"),
    "!!": ("brilliant", "妙着"),
    "??": ("blunder", "大错"),
    "!?": ("interesting", "有趣"),
    "?!": ("dubious", "可疑"),
}


def label(lang: str, key: str, **values: object) -> str:
    """The label ``key`` in ``lang`` (``en`` or ``zh``), ``{names}`` filled from ``values``."""
    en, zh = _LABELS.get(key, (key, key))
    text = zh if lang == "zh" else en
    return text.format(**values) if values else text


def glyph_name(lang: str, glyph: str) -> str:
    """What a glyph says in words: ``?!`` → dubious (可疑); an unknown one as itself."""
    en, zh = _GLYPH_NAMES.get(glyph, (glyph, glyph))
    return zh if lang == "zh" else en
