"""Rule sets from YAML: the shipped presets and a club's own files.

A record names a rule set; it never names a file. ``load_ruleset("qq")`` loads the
preset ``notation/presets/qq.yaml``, and a name no preset has is looked up as
``NAME.yaml`` in the rules folders the user set up (``SHENGJI_RULES_DIR``, or
``--rules-dir`` on the command line). Whatever a name holds (``/etc/passwd``,
``../x``) it is never read as a path: this is what a ``Rules`` header, a ``judge`` line
or an uploaded file can reach. A file the person running the command names
(``--rules club.yaml``) is read with :func:`load_ruleset_file`: a regular file of at
most 256 KiB, checked before it is read. A club's file may start from a preset with
``base: qq`` and change only a few fields (a house rule)::

    base: qq
    name: our-club
    scoring:
      level_table: twenty

Only ``yaml.SafeLoader`` is used, nesting is limited and aliases are not expanded past
a rule set's size. Every mistake (malformed YAML, an unknown key, a wrong type, a
missing field, a bad value) is a :class:`RulesetError` that names the file, the line
and column, the key, and draws the line with a caret.

>>> load_ruleset("qq").kitty_multiplier(2, 3)
12
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import stat
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
from notation.messages import Message, Seq, msg
from notation.resources import presets_dir
from notation.rules.cards import Rank
from notation.rules.clauses import Clause, Rule, Text, Title
from notation.rules.ruleset import LevelTable, Ruleset

__all__ = [
    "MAX_RULES_FILE",
    "RULES_DIR_ENV",
    "RulesetError",
    "is_ruleset_name",
    "load_ruleset",
    "load_ruleset_file",
    "preset_names",
    "register_ruleset",
    "rules_dirs",
    "ruleset_argument",
    "ruleset_from_text",
    "ruleset_to_dict",
    "unregister_ruleset",
]


class RulesetError(SourceError):
    """A rule-set file that cannot be used: where, which key, and why."""

    def in_lang(self, lang: str) -> str:
        """The error in ``lang``; one about no place in a file (an unknown preset name)
        without a location."""
        if self.filename is None and self.line is None:
            return self._words(lang)
        return SourceError.in_lang(self, lang)

    def brief(self, lang: str = "en") -> str:
        """Where and what on one line, without the file's text (for a record's findings)."""
        if self.filename is None and self.line is None:
            return self._words(lang)
        return f"{self.location}: {self._words(lang)}"

    def _words(self, lang: str) -> str:
        return self.message if self.text is None else self.text.render(lang)


def _error(text: Message, filename: str | None = None) -> RulesetError:
    """An error said in both languages, about ``filename`` if given."""
    return RulesetError(text.render("en"), text=text, filename=filename)


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


_MAX_DEPTH = 32  # sections nest three deep; anything near this is not a rule set
_MAX_VALUES = 20_000  # the presets hold about 400 values


def _compose(text: str, filename: str) -> _Item:
    """The YAML document in ``text`` as a located tree.

    Nesting is measured on the event stream first (read without recursion), and aliases
    (``*name``) are expanded only up to :data:`_MAX_VALUES` values in all: a
    "billion laughs" file is refused, not expanded.
    """
    try:
        _check_depth(text, filename)
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
    budget = _MAX_VALUES

    def build(n: yaml.Node) -> _Item:
        nonlocal budget
        where = _pos(filename, text, n.start_mark)
        budget -= 1
        if budget < 0:
            raise where.error(
                f"more than {_MAX_VALUES} values: aliases (*name) expand too far for a rule set"
            )
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


def _check_depth(text: str, filename: str) -> None:
    """Refuse lists and mappings nested deeper than :data:`_MAX_DEPTH` (located)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > _MAX_DEPTH:
                mark = event.start_mark
                line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                raise _Pos(filename, text, line, column).error(
                    f"lists and mappings nested deeper than {_MAX_DEPTH}: not a rule set"
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _merge(base: _Item, over: _Item, path: tuple[str, ...] = ()) -> _Item:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced.

    A clause is replaced whole: a club's clause keeps nothing (no quote, no document)
    of the preset's clause it replaces.
    """
    a_clause = len(path) == 2 and path[0] == "clauses"
    if a_clause or not (isinstance(base, _Map) and isinstance(over, _Map)):
        return over
    entries = dict(base.entries)
    for key, (key_pos, value) in over.entries.items():
        if key in entries:
            value = _merge(entries[key][1], value, (*path, key))
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
    if tp is Clause:
        return _read_clause(item, key)
    if tp is Text and isinstance(item, _Scalar) and isinstance(item.value, str):
        return Text(item.value)  # a plain string: English only
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


_CLAUSE_KEYS = ["ref", "doc", "section", "quote", "text"]
_TEXT_KEYS = ["en", "zh"]


def _read_clause(item: _Item, key: str) -> Clause:
    """A clause: ``ref`` and ``text`` (a string, or ``{en, zh}``), and where the rule
    stands for a reader: ``doc`` (the document's title, ``{en, zh}``), ``section`` and
    ``quote`` (its words as written)."""
    if not isinstance(item, _Map):
        raise item.pos.error(f"{key}: expected a mapping with ref and text, found {_kind(item)}")
    for name, (key_pos, _value) in item.entries.items():
        if name not in _CLAUSE_KEYS:
            raise key_pos.error(_unknown_key(name, f"clause {key!r}", _CLAUSE_KEYS))

    def text_of(name: str) -> str:
        found = item.entries.get(name)
        return "" if found is None else typing.cast(str, _read(str, found[1], f"{key}.{name}"))

    if "ref" not in item.entries or "text" not in item.entries:
        missing = "ref" if "ref" not in item.entries else "text"
        raise item.pos.error(f"missing field {key}.{missing} in clause {key!r}")
    text_item = item.entries["text"][1]
    if isinstance(text_item, _Map):
        for name, (key_pos, _value) in text_item.entries.items():
            if name not in _TEXT_KEYS:
                raise key_pos.error(_unknown_key(name, f"{key}.text", _TEXT_KEYS))
        if "en" not in text_item.entries:
            raise text_item.pos.error(f"missing field {key}.text.en: the rule in English")
        en = _read(str, text_item.entries["en"][1], f"{key}.text.en")
        zh_item = text_item.entries.get("zh")
        zh = "" if zh_item is None else _read(str, zh_item[1], f"{key}.text.zh")
    elif isinstance(text_item, _Scalar) and isinstance(text_item.value, str):
        en, zh = text_item.value, ""
    else:
        raise text_item.pos.error(
            f"{key}.text: expected the rule's text, or en and zh, found {_kind(text_item)}"
        )
    doc_item = item.entries.get("doc")
    doc: Title | None = None
    if doc_item is not None:
        doc = _read_dataclass(Title, doc_item[1], f"{key}.doc")
    elif "quote" in item.entries or "section" in item.entries:
        raise item.pos.error(
            f"{key}: a quote or section needs doc, the title of the document it is from"
        )
    return Clause(text_of("ref"), en, zh, doc, text_of("section"), text_of("quote"))


def _read_clauses(item: _Item, key: str) -> Mapping[Rule, Clause]:
    """``rule id → clause`` for every rule id of :class:`Rule`."""
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

MAX_RULES_FILE = 256 * 1024  # bytes: a rule set is a page of YAML; the presets are ~8 KiB
RULES_DIR_ENV = "SHENGJI_RULES_DIR"  # folders (os.pathsep between) of a club's rule sets
_NAME = re.compile(r"\w[\w-]{0,63}")  # no dot, no slash: a name can never reach a path
_registered: dict[str, Ruleset] = {}  # files named on this command line, by what was typed
_files: dict[str, tuple[tuple[int, int, int], Ruleset]] = {}  # path → (stamp, rule set)


def preset_names() -> list[str]:
    """The names of the shipped presets, sorted."""
    return sorted(p.stem for p in presets_dir().glob("*.yaml"))


def rules_dirs() -> tuple[Path, ...]:
    """The rules folders the user set up (``SHENGJI_RULES_DIR``; ``--rules-dir`` sets it)."""
    value = os.environ.get(RULES_DIR_ENV, "")
    return tuple(Path(part) for part in value.split(os.pathsep) if part)


def is_ruleset_name(text: str) -> bool:
    """True if ``text`` can name a rule set: letters, digits, ``_`` and ``-`` only.

    >>> is_ruleset_name("match-a"), is_ruleset_name("/etc/passwd"), is_ruleset_name("a.yaml")
    (True, False, False)
    """
    return _NAME.fullmatch(text) is not None


def load_ruleset(name: str) -> Ruleset:
    """The rule set called ``name``: a preset (``qq``, ``match-a`` ...), else
    ``name.yaml`` in a rules folder the user set up. ``name`` is never a path, whatever
    it holds: this is what a record's ``Rules`` header and a ``judge`` line may reach."""
    ruleset = _registered.get(name)
    if ruleset is not None:
        return ruleset
    if not is_ruleset_name(name):
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise _error(msg("ruleset.not-a-name", name=repr(shown), presets=_presets()))
    if (presets_dir() / f"{name}.yaml").is_file():
        return _load_preset(name)
    folders = rules_dirs()
    for folder in folders:
        path = folder / f"{name}.yaml"
        try:
            info = path.stat()
        except OSError:
            continue
        cached = _files.get(str(path))
        if cached is not None and cached[0] == _stamp(info):
            return cached[1]  # looked up again for every hand that names it
        return load_ruleset_file(path)
    if folders:
        raise _error(
            msg(
                "ruleset.no-preset-in",
                name=repr(name),
                file=f"{name}.yaml",
                folders=Seq(tuple(map(str, folders)), ", ", "、"),
                presets=_presets(),
            )
        )
    raise _error(msg("ruleset.no-preset", name=repr(name), presets=_presets()))


def _presets() -> Seq:
    """The presets' names, listed."""
    return Seq(tuple(preset_names()), ", ", "、")


def load_ruleset_file(path: str | Path) -> Ruleset:
    """The rule set in a YAML file the person running the command named (at most
    :data:`MAX_RULES_FILE` bytes; a device, FIFO or folder is refused unread)."""
    key = str(path)
    text, stamp = _read_limited(Path(path))
    cached = _files.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    ruleset = ruleset_from_text(text, key)
    if len(_files) >= 64:
        _files.clear()
    _files[key] = (stamp, ruleset)
    return ruleset


def ruleset_argument(text: str) -> Ruleset:
    """What ``--rules X`` typed on the command line means: a rule-set name, else (it looks
    like a path: a slash, or ``.yaml``) the file at that path."""
    if text in _registered or not _looks_like_path(text):
        return load_ruleset(text)
    return load_ruleset_file(text)


def register_ruleset(typed: str, ruleset: Ruleset) -> None:
    """Let :func:`load_ruleset` find ``ruleset`` under ``typed``: a ``--rules FILE`` the
    user named, for the commands that pass the text on (undone by :func:`unregister_ruleset`)."""
    _registered[typed] = ruleset


def unregister_ruleset(typed: str) -> None:
    """Forget a rule set given to :func:`register_ruleset`."""
    _registered.pop(typed, None)


def _looks_like_path(text: str) -> bool:
    return any(c in text for c in "/\\") or text.endswith((".yaml", ".yml"))


def _preset_path(name: str) -> Path:
    path = presets_dir() / f"{name}.yaml"
    if not is_ruleset_name(name) or not path.is_file():
        raise _error(msg("ruleset.no-preset", name=repr(name), presets=_presets()))
    return path


_TOO_LARGE = msg("ruleset.too-large", kib=MAX_RULES_FILE // 1024)
_FOLDER = msg("ruleset.folder")


def _read_limited(path: Path) -> tuple[str, tuple[int, int, int]]:
    """The text of a regular file of at most :data:`MAX_RULES_FILE` bytes, and its
    (inode, size, time) to know it again; checked before anything is read."""
    where = str(path)
    try:
        # Non-blocking, so that a FIFO put where the file was is not waited on.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise _error(msg("reason.no-such-file"), where) from None
    except IsADirectoryError:
        raise _error(_FOLDER, where) from None
    except OSError as e:
        why = msg("text", text=e.strerror or str(e))
        raise _error(msg("ruleset.cannot-read", reason=why), where) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _error(_FOLDER, where)
        if not stat.S_ISREG(info.st_mode):
            raise _error(msg("ruleset.not-regular"), where)
        if info.st_size > MAX_RULES_FILE:
            raise _error(_TOO_LARGE, where)
    except RulesetError:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        data = f.read(MAX_RULES_FILE + 1)  # the file may have grown since
    if len(data) > MAX_RULES_FILE:
        raise _error(_TOO_LARGE, where)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _error(msg("reason.not-utf8", byte=e.start), where) from None
    return text, _stamp(info)


def _stamp(info: os.stat_result) -> tuple[int, int, int]:
    """What tells a file changed: its inode, size and time."""
    return (info.st_ino, info.st_size, info.st_mtime_ns)


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
    base = _tree(path.read_text(encoding="utf-8"), str(path), (*seen, name))
    return _merge(base, tree)


def ruleset_from_text(text: str, filename: str = "<rules>") -> Ruleset:
    """A rule set from YAML text (``filename`` is used in error messages)."""
    tree = _tree(text, filename, ())
    ruleset: Ruleset = _read_dataclass(Ruleset, tree, "")
    return ruleset


@lru_cache(maxsize=32)
def _load_preset(name: str) -> Ruleset:
    path = _preset_path(name)
    return ruleset_from_text(path.read_text(encoding="utf-8"), str(path))


# ---------------------------------------------------------------------------- plain values


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The rule set as plain values (the YAML layout; tables spelled out), for JSON."""
    return typing.cast(dict[str, Any], _plain(ruleset))


def _plain(value: object) -> object:
    if isinstance(value, Clause):  # the YAML layout: text as {en, zh}, no empty fields
        plain: dict[str, object] = {"ref": value.ref}
        if value.doc is not None:
            plain["doc"] = _plain(value.doc)
        if value.section:
            plain["section"] = value.section
        if value.quote:
            plain["quote"] = value.quote
        plain["text"] = {"en": value.text, "zh": value.zh} if value.zh else value.text
        return plain
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping | types.MappingProxyType):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
