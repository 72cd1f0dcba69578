"""Value types made cheaply at import: ``@frozen`` is ``@dataclass(frozen=True, slots=True)``.

A class decorated ``@frozen`` behaves as the standard frozen dataclass with slots that
``dataclasses`` would make of it: the same ``__init__`` (signature, defaults, default
factories, ``__post_init__``), ``__eq__``, ``__hash__``, ``__repr__``, frozen
``__setattr__`` and ``__delattr__``, pickling, ``__match_args__``, and
``dataclasses.fields``, ``replace``, ``asdict`` (tests/test_frozen.py checks each against
the standard dataclass of the same fields). What differs is what it costs to make the
class: ``dataclasses`` writes the source of six methods for each class and compiles it at
every start (3.8 million instructions for a class of five fields, a third of the
validator's start-up for its seventy classes). Here ``dataclasses`` still reads the
fields and makes the slots, but writes no method: ``__eq__``, ``__hash__``, ``__repr__``
and the frozen ``__setattr__`` / ``__delattr__`` are functions shared by every class,
reading each class's fields through an ``operator.attrgetter``; ``__init__`` is compiled
once per shape (how many parameters, which defaults are made by a factory, whether
``__post_init__`` runs) and each class gets a copy of that code with its own field names.

``@mutable`` is the same for ``@dataclass(slots=True)``: fields that can be set, the
same ``__init__``, ``__eq__`` and ``__repr__``, no hash.

The modules mypyc compiles (pyproject.toml's ``compile`` list) write
``@dataclass_by_build(...)``, with ``dataclass``'s options: mypy and mypyc read it as
``dataclasses.dataclass`` itself (it is imported as that name for type checking), so the
compiled build makes those classes native, as it makes a ``dataclass``; at run time it
is a function of this module that makes the class as ``@frozen`` or ``@mutable`` do, in
either build (a native class keeps its compiled fields and the methods its source writes).
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
import reprlib
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform, overload

from notation.programs import kept_code

__all__ = ["dataclass_by_build", "frozen", "mutable", "mypyc_attr"]

_C = TypeVar("_C", bound=type)


class _Factory:
    """The default of a parameter whose value a factory makes when it is not given."""

    def __repr__(self) -> str:
        return "<factory>"  # as dataclasses shows it in a signature


_FACTORY = _Factory()

# How __init__ gives each field its value, by field: a parameter ("arg"), a parameter or
# its factory's value ("arg_factory"), the default of a field not in __init__
# ("default"), its factory's value ("factory"), or nothing ("skip": __post_init__ sets it).
_VALUES = {
    "arg": "_{i}",
    "arg_factory": "_f{i}() if _{i} is _factory else _{i}",
    "default": "_d{i}",
    "factory": "_f{i}()",
}

# A field's name in a template's code, replaced by the class's own in its copy.
_PLACEHOLDER = "\x00field{}"

_TEMPLATES: dict[tuple[tuple[str, ...], bool], CodeType] = {}


def _template(kinds: tuple[str, ...], post_init: bool) -> CodeType:
    """The code of an ``__init__`` of this shape, compiled the first time it is asked for."""
    key = (kinds, post_init)
    code = _TEMPLATES.get(key)
    if code is None:
        params = [f"_{i}" for i, kind in enumerate(kinds) if kind.startswith("arg")]
        lines = [
            f"    _set(self, {_PLACEHOLDER.format(i)!r}, {_VALUES[kind].format(i=i)})"
            for i, kind in enumerate(kinds)
            if kind != "skip"
        ]
        if post_init:
            lines.append("    self.__post_init__()")
        source = f"def __init__({', '.join(['self', *params])}):\n" + (
            "\n".join(lines) or "    pass"
        )
        namespace: dict[str, Any] = {}
        exec(kept_code(source, "<string>"), {}, namespace)  # (compiled once: programs.py)
        code = namespace["__init__"].__code__
        _TEMPLATES[key] = code
    return code


def _kind(field: dataclasses.Field[Any]) -> str:
    """How ``__init__`` gives ``field`` its value (see ``_VALUES``)."""
    has_factory = field.default_factory is not dataclasses.MISSING
    if field.init:
        return "arg_factory" if has_factory else "arg"
    if has_factory:
        return "factory"
    return "skip" if field.default is dataclasses.MISSING else "default"


def _make_init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> FunctionType:
    """``cls.__init__`` as ``dataclass`` would write it, from a template's code."""
    kinds = tuple(_kind(f) for f in fields)
    params = [f for f in fields if f.init]
    seen_default = False
    for f in params:
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    template = _template(kinds, hasattr(cls, "__post_init__"))
    names = {_PLACEHOLDER.format(i): f.name for i, f in enumerate(fields)}
    self_name = "__dataclass_self__" if "self" in names.values() else "self"
    code = template.replace(
        co_name="__init__",
        co_qualname=f"{cls.__qualname__}.__init__",
        co_varnames=(self_name, *(f.name for f in params)),
        co_consts=tuple(names.get(c, c) if isinstance(c, str) else c for c in template.co_consts),
    )
    scope: dict[str, Any] = {"_set": object.__setattr__, "_factory": _FACTORY}
    for i, f in enumerate(fields):
        if f.default_factory is not dataclasses.MISSING:
            scope[f"_f{i}"] = f.default_factory
        elif not f.init and f.default is not dataclasses.MISSING:
            scope[f"_d{i}"] = f.default
    defaults = tuple(
        _FACTORY if f.default_factory is not dataclasses.MISSING else f.default
        for f in params
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    )
    init = FunctionType(code, scope, "__init__", defaults or None)
    init.__qualname__ = code.co_qualname
    init.__module__ = cls.__module__
    init.__annotations__ = {f.name: f.type for f in params} | {"return": None}
    return init


class _Layout:
    """What the shared methods read of one class: its fields, compared, hashed, shown."""

    __slots__ = ("compared", "hashed", "names", "order", "owner", "shown", "shown_values", "values")

    def __init__(self, owner: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
        self.owner = owner
        self.order = tuple(f.name for f in fields)
        self.names = frozenset(self.order)
        self.values = _tuple_getter([f.name for f in fields])
        self.compared = _tuple_getter([f.name for f in fields if f.compare])
        self.hashed = _tuple_getter(
            [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        )
        self.shown = tuple(f.name for f in fields if f.repr)
        self.shown_values = _tuple_getter(list(self.shown))


def _tuple_getter(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    """A function of an object giving the tuple of its attributes ``names``, as
    ``dataclasses`` writes ``(self.a, self.b)``: compared and hashed as that tuple."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _layout(obj: object) -> _Layout:
    layout: _Layout = type(obj)._frozen_layout  # type: ignore[attr-defined]
    return layout


def _eq(self: object, other: object) -> object:
    if other.__class__ is self.__class__:
        compared = _layout(self).compared
        return compared(self) == compared(other)
    return NotImplemented


def _hash(self: object) -> int:
    return hash(_layout(self).hashed(self))


@reprlib.recursive_repr()
def _repr(self: object) -> str:
    layout = _layout(self)
    shown = ", ".join(
        f"{name}={value!r}"
        for name, value in zip(layout.shown, layout.shown_values(self), strict=True)
    )
    return f"{self.__class__.__qualname__}({shown})"


def _setattr(self: object, name: str, value: object) -> None:
    layout = _layout(self)
    if type(self) is layout.owner or name in layout.names:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _delattr(self: object, name: str) -> None:
    layout = _layout(self)
    if type(self) is layout.owner or name in layout.names:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def _getstate(self: object) -> list[Any]:
    return list(_layout(self).values(self))


def _setstate(self: object, state: list[Any]) -> None:
    for name, value in zip(_layout(self).order, state, strict=False):
        object.__setattr__(self, name, value)


_SHARED: dict[str, Callable[..., Any]] = {
    "__setattr__": _setattr,
    "__delattr__": _delattr,
    "__getstate__": _getstate,
    "__setstate__": _setstate,
}


def _make(cls: type, init: bool, eq: bool, is_frozen: bool = True, native: bool = False) -> type:
    """``cls`` made a dataclass with the shared methods; ``native``: a class mypyc compiled,
    whose fields the compiled class already holds (no class with slots is made for it)."""
    documented = bool(cls.__dict__.get("__doc__"))
    for name in ("__setattr__", "__delattr__"):
        if is_frozen and name in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    if not is_frozen and "__setattr__" in cls.__dict__:
        # dataclasses' __init__ would assign through it; this one sets the slots itself.
        raise TypeError(f"{cls.__name__}: @mutable takes no class with its own __setattr__")
    if not documented:
        cls.__doc__ = "?"  # dataclasses would show object's signature: the real one below
    # dataclasses reads the fields, makes __match_args__ and the class with slots; it
    # writes no method with these options.
    made: type = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=not native)
    fields = dataclasses.fields(made)
    own = made.__dict__
    if any(f.kw_only for f in fields) or set(own["__match_args__"]) - {f.name for f in fields}:
        raise TypeError(f"{cls.__name__}: @frozen takes no keyword-only field or InitVar")
    made._frozen_layout = _Layout(made, fields)  # type: ignore[attr-defined]
    if init and "__init__" not in own:
        made.__init__ = _make_init(made, fields)  # type: ignore[misc]
    if "__repr__" not in own:
        made.__repr__ = _repr  # type: ignore[assignment]
    if eq:
        if "__eq__" not in own:
            made.__eq__ = _eq  # type: ignore[assignment]
        # As dataclasses decides: a __hash__ written in the class is kept; None set by
        # Python for an __eq__ written there is not.
        explicit_hash = own.get("__hash__", dataclasses.MISSING)
        if explicit_hash is dataclasses.MISSING or (explicit_hash is None and "__eq__" in own):
            made.__hash__ = _hash if is_frozen else None  # type: ignore[assignment]
    if is_frozen:
        for name, method in _SHARED.items():
            if name not in own:
                setattr(made, name, method)
    params = made.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = init, True, eq, is_frozen
    if not documented:
        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made


@overload
def frozen(cls: _C, /) -> _C: ...
@overload
def frozen(*, init: bool = True, eq: bool = True) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: Any = None, /, *, init: bool = True, eq: bool = True) -> Any:
    """The class as ``@dataclass(frozen=True, slots=True, init=init, eq=eq)`` makes it,
    without compiling its methods' source (module docstring)."""
    if cls is None:
        return lambda cls: _make(cls, init, eq)
    return _make(cls, init, eq)


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def mutable(cls: _C) -> _C:
    """The class as ``@dataclass(slots=True)`` makes it, without compiling its methods'
    source: fields that can be set, equality, no hash (module docstring)."""
    made: Any = _make(cls, True, True, is_frozen=False)
    return made  # type: ignore[no-any-return]


def _by_build(
    *, frozen: bool = False, slots: bool = False, init: bool = True
) -> Callable[[_C], _C]:
    """``dataclass(frozen=frozen, slots=slots, init=init)`` as the build needs it: the
    class as ``@frozen`` or ``@mutable`` make it. A class mypyc compiled (a native class:
    mypyc gives it ``__mypyc_attrs__``, then calls the decorator on it as its module
    starts) keeps its compiled fields and the methods its source writes, and is given the
    shared ones as a class of the pure build is: ``dataclass`` itself would write and
    compile the source of six methods for each, at every start."""
    if not slots:
        raise TypeError("dataclass_by_build makes classes with slots only (slots=True)")

    def decorate(cls: _C) -> _C:
        native = "__mypyc_attrs__" in cls.__dict__
        made: Any = _make(cls, init, True, is_frozen=frozen, native=native)
        return made  # type: ignore[no-any-return]

    return decorate


def _no_options(*_attrs: str, **_options: object) -> Callable[[_C], _C]:
    return lambda cls: cls


if TYPE_CHECKING:
    # mypy, and mypyc with it, read the decorator as the standard one: mypyc compiles a
    # class so decorated as a native dataclass.
    from dataclasses import dataclass as dataclass_by_build

    # How mypyc is to compile a class (rules/game.py's PlayState), read by mypyc only;
    # run, it does nothing, and importing mypy_extensions cost 2.2 million instructions.
    # (Here, not in the compiled module: mypyc compiles an ``else`` branch of
    # ``TYPE_CHECKING`` as code that raises when it runs.)
    from mypy_extensions import mypyc_attr
else:
    dataclass_by_build = _by_build
    mypyc_attr = _no_options
