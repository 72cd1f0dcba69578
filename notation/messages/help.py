"""The command line's help, by id: every command's one-line help, description, epilog
and option helps (``help.*``), the placeholders of its usage lines (``metavar.*``, by the
placeholder argparse shows: an option's metavar, or its name in capitals), and
argparse's own words (``argparse.*``).

A command takes its help from here by id (:func:`notation.cli.language.said`), and
:func:`notation.cli.language.localize` says it again in the user's language.
argparse's words are its gettext message ids (``_('usage: ')``): each entry's English
is argparse's id, by which :func:`notation.cli.language.argparse_in` finds it; they are
argparse's keys, not ours. ``tests/test_cli_language.py`` checks that every text of
every command is one of these, every word argparse can say to a user is here, and that
nothing here is unused.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CATALOGUE"]


_VALIDATE_EPILOG: Final = (
    """\
exit status: 0 no errors (warnings and notes allowed), 1 findings of severity
error, 2 input that could not be read (a missing file, a hand that is not PSN,
a file the validator failed on). A file that holds no hand is a warning.
Findings are printed as each hand is checked, in flat memory whatever the
files' size, the same bytes whatever -j or --executor: hands are checked in
batches on all cores (-j) or on a Dask cluster (--executor dask [--scheduler
ADDRESS]; needs the dask extra).
`shengji validate --codes` lists every finding code.""",
    """\
退出状态：0 没有错误（可以有警告和提示），1 有严重程度为“错误”的问题，
2 有无法读取的输入（文件不存在、某局不是 PSN、校验器处理某个文件时失败）。
文件里一局也没有时给出警告。
每局校验完就立即打印其问题，无论文件多大，占用的内存都不增长；无论 -j
或 --executor 如何设置，输出都逐字节相同：各局分批在所有核心上校验（-j），
或在 Dask 集群上校验（--executor dask [--scheduler 地址]；需要安装 dask
扩展）。
“shengji validate --codes” 列出所有问题代码。""",
)

_JUDGE_ABOUT: Final = (
    """\
Reads one JSON object per line on standard input and writes one per line:
  in:  {{"rules": "qq", "trump": {{"rank": "10", "suit": "H"}}, "leader": 1,
        "hands": {{"1": ["HA", ...], "2": [...], "3": [...], "4": [...]}},
        "plays": [["HA"], ["H3"], ...], "last_trick": false}}
  out: {{"plays": [{{"seat": 1, "legal": true, "findings": [...]}}, ...],
        "throw": null or
                 {{"failed": ..., "forced": [...], "beaten_by": 3, ...}},
        "winner": 2, "points": 15, "kitty_multiplier": null}}
A line that cannot be judged (not JSON, nested too deeply, a number of
thousands of digits, an unknown card or seat ...) gets {{"error": "..."}} and
the others go on.
"rules" is the name of a rule set: a preset, or one of the --rules-dir
folders.
""",
    """\
从标准输入每行读一个 JSON 对象，每行写出一个：
  输入：{{"rules": "qq", "trump": {{"rank": "10", "suit": "H"}}, "leader": 1,
        "hands": {{"1": ["HA", ...], "2": [...], "3": [...], "4": [...]}},
        "plays": [["HA"], ["H3"], ...], "last_trick": false}}
  输出：{{"plays": [{{"seat": 1, "legal": true, "findings": [...]}}, ...],
        "throw": null 或
                 {{"failed": ..., "forced": [...], "beaten_by": 3, ...}},
        "winner": 2, "points": 15, "kitty_multiplier": null}}
无法评判的行（不是 JSON、嵌套太深、几千位的数字、未知的牌或座位……）得到
{{"error": "..."}}，其余各行照常处理。
"rules" 是规则集的名字：预设规则，或 --rules-dir 文件夹里的规则集。
""",
)

_SOLVE_ABOUT: Final = (
    """\
Reads one position per line (JSON) on standard input and writes one answer per
line. Every hand is known ("double dummy"); both teams play their best, the
defenders to maximize their final points, the dealer's team to minimize them.
  in:  {{"rules": "qq", "trump": {{"rank": "2", "suit": "H"}},
        "hands": {{"1": ["SA", ...], "2": [...], "3": [...], "4": [...]}},
        "leader": 3, "trick": [["S5"]], "dealer": 1, "points": 40,
        "kitty": ["C5", "D10", ...]}}
       trick: the plays already made in this trick, from the leader (a failed
       throw as its forced unit); points: the defenders' points so far; kitty:
       the buried cards.
  out: {{"to_move": 4, "value": 55, "exact": true,
        "plays": [{{"cards": ["S8"], "value": 55}}, ...], "best": [["S8"]],
        "nodes": 1234, "ms": 3.1}}
       value: the defenders' final points (points so far, tricks, kitty x
       multiplier if they take the last trick, penalties). A throw is listed
       as thrown; one that fails has "forced" and "penalty", and the value of
       its forced unit less the penalty.
Each position has --budget seconds (default 10), so that one line never holds
up the lines after it: a search that runs out of time answers "exact": false,
with "confidence": {{"lower": L, "upper": U}}: the exact value is proved to lie
between L and U; "value" is an estimate inside them (each play likewise has
"lower" and "upper"); the estimates may take a tenth of the budget more. For
a position of many cards, give a larger --budget to prove more.
A line that cannot be read gets {{"error": "..."}} and the others go on.
""",
    """\
从标准输入每行读一个局面（JSON），每行写出一个答案。
四家的牌全部已知（“明手”）；双方都走最佳着法：闲家力求最终得分最高，
庄家方力求最低。
  输入：{{"rules": "qq", "trump": {{"rank": "2", "suit": "H"}},
        "hands": {{"1": ["SA", ...], "2": [...], "3": [...], "4": [...]}},
        "leader": 3, "trick": [["S5"]], "dealer": 1, "points": 40,
        "kitty": ["C5", "D10", ...]}}
       trick：本轮已经出过的牌，从首家起（甩牌失败记为被迫出的那一组）；
       points：闲家至今的得分；kitty：扣下的底牌。
  输出：{{"to_move": 4, "value": 55, "exact": true,
        "plays": [{{"cards": ["S8"], "value": 55}}, ...], "best": [["S8"]],
        "nodes": 1234, "ms": 3.1}}
       value：闲家的最终得分（至今的得分、各轮的分、闲家拿到最后一轮时
       底牌分乘以倍数、罚分）。甩牌按甩出的牌列出；失败的甩牌带有 "forced"
       和 "penalty"，其值为被迫出的那一组的值减去罚分。
每个局面最多搜索 --budget 秒（默认 10 秒），所以一行不会拖住后面的行：
超时的搜索回答 "exact": false，并给出
"confidence": {{"lower": L, "upper": U}}：已证明准确值在 L 与 U 之间；
"value" 是其间的估计值（每个出牌同样有 "lower" 和 "upper"）；
估计可能多用预算的十分之一的时间。牌多的局面，给更大的 --budget 可以证明更多。
无法读取的行得到 {{"error": "..."}}，其余各行照常处理。
""",
)

_ANALYZE_EPILOG: Final = (
    """\
values: the defenders' final points expected after each play (cards, kitty,
penalties); the defenders want them high, the dealer's team low. --view player
(the default) deals the cards the player could not see at random, consistently
with what it knew, many times; --view hindsight plays from the hands as
recorded. Classes: fine, inaccuracy (?!), mistake (?), blunder (??), by the
points lost (10, 20, 40) or the level result lost (a quarter, half, one level,
expected); a loss inside its confidence interval of zero is fine. Each play
also gets its best line (the solver's to the end of the hand in the last
tricks, the bots' to the end of the trick before) and, in the player's view,
its value with every hand open, the graph's one scale. The same
--seed gives the same analysis, whatever -j or --executor. The last bury is
judged against a few other buries of the same cards, and the bid that set the
trump against the other trumps its seat could have bid, each valued at the
start of the play (when the first trick is judged); the summary names the
hand's three key moments. A hand with a play the rules do not allow is
analysed up to that play, and says so.
corpora: name folders or globs ('games/**/*.psn'); --out DIR writes each
file's analysis there, mirroring the folders; --in-place rewrites them. A
rerun skips the hands already analysed with the same engine version, view,
budget, seed and tricks (--redo: not).
exit status: 0 done, 2 input that could not be read or a hand that cannot be
analysed (the deal and the kitty must be known card by card).""",
    """\
评估值：每手出牌之后闲家预计的最终得分（牌分、底牌、罚分）；闲家希望它高，
庄家方希望它低。--view player（默认）把出牌者看不到的牌按它所知的情况
随机发很多次；--view hindsight 按记录里的手牌来打。分类：好牌、欠佳（?!）、
失误（?）、大错（??），按损失的分数（10、20、40）或损失的升级结果
（预计四分之一级、半级、一级）划分；损失在其置信区间内与零无法区分的，算好牌。
每手牌还给出最佳变着（最后几轮由求解器打到本局结束，之前由机器人打到本轮结束），
玩家视角下还给出四家明牌时的评估值，即评估图的统一刻度。
相同的 --seed 给出相同的分析，与 -j 和 --executor 无关。
最后一次扣底与同样的牌的几种其他扣法比较，定主的那次叫牌与该座位本可叫的其他
主比较，都按出牌开始时的评估值（评判第一轮时）；总结列出该局最关键的三处。
某局有一手规则不允许的出牌时，分析到那一手为止，并说明原因。
大量记录：给出文件夹或通配模式（'games/**/*.psn'）；--out 文件夹 把每个文件的
分析写到那里，保持文件夹结构；--in-place 就地改写。重新运行时，跳过已用相同
引擎版本、视角、预算、种子和轮次分析过的局（--redo：不跳过）。
退出状态：0 完成，2 有无法读取的输入或无法分析的局（发牌和底牌必须每张都
已知）。""",
)

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- shengji, and the options several commands share ---------------------------------------
    "help.shengji.about": (
        "Records, rules and replays of Shengji / Tractor (升级 · 拖拉机 · 双升): read and write "
        "PSN files, judge plays under a rule set, validate records.",
        "升级 · 拖拉机 · 双升的记录、规则与复盘：读写 PSN 文件，按规则集评判出牌，校验记录。",
    ),
    "help.executor": (
        "local: a pool of -j processes; dask: a Dask cluster (pip install 'shengji[dask]')",
        "local：-j 个进程组成的进程池；dask：Dask 集群（pip install 'shengji[dask]'）",
    ),
    "help.file": ("a PSN file", "一个 PSN 文件"),
    "help.hand": ("which hand of the file (default 1)", "文件中的第几局（默认第 1 局）"),
    "help.in-place": ("rewrite the files", "就地改写这些文件"),
    "help.jobs": (
        "processes or local Dask workers (default: one process for less than 1 MB of input, else "
        "every core)",
        "进程数，或本机 Dask 工作进程数（默认：输入不足 1 MB 时只用一个进程，否则用全部核心）",
    ),
    "help.lang": (
        "the language of what the command says and writes (messages, reports, cards, handouts): "
        "en or zh (default: from the locale, LC_ALL / LC_MESSAGES / LANG; zh_CN.UTF-8 gives zh)",
        "命令输出所用的语言（消息、报告、牌、讲义）：en 或 zh（默认取自区域设置 "
        "LC_ALL、LC_MESSAGES、LANG；zh_CN.UTF-8 即为 zh）",
    ),
    "help.output": (
        "write to this file instead of standard output",
        "写入这个文件，而不是标准输出",
    ),
    "help.paths": ("files or folders", "文件或文件夹"),
    "help.rules-dir": (
        "a folder of a club's rule sets (NAME.yaml): a record's Rules header may name them "
        "(repeatable; also ${env})",
        "俱乐部自己的规则集所在的文件夹（名字.yaml）：记录的 Rules "
        "标头可以用这些名字（可重复给出；也可用 ${env}）",
    ),
    "help.ruleset.each-hand": (
        "preset or YAML file (default: each hand's Rules header)",
        "预设规则或 YAML 文件（默认：每局的 Rules 标头）",
    ),
    "help.ruleset.the-hand": (
        "preset or YAML file (default: the hand's Rules header)",
        "预设规则或 YAML 文件（默认：该局的 Rules 标头）",
    ),
    "help.scheduler": (
        "a running `dask scheduler` (tcp://host:8786); without it, a LocalCluster here",
        "正在运行的 dask scheduler 的地址（tcp://host:8786）；不给则在本机启动 LocalCluster",
    ),
    # --- shengji validate ----------------------------------------------------------------------
    "help.validate": (
        "replay records under a rule set and report illegal plays, bids and miscounts",
        "按规则集重放记录，报告违规的出牌、叫牌和算错的分",
    ),
    "help.validate.about": (
        "Replay every hand of the files (folders: every *.psn below them) and report each finding "
        "with its rule and penalty.",
        "重放这些文件的每一局（文件夹：其下所有 *.psn），报告每个问题及其规则和处罚。",
    ),
    "help.validate.codes": ("list the finding codes and exit", "列出问题代码并退出"),
    "help.validate.epilog": _VALIDATE_EPILOG,
    "help.validate.json": ("machine-readable report", "机器可读的报告（JSON）"),
    "help.validate.quiet": ("print errors only", "只打印错误"),
    "help.validate.strict": ("stop at the first error", "遇到第一个错误就停止"),
    # --- shengji stats -------------------------------------------------------------------------
    "help.stats": (
        "a corpus report: findings, points, level results, kitty, throws, players",
        "大量记录的统计：问题、得分、升级结果、底牌、甩牌、各玩家",
    ),
    "help.stats.about": (
        "Add up every hand of the files (folders: every *.psn below them): findings by code and "
        "rule set, the defenders' points, level results by side, kitty captures, failed throws, "
        "and each player's mistakes ([%loss N] and ?, ??, ?! marks) with links that open the "
        "viewer at the most expensive.",
        "汇总这些文件的每一局（文件夹：其下所有 "
        "*.psn）：按代码和规则集分的问题、闲家得分、双方的升级结果、抠底、甩牌失败，以及每个玩家的"
        "失误（[%loss "
        "N] 和 ?、??、?! 标记），并附链接，在查看器中打开代价最大的失误。",
    ),
    "help.stats.format": (
        "json (the default) or html: a page with the charts and tables",
        "json（默认）或 html：带图表和表格的网页",
    ),
    "help.stats.top": (
        "how many of the most expensive mistakes to list (default: %(default)s)",
        "列出代价最大的失误的条数（默认 %(default)s）",
    ),
    "help.stats.viewer": (
        "the viewer's address, for the links (default {url}: shengji view)",
        "查看器的地址，用于链接（默认 {url}，即 shengji view）",
    ),
    # --- shengji report ------------------------------------------------------------------------
    "help.report": (
        "an adjudication report: violations, rules, penalties, the corrected result",
        "裁判报告：违规、所犯规则、处罚、改正后的结果",
    ),
    "help.report.about": (
        "Write an adjudication report for one hand: each violation with the position, the rule it "
        "breaks and its penalty, and the result the rules give.",
        "为一局写裁判报告：每个违规及其局面、所犯的规则和处罚，以及按规则得出的结果。",
    ),
    # --- shengji show --------------------------------------------------------------------------
    "help.show": (
        "draw the state of a hand at one step in the terminal",
        "在终端里画出一局某一步的局面",
    ),
    "help.show.about": (
        "Draw a hand's state at a step: the four hands, the trick, trump, points.",
        "画出一局某一步的局面：四家手牌、本轮出牌、主牌、得分。",
    ),
    "help.show.color": ("colour the suits", "给花色上色"),
    "help.show.step": (
        "the step, from 0 (the deal); a negative step counts back from the end: -1 is the last "
        "(the default), -2 the one before",
        "第几步，从 0（发牌）算起；负数从末尾倒数：-1 是最后一步（默认），-2 是倒数第二步",
    ),
    # --- shengji export ------------------------------------------------------------------------
    "help.export": (
        "a printable handout of a hand (HTML for A4) or a picture of the table (PNG)",
        "一局的可打印讲义（A4 的 HTML）或牌桌的图片（PNG）",
    ),
    "help.export.about": (
        "Export one hand: --format html writes a handout to print (the deal, the bidding, the "
        "tricks, the annotations and analysis, the graphs, the result); --format png draws the "
        "table at one step, for sharing in a chat.",
        "导出一局：--format html "
        "写出可打印的讲义（发牌、叫牌、各轮、评注和分析、图表、结果）；--format png "
        "画出某一步的牌桌，便于在聊天中分享。",
    ),
    "help.export.format": (
        "html (the handout) or png (the table at --step); default: from the -o file's suffix, "
        "else html",
        "html（讲义）或 png（--step 那一步的牌桌）；默认看 -o 文件的后缀，否则为 html",
    ),
    "help.export.step": (
        "PNG only: the step, from 0 (the deal); a negative step counts back from the end: -1 is "
        "the last (the default), -2 the one before",
        "只用于 PNG：第几步，从 0（发牌）算起；负数从末尾倒数：-1 是最后一步（默认），-2 "
        "是倒数第二步",
    ),
    # --- shengji simulate ----------------------------------------------------------------------
    "help.simulate": (
        "play hands or whole matches with bots and write them as PSN",
        "让机器人打若干局或整场比赛，写成 PSN",
    ),
    "help.simulate.about": (
        "Bots that keep every rule play complete hands (deck order, bids, kitty, tricks, result) "
        "or whole matches from level 2 to the end. Deterministic per seed.",
        "遵守每条规则的机器人打完整的局（牌序、叫牌、底牌、各轮、结果），或从打 2 "
        "起打完整场比赛。同一个种子结果相同。",
    ),
    "help.simulate.hands": ("hands to play (default 1)", "要打的局数（默认 1）"),
    "help.simulate.match": ("play whole matches instead", "改为打整场比赛"),
    "help.simulate.out": (
        "a .psn file, or a folder for one file per hand/match (default: stdout)",
        "一个 .psn 文件，或一个文件夹（每局或每场比赛一个文件）（默认：标准输出）",
    ),
    "help.simulate.rules": ("preset or YAML file (default qq)", "预设规则或 YAML 文件（默认 qq）"),
    "help.simulate.seed": ("random seed (default: random)", "随机种子（默认：随机）"),
    # --- shengji fmt ---------------------------------------------------------------------------
    "help.fmt": (
        "print PSN files in the canonical form, check them, or rewrite them",
        "以标准格式打印 PSN 文件，检查或改写它们",
    ),
    "help.fmt.about": (
        "Print each PSN file in the canonical form. With --check, only say which files would "
        "change (exit 1 if any); with --in-place, rewrite them; both end with a one-line count of "
        "the files on standard error. A file that cannot be read is reported with its line and "
        "column (exit 2) and left untouched.",
        "以标准格式打印每个 PSN 文件。给了 --check 时只说哪些文件会改变（有则退出状态为 1）；给了 "
        "--in-place "
        "时就地改写；两者最后都在标准错误上用一行给出文件数。无法读取的文件报告其行号和列号（退出"
        "状态 "
        "2），文件不动。",
    ),
    "help.fmt.check": (
        "exit 1 and name the files that would change",
        "以状态 1 退出，并列出会改变的文件",
    ),
    "help.fmt.files": (
        "PSN files, folders (every *.psn below them), or - for standard input",
        "PSN 文件、文件夹（其下所有 *.psn），或 -（标准输入）",
    ),
    # --- shengji convert -----------------------------------------------------------------------
    "help.convert": (
        "convert a PSN file to JSON, or JSON back to PSN",
        "把 PSN 文件转换为 JSON，或把 JSON 转回 PSN",
    ),
    "help.convert.about": (
        "Convert a record between PSN and its JSON form (described in grammars/PSN.md). --to json "
        "reads PSN; --from json reads JSON and writes canonical PSN.",
        "在 PSN 与其 JSON 形式（见 grammars/PSN.md）之间转换记录。--to json 读 PSN；--from json "
        "读 JSON，写出标准格式的 PSN。",
    ),
    "help.convert.file": ("the input file (- for standard input)", "输入文件（- 为标准输入）"),
    "help.convert.output": ("write here instead of standard output", "写到这里，而不是标准输出"),
    "help.convert.source": ("convert to PSN", "转换为 PSN"),
    "help.convert.to": ("convert PSN to this format", "把 PSN 转换为这种格式"),
    # --- shengji judge -------------------------------------------------------------------------
    "help.judge": (
        "judge tricks given as JSON lines (for referees, bots and servers)",
        "评判以 JSON 行给出的各轮（供裁判、机器人和服务器使用）",
    ),
    "help.judge.about": _JUDGE_ABOUT,
    "help.judge.rules": (
        'preset name or YAML file (default: qq); a line\'s "rules" may name another rule set (a '
        "name, never a file)",
        '预设规则名或 YAML 文件（默认：qq）；某一行的 "rules" '
        "可以指定别的规则集（只能是名字，不能是文件）",
    ),
    # --- shengji solve -------------------------------------------------------------------------
    "help.solve": (
        "the exact value of every play, all hands known (JSON lines)",
        "四家牌全部已知时每种出牌的准确值（JSON 行）",
    ),
    "help.solve.about": _SOLVE_ABOUT,
    "help.solve.budget": (
        "seconds of search for each position (default: 10); one that runs out answers with proved "
        "bounds",
        "每个局面的搜索秒数（默认：10）；超时的回答给出已证明的上下界",
    ),
    "help.solve.rules": (
        "preset name or YAML file (default: qq); a line may override",
        "预设规则名或 YAML 文件（默认：qq）；每一行可以另行指定",
    ),
    # --- shengji analyze -----------------------------------------------------------------------
    "help.analyze": (
        "judge every play of records (mistakes, best alternatives) and annotate them",
        "评判记录里的每一手出牌（失误、更好的出法）并写上评注",
    ),
    "help.analyze.about": (
        "Value every play of each hand against its alternatives, class it (fine, inaccuracy, "
        "mistake, blunder) and write the analysis into the record as glyphs and [%eval] [%best] "
        "[%loss] comments (printed, --out or --in-place), or print it as JSON.",
        "把每局的每一手出牌与其他出法比较估值，分类（好牌、欠佳、失误、大错），以符号和 [%eval] "
        "[%best] [%loss] 注释写进记录（打印出来、--out 或 --in-place），或以 JSON 打印。",
    ),
    "help.analyze.budget": (
        "modelled seconds of search a play (default: {budget})",
        "每手出牌的搜索时间，以模型秒计（默认：{budget}）",
    ),
    "help.analyze.epilog": _ANALYZE_EPILOG,
    "help.analyze.files": ("PSN files, folders or globs", "PSN 文件、文件夹或通配模式"),
    "help.analyze.json": ("print the analysis as JSON", "以 JSON 打印分析"),
    "help.analyze.out": (
        "write the annotated record to PATH (a folder, mirroring the tree, for a folder, a glob "
        "or several files)",
        "把带评注的记录写到这个路径（输入是文件夹、通配模式或多个文件时，写到一个文件夹，保持文件"
        "夹结构）",
    ),
    "help.analyze.redo": (
        "analyse again the hands already analysed with the same settings",
        "重新分析已用相同设置分析过的局",
    ),
    "help.analyze.seed": ("the random seed (default: 0)", "随机种子（默认：0）"),
    "help.analyze.tricks": (
        "judge only the plays of these tricks (e.g. 21-25, or 18 for 18 to the end)",
        "只评判这些轮的出牌（例如 21-25；18 表示从第 18 轮到最后）",
    ),
    "help.analyze.view": (
        "what the judge may see (default: player)",
        "评判时能看到什么（默认：player，玩家视角）",
    ),
    # --- shengji rules -------------------------------------------------------------------------
    "help.rules": (
        "print a rule set (a preset or a YAML file), or the result of a points total",
        "打印规则集（预设规则或 YAML 文件），或某个得分对应的结果",
    ),
    "help.rules.about": (
        "Print a rule set as a referee's reference card, grouped by section, each with the seed "
        "clause it rests on. Presets: {presets}.",
        "把规则集打印成裁判用的参考卡，按章节分组，每条附上它所依据的规则原文。预设规则：{presets}"
        "。",
    ),
    "help.rules.json": ("print JSON instead of text", "打印 JSON，而不是文字"),
    "help.rules.points": (
        "print only the result of a hand in which the defenders took N points (a multiple of 5 "
        "from 0 to the most a hand can give under the rule set)",
        "只打印闲家得 N 分时这一局的结果（N 是 5 的倍数，从 0 到该规则集下一局最多能得的分）",
    ),
    "help.rules.ruleset": ("a preset name or a YAML file", "预设规则名或 YAML 文件"),
    # --- shengji view --------------------------------------------------------------------------
    "help.view": (
        "open a record in the viewer (a local web page)",
        "在查看器（本机网页）中打开记录",
    ),
    "help.view.about": (
        "Start the Streamlit viewer on FILE: step through each hand, see every seat's cards, the "
        "trick, the points and the findings, annotate and download. With no FILE it opens a "
        "bundled example.",
        "用 Streamlit "
        "查看器打开文件：逐步查看每一局，看到每个座位的牌、本轮出牌、得分和问题，写评注并下载。不"
        "给文件时打开自带的示例。",
    ),
    "help.view.dry-run": ("print the command instead of running it", "打印命令，而不运行它"),
    "help.view.file": ("a PSN file (default: an example)", "一个 PSN 文件（默认：一个示例）"),
    "help.view.no-browser": (
        "do not open a browser window (headless)",
        "不打开浏览器窗口（无界面）",
    ),
    "help.view.port": ("the local port (default: 8501)", "本机端口（默认：8501）"),
    # --- the placeholders of the usage lines -----------------------------------------------
    "metavar.ADDRESS": ("ADDRESS", "地址"),
    "metavar.COMMAND": ("COMMAND", "命令"),
    "metavar.DIR": ("DIR", "文件夹"),
    "metavar.FILE": ("FILE", "文件"),
    "metavar.FIRST[-LAST]": ("FIRST[-LAST]", "起[-止]"),
    "metavar.HAND": ("HAND", "第几局"),
    "metavar.HANDS": ("HANDS", "局数"),
    "metavar.JOBS": ("JOBS", "进程数"),
    "metavar.N": ("N", "N"),
    "metavar.OUT": ("OUT", "输出"),
    "metavar.OUTPUT": ("OUTPUT", "输出文件"),
    "metavar.PATH": ("PATH", "路径"),
    "metavar.PORT": ("PORT", "端口"),
    "metavar.PRESET|FILE": ("PRESET|FILE", "预设|文件"),
    "metavar.RULES": ("RULES", "规则集"),
    "metavar.SECONDS": ("SECONDS", "秒数"),
    "metavar.SEED": ("SEED", "种子"),
    "metavar.STEP": ("STEP", "步"),
    "metavar.URL": ("URL", "网址"),
    # --- argparse's own words: the English is argparse's message id, as it passes it to
    # gettext; its errors about a parser built wrongly are ours to never make
    "argparse.usage": ("usage: ", "用法："),
    "argparse.positional": ("positional arguments", "位置参数"),
    "argparse.options": ("options", "选项"),
    "argparse.help": ("show this help message and exit", "显示这份帮助并退出"),
    "argparse.version": ("show program's version number and exit", "显示程序的版本号并退出"),
    "argparse.error": ("%(prog)s: error: %(message)s\n", "%(prog)s：错误：%(message)s\n"),
    "argparse.argument": (
        "argument %(argument_name)s: %(message)s",
        "参数 %(argument_name)s：%(message)s",
    ),
    "argparse.required": ("the following arguments are required: %s", "缺少以下参数：%s"),
    "argparse.one-required": ("one of the arguments %s is required", "参数 %s 必须给出其中一个"),
    "argparse.unrecognized": ("unrecognized arguments: %s", "无法识别的参数：%s"),
    "argparse.not-allowed-with": ("not allowed with argument %s", "不能与参数 %s 同时使用"),
    "argparse.ignored": ("ignored explicit argument %r", "多余的参数值 %r"),
    "argparse.expected-one": ("expected one argument", "需要一个值"),
    "argparse.expected-at-most-one": ("expected at most one argument", "最多需要一个值"),
    "argparse.expected-at-least-one": ("expected at least one argument", "至少需要一个值"),
    "argparse.expected-n": ("expected %s argument", "需要 %s 个值"),
    "argparse.ambiguous": (
        "ambiguous option: %(option)s could match %(matches)s",
        "选项有歧义：%(option)s 可以是 %(matches)s",
    ),
    "argparse.unexpected-option": ("unexpected option string: %s", "意外的选项：%s"),
    "argparse.invalid-value": (
        "invalid %(type)s value: %(value)r",
        "无效的值（应为 %(type)s）：%(value)r",
    ),
    "argparse.invalid-choice": (
        "invalid choice: %(value)r (choose from %(choices)s)",
        "无效的选择：%(value)r（可选 %(choices)s）",
    ),
    "argparse.cannot-open": (
        "can't open '%(filename)s': %(error)s",
        "无法打开 '%(filename)s'：%(error)s",
    ),
    # (argparse of Python 3.13 only: a section's heading, the defaults formatter's note,
    # warnings and deprecated options, commands and arguments)
    "argparse.heading": ("%(heading)s:", "%(heading)s："),
    "argparse.default": (" (default: %(default)s)", "（默认：%(default)s）"),
    "argparse.warning": ("%(prog)s: warning: %(message)s\n", "%(prog)s：警告：%(message)s\n"),
    "argparse.deprecated-option": ("option '%(option)s' is deprecated", "选项 %(option)s 已弃用"),
    "argparse.deprecated-command": (
        "command '%(parser_name)s' is deprecated",
        "命令 %(parser_name)s 已弃用",
    ),
    "argparse.deprecated-argument": (
        "argument '%(argument_name)s' is deprecated",
        "参数 %(argument_name)s 已弃用",
    ),
}
