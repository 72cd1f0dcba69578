"""The messages of puzzles (:mod:`notation.analysis.puzzles`): the question a puzzle
asks, its themes, what ``shengji puzzles`` says and its help, and the viewer's puzzle
mode."""

from __future__ import annotations

from typing import Final

__all__ = ["CATALOGUE"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- a puzzle's record (notation/analysis/puzzles.py) ------------------------------
    "puzzle.no-analysis": (
        "the hand has no analysis: run shengji analyze on it first",
        "这一局没有分析：请先用 shengji analyze 分析它",
    ),
    "puzzle.question": (
        "Trick {trick}, seat {seat} to play: find a better play. The game played {cards}, "
        "a {verdict} that lost {loss} points.",
        "第 {trick} 轮，{seat} 号位出牌：找出更好的出法。"
        "实战出了 {cards}，{verdict}，损失 {loss} 分。",
    ),
    "puzzle.question-themes": ("{question} Theme: {themes}.", "{question}主题：{themes}。"),
    "puzzle.theme.kitty": ("the kitty (抠底)", "抠底"),
    "puzzle.theme.throw": ("a failed throw (甩牌失败)", "甩牌失败"),
    "puzzle.theme.ruff": ("ruffing (毙牌)", "毙牌"),
    "puzzle.theme.keep-trump": ("keeping a trump (留主)", "留主"),
    "puzzle.theme.points": ("points to the right side (垫分)", "垫分"),
    # --- shengji puzzles (notation/cli/puzzles.py) ---------------------------------------
    "puzzles.no-files": (
        "shengji puzzles: no *.psn files found",
        "shengji puzzles：没有找到 *.psn 文件",
    ),
    "puzzles.not-analysed": (
        "{file}: hand {n} has no analysis: run shengji analyze {file} --in-place first",
        "{file}：第 {n} 局没有分析：请先运行“shengji analyze {file} --in-place”",
    ),
    "puzzles.hand-error": (
        "{file}: hand {n}: {text}",
        "{file}：第 {n} 局：{text}",
    ),
    "n.puzzles.one": ("{n} puzzle", "{n} 道题"),
    "n.puzzles.many": ("{n} puzzles", "{n} 道题"),
    "puzzles.done": (
        "shengji puzzles: {puzzles} from {hands} written to {out}",
        "shengji puzzles：读了 {hands}，得到 {puzzles}，已写入 {out}",
    ),
    "puzzles.none": (
        "shengji puzzles: no play classed mistake or blunder (of at least {loss} points) "
        "in {hands}: nothing written",
        "shengji puzzles：{hands} 中没有损失至少 {loss} 分的失误或大错：什么也没写",
    ),
    "puzzles.min-loss": (
        "--min-loss is a number of points 0 or more, not {text}",
        "--min-loss 必须是不小于 0 的分数，而不是 {text}",
    ),
    "help.puzzles": (
        "make puzzles from the mistakes an analysis found",
        "把分析找出的失误做成练习题",
    ),
    "help.puzzles.about": (
        "Turn the plays that shengji analyze classed mistake or blunder into puzzles: for "
        'each, the position before it, "find the better play", the answer (the analysis\'s '
        "best play), the engine's line and a theme where the rules make one clear. The set "
        'is a PSN file (grammars/PSN.md, "Puzzles"): shengji validate reads it and shengji '
        "view opens it in puzzle mode. A file with no analysis is said, not analysed: run "
        "shengji analyze on it first.",
        "把 shengji analyze 判为失误或大错的出牌做成练习题：每题给出出牌前的局面、"
        "“找出更好的出法”、答案（分析的最佳出法）、引擎的变化，以及规则能判明的主题。"
        "题集是 PSN 文件（grammars/PSN.md，“练习题”）：shengji validate 可以校验，"
        "shengji view 以练习模式打开。没有分析的文件只报告，不分析：请先用 shengji analyze 分析。",
    ),
    "help.puzzles.files": (
        "analysed PSN files or folders",
        "已分析的 PSN 文件或文件夹",
    ),
    "help.puzzles.seat": (
        "only this seat's mistakes (1-4)",
        "只要这个座位的失误（1-4）",
    ),
    "help.puzzles.min-loss": (
        "only plays that lost at least this many points (default 0)",
        "只要损失至少这么多分的出牌（默认 0）",
    ),
    "help.puzzles.rules": (
        "preset or YAML file to replay the hands under, as given to shengji analyze "
        "(default: the rule set the analysis imposed, else each hand's Rules header)",
        "重放各局所用的预设规则或 YAML 文件，与 shengji analyze 所给的相同"
        "（默认：分析时指定的规则，否则每局的 Rules 标头）",
    ),
    "help.puzzles.output": (
        "the puzzle set to write (PSN)",
        "要写出的题集（PSN）",
    ),
    # --- the viewer's puzzle mode (viewer/panels/puzzle.py) -----------------------------
    "label.puzzle_n": ("Puzzle {n} of {total}", "第 {n} 题，共 {total} 题"),
    "label.puzzle_click": (
        "Click your cards on the table (a pair, a tractor or a throw: click each card, then Play).",
        "在牌桌上点你的牌（对子、拖拉机或甩牌：逐张点选，再点“出牌”）。",
    ),
    "label.puzzle_right": (
        "Right: {cards} is the best play.",
        "正确：{cards} 是最佳出法。",
    ),
    "label.puzzle_wrong": (
        "Not the best: {cards}. Try again, or show the answer.",
        "不是最佳：{cards}。再试一次，或查看答案。",
    ),
    "label.puzzle_show": ("Show the answer", "查看答案"),
    "label.puzzle_answer": ("The answer: {cards}.", "答案：{cards}。"),
    "label.puzzle_game": (
        "The game played {cards} ({verdict}, {loss} points lost).",
        "实战出了 {cards}（{verdict}，损失 {loss} 分）。",
    ),
    "label.puzzle_theme": ("Theme: {themes}", "主题：{themes}"),
    "label.puzzle_prev": ("Previous puzzle", "上一题"),
    "label.puzzle_next": ("Next puzzle", "下一题"),
    "label.puzzle_position": ("Back to the puzzle", "回到题目"),
}
