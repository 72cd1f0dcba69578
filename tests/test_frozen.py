"""``@frozen`` makes what ``@dataclass(frozen=True, slots=True)`` makes, ``@mutable`` what
``@dataclass(slots=True)`` makes: every class the package decorates, and classes written
here for the options no class of the package uses, checked against the standard dataclass
of the same fields (its twin) - constructor, equality, hash, repr, frozen errors, fields,
replace, asdict, pickling's state."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import os
import pickle
import pkgutil
import tomllib
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import notation
from notation.frozen import frozen, mutable
from tests.compiled import by_build_classes

ROOT = Path(__file__).resolve().parent.parent
_COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"][
    "build"
]["targets"]["wheel"]["hooks"]["custom"]["compile"]
COMPILED_MODULES = {p.removesuffix(".py").replace("/", ".") for p in _COMPILED}

# What the decorators make; the rest of a class's dictionary is the class's own.
_MADE = {
    "__init__",
    "__repr__",
    "__eq__",
    "__hash__",
    "__setattr__",
    "__delattr__",
    "__getstate__",
    "__setstate__",
    "__slots__",
    "__match_args__",
    "__dataclass_fields__",
    "__dataclass_params__",
    "__dict__",
    "__weakref__",
    "__doc__",
    "__module__",
    "__qualname__",
    "__annotations__",
    "_frozen_layout",
}


def _is_frozen_made(cls: object) -> bool:
    # (A native class of the compiled build is given the same methods, but is made by its
    # own __new__ and holds its fields in its own attributes: tests/test_compiled.py.)
    return (
        isinstance(cls, type)
        and "_frozen_layout" in cls.__dict__
        and "__mypyc_attrs__" not in cls.__dict__
    )


def _package_classes() -> list[type]:
    """Every class of notation made by ``@frozen`` (the viewer's are the same decorator;
    importing its pages needs Streamlit's runtime)."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(notation.__path__, "notation."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if _is_frozen_made(value) and value.__module__ == info.name:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


T = TypeVar("T")


# Options and shapes no class of the package has, each beside the ones it has.
@frozen
class _Options:
    """Defaults, factories, fields out of __init__, out of comparison, hash or repr."""

    a: int
    b: str = "b"
    c: tuple[int, ...] = field(default=(), compare=False)
    d: list[int] = field(default_factory=list, hash=False)
    e: int = field(init=False, default=7)
    f: dict[str, int] = field(init=False, default_factory=dict, repr=False)
    g: int = field(default=0, hash=True, compare=False)


@frozen
class _Selfish:
    self: int
    other: int = 1


@frozen
class _Empty:
    """No field."""


@frozen
class _OwnEqAndHash:
    """Its own __eq__ (dataclasses then adds a __hash__) and its own __str__."""

    a: int

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __str__(self) -> str:
        return f"<{self.a}>"


@frozen
class _OwnHash:
    a: int

    def __hash__(self) -> int:
        return 7


@frozen
class _Checked:
    a: int
    b: int = 2

    def __post_init__(self) -> None:
        if self.a > self.b:
            raise ValueError("a above b")


@frozen(eq=False)
class _Identity:
    a: int


@frozen
class _Generic(Generic[T]):
    item: T
    count: int = 0


@mutable
class _Mutable:
    a: int
    b: list[int] = field(default_factory=list)
    c: int = field(default=0, compare=False)


SYNTHETIC = [
    _Options,
    _Selfish,
    _Empty,
    _OwnEqAndHash,
    _OwnHash,
    _Checked,
    _Identity,
    _Generic,
    _Mutable,
]
CLASSES = _package_classes() + SYNTHETIC


def _twin(cls: type) -> type:
    """The class as ``dataclass(frozen=True, slots=True, ...)`` makes it from the same
    fields and the same methods of its own."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    namespace: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__annotations__": {},
    }
    if cls.__dict__.get("__doc__") and not cls.__doc__.startswith(f"{cls.__name__}("):
        namespace["__doc__"] = cls.__doc__
    for f in dataclasses.fields(cls):
        namespace["__annotations__"][f.name] = f.type
        namespace[f.name] = field(
            default=f.default,
            default_factory=f.default_factory,  # type: ignore[arg-type]
            init=f.init,
            repr=f.repr,
            hash=f.hash,
            compare=f.compare,
            metadata=f.metadata,
        )
    for name, value in cls.__dict__.items():
        if isinstance(value, type(_Options.a)):  # a slot: the fields above make them
            continue
        own_init = name == "__init__" and value.__code__.co_filename != "<string>"
        if name not in _MADE or own_init:
            namespace[name] = value
        elif (
            name in ("__eq__", "__repr__", "__hash__", "__getstate__", "__setstate__")
            and getattr(value, "__module__", None) == cls.__module__
        ):
            namespace[name] = value  # written in the class
    made = dataclass(frozen=params.frozen, slots=True, init=params.init, eq=params.eq)
    return made(type(cls.__name__, cls.__bases__, namespace))


def _outcome(action: Callable[[], object]) -> tuple[str, object]:
    """What ``action`` gives: its value, or its exception's type and words."""
    try:
        return ("value", action())
    except Exception as e:  # compared, not hidden
        return ("error", (type(e).__name__, str(e)))


def _values(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name, "<unset>") for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


def _bare(cls: type, values: list[object]) -> object:
    """An instance with these field values, made without its constructor's checks."""
    obj = object.__new__(cls)
    for f, value in zip(dataclasses.fields(cls), values, strict=True):
        object.__setattr__(obj, f.name, value)
    return obj


def _ids(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def test_the_package_decorates_its_value_types_the_compiled_modules_by_build() -> None:
    """The modules mypyc compiles write ``@dataclass_by_build``, which it reads as
    ``dataclass`` (it compiles only those natively), never ``@frozen`` or ``@mutable``;
    in the pure build their classes are made as ``@frozen`` makes them, and checked here
    against their twins with the others (tests/test_compiled.py: native when compiled)."""
    assert len(CLASSES) > 60
    for path in _COMPILED:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert "@frozen" not in source, path
        assert "@mutable" not in source, path
    by_build = [cls for cls, _ in by_build_classes()]
    assert len(by_build) >= 14
    compiled = os.environ.get("SHENGJI_COMPILED", "") == "1"
    assert [c for c in CLASSES if c.__module__ in COMPILED_MODULES] == (
        [] if compiled else sorted(by_build, key=_ids)
    )


@pytest.mark.parametrize("cls", CLASSES, ids=_ids)
def test_a_frozen_class_is_described_as_its_dataclass_twin(cls: type) -> None:
    twin = _twin(cls)
    assert dataclasses.is_dataclass(cls)
    assert repr(cls.__dataclass_params__) == repr(twin.__dataclass_params__)  # type: ignore[attr-defined]
    assert [
        (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare)
        for f in dataclasses.fields(cls)
    ] == [
        (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare)
        for f in dataclasses.fields(twin)
    ]
    assert cls.__match_args__ == twin.__match_args__  # type: ignore[attr-defined]
    assert cls.__slots__ == twin.__slots__  # type: ignore[attr-defined]
    assert cls.__doc__ == twin.__doc__
    assert str(inspect.signature(cls)) == str(inspect.signature(twin))
    # As shown: a parameter whose factory makes its default has a marker of its own.
    assert str(inspect.signature(cls.__init__)) == str(inspect.signature(twin.__init__))  # type: ignore[misc]
    if "__init__" in cls.__dict__:
        assert cls.__init__.__qualname__ == twin.__init__.__qualname__  # type: ignore[misc]
        assert cls.__init__.__module__ == twin.__init__.__module__  # type: ignore[misc]
    assert (cls.__hash__ is None) == (twin.__hash__ is None)


# Field values of every kind a class's methods might meet: equal and unequal, hashable.
_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from(["", "a", "b"]),
    st.tuples(st.integers(0, 2)),
)


@pytest.mark.parametrize("cls", CLASSES, ids=_ids)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_a_frozen_class_behaves_as_its_dataclass_twin(cls: type, data: st.DataObject) -> None:
    twin = _twin(cls)
    count = len(dataclasses.fields(cls))
    first = data.draw(st.lists(_VALUE, min_size=count, max_size=count))
    second = data.draw(st.lists(_VALUE, min_size=count, max_size=count) | st.just(first))
    mine, other = _bare(cls, first), _bare(cls, second)
    theirs, their_other = _bare(twin, first), _bare(twin, second)
    same = [
        (lambda m, o: m == o),
        (lambda m, o: m != o),
        (lambda m, o: hash(m) if type(m).__hash__ not in (None, object.__hash__) else None),
        (lambda m, o: repr(m).replace(cls.__qualname__, "?")),
        (lambda m, o: m.__getstate__()),
        (lambda m, o: setattr(m, dataclasses.fields(m)[0].name, 1) if count else None),
        (lambda m, o: delattr(m, dataclasses.fields(m)[0].name) if count else None),
        (lambda m, o: dataclasses.astuple(m)),
        (lambda m, o: dataclasses.asdict(m)),
        (lambda m, o: _values(dataclasses.replace(m))),
        (lambda m, o: _values(type(m)(*[getattr(m, n) for n in type(m).__match_args__]))),
        (
            lambda m, o: _values(
                type(m)(**{f.name: getattr(o, f.name) for f in dataclasses.fields(m) if f.init})
            )
        ),
        (lambda m, o: _values(type(m)())),
    ]
    for check in same:
        got = _outcome(lambda: check(mine, other))  # noqa: B023 - called at once
        want = _outcome(lambda: check(theirs, their_other))  # noqa: B023 - called at once
        if got[0] == "error" and want[0] == "error":
            # The same refusal; a constructor's words name its class as Python knows it.
            assert got[1][0] == want[1][0]  # type: ignore[index]
        else:
            assert got == want


def test_fields_are_frozen_and_state_is_kept_through_pickle() -> None:
    options = _Options(1, d=[2])
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'a'"):
        options.a = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'b'"):
        del options.b  # type: ignore[misc]
    # A name that is no field: refused alike (a standard dataclass with slots, on Python
    # 3.11, fails there with a TypeError of its super() call instead).
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'other'"):
        options.other = 1  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(options))
    assert again == options
    assert _values(again) == _values(options)
    assert options.e == 7
    assert options.f == {}
    assert options.f is not _Options(1).f  # a factory makes a new value each time
    assert _Selfish(self=1, other=2) == _Selfish(1, 2)


def test_a_class_the_decorator_cannot_make_is_refused_as_dataclass_refuses_it() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @frozen
        class _Wrong:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):

        @frozen
        class _Settable:
            a: int

            def __setattr__(self, name: str, value: object) -> None:
                pass

    with pytest.raises(TypeError, match="own __setattr__"):

        @mutable
        class _Watched:
            a: int

            def __setattr__(self, name: str, value: object) -> None:
                pass

    with pytest.raises(TypeError, match="keyword-only"):

        @frozen
        class _KeywordOnly:
            a: int = field(kw_only=True)
