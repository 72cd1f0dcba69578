"""Rule sets from YAML: presets, users' files, ``base:`` overrides and located errors."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
import yaml

from notation.errors import SourceError
from notation.messages import cite
from notation.presets import (
    MAX_RULES_FILE,
    RULES_DIR_ENV,
    RulesetError,
    load_ruleset,
    load_ruleset_file,
    preset_names,
    register_ruleset,
    ruleset_argument,
    ruleset_from_text,
    ruleset_to_dict,
    unregister_ruleset,
)
from notation.resources import presets_dir
from notation.rules.cards import Rank
from notation.rules.clauses import Rule
from notation.rules.ruleset import MultiplierFamily
from notation.validate import validate_text

QQ_TEXT = (presets_dir() / "qq.yaml").read_text(encoding="utf-8")


def error_of(text: str, filename: str = "house.yaml") -> RulesetError:
    with pytest.raises(RulesetError) as info:
        ruleset_from_text(text, filename)
    return info.value


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line of ``text`` that contains ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# ---------------------------------------------------------------------------- presets


@pytest.mark.parametrize("name", preset_names())
def test_preset_files_spell_out_every_field_without_a_base(name: str) -> None:
    text = (presets_dir() / f"{name}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert "base" not in data
    assert set(data) == set(ruleset_to_dict(load_ruleset(name)))


@pytest.mark.parametrize("name", preset_names())
def test_preset_comments_cite_the_seeds(name: str) -> None:
    text = (presets_dir() / f"{name}.yaml").read_text(encoding="utf-8")
    cited = [line for line in text.splitlines() if "#" in line and "§" in line.split("#", 1)[1]]
    assert len(cited) >= 15, f"{name}: only {len(cited)} commented choices cite a seed"


@pytest.mark.parametrize("name", preset_names())
def test_a_preset_written_out_reads_back_the_same(name: str) -> None:
    ruleset = load_ruleset(name)
    again = ruleset_from_text(yaml.safe_dump(ruleset_to_dict(ruleset), allow_unicode=True))
    assert again == ruleset
    assert dict(again.clauses) == dict(ruleset.clauses)


def test_a_preset_is_loaded_once() -> None:
    assert load_ruleset("qq") is load_ruleset("qq")


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("qqq")
    assert str(info.value) == (
        "no preset 'qqq' (did you mean 'qq'?): the presets are match-a, match-b, qq, "
        "qq-super, seed-001, tractor"
    )


# ---------------------------------------------------------------------------- users' files


def test_a_users_file_by_path(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(QQ_TEXT.replace("name: qq\n", "name: club\n"), encoding="utf-8")
    assert load_ruleset_file(str(path)).name == "club"
    assert load_ruleset_file(path).name == "club"


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="no such file") as info:
        load_ruleset_file(tmp_path / "none.yaml")
    assert info.value.filename == str(tmp_path / "none.yaml")


def test_base_overrides_a_few_fields_as_a_house_rule() -> None:
    house = ruleset_from_text(
        "base: qq\nname: club\nkitty:\n  multiplier: doubling\nscoring:\n  level_table: twenty\n"
    )
    qq = load_ruleset("qq")
    assert house.name == "club"
    assert house.kitty.multiplier is MultiplierFamily.DOUBLING
    assert house.kitty.size == qq.kitty.size  # untouched fields come from the base
    assert house.scoring.level_table.name == "twenty"
    assert house.bidding == qq.bidding
    assert house.clause(Rule.DECLARE) == qq.clause(Rule.DECLARE)


def test_tractor_variant_turns_on_permanent_twos() -> None:
    variant = ruleset_from_text("base: tractor\ncards:\n  permanent_twos: true\n")
    assert variant.cards.permanent_twos
    assert not load_ruleset("tractor").cards.permanent_twos


def test_a_house_table_given_as_rows() -> None:
    house = ruleset_from_text(
        "base: qq\n"
        "scoring:\n"
        "  level_table:\n"
        "    name: house\n"
        "    rows:\n"
        "      - {points: 0, winner: dealer, levels: 2}\n"
        "      - {points: 60, winner: defenders, levels: 0}\n"
        "    step: 30\n"
    )
    assert [str(house.outcome(p)) for p in (0, 55, 60, 89, 90)] == [
        "dealer +2",
        "dealer +2",
        "defenders +0",
        "defenders +0",
        "defenders +1",
    ]


def test_a_clause_can_be_overridden() -> None:
    house = ruleset_from_text(
        'base: qq\nclauses:\n  throw.penalty: {ref: "club §3", text: "10 per card"}\n'
    )
    assert str(house.clause(Rule.THROW_PENALTY)) == "club §3: 10 per card"


def test_must_play_levels_read_numbers_and_letters() -> None:
    house = ruleset_from_text("base: qq\nmatch:\n  must_play: [5, 10, K]\n")
    assert house.match.must_play == (Rank.FIVE, Rank.TEN, Rank.KING)


# ---------------------------------------------------------------------------- errors


def test_unknown_key_names_line_and_key() -> None:
    error = error_of("base: qq\nkity:\n  size: 8\n")
    assert (error.filename, error.line, error.column) == ("house.yaml", 2, 1)
    assert "unknown key 'kity'" in error.message
    assert "did you mean 'kitty'?" in error.message
    assert str(error).startswith("house.yaml:2:1: unknown key 'kity'")
    assert str(error).endswith("  kity:\n  ^")


def test_unknown_key_inside_a_section() -> None:
    error = error_of("base: qq\nkitty:\n  multiplyer: doubling\n")
    assert (error.line, error.column) == (3, 3)
    assert "unknown key 'multiplyer' in section 'kitty'" in error.message
    assert "did you mean 'multiplier'?" in error.message


def test_wrong_type_names_the_key_and_what_was_found() -> None:
    error = error_of("base: qq\nkitty:\n  size: eight\n")
    assert (error.line, error.column) == (3, 9)
    assert error.message == "kitty.size: expected a whole number, found str 'eight'"


def test_a_number_where_true_or_false_is_expected() -> None:
    error = error_of("base: qq\ncards:\n  permanent_twos: 2\n")
    assert error.line == 3
    assert error.message == "cards.permanent_twos: expected true or false, found a number (2)"


def test_true_is_not_a_number() -> None:
    error = error_of("base: qq\nthrow:\n  penalty_per_card: yes\n")
    assert error.message.startswith("throw.penalty_per_card: expected a whole number")


def test_a_section_that_is_not_a_mapping() -> None:
    error = error_of("base: qq\nthrow: 10\n")
    assert error.line == 2
    assert "throw: expected a mapping" in error.message


def test_a_list_where_a_list_is_expected() -> None:
    error = error_of("base: qq\nbidding:\n  declare_with: single\n")
    assert error.line == 3
    assert "bidding.declare_with: expected a list" in error.message


def test_missing_field_names_the_section_line() -> None:
    text = QQ_TEXT.replace("  size: 8", "", 1)
    error = error_of(text, "qq-broken.yaml")
    assert error.line == line_of(text, "kitty:")
    assert error.message == "missing field 'kitty.size' in section 'kitty'"
    assert str(error).startswith(f"qq-broken.yaml:{error.line}:1: missing field")


def test_missing_section_is_reported_at_the_top() -> None:
    text = QQ_TEXT.replace("tribute:\n  cards: 0", "", 1)
    error = error_of(text)
    assert error.message == "missing field 'tribute' in the rule set"
    assert error.line is not None


def test_bad_choice_lists_the_choices() -> None:
    error = error_of("base: qq\nkitty:\n  multiplier: tripling\n")
    assert (error.line, error.column) == (3, 15)
    assert error.message == (
        "kitty.multiplier: unknown value 'tripling': expected one of doubling, "
        "power_of_cards, pairs_times_four, power_of_pairs_plus_one"
    )


def test_bad_item_in_a_list_names_its_index() -> None:
    error = error_of("base: qq\nbidding:\n  counter_with: [pair, triple]\n")
    assert error.line == 3
    assert error.message.startswith("bidding.counter_with[1]: unknown value 'triple'")


def test_bad_rank() -> None:
    error = error_of("base: qq\nmatch:\n  must_play: [11]\n")
    assert error.line == 3
    assert "match.must_play[0]: 11 is not a rank" in error.message


def test_a_value_the_section_refuses_is_located_at_the_section() -> None:
    error = error_of("base: qq\nbidding:\n  suit_order: [BJ, LJ, S, H, C, C]\n")
    assert error.line == 2
    assert "suit_order lists BJ, LJ, S, H, C and D once each" in error.message


def test_thresholds_out_of_order_are_located_at_the_table() -> None:
    text = (
        "base: qq\n"
        "scoring:\n"
        "  level_table:\n"
        "    name: house\n"
        "    rows:\n"
        "      - {points: 0, winner: dealer, levels: 2}\n"
        "      - {points: 80, winner: defenders, levels: 0}\n"
        "      - {points: 40, winner: dealer, levels: 1}\n"
        "    step: 0\n"
    )
    error = error_of(text)
    assert error.line == 3
    assert "scoring.level_table: thresholds must go up: 40 after 80" in error.message


def test_a_row_with_a_bad_winner() -> None:
    text = (
        "base: qq\nscoring:\n  level_table:\n    name: h\n    rows:\n"
        "      - {points: 0, winner: north, levels: 2}\n    step: 0\n"
    )
    error = error_of(text)
    assert (error.line, error.column) == (6, 29)
    assert "scoring.level_table.rows[0].winner: unknown value 'north'" in error.message


def test_unknown_table_name() -> None:
    error = error_of("base: qq\nscoring:\n  level_table: fifty\n")
    assert error.line == 3
    assert "no level table 'fifty'" in error.message


def test_unknown_rule_id_in_clauses() -> None:
    error = error_of('base: qq\nclauses:\n  bid.bogus: {ref: "x", text: "y"}\n')
    assert (error.line, error.column) == (3, 3)
    assert "unknown key 'bid.bogus' in section 'clauses'" in error.message


def test_a_missing_clause_is_refused() -> None:
    text = QQ_TEXT.replace("  match.card_count:\n", "  match.card_count_x:\n")
    assert "unknown key 'match.card_count_x'" in error_of(text).message
    start = QQ_TEXT.index("  match.card_count:")
    error = error_of(QQ_TEXT[:start])
    assert error.message == "clauses: no clause for rule match.card_count"
    assert error.line == line_of(QQ_TEXT, "clauses:")


def test_malformed_yaml_is_located() -> None:
    error = error_of("base: qq\nkitty:\n  size: [8\n")
    assert error.message.startswith("malformed YAML")
    assert error.line == 4  # the parser notices at the end of the text


def test_bad_indentation_is_located() -> None:
    error = error_of("base: qq\nkitty:\n  size: 8\n multiplier: doubling\n")
    assert error.message.startswith("malformed YAML")
    assert error.line == 4


def test_duplicate_keys_are_refused() -> None:
    error = error_of("base: qq\nname: a\nname: b\n")
    assert (error.line, error.message) == (3, "duplicate key 'name'")


def test_an_unknown_base() -> None:
    error = error_of("base: qqq\n")
    assert error.line == 1
    assert "base: no preset 'qqq'" in error.message


def test_empty_file_and_a_list_are_not_rule_sets() -> None:
    assert "empty" in error_of("").message
    assert "expected a rule set" in error_of("- qq\n").message


def test_ruleset_errors_are_source_errors() -> None:
    error = error_of("base: qq\nkity: 1\n")
    assert isinstance(error, SourceError)
    assert isinstance(error, ValueError)


def test_only_safe_yaml_is_read() -> None:
    error = error_of("base: qq\nname: !!python/object:os.system ls\n")
    assert error.line == 2
    assert "bad value" in error.message


# ---------------------------------------------------------------------------- names, not paths
# A record names a rule set; it never names a file. A file is read only when the person
# running the command names it (``--rules FILE``) or puts it in a rules folder they set up.


@pytest.mark.parametrize(
    "name", ["/etc/passwd", "../../etc/passwd", "house.yaml", "C:\\rules\\x", "qq/../qq", ""]
)
def test_a_name_is_never_taken_for_a_path(name: str) -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset(name)
    message = str(info.value)
    assert "not a rule-set name" in message
    assert "the presets are match-a, match-b, qq, qq-super, seed-001, tractor" in message


def test_a_file_in_the_working_folder_is_not_found_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "house.yaml").write_text("base: qq\nname: house\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesetError, match="no preset 'house'"):
        load_ruleset("house")
    with pytest.raises(RulesetError, match="not a rule-set name"):
        load_ruleset("house.yaml")


def test_the_unknown_name_error_does_not_show_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(secret))
    assert "hunter2" not in str(info.value)
    assert info.value.source is None


def test_a_rules_folder_names_a_clubs_rule_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "club.yaml").write_text("base: qq\nname: club\n", encoding="utf-8")
    (tmp_path / "qq.yaml").write_text("base: tractor\nname: not-qq\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    assert load_ruleset("club").name == "club"
    assert load_ruleset("qq").name == "qq"  # a preset's name keeps its meaning


def test_an_unknown_name_names_the_rules_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    with pytest.raises(RulesetError) as info:
        load_ruleset("bridge")
    assert str(info.value) == (
        f"no preset 'bridge' and no bridge.yaml in {tmp_path}: "
        "the presets are match-a, match-b, qq, qq-super, seed-001, tractor"
    )


def test_a_changed_file_in_the_rules_folder_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: qq\nname: club\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    assert load_ruleset("club").name == "club"
    path.write_text("base: qq\nname: club-2025\n", encoding="utf-8")
    assert load_ruleset("club").name == "club-2025"


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("base: qq\n" + "#" * MAX_RULES_FILE + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="larger than 256 KiB") as info:
        load_ruleset_file(path)
    assert info.value.filename == str(path)


def test_a_device_is_not_a_rules_file() -> None:
    with pytest.raises(RulesetError, match="not a regular file"):
        load_ruleset_file("/dev/zero")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            load_ruleset_file(fifo)
        except BaseException as e:  # the outcome is checked below
            outcome.append(e)
        else:
            outcome.append(None)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(5)
    assert outcome, "reading a FIFO blocked"
    assert isinstance(outcome[0], RulesetError)
    assert "not a regular file" in str(outcome[0])


def test_a_folder_is_not_a_rules_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="a folder"):
        load_ruleset_file(tmp_path)


def test_an_alias_bomb_is_refused() -> None:
    lines = ["base: qq", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    error = error_of("\n".join(lines) + "\n")
    assert "aliases" in error.message
    assert error.line is not None


def test_deep_nesting_is_a_located_error() -> None:
    error = error_of("base: qq\nname: " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested deeper than" in error.message
    assert error.line == 2


def test_the_command_line_takes_a_name_or_a_file(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: qq\nname: club\n", encoding="utf-8")
    assert ruleset_argument("match-a").name == "match-a"
    assert ruleset_argument(str(path)).name == "club"
    with pytest.raises(RulesetError, match="no such file"):
        ruleset_argument(str(tmp_path / "none.yaml"))
    with pytest.raises(RulesetError, match="no preset 'bridge'"):
        ruleset_argument("bridge")


# ---------------------------------------------------------------------------- names in any case
# A rule set's name is case-insensitive wherever it is read: ``--rules QQ``, a record's
# ``[Rules "QQ"]``, a judge or solve line's "rules", a rule file's ``base: QQ``.


@pytest.mark.parametrize("name", preset_names())
def test_a_presets_name_is_read_in_any_case(name: str) -> None:
    for typed in (name.upper(), name.title()):
        assert load_ruleset(typed) is load_ruleset(name)
        assert ruleset_argument(typed) is load_ruleset(name)
        assert ruleset_from_text(f"base: {typed}\n") == load_ruleset(name)


def test_a_rules_folders_name_is_read_in_any_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "Club.yaml").write_text("base: qq\nname: club\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    assert load_ruleset("club").name == load_ruleset("CLUB").name == "club"
    assert load_ruleset("Club") is load_ruleset("club")


def test_a_name_sent_to_a_worker_is_read_in_any_case() -> None:
    """A worker on another machine has the rules folders' rule sets by name only."""
    club = ruleset_from_text("base: qq\nname: club\n")
    register_ruleset("club", club)
    try:
        assert load_ruleset("CLUB") is club
    finally:
        unregister_ruleset("club")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("qqq", "qq"), ("matcha", "match-a"), ("match a", "match-a"), ("QQ-SUPR", "qq-super")],
)
def test_an_unknown_name_says_which_it_may_mean_in_both_languages(typed: str, meant: str) -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset(typed)
    assert f"(did you mean '{meant}'?)" in info.value.in_lang("en")
    assert f"（是不是 '{meant}'？）" in info.value.in_lang("zh")
    with pytest.raises(RulesetError) as base:
        ruleset_from_text(f"base: {typed}\n", "club.yaml")
    assert f"(did you mean '{meant}'?)" in base.value.in_lang("en")
    assert f"（是不是 '{meant}'？）" in base.value.in_lang("zh")


def test_a_name_in_a_rules_folder_may_be_what_was_meant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "our-club.yaml").write_text("base: qq\nname: our-club\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    with pytest.raises(RulesetError, match=r"\(did you mean 'our-club'\?\)"):
        load_ruleset("our-clb")


def test_a_rules_header_names_a_preset_in_any_case() -> None:
    text = '[Rules "MATCH-A"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    hand = validate_text(text).hands[0]
    assert hand.replay is not None and hand.replay.rules.name == "match-a"
    assert [f for f in hand.findings if f.code == "unknown-rules"] == []


# ---------------------------------------------------------------------------- what a record reaches


def _rules_finding(rules: str) -> tuple[str, str]:
    text = f'[Rules "{rules}"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    hand = validate_text(text).hands[0]
    assert hand.replay is not None
    finding = next(f for f in hand.findings if f.code == "unknown-rules")
    return finding.message, hand.replay.rules.name


def test_a_rules_header_naming_a_file_reads_nothing(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    message, used = _rules_finding(str(secret))
    assert "hunter2" not in message
    assert "not a rule-set name" in message and "the presets are match-a" in message
    assert used == "qq"


def test_a_rules_header_naming_a_device_returns_at_once() -> None:
    message, used = _rules_finding("/dev/zero")
    assert message.startswith("'/dev/zero' is not a rule-set name")
    assert used == "qq"


def test_a_rules_header_names_a_rule_set_of_the_rules_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "club.yaml").write_text("base: tractor\nname: club\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    text = '[Rules "club"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    hand = validate_text(text).hands[0]
    assert hand.replay is not None and hand.replay.rules.name == "club"
    assert not [f for f in hand.findings if f.code == "unknown-rules"]


def test_a_broken_club_file_is_located_but_not_quoted_in_a_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "club.yaml").write_text("base: qq\nkitty:\n  size: eight\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    message, used = _rules_finding("club")
    assert message == (
        f"{tmp_path / 'club.yaml'}:3:9: kitty.size: expected a whole number, found str 'eight'; "
        "replayed under qq"
    )
    assert used == "qq"


def test_a_club_clause_replaces_the_presets_clause_whole() -> None:
    house = ruleset_from_text(
        'base: qq\nclauses:\n  throw.penalty: {ref: "club §3", text: "10 per card"}\n'
    )
    clause = house.clause(Rule.THROW_PENALTY)
    assert (clause.doc, clause.quote, clause.section, clause.zh) == (None, "", "", "")
    assert house.clause(Rule.FOLLOW_PAIR) == load_ruleset("qq").clause(Rule.FOLLOW_PAIR)


def test_a_club_clause_may_name_its_document_and_quote_it_in_both_languages() -> None:
    house = ruleset_from_text(
        "base: qq\nclauses:\n  throw.penalty:\n"
        '    ref: "club §3"\n'
        "    doc: {zh: 俱乐部规则, en: Club rules}\n"
        '    section: "三"\n'
        '    quote: "甩牌失败每张罚10分"\n'
        "    text: {en: 10 points a card, zh: 每张罚10分}\n"
    )
    clause = house.clause(Rule.THROW_PENALTY)
    assert cite(clause, "zh") == "《俱乐部规则》三：“甩牌失败每张罚10分”——每张罚10分"
    assert (
        cite(clause, "en")
        == '"Club rules" (俱乐部规则) §3: “甩牌失败每张罚10分” — 10 points a card'
    )


def test_a_plain_description_is_english_only() -> None:
    house = ruleset_from_text("base: qq\ndescription: Our rules.\n")
    assert (house.description.en, house.description.zh) == ("Our rules.", "")
    assert house.description.get("zh") == "Our rules."


@pytest.mark.parametrize(
    ("clause", "message"),
    [
        (
            '{ref: "x", text: "y", qoute: "z"}',
            "unknown key 'qoute' in clause 'clauses.throw.penalty' (did you mean 'quote'?)",
        ),
        ('{ref: "x", text: "y", quote: "z"}', "a quote or section needs doc"),
        ('{ref: "x", text: {zh: "y"}}', "missing field clauses.throw.penalty.text.en"),
        ('{ref: "x", text: {en: "y", fr: "z"}}', "unknown key 'fr' in clauses.throw.penalty.text"),
        ('{ref: "x"}', "missing field clauses.throw.penalty.text"),
        ('{ref: "x", text: "y", doc: {zh: "z"}}', "missing field 'clauses.throw.penalty.doc.en'"),
        (
            '{ref: "x", text: [1]}',
            "clauses.throw.penalty.text: expected the rule's text, or en and zh, found a list",
        ),
    ],
)
def test_a_bad_clause_is_located(clause: str, message: str) -> None:
    error = error_of(f"base: qq\nclauses:\n  throw.penalty: {clause}\n")
    assert message in error.message
    assert error.line == 3


def test_the_club_example_cites_its_own_penalty() -> None:
    club = load_ruleset_file(Path(__file__).parent.parent / "examples" / "rules" / "club.yaml")
    assert club.clause(Rule.THROW_PENALTY).quote == "有N张甩不出去应扣N*10分"
    assert club.throw.penalty_per_card == 10


def test_a_preset_named_again_is_not_looked_up_on_disk_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A file's hands name their rule set one by one (the Rules header): the shipped
    # presets are read once, not looked up on disk again for every hand.
    first = load_ruleset("qq")

    def no_disk() -> Path:
        raise AssertionError("the presets folder was read again")

    monkeypatch.setattr("notation.presets.presets_dir", no_disk)
    assert load_ruleset("QQ") is first
    assert load_ruleset("qq") is first
