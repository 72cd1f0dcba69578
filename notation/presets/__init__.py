"""Rule sets from YAML: the presets shipped in this folder and a club's own files.

A record names a rule set; it never names a file. ``load_ruleset("qq")`` loads the
preset ``qq.yaml`` beside this module (``notation/presets/``), and a name no preset has
is looked up as ``NAME.yaml`` in the rules folders the user set up
(``SHENGJI_RULES_DIR``, or ``--rules-dir`` on the command line). Whatever a name holds
(``/etc/passwd``, ``../x``) it is never read as a path: this is what a ``Rules`` header,
a ``judge`` line or an uploaded file can reach. A file the person running the command names
(``--rules club.yaml``) is read with :func:`load_ruleset_file`: a regular file of at
most 256 KiB, checked before it is read. A club's file may start from a preset with
``base: qq`` and change only a few fields (a house rule)::

    base: qq
    name: our-club
    scoring:
      level_table: twenty

Only a safe loader is used (libyaml's, or PyYAML's ``SafeLoader``), nesting is limited
and aliases are not expanded past a rule set's size. Every mistake (malformed YAML, an
unknown key, a wrong type, a missing field, a bad value) is a :class:`RulesetError` that
names the file, the line and column, the key, and draws the line with a caret.

>>> load_ruleset("qq").kitty_multiplier(2, 3)
12
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from collections.abc import Iterable, Mapping
from enum import Enum, StrEnum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from notation.errors import SourceError
from notation.files import FileError, read_bytes, shown_path
from notation.frozen import frozen, mutable
from notation.messages import Message, Param, Seq, has, msg
from notation.messages.reasons import reason
from notation.messages.rulesets import yaml_words
from notation.programs import kept_regexp
from notation.resources import kept_file, presets_dir, prune_cache
from notation.rules.cards import Rank
from notation.rules.clauses import Clause, Rule, Text, Title
from notation.rules.ruleset import LevelTable, Ruleset

if TYPE_CHECKING:
    import yaml  # imported where a YAML text is read (start-up time: see _load_preset)

__all__ = [
    "DEFAULT_RULESET",
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

    def _words(self, lang: str) -> str:
        return self.message if self.text is None else self.text.render(lang)


def _error(text: Message, filename: str | None = None) -> RulesetError:
    """An error said in both languages, about ``filename`` if given."""
    return RulesetError(text.render("en"), text=text, filename=filename)


# ---------------------------------------------------------------------------- located YAML


@frozen
class _Pos:
    """A place in a YAML text (1-based line and column)."""

    filename: str
    text: str
    line: int
    column: int

    def error(self, text: Message) -> RulesetError:
        """The error ``text`` says (in both languages), here."""
        return RulesetError(
            text.render("en"),
            text=text,
            source=self.text,
            line=self.line,
            column=self.column,
            filename=self.filename,
        )


def _at(key: Param, text: Param) -> Message:
    """``kitty.size: <text>``: what is wrong at a key."""
    return msg("value.at", where=key, text=text)


def _expected(key: Param, what: str, item: _Item) -> Message:
    """``kitty.size: expected a whole number, found str 'eight'`` (``what``: the word's
    key, ``yaml.want.WHAT``)."""
    return _at(key, _wanted(msg(f"yaml.want.{what}"), item))


def _wanted(what: Param, item: _Item) -> Message:
    return msg("value.expected", what=what, kind=_kind(item))


def _malformed(problem: str | None) -> Message:
    """``malformed YAML: <the YAML library's words>`` (in Chinese the catalogue's, or
    quoted)."""
    said = yaml_words(problem) if problem else msg("yaml.unreadable")
    return msg("yaml.malformed", problem=said)


@mutable
class _Scalar:
    """A plain value of the file, and where it stands."""

    value: object
    pos: _Pos


@mutable
class _Seq:
    """A list of the file, and where it starts."""

    items: list[_Item]
    pos: _Pos


@mutable
class _Map:
    """A mapping of the file: its keys, where each stands, and their values."""

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
    import yaml

    # libyaml's safe loader where PyYAML was built with it (the same YAML, about ten
    # times faster), else PyYAML's own.
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        try:
            _check_depth(text, filename, loader)
            node = yaml.compose(text, Loader=loader)
        except yaml.YAMLError:
            # Said as PyYAML's own loader says it (libyaml words some errors less well).
            _check_depth(text, filename, yaml.SafeLoader)
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        where = _pos(filename, text, e.problem_mark or e.context_mark)
        raise where.error(_malformed(e.problem)) from None
    except yaml.YAMLError as e:
        raise _error(_malformed(str(e)), filename) from None
    if node is None:
        raise _error(msg("yaml.empty"), filename)
    constructor = yaml.constructor.SafeConstructor()
    budget = _MAX_VALUES

    def build(n: yaml.Node) -> _Item:
        nonlocal budget
        where = _pos(filename, text, n.start_mark)
        budget -= 1
        if budget < 0:
            raise where.error(msg("yaml.aliases", n=_MAX_VALUES))
        if isinstance(n, yaml.MappingNode):
            entries: dict[str, tuple[_Pos, _Item]] = {}
            for key_node, value_node in n.value:
                key_pos = _pos(filename, text, key_node.start_mark)
                if not isinstance(key_node, yaml.ScalarNode):
                    raise key_pos.error(msg("yaml.plain-key"))
                key = str(constructor.construct_object(key_node))
                if key in entries:
                    raise key_pos.error(msg("yaml.duplicate-key", name=repr(key)))
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
            raise where.error(msg("yaml.bad-value", problem=str(e.problem))) from None

    return build(node)


def _check_depth(text: str, filename: str, loader: type[yaml.SafeLoader]) -> None:
    """Refuse lists and mappings nested deeper than :data:`_MAX_DEPTH` (located)."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > _MAX_DEPTH:
                mark = event.start_mark
                line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                raise _Pos(filename, text, line, column).error(msg("yaml.too-deep", n=_MAX_DEPTH))
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


def _kind(item: _Item) -> Message:
    """What a value of the file is: ``a mapping``, ``a number (2)``, ``str 'eight'`` ..."""
    if isinstance(item, _Map):
        return msg("yaml.kind.mapping")
    if isinstance(item, _Seq):
        return msg("yaml.kind.list")
    value = item.value
    if value is None:
        return msg("yaml.kind.null")
    if isinstance(value, bool):
        return msg("yaml.kind.bool", value=str(value).lower())
    if isinstance(value, int):
        return msg("yaml.kind.number", value=value)
    name = type(value).__name__
    said = msg(f"yaml.type.{name}") if has(f"yaml.type.{name}") else name
    return msg("yaml.kind.value", type=said, value=repr(value))


def _read(tp: Any, item: _Item, key: str) -> Any:
    """The value of type ``tp`` in ``item``; ``key`` is the dotted path, for messages."""
    if tp is LevelTable:
        return _read_level_table(item, key)
    if tp is Clause:
        return _read_clause(item, key)
    if tp is Text and isinstance(item, _Scalar) and isinstance(item.value, str):
        return Text(item.value)  # a plain string: English only
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _read_dataclass(tp, item, key)
    origin = typing.get_origin(tp)
    if origin is tuple:
        (element, _ellipsis) = typing.get_args(tp)
        if not isinstance(item, _Seq):
            raise item.pos.error(_expected(key, "list", item))
        return tuple(_read(element, x, f"{key}[{i}]") for i, x in enumerate(item.items))
    if origin is Mapping or origin is dict:
        return _read_clauses(item, key)
    if not isinstance(item, _Scalar):
        raise item.pos.error(_at(key, _wanted(_expected_value(tp), item)))
    value = item.value
    if tp is Rank:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise item.pos.error(_expected(key, "rank", item))
        try:
            return Rank.parse(str(value))
        except ValueError:
            raise item.pos.error(_at(key, msg("yaml.not-rank", value=repr(value)))) from None
    if isinstance(tp, type) and issubclass(tp, Enum):
        if not isinstance(value, str):
            choices = _listed(str(m.value) for m in tp)
            raise item.pos.error(_at(key, _wanted(msg("value.one-of", choices=choices), item)))
        try:
            return tp(value)
        except ValueError:
            choices = _listed(str(m.value) for m in tp)
            unknown = msg("yaml.unknown-value", value=repr(value), choices=choices)
            raise item.pos.error(_at(key, unknown)) from None
    if tp is bool:
        if not isinstance(value, bool):
            raise item.pos.error(_expected(key, "bool", item))
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise item.pos.error(_expected(key, "int", item))
        return value
    if tp is str:
        if not isinstance(value, str):
            raise item.pos.error(_expected(key, "text", item))
        return value
    raise TypeError(f"no YAML reader for {tp!r}")  # a programming error, not the user's


def _expected_value(tp: Any) -> Message:
    """What a key of type ``tp`` expects, said where a list or a mapping was found."""
    if tp is bool:
        return msg("yaml.want.bool")
    if tp is int:
        return msg("yaml.want.int")
    if isinstance(tp, type) and issubclass(tp, StrEnum):
        return msg("value.one-of", choices=_listed(m.value for m in tp))
    return msg("yaml.want.single")


def _listed(names: Iterable[str]) -> Seq:
    """Names listed: ``a, b, c`` (in Chinese ``a、b、c``)."""
    return Seq(tuple(names))


def _unknown_key(key: str, where: Param, known: list[str]) -> Message:
    import difflib  # an error's hint: every start would pay for its import

    close = difflib.get_close_matches(key, known, n=1)
    hint = msg("value.did-you-mean", name=repr(close[0])) if close else ""
    return msg("yaml.unknown-key", name=repr(key), where=where, hint=hint, known=_listed(known))


_THE_RULE_SET = msg("yaml.the-rule-set")


@lru_cache(maxsize=64)
def _fields_of(cls: type) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The types of a rule-set section's fields, and the names a file gives, in order.

    The modules of the sections (notation/rules/ruleset.py, clauses.py) keep their
    annotations as types, not strings: no string is compiled and evaluated at every
    start (``typing.get_type_hints`` would)."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    hints = {f.name: f.type for f in fields}
    if any(isinstance(tp, str) for tp in hints.values()):
        raise TypeError(f"{cls.__qualname__}'s annotations are strings")  # a programming error
    return hints, tuple(hints)


def _section(key: str) -> Message:
    """``section 'kitty'`` (the rule set itself for no key): where a key is not known."""
    return msg("yaml.section", name=repr(key)) if key else _THE_RULE_SET


def _read_dataclass(cls: type, item: _Item, key: str) -> Any:
    if not isinstance(item, _Map):
        raise item.pos.error(_expected(key or _THE_RULE_SET, "mapping", item))
    hints, names = _fields_of(cls)
    for name, (key_pos, _value) in item.entries.items():
        if name not in names:
            raise key_pos.error(_unknown_key(name, _section(key), list(names)))
    values: dict[str, Any] = {}
    for name in names:
        path = f"{key}.{name}" if key else name
        if name not in item.entries:
            where = _section(key)
            raise item.pos.error(msg("yaml.missing-field", path=repr(path), where=where))
        values[name] = _read(hints[name], item.entries[name][1], path)
    try:
        return cls(**values)
    except ValueError as e:  # the rule set's own checks (RulesetCheckError)
        raise item.pos.error(_at(key or _THE_RULE_SET, reason(e, "ruleset"))) from None


def _read_level_table(item: _Item, key: str) -> LevelTable:
    """A level table: the name of a standard one (``forty``), or name, rows and step."""
    if isinstance(item, _Scalar) and isinstance(item.value, str):
        try:
            return LevelTable.named(item.value)
        except ValueError as e:
            raise item.pos.error(_at(key, reason(e, "ruleset"))) from None
    if not isinstance(item, _Map):
        raise item.pos.error(_expected(key, "table", item))
    table: LevelTable = _read_dataclass(LevelTable, item, key)
    return table


_CLAUSE_KEYS = ["ref", "doc", "section", "quote", "text"]
_TEXT_KEYS = ["en", "zh"]


def _read_clause(item: _Item, key: str) -> Clause:
    """A clause: ``ref`` and ``text`` (a string, or ``{en, zh}``), and where the rule
    stands for a reader: ``doc`` (the document's title, ``{en, zh}``), ``section`` and
    ``quote`` (its words as written)."""
    if not isinstance(item, _Map):
        raise item.pos.error(_expected(key, "clause", item))
    for name, (key_pos, _value) in item.entries.items():
        if name not in _CLAUSE_KEYS:
            clause = msg("yaml.clause", name=repr(key))
            raise key_pos.error(_unknown_key(name, clause, _CLAUSE_KEYS))

    def text_of(name: str) -> str:
        found = item.entries.get(name)
        return "" if found is None else typing.cast(str, _read(str, found[1], f"{key}.{name}"))

    if "ref" not in item.entries or "text" not in item.entries:
        missing = "ref" if "ref" not in item.entries else "text"
        clause = msg("yaml.clause", name=repr(key))
        raise item.pos.error(msg("yaml.missing-field", path=f"{key}.{missing}", where=clause))
    text_item = item.entries["text"][1]
    if isinstance(text_item, _Map):
        for name, (key_pos, _value) in text_item.entries.items():
            if name not in _TEXT_KEYS:
                text_key = msg("yaml.text-key", key=key)
                raise key_pos.error(_unknown_key(name, text_key, _TEXT_KEYS))
        if "en" not in text_item.entries:
            raise text_item.pos.error(msg("yaml.missing-en", path=f"{key}.text.en"))
        en = _read(str, text_item.entries["en"][1], f"{key}.text.en")
        zh_item = text_item.entries.get("zh")
        zh = "" if zh_item is None else _read(str, zh_item[1], f"{key}.text.zh")
    elif isinstance(text_item, _Scalar) and isinstance(text_item.value, str):
        en, zh = text_item.value, ""
    else:
        raise text_item.pos.error(_expected(f"{key}.text", "clause-text", text_item))
    doc_item = item.entries.get("doc")
    doc: Title | None = None
    if doc_item is not None:
        doc = _read_dataclass(Title, doc_item[1], f"{key}.doc")
    elif "quote" in item.entries or "section" in item.entries:
        raise item.pos.error(_at(key, msg("yaml.quote-needs-doc")))
    return Clause(text_of("ref"), en, zh, doc, text_of("section"), text_of("quote"))


def _read_clauses(item: _Item, key: str) -> Mapping[Rule, Clause]:
    """``rule id → clause`` for every rule id of :class:`Rule`."""
    if not isinstance(item, _Map):
        raise item.pos.error(_expected(key, "clauses", item))
    known = [r.value for r in Rule]
    clauses: dict[Rule, Clause] = {}
    for name, (key_pos, value) in item.entries.items():
        if name not in known:
            section = msg("yaml.section", name=repr(key))
            raise key_pos.error(_unknown_key(name, section, known))
        clauses[Rule(name)] = _read(Clause, value, f"{key}.{name}")
    missing = [r for r in known if Rule(r) not in clauses]
    if missing:
        raise item.pos.error(_at(key, msg("yaml.no-clause", rules=_listed(missing))))
    return clauses


# ---------------------------------------------------------------------------- loading

DEFAULT_RULESET = "qq"  # what a hand that names no rule set is judged under
MAX_RULES_FILE = 256 * 1024  # bytes: a rule set is a page of YAML; the presets are ~8 KiB
RULES_DIR_ENV = "SHENGJI_RULES_DIR"  # folders (os.pathsep between) of a club's rule sets
_NAME = kept_regexp(r"\w[\w-]{0,63}")  # no dot, no slash: a name can never reach a path
_registered: dict[str, Ruleset] = {}  # files named on this command line, by what was typed
_files: dict[str, tuple[tuple[int, int, int], Ruleset]] = {}  # path → (stamp, rule set)


def preset_names() -> list[str]:
    """The names of the shipped presets, sorted."""
    return sorted(_shipped())


@lru_cache(maxsize=1)
def _shipped() -> frozenset[str]:
    """The shipped presets' names, read once: they come with the package, and
    :func:`load_ruleset` looks its name up among them for every hand of a file."""
    return frozenset(p.stem for p in _shipped_files())


@lru_cache(maxsize=1)
def _shipped_files() -> tuple[Path, ...]:
    """The shipped presets' files (``*.yaml`` in this folder), sorted, listed once. The
    folder is listed, not globbed: ``Path.glob`` compiles its pattern into a regular
    expression, 3.1 million instructions at every start. A folder that cannot be listed
    has none, as ``glob`` finds none there."""
    folder = presets_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        return ()
    return tuple(folder / name for name in sorted(names) if name.endswith(".yaml"))


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
    it holds: this is what a record's ``Rules`` header and a ``judge`` line may reach.
    Names are case-insensitive (``QQ`` is ``qq``); an unknown one is an error that
    suggests the nearest known name.

    >>> load_ruleset("Match-A").name
    'match-a'
    """
    ruleset = _registered_as(name)
    if ruleset is not None:
        return ruleset
    folders = rules_dirs()
    if not is_ruleset_name(name):
        shown = name if len(name) <= 40 else name[:40] + "…"
        hint = _did_you_mean(name, folders)
        raise _error(msg("ruleset.not-a-name", name=repr(shown), hint=hint, presets=_presets()))
    preset = name.lower()
    if preset in _shipped():
        return _load_preset(preset)
    for folder in folders:
        path = _in_folder(folder, name)
        if path is None:
            continue
        try:
            info = path.stat()
        except OSError:
            continue
        cached = _files.get(str(path))
        if cached is not None and cached[0] == _stamp(info):
            return cached[1]  # looked up again for every hand that names it
        return load_ruleset_file(path)
    hint = _did_you_mean(name, folders)
    if folders:
        raise _error(
            msg(
                "ruleset.no-preset-in",
                name=repr(name),
                hint=hint,
                file=f"{name}.yaml",
                folders=Seq(tuple(map(str, folders))),
                presets=_presets(),
            )
        )
    raise _error(msg("ruleset.no-preset", name=repr(name), hint=hint, presets=_presets()))


def _presets() -> Seq:
    """The presets' names, listed."""
    return Seq(tuple(preset_names()))


def _registered_as(name: str) -> Ruleset | None:
    """The rule set registered under ``name``: the text typed, or (a name) in any case."""
    ruleset = _registered.get(name)
    if ruleset is None and is_ruleset_name(name):
        wanted = name.lower()
        for typed, registered in _registered.items():
            if typed.lower() == wanted and is_ruleset_name(typed):
                return registered
    return ruleset


def _in_folder(folder: Path, name: str) -> Path | None:
    """The file of rule set ``name`` in a rules folder: ``name.yaml``, else the one whose
    name differs from it only in case (a name is case-insensitive, a file name is not)."""
    exact = folder / f"{name}.yaml"
    if exact.is_file():
        return exact
    wanted = name.lower()
    return next((p for p in _folder_files(folder) if p.stem.lower() == wanted), None)


def _folder_files(folder: Path) -> list[Path]:
    """The ``*.yaml`` files of a rules folder whose names can name a rule set, sorted."""
    try:
        return sorted(p for p in folder.glob("*.yaml") if is_ruleset_name(p.stem))
    except OSError:
        return []


def _did_you_mean(name: str, folders: Iterable[Path] = ()) -> Message | str:
    """`` (did you mean 'qq'?)`` for a name close to a known rule set's, else nothing."""
    typed = name.lower().removesuffix(".yaml").removesuffix(".yml")
    known = {n.lower(): n for n in preset_names()}
    for folder in folders:
        known.update((p.stem.lower(), p.stem) for p in _folder_files(folder))
    import difflib  # an error's hint: every start would pay for its import

    close = difflib.get_close_matches(typed, list(known), n=1)
    return msg("value.did-you-mean", name=repr(known[close[0]])) if close else ""


def load_ruleset_file(path: str | Path) -> Ruleset:
    """The rule set in a YAML file the person running the command named (at most
    :data:`MAX_RULES_FILE` bytes; a device, FIFO or folder is refused unread)."""
    key = str(path)
    text, stamp = _read_limited(Path(path))
    cached = _files.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    ruleset = ruleset_from_text(text, shown_path(key))  # its errors name it printably
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
    """The file of preset ``name`` (in any case: ``QQ`` is ``qq``)."""
    path = presets_dir() / f"{name.lower()}.yaml"
    if not is_ruleset_name(name) or not path.is_file():
        hint = _did_you_mean(name)
        raise _error(msg("ruleset.no-preset", name=repr(name), hint=hint, presets=_presets()))
    return path


_TOO_LARGE = msg("ruleset.too-large", kib=MAX_RULES_FILE // 1024)
_FOLDER = msg("ruleset.folder")


# The rule sets' own words for why a file is not read, where they have them.
_OWN_WORDS: dict[str, Message] = {
    "reason.no-such-file": msg("reason.no-such-file"),
    "reason.folder": _FOLDER,
    "reason.not-regular": msg("ruleset.not-regular"),
    "reason.too-large": _TOO_LARGE,
}


def _read_limited(path: Path) -> tuple[str, tuple[int, int, int]]:
    """The text of a regular file of at most :data:`MAX_RULES_FILE` bytes, and its
    (inode, size, time) to know it again; checked before anything is read
    (:func:`notation.files.read_bytes`: a FIFO is not waited on, a device not read)."""
    try:
        data, info = read_bytes(str(path), MAX_RULES_FILE)
    except FileError as e:
        why = _OWN_WORDS.get(e.reason.key) or msg("ruleset.cannot-read", reason=e.reason)
        raise _error(why, e.path) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _error(msg("reason.not-utf8", byte=e.start), shown_path(path)) from None
    return text, _stamp(info)


def _stamp(info: os.stat_result) -> tuple[int, int, int]:
    """What tells a file changed: its inode, size and time."""
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _tree(text: str, filename: str, seen: tuple[str, ...]) -> _Item:
    """The located tree of a rule-set text, with its ``base:`` preset merged under it."""
    tree = _compose(text, filename)
    if not isinstance(tree, _Map):
        raise tree.pos.error(_wanted(msg("yaml.want.ruleset"), tree))
    if "base" not in tree.entries:
        return tree
    key_pos, base_item = tree.entries.pop("base")
    if not (isinstance(base_item, _Scalar) and isinstance(base_item.value, str)):
        raise base_item.pos.error(_expected("base", "preset", base_item))
    typed = base_item.value
    name = typed.lower()  # a preset's name, in any case
    if name in seen:
        raise base_item.pos.error(_at("base", msg("yaml.own-base", name=repr(typed))))
    try:
        path = _preset_path(typed)
    except RulesetError as e:
        raise key_pos.error(_at("base", e.text or e.message)) from None
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
    kept = _kept_file(name)
    if kept is not None:
        try:
            tree = _kept_tree(kept, str(path))
            if tree is not None:
                ruleset: Ruleset = _read_dataclass(Ruleset, tree, "")
                return ruleset
        except (ValueError, TypeError, RecursionError):
            pass  # a kept tree that does not read: the YAML is read, and says why if at all
    tree = _tree(path.read_text(encoding="utf-8"), str(path), ())
    ruleset = _read_dataclass(Ruleset, tree, "")
    if kept is not None:
        _keep(kept, tree)
    return ruleset


# ---------------------------------------------------------------------------- kept presets
# A preset is read at every start, and its YAML cost 13 ms of it (PyYAML's import alone
# 10 ms, more than all the rest of reading it). So the tree a shipped preset's YAML gives
# (its base merged under it) is kept in this user's cache folder as JSON: plain values,
# read back with no code run (never a pickle), then read into a rule set as the YAML's
# tree is. Its file is named by the digest of every shipped preset's text (a ``base:`` is
# always a preset) and of this module's (which makes the tree): an edited preset, or
# another reader, is read from its YAML again.


class _NotPlain(Exception):
    """A value that JSON would not give back as it is."""


def _kept_file(name: str) -> Path | None:
    """Where the tree of preset ``name`` is kept; None where there is no cache folder."""
    try:
        made_from = b"".join(
            path.name.encode() + b"\0" + path.read_bytes() + b"\0"
            for path in [Path(__file__), *_shipped_files()]
        )
    except OSError:
        return None
    return kept_file("preset", name, made_from)


def _kept_tree(kept: Path, filename: str) -> _Item | None:
    """The tree kept in ``kept``; None if there is none to read."""
    try:
        plain = json.loads(kept.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return _from_plain(plain, _Pos(filename, "", 1, 1))


def _from_plain(value: object, pos: _Pos) -> _Item:
    if isinstance(value, dict):
        return _Map({str(k): (pos, _from_plain(v, pos)) for k, v in value.items()}, pos)
    if isinstance(value, list):
        return _Seq([_from_plain(v, pos) for v in value], pos)
    return _Scalar(value, pos)


def _plain_tree(item: _Item) -> object:
    if isinstance(item, _Map):
        return {key: _plain_tree(value) for key, (_where, value) in item.entries.items()}
    if isinstance(item, _Seq):
        return [_plain_tree(value) for value in item.items]
    if item.value is None or type(item.value) in (str, int, bool):
        return item.value
    raise _NotPlain(type(item.value).__name__)  # a date, say: JSON would give back text


def _keep(kept: Path, tree: _Item) -> None:
    """Keep ``tree`` in ``kept`` (written whole, then renamed: no reader sees half of it),
    and remove the kept files of older versions (:func:`~notation.resources.prune_cache`)."""
    try:
        text = json.dumps(_plain_tree(tree), ensure_ascii=False, allow_nan=False)
    except _NotPlain:
        return
    part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, kept)
    except OSError:
        part.unlink(missing_ok=True)
        return
    prune_cache(kept)


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
