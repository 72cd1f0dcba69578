"""The command line's messages, the analysis written into records, the adjudication
report and ``shengji show``."""

from __future__ import annotations

from typing import Final

__all__ = ["CATALOGUE"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- the command line (notation/cli) ------------------------------------------------
    "cli.internal": (
        "shengji: internal error ({what}); this is a bug in shengji, please report it with "
        "the command and the input",
        "shengji：内部错误（{what}）；这是 shengji 的缺陷，请连同命令和输入一起报告",
    ),
    # a failure of shengji itself on one file or hand: that file's error, not the run's
    # (notation/corpus.py, notation/cli/analyze.py); error: the exception, as Python says it
    "bug.while": (
        "internal error while {doing}: {error}{where}; please report it",
        "内部错误（{doing}时）：{error}{where}；请报告这个问题",
    ),
    "bug.at": (" (at {place})", "（在 {place}）"),
    "bug.doing.reading": ("reading", "读取"),
    "bug.doing.analysing": ("analysing", "分析"),
    "bug.doing.checking": ("checking hand {n}", "检查第 {n} 局"),
    "bug.worker-died": ("the worker process died ({error})", "工作进程意外退出（{error}）"),
    # a Dask cluster left without any worker for that long (notation/executor.py)
    "bug.no-worker": (
        "its worker was lost and the cluster had no worker to run it again for {seconds} s",
        "工作进程丢失，集群在 {seconds} 秒内没有可以重新运行它的工作进程",
    ),
    "cli.no-paths": (
        "shengji validate: name at least one file or folder",
        "shengji validate：请至少给出一个文件或文件夹",
    ),
    "cli.no-files": (
        "shengji validate: no *.psn files found",
        "shengji validate：没有找到 *.psn 文件",
    ),
    "cli.cannot-read": ("{path}: cannot read: {reason}", "{path}：无法读取：{reason}"),
    "cli.no-hand": ("{path}: warning: holds no hand", "{path}：警告：文件里没有一局牌"),
    "cli.summary": (
        "{files}, {hands}: {errors}, {warnings}, {notes}",
        "{files}，{hands}：{errors}，{warnings}，{notes}",
    ),
    "cli.files-unreadable": ("; {files} could not be read", "；{files}无法读取"),
    "cli.hands-unreadable": ("; {hands} could not be read", "；{hands}无法读取"),
    "cli.empty-file": ("; {files} holds no hand", "；{files}里没有一局牌"),
    "cli.empty-files": ("; {files} hold no hand", "；{files}里没有一局牌"),
    "n.files.one": ("{n} file", "{n} 个文件"),
    "n.files.many": ("{n} files", "{n} 个文件"),
    "n.hands.one": ("{n} hand", "{n} 局"),
    "n.hands.many": ("{n} hands", "{n} 局"),
    "n.errors.one": ("{n} error", "{n} 个错误"),
    "n.errors.many": ("{n} errors", "{n} 个错误"),
    "n.warnings.one": ("{n} warning", "{n} 个警告"),
    "n.warnings.many": ("{n} warnings", "{n} 个警告"),
    "n.notes.one": ("{n} note", "{n} 个提示"),
    "n.notes.many": ("{n} notes", "{n} 个提示"),
    "reason.no-such-file": ("no such file", "没有这个文件"),
    "reason.folder": ("is a folder", "是文件夹"),
    "reason.permission": ("permission denied", "没有权限"),
    "reason.not-utf8": ("not UTF-8 text (byte {byte})", "不是 UTF-8 文本（第 {byte} 字节）"),
    "cli.no-hand-n": (
        "{path}: no hand {n}; the file has {count}",
        "{path}：没有第 {n} 局；文件里共有 {count} 局",
    ),
    "cli.hand-unreadable": (
        "{path}{at}: hand {n} cannot be read: {message}",
        "{path}{at}：第 {n} 局无法读取：{message}",
    ),
    "cli.cannot-be-read": ("cannot be read", "无法读取"),
    # The analysis written into a record (notation.analysis.annotate): the words after
    # the machine-readable commands, which stay as they are in both languages.
    "analysis.better": (
        "better {seat}: {cards} (the defenders {best}, not {made})",
        "更好的是 {seat}: {cards}（闲家 {best} 分，而不是 {made} 分）",
    ),
    "analysis.better-level": (
        "better {seat}: {cards} (the defenders {best}, not {made}; the level result changes)",
        "更好的是 {seat}: {cards}（闲家 {best} 分，而不是 {made} 分；升级结果随之改变）",
    ),
    "analysis.summary": ("analysis ({view}): {seats}", "复盘分析（{view}）：{seats}"),
    "analysis.view.player": ("the player's view", "玩家视角"),
    "analysis.view.hindsight": ("hindsight", "全知视角"),
    "analysis.seat": (
        "seat {seat}: {plays}, {classes}, average loss {loss}",
        "{seat} 号位：{plays}，{classes}，平均损失 {loss} 分",
    ),
    "analysis.no-play": ("no play analysed", "没有分析任何出牌"),
    # the choices before the play judged, and the key moments (notation.analysis.choices)
    "analysis.choice.bury": ("the bury (seat {seat}): {judged}", "扣底（{seat} 号位）：{judged}"),
    "analysis.choice.declaration": (
        "the declaration (seat {seat}): {judged}",
        "亮主（{seat} 号位）：{judged}",
    ),
    "analysis.choice.counter": (
        "no counter (seat {seat}): {judged}",
        "未反主（{seat} 号位）：{judged}",
    ),
    "analysis.choice.best": ("the best of {n} options", "{n} 种选择中最好的"),
    "analysis.choice.fine": (
        "fine, within the noise of the best of {n} options",
        "无误，与 {n} 种选择中最好的相差在误差之内",
    ),
    "analysis.choice.loses": (
        "{verdict}, loss {loss} (better {cards}: the defenders {best}, not {made})",
        "{verdict}，损失 {loss} 分（更好的是 {cards}：闲家 {best} 分，而不是 {made} 分）",
    ),
    "analysis.key-moments": ("key moments: {moments}", "关键时刻：{moments}"),
    "analysis.moment.play": (
        "trick {trick}, seat {seat}'s play ({verdict}, {levels} levels, {loss} points)",
        "第 {trick} 轮 {seat} 号位出牌（{verdict}，{levels} 级，{loss} 分）",
    ),
    "analysis.moment.bury": (
        "seat {seat}'s bury ({verdict}, {levels} levels, {loss} points)",
        "{seat} 号位扣底（{verdict}，{levels} 级，{loss} 分）",
    ),
    "analysis.moment.counter": (
        "seat {seat}'s counter not made ({verdict}, {levels} levels, {loss} points)",
        "{seat} 号位没有反主（{verdict}，{levels} 级，{loss} 分）",
    ),
    "analysis.moment.declaration": (
        "seat {seat}'s declaration ({verdict}, {levels} levels, {loss} points)",
        "{seat} 号位亮主（{verdict}，{levels} 级，{loss} 分）",
    ),
    "analysis.no-mistake": ("no mistake", "没有失误"),
    "n.plays.one": ("{n} play", "{n} 手牌"),
    "n.plays.many": ("{n} plays", "{n} 手牌"),
    "n.inaccuracies.one": ("{n} inaccuracy", "{n} 手欠佳"),
    "n.inaccuracies.many": ("{n} inaccuracies", "{n} 手欠佳"),
    "n.mistakes.one": ("{n} mistake", "{n} 手失误"),
    "n.mistakes.many": ("{n} mistakes", "{n} 手失误"),
    "n.blunders.one": ("{n} blunder", "{n} 手大错"),
    "n.blunders.many": ("{n} blunders", "{n} 手大错"),
    "analysis.stops-here": ("the analysis stops here: {why}", "分析到此为止：{why}"),
    "analysis.stopped": (
        "analysed up to trick {trick}, seat {seat}'s play: {why}",
        "分析到第 {trick} 轮 {seat} 号位的出牌为止：{why}",
    ),
    "analysis.stop-finding": ("{code}: {message}", "{meaning}。{message}"),
    "analyze.no-files": (
        "shengji analyze: no *.psn files found",
        "shengji analyze：没有找到 *.psn 文件",
    ),
    "analyze.jobs": (
        "shengji analyze: -j {n}: a number of processes is 1 or more",
        "shengji analyze：-j {n}：进程数至少为 1",
    ),
    "analyze.done": (
        "{files} written, {hands}{skipped}, {plays} analysed in {seconds} s",
        "写入 {files}，{hands}{skipped}，分析了 {plays}，用时 {seconds} 秒",
    ),
    "analyze.skipped": (
        " ({n} skipped: analysed before with the same settings)",
        "（跳过 {n} 局：之前已用相同设置分析过）",
    ),
    "analyze.hand": ("{path}: hand {n}: {why}", "{path}：第 {n} 局：{why}"),
    # a player named for a duplicate match (notation/analysis/duplicate.py)
    "player.unknown": (
        "unknown player {spec!r}: give one of {known}, or module:attribute",
        "没有玩家 {spec!r}：请给出 {known} 之一，或 module:attribute",
    ),
    "player.cannot-load": (
        "cannot load the player {spec!r}: {error}",
        "无法载入玩家 {spec!r}：{error}",
    ),
    "analysis.cannot": ("cannot be analysed: {why}", "无法分析：{why}"),
    "analysis.no-start": (
        "the hand has no trump or dealer: its play cannot be set up",
        "这一局没有主或庄家：无法摆出出牌的局面",
    ),
    "analysis.unknown-deal": (
        "some card of the deal or the kitty is unknown: no exact position",
        "发牌或底牌中有未知的牌：没有确切的局面",
    ),
    "analyze.plays": ("plays", "手牌"),
    "analyze.more-errors": ("… and {n} more errors", "……还有 {n} 处错误"),
    "analyze.changed": (
        "changed while it was analysed: a hand no longer reads",
        "在分析期间被改动了：有一局已无法读取",
    ),
    "analysis.stop-view": ("seat {seat}'s view: {why}", "{seat} 号位所知的牌：{why}"),
    "cli.no-step": (
        "{path}: hand {hand} has no step {step}: its steps are 0 to {last} (or -1, the last, "
        "back to -{count}, the first)",
        "{path}：第 {hand} 局没有第 {step} 步：步数是 0 到 {last}（或 -1 表示最后一步，直到 "
        "-{count} 表示第一步）",
    ),
    # --- the adjudication report (notation/report.py) ----------------------------------
    "report.event": ("Shengji hand", "升级牌局"),
    "report.title": ("{event}, hand {n}", "{event}，第 {n} 局"),
    "report.seat": ("seat {seat}", "{seat} 号位"),
    "report.levels": ("team 1&3 {a}, team 2&4 {b}", "1、3 号位 {a}，2、4 号位 {b}"),
    "report.rule-set": ("Rule set", "规则"),
    "report.players": ("Players", "牌手"),
    "report.player": ("seat {seat}: {name}", "{seat} 号位：{name}"),
    "report.rule-set-assumed": ("{rules} — {why}", "{rules}——{why}"),
    # the rule set by its name and title (the Chinese report leaves out the English title)
    "report.rule-set-name": ("{name}: {en} ({zh})", "{name}：{zh}"),
    "report.trump-nt": ("NT {rank} (无主)", "无主 {rank}"),
    "report.dealer": ("Dealer", "庄家"),
    "report.levels-before": ("Levels before", "本局前级数"),
    "report.trump": ("Trump", "主"),
    "report.tricks": ("Tricks", "轮数"),
    "report.team13": ("team 1&3", "1、3 号位"),
    "report.team24": ("team 2&4", "2、4 号位"),
    "report.team": ("{team} {result}", "{team}{result}"),
    "report.stays": ("stays at {level}", "保持 {level}"),
    "report.takes-over-up": (
        "takes over the deal (上台) and goes up {n} to {level}",
        "上台，升 {n}到 {level}",
    ),
    "report.takes-over": ("takes over the deal (上台) at {level}", "上台，打 {level}"),
    "report.goes-up": ("goes up {n} to {level}", "升 {n}到 {level}"),
    "report.wins-match": ("{text}, and wins the match", "{text}，赢得比赛"),
    "report.must-play": (
        "{text} (level {level} must be played: 逢{level}必打)",
        "{text}（{level} 必须打：逢{level}必打）",
    ),
    "report.not-held": ("seat {seat}'s play of a card not held", "{seat} 号位出了手里没有的牌"),
    "report.not-held-in": (
        "seat {seat}'s play of a card not held in trick {trick}",
        "{seat} 号位在第 {trick} 轮出了手里没有的牌",
    ),
    "report.revoke": ("seat {seat}'s revoke", "{seat} 号位出错牌"),
    "report.revoke-in": (
        "seat {seat}'s revoke in trick {trick}",
        "{seat} 号位在第 {trick} 轮出错牌",
    ),
    "report.penalty": ("for {cause} (misplay penalty, {ref})", "因{cause}（出错牌处罚，{ref}）"),
    "report.drops": (", then drops {n} to {final} {penalty}", "，然后{penalty}降 {n}到 {final}"),
    "report.would-drop": (
        ", then would drop {n} {penalty}, but {final} is the lowest level: it stays at {final}",
        "，然后本应{penalty}降 {n}，但 {final} 已是最低级：保持 {final}",
    ),
    "report.drops-stops": (
        ", then drops {n} {penalty}, stopping at {final}, the lowest level",
        "，然后{penalty}降 {n}，停在最低级 {final}",
    ),
    "report.next-dealer": (". Next dealer: seat {seat}.", "。下一局庄家：{seat} 号位。"),
    "report.heading": ("# Adjudication report: {title}", "# 裁判报告：{title}"),
    "report.fact-md": ("- **{what}**: {value}", "- **{what}**：{value}"),
    "report.violations-md": ("## Violations ({n})", "## 违规（{n}）"),
    "report.violation-md": ("### {i}. `{code}`: {where}", "### {i}. `{code}`：{where}"),
    "report.where": (
        "{where}, line {line}, column {column}",
        "{where}，第 {line} 行第 {column} 列",
    ),
    "report.rule-md": ("> **Rule**: {text}", "> **规则**：{text}"),
    "report.penalty-md": ("**Penalty**: {penalty}", "**处罚**：{penalty}"),
    "report.position-md": (
        "Position before the play (trumps in **bold**):",
        "出牌前的局面（主牌为**粗体**）：",
    ),
    "report.position-head-md": ("| seat | cards held |", "| 座位 | 手牌 |"),
    "report.table": ("On the table (trick {n}): {table}", "桌上（第 {n} 轮）：{table}"),
    "report.notes-md": ("## Notes", "## 提示"),
    "report.note-md": ("- `{code}` ({where}): {message}", "- `{code}`（{where}）：{message}"),
    "report.result-md": ("## Result", "## 结果"),
    "report.result-head-md": ("| | recorded | by the rules |", "| | 记录 | 按规则 |"),
    "report.levels-after-md": ("**Levels after the hand**: {levels}", "**本局后级数**：{levels}"),
    "report.heading-html": ("Adjudication report: {title}", "裁判报告：{title}"),
    "report.violations-html": ("Violations ({n})", "违规（{n}）"),
    "report.rule-html": ("Rule", "规则"),
    "report.penalty-html": ("Penalty", "处罚"),
    "report.position-html": (
        'Position before the play (trumps <span class="card trump">shaded</span>):',
        '出牌前的局面（主牌<span class="card trump">加底色</span>）：',
    ),
    "report.position-head-html": ("<th>seat</th><th>cards held</th>", "<th>座位</th><th>手牌</th>"),
    "report.notes-html": ("Notes", "提示"),
    "report.note-where": ("({where})", "（{where}）"),
    "report.result-html": ("Result", "结果"),
    "report.result-head-html": (
        "<th></th><th>recorded</th><th>by the rules</th>",
        "<th></th><th>记录</th><th>按规则</th>",
    ),
    "report.levels-after-html": ("Levels after the hand", "本局后级数"),
    # --- shengji show (notation/report.py, render_terminal) ----------------------------
    "show.step": ("step {step}/{last}: {label}", "第 {step}/{last} 步 {label}"),
    "show.state": (
        "trump {trump}   dealer {dealer}   points: team 1&3 {a}, team 2&4 {b}   defenders "
        "{defenders}",
        "主 {trump}   庄家 {dealer}   得分：1、3 号位 {a}，2、4 号位 {b}   闲家 {defenders}",
    ),
    "show.to-play": ("  ← to play", "  ← 出牌"),
    "show.winning": ("   (winning: {seat})", "   （最大：{seat}）"),
    "show.trick": ("  trick {n}: {table}", "  第 {n} 轮：{table}"),
    "show.kitty": ("  kitty: {cards}", "  底牌：{cards}"),
}
