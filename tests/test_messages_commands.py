"""Every command in Chinese: ``--lang zh`` on each command, and what it says (errors,
warnings, summaries, the corpus report's page, judge's and solve's answers) holds no
English sentence (``english_in``: a run of three English words). Paths, file names and
finding codes are the user's or the record's own and are taken out before the search;
JSON keys and the PSN text stay as they are.
"""

from __future__ import annotations

import io
import json
import pickle
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from notation.cli import COMMANDS, LANG_COMMANDS, build_parser, main
from notation.cli.common import InputError
from notation.findings import CATALOGUE
from notation.image import Fonts, find_fonts
from notation.messages import error_words, msg
from notation.resources import examples_dir
from tests.test_cli import ONE_FILE_COMMANDS as READING_COMMANDS
from tests.test_messages import english_in

DISPUTES = examples_dir() / "disputes"
HAND = DISPUTES / "02-failed-throw-let-stand.psn"
SAMPLE = Path(__file__).parent / "data" / "sample.psn"  # not in the canonical form


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def _without(text: str, *names: str | Path) -> str:
    """``text`` without the paths and names given, file names and finding codes."""
    for name in sorted(map(str, names), key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"[\w.-]+\.(?:psn|json|html|png|yaml)\b", " ", text)
    for code in sorted(CATALOGUE, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(code)}(?![\w-])", " ", text)
    return text


def _chinese(text: str, *names: str | Path) -> None:
    """``text`` says something, and nothing in English but the names given."""
    assert re.search(r"[\u4e00-\u9fff]", text), text
    assert english_in(_without(text, *names)) is None, text


# --- every command ----------------------------------------------------------------------


def test_every_command_takes_lang_with_the_locale_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert set(LANG_COMMANDS) == {*COMMANDS, "show"}
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in LANG_COMMANDS:
        lang = next(a for a in sub.choices[name]._actions if a.dest == "lang")
        assert lang.choices == ("en", "zh"), name
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    args = build_parser().parse_args(["rules", "qq"])
    assert args.lang == "zh"
    args = build_parser().parse_args(["export", str(HAND)])
    assert args.lang == "zh"


# A folder named to analyze is a folder of records to analyse.
ONE_FILE_COMMANDS = [*READING_COMMANDS, ["analyze"]]


@pytest.mark.parametrize("command", ONE_FILE_COMMANDS, ids=" ".join)
def test_a_file_that_cannot_be_read_is_said_in_chinese(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = tmp_path / "gone.psn"
    folder = tmp_path / "hands.psn"
    folder.mkdir()
    latin = tmp_path / "latin1.psn"
    latin.write_bytes('[Event "Café"]\n'.encode("latin-1"))
    said = {
        gone: "没有这个文件",
        folder: "是文件夹，不是文件",
        latin: "不是 UTF-8 文本（第 11 字节处的 0xe9）",
    }
    for path, words in said.items():
        if path == folder and command == ["analyze"]:
            continue
        status, _, err = _run([*command, "--lang", "zh", str(path)], capsys)
        assert status == 2, (command, path)
        assert f"{path}：{words}" in err, err
        _chinese(err, path)


def test_an_unknown_rules_folder_and_preset_are_said_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = ["show", "--lang", "zh", "--rules-dir", str(tmp_path / "no"), str(HAND)]
    status, _, err = _run(missing, capsys)
    assert status == 2 and err == f"shengji：--rules-dir {tmp_path / 'no'}：没有这个文件夹\n"
    status, _, err = _run(["rules", "--lang", "zh", "bridge"], capsys)
    assert status == 2 and err.startswith("shengji：没有预设规则 'bridge'：预设规则有 match-a、")
    _chinese(err)
    status, _, err = _run(["report", "--lang", "zh", "--rules", "bridge", str(HAND)], capsys)
    assert status == 2 and "没有预设规则 'bridge'" in err


def test_a_bug_is_said_in_chinese_by_any_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: Any) -> int:
        raise KeyError("a bug")

    monkeypatch.setattr("notation.cli.rules.run", broken)
    status, _, err = _run(["rules", "--lang", "zh", "qq"], capsys)
    assert status == 3 and err.startswith("shengji：内部错误（KeyError")
    assert "请连同命令和输入一起报告" in err


def test_an_error_made_from_a_message_survives_pickling_in_both_languages() -> None:
    """Errors travel from ``-j`` workers to the process that prints them."""
    error = InputError(msg("file.no-such-file", path="a.psn"))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is InputError and str(again) == "a.psn: no such file"
    assert error_words(again, "zh") == "a.psn：没有这个文件"
    plain = pickle.loads(pickle.dumps(InputError("said already")))
    assert error_words(plain, "zh") == "said already"


# --- export -------------------------------------------------------------------------------


def test_export_says_its_errors_and_warnings_in_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(["export", "--lang", "zh", "--step", "3", str(HAND)], capsys)
    assert status == 2 and "--step 只用于 --format png" in err
    _chinese(err)
    out = tmp_path / "no-folder" / "hand.html"
    status, _, err = _run(["export", "--lang", "zh", str(HAND), "-o", str(out)], capsys)
    assert status == 2 and err == f"shengji：{out}：无法写入：没有这个文件夹\n"
    status, _, err = _run(["export", "--lang", "zh", str(HAND), "--hand", "9"], capsys)
    assert status == 2 and "没有第 9 局" in err
    _chinese(err, HAND)
    status, _, err = _run(
        ["export", "--lang", "zh", "--step", "999", str(HAND), "-o", "x.png"], capsys
    )
    assert status == 2 and "没有第 999 步" in err
    _chinese(err, HAND)
    real = find_fonts()
    png = tmp_path / "table.png"
    for fonts, words in [
        (Fonts(real.regular, real.bold, None), "shengji：警告：没有安装含中文字符的字体"),
        (Fonts(None, None, None), "shengji：警告：没有安装 DejaVu Sans 字体"),
    ]:
        monkeypatch.setattr("notation.image.find_fonts", lambda fonts=fonts: fonts)
        status, _, err = _run(["export", "--lang", "zh", str(HAND), "-o", str(png)], capsys)
        assert status == 0 and png.read_bytes().startswith(b"\x89PNG")
        assert words in err
        _chinese(err)


def test_export_in_english_is_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("notation.image.find_fonts", lambda: Fonts(None, None, None))
    png = tmp_path / "table.png"
    status, _, err = _run(["export", "--lang", "en", str(HAND), "-o", str(png)], capsys)
    assert status == 0
    assert err.startswith("shengji: warning: DejaVu Sans is not installed (Debian: ")


# --- stats --------------------------------------------------------------------------------


def _figures(page: str) -> list[dict[str, Any]]:
    found = re.search(r"const figures = (.*);\n", page)
    assert found is not None
    figures: list[dict[str, Any]] = json.loads(found.group(1).replace("<\\/", "</"))
    return figures


def _chart_words(figure: dict[str, Any]) -> list[str]:
    """The words a chart shows: its title, its axes' titles, its series' names and the
    level results under the bars."""
    layout = figure["layout"]
    words = [layout["title"]["text"]]
    words += [
        layout[a]["title"]["text"]
        for a in ("xaxis", "yaxis", "yaxis2")
        if a in layout and "title" in layout[a]
    ]
    for trace in figure["data"]:
        words += [trace["name"]] if "name" in trace else []
    return words


def test_stats_html_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gone.psn").symlink_to(tmp_path / "nowhere.psn")
    shutil.copy(HAND, tmp_path / "hand.psn")
    folder = str(examples_dir())
    out = tmp_path / "stats.html"
    status, _, _ = _run(
        ["stats", "--lang", "zh", "--format", "html", folder, str(tmp_path), "-o", str(out)],
        capsys,
    )
    page = out.read_text(encoding="utf-8")
    assert status == 2  # the broken link could not be read
    assert '<html lang="zh">' in page and "<h1>牌局统计</h1>" in page
    assert "没有读完的文件" in page and "gone.psn: 没有这个文件" in page
    text = re.sub(r"<script>.*?</script>|<style>.*?</style>", " ", page, flags=re.S)
    names = re.findall(r"<td>([^<]*[A-Za-z][^<]*)</td>", text)  # players, cards, rule sets
    text = re.sub(r"<[^>]+>", "\n", text)
    for line in text.splitlines():
        if line.strip():
            assert english_in(_without(line, *names, tmp_path)) is None, line
    figures = _figures(page)
    assert [f["layout"]["title"]["text"] for f in figures][:4] == [
        "各代码的问题",
        "闲家得分",
        "各方的升级结果",
        "抠底的倍数",
    ]
    for figure in figures:
        for words in _chart_words(figure):
            assert english_in(words) is None, words
    levels = [x for trace in figures[2]["data"] for x in trace["x"]]
    assert levels and all(x.startswith(("庄家", "闲家")) for x in levels), levels


def test_stats_html_in_english_keeps_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "stats.html"
    status, _, _ = _run(["stats", "--format", "html", str(DISPUTES), "-o", str(out)], capsys)
    page = out.read_text(encoding="utf-8")
    assert status == 0 and "<h1>Corpus report</h1>" in page
    titles = [f["layout"]["title"]["text"] for f in _figures(page)]
    assert titles[:4] == [
        "Findings by code",
        "The defenders' points",
        "Level results by side",
        "Kitty captures by multiplier",
    ]
    assert any(x.startswith("dealer +") for t in _figures(page)[2]["data"] for x in t["x"])


def test_stats_with_no_files_says_so_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(["stats", "--lang", "zh", str(tmp_path)], capsys)
    assert status == 2 and err == "shengji stats：没有找到 *.psn 文件\n"
    status, _, err = _run(
        ["stats", "--lang", "zh", str(HAND), "-o", str(tmp_path / "no" / "s.json")], capsys
    )
    assert status == 2 and "无法写入：没有这个文件夹" in err


# --- fmt and convert ------------------------------------------------------------------------


def test_fmt_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = tmp_path / "sample.psn"
    shutil.copy(SAMPLE, sample)
    gone = tmp_path / "gone.psn"
    status, out, err = _run(["fmt", "--lang", "zh", "--check", str(sample), str(gone)], capsys)
    assert status == 2
    assert out == f"将重新格式化 {sample}\n"
    assert err == f"shengji：{gone}：没有这个文件\n1 个文件将被重新格式化，1 个文件无法读取\n"
    status, _, err = _run(["fmt", "--lang", "zh", "-i", str(sample)], capsys)
    assert status == 0 and err == f"已重新格式化 {sample}\n1 个文件已重新格式化\n"
    status, _, err = _run(["fmt", "--lang", "zh", "--check", str(sample)], capsys)
    assert status == 0 and err == "1 个文件将保持不变\n"
    (tmp_path / "empty").mkdir()
    status, _, err = _run(["fmt", "--lang", "zh", "--check", str(tmp_path / "empty")], capsys)
    assert status == 0 and err == "没有找到 *.psn 文件：无事可做\n"


def test_a_record_that_is_not_psn_is_said_unreadable_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reader's own words stay English (README), after the Chinese 无法读取."""
    broken = tmp_path / "broken.psn"
    broken.write_text('[Event "x"]\n\n1. 1: SA 2: S3 3: XX\n', encoding="utf-8")
    for command in (["fmt", "--check"], ["convert", "--to", "json"]):
        status, _, err = _run([*command, "--lang", "zh", str(broken)], capsys)
        assert status == 2 and err.startswith(f"无法读取：{broken}:3:"), err


def test_convert_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no-folder" / "hand.json"
    status, _, err = _run(
        ["convert", "--lang", "zh", "--to", "json", str(HAND), "-o", str(out)], capsys
    )
    assert status == 2 and err == f"shengji：{out}：无法写入：没有这个文件夹\n"
    status, _, err = _run(
        ["convert", "--lang", "zh", "--to", "json", str(tmp_path / "x.psn")], capsys
    )
    assert status == 2 and "没有这个文件" in err


# --- judge and solve ---------------------------------------------------------------------


def _answers(
    command: list[str],
    lines: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, list[dict[str, Any]]]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    status, out, _ = _run(command, capsys)
    return status, [json.loads(line) for line in out.splitlines()]


JUDGE_HANDS = {"1": ["H5", "H5"], "2": ["HQ", "HQ", "H3"], "3": ["S4", "S4"], "4": ["C3", "C4"]}
TRICK = {
    "trump": {"rank": "10", "suit": "S"},
    "leader": 1,
    "hands": JUDGE_HANDS,
    "plays": [["H5", "H5"], ["HQ", "H3"], ["S4", "S4"], ["C3", "C4"]],
}


def test_judge_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = [
        ("{not json", "第 2 行：不是 JSON：第 2 列缺少用双引号括起的属性名"),
        (json.dumps({**TRICK, "plays": [["S11"]]}), "plays[0]：没有 'S11' 这张牌"),
        (json.dumps({k: v for k, v in TRICK.items() if k != "plays"}), "缺少字段 'plays'"),
        (json.dumps({**TRICK, "leader": 7}), "leader：没有座位 7；座位是 1、2、3 和 4"),
        (
            json.dumps({**TRICK, "trump": {"rank": "Z", "suit": "Q"}}),
            "主不对（级别 'Z'，花色 'Q'）",
        ),
        (
            json.dumps({**TRICK, "trump": {"rank": []}}),
            'trump.rank：应当是一个级别，例如 "10"，却是列表',
        ),
        (json.dumps({**TRICK, "rules": "bridge"}), "字段 'rules'：没有预设规则 'bridge'"),
        (
            json.dumps({**TRICK, "last_trick": 3}),
            "字段 'last_trick' 必须是 true 或 false，而不是数字",
        ),
        (json.dumps({**TRICK, "plays": []}), "一轮有 1 到 4 手出牌，而不是 0 手"),
        ("[1]", "请求必须是一个 JSON 对象"),
    ]
    lines = [json.dumps(TRICK)] + [line for line, _ in bad]
    status, answers = _answers(["judge", "--lang", "zh"], lines, monkeypatch, capsys)
    assert status == 2
    finding = answers[0]["plays"][1]["findings"][0]
    assert finding["code"] == "follow-pair" and finding["message"].startswith("2 号位没有跟对子")
    _chinese(finding["message"])
    for number, (answer, (_, words)) in enumerate(zip(answers[1:], bad, strict=True), start=2):
        assert answer["error"].startswith(f"第 {number} 行："), answer
        assert words in answer["error"], answer
        _chinese(answer["error"])


def test_judge_in_english_is_as_before(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [json.dumps(TRICK), json.dumps({**TRICK, "leader": 7})]
    _, answers = _answers(["judge", "--lang", "en"], lines, monkeypatch, capsys)
    message = answers[0]["plays"][1]["findings"][0]["message"]
    assert message.startswith("Seat 2 ")
    assert answers[1]["error"] == "line 2: leader: no seat 7; seats are 1, 2, 3 and 4"


SOLVE = {
    "rules": "match-a",
    "trump": {"rank": "2", "suit": "H"},
    "hands": {"1": ["SA", "S3"], "2": ["SK", "S4"], "3": ["S5", "C9"], "4": ["D3", "D4"]},
    "leader": 1,
    "dealer": 2,
    "points": 40,
    "kitty": ["C5"],
}


def test_solve_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = [
        (json.dumps({k: v for k, v in SOLVE.items() if k != "kitty"}), '缺少字段 "kitty"'),
        (json.dumps({**SOLVE, "hands": {"1": ["SA"]}}), "缺少 2、3、4"),
        (json.dumps({**SOLVE, "kitty": ["XX"]}), "kitty：没有 'XX' 这张牌"),
        (
            json.dumps({**SOLVE, "points": "many"}),
            '字段 "points" 必须是 -999999 到 999999 之间的整数',
        ),
        (json.dumps({**SOLVE, "trick": 5}), '字段 "trick" 必须是出牌的列表'),
        ("[" * 100_000, "无法读取的 JSON：列表或对象嵌套太深"),
    ]
    lines = [json.dumps(SOLVE)] + [line for line, _ in bad]
    status, answers = _answers(["solve", "--lang", "zh"], lines, monkeypatch, capsys)
    assert status == 2 and answers[0]["value"] == 50
    for number, (answer, (_, words)) in enumerate(zip(answers[1:], bad, strict=True), start=2):
        assert answer["error"].startswith(f"第 {number} 行："), answer
        assert words in answer["error"], answer
        _chinese(answer["error"])


# --- rules, simulate, view ----------------------------------------------------------------


def test_rules_points_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    said = {
        "0": "qq：闲家得0分，庄家方升3级。\n",
        "80": "qq：闲家得80分，闲家上台，不升级。\n",
        "120": "qq：闲家得120分，闲家上台并升1级。\n",
    }
    for points, words in said.items():
        status, out, _ = _run(["rules", "--lang", "zh", "qq", "--points", points], capsys)
        assert status == 0 and out == words
    status, _, err = _run(["rules", "--lang", "zh", "qq", "--points", "3"], capsys)
    assert status == 2 and err.startswith(
        "shengji rules：--points 3：按 qq 规则，闲家的总分是 5 的倍数"
    )
    _chinese(err)
    status, out, _ = _run(["rules", "qq", "--points", "0"], capsys)
    assert out == "qq: defenders with 0 points: the dealer side goes up 3 levels.\n"


def test_simulate_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["simulate", "--lang", "zh", "--hands", "0"], capsys)
    assert status == 2 and err == "shengji simulate：--hands 至少为 1\n"
    out = tmp_path / "hands"
    status, _, err = _run(
        ["simulate", "--lang", "zh", "--hands", "2", "--seed", "5", "--out", str(out)], capsys
    )
    assert status == 0 and err == f"已把 2 局写入 {out}（种子 5）\n"
    status, _, err = _run(
        ["simulate", "--lang", "zh", "--match", "--seed", "5", "--out", str(tmp_path / "m.psn")],
        capsys,
    )
    assert status == 0 and err.startswith("已把 1 场比赛写入 ")


def test_view_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    status, _, err = _run(["view", "--lang", "zh", "--dry-run"], capsys)
    assert status == 2 and err == "shengji：没有安装查看器（viewer 包）\n"


# --- analyze, and what is said of a file or hand that cannot be done --------------------------

NO_TRUMP = '[Event "x"]\n[Dealer "9"]\n[Trump "Q 5"]\n'


@pytest.mark.parametrize("json_report", [False, True], ids=["text", "json"])
def test_a_hand_that_cannot_be_analysed_is_said_in_chinese(
    json_report: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no-trump.psn"
    path.write_text(NO_TRUMP, encoding="utf-8")
    status, out, err = _run(
        ["analyze", "--lang", "zh", *(["--json"] if json_report else []), str(path)], capsys
    )
    assert status != 0
    said = json.loads(out)["files"][0]["hands"][0]["error"] if json_report else err
    assert "无法分析：这一局没有主或庄家" in said, said
    _chinese(said, path)
    status, out, err = _run(["analyze", "--lang", "en", "--json", str(path)], capsys)
    english = json.loads(out)["files"][0]["hands"][0]["error"]
    assert (
        english == "cannot be analysed: the hand has no trump or dealer: its play cannot be set up"
    )


def test_a_file_that_cannot_be_read_is_said_in_chinese_in_the_json_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = tmp_path / "gone.psn"
    status, out, _ = _run(["validate", "--lang", "zh", "--json", str(gone)], capsys)
    assert status == 2 and json.loads(out)["files"][0]["unreadable"] == "没有这个文件"
    status, out, _ = _run(["stats", "--lang", "zh", str(HAND), str(gone)], capsys)
    assert status == 2 and json.loads(out)["unreadable"] == [
        {"path": str(gone), "reason": "没有这个文件"}
    ]
    status, out, _ = _run(["stats", "--lang", "en", str(gone)], capsys)
    assert json.loads(out)["unreadable"][0]["reason"] == "no such file"


def test_a_failure_of_shengji_itself_on_a_file_is_said_in_chinese() -> None:
    from notation.corpus import internal_error
    from notation.executor import Lost

    try:
        raise KeyError("x")
    except KeyError as e:
        said = internal_error(e, "analysing")
    zh = said.render("zh")
    assert zh.startswith("内部错误（分析时）：KeyError: 'x'（在 test_messages_commands.py:")
    assert said.render("en").startswith("internal error while analysing: KeyError: 'x' (at ")
    assert Lost("BrokenProcessPool").text.render("zh") == "工作进程意外退出（BrokenProcessPool）"


# --- every command over bad input, in Chinese -----------------------------------------------
#
# What a command says of input it cannot take (a record that is not PSN, a card that does
# not exist, a header it cannot read, a broken rule set, a bad JSON line, an option's bad
# value) holds no English sentence: every line it prints, less the record's own text (a
# line quoted with its caret, what convert and fmt print of the record), the JSON keys
# that hold English by name (a clause's "en", its "text"), and argparse's usage lines.

BAD_RECORDS: dict[str, bytes] = {
    "malformed": b'[Event "x"]\n[Dealer "1"\n',
    "unknown card": b'[Event "x"]\n[Dealer "1"]\n[Trump "H 2"]\n\ndeal\n1: S11 HK\n',
    "bad headers": b'[Event "x"]\n[Trump "Q 5"]\n[Levels "2 x"]\n[Dealer "9"]\n[Rules "bridge"]\n',
    "not psn": b"not psn at all\n",
    "not utf-8": '[Event "Café"]\n'.encode("latin-1"),
    "part of a deal": b'[Event "x"]\n[Dealer "1"]\n[Trump "H 2"]\n\ndeal\n1: SA\n\n1. 1: SA\n',
    "empty": b"",
}
RECORD_COMMANDS = [
    ["validate"],
    ["validate", "--json"],
    ["stats"],
    ["report"],
    ["show"],
    ["export", "-o", "{tmp}/out.html"],
    ["convert", "--to", "json"],
    ["fmt", "--check"],
    ["analyze", "--budget", "0.01"],
]
# Commands whose standard output is the record itself, written again.
_RECORD_OUT = {"convert", "fmt", "analyze"}


def _said_in_chinese(text: str, *names: str | Path) -> None:
    """No line of ``text`` holds an English sentence, but what the user gave."""
    lines = text.splitlines()
    kept: list[str] = []
    usage = False
    for i, line in enumerate(lines):
        usage = line.startswith("用法：") or (usage and line.startswith(" "))
        caret = re.compile(r"\s*…?\^+")
        quoted = i + 1 < len(lines) and caret.fullmatch(lines[i + 1])
        if usage or quoted or caret.fullmatch(line):
            continue
        if re.match(r'\s*"(en|text|quote)": ', line):
            continue
        kept.append(line)
    said = _without("\n".join(kept), *names)
    said = re.sub(r"(?<!\w)--?[a-z][\w-]*(?:/--?[a-z][\w-]*)*", " ", said)  # options, typed
    for line in said.splitlines():
        assert english_in(line) is None, (line, text)


@pytest.mark.parametrize("record", BAD_RECORDS)
@pytest.mark.parametrize("command", RECORD_COMMANDS, ids=" ".join)
def test_every_command_says_a_bad_record_in_chinese(
    command: list[str], record: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.psn"
    path.write_bytes(BAD_RECORDS[record])
    argv = [part.format(tmp=tmp_path) for part in command]
    status, out, err = _run([*argv, "--lang", "zh", str(path)], capsys)
    assert status in (0, 1, 2), (status, err)
    _said_in_chinese(err, path, tmp_path)
    if command[0] not in _RECORD_OUT:
        _said_in_chinese(out, path, tmp_path)


BAD_RULE_SETS = {
    "broken YAML": "name: club\n  kitty: [unclosed\n",
    "unknown key": "name: club\nbase: qq\nkitty:\n  sise: 8\n",
    "unknown section": "name: club\nbase: qq\nkitty_multiplier: banana\n",
    "unknown base": "name: club\nbase: nosuch\n",
    "bad value": "name: club\nbase: qq\nkitty:\n  size: eight\n",
    "values that do not fit": "name: club\nbase: qq\nthrow:\n  penalty_per_card: -5\n",
}


@pytest.mark.parametrize("rules", BAD_RULE_SETS)
@pytest.mark.parametrize("command", [["rules"], ["validate", "--rules"]], ids=" ".join)
def test_a_broken_rule_set_is_said_in_chinese_by_every_command_that_reads_one(
    command: list[str], rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(BAD_RULE_SETS[rules], encoding="utf-8")
    extra = [str(HAND)] if command[0] == "validate" else []
    status, out, err = _run([*command, str(path), *extra, "--lang", "zh"], capsys)
    assert status == 2 and err and not out, (status, out, err)
    _said_in_chinese(err, path)


BAD_JSON_RECORDS = {
    "not JSON": "{bad json\n",
    "not a record": '{"not": "psn json"}\n',
    "wrong kinds": '{"format": "psn", "version": 1, "hands": [{"headers": [["Event", 5]]}]}\n',
    "unknown card": (
        '{"format": "psn", "version": 1, "hands": [{"headers": [], "deal": '
        '{"hands": {"1": ["S11"]}}}]}\n'
    ),
    "too deep": "[" * 100_000,
}


@pytest.mark.parametrize("document", BAD_JSON_RECORDS)
def test_convert_from_json_says_a_bad_document_in_chinese(
    document: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(BAD_JSON_RECORDS[document], encoding="utf-8")
    status, out, err = _run(["convert", "--from", "json", "--lang", "zh", str(path)], capsys)
    assert status == 2 and err and not out, (status, out, err)
    _said_in_chinese(err, path)


BAD_LINES = [
    "{bad json",
    "[1]",
    '{"rules": 5}',
    '{"rules": "bridge"}',
    '{"trump": {"rank": "Z"}, "leader": 1, "plays": [["S11"]]}',
    json.dumps({**TRICK, "leader": 9}),
    json.dumps({**TRICK, "plays": [["H5", "H5"], ["HQ", "HQ", "H3"]]}),
    json.dumps({**SOLVE, "hands": {"1": ["SA"], "2": ["SK", "S4"], "3": [], "4": []}}),
    json.dumps({**SOLVE, "trick": [["SA", "SA"]]}),
    json.dumps({**SOLVE, "points": 10**40}),
]


@pytest.mark.parametrize("command", ["judge", "solve"])
def test_judge_and_solve_answer_bad_lines_in_chinese(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, answers = _answers([command, "--lang", "zh"], BAD_LINES, monkeypatch, capsys)
    assert status == 2 and len(answers) == len(BAD_LINES)
    for answer in answers:
        found = [f["message"] for p in answer.get("plays", []) for f in p["findings"]]
        assert "error" in answer or found, answer
        for said in [answer.get("error") or "", *found]:
            _said_in_chinese(said)


BAD_OPTIONS = [
    ["validate", "--executor", "foo", "{hand}"],
    ["validate", "--scheduler", "x", "{hand}"],
    ["validate"],
    ["stats", "--top", "x", "{hand}"],
    ["report", "--hand", "9", "{hand}"],
    ["show", "--hand", "0", "{hand}"],
    ["show", "--step", "9999", "{hand}"],
    ["show", "--step", "x", "{hand}"],
    ["export", "--format", "pdf", "{hand}"],
    ["export", "-o", "{tmp}/no/such/folder.html", "{hand}"],
    ["simulate", "--hands", "0"],
    ["simulate", "--rules", "bridge"],
    ["fmt", "--check", "--in-place", "{hand}"],
    ["convert", "{hand}"],
    ["judge", "--rules", "bridge"],
    ["solve", "--budget", "0"],
    ["analyze", "--tricks", "9-3", "{hand}"],
    ["analyze", "--view", "foo", "{hand}"],
    ["analyze", "--out", "{tmp}/a.psn", "--in-place", "{hand}"],
    ["rules", "bridge"],
    ["rules", "--points", "abc", "qq"],
    ["nosuch"],
]


@pytest.mark.parametrize("argv", BAD_OPTIONS, ids=" ".join)
def test_a_bad_option_is_said_in_chinese(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(TRICK) + "\n"))
    filled = [a.format(hand=HAND, tmp=tmp_path) for a in argv]
    try:
        status = main(["--lang", "zh", *filled])
    except SystemExit as e:  # argparse's own refusal
        status = int(str(e.code))
    err = capsys.readouterr().err
    assert status == 2 and re.search(r"[\u4e00-\u9fff]", err), (status, err)
    _said_in_chinese(err, HAND, tmp_path)
