"""The reasons the rules core and the record model give (:class:`~notation.errors.
KeyedError`): a bid, bury or fallback the rules refuse (``bid.why.*``), a position or
play the game cannot reach (``game.why.*``), a rule set's values that do not fit together
(``ruleset.why.*``), a node the record model refuses (``model.why.*``).

The error keeps its key and facts; :func:`reason_message` makes the message, each fact a
parameter: cards as cards, a bid shape, a hand (the first or a later one), a phase, a
list, by its name and value (:func:`_fact`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final, Protocol, cast

from notation.errors import KeyedError
from notation.messages.core import (
    Capital,
    Message,
    Param,
    Seq,
    msg,
)
from notation.messages.replay import violation_message
from notation.rules.cards import Card, Suit
from notation.rules.units import Unit

__all__ = ["CATALOGUE", "reason", "reason_message"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- a bid, bury or fallback the rules refuse (notation/rules/bidding.py) -----------
    "bid.why.no-cards": ("a bid shows at least one card", "叫牌至少要亮一张牌"),
    "bid.why.draw-count": (
        "the draw count is 0..100 (cards dealt), not {draw}",
        "摸牌数是 0 到 100（已发的牌数），而不是 {draw}",
    ),
    "bid.why.bid-text": (
        "{text}: expected seat, kind and cards, like '2 counter S2 S2'",
        "{text}：应当是座位、叫牌种类和牌，如 '2 counter S2 S2'",
    ),
    "bid.why.not-rank": (
        "{cards} is not a card of the trump rank {rank}",
        "{cards} 不是主级别（{rank}）的牌",
    ),
    "bid.why.not-own-rank": (
        "{cards} is of the dealer's rank {dealer_rank}, at which only the dealer's side "
        "declares; the other side declares at its own rank, {rank}, and then deals "
        "(谁亮主谁坐庄)",
        "{cards} 是庄家的级别 {dealer_rank}，只有庄家一方按它亮主；另一方按自己的级别 {rank} "
        "亮主，亮主者坐庄（谁亮主谁坐庄）",
    ),
    "bid.why.jokers-not-pair": (
        "{cards}: a big and a little joker are not a pair",
        "{cards}：大王和小王不成对",
    ),
    "bid.why.jokers-alone": (
        "{cards}: jokers alone cannot declare (常主不可进行报主)",
        "{cards}：单用王不能亮主（常主不可进行报主）",
    ),
    "bid.why.one-suit": (
        "{cards}: the rank cards of a bid are of one suit",
        "{cards}：叫主的级牌必须是同一花色",
    ),
    "bid.why.too-many": ("{cards}: too many cards for a bid", "{cards}：叫主的牌太多了"),
    "bid.why.joker-colour": (
        "{cards}: the big joker goes with ♥ or ♦, the little joker with ♠ or ♣",
        "{cards}：大王配红桃或方块，小王配黑桃或梅花",
    ),
    "bid.why.draw-order": (
        "bid after {draw} cards dealt comes after a bid at {earlier}",
        "在发出 {draw} 张牌时的叫牌，写在了发出 {earlier} 张时的叫牌之后",
    ),
    "bid.why.play-started": ("bidding is over once play has started", "出牌开始后就不能再叫牌了"),
    "bid.why.closed": (
        "bidding closed when seat {seat} picked up the kitty: in {first} this rule set has "
        "no counters after the bury (炒底)",
        "{seat} 号位拿底后叫牌已经结束：{first}本规则不能炒底",
    ),
    "bid.why.declared": (
        "seat {seat} has declared already: counter or reinforce instead",
        "{seat} 号位已经亮主了：应当反主或加固",
    ),
    "bid.why.declare-in-deal": ("a trump is declared during the deal", "亮主要在发牌期间"),
    "bid.why.no-direct-nt": (
        "a pair of jokers cannot declare directly (不能直接亮无主): it only counters",
        "一对王不能直接亮主（不能直接亮无主），只能反主",
    ),
    "bid.why.shape-declare": (
        "{shape} cannot declare: declare with {allowed}",
        "{shape}不能亮主：亮主要用{allowed}",
    ),
    "bid.why.nothing-reinforce": (
        "nothing has been declared to reinforce",
        "还没有人亮主，无可加固",
    ),
    "bid.why.reinforce-in-deal": ("reinforcing happens during the deal", "加固要在发牌期间"),
    "bid.why.no-reinforcing": (
        "this rule set has no reinforcing (上保险)",
        "本规则没有加固（上保险）",
    ),
    "bid.why.reinforce-who": (
        "only the declarer{partner} may reinforce seat {seat}'s declaration",
        "只有亮主的人{partner}才能加固 {seat} 号位亮的主",
    ),
    "bid.why.or-partner": (" or partner", "或其同伴"),
    "bid.why.reinforce-suit": (
        "a reinforcement shows the declared suit, not {cards}",
        "加固必须亮已亮的花色，而不是 {cards}",
    ),
    "bid.why.shape-reinforce": (
        "{shape} cannot reinforce: reinforce with {allowed}",
        "{shape}不能加固：加固要用{allowed}",
    ),
    "bid.why.reinforce-weak": ("{cards} is no stronger than {old}", "{cards} 并不比 {old} 强"),
    "bid.why.nothing-counter": (
        "nothing has been declared to counter: declare instead",
        "还没有人亮主，无可反：应当亮主",
    ),
    "bid.why.no-counters": ("no counters in {first}", "{first}不能反主"),
    "bid.why.counter-before-pickup": (
        "in {first} counters come before the dealer picks up the kitty",
        "{first}反主要在庄家拿底之前",
    ),
    "bid.why.counter-after-bury": (
        "in {first} counters come after the dealer has buried (炒底)",
        "{first}反主要在庄家扣底之后（炒底）",
    ),
    "bid.why.fallback-final": (
        "a trump set by turning a card cannot be countered",
        "翻牌定的主不能再反",
    ),
    "bid.why.self": (
        "seat {seat} cannot counter their own declaration",
        "{seat} 号位不能反自己亮的主",
    ),
    "bid.why.shape-counter": (
        "{shape} cannot counter: counter with {allowed}",
        "{shape}不能反主：反主要用{allowed}",
    ),
    "bid.why.too-weak": ("{cards} does not beat {old}", "{cards} 没有大过 {old}"),
    "bid.why.out-of-turn": (
        "seat {seat} cannot counter after seat {last}: after the bury counters go round from "
        "seat {first_seat} to seat {last_seat}",
        "{seat} 号位不能在 {last} 号位之后反主：扣底后反主从 {first_seat} 号位轮到 "
        "{last_seat} 号位",
    ),
    "bid.why.dealt": (
        "the deal is already over (phase {phase})",
        "发牌已经结束了（{phase}）",
    ),
    "bid.why.bury-once": (
        "the kitty is buried once, after the deal (phase {phase})",
        "底牌只在发牌后扣一次（{phase}）",
    ),
    "bid.why.bury-no-dealer": (
        "nobody has declared in this first hand, so nobody deals: nobody can bury",
        "第一局没有人亮主，所以没有庄家：没有人能扣底",
    ),
    "bid.why.bury-no-trump": (
        "seat {seat} buried before a trump was set: nobody has declared, and no fallback "
        "turned a trump",
        "{seat} 号位在定主之前就扣底了：没有人亮主，也没有翻牌定主",
    ),
    "bid.why.no-fallback": (
        "seat {seat} declared: no fallback",
        "{seat} 号位已经亮主：不用无人叫主的处理",
    ),
    "bid.why.no-kitty-card": (
        "the kitty-card rule needs kitty card {n}",
        "翻底牌定主要用底牌第 {n} 张，但底牌没有这么多张",
    ),
    "bid.why.no-flipped-card": (
        "the flipped-card rule needs the card flipped before the deal",
        "翻牌定主要用发牌前翻出的牌，但记录里没有这张牌",
    ),
    # a reason without a key (a bug: every reason given to a user has one)
    "bid.why.unsaid": ("{text}", "规则不允许"),
    # which hand (a fact of the reasons above)
    "bid.hand.first": ("the first hand", "第一局"),
    "bid.hand.later": ("a later hand", "以后各局"),
    # where the bidding is (a phase, notation.rules.bidding.BidPhase)
    "bid.phase.deal": ("deal", "正在发牌"),
    "bid.phase.dealt": ("dealt", "发牌已结束"),
    "bid.phase.buried": ("buried", "已经扣底"),
    "bid.phase.closed": ("closed", "叫牌已结束"),
    "bid.phase.play": ("play", "已经开始出牌"),
    # the bid shapes (notation.rules.ruleset.BidShape), as a sentence names them
    "shape.single": ("a single rank card", "一张级牌"),
    "shape.pair": ("a pair of rank cards", "一对级牌"),
    "shape.joker_with_single": ("a joker with a rank card", "王带一张级牌"),
    "shape.joker_with_pair": ("a joker with a pair of rank cards", "王带一对级牌"),
    "shape.two_jokers": ("a pair of jokers", "一对王"),
    "shape.none": ("nothing", "（没有可用的牌型）"),
    "sep.or": (" or ", "或"),
    # --- a position or a play the game cannot reach (notation/rules/game.py) ----------
    "game.why.hands": ("a position has four hands, not {n}", "一个局面有四家的手牌，而不是 {n} 家"),
    "game.why.seats": (
        "the dealer and the leader are seats 1, 2, 3 or 4",
        "庄家和首引的座位只能是 1、2、3 或 4 号位",
    ),
    "game.why.trick-over": (
        "the trick on the table has 4 plays: it is over; give the position after it, its "
        "winner leading",
        "桌上这一轮已有四手牌，已经结束了：请给出这一轮之后、由赢家首引的局面",
    ),
    "game.why.sizes": (
        "every seat holds as many cards as the others when a trick begins (counting what it "
        "played to this one): {sizes}",
        "每一轮开始时，各家手里的牌应当一样多（算上这一轮已出的牌）：{sizes}",
    ),
    "game.why.size": ("seat {seat}: {n}", "{seat} 号位 {n} 张"),
    "game.why.empty": (
        "every hand is empty: the hand is over, there is nothing to play",
        "每一家的手牌都是空的：这一局已经结束，没有牌可出",
    ),
    "game.why.too-many": (
        "more than two of {cards} in the hands and kitty",
        "手牌和底牌里的 {cards} 超过了两张",
    ),
    "game.why.throw-fails": (
        "seat {leader}'s throw {lead} fails (seat {by} can beat {forced}): the trick's lead "
        "is the forced unit {forced}",
        "{leader} 号位甩 {lead} 失败（{by} 号位管得住 {forced}）：这一轮的首引是被迫出的 {forced}",
    ),
    "game.why.over": ("the hand is over: nobody is to play", "这一局已经结束：没有人要出牌"),
    "game.why.turn": (
        "seat {seat} played; it is seat {turn}'s turn",
        "{seat} 号位出了牌，但该 {turn} 号位出",
    ),
    "game.why.not-turn": (
        "it is seat {turn}'s turn, not seat {seat}'s",
        "该 {turn} 号位出牌，而不是 {seat} 号位",
    ),
    "game.why.not-over": (
        "the hand is not over: the outcome is not known yet",
        "这一局还没有结束：结果还不知道",
    ),
    "game.why.forced": (
        "the record's forced cards are not those the rules force",
        "记录里被迫出的牌不是规则规定的那几张",
    ),
    # a reason without a key (a bug: every reason given to a user has one)
    "game.why.unsaid": ("{text}", "规则到不了这个局面"),
    # --- a rule set's values that do not fit together (notation/rules/ruleset.py) -----
    "ruleset.why.outcome-levels": (
        "an outcome gains 0 or more levels, not {levels}",
        "升级数是 0 或更多，而不是 {levels}",
    ),
    "ruleset.why.dealer-levels": (
        "the dealer side wins by at least one level",
        "庄家方赢，至少要升一级",
    ),
    "ruleset.why.threshold": (
        "a threshold is a multiple of 5, 0 or more, not {points}",
        "分数线是 5 的倍数，0 或更多，而不是 {points}",
    ),
    "ruleset.why.no-rows": ("a level table needs at least one row", "级别表至少要有一行"),
    "ruleset.why.first-row": (
        "the first row of a level table starts at 0 points",
        "级别表的第一行从 0 分开始",
    ),
    "ruleset.why.thresholds-up": (
        "thresholds must go up: {later} after {earlier}",
        "分数线必须越来越高：{later} 排在了 {earlier} 之后",
    ),
    "ruleset.why.step": (
        "step is 0 or a positive multiple of 5, not {step}",
        "step 是 0 或 5 的正倍数，而不是 {step}",
    ),
    "ruleset.why.grows": (
        "a table that grows beyond its last row must end with defenders",
        "超出最后一行还继续升级的表，最后一行必须是闲家（defenders）",
    ),
    "ruleset.why.no-table": (
        "no level table {name!r}: known tables are {known}",
        "没有级别表 {name!r}：已有的表是 {known}",
    ),
    "ruleset.why.declare-with": (
        "declare_with needs at least one shape",
        "declare_with 至少要有一种牌型",
    ),
    "ruleset.why.suit-order": (
        "suit_order lists BJ, LJ, S, H, C and D once each",
        "suit_order 要把 BJ、LJ、S、H、C、D 各列一次",
    ),
    "ruleset.why.two-jokers": (
        "two_jokers in declare_with needs direct_no_trump: true",
        "declare_with 里有 two_jokers，就要有 direct_no_trump: true",
    ),
    "ruleset.why.fallback-card": ("fallback_kitty_card is 1..8", "fallback_kitty_card 是 1 到 8"),
    "ruleset.why.penalty-per-card": (
        "penalty_per_card is 0 or more",
        "penalty_per_card 是 0 或更多",
    ),
    "ruleset.why.kitty-size": (
        "the kitty holds what is left of {deck} cards after an equal deal to four players "
        "(8, 4, 12 ...), not {size}",
        "底牌是 {deck} 张牌平均发给四家后剩下的牌（8、4、12……），而不是 {size} 张",
    ),
    "ruleset.why.multipliers": ("multipliers are 0 (none) or positive", "倍数是 0（不用）或正数"),
    "ruleset.why.penalty-counts": ("penalty counts are 0 or more", "罚的级数和次数是 0 或更多"),
    "ruleset.why.fixed-count-levels": (
        "wrong_card_count: fixed needs wrong_card_count_levels of 1 or more",
        "多牌少牌按固定升级处理（fixed）时，升的级数至少为 1",
    ),
    "ruleset.why.tribute": ("tribute cards are 0 or more", "进贡的牌数是 0 或更多"),
    "ruleset.why.no-clauses": (
        "rule set {name!r} has no clause for: {missing}",
        "规则集 {name!r} 缺少这些规则的条款：{missing}",
    ),
    # a reason without a key (a bug: every reason given to a user has one)
    "ruleset.why.unsaid": ("{text}", "这些取值互相矛盾"),
    # --- a node the record model refuses (notation/psn/model.py) ----------------------
    "model.why.hand-empty": (
        "seat {seat}'s hand needs at least one card",
        "{seat} 号位的手牌至少要有一张牌",
    ),
    "model.why.needs-card": ("{holder} needs at least one card", "{holder}至少要有一张牌"),
    "model.why.nag": ("a $n mark is a number 0 or more", "$n 符号是 0 或更大的数字"),
    "model.why.comment-cr": (
        "a comment's lines end with a line feed, never a carriage return (\\r)",
        "评注的行尾只能是换行符，不能有回车符（\\r）",
    ),
    "model.why.comment-brace": ("a comment cannot contain '}}'", "评注里不能有 '}}'"),
    "model.why.comment-surrogate": (
        "a comment: {code} is half of a character (a lone surrogate), not text a file holds",
        "评注：{code} 只是半个字符（孤立的代理项），不是文件能保存的文字",
    ),
    "model.why.header-surrogate": (
        "header {tag}: {code} is half of a character (a lone surrogate), not text a file holds",
        "标头 {tag}：{code} 只是半个字符（孤立的代理项），不是文件能保存的文字",
    ),
    "model.why.tag": (
        "a header tag is letters, digits and _: {tag!r}",
        "标头的名字只能由字母、数字和 _ 组成：{tag}",
    ),
    "model.why.one-line": ("header {tag}: a value is one line", "标头 {tag}：值只能有一行"),
    "model.why.deal-four": ("a deal has four hands (None for one not recorded)", "发牌有四手牌"),
    "model.why.deal-empty": (
        "a deal records at least one hand or the kitty",
        "发牌至少要记录一手牌或底牌",
    ),
    "model.why.draw": ("a draw count is 0 or more", "抓牌数是 0 或更多"),
    "model.why.blocker": (
        "only a failed throw has a seat that beat it",
        "只有甩牌失败才有管住它的座位",
    ),
    "model.why.trick-number": ("tricks are numbered from 1", "轮次从 1 开始编号"),
    "model.why.trick-plays": ("a trick has one to four plays", "一轮有一到四手出牌"),
    "model.why.variation": ("a variation holds at least one event", "变着里至少要有一个事件"),
    "model.why.level-change": (
        "a level change names the side and the number of levels",
        "升级要写明哪一方、升几级",
    ),
    "model.why.kitty-points": ("a kitty multiplier needs the kitty points", "有底牌倍数就要有底分"),
    "model.why.negative": ("points and multipliers are 0 or more", "分数和倍数是 0 或更多"),
    # a reason without a key (a bug: every reason given to a user has one)
    "model.why.unsaid": ("{text}", "记录里的这一项不成立"),
    # what may need a card (model.why.needs-card's holder)
    "model.holder.bid": ("a bid", "叫牌"),
    "model.holder.fallback": ("a fallback", "无人叫主时的定主"),
    "model.holder.bury": ("a bury", "扣底"),
    "model.holder.play": ("a play", "出牌"),
    "model.holder.throw": ("a throw", "甩牌"),
    "model.holder.deck": ("the deck", "牌堆"),
    "model.holder.kitty": ("the kitty", "底牌"),
    "model.holder.held": ("the hand held after the pick-up", "拿底后的手牌"),
    # --- a card or a rank that does not exist (notation/rules/cards.py) ---------------
    "card.why.unknown": (
        "unknown card {token!r}: expected a card like S10, HK, C2, BJ or LJ",
        "不认识的牌 {token!r}：牌要写成 S10、HK、C2、BJ 或 LJ 这样",
    ),
    "card.why.rank": (
        "unknown rank {token!r}: expected 2..10, J, Q, K or A",
        "不认识的级别 {token!r}：级别是 2 到 10、J、Q、K 或 A",
    ),
    "card.why.suit-rank": (
        "no card has suit {suit} and rank {rank}",
        "没有花色为 {suit}、级别为 {rank} 的牌",
    ),
    "card.why.joker-suit": (
        "a joker has no suit and every other card has one: {card}",
        "王没有花色，其他的牌都有花色：{card}",
    ),
    # --- a seat's view the analysis cannot build (notation/rules/holding.py), or
    # no deal of the unseen cards agrees with it (notation/analysis/sampling.py) -------
    "knowledge.why.no-seat": (
        "no seat {seat!r}: seats are 1, 2, 3 and 4",
        "没有座位 {seat!r}：座位是 1、2、3 和 4",
    ),
    "knowledge.why.played-already": (
        "seat {seat} has played to trick {trick} already",
        "{seat} 号位在第 {trick} 轮已经出过牌了",
    ),
    "knowledge.why.not-held": (
        "seat {seat} plays cards it does not hold: {cards}",
        "{seat} 号位出了手里没有的牌：{cards}",
    ),
    "knowledge.why.no-step": (
        "no step {step}: the hand has steps 0 to {last}",
        "没有第 {step} 步：这一局的步数是 0 到 {last}",
    ),
    "knowledge.why.before-play": (
        "step {step} is before the play: the player's view is built from the state before "
        "the first lead on",
        "第 {step} 步还在出牌之前：玩家所知的牌从第一轮首攻之前的局面开始推算",
    ),
    "knowledge.why.no-trump": (
        "no trump is known: the play cannot be read",
        "不知道主牌：无法读懂出牌",
    ),
    "knowledge.why.unknown-cards": (
        "{what} has unknown cards (??): the player's view needs them",
        "{what}里有未知的牌（??）：推算玩家所知的牌需要知道它们",
    ),
    "knowledge.what.hand": ("seat {seat}'s hand", "{seat} 号位的手牌"),
    "knowledge.what.play": (
        "seat {seat}'s play in trick {trick}",
        "{seat} 号位第 {trick} 轮的出牌",
    ),
    "knowledge.what.throw": (
        "seat {seat}'s throw in trick {trick}",
        "{seat} 号位第 {trick} 轮的甩牌",
    ),
    "knowledge.why.over-full": (
        "seat {seat} holds {size} cards, but is known to hold {known}: {cards}",
        "{seat} 号位手里有 {size} 张牌，但已知它持有 {known} 张：{cards}",
    ),
    "knowledge.why.huge-hand": (
        "a hand of {n} unseen cards: no deal has one",
        "一家有 {n} 张未见的牌：没有这样的发牌",
    ),
    "knowledge.why.third-copy": (
        "more than two of {cards} are seen (held, played or buried): the record cannot be one deal",
        "见到的 {cards} 多于两张（手里的、出过的或扣下的）：记录不可能出自同一副发牌",
    ),
    "knowledge.why.unseen-count": (
        "{unseen} cards are unseen, but the other hands and the kitty hold {need} cards "
        "this seat cannot place",
        "未见的牌有 {unseen} 张，但其他各家和底牌中有 {need} 张这个座位不知去向的牌",
    ),
    "knowledge.why.fact-held": (
        "the record contradicts itself: {fact}, but seat {seat} held {cards} then",
        "记录自相矛盾：{fact}，但 {seat} 号位当时持有 {cards}",
    ),
    "knowledge.why.fact-unmet": (
        "the record contradicts itself: {fact}, which no deal can meet",
        "记录自相矛盾：{fact}，没有一种发牌能做到",
    ),
    "knowledge.why.whereabouts": (
        "the record contradicts itself: {where} cannot be",
        "记录自相矛盾：{where}，这不可能",
    ),
    "knowledge.why.no-deal-agrees": (
        "none of {attempts} deals of the unseen cards agrees with the view: {fact} cannot "
        "be met (a record that breaks a rule?)",
        "未见的牌试了 {attempts} 种发法，没有一种与所知相符：无法做到{fact}（记录违反了规则？）",
    ),
    "knowledge.why.no-place": (
        "no hand may hold the unseen {cards}: {facts}",
        "未见的 {cards} 哪一家都不能持有：{facts}",
    ),
    "knowledge.why.no-place-filled": (
        "no hand may hold the unseen {cards}: the known cards fill every place",
        "未见的 {cards} 哪一家都不能持有：已知的牌占满了每个位置",
    ),
    "knowledge.why.seat-full": (
        "seat {seat} holds {need} cards this seat cannot place, but only {room} unseen "
        "cards may be its: {facts}",
        "{seat} 号位有 {need} 张这个座位不知去向的牌，但只有 {room} 张未见的牌"
        "可能在它手里：{facts}",
    ),
    "knowledge.why.no-deal": (
        "no deal of the unseen cards meets every fact: {facts}",
        "未见的牌没有一种发法满足所有已知：{facts}",
    ),
    # what a play showed about a seat's hand (a Fact of notation/rules/holding.py)
    "knowledge.fact.void": (
        "seat {seat} holds no {suit} (from trick {trick})",
        "{seat} 号位没有{suit}（自第 {trick} 轮起）",
    ),
    "knowledge.fact.no-pair": (
        "seat {seat} holds no pair of {suit} but those it played (from trick {trick})",
        "{seat} 号位除了出过的，没有{suit}对子（自第 {trick} 轮起）",
    ),
    "knowledge.fact.no-tractor": (
        "seat {seat} holds no {suit} tractors owed to {lead} (from trick {trick})",
        "{seat} 号位没有须跟 {lead} 的{suit}拖拉机（自第 {trick} 轮起）",
    ),
    "knowledge.fact.no-tractor-length": (
        "seat {seat} holds no {suit} tractor of {length} pairs or more (from trick {trick})",
        "{seat} 号位没有 {length} 对或更长的{suit}拖拉机（自第 {trick} 轮起）",
    ),
    "knowledge.fact.cannot-beat": (
        "seat {seat} could not beat {unit} (from trick {trick})",
        "{seat} 号位大不过 {unit}（自第 {trick} 轮起）",
    ),
    "knowledge.fact.beats": (
        "seat {seats} could beat {unit} (from trick {trick})",
        "{seats} 号位能大过 {unit}（自第 {trick} 轮起）",
    ),
    # cards known to be among some places (a Whereabouts of notation/rules/holding.py)
    "knowledge.where": ("{copies}× {cards} with {places}", "{places}有 {copies} 张 {cards}"),
    "knowledge.place.kitty": ("the kitty", "底牌"),
    "knowledge.place.seat": ("seat {seat}", "{seat} 号位"),
    # a reason given in no words of the catalogue (a bug): in Chinese, what it comes to
    "knowledge.why.unsaid": ("{text}", "没有一种发牌与它相符"),
    # cards as a position to solve is typed (S10 BJ); in Chinese as a referee says them
    "cards.typed": ("{typed}", "{cards}"),
}


def reason_message(error: KeyedError) -> Message:
    """A keyed error of the rules core or the record model as a message, its facts the
    parameters: a play the game refuses is the broken rule as the referee says it."""
    violations = getattr(error, "violations", ())
    if violations:
        seat = error.facts.get("seat")
        return violation_message(violations[0], seat if isinstance(seat, int) else None)
    facts = error.facts
    params = {name: _fact(error.kind, name, value, facts) for name, value in facts.items()}
    return msg(f"{error.kind}.why.{error.key}", **params)


def reason(error: BaseException, kind: str = "bid", capital: bool = False) -> Param:
    """A reason the rules core or the record model gave (a refused bid, a position, a
    rule set's check, a node) as a part of a sentence, its first letter upper case if
    ``capital``: a keyed error by its message; another, which is a bug (every reason given
    to a user has a key), by ``<kind>.why.unsaid``: its own English, in Chinese what it
    comes to."""
    said = (
        error.text if isinstance(error, KeyedError) else msg(f"{kind}.why.unsaid", text=str(error))
    )
    return Capital(said) if capital else said


def _fact(kind: str, name: str, value: object, facts: Mapping[str, object]) -> Param:
    """One fact of a keyed error as a parameter of its message (``facts``: all of them)."""
    if kind == "knowledge":
        if name == "what":  # whose cards: a seat's hand, its play or throw in a trick
            return msg(
                f"knowledge.what.{value}", seat=_int(facts["seat"]), trick=_int(facts["trick"])
            )
        if name == "fact":
            return seat_fact(cast(SeatFact, value))
        if name == "facts" and isinstance(value, tuple):
            return Seq(tuple(seat_fact(f) for f in value), "sep.semicolon")
        if name == "where":
            return whereabouts(cast(CardWhereabouts, value))
    if name == "first" and isinstance(value, bool):
        return msg("bid.hand.first" if value else "bid.hand.later")
    if name == "partner":
        return msg("bid.why.or-partner") if value else ""
    if name == "phase":
        return msg(f"bid.phase.{getattr(value, 'value', value)}")
    if name == "shape":
        return msg(f"shape.{getattr(value, 'value', value)}")
    if name == "allowed" and isinstance(value, tuple):
        shapes = tuple(msg(f"shape.{getattr(v, 'value', v)}") for v in value)
        return Seq(shapes, "sep.or") if shapes else msg("shape.none")
    if name == "holder":
        return msg(f"model.holder.{value}")
    if name == "sizes" and isinstance(value, tuple):
        return Seq(tuple(msg("game.why.size", seat=seat, n=n) for seat, n in value))
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        if kind == "game":  # as a position is given to solve: S10 BJ (in Chinese ♠10 大王)
            return msg("cards.typed", typed=" ".join(map(str, value)), cards=value)
        return value
    if isinstance(value, tuple):
        return Seq(tuple(map(str, value)))  # names: forty, twenty, super
    return value if value is None or isinstance(value, int | str) else str(value)


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


class SeatFact(Protocol):
    """What a play showed about a seat's hand (:class:`notation.rules.holding.Fact`),
    as far as its words need it."""

    @property
    def kind(self) -> StrEnum: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def suit(self) -> Suit | str: ...
    @property
    def trick(self) -> int: ...
    @property
    def lead(self) -> tuple[Card, ...]: ...
    @property
    def unit(self) -> Unit | None: ...
    @property
    def length(self) -> int: ...


class CardWhereabouts(Protocol):
    """Copies of a card known to be among some places (``notation.rules.holding``)."""

    @property
    def card(self) -> Card: ...
    @property
    def copies(self) -> int: ...
    @property
    def places(self) -> frozenset[int]: ...


def seat_fact(fact: SeatFact) -> Message:
    """What a play showed about a seat's hand, as a part of a sentence: ``seat 2 holds no
    ♠ (from trick 3)``."""
    kind = fact.kind.value
    suit = fact.suit.symbol if isinstance(fact.suit, Suit) else msg("suit.many.T")
    said: dict[str, Param] = {"seat": fact.seats[0], "suit": suit, "trick": fact.trick}
    if kind == "no-tractor" and fact.length:
        return msg("knowledge.fact.no-tractor-length", length=fact.length, **said)
    if kind == "no-tractor":
        return msg("knowledge.fact.no-tractor", lead=fact.lead, **said)
    if kind in ("cannot-beat", "beats"):
        unit = () if fact.unit is None else fact.unit.cards
        if kind == "beats":
            seats = Seq(fact.seats, "sep.or")
            return msg("knowledge.fact.beats", seats=seats, unit=unit, trick=fact.trick)
        return msg("knowledge.fact.cannot-beat", unit=unit, **said)
    return msg(f"knowledge.fact.{kind}", **said)


def whereabouts(where: CardWhereabouts) -> Message:
    """Copies of a card known to be among some places: ``2× ♠A with the kitty or seat 3``."""
    places = tuple(
        msg("knowledge.place.kitty") if p == 0 else msg("knowledge.place.seat", seat=p)
        for p in sorted(where.places)
    )
    return msg(
        "knowledge.where", copies=where.copies, cards=(where.card,), places=Seq(places, "sep.or")
    )
