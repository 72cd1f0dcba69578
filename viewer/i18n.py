"""English and Chinese labels of the viewer: UI words, rule terms, finding codes.

Every label is looked up by a key; a missing key in one language falls back to English,
and a missing key altogether is shown as the key itself, so a typo is visible, not fatal.

>>> tr("zh", "trump")
'主'
>>> finding_label("en", "follow-suit")
'failed to follow suit'
"""

from __future__ import annotations

from typing import Final, Literal

from notation.findings import CATALOGUE

__all__ = [
    "LANGUAGES",
    "Lang",
    "finding_label",
    "glyph_label",
    "kind_label",
    "seat_name",
    "tr",
]

Lang = Literal["en", "zh"]
LANGUAGES: Final[dict[str, str]] = {"en": "English", "zh": "中文"}

_EN: Final[dict[str, str]] = {
    "title": "Shengji viewer",
    "subtitle": "Replay, review and annotate Shengji / Tractor hands",
    "language": "Language",
    "open": "Open a record",
    "source": "Source",
    "source_example": "Bundled example",
    "source_upload": "Upload a .psn file",
    "source_path": "A path on this computer",
    "example": "Example",
    "upload": "PSN file",
    "path": "Path",
    "load_path": "Open",
    "path_missing": "No such file",
    "no_examples": "No bundled examples were found; showing a simulated hand.",
    "simulated": "simulated hand",
    "hand": "Hand",
    "hand_unreadable": "unreadable",
    "unreadable_title": "Hand {n} could not be read",
    "errors_in_file": "{n} hand(s) of this file could not be read; the others are shown.",
    "no_hands": "This file holds no readable hand.",
    "step": "Step",
    "first": "First",
    "prev": "Previous",
    "next": "Next",
    "last": "Last",
    "prev_trick": "Previous trick",
    "next_trick": "Next trick",
    "prev_finding": "Previous finding",
    "next_finding": "Next finding",
    "prev_note": "Previous annotation",
    "next_note": "Next annotation",
    "jumps": "Jump to",
    "keys_hint": "Keys: ← → step, Home / End, PageUp / PageDown by trick",
    "autoplay": "Auto-play",
    "speed": "Seconds per step",
    "view": "View",
    "open_hands": "Open hands",
    "seat_view": "One seat's view",
    "seat": "Seat",
    "show_kitty": "Show the kitty (review)",
    "teaching": "Teaching mode",
    "teach_seat": "Student plays seat",
    "teach_question": "Seat {seat} to play. What would you play?",
    "teach_pick": "Your cards",
    "teach_reveal": "Reveal the play",
    "teach_actual": "Played: {cards}",
    "teach_same": "Same as the game.",
    "teach_differs": "The game went differently: you chose {cards}.",
    "teach_wait": "Step on until it is seat {seat}'s turn.",
    "teach_no_guess": "You chose nothing.",
    "trump": "Trump",
    "rank": "Rank",
    "no_trump": "no-trump",
    "not_known": "not known yet",
    "dealer": "Dealer",
    "declarer": "Declarer",
    "defenders": "Defenders",
    "dealer_side": "Dealer's side",
    "levels": "Levels",
    "team13": "Team 1&3",
    "team24": "Team 2&4",
    "points": "Points",
    "kitty": "Kitty",
    "kitty_hidden": "face down",
    "trick": "Trick",
    "trick_n": "Trick {n}",
    "hand_n": "Hand {n}",
    "winning": "winning",
    "next_dealer": "seat {seat} deals next",
    "won_by": "won by seat {seat}",
    "turn": "to play",
    "rules": "Rule set",
    "cards_left": "{n} cards",
    "log": "Event log",
    "log_trick": "Trick {n}: seat {seat} wins, {points} points",
    "log_trick_open": "Trick {n}",
    "annotations": "Annotations",
    "no_annotations": "No annotation at this step.",
    "comments": "Comments",
    "glyphs": "Marks",
    "variations": "Variations",
    "variation": "Variation {n}",
    "enter_variation": "Step through variation {n}",
    "in_variation": "In a variation ({depth} deep): {text}",
    "back_main": "Back to the main line",
    "findings": "Findings",
    "no_findings": "No findings in this hand.",
    "findings_here": "Findings at this step",
    "goto": "Go",
    "clause": "Rule",
    "penalty": "Penalty",
    "severity_error": "error",
    "severity_warning": "warning",
    "severity_info": "note",
    "charts": "Charts",
    "chart_defenders": "Defenders' points by trick",
    "chart_tricks": "Points won per trick",
    "chart_levels": "Levels hand by hand",
    "chart_kitty": "kitty",
    "after_trick": "after trick",
    "band_dealer": "dealer +{n}",
    "band_take_over": "take over",
    "band_defenders": "defenders +{n}",
    "annotate": "Annotate this step",
    "annotate_target": "Annotating: {what}",
    "annotate_none": "Nothing to annotate at this step.",
    "comment_text": "Comment",
    "glyph": "Mark",
    "nag_extra": "Other $n marks (numbers, space separated)",
    "save": "Save",
    "delete": "Delete the annotation",
    "saved": "Saved.",
    "bad_nags": "Marks are numbers like 14 or 146.",
    "bad_comment": "A comment cannot contain '}'.",
    "new_line": "Add an alternative here (PSN, e.g. {example})",
    "add_line": "Add the variation",
    "line_added": "Variation added: enter it to see it played out and checked.",
    "draft_gone": "The uploaded file is no longer kept on this computer: upload it again.",
    "draft_unsaved": "The edits could not be kept on this computer: download the file.",
    "download": "Download the annotated file",
    "edited": "{n} edit(s) not yet downloaded",
    "result": "Result",
    "computed": "By the rules",
    "recorded": "Recorded",
    "match": "Match",
    "parse_error": "Could not read the file",
    "not_text": "{name} is not UTF-8 text",
    "what_deal": "the deal",
    "what_end": "the result",
    "what_trick": "trick {n}",
    "what_play": "seat {seat}'s play in trick {n}",
    "what_bid": "seat {seat}'s {kind}",
    "what_fallback": "the fallback trump",
    "what_kitty": "seat {seat}'s bury",
    "no_glyph": "(none)",
    "hidden": "hidden",
    "team_of": "team",
}

_ZH: Final[dict[str, str]] = {
    "title": "升级复盘器",
    "subtitle": "复盘、讲解、批注升级 / 拖拉机牌局",
    "language": "语言",
    "open": "打开牌谱",
    "source": "来源",
    "source_example": "自带示例",
    "source_upload": "上传 .psn 文件",
    "source_path": "本机路径",
    "example": "示例",
    "upload": "PSN 文件",
    "path": "路径",
    "load_path": "打开",
    "path_missing": "文件不存在",
    "no_examples": "没有找到自带示例；显示一副模拟牌。",
    "simulated": "模拟牌局",
    "hand": "局",
    "hand_unreadable": "无法读取",
    "unreadable_title": "第 {n} 局无法读取",
    "errors_in_file": "本文件有 {n} 局无法读取；其余各局照常显示。",
    "no_hands": "本文件没有可读的牌局。",
    "step": "步",
    "first": "开头",
    "prev": "上一步",
    "next": "下一步",
    "last": "末尾",
    "prev_trick": "上一轮",
    "next_trick": "下一轮",
    "prev_finding": "上一个问题",
    "next_finding": "下一个问题",
    "prev_note": "上一条批注",
    "next_note": "下一条批注",
    "jumps": "跳转",
    "keys_hint": "键盘：← → 单步，Home / End 首尾，PageUp / PageDown 按轮",
    "autoplay": "自动播放",
    "speed": "每步秒数",
    "view": "视角",
    "open_hands": "明牌",
    "seat_view": "单家视角",
    "seat": "座位",
    "show_kitty": "显示底牌（复盘）",
    "teaching": "教学模式",
    "teach_seat": "学生坐",
    "teach_question": "轮到 {seat} 号位出牌。你会出什么？",
    "teach_pick": "你的牌",
    "teach_reveal": "揭晓实际出牌",
    "teach_actual": "实际出牌：{cards}",
    "teach_same": "与实战相同。",
    "teach_differs": "实战不同：你选了 {cards}。",
    "teach_wait": "继续前进，直到轮到 {seat} 号位出牌。",
    "teach_no_guess": "你没有选牌。",
    "trump": "主",
    "rank": "级牌",
    "no_trump": "无主",
    "not_known": "尚未确定",
    "dealer": "庄家",
    "declarer": "亮主者",
    "defenders": "闲家",
    "dealer_side": "庄家方",
    "levels": "级数",
    "team13": "1、3 号位",
    "team24": "2、4 号位",
    "points": "分",
    "kitty": "底牌",
    "kitty_hidden": "扣着",
    "trick": "轮",
    "trick_n": "第 {n} 轮",
    "hand_n": "第 {n} 局",
    "winning": "最大",
    "next_dealer": "下一局 {seat} 号位坐庄",
    "won_by": "{seat} 号位得这一轮",
    "turn": "出牌",
    "rules": "规则",
    "cards_left": "{n} 张",
    "log": "牌局记录",
    "log_trick": "第 {n} 轮：{seat} 号位得，{points} 分",
    "log_trick_open": "第 {n} 轮",
    "annotations": "批注",
    "no_annotations": "此步没有批注。",
    "comments": "评论",
    "glyphs": "标记",
    "variations": "变着",
    "variation": "变着 {n}",
    "enter_variation": "逐步查看变着 {n}",
    "in_variation": "正在看变着（第 {depth} 层）：{text}",
    "back_main": "回到主线",
    "findings": "问题",
    "no_findings": "本局没有发现问题。",
    "findings_here": "此步的问题",
    "goto": "转到",
    "clause": "规则",
    "penalty": "处罚",
    "severity_error": "错误",
    "severity_warning": "警告",
    "severity_info": "提示",
    "charts": "图表",
    "chart_defenders": "闲家逐轮得分",
    "chart_tricks": "每轮得分",
    "chart_levels": "逐局级数",
    "chart_kitty": "底牌",
    "after_trick": "第几轮后",
    "band_dealer": "庄家升 {n} 级",
    "band_take_over": "闲家上台",
    "band_defenders": "闲家上台升 {n} 级",
    "annotate": "批注此步",
    "annotate_target": "批注对象：{what}",
    "annotate_none": "此步无可批注的内容。",
    "comment_text": "评论",
    "glyph": "标记",
    "nag_extra": "其他 $n 标记（数字，空格分隔）",
    "save": "保存",
    "delete": "删除批注",
    "saved": "已保存。",
    "bad_nags": "标记是数字，例如 14 或 146。",
    "bad_comment": "评论里不能有 '}'。",
    "new_line": "在此添加变着（PSN 写法，例如 {example}）",
    "add_line": "添加变着",
    "line_added": "已添加变着：进入变着即可看到按规则检查后的走法。",
    "draft_gone": "上传的文件已不在本机保存，请重新上传。",
    "draft_unsaved": "修改未能保存在本机，请下载牌谱。",
    "download": "下载批注后的牌谱",
    "edited": "{n} 处修改尚未下载",
    "result": "结果",
    "computed": "按规则",
    "recorded": "记录",
    "match": "比赛",
    "parse_error": "无法读取文件",
    "not_text": "{name} 不是 UTF-8 文本",
    "what_deal": "发牌",
    "what_end": "结果",
    "what_trick": "第 {n} 轮",
    "what_play": "第 {n} 轮 {seat} 号位的出牌",
    "what_bid": "{seat} 号位{kind}",
    "what_fallback": "定主（无人亮主）",
    "what_kitty": "{seat} 号位扣底",
    "no_glyph": "（无）",
    "hidden": "隐藏",
    "team_of": "队",
}

# Rule terms and step kinds, in both languages (the README's table of terms).
_TERMS: Final[dict[str, tuple[str, str]]] = {
    "declare": ("declares", "亮主"),
    "reinforce": ("reinforces", "加固"),
    "counter": ("counters", "反主"),
    "fallback": ("fallback trump", "定主"),
    "kitty": ("picks up the kitty and buries", "扣底"),
    "start": ("the deal", "发牌"),
    "bid": ("bid", "叫主"),
    "play": ("play", "出牌"),
    "trick": ("trick won", "一轮结束"),
    "end": ("end of the hand", "本局结束"),
    "failed_throw": ("failed throw", "甩牌失败"),
}

_FINDINGS_ZH: Final[dict[str, str]] = {
    "syntax": "无法读取（语法错误）",
    "bad-header": "标签值无法理解",
    "unknown-rules": "未知规则",
    "deal-decks": "发牌不是两副完整的牌",
    "deal-count": "手牌或底牌张数不对",
    "bid-cards": "这些牌不能叫主",
    "bid-too-weak": "反主不够大",
    "bid-self": "不允许此人反主",
    "bid-window": "叫主时机不对",
    "bid-not-drawn": "亮出尚未摸到的牌",
    "bid-not-held": "亮出不在手中的牌",
    "reinforce": "不允许的加固",
    "fallback": "定主与规则不符",
    "trump-header": "Trump 标签与叫主矛盾",
    "card-copies": "同一张牌出现了第三张（两副牌只有两张）",
    "kitty-size": "扣底张数不对",
    "kitty-not-held": "扣了手中没有的牌",
    "kitty-seat": "拿底的人不对",
    "out-of-turn": "未轮到出牌",
    "wrong-leader": "首出的人不对",
    "trick-winner": "记录的本轮赢家与规则不符",
    "held-hand": "拿底后的手牌与发牌、底牌不符",
    "ruff-shape": "毙牌牌型不符",
    "not-held": "出了手中没有的牌",
    "wrong-count": "出牌张数不对",
    "mixed-lead": "首出混合花色",
    "follow-suit": "没有跟花色",
    "follow-pair": "有对子没有跟对子",
    "follow-tractor": "有拖拉机没有跟拖拉机",
    "throw-failed": "应判甩牌失败",
    "throw-stood": "甩牌本应成功",
    "wrong-forced-play": "甩牌失败后出错了牌",
    "hand-count": "多牌少牌",
    "trick-number": "轮次编号不连续",
    "comment-hides": "评论跨过了像新一盘开头的行：可能少了 '}'",
    "result-points": "记录的得分与实际不符",
    "result-kitty": "记录的底分不对",
    "result-level": "记录的升级不对",
    "result-next-dealer": "记录的下一庄不对",
    "match-levels": "级数与上一局不衔接",
    "match-dealer": "庄家与上一局不衔接",
    "unchecked": "记录不足，无法检查",
}

# Short English labels where the catalogue's sentence is long.
_FINDINGS_EN: Final[dict[str, str]] = {
    "follow-suit": "failed to follow suit",
    "follow-pair": "failed to follow with a pair",
    "follow-tractor": "failed to follow with a tractor",
    "syntax": "could not be read (syntax)",
}

_GLYPHS: Final[dict[int, tuple[str, str, str]]] = {
    1: ("!", "good play", "好棋"),
    2: ("?", "mistake", "失误"),
    3: ("!!", "brilliant", "妙着"),
    4: ("??", "blunder", "大错"),
    5: ("!?", "interesting", "有趣"),
    6: ("?!", "dubious", "可疑"),
}


def tr(lang: str, key: str, **values: object) -> str:
    """The label ``key`` in ``lang``, with ``{names}`` filled in from ``values``."""
    table = _ZH if lang == "zh" else _EN
    text = table.get(key) or _EN.get(key) or key
    return text.format(**values) if values else text


def kind_label(lang: str, kind: str) -> str:
    """A rule term or step kind (``declare``, ``kitty``, ``trick`` …) in ``lang``."""
    en, zh = _TERMS.get(kind, (kind, kind))
    return zh if lang == "zh" else en


def finding_label(lang: str, code: str) -> str:
    """A finding code as a short label in ``lang`` (``follow-suit`` → 没有跟花色)."""
    if lang == "zh":
        return _FINDINGS_ZH.get(code, code)
    if code in _FINDINGS_EN:
        return _FINDINGS_EN[code]
    entry = CATALOGUE.get(code)
    return entry[2] if entry else code


def glyph_label(lang: str, nag: int) -> str:
    """A mark as shown: ``!`` (good play), ``$14``."""
    if nag in _GLYPHS:
        glyph, en, zh = _GLYPHS[nag]
        return f"{glyph} ({zh if lang == 'zh' else en})"
    return f"${nag}"


def seat_name(lang: str, seat: int, player: str | None = None) -> str:
    """``Seat 3 · Cai`` / ``3 号位 · Cai``."""
    base = f"{seat} 号位" if lang == "zh" else f"Seat {seat}"
    return f"{base} · {player}" if player else base


def severity_label(lang: str, severity: str) -> str:
    """error / warning / info in ``lang``."""
    return tr(lang, f"severity_{severity}")


GLYPH_CHOICES: Final = (0, 1, 2, 3, 4, 5, 6)  # 0: no glyph


def missing_labels() -> list[str]:
    """Keys present in one language and not the other (a test keeps this empty)."""
    return sorted(set(_EN) ^ set(_ZH))


def missing_finding_labels() -> list[str]:
    """Finding codes of the catalogue without a Chinese label."""
    return sorted(set(CATALOGUE) - set(_FINDINGS_ZH))
