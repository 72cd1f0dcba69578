"""The rules' names and the rule card (``shengji rules``): each rule's name for a reader
(``rule.<id>``, :func:`~notation.messages.rule_name`), the card's section headings, each
field's label, the closed choices in the words a referee reads at the table, and the
card's own words (``rulecard.*``). The English card gives the Chinese terms beside its own.

A clause is cited by the catalogue's words (``clause.*``, :func:`cite`): the rule
document by its title, the place in it, the sentence quoted as written, and the rule's
own text in the reader's language (the rule set's words, where it gives them in it).

>>> from notation.rules.clauses import Clause, Title
>>> c = Clause("000§6.五.2", "Pairs for a pair.", zh="须跟对子。",
...            doc=Title("Shuangsheng game rules", "双升的游戏规则"), section="五.2",
...            quote="必须也跟出该花色的对子")
>>> cite(c, "zh")
'《双升的游戏规则》五.2：“必须也跟出该花色的对子”——须跟对子。'
>>> cite(c, "en")
'"Shuangsheng game rules" (双升的游戏规则) §5.2: “必须也跟出该花色的对子” — Pairs for a pair.'
"""

from __future__ import annotations

from typing import Final

from notation.messages.core import Message, Param, msg
from notation.rules.clauses import Clause, english_numbers

__all__ = ["CATALOGUE", "cite", "clause_source"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- each rule's name for a reader (the players' own words) ---------------------------
    "rule.deal.decks": ("the deal", "发牌"),
    "rule.bid.declare": ("declaring trump", "亮主"),
    "rule.bid.reinforce": ("reinforcing a declaration", "上保险（加固）"),
    "rule.bid.counter": ("countering a declaration", "反主"),
    "rule.bid.window": ("when a counter is allowed", "反主时机"),
    "rule.bid.fallback": ("trump when nobody declares", "无人亮主"),
    "rule.kitty.exchange": ("picking up and burying the kitty", "拿底与扣底"),
    "rule.play.turn": ("whose turn it is", "出牌顺序"),
    "rule.play.held": ("playing cards one holds", "只出手中的牌"),
    "rule.play.count": ("as many cards as the lead", "出牌张数"),
    "rule.play.lead": ("what may be led", "首出牌型"),
    "rule.follow.suit": ("following suit", "跟花色"),
    "rule.follow.pair": ("following a pair", "跟对子"),
    "rule.follow.tractor": ("following a tractor", "跟拖拉机"),
    "rule.throw.validity": ("throws", "甩牌"),
    "rule.throw.penalty": ("what a failed throw costs", "甩牌失败的处罚"),
    "rule.trick.winner": ("who wins a trick", "一轮的大小"),
    "rule.trick.ruff": ("ruffing", "毙牌（杀牌）"),
    "rule.score.points": ("points", "得分"),
    "rule.score.kitty": ("the kitty's multiplier", "抠底倍数"),
    "rule.score.levels": ("the level table", "升级表"),
    "rule.score.next_dealer": ("the next dealer", "轮庄"),
    "rule.match.progress": ("levels and dealers across hands", "级数与庄家的延续"),
    "rule.match.must_play": ("levels that must be played", "必打级"),
    "rule.match.misplay": ("misplays", "出错牌的处罚"),
    "rule.match.card_count": ("too many or too few cards", "多牌少牌"),
    # --- the rule card's sections (shengji rules) ----------------------------------------
    "rulecard.section.cards": ("Card order (牌序)", "牌序"),
    "rulecard.section.bidding": ("Bidding (亮主 · 反主)", "亮主 · 反主"),
    "rulecard.section.follow": ("Following (跟牌)", "跟牌"),
    "rulecard.section.throw": ("Failed throw (甩牌失败)", "甩牌失败"),
    "rulecard.section.kitty": ("Kitty (底牌 · 抠底)", "底牌 · 抠底"),
    "rulecard.section.scoring": ("Level table (升级)", "升级"),
    "rulecard.section.match": ("Match (比赛)", "比赛"),
    "rulecard.section.penalties": ("Penalties (罚则)", "罚则"),
    "rulecard.section.tribute": ("Tribute (进贡)", "进贡"),
    # each field's label
    "rulecard.field.permanent_twos": ("every 2 is trump (2为常主)", "2为常主"),
    "rulecard.field.rank_above_jokers": ("rank cards above the jokers", "级牌大于王"),
    "rulecard.field.declare_with": ("declare with", "报主用"),
    "rulecard.field.direct_no_trump": (
        "jokers may declare no-trump directly",
        "可直接用对王亮无主",
    ),
    "rulecard.field.counter_with": ("counter with", "反主用"),
    "rulecard.field.equal_shape_counters": (
        "a higher suit counters an equal shape",
        "同样牌型花色大者可反",
    ),
    "rulecard.field.suit_order": ("suit order (high → low)", "花色顺序（从大到小）"),
    "rulecard.field.self_counter": ("the declarer may counter themselves (自反)", "可以自反"),
    "rulecard.field.reinforce_by": ("who may reinforce", "谁可加固"),
    "rulecard.field.reinforce_with": ("reinforce with", "加固用"),
    "rulecard.field.first_hand_window": ("counters in the first hand", "第一局反主"),
    "rulecard.field.first_hand_counter_takes_deal": (
        "first-hand counter becomes dealer (反主反打)",
        "第一局反主者坐庄（反主反打）",
    ),
    "rulecard.field.deal_passes_to_declarer": (
        "dealer's side declares nothing: the declarer deals (谁亮主谁坐庄)",
        "庄家方亮不起主时谁亮主谁坐庄",
    ),
    "rulecard.field.later_hand_window": ("counters in later hands", "以后各局反主"),
    "rulecard.field.counter_after_fallback": ("a turned card may be countered", "翻牌定的主可以反"),
    "rulecard.field.fallback": ("nobody declares", "无人亮主"),
    "rulecard.field.fallback_kitty_card": ("kitty card turned", "翻底牌第几张"),
    "rulecard.field.shorter_tractor": (
        "a longer tractor led, a shorter one held",
        "首家出长拖拉机，手中只有短的",
    ),
    "rulecard.field.penalty_per_card": ("points per card", "每张罚分"),
    "rulecard.field.penalty_counts": ("cards counted", "计罚的牌"),
    "rulecard.field.size": ("kitty size", "底牌张数"),
    "rulecard.field.multiplier": ("multiplier", "倍数"),
    "rulecard.field.max_multiplier": ("largest multiplier (0: no cap)", "最高倍数（0：不封顶）"),
    "rulecard.field.side_win_multiplier": (
        "won with side cards (0: as trumps)",
        "副牌抠底倍数（0：同主牌）",
    ),
    "rulecard.field.start_level": ("first level", "起打级"),
    "rulecard.field.must_play": ("must-play levels (逢N必打)", "必打级（逢N必打）"),
    "rulecard.field.goal": ("end of the match", "比赛结束"),
    "rulecard.field.goal_rank": ("goal level", "目标级"),
    "rulecard.field.take_over": ("level after a take-over (上台)", "上台后的级别"),
    "rulecard.field.misplay_levels": ("levels lost per misplay", "每次出错牌降级"),
    "rulecard.field.misplay_strikes_to_lose": (
        "misplays that lose the match (0: never)",
        "累计几次判负（0：不判负）",
    ),
    "rulecard.field.wrong_card_count": ("wrong card count (多牌少牌)", "多牌少牌"),
    "rulecard.field.wrong_card_count_levels": ("levels for a wrong card count", "多牌少牌升降级数"),
    "rulecard.field.cards": (
        "cards given after a kitty capture (0: none)",
        "抠底后进贡张数（0：不进贡）",
    ),
    # closed choices in words a referee reads at the table (the YAML value follows in
    # brackets)
    "rulecard.value.single": ("one rank card", "一张级牌"),
    "rulecard.value.pair": ("a pair of rank cards", "一对级牌"),
    "rulecard.value.joker_with_single": ("joker + rank card", "王带一张级牌"),
    "rulecard.value.joker_with_pair": ("joker + pair of rank cards", "王带一对级牌"),
    "rulecard.value.two_jokers": ("a pair of jokers (无主)", "一对王（无主）"),
    "rulecard.value.self": ("the declarer (自保)", "亮主者（自保）"),
    "rulecard.value.partner": ("the partner (对家保)", "对家（对家保）"),
    "rulecard.value.none": ("none", "无"),
    "rulecard.value.before_pickup": ("until the dealer picks up the kitty", "庄家拿底牌之前"),
    "rulecard.value.after_bury": (
        "after the bury, in turn from the dealer's next player (炒底)",
        "扣底之后，从庄家下家起依次（炒底）",
    ),
    "rulecard.value.kitty_card": (
        "a kitty card's suit; a joker → no-trump",
        "底牌中一张的花色；王则无主",
    ),
    "rulecard.value.flipped_card": (
        "the suit of the card flipped before the deal",
        "发牌前翻出的牌的花色",
    ),
    "rulecard.value.redeal": ("draw for the dealer, else deal again", "抽牌定庄，不成则重新发牌"),
    "rulecard.value.doubling": (
        "doubling: single 2, pair 4, tractor 8, ×2 per extra pair",
        "翻倍：单张2，对子4，拖拉机8，每多一对×2",
    ),
    "rulecard.value.power_of_cards": ("2^(cards in the unit)", "2的张数次方"),
    "rulecard.value.pairs_times_four": (
        "single 2, pair 4, tractor 4 × pairs",
        "单张2，对子4，连对4×对数",
    ),
    "rulecard.value.power_of_pairs_plus_one": (
        "single 2, pair 4, tractor 2^(pairs+1)",
        "单张2，对子4，拖拉机2的（对数+1）次方",
    ),
    "rulecard.value.must": (
        "it must be played, longest first, before other pairs",
        "必须先出，长的先出，再出其他对子",
    ),
    "rulecard.value.optional": (
        "only a tractor of the led length is owed; else any pairs",
        "只须跟同样长的拖拉机；否则跟任意对子",
    ),
    "rulecard.value.withdrawn": ("cards that could not be thrown", "甩不出去的牌"),
    "rulecard.value.beaten": ("cards that were beaten (被管)", "被管的牌"),
    "rulecard.value.pass": ("the first team past the goal level wins", "先过目标级者胜"),
    "rulecard.value.win_as_dealer": (
        "win a hand as dealer at the goal level (报A)",
        "在目标级坐庄打过（报A）",
    ),
    "rulecard.value.fixed": ("fixed result against the side at fault", "按固定结果判出错方"),
    "rulecard.value.played_out": (
        "played out; the side at fault loses the hand",
        "打完本局，出错方判负",
    ),
    "rulecard.value.own": (
        "the defenders' own level, plus the levels won",
        "闲家自己的级别加上所升级数",
    ),
    "rulecard.value.over_dealer": (
        "the old dealer's level, +1 for the take-over, plus the levels won",
        "原庄家级别，上台加1，再加所升级数",
    ),
    # the suits of the bidding order (in English as the YAML writes them)
    "rulecard.suit.BJ": ("BJ", "大王"),
    "rulecard.suit.LJ": ("LJ", "小王"),
    "rulecard.suit.S": ("S", "黑桃"),
    "rulecard.suit.H": ("H", "红桃"),
    "rulecard.suit.C": ("C", "梅花"),
    "rulecard.suit.D": ("D", "方片"),
    # the card's own words
    "rulecard.sources": ("Sources: ", "出处："),
    "rulecard.play": ("Deal and play (发牌 · 出牌)", "发牌 · 出牌"),
    "rulecard.yes": ("yes", "是"),
    "rulecard.no": ("no", "否"),
    "rulecard.table": ("level table: {name}", "升级表：{name}"),
    "rulecard.dealer": ("dealer +{n}", "庄家升{n}级"),
    "rulecard.take_over": ("defenders take over (上台)", "闲家上台"),
    "rulecard.defenders": ("defenders +{n}", "闲家升{n}级"),
    "rulecard.step": (", then +1 per {step} points", "，以后每{step}分多升1级"),
    "rulecard.examples": ("multiplier examples: {shown}", "倍数举例：{shown}"),
    "rulecard.single": ("single", "单张"),
    "rulecard.pair": ("pair", "对子"),
    "rulecard.tractor-2": ("tractor of 2", "两对拖拉机"),
    "rulecard.of-3": ("of 3", "三对"),
    # the card's head: the rule set's name and title, its documents (the Chinese card
    # leaves out the English the rule set gives beside the Chinese)
    "rulecard.title": ("{name} — {en} · {zh}", "{name} — {zh}"),
    "rulecard.document": ('"{en}" ({zh})', "《{zh}》"),
    "rulecard.documents": ("; ", "、"),
    "rulecard.field": ("  {label}: {value}", "  {label}：{value}"),
    "rulecard.clause": ("  § {rule}: {cited}", "  § {name}：{cited}"),
    "rulecard.multiplier": ("{unit} ×{times}", "{unit} ×{times}"),
    # --- a clause cited: the document, the place, the quoted words, the rule -----------
    # place: a numbered part (五.2, English §5.2) or a heading (【出牌规则】) of the document
    "clause.source": ('"{doc_en}" ({doc_zh}){place}', "《{doc_zh}》{place}"),
    "clause.place.numbered": (" §{number}", "{section}"),
    "clause.place.heading": (" {number}", "{section}"),
    "clause.cite": ("{source}: {words}", "{source}：{words}"),
    "clause.cite.quoted": ("{source}: “{quote}” — {words}", "{source}：“{quote}”——{words}"),
    "clause.cite.quote-only": ("{source}: “{quote}”", "{source}：“{quote}”"),
}


def clause_source(clause: Clause) -> Message:
    """The document and place a clause stands in, without the quote (``《双升的游戏规则》
    五.2``); without a document, its reference as written (``club §3``)."""
    if clause.doc is None:
        return msg("text", text=clause.ref)
    number = english_numbers(clause.section)
    place: Param = ""
    if number:  # a heading (【出牌规则】, 牌型介绍) is no number
        kind = "numbered" if number[:1].isdigit() else "heading"
        place = msg(f"clause.place.{kind}", number=number, section=clause.section)
    return msg("clause.source", doc_en=clause.doc.en, doc_zh=clause.doc.zh, place=place)


def cite(clause: Clause, lang: str = "en") -> str:
    """The citation a reader is shown, in ``lang``: document, place, the quoted words and
    the rule's text. The text is left out where the rule set gives none in ``lang``, or it
    only repeats the quote; without a quote, it is given in English where the rule set
    has it in no other language."""
    source = clause_source(clause)
    if not clause.quote:
        return msg("clause.cite", source=source, words=clause.words(lang)).render(lang)
    own = clause.words(lang, fallback=False)
    if own in ("", clause.quote):
        return msg("clause.cite.quote-only", source=source, quote=clause.quote).render(lang)
    return msg("clause.cite.quoted", source=source, quote=clause.quote, words=own).render(lang)
