"""The PSN reader's errors (:mod:`notation.psn.syntax`, :mod:`notation.psn.builder`):
what in a text is not PSN, in a player's words, in English and Chinese. The English
templates are the reader's own words; the Chinese say the same, with PSN's tokens
(``3:``, ``S10``, ``won by``) as they are written."""

from __future__ import annotations

from typing import Final

__all__ = ["CATALOGUE"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    "psn.seat-colon": (
        "a seat is a number 1 to 4 and a colon, like 3:",
        "座位是 1 到 4 的数字加冒号，如 3:",
    ),
    "psn.card-after-seat": (
        "expected a card like S10 or BJ after seat {seat}",
        "{seat} 后面应当是牌，如 S10 或 BJ",
    ),
    "psn.lone-unknown": (
        "a ?? standing alone is an unknown card and cannot stand here; "
        "write a glyph right after what it marks (S10??) or as $4",
        "单独的 ?? 是一张不明的牌，不能出现在这里；评注符号要紧跟在它所评的牌后面（S10??），"
        "或写成 $4",
    ),
    "psn.seat-first": (
        "a play names its seat first: expected a seat and its cards like 3: {card}{after}",
        "出牌要先写座位：应当是座位和牌，如 3: {card}{after}",
    ),
    "psn.unexpected": (
        "unexpected {shown}: expected {wanted}{after}",
        "这里不应出现 {shown}：应当是{wanted}{after}",
    ),
    "psn.ends-the-trick": (
        " ('won by' ends its trick: write it after the last play and that play's comments, "
        "marks and variations)",
        "（won by 结束它那一轮：要写在最后一手牌及其评注、符号和变着之后）",
    ),
    "psn.comment-open": (
        "this comment is never closed: '}}' is missing",
        "这条评注没有结束：缺少 '}}'",
    ),
    "psn.header-form": (
        'a header must look like [Tag "value"] and come before the moves',
        '标头要写成 [Tag "value"]，并放在着法之前',
    ),
    "psn.variation-open": (
        "a variation is never closed: ')' is missing at the end of the hand",
        "变着没有结束：这一局末尾缺少 ')'",
    ),
    "psn.ends-too-soon": (
        "the hand ends too soon: expected {wanted}{after}",
        "这一局结束得太早：还应当有{wanted}{after}",
    ),
    "psn.after": (" after {word}", "（在 {word} 之后）"),
    "psn.after-seat": (" after seat {word}", "（在 {word} 之后）"),
    "psn.after-trick": (" after trick {word}", "（在 {word} 之后）"),
    "psn.digits": (
        "a number of {n} digits: a number in PSN has at most {most}",
        "{n} 位的数字：PSN 里的数字最多 {most} 位",
    ),
    "psn.no-seat": (
        "no seat {value}: seats are 1, 2, 3 and 4",
        "没有 {value} 号位：座位是 1、2、3、4",
    ),
    "psn.kitty-twice": ("the kitty is written twice in the deal", "发牌里的底牌写了两次"),
    "psn.dealt-twice": ("seat {seat} is dealt twice", "{seat} 号位的牌发了两次"),
    "psn.play-variation-bids": (
        "a variation of a play holds plays and tricks, not bids or buries",
        "出牌的变着只能有出牌和轮次，不能有叫牌或扣底",
    ),
    "psn.trick-under-way": (
        "trick {number} is already under way in this variation",
        "这个变着里第 {number} 轮已经开始了",
    ),
    "psn.variation-trick": (
        "a variation of a play in trick {number} starts in trick {number}",
        "第 {number} 轮一手牌的变着要从第 {number} 轮开始",
    ),
    "psn.variation-number": (
        "plays in this variation need a trick number, like 1. 1: SA",
        "这个变着里的出牌要有轮次编号，如 1. 1: SA",
    ),
    "psn.empty-variation": (
        "an empty variation: write the alternative plays or bids",
        "空的变着：请写出替代的出牌或叫牌",
    ),
    "psn.trick-sequence": (
        "trick {number} is out of sequence: expected trick {expected}",
        "第 {number} 轮的编号不连续：应当是第 {expected} 轮",
    ),
    "psn.trick-from-1": ("tricks are numbered from 1", "轮次从 1 开始编号"),
    "psn.variation-seat": (
        "this variation replaces seat {seat}'s play, so it starts with seat {seat}",
        "这个变着替换的是 {seat} 号位的出牌，所以要从 {seat} 号位开始",
    ),
    "psn.four-plays": ("trick {number} already has four plays", "第 {number} 轮已经有四手牌了"),
    "psn.too-long": (
        "a hand of more than {most} characters, more than any hand holds: "
        "is a line pasted in, or a header line missing between hands?",
        "这一局超过 {most} 个字符，比任何一局都长：是粘贴进了一行，还是两局之间少了标头行？",
    ),
    "psn.too-deep": ("variations nested deeper than {most}", "变着嵌套超过了 {most} 层"),
    "psn.one-hand": ("expected exactly one hand, found {n}", "应当正好是一局，却有 {n} 局"),
    # reason: the card parser's English words, and in Chinese the word it could not read
    # what each terminal of the grammar is called in an error (psn.unexpected's wanted)
    "psn.term.SEAT_CARDS": ("a seat and its cards like 3: S10", "座位和牌，如 3: S10"),
    "psn.term.CARDS": ("a card like S10 or BJ", "牌，如 S10 或 BJ"),
    "psn.term.TRICK": ("a trick number like 5.", "轮次编号，如 5."),
    "psn.term.BID": (  # DECLARE, REINFORCE and COUNTER
        "a bid (declare, reinforce, counter)",
        "叫牌（declare、reinforce、counter）",
    ),
    "psn.term.BURY": ("bury", "bury（扣底）"),
    "psn.term.FALLBACK": ("fallback", "fallback（无人叫主时的处理）"),
    "psn.term.RESULT": ("result", "result（结果）"),
    "psn.term.DEAL": ("deal", "deal（发牌）"),
    "psn.term.DECK": ("deck", "deck（翻牌定主）"),
    "psn.term.KITTY": ("kitty", "kitty（底牌）"),
    "psn.term.FLIP": ("flip", "flip（翻底）"),
    "psn.term.TO": ("to (a trump like to NT)", "to（主花色，如 to NT）"),
    "psn.term.DRAW": ("a draw count like @37", "抓牌数，如 @37"),
    "psn.term.SLASH": ("/ (a failed throw)", "/（甩牌失败）"),
    "psn.term.BY": ("by (the seat that beat the throw)", "by（管住甩牌的座位）"),
    "psn.term.FROM": ("from (the hand after the pick-up)", "from（拿底后的手牌）"),
    "psn.term.WON": ("won by (the seat that won the trick)", "won by（赢这一轮的座位）"),
    "psn.term.INT": ("a number", "数字"),
    "psn.term.SIGNED": ("a level change like +1", "升级数，如 +1"),
    "psn.term.SIDE": ("dealer or defenders", "dealer 或 defenders"),
    "psn.term.STRAIN": ("a trump like S, H, C, D or NT", "主花色，如 S、H、C、D 或 NT"),
    "psn.term.MULT": ("a multiplier like x2", "倍数，如 x2"),
    "psn.term.POINTS": ("points", "points（分数）"),
    "psn.term.LEVEL": ("level", "level（级）"),
    "psn.term.NEXT": ("next", "next（下一盘庄家）"),
    "psn.term.SEAT": ("a seat like 3:", "座位，如 3:"),
    "psn.term.COLON": (":", "冒号 :"),
    "psn.term.HEADER": ('a header like [Event "Club night"]', '标头，如 [Event "Club night"]'),
    "psn.term.RPAR": (") to close the variation", ") 结束变着"),
    "psn.term.$END": ("the end of the hand", "这一局的结尾"),
    # right after 'won' or 'won by' (a trick's winner), 'by' and the number mean the seat
    "psn.term.BY_AFTER_WON": (
        "by and the seat that won the trick, like won by 3",
        "by 和赢这一轮的座位，如 won by 3",
    ),
    "psn.term.INT_AFTER_WON": (
        "the seat that won the trick, like won by 3",
        "赢这一轮的座位，如 won by 3",
    ),
    "psn.term.more": ("...", "……"),
    "psn.either": ("{first} or {last}", "{first}或{last}"),
}
