"""The messages of the commands that are not about findings: what ``export``, ``stats``,
``fmt``, ``convert``, ``judge``, ``solve``, ``rules``, ``simulate`` and ``view`` say, the
errors every command shares (a file that cannot be read or written, a line that is not
JSON), and the corpus report's page (``stats --format html``)."""

from __future__ import annotations

from typing import Final

from notation.messages.core import TEMPLATES, Message, Param, msg

__all__ = ["CATALOGUE", "described", "json_words", "kind_words"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- every command (notation/cli/__init__.py, notation/cli/common.py) ---------------
    "cmd.error": ("shengji: {text}", "shengji：{text}"),
    "cmd.error-in": ("shengji {command}: {text}", "shengji {command}：{text}"),
    "cmd.warning": ("shengji: warning: {text}", "shengji：警告：{text}"),
    # the executor of -j and --executor (notation/executor.py)
    "executor.no-processes": (
        "the local process pool cannot start processes",
        "本机的进程池无法启动进程",
    ),
    "executor.unreachable": ("cannot reach {where}: {error}", "无法连接 {where}：{error}"),
    "executor.timed-out": (
        "no answer within the connect timeout",
        "在连接超时之内没有应答",
    ),
    "executor.refused": ("the connection was refused", "连接被拒绝"),
    "executor.workers-failed": (
        "the Dask workers failed ({error}); is the same shengji installed on every worker?",
        "Dask 工作进程出错（{error}）；每个工作节点上装的是同一个 shengji 吗？",
    ),
    "executor.needs-dask": (
        "--executor dask needs Dask: pip install 'shengji[dask]' (from a checkout: "
        "pip install '.[dask]')",
        "--executor dask 需要 Dask：pip install 'shengji[dask]'（在源码目录中："
        "pip install '.[dask]'）",
    ),
    "executor.scheduler-at": ("the Dask scheduler at {address}", "位于 {address} 的 Dask 调度器"),
    "executor.local-cluster": ("a local Dask cluster", "本机的 Dask 集群"),
    "executor.not-started": (
        "its worker processes did not start",
        "其工作进程未能启动",
    ),
    "executor.unknown": (
        "no executor {kind!r}: the executors are {known}",
        "没有执行器 {kind!r}：执行器有 {known}",
    ),
    "executor.scheduler-alone": (
        "--scheduler is for --executor dask",
        "--scheduler 只能与 --executor dask 一起用",
    ),
    "cmd.rules-dir": (
        "--rules-dir {folder}: no such folder",
        "--rules-dir {folder}：没有这个文件夹",
    ),
    # the options' values (notation/cli/common.py, notation/cli/analyze.py)
    "arg.not-seconds": ("not a number of seconds: {text}", "不是秒数：{text}"),
    "arg.budget-positive": (
        "a budget is more than 0 seconds, not {text}",
        "时间预算必须大于 0 秒，而不是 {text}",
    ),
    "arg.budget-finite": (
        "a budget is a number of seconds, not {text}: a search without a bound may never end",
        "时间预算必须是有限的秒数，而不是 {text}：没有上限的搜索可能永远不会结束",
    ),
    "arg.not-tricks": ("not tricks FIRST[-LAST]: {text}", "不是轮次 起[-止]：{text}"),
    "arg.tricks-from-1": ("tricks run from 1 up: {text}", "轮次从 1 开始：{text}"),
    "file.no-such-file": ("{path}: no such file", "{path}：没有这个文件"),
    "file.folder": ("{path}: is a folder, not a file", "{path}：是文件夹，不是文件"),
    "file.permission": ("{path}: permission denied", "{path}：没有权限"),
    "file.not-utf8": (
        "{path}: is not UTF-8 text (byte 0x{byte} at offset {offset})",
        "{path}：不是 UTF-8 文本（第 {offset} 字节处的 0x{byte}）",
    ),
    "file.cannot-write": ("{path}: cannot write: {reason}", "{path}：无法写入：{reason}"),
    "reason.no-folder": ("no such folder", "没有这个文件夹"),
    "reason.not-utf8-at": (
        "not UTF-8 text (byte 0x{byte} at offset {offset})",
        "不是 UTF-8 文本（第 {offset} 字节处的 0x{byte}）",
    ),
    # why a file or stream cannot be read or written (notation/files.py)
    "reason.not-regular": (
        "not a regular file (a pipe, a device or a socket)",
        "不是普通文件（是管道、设备或套接字）",
    ),
    "reason.too-large": (
        "larger than {mb} MB, the most that is read of a file",
        "超过 {mb} MB，这是读取一个文件的上限",
    ),
    "reason.line-too-long": (
        "a line of more than {most} bytes, the most that is read of a line",
        "一行超过 {most} 字节，这是读取一行的上限",
    ),
    "reason.file-not-folder": ("is a file, not a folder", "是文件，不是文件夹"),
    "reason.link-loop": ("its symbolic links make a loop", "符号链接形成了循环"),
    "reason.not-folder-in-path": ("a part of the path is not a folder", "路径中有一段不是文件夹"),
    "reason.name-too-long": ("the name is too long", "名字太长"),
    "reason.read-only": ("the file system is read-only", "文件系统是只读的"),
    "reason.no-space": ("no space left on the device", "设备上没有剩余空间"),
    "reason.no-device": ("no such device", "没有这个设备"),
    "reason.io-error": ("input/output error", "输入/输出错误"),
    "reason.too-large-to-write": ("the file would be too large", "文件会太大"),
    "progress.files": ("files", "个文件"),
    # --- JSON lines (judge, solve) ---------------------------------------------------------
    "lines.error": ("line {n}: {text}", "第 {n} 行：{text}"),
    "json.not-json": ("not JSON: {why} at column {column}", "不是 JSON：第 {column} 列{why}"),
    # the JSON reader's reasons (json.JSONDecodeError.msg): the English is the json
    # module's own words, by which json_words finds them
    "json.why.value": ("Expecting value", "缺少值"),
    "json.why.property-name": (
        "Expecting property name enclosed in double quotes",
        "缺少用双引号括起的属性名",
    ),
    "json.why.comma": ("Expecting ',' delimiter", "缺少逗号 ','"),
    "json.why.colon": ("Expecting ':' delimiter", "缺少冒号 ':'"),
    "json.why.extra-data": ("Extra data", "有多余的内容"),
    "json.why.unterminated-string": ("Unterminated string starting at", "字符串没有结束"),
    "json.why.control-character": ("Invalid control character at", "有无效的控制字符"),
    "json.why.escape": ("Invalid \\escape", "有无效的转义"),
    "json.why.u-escape": ("Invalid \\uXXXX escape", "有无效的 \\u 转义"),
    "json.why.comma-in-object": ("Illegal trailing comma before end of object", "对象末尾多了逗号"),
    "json.why.comma-in-array": ("Illegal trailing comma before end of array", "列表末尾多了逗号"),
    "json.why.number-range": ("Number out of range", "数字超出范围"),
    "json.why.malformed": ("{reason}", "格式错误"),
    "json.too-deep": (
        "not JSON we can read: lists or objects nested too deeply",
        "无法读取的 JSON：列表或对象嵌套太深",
    ),
    "json.long-number": (
        "not JSON we can read: a number of {digits} digits",
        "无法读取的 JSON：一个 {digits} 位的数字",
    ),
    "kind.number": ("a number", "数字"),
    "kind.text": ("text", "文字"),
    "kind.list": ("a list", "列表"),
    "kind.object": ("an object", "对象"),
    "kind.null": ("null", "null"),
    "kind.bool": ("true/false", "true/false"),
    "kind.huge": ("a number of about {n} digits", "约 {n} 位的数字"),
    "kind.long": ("{start}… ({n} digits)", "{start}…（{n} 位）"),
    "request.object": ("a request is a JSON object", "请求必须是一个 JSON 对象"),
    "judge.missing-field": ("missing field {name}", "缺少字段 {name}"),
    "judge.wrong-type": (
        "field {name} has the wrong type: {kind}",
        "字段 {name} 的类型不对：{kind}",
    ),
    "judge.card-list": (
        '{where} must be a list of cards like ["S10", "BJ"]',
        '{where} 必须是牌的列表，例如 ["S10", "BJ"]',
    ),
    "judge.card-kind": (
        '{where}[{index}]: expected a card like "S10", found {kind}',
        '{where}[{index}]：应当是一张牌，例如 "S10"，却是{kind}',
    ),
    "judge.unknown-card": (
        "{where}: unknown card {token}: expected a card like S10, HK, C2, BJ or LJ",
        "{where}：没有 {token} 这张牌：牌写作 S10、HK、C2、BJ 或 LJ 这样",
    ),
    "judge.no-seat": (
        "{where}: no seat {value}; seats are 1, 2, 3 and 4",
        "{where}：没有座位 {value}；座位是 1、2、3 和 4",
    ),
    "judge.trump-shape": (
        'field "trump" must be like {{"rank": "10", "suit": "H"}} (suit null: no-trump)',
        '字段 "trump" 应当写作 {{"rank": "10", "suit": "H"}}（花色为 null：无主）',
    ),
    "judge.rank-kind": (
        'trump.rank: expected a rank like "10", found {kind}',
        'trump.rank：应当是一个级别，例如 "10"，却是{kind}',
    ),
    "judge.suit-kind": (
        'trump.suit: expected a suit like "H" or null, found {kind}',
        'trump.suit：应当是一个花色，例如 "H"，或 null，却是{kind}',
    ),
    "judge.bad-trump": (
        "bad trump (rank {rank}, suit {suit}): rank 2..A, suit S, H, C, D or null",
        "主不对（级别 {rank}，花色 {suit}）：级别为 2 到 A，花色为 S、H、C、D 或 null",
    ),
    "judge.rules-kind": (
        "field 'rules' must be a rule-set name like \"qq\", not {kind}",
        "字段 'rules' 必须是规则的名字，例如 \"qq\"，而不是{kind}",
    ),
    "judge.rules": ("field 'rules': {reason}", "字段 'rules'：{reason}"),
    "judge.hands-map": (
        'field "hands" must map seats to lists of cards',
        '字段 "hands" 必须把每个座位对应到一个牌的列表',
    ),
    "judge.third-copy": (
        "{where}: a third {card} (seat {seat}): two decks hold two of each card",
        "{where}：第三张 {card}（{seat} 号位）：两副牌每种牌只有两张",
    ),
    "judge.trick-plays": (
        "a trick has 1 to 4 plays, not {n}",
        "一轮有 1 到 4 手出牌，而不是 {n} 手",
    ),
    "judge.last-trick": (
        "field 'last_trick' must be true or false, not {kind}",
        "字段 'last_trick' 必须是 true 或 false，而不是{kind}",
    ),
    "solve.hands-missing": (
        "hands: every seat's cards are needed; missing {seats}",
        "hands：每个座位的牌都要给出；缺少 {seats}",
    ),
    "solve.trick-list": (
        'field "trick" must be a list of plays like [["S5"], ["S9"]]',
        '字段 "trick" 必须是出牌的列表，例如 [["S5"], ["S9"]]',
    ),
    "solve.points": (
        'field "points" must be a whole number from {low} to {high}, not {value}',
        '字段 "points" 必须是 {low} 到 {high} 之间的整数，而不是 {value}',
    ),
    "solve.kitty": (
        'missing field "kitty": the buried cards ([] if they hold no points)',
        '缺少字段 "kitty"：扣下的底牌（没有分牌时写 []）',
    ),
    # --- rule sets (notation/presets/) --------------------------------------------------
    # hint: value.did-you-mean, or nothing (a name is case-insensitive: QQ is qq)
    "ruleset.not-a-name": (
        "{name} is not a rule-set name{hint} (a record names a rule set, never a file): the "
        "presets are {presets}",
        "{name} 不是规则的名字{hint}（记录只能写规则的名字，不能写文件）：预设规则有 {presets}",
    ),
    "ruleset.no-preset": (
        "no preset {name}{hint}: the presets are {presets}",
        "没有预设规则 {name}{hint}：预设规则有 {presets}",
    ),
    "ruleset.no-preset-in": (
        "no preset {name} and no {file} in {folders}{hint}: the presets are {presets}",
        "没有预设规则 {name}，{folders} 里也没有 {file}{hint}：预设规则有 {presets}",
    ),
    "ruleset.folder": ("is a folder, not a rule-set file", "是文件夹，不是规则文件"),
    "ruleset.not-regular": (
        "not a regular file: a rule set is a YAML file",
        "不是普通文件：规则是一个 YAML 文件",
    ),
    "ruleset.too-large": (
        "larger than {kib} KiB: too large for a rule set",
        "大于 {kib} KiB：作为规则文件太大了",
    ),
    "ruleset.cannot-read": ("cannot be read: {reason}", "无法读取：{reason}"),
    # --- shengji analyze (its other words are in notation/messages/cli.py) ---------------
    "analyze.out-file": (
        "--out {out}: a file; for several files, --out names a folder",
        "--out {out}：这是一个文件；有几个文件时，--out 应当是文件夹",
    ),
    "analyze.out-twice": (
        "--out: {a} and {b} would both be written to {target}",
        "--out：{a} 和 {b} 都会写到 {target}",
    ),
    # --- shengji export -------------------------------------------------------------------
    "export.step-html": (
        "--step goes with --format png: the handout shows the whole hand",
        "--step 只用于 --format png：讲义显示的是整局牌",
    ),
    "export.png-terminal": (
        "a PNG is not for the terminal: name a file with -o FILE.png",
        "PNG 图片不能输出到终端：请用 “-o FILE.png” 指定文件",
    ),
    "font.no-cjk": (
        "no font with Chinese characters is installed (Debian: fonts-noto-cjk): Chinese text "
        "in the image shows as boxes",
        "没有安装含中文字符的字体（Debian：“fonts-noto-cjk”）：图片里的中文会显示成方框",
    ),
    "font.no-dejavu": (
        "DejaVu Sans is not installed (Debian: fonts-dejavu-core): the image uses Pillow's own "
        "font, and suit symbols may show as boxes",
        "没有安装 DejaVu Sans 字体（Debian：“fonts-dejavu-core”）：图片改用 Pillow 自带的"
        "字体，花色符号可能显示成方框",
    ),
    # --- shengji fmt ----------------------------------------------------------------------
    "fmt.would-reformat": ("would reformat {path}", "将重新格式化 {path}"),
    "fmt.reformatted": ("reformatted {path}", "已重新格式化 {path}"),
    "fmt.would-change": ("{files} would be reformatted", "{files}将被重新格式化"),
    "fmt.changed": ("{files} reformatted", "{files}已重新格式化"),
    "fmt.would-keep": ("{files} would be left unchanged", "{files}将保持不变"),
    "fmt.kept": ("{files} left unchanged", "{files}保持不变"),
    "fmt.broken": ("{files} could not be read", "{files}无法读取"),
    "fmt.nothing": ("no *.psn files found: nothing to do", "没有找到 *.psn 文件：无事可做"),
    # --- shengji simulate -----------------------------------------------------------------
    "simulate.hands": (
        "shengji simulate: --hands must be at least 1",
        "shengji simulate：--hands 至少为 1",
    ),
    "simulate.wrote": (
        "wrote {what} (seed {seed}) to {out}",
        "已把 {what}写入 {out}（种子 {seed}）",
    ),
    "n.matches.one": ("{n} match", "{n} 场比赛"),
    "n.matches.many": ("{n} matches", "{n} 场比赛"),
    # --- shengji view ---------------------------------------------------------------------
    "view.ready": (
        "The viewer is running: open this address in your browser.",
        "查看器已启动：请在浏览器中打开这个地址。",
    ),
    "view.address": ("address: {url}", "地址：{url}"),
    "view.stopping": ("Stopping the viewer…", "正在关闭查看器……"),
    "view.port-busy": (
        "shengji view: port {port} is taken (another viewer?): choose another with --port",
        "shengji view：端口 {port} 已被占用（另一个查看器？）：请用 --port 换一个",
    ),
    "view.not-installed": (
        "the viewer package is not installed",
        "没有安装查看器（viewer 包）",
    ),
    "view.page-missing": ("the viewer's page is missing: {path}", "查看器的页面文件不见了：{path}"),
    # --- shengji stats --------------------------------------------------------------------
    "stats.no-files": (
        "shengji stats: no *.psn files found",
        "shengji stats：没有找到 *.psn 文件",
    ),
    "stats.no-plotly": (
        "the plotly package is not installed: pip install plotly",
        "没有安装 plotly 包：请运行 “pip install plotly”",
    ),
    "stats.title": ("shengji corpus report", "shengji 牌局统计"),
    "stats.heading": ("Corpus report", "牌局统计"),
    "stats.files": ("files", "文件"),
    "stats.hands": ("hands", "局数"),
    "stats.unreadable-hands": ("unreadable hands", "无法读取的局"),
    "stats.hands-with-errors": ("hands with errors", "有错误的局"),
    "stats.kitty-captures": ("kitty captures", "抠底"),
    "stats.failed-throws": ("failed throws", "甩牌失败"),
    "stats.mistakes": ("mistakes", "失误"),
    "stats.charts": ("Charts", "图表"),
    "stats.by-rules": ("Findings by rule set", "各规则下的问题"),
    "stats.rule-set": ("rule set", "规则"),
    "stats.findings": ("findings", "问题"),
    "stats.none": ("none", "无"),
    "stats.players": ("Players", "牌手"),
    "stats.players-about": (
        "By the Seat1 … Seat4 headers. A mistake is a play marked ?, ?? or ?!, or one whose "
        "comment gives [%loss N]; the average loss is over the mistakes with a loss given. Of "
        "the hands shengji analyze wrote its analysis into: the plays it judged, its mistakes "
        "per analysed hand and the loss per play judged (a fine play loses 0).",
        "按 Seat1 … Seat4 标头。失误是标了 ?、?? 或 ?! 的出牌，或注释里有 [%loss N] 的出牌；"
        "平均损失只算给出了损失的失误。在 shengji analyze 写入过分析的局里：它评判的出牌、"
        "每个分析过的局的失误，以及每手评判过的出牌的损失（好的出牌损失为 0）。",
    ),
    "stats.player": ("player", "牌手"),
    "stats.mistakes-a-hand": ("mistakes a hand", "每局失误"),
    "stats.average-loss": ("average loss", "平均损失"),
    "stats.marks": ("marks", "标记"),
    "stats.hands-analysed": ("hands analysed", "分析过的局"),
    "stats.plays-judged": ("plays judged", "评判过的出牌"),
    "stats.mistakes-analysed": ("mistakes an analysed hand", "每个分析局的失误"),
    "stats.loss-a-play": ("loss a play", "每手损失"),
    "stats.costliest": ("The most expensive mistakes", "代价最大的失误"),
    "stats.costliest-about": (
        "Each link opens the viewer (shengji view) at the play.",
        "每个链接都在查看器（shengji view）里打开这手出牌。",
    ),
    "stats.loss": ("loss", "损失"),
    "stats.seat": ("seat", "座位"),
    "stats.cards": ("cards", "牌"),
    "stats.mark": ("mark", "标记"),
    "stats.where": ("where", "位置"),
    "stats.at": (
        "{file}, hand {hand}, trick {trick} (step {step})",
        "{file}，第 {hand} 局第 {trick} 轮（第 {step} 步）",
    ),
    "stats.at-choice": (
        "{file}, hand {hand}: seat {seat} {what} (step {step})",
        "{file}，第 {hand} 局：{seat} 号位{what}（第 {step} 步）",
    ),
    "stats.unread": ("Files not read to their end", "没有读完的文件"),
    "stats.by-code": ("Findings by code", "各代码的问题"),
    "stats.code": ("code", "代码"),
    "stats.defenders-points": ("The defenders' points", "闲家得分"),
    "stats.points": ("points", "分数"),
    "stats.level-results": ("Level results by side", "各方的升级结果"),
    "stats.side.dealer": ("dealer", "庄家"),
    "stats.side.defenders": ("defenders", "闲家"),
    "stats.multipliers": ("Kitty captures by multiplier", "抠底的倍数"),
    "stats.mistakes-per-hand": ("mistakes per hand", "每局失误"),
    "stats.loss-in-points": ("average loss (points)", "平均损失（分）"),
    # --- shengji rules --------------------------------------------------------------------
    "rules.points-range": (
        "shengji rules: --points {points}: the defenders' total under {name} is a multiple of "
        "{step} from 0 to {most} (all card points, the kitty at its largest multiplier, and "
        "the failed-throw penalties the dealer side can pay)",
        "shengji rules：--points {points}：按 {name} 规则，闲家的总分是 {step} 的倍数，从 0 到 "
        "{most}（全部分牌、按最大倍数计的底牌，以及庄家方可能被罚的甩牌失败分）",
    ),
    "rules.outcome.dealer.one": (
        "{name}: defenders with {points} points: the dealer side goes up {n} level.",
        "{name}：闲家得{points}分，庄家方升{n}级。",
    ),
    "rules.outcome.dealer.many": (
        "{name}: defenders with {points} points: the dealer side goes up {n} levels.",
        "{name}：闲家得{points}分，庄家方升{n}级。",
    ),
    "rules.outcome.take-over": (
        "{name}: defenders with {points} points: the defenders take over the deal (上台), no "
        "level gained.",
        "{name}：闲家得{points}分，闲家上台，不升级。",
    ),
    "rules.outcome.defenders.one": (
        "{name}: defenders with {points} points: the defenders take over and go up {n} level.",
        "{name}：闲家得{points}分，闲家上台并升{n}级。",
    ),
    "rules.outcome.defenders.many": (
        "{name}: defenders with {points} points: the defenders take over and go up {n} levels.",
        "{name}：闲家得{points}分，闲家上台并升{n}级。",
    ),
}


def kind_words(value: object) -> Message:
    """What a value read from JSON is, in words: ``a number`` (数字), ``a list`` (列表) …

    >>> [kind_words(v).render() for v in (7, "S10", [], {}, None, True)]
    ['a number', 'text', 'a list', 'an object', 'null', 'true/false']
    """
    if value is None:
        return msg("kind.null")
    if isinstance(value, bool):
        return msg("kind.bool")
    if isinstance(value, int | float):
        return msg("kind.number")
    if isinstance(value, str):
        return msg("kind.text")
    if isinstance(value, list | tuple):
        return msg("kind.list")
    if isinstance(value, dict):
        return msg("kind.object")
    return msg("text", text=type(value).__name__)


def described(value: object) -> Param:
    """A value read from JSON, for an error message: a number or text as written (cut
    short), anything else by its kind. Never all of it: it may be huge, or nested
    thousands deep.

    >>> [str(described(v)) for v in (7, "S11", [["S9"]], 10**40)]
    ['7', "'S11'", 'a list', '1000000000… (41 digits)']
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 14_000:  # past Python's 4300 digits: not even printable
            return msg("kind.huge", n=value.bit_length() * 3 // 10)
        digits = str(value)
        return digits if len(digits) <= 12 else msg("kind.long", start=digits[:10], n=len(digits))
    if isinstance(value, str):
        return repr(value if len(value) <= 24 else value[:24] + "…")
    if isinstance(value, float):
        return repr(value)
    return kind_words(value)


def json_words(reason: str, column: int) -> Message:
    """``not JSON: Expecting value at column 3`` (不是 JSON：第 3 列缺少值): the json
    module's reason by the catalogue's ``json.why.*`` whose English it is (another one,
    which a newer json may give, in its English; in Chinese "badly formed":
    ``json.why.malformed``)."""
    key = _json_reasons().get(reason)
    why = msg(key) if key else msg("json.why.malformed", reason=reason)
    return msg("json.not-json", why=why, column=column)


def _json_reasons() -> dict[str, str]:
    """The json module's reasons (their English) and the catalogue's keys for them."""
    return {
        english: key
        for key, english in TEMPLATES["en"].items()
        if key.startswith("json.why.") and key != "json.why.malformed"
    }
