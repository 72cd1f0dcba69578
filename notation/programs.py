"""What Python compiles at every start, compiled once and kept: regular expressions
(:func:`kept_regexp`, which is ``re.compile``) and generated source (:func:`kept_code`,
which is ``compile``).

Python compiles a regular expression in Python code (``re``'s parser and code
generator) at every start: the reader's long patterns and the lexer's terminals cost
some 60 million instructions, a tenth of the validator's start-up. What that makes is a
list of numbers, the program ``re``'s engine runs, from which the engine makes the
pattern object at once. Likewise the value types' constructors (notation/frozen.py) are
compiled from generated source, about 20 million instructions, and a code object is
what ``marshal`` writes (as Python keeps a module's in its ``.pyc``).

So what is compiled here is kept in this user's private cache folder
(notation/resources.py), in one file named by Python's version and its regular
expression engine's, and a later run takes it from there without compiling: the programs
of the patterns and the code of the sources, each by the text it was made from. A pattern
made from a kept program is the same object ``re.compile`` makes (a pattern's equality
compares its program: checked when it is first kept). Without a cache folder, or at any
doubt (a file that does not read, a program the engine refuses), it is compiled as
before. What is new is written when the process ends.
"""

from __future__ import annotations

import atexit
import importlib
import marshal
import re
import sys
from pathlib import Path
from types import CodeType
from typing import Any

from notation.resources import kept_file, prune_cache, write_kept

__all__ = ["kept_code", "kept_regexp", "save_kept"]

# The engine (``_sre``) and the compiler behind ``re.compile`` (``re._compiler``,
# ``re._parser``): CPython's own modules, without type stubs.
_sre: Any = importlib.import_module("_sre")
_compiler: Any = importlib.import_module("re._compiler")
_parser: Any = importlib.import_module("re._parser")

# A pattern's program: (flags, code, groups, groupindex, indexgroup), what the engine
# takes after the pattern's text; kept by ("re", text, flags asked for). A source's code
# object, kept by ("code", source, filename).
_Program = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]

_kept: dict[tuple[str, str, Any], Any] | None = None
_path: Path | None = None  # the file, once _kept is read
_new = False


def _table() -> dict[tuple[str, str, Any], Any]:
    global _kept, _path
    if _kept is None:
        _kept = {}
        made_from = f"{sys.version}\0{sys.implementation.cache_tag}\0{_sre.MAGIC}"
        path = _path = kept_file("programs", "python", made_from.encode())
        if path is not None:
            try:
                with open(path, "rb") as file:
                    loaded = marshal.loads(file.read())  # (marshal.load reads by the item)
                if isinstance(loaded, dict):
                    _kept = loaded
            except (OSError, EOFError, ValueError, TypeError):
                pass
    return _kept


def _keep(key: tuple[str, str, Any], value: Any) -> None:
    global _new
    if _path is None:
        return
    _table()[key] = value
    if not _new:
        _new = True
        atexit.register(save_kept)


def _program(pattern: str, flags: int) -> _Program:
    """What ``re.compile`` hands the engine for ``pattern`` (``re._compiler.compile``)."""
    parsed = _parser.parse(pattern, flags)
    code = [int(word) for word in _compiler._code(parsed, flags)]  # (its opcodes: named)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    groups = parsed.state.groups - 1
    return (flags | parsed.state.flags, code, groups, groupindex, tuple(indexgroup))


def kept_regexp(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, made from the program an earlier run kept when
    there is one (module docstring)."""
    flags = int(flags)
    key = ("re", pattern, flags)
    table = _table()
    program = table.get(key)
    if program is not None:
        try:
            made: re.Pattern[str] = _sre.compile(pattern, *program)
            return made
        except Exception:  # a program the engine refuses (its validator): compile anew
            del table[key]
    compiled = re.compile(pattern, flags)
    if _path is not None:
        try:
            program = _program(pattern, flags)
            if _sre.compile(pattern, *program) == compiled:
                _keep(key, program)
        except Exception:  # another Python's compiler: nothing kept
            pass
    return compiled


def kept_code(source: str, filename: str) -> CodeType:
    """``compile(source, filename, "exec", dont_inherit=True)`` (no ``__future__`` of
    this module's), or the code an earlier run kept of it."""
    key = ("code", source, filename)
    code = _table().get(key)
    if isinstance(code, CodeType):
        return code
    code = compile(source, filename, "exec", dont_inherit=True)
    _keep(key, code)
    return code


def save_kept() -> None:
    """Write what is kept if this process compiled anything new (at exit). Nothing that
    fails here matters: the file is a cache."""
    global _new
    path = _path
    if not _new or path is None or _kept is None:
        return
    _new = False
    if not path.exists():
        prune_cache(path)
    try:
        data = marshal.dumps(_kept)
    except ValueError:  # marshal met what it cannot write
        return
    write_kept(path, data)
