"""The replay's findings (headers, deal, auction, play, result, file and match,
variations) and the rules core's violations, in English and Chinese."""

from __future__ import annotations

from typing import Final

from notation.messages.core import Message, Seq, count, msg, render
from notation.rules.violations import Code, Violation

__all__ = ["CATALOGUE", "violation_message"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- the headers and the deal (Replayer.deal) ---------------------------
    "header.again": (
        "The {tag} header appears again as {value}, unlike the first ({first}); the first counts.",
        "{tag} 标头再次出现，值为 {value}，与第一次（{first}）不同；以第一次为准。",
    ),
    "header.unreadable": (
        "The {tag} header cannot be read: {reason}.",
        "{tag} 标头无法读取：{reason}。",
    ),
    "header.why.dealer": (
        "no seat {value!r}: the dealer is a seat 1, 2, 3 or 4",
        "“{value}”不是座位：庄家是 1、2、3 或 4 号位",
    ),
    "header.why.levels": (
        "levels are two ranks: team 1&3's then team 2&4's, like 5 3",
        "级数是两个级别：先 1、3 号位的，再 2、4 号位的，例如 5 3",
    ),
    "header.why.trump": (
        "trump {value!r}: expected a suit or NT and a rank, like H 5 or NT 5",
        "“{value}”不是主：应为花色或 NT 加一个级别，例如 H 5 或 NT 5",
    ),
    "deal.seat-count": (
        "Seat {seat} was dealt {n} cards, not {size}.",
        "{seat} 号位发到 {n} 张牌，而不是 {size} 张。",
    ),
    "deal.kitty-count": (
        "The kitty has {n} cards, not {size}.",
        "底牌有 {n} 张，而不是 {size} 张。",
    ),
    "deal.too-many": (
        "The deal holds more than two of {cards}: two decks hold two of each card.",
        "发的牌里 {cards} 多于两张：两副牌每种牌只有两张。",
    ),
    "deal.lacks": (
        "The deal lacks {cards}: it is not two decks.",
        "发的牌里缺少 {cards}：不是完整的两副牌。",
    ),
    # --- the auction (Replayer.auction) -------------------------------------
    "bid.refused": (
        "Seat {seat}'s {kind} is not allowed: {reason}.",
        "{seat} 号位的{kind}不成立：{reason}。",
    ),
    "bid.refused.then": ("{refused} {then}", "{refused}{then}"),
    "bid.then.redeal": (
        "No valid declaration stood, so the rules then required a draw from the kitty for "
        "a dealer, or a redeal; the hand is judged as it was played.",
        "这样就没有成立的亮主，按规则应当从底牌中抽牌定庄，否则重新发牌；本手按实际的打法评判。",
    ),
    "bid.then.kitty-card": (
        "No valid declaration stood, so the rules then required the trump from the kitty's "
        "card {n}; the hand is judged as it was played.",
        "这样就没有成立的亮主，按规则应当翻底牌第 {n} 张定主；本手按实际的打法评判。",
    ),
    "bid.then.flipped": (
        "No valid declaration stood, so the rules then required the trump of the card "
        "flipped before the deal; the hand is judged as it was played.",
        "这样就没有成立的亮主，按规则应当以发牌前翻出的牌定主；本手按实际的打法评判。",
    ),
    "trump.header": (
        "The bidding makes {ruled} trump, but the Trump header says {header}.",
        "按叫主的过程 {ruled} 是主，但 Trump 标头写的是 {header}。",
    ),
    "bid.unknown": (
        "Seat {seat}'s bid shows unknown cards: it is not checked.",
        "{seat} 号位叫主亮出的牌有未知牌：不作检查。",
    ),
    "fallback.unknown": (
        "The fallback's cards are not recorded: it is not checked.",
        "定主的牌没有记录：不作检查。",
    ),
    "fallback.refused": (
        "The fallback cannot set the trump: {reason}.",
        "定主无法定出主：{reason}。",
    ),
    "fallback.other": (
        "The record turns {recorded} trump, but the rule set's fallback gives {given}.",
        "记录定 {recorded} 为主，但规则的定主方法给出 {given}。",
    ),
    "bid.not-held": (
        "Seat {seat} showed {cards}, which it did not hold.",
        "{seat} 号位亮出 {cards}，但它手里没有这些牌。",
    ),
    "bid.not-drawn": (
        "Seat {seat} showed {cards} when {draw} cards had been drawn, before it drew them.",
        "{seat} 号位在发出 {draw} 张牌时亮出 {cards}，那时它还没有摸到这些牌。",
    ),
    "bid.never-dealt": (
        "Seat {seat} showed {cards}, which it was never dealt.",
        "{seat} 号位亮出 {cards}，但这些牌从未发给它。",
    ),
    "kitty.seat": (
        "Seat {seat} picked up the kitty, but seat {expected} was to take it.",
        "{seat} 号位拿了底牌，但应由 {expected} 号位拿底。",
    ),
    "kitty.size": (
        "Seat {seat} buried {n} cards, not {size}, and so is left with {left} cards, not "
        "{hand} (多牌少牌).",
        "{seat} 号位扣了 {n} 张底牌，而不是 {size} 张，因此手里剩 {left} 张，而不是 {hand} 张"
        "（多牌少牌）。",
    ),
    "kitty.not-held": (
        "Seat {seat} buried {cards}, which it did not hold.",
        "{seat} 号位扣了 {cards}，但它手里没有这些牌。",
    ),
    "held.size": (
        "Seat {seat}'s hand after the pick-up has {n} cards, but with the kitty it held {held}.",
        "{seat} 号位拿底后的手牌有 {n} 张，但加上底牌它应有 {held} 张。",
    ),
    "held.lacks": (
        "Seat {seat}'s hand after the pick-up lacks {cards}, which it was dealt or found in "
        "the kitty.",
        "{seat} 号位拿底后的手牌缺少 {cards}，这些牌是发给它的或在底牌里。",
    ),
    "held.extra": (
        "Seat {seat}'s hand after the pick-up has {cards}, which was neither dealt to it nor "
        "in the kitty.",
        "{seat} 号位拿底后的手牌里有 {cards}，这些牌既没有发给它，也不在底牌里。",
    ),
    # --- leads, throws and follows (Replayer._lead, _follow) --------------------------
    "lead.unknown": (
        "Seat {seat}'s lead has unknown cards: the follows to it are not checked.",
        "{seat} 号位首出的牌里有未知牌：对它的跟牌不作检查。",
    ),
    "throw.one-unit": (
        "Seat {seat}'s lead {cards} is recorded as a failed throw, but it is one unit, not a "
        "throw: it cannot fail.",
        "{seat} 号位首出的 {cards} 被记为甩牌失败，但它只是一个牌型，不是甩牌：不会失败。",
    ),
    "throw.should-fail": (
        "Seat {seat}'s throw {cards} should have failed: seat {by} could beat {unit}, so seat "
        "{seat} had to play {unit} alone.",
        "{seat} 号位甩的 {cards} 应当失败：{by} 号位管得住 {unit}，所以 {seat} 号位只能单出 "
        "{unit}。",
    ),
    "throw.stood": (
        "Seat {seat}'s throw {cards} is recorded as failed, but nobody could beat any of its "
        "units: it stood.",
        "{seat} 号位甩的 {cards} 被记为失败，但没有人管得住其中任何一个牌型：甩牌成功。",
    ),
    "throw.forced": (
        "After the failed throw seat {seat} played {played}, but the rules force {forced}: the "
        "lowest unit seat {by} could beat.",
        "甩牌失败后 {seat} 号位出了 {played}，但规则要求出 {forced}：{by} 号位管得住的最小牌型。",
    ),
    "throw.unknowable": (
        "Seat {seat}'s throw {cards} stands as far as the record shows, but whether it stood "
        "cannot be known: {shown}, not seen in the record, could have beaten {unit} from "
        "another hand.",
        "就记录所见，{seat} 号位甩的 {cards} 成立，但是否真的成功无从得知：记录中没有出现的 "
        "{shown} 可能在别家手里，管得住 {unit}。",
    ),
    "throw.suit-cards": ("cards of that suit", "这门花色的牌"),
    # --- the play (Replayer.play) ---------------------------------------------
    "trick.number": (
        "Trick {number} is trick {index} of the hand: tricks are numbered 1, 2, 3 … without gaps.",
        "第 {number} 轮实为本局第 {index} 轮：轮次应按 1、2、3 … 连续编号。",
    ),
    "trick.unknown-winner": (
        "Trick {number} has unknown cards: its winner is taken to be seat {seat}, who leads next.",
        "第 {number} 轮有未知牌：按下一轮的首出，视为 {seat} 号位得这一轮。",
    ),
    "trick.no-trump-winner": (
        "Trick {number}: with no trump known, its winner cannot be worked out: it is taken to "
        "be seat {seat}, who leads next.",
        "第 {number} 轮：不知道主是什么，无法判断谁大：按下一轮的首出，视为 {seat} 号位得这一轮。",
    ),
    "trick.winner": (
        "The record says seat {claimed} won trick {number}, but by the rules seat {winner} won "
        "it with {cards}.",
        "记录说第 {number} 轮由 {claimed} 号位得，但按规则是 {winner} 号位以 {cards} 得这一轮。",
    ),
    "turn.other": (
        "Seat {seat} played where it was seat {turn}'s turn.",
        "{seat} 号位出了牌，但这时轮到 {turn} 号位。",
    ),
    "turn.fifth": (
        "Seat {seat} played a fifth time in the trick: every seat has played.",
        "{seat} 号位在这一轮第五次出牌：四家都已经出过了。",
    ),
    "copies.one": (
        "Seat {seat} plays {card}, a third {card}: two decks hold two, and {others} had them "
        "already.",
        "{seat} 号位出了 {card}，这是第三张 {card}：两副牌只有两张，而{others}已经有了。",
    ),
    "copies.many": (
        "Seat {seat} plays {n} cards more than two decks hold: copies beyond the two of each: "
        "{shown}{more}.",
        "{seat} 号位出的牌比两副牌多 {n} 张：超出每种两张的有：{shown}{more}。",
    ),
    "count.overplay": (
        "Seat {seat} plays more cards than it had: this play makes {n}, and it held {held}.",
        "{seat} 号位出的牌比手里的多：这次出牌后共出 {n} 张，而它只有 {held} 张。",
    ),
    "lead.ruff-shape": (
        "Seat {seat} leads trick {number} as if its ruff {ruff} had won trick {previous}, but a "
        "ruff must match the lead's shape ({lead}): seat {expected} won it.",
        "{seat} 号位首出第 {number} 轮，好像它毙的 {ruff} 赢了第 {previous} 轮，但毙牌必须与首出"
        "的牌型相同（{lead}）：那一轮是 {expected} 号位得的。",
    ),
    "lead.not-dealer": (
        "Seat {seat} leads trick {number}, but the dealer, seat {expected}, should lead.",
        "{seat} 号位首出第 {number} 轮，但应由庄家 {expected} 号位首出。",
    ),
    "lead.not-winner": (
        "Seat {seat} leads trick {number}, but seat {expected}, who won trick {previous}, "
        "should lead.",
        "{seat} 号位首出第 {number} 轮，但应由赢得第 {previous} 轮的 {expected} 号位首出。",
    ),
    # --- the end of the hand (Replayer.finish) --------------------------------
    "count.played": (
        "Seat {seat} played {n} cards in the hand, not {hand} (多牌少牌).",
        "{seat} 号位本局出了 {n} 张牌，而不是 {hand} 张（多牌少牌）。",
    ),
    "count.left": (
        "Seat {seat} still holds {cards} when the hand is over (多牌少牌).",
        "本局结束时 {seat} 号位手里还有 {cards}（多牌少牌）。",
    ),
    "result.no-kitty": (
        "The kitty is not recorded: the result cannot be computed.",
        "底牌没有记录：无法计算结果。",
    ),
    "result.points": (
        "The result says the defenders scored {recorded}; the play gives them {ruled}.",
        "结果记录闲家得 {recorded} 分；按出牌应得 {ruled} 分。",
    ),
    "result.kitty": (
        "The result says the kitty held {recorded} points; it held {ruled}.",
        "结果记录底牌有 {recorded} 分；实际是 {ruled} 分。",
    ),
    "result.multiplier-last": (
        "The result multiplies the kitty by {recorded}, but the defenders did not take the "
        "last trick.",
        "结果把底牌分乘以 {recorded}，但闲家没有赢最后一轮。",
    ),
    "result.multiplier": (
        "The result multiplies the kitty by {recorded}, but the rules give ×{ruled}.",
        "结果把底牌分乘以 {recorded}，但规则给出 ×{ruled}。",
    ),
    "result.level": (
        "The result says {recorded}; with {points} points the rules give {outcome}.",
        "结果记录 {recorded}；闲家 {points} 分，按规则应为 {outcome}。",
    ),
    "result.next-dealer": (
        "The result says seat {recorded} deals next; the rules give seat {ruled}.",
        "结果记录下一局由 {recorded} 号位坐庄；按规则应由 {ruled} 号位坐庄。",
    ),
    "result.level-miscount": (
        "The result says {recorded}, but both sides held a wrong number of cards (多牌少牌, "
        "{rule}): nobody goes up.",
        "结果记录 {recorded}，但双方的牌数都不对（多牌少牌，{rule}）：谁都不升级。",
    ),
    "result.dealer-miscount": (
        "The result says seat {recorded} deals next, but both sides held a wrong number of "
        "cards (多牌少牌, {rule}): the next hand's dealer is chosen afresh.",
        "结果记录下一局由 {recorded} 号位坐庄，但双方的牌数都不对（多牌少牌，{rule}）："
        "下一局的庄家重新确定。",
    ),
    # --- the file and the match (notation/validate.py) ----------------------------------
    "comment.hides": (
        "this comment runs over {n} line(s) that start like a hand's headers: is a '}}' "
        "missing before them? What follows them is read as the comment's text",
        "这段注释跨过了 {n} 行像一局开头标头的文字：它们前面是不是少了一个“}}”？其后的内容都被当成"
        "注释的文字",
    ),
    "match.levels": (
        'The Levels header says "{value}", but after hand {number} ({outcome}) the levels are '
        '"{want}".',
        "Levels 标头写的是“{value}”，但第 {number} 局（{outcome}）之后级数应为“{want}”。",
    ),
    "match.levels-stop": (
        'The Levels header says "{value}", but after hand {number} ({outcome}) the levels are '
        '"{want}" (level {stop} must be played: 逢{stop}必打).',
        "Levels 标头写的是“{value}”，但第 {number} 局（{outcome}）之后级数应为“{want}”"
        "（{stop} 必须打：逢{stop}必打）。",
    ),
    "match.dealer": (
        "The Dealer header says seat {seat}, but after hand {number} ({outcome}) seat "
        "{expected} deals.",
        "Dealer 标头写的是 {seat} 号位，但第 {number} 局（{outcome}）之后应由 {expected} 号位"
        "坐庄。",
    ),
    # --- variations (notation/variations.py) --------------------------------------------
    "variation.in": ("in {where}: {message}", "在{where}中：{message}"),
    # a variation line that cannot be followed (notation/variations.py, a viewer's line)
    "variation.none": ("no such variation", "没有这个变着"),
    "variation.not-a-trick": (
        "a variation of a play starts with a trick",
        "出牌的变着要从一轮出牌开始",
    ),
    "variation.not-in-hand": ("the event is not in this hand", "这一局里没有这一步"),
    "variation.no-variations": (
        "only bids, fallbacks, buries and plays have variations",
        "只有叫牌、定主、扣底和出牌才有变着",
    ),
    "variation.no-step": ("no step {step} in this line", "这条变着里没有第 {step} 步"),
    "variation.play": (
        "variation {n} of seat {seat}'s play in trick {trick}",
        "第 {trick} 轮 {seat} 号位出牌的第 {n} 个变着",
    ),
    "variation.bid": ("variation {n} of seat {seat}'s {kind}", "{seat} 号位{kind}的第 {n} 个变着"),
    "variation.bury": ("variation {n} of seat {seat}'s bury", "{seat} 号位扣底的第 {n} 个变着"),
    "variation.fallback": ("variation {n} of the fallback", "定主的第 {n} 个变着"),
    # --- what each finding code means (notation/findings.py; validate --codes, the viewer) ---
    "meaning.syntax": (
        "the text is not PSN; the hand could not be read",
        "文字不是 PSN，这一局无法读取",
    ),
    "meaning.bad-header": ("a header's value cannot be understood", "标头的值无法理解"),
    "meaning.unknown-rules": (
        "the Rules header names no preset or readable file",
        "Rules 标头所指的规则不存在或无法读取",
    ),
    "meaning.deal-decks": ("the deal is not two full decks", "发的牌不是完整的两副牌"),
    "meaning.deal-count": (
        "a hand or the kitty has the wrong number of cards",
        "某家手牌或底牌的张数不对",
    ),
    "meaning.bid-cards": ("cards that cannot make this bid", "这些牌不能这样叫主"),
    "meaning.bid-too-weak": (
        "a counter that does not beat the bid before",
        "反主没有大过之前的叫主",
    ),
    "meaning.bid-self": ("a counter by a player not allowed to counter", "无权反主的人反主"),
    "meaning.bid-window": ("a bid made outside its window", "叫主时机不对"),
    "meaning.bid-not-drawn": (
        "a bid showing cards the player had not yet drawn",
        "叫主时亮出了还没摸到的牌",
    ),
    "meaning.bid-not-held": (
        "a bid showing cards the player did not hold",
        "叫主时亮出了手里没有的牌",
    ),
    "meaning.reinforce": ("a reinforcement that is not allowed", "不允许的加固"),
    "meaning.fallback": ("a fallback trump that the rules do not give", "定主与规则不符"),
    "meaning.trump-header": (
        "the Trump header contradicts the bidding",
        "Trump 标头与叫主过程不符",
    ),
    "meaning.card-copies": (
        "a third copy of a card: two decks hold two (a card mistyped?)",
        "第三张相同的牌：两副牌只有两张（记错了牌？）",
    ),
    "meaning.kitty-size": ("a bury of the wrong number of cards", "扣底的张数不对"),
    "meaning.kitty-not-held": ("a buried card the player did not hold", "扣了手里没有的牌"),
    "meaning.kitty-seat": ("the kitty picked up by the wrong player", "拿底的人不对"),
    "meaning.out-of-turn": ("a play by the wrong seat", "不该出牌的人出了牌"),
    "meaning.wrong-leader": (
        "a trick led by a player who did not win the last",
        "首出的人不是上一轮的赢家",
    ),
    "meaning.trick-winner": (
        "a trick recorded as won by another seat than the rules give",
        "记录的赢家与规则不符",
    ),
    "meaning.held-hand": (
        "a hand after the pick-up that does not agree with the deal and the kitty",
        "拿底后的手牌与发牌和底牌不符",
    ),
    "meaning.ruff-shape": (
        "a ruff treated as winning that does not match the lead's shape",
        "牌型不符的毙牌被当成赢了",
    ),
    "meaning.not-held": ("a card the player did not hold", "出了手里没有的牌"),
    "meaning.wrong-count": (
        "a play with a different number of cards than the lead",
        "出牌张数与首出不同",
    ),
    "meaning.mixed-lead": ("a lead of several effective suits", "首出了几门花色"),
    "meaning.follow-suit": ("failed to follow the led suit", "没有跟首出的花色"),
    "meaning.follow-pair": ("failed to play a pair they held", "有对子没有跟对子"),
    "meaning.follow-tractor": ("failed to play a tractor they held", "有拖拉机没有跟拖拉机"),
    "meaning.throw-failed": (
        "a throw let stand that another player could beat",
        "别家管得住的甩牌被当成成功",
    ),
    "meaning.throw-stood": (
        "a throw recorded as failed that nobody could beat",
        "没人管得住的甩牌被记为失败",
    ),
    "meaning.wrong-forced-play": (
        "after a failed throw, not the lowest failing unit was played",
        "甩牌失败后没有出最小的失败牌型",
    ),
    "meaning.hand-count": (
        "a player with too many or too few cards (多牌少牌)",
        "某家的牌多了或少了（多牌少牌）",
    ),
    "meaning.trick-number": ("tricks not numbered 1, 2, 3 …", "轮次没有按 1、2、3 … 编号"),
    "meaning.comment-hides": (
        "a comment runs over lines that start like a hand: a '}}' may be missing",
        "注释跨过了像一局开头的行：可能少了“}}”",
    ),
    "meaning.result-points": ("the recorded points differ from the play", "记录的得分与出牌不符"),
    "meaning.result-kitty": ("the recorded kitty score is wrong", "记录的底牌分不对"),
    "meaning.result-level": ("the recorded level change is wrong", "记录的升级不对"),
    "meaning.result-next-dealer": ("the recorded next dealer is wrong", "记录的下一局庄家不对"),
    "meaning.match-levels": (
        "levels that do not follow from the last hand",
        "级数与上一局的结果不符",
    ),
    "meaning.match-dealer": (
        "a dealer who does not follow from the last hand",
        "庄家与上一局的结果不符",
    ),
    "meaning.unchecked": (
        "something the record does not show enough to check",
        "记录不足，无法检查",
    ),
    # --- a finding as validate prints it (notation/validate.py) --------------------------
    "severity.error": ("error", "错误"),
    "severity.warning": ("warning", "警告"),
    "severity.info": ("info", "提示"),
    "finding.where": ("{message} ({where})", "{message}（{where}）"),
    "finding.rule": ("  = rule: {clause}", "  = 规则：{clause}"),
    "finding.penalty": ("  = penalty: {penalty}", "  = 处罚：{penalty}"),
    # where a finding is, as far as known (Finding.where)
    "where.hand": ("hand {n}", "第 {n} 局"),
    "where.trick": ("trick {n}", "第 {n} 轮"),
    "where.seat": ("seat {seat}", "{seat} 号位"),
    # --- a rule set's penalty for breaking a rule (notation/findings.py, penalty_text) -----
    "penalty.misplay.one": (
        "the offending team drops {n} level after the hand (not below 2){more}",
        "本局打完后犯规方降{n}级（不低于2）{more}",
    ),
    "penalty.misplay.many": (
        "the offending team drops {n} levels after the hand (not below 2){more}",
        "本局打完后犯规方降{n}级（不低于2）{more}",
    ),
    "penalty.misplay-strikes": (
        "; {strikes} misplays in a match lose it",
        "；一场比赛累计{strikes}次判负",
    ),
    "penalty.throw": (
        "{per} points for every card {which}, against the thrower's side; the lowest failing "
        "unit is played",
        "{which}每张罚{per}分（罚甩牌方）；出失败牌型中最小的一手",
    ),
    "penalty.throw-withdrawn": ("that could not be thrown", "甩不出去的牌"),
    "penalty.throw-beaten": ("that another player could beat", "被管的牌"),
    "penalty.throw-none": (
        "the lowest failing unit is played; no point penalty",
        "出失败牌型中最小的一手；不扣分",
    ),
    "penalty.count-fixed.one": (
        "多牌少牌: the other side goes up {n} level, whatever the cards gave",
        "多牌少牌：对方升{n}级，不论牌局结果",
    ),
    "penalty.count-fixed.many": (
        "多牌少牌: the other side goes up {n} levels, whatever the cards gave",
        "多牌少牌：对方升{n}级，不论牌局结果",
    ),
    "penalty.count-played-out": (
        "多牌少牌: the hand is played out; the side at fault loses it, the other side goes up "
        "as the cards give",
        "多牌少牌：将该盘打完，出错方该盘判负，对方按实际结果升级",
    ),
    # --- violations of the rules core (notation/rules/violations.py) --------------------
    # subject: who broke the rule, as a sentence starts (who.*.subject); who: the same
    # inside a sentence
    "who.seat.subject": ("Seat {seat}", "{seat} 号位"),
    "who.seat": ("seat {seat}", "{seat} 号位"),
    "who.player.subject": ("The player", "这位玩家"),
    "who.player": ("the player", "这位玩家"),
    "v.not-held.led.one": (
        "{subject} led {cards}, which was not in its hand.",
        "{subject}首出了 {cards}，但它手里没有这张牌。",
    ),
    "v.not-held.led.many": (
        "{subject} led {cards}, which were not in its hand.",
        "{subject}首出了 {cards}，但它手里没有这些牌。",
    ),
    "v.not-held.played.one": (
        "{subject} played {cards}, which was not in its hand.",
        "{subject}出了 {cards}，但它手里没有这张牌。",
    ),
    "v.not-held.played.many": (
        "{subject} played {cards}, which were not in its hand.",
        "{subject}出了 {cards}，但它手里没有这些牌。",
    ),
    "v.led-none": ("{subject} led no cards.", "{subject}首出时没有出牌。"),
    "v.wrong-count": (
        "{subject} played {played} to a lead of {asked}.",
        "首出 {asked} 张，{subject}却出了 {played}。",
    ),
    "v.mixed-lead": (
        "{subject} led {suits} together, but a lead must be of one suit.",
        "{subject}同时首出了{suits}，但首出必须是同一门花色。",
    ),
    "v.follow-suit": (
        "{subject} did not follow {many}: {led} and {who} played {did}, though it still "
        "held {cards}.",
        "{subject}没有跟{many}：首出的是{led}，{who}{did}，而它手里还有 {cards}。",
    ),
    "v.led.one": ("a {one} was led", "一张{one}"),
    "v.led.many": ("{asked} {many} were led", "{asked} 张{many}"),
    "v.did.none": ("no {suit}", "一张{suit}也没出"),
    "v.did.only": ("only {n}", "只出了 {n} 张"),
    "v.follow-pair.one": (
        "{subject} did not follow with a pair: a pair of {many} was led and {who} played "
        "{did}, though it held {held} of {many}; it {proof}.",
        "{subject}没有跟对子：首出的是一对{many}，{who}{did}，而它有{held}{many}；它{proof}。",
    ),
    "v.follow-pair.many": (
        "{subject} did not follow with pairs: {asked} pairs of {many} were led and {who} "
        "played {did}, though it held {held} of {many}; it {proof}.",
        "{subject}没有跟对子：首出的是 {asked} 对{many}，{who}{did}，而它有{held}{many}；"
        "它{proof}。",
    ),
    "v.did.no-pair": ("no pair", "没有出对子"),
    "v.did.no-pairs": ("no pairs", "没有出对子"),
    "v.did.only-pairs": ("only {n}", "只出了 {n} 对"),
    "v.split": ("split {cards}", "拆开了 {cards}"),
    "v.kept": ("kept {cards}", "留着 {cards} 没出"),
    "v.follow-tractor": (
        "{subject} did not follow with a tractor: a tractor of {asked} pairs of {many} was "
        "led and {who} held {held}, but played {did}.",
        "{subject}没有跟拖拉机：首出的是 {asked} 对{many}的拖拉机，{who}有{held}，却{did}。",
    ),
    "v.tractor.shorter": (
        "the shorter tractor {cards}, which it had to play",
        "较短的拖拉机 {cards}，这是必须出的",
    ),
    "v.tractor.held": ("the tractor {cards}", "拖拉机 {cards}"),
    "v.tractor.another": (
        "another tractor {cards}, which it had to play too",
        "另一个拖拉机 {cards}，这也是必须出的",
    ),
    "v.did.no-tractor": ("no tractor", "没有出拖拉机"),
    "v.did.no-other-tractor": ("no other tractor", "没有再出拖拉机"),
    "v.did.short-tractor": ("only a tractor of {n} pairs", "只出了 {n} 对的拖拉机"),
    "v.out-of-turn": ("{subject} played out of turn.", "{subject}没有按顺序出牌。"),
    "v.throw-failed": (
        "{subject}'s throw should have failed: {who} had to play {cards}.",
        "{subject}的甩牌应当失败：{who}只能出 {cards}。",
    ),
    "v.throw-stood": (
        "{subject}'s throw {cards} is recorded as failed, but nobody could beat it: it stood.",
        "{subject}甩的 {cards} 被记为失败，但没有人管得住：甩牌成功。",
    ),
    "v.wrong-forced-play": (
        "{subject} did not play what its failed throw forced: it had to play {cards}.",
        "{subject}没有出甩牌失败后必须出的牌：它应出 {cards}。",
    ),
}


_SUITS: Final = frozenset("TSHCD")


def _suit_word(suit: object, many: bool) -> Message:
    return Message(f"suit.{'many' if many else 'one'}.{suit}")


def violation_message(v: Violation, seat: int | None = None) -> Message:
    """A violation of the rules core (:class:`~notation.rules.violations.Violation`) as a
    message from its facts, with ``seat`` (or, without one, the player) as the subject."""
    subject, who = _who(seat)
    code, cards = v.code, v.cards
    if code is Code.NOT_HELD:
        verb = "led" if v.leading else "played"
        key = f"v.not-held.{verb}.{'one' if len(cards) == 1 else 'many'}"
        return msg(key, subject=subject, cards=cards)
    if code is Code.WRONG_COUNT:
        if v.leading and not v.played:
            return msg("v.led-none", subject=subject)
        return msg("v.wrong-count", subject=subject, played=count(v.played, "cards"), asked=v.asked)
    if code is Code.MIXED_LEAD:
        words = sorted(v.suits, key=lambda s: render(_suit_word(s, True)))
        suits = Seq(tuple(_suit_word(s, True) for s in words), "sep.and")
        return msg("v.mixed-lead", subject=subject, suits=suits)
    suit = v.suit if v.suit is not None and str(v.suit) in _SUITS else None
    one, many = _suit_word(suit, False), _suit_word(suit, True)
    if code is Code.FOLLOW_SUIT:
        led = (
            msg("v.led.one", one=one)
            if v.asked == 1
            else msg("v.led.many", asked=v.asked, many=many)
        )
        did = (
            msg("v.did.only", n=v.played)
            if v.played
            else msg("v.did.none", suit=one if v.asked == 1 else many)
        )
        return msg(
            "v.follow-suit", subject=subject, who=who, many=many, led=led, did=did, cards=cards
        )
    if code is Code.FOLLOW_PAIR:
        none = "v.did.no-pair" if v.asked == 1 else "v.did.no-pairs"
        did = msg("v.did.only-pairs", n=v.played) if v.played else msg(none)
        proof = msg("v.split" if v.split else "v.kept", cards=cards)
        held = count(v.held, "pairs")
        pair = {"subject": subject, "who": who, "many": many, "did": did, "held": held}
        if v.asked == 1:
            return msg("v.follow-pair.one", proof=proof, **pair)
        return msg("v.follow-pair.many", asked=v.asked, proof=proof, **pair)
    if code is Code.FOLLOW_TRACTOR:
        if v.another:
            held_key = "v.tractor.another"
        else:
            held_key = "v.tractor.shorter" if v.held < v.asked else "v.tractor.held"
        if v.played:
            did = msg("v.did.short-tractor", n=v.played)
        else:
            did = msg("v.did.no-other-tractor" if v.another else "v.did.no-tractor")
        return msg(
            "v.follow-tractor",
            subject=subject,
            who=who,
            asked=v.asked,
            many=many,
            held=msg(held_key, cards=cards),
            did=did,
        )
    return _turn_or_throw_message(v, seat, subject, who)


def _turn_or_throw_message(
    v: Violation, seat: int | None, subject: Message, who: Message
) -> Message:
    """A play out of turn or a throw misjudged: with the seat and the facts, as the
    replay says it (the seat whose turn it was, who could beat the throw, the unit it
    forces); else in general words."""
    code, cards = v.code, v.cards
    if code is Code.OUT_OF_TURN:
        if seat is not None and v.turn:
            return msg("turn.other", seat=seat, turn=v.turn)
        if seat is not None and v.played > 4:
            return msg("turn.fifth", seat=seat)
        return msg("v.out-of-turn", subject=subject)
    if code is Code.THROW_FAILED:
        if seat is not None and v.by:
            return msg("throw.should-fail", seat=seat, cards=cards, by=v.by, unit=v.forced)
        return msg("v.throw-failed", subject=subject, who=who, cards=cards)
    if code is Code.THROW_STOOD:
        if seat is None:
            return msg("v.throw-stood", subject=subject, cards=cards)
        return msg("throw.one-unit" if v.asked == 1 else "throw.stood", seat=seat, cards=cards)
    if seat is not None and v.by:
        return msg("throw.forced", seat=seat, played=cards, forced=v.forced, by=v.by)
    return msg("v.wrong-forced-play", subject=subject, cards=cards)


def _who(seat: int | None) -> tuple[Message, Message]:
    """Who broke a rule, as a sentence starts and inside it: seat 3, or the player."""
    if seat is None:
        return msg("who.player.subject"), msg("who.player")
    return msg("who.seat.subject", seat=seat), msg("who.seat", seat=seat)
