"""Words and parts of sentences that other messages are made of (counts, suits, sides,
level results)."""

from __future__ import annotations

from typing import Final

from notation.messages.core import Message

__all__ = ["CATALOGUE", "outcome_words"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- words and parts of sentences --------------------------------------------------
    "n.cards.one": ("{n} card", "{n} 张牌"),
    "n.cards.many": ("{n} cards", "{n} 张牌"),
    "n.levels.one": ("{n} level", "{n} 级"),
    "n.levels.many": ("{n} levels", "{n} 级"),
    "n.pairs.one": ("{n} pair", "{n} 对"),
    "n.pairs.many": ("{n} pairs", "{n} 对"),
    "suit.one.T": ("trump", "主牌"),
    "suit.one.S": ("spade", "黑桃"),
    "suit.one.H": ("heart", "红桃"),
    "suit.one.C": ("club", "梅花"),
    "suit.one.D": ("diamond", "方块"),
    "suit.one.None": ("card", "牌"),
    "suit.many.T": ("trumps", "主牌"),
    "suit.many.S": ("spades", "黑桃"),
    "suit.many.H": ("hearts", "红桃"),
    "suit.many.C": ("clubs", "梅花"),
    "suit.many.D": ("diamonds", "方块"),
    "suit.many.None": ("cards", "牌"),
    "trump.nt": ("NT {rank}", "无主 {rank}"),  # no-trump at a rank (a suited one: ♠2)
    "outcome.dealer": ("dealer +{levels}", "庄家升 {levels} 级"),
    "outcome.defenders": ("defenders +{levels}", "闲家上台并升 {levels} 级"),
    "outcome.take-over": ("defenders +0", "闲家上台"),
    "outcome.other": ("{side} +{levels}", "{side} +{levels}"),
    "bid.declare": ("declaration", "亮主"),
    "bid.reinforce": ("reinforcement", "加固"),
    "bid.counter": ("counter", "反主"),
    "kind.declare": ("declare", "亮主"),
    "kind.reinforce": ("reinforce", "加固"),
    "kind.counter": ("counter", "反主"),
    "place.hand": ("seat {seat}'s hand", "{seat} 号位的手牌"),
    "place.kitty": ("the kitty", "底牌"),
    "place.trick": ("seat {seat} in trick {trick}", "第 {trick} 轮的 {seat} 号位"),
    "places.two": ("{first} and {second}", "{first}和{second}"),
    "copies": ("{card} ×{n}", "{card} ×{n}"),
    # the jokers, as a referee names them among cards (the suited cards are ♠10, ♥K …)
    "card.BJ": ("BJ", "大王"),
    "card.LJ": ("LJ", "小王"),
    # what joins the items of a list (Seq's separators)
    "sep.list": (", ", "、"),
    "sep.comma": (", ", "，"),
    "sep.and": (" and ", "和"),
    "sep.semicolon": ("; ", "；"),
    "sep.then": (", then ", "，然后"),
    "sep.colon": (": ", "："),
    "sentence": ("{text}.", "{text}。"),
    "text": ("{text}", "{text}"),
    # an error's place in a file, then what it is (a.yaml:3:5: …)
    "located": ("{where}: {text}", "{where}: {text}"),
    # an error no message of the catalogue says (a library's own English): in Chinese
    "error.unsaid": ("{text}", "内容不完整或格式不对"),
    "joined": ("{first}{second}", "{first}{second}"),
    "syntax": ("{text}", "无法读取：{text}"),
    "rules.unknown": ("{reason}; replayed under {name}", "{reason}：按 {name} 规则重放"),
    # a hand that names no rule set (the validator's note, the report, the viewer's chip)
    "rules.default": (
        "no Rules header: judged under {name}, the default rule set",
        "没有 Rules 标头：按默认规则 {name} 判定",
    ),
    "rules.fallback": (
        "no rule set {name} is known: judged under {default}",
        "没有名为 {name} 的规则：按 {default} 判定",
    ),
    "rules.unreadable": (
        "no rule set {name} can be read",
        "规则 {name} 不存在或无法读取",
    ),
    "trump.unknown": (
        "no trump is known (no bid, fallback or Trump header): plays are not checked",
        "不知道主是什么（没有叫主、定主或 Trump 标头）：出牌不作检查",
    ),
}


def outcome_words(side: str, levels: int | None) -> Message:
    """A level result, ``dealer +2`` (庄家升 2 级), ``defenders +0`` (闲家上台),
    ``defenders +1`` (闲家上台并升 1 级): every place that says one says it so."""
    if side == "dealer":
        return Message("outcome.dealer", (("levels", levels),))
    if side == "defenders":
        key = "outcome.take-over" if levels == 0 else "outcome.defenders"
        return Message(key, (("levels", levels),))
    return Message("outcome.other", (("side", side), ("levels", levels)))
