"""Rule sets from YAML: the shipped presets and a user's own files.

``load_ruleset("qq")`` loads a preset from ``notation/presets/qq.yaml``;
``load_ruleset("house.yaml")`` loads a user's file. A user's file may start from a
preset with ``base: qq`` and change only a few fields (a house rule)::

    base: qq
    name: our-club
    scoring:
      level_table: twenty

Only ``yaml.SafeLoader`` is used. Every mistake (malformed YAML, an unknown key, a
wrong type, a missing field, a bad value) is a :class:`RulesetError` that names the
file, the line and column, the key, and draws the line with a caret.

>>> load_ruleset("qq").kitty_multiplier(2, 3)
12
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Union

import yaml

from notation.errors import SourceError
from notation.resources import presets_dir
from notation.rules.cards import Rank
from notation.rules.clauses import Clause, Rule
from notation.rules.ruleset import LevelTable, Ruleset

__all__ = ["RulesetError", "load_ruleset", "preset_names", "ruleset_from_text", "ruleset_to_dict"]


class RulesetError(SourceError):
    """A rule-set file that cannot be used: where, which key, and why."""

    def __str__(self) -> str:
        if self.filename is None and self.line is None:
            return self.message  # not about a place in a file: an unknown preset name
        return SourceError.__str__(self)


# ---------------------------------------------------------------------------- located YAML


@dataclass(frozen=True, slots=True)
class _Pos:
    """A place in a YAML text (1-based line and column)."""

    filename: str
    text: str
    line: int
    column: int

    def error(self, message: str) -> RulesetError:
        return RulesetError(
            message, source=self.text, line=self.line, column=self.column, filename=self.filename
        )


@dataclass(slots=True)
class _Scalar:
    value: object
    pos: _Pos


@dataclass(slots=True)
class _Seq:
    items: list[_Item]
    pos: _Pos


@dataclass(slots=True)
class _Map:
    entries: dict[str, tuple[_Pos, _Item]]  # key → (where the key stands, its value)
    pos: _Pos  # where the mapping is named (its key), or where it starts


_Item = Union[_Scalar, _Seq, _Map]  # noqa: UP007  (a runtime alias)


def _pos(filename: str, text: str, mark: yaml.Mark | None) -> _Pos:
    if mark is None:
        return _Pos(filename, text, 1, 1)
    return _Pos(filename, text, mark.line + 1, mark.column + 1)


def _compose(text: str, filename: str) -> _Item:
    """The YAML document in ``text`` as a located tree."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        problem = e.problem or "malformed YAML"
        raise _pos(filename, text, e.problem_mark or e.context_mark).error(
            f"malformed YAML: {problem}"
        ) from None
    except yaml.YAMLError as e:
        raise RulesetError(f"malformed YAML: {e}", filename=filename) from None
    if node is None:
        raise RulesetError("the file is empty: expected a rule set", filename=filename)
    constructor = yaml.constructor.SafeConstructor()

    def build(n: yaml.Node) -> _Item:
        where = _pos(filename, text, n.start_mark)
        if isinstance(n, yaml.MappingNode):
            entries: dict[str, tuple[_Pos, _Item]] = {}
            for key_node, value_node in n.value:
                key_pos = _pos(filename, text, key_node.start_mark)
                if not isinstance(key_node, yaml.ScalarNode):
                    raise key_pos.error("a key must be a plain name")
                key = str(constructor.construct_object(key_node))
                if key in entries:
                    raise key_pos.error(f"duplicate key {key!r}")
                value = build(value_node)
                if isinstance(value, _Map):
                    value.pos = key_pos
                entries[key] = (key_pos, value)
            return _Map(entries, where)
        if isinstance(n, yaml.SequenceNode):
            return _Seq([build(item) for item in n.value], where)
        try:
            return _Scalar(constructor.construct_object(n), where)
        except yaml.constructor.ConstructorError as e:
            raise where.error(f"bad value: {e.problem}") from None

    return build(node)


def _merge(base: _Item, over: _Item) -> _Item:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced."""
    if not (isinstance(base, _Map) and isinstance(over, _Map)):
        return over
    entries = dict(base.entries)
    for key, (key_pos, value) in over.entries.items():
        if key in entries:
            value = _merge(entries[key][1], value)
            if isinstance(value, _Map):
                value.pos = key_pos
        entries[key] = (key_pos, value)
    return _Map(entries, over.pos)


# ---------------------------------------------------------------------------- typed reading


def _kind(item: _Item) -> str:
    if isinstance(item, _Map):
        return "a mapping"
    if isinstance(item, _Seq):
        return "a list"
    value = item.value
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a yes/no value ({str(value).lower()})"
    if isinstance(value, int):
        return f"a number ({value})"
    return f"{type(value).__name__} {value!r}"


def _read(tp: Any, item: _Item, key: str) -> Any:
    """The value of type ``tp`` in ``item``; ``key`` is the dotted path, for messages."""
    origin = typing.get_origin(tp)
    if tp is LevelTable:
        return _read_level_table(item, key)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _read_dataclass(tp, item, key)
    if origin is tuple:
        (element, _ellipsis) = typing.get_args(tp)
        if not isinstance(item, _Seq):
            raise item.pos.error(f"{key}: expected a list, found {_kind(item)}")
        return tuple(_read(element, x, f"{key}[{i}]") for i, x in enumerate(item.items))
    if origin is Mapping or origin is dict:
        return _read_clauses(item, key)
    if not isinstance(item, _Scalar):
        raise item.pos.error(f"{key}: expected {_expected(tp)}, found {_kind(item)}")
    value = item.value
    if tp is Rank:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise item.pos.error(f"{key}: expected a rank 2..A, found {_kind(item)}")
        try:
            return Rank.parse(str(value))
        except ValueError:
            raise item.pos.error(
                f"{key}: {value!r} is not a rank: expected 2..10, J, Q, K or A"
            ) from None
    if isinstance(tp, type) and issubclass(tp, Enum):
        choices = ", ".join(str(m.value) for m in tp)
        if not isinstance(value, str):
            raise item.pos.error(f"{key}: expected one of {choices}, found {_kind(item)}")
        try:
            return tp(value)
        except ValueError:
            raise item.pos.error(
                f"{key}: unknown value {value!r}: expected one of {choices}"
            ) from None
    if tp is bool:
        if not isinstance(value, bool):
            raise item.pos.error(f"{key}: expected true or false, found {_kind(item)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise item.pos.error(f"{key}: expected a whole number, found {_kind(item)}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise item.pos.error(f"{key}: expected text, found {_kind(item)}")
        return value
    raise TypeError(f"no YAML reader for {tp!r}")  # a programming error, not the user's


def _expected(tp: Any) -> str:
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if isinstance(tp, type) and issubclass(tp, StrEnum):
        return "one of " + ", ".join(m.value for m in tp)
    return "a single value"


def _unknown_key(key: str, where: str, known: list[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown key {key!r} in {where}{hint}: expected one of {', '.join(known)}"


def _read_dataclass(cls: type, item: _Item, key: str) -> Any:
    where = f"section {key!r}" if key else "the rule set"
    if not isinstance(item, _Map):
        raise item.pos.error(f"{key or 'the rule set'}: expected a mapping, found {_kind(item)}")
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    for name, (key_pos, _value) in item.entries.items():
        if name not in names:
            raise key_pos.error(_unknown_key(name, where, names))
    values: dict[str, Any] = {}
    for name in names:
        path = f"{key}.{name}" if key else name
        if name not in item.entries:
            raise item.pos.error(f"missing field {path!r} in {where}")
        values[name] = _read(hints[name], item.entries[name][1], path)
    try:
        return cls(**values)
    except ValueError as e:
        raise item.pos.error(f"{key or 'the rule set'}: {e}") from None


def _read_level_table(item: _Item, key: str) -> LevelTable:
    """A level table: the name of a standard one (``forty``), or name, rows and step."""
    if isinstance(item, _Scalar) and isinstance(item.value, str):
        try:
            return LevelTable.named(item.value)
        except ValueError as e:
            raise item.pos.error(f"{key}: {e}") from None
    if not isinstance(item, _Map):
        raise item.pos.error(
            f"{key}: expected a table name (forty, twenty, super) or a mapping with "
            f"name, rows and step, found {_kind(item)}"
        )
    table: LevelTable = _read_dataclass(LevelTable, item, key)
    return table


def _read_clauses(item: _Item, key: str) -> Mapping[Rule, Clause]:
    """``rule id → {ref, text}`` for every rule id of :class:`Rule`."""
    if not isinstance(item, _Map):
        raise item.pos.error(f"{key}: expected a mapping of rule ids, found {_kind(item)}")
    known = [r.value for r in Rule]
    clauses: dict[Rule, Clause] = {}
    for name, (key_pos, value) in item.entries.items():
        if name not in known:
            raise key_pos.error(_unknown_key(name, f"section {key!r}", known))
        clauses[Rule(name)] = _read(Clause, value, f"{key}.{name}")
    missing = [r for r in known if Rule(r) not in clauses]
    if missing:
        raise item.pos.error(f"{key}: no clause for rule {', '.join(missing)}")
    return clauses


# ---------------------------------------------------------------------------- loading


def preset_names() -> list[str]:
    """The names of the shipped presets, sorted."""
    return sorted(p.stem for p in presets_dir().glob("*.yaml"))


def _preset_path(name: str) -> Path:
    path = presets_dir() / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(preset_names())
        raise RulesetError(f"no preset {name!r}: the presets are {known}")
    return path


def _is_path(name_or_path: str | Path) -> bool:
    if isinstance(name_or_path, Path):
        return True
    return any(c in name_or_path for c in "/\\") or name_or_path.endswith((".yaml", ".yml"))


def _read_file(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RulesetError("no such file", filename=str(path)) from None
    except IsADirectoryError:
        raise RulesetError("is a folder, not a rule-set file", filename=str(path)) from None
    except UnicodeDecodeError as e:
        raise RulesetError(f"not UTF-8 text (byte {e.start})", filename=str(path)) from None


def _tree(text: str, filename: str, seen: tuple[str, ...]) -> _Item:
    """The located tree of a rule-set text, with its ``base:`` preset merged under it."""
    tree = _compose(text, filename)
    if not isinstance(tree, _Map):
        raise tree.pos.error(f"expected a rule set (a mapping of sections), found {_kind(tree)}")
    if "base" not in tree.entries:
        return tree
    key_pos, base_item = tree.entries.pop("base")
    if not (isinstance(base_item, _Scalar) and isinstance(base_item.value, str)):
        raise base_item.pos.error(f"base: expected a preset name, found {_kind(base_item)}")
    name = base_item.value
    if name in seen:
        raise base_item.pos.error(f"base: {name!r} is its own base")
    try:
        path = _preset_path(name)
    except RulesetError as e:
        raise key_pos.error(f"base: {e.message}") from None
    base = _tree(_read_file(path), str(path), (*seen, name))
    return _merge(base, tree)


def ruleset_from_text(text: str, filename: str = "<rules>") -> Ruleset:
    """A rule set from YAML text (``filename`` is used in error messages)."""
    tree = _tree(text, filename, ())
    ruleset: Ruleset = _read_dataclass(Ruleset, tree, "")
    return ruleset


@lru_cache(maxsize=32)
def _load_preset(name: str) -> Ruleset:
    path = _preset_path(name)
    return ruleset_from_text(_read_file(path), str(path))


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """A preset by name (``qq``, ``match-a`` ...) or a user's YAML file by path."""
    if not _is_path(name_or_path):
        return _load_preset(str(name_or_path))
    path = Path(name_or_path)
    return ruleset_from_text(_read_file(path), str(name_or_path))


# ---------------------------------------------------------------------------- plain values


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The rule set as plain values (the YAML layout; tables spelled out), for JSON."""
    return typing.cast(dict[str, Any], _plain(ruleset))


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping | types.MappingProxyType):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
