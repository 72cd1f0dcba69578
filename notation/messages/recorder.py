"""The recorder's refusals (:mod:`notation.recorder`): an entry it cannot take at this
point, or cards typed that it cannot read, in English and Chinese (a rule broken is a
finding, not one of these)."""

from __future__ import annotations

from typing import Final

__all__ = ["CATALOGUE"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    "rec.auction-only": (
        "only a bid, a fallback or a bury goes in the auction",
        "叫牌区只能记叫牌、无人叫主的处理或扣底",
    ),
    "rec.not-a-card": ("not a card: {card}", "不是一张牌：{card}"),
    "rec.not-chosen": ("{card} is not among the cards chosen", "{card} 不在已选的牌中"),
    "rec.none-chosen": ("no card chosen yet", "还没有选牌"),
    "rec.no-failed-throw": ("no failed throw is waiting", "没有等待处理的失败甩牌"),
    "rec.nothing-waiting": ("no entry is waiting", "没有等待确认的记录"),
    "rec.version": ("not a recording of this version", "不是这个版本的记录"),
    "rec.waiting-unreadable": ("the waiting entry cannot be read", "等待确认的记录无法读取"),
    "rec.not-a-recording": ("not a recording: {why}", "不是一份记录：{why}"),
    "rec.rule-waiting": (
        "an entry breaks a rule: accept it or discard it first",
        "有一条记录违反规则：请先接受或放弃它",
    ),
    "rec.who-next": (
        "who plays next is not known: name the seat",
        "不知道下一手该谁出：请指明座位",
    ),
    "rec.waiting-not-last": (
        "the waiting entry is not the last of the hand",
        "等待确认的记录不是这一局的最后一条",
    ),
    "rec.too-many": ("too many cards chosen", "选的牌太多了"),
    # cards typed into the viewer's recorder (viewer/record_view.py)
    "rec.typed-throw": (
        "a failed throw is the cards tried, '/', the cards played",
        "失败的甩牌写作：甩出的牌、'/'、实际出的牌",
    ),
    "rec.typed-play": ("type the cards played, like s10 hk bj", "请输入出的牌，如 s10 hk bj"),
    "rec.typed-draw": (
        "the draw count is a number of cards drawn, not {draw!r}",
        "摸牌数是已摸的牌的张数，而不是 {draw!r}",
    ),
    "rec.typed-shown": ("name the cards shown, like h5 or bj bj", "请写出亮的牌，如 h5 或 bj bj"),
}
