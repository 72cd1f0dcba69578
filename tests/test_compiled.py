"""The compiled build (README, "A compiled build"): it compiles what pyproject.toml names,
and a plain install compiles nothing.

``SHENGJI_COMPILED=1`` says the checkout was installed with ``SHENGJI_COMPILE=1``; CI's
compiled step runs these tests so, and the pure run without it.
"""

from __future__ import annotations

import os

from tests.compiled import ROOT, by_build_classes, compile_list, is_compiled, module_name


def test_every_module_the_compiled_build_names_exists() -> None:
    # A module moved or renamed must be moved in the list too, or the compiled build fails.
    missing = [path for path in compile_list() if not (ROOT / path).is_file()]
    assert not missing, f"pyproject.toml's compile list names missing modules: {missing}"


def test_the_modules_are_compiled_exactly_when_the_build_says_so() -> None:
    expected = os.environ.get("SHENGJI_COMPILED", "") == "1"
    modules = [module_name(path) for path in compile_list()]
    wrong = [m for m in modules if is_compiled(m) != expected]
    how = "compiled (SHENGJI_COMPILED=1)" if expected else "pure Python"
    assert not wrong, (
        f"expected {how}, but these are not: {wrong} (reinstall: `pip install -e .` for pure "
        "Python, `SHENGJI_COMPILE=1 pip install -e .` compiled)"
    )


def test_cards_stay_python_so_that_an_interned_card_stays_hashable() -> None:
    # Card is interned (one object a card) and compares by identity (eq=False); compiled,
    # such a dataclass loses its hash, and every set and dict of cards would break.
    assert "notation/rules/cards.py" not in compile_list()
    assert not is_compiled("notation.rules.cards")
    from notation.rules.cards import Card, Rank, Suit

    assert hash(Card(Suit.SPADES, Rank.ACE)) == hash(Card(Suit.SPADES, Rank.ACE))


def _made_per_play() -> list[tuple[type, tuple[object, ...]]]:
    from notation.rules.cards import Card
    from notation.rules.game import LastTrick, Play
    from notation.rules.order import TRUMP
    from notation.rules.throw import ThrowVerdict
    from notation.rules.units import Unit

    ace = Card.parse("SA")
    unit = Unit((ace,), TRUMP, 1, 1, 14)
    return [
        (Play, (2, (ace,), None, 0)),
        (LastTrick, (3, (1, 1), True)),
        (Unit, ((ace, ace), TRUMP, 2, 1, 14)),
        (ThrowVerdict, ((unit,), ((unit, 4),), (ace,))),
    ]


def test_the_values_made_at_every_play_have_compiled_constructors() -> None:
    # A dataclass's generated __init__ runs interpreted even in the compiled build (mypyc
    # compiles only the methods written in the source): the classes made at every play
    # write theirs out. Compiled, it is no Python function; either way it makes what the
    # dataclass would: every field set, by position or keyword, equal, hashable, frozen.
    import dataclasses
    import inspect
    import pickle

    import pytest

    compiled = os.environ.get("SHENGJI_COMPILED", "") == "1"
    for cls, values in _made_per_play():
        assert inspect.isfunction(cls.__init__) is not compiled, cls  # type: ignore[misc]
        names = [f.name for f in dataclasses.fields(cls) if f.init]  # (Play.points: derived)
        by_position = cls(*values)
        by_keyword = cls(**dict(zip(names, values, strict=True)))
        assert by_position == by_keyword and hash(by_position) == hash(by_keyword)
        assert [getattr(by_position, n) for n in names] == list(values)
        assert dataclasses.replace(by_position) == by_position
        # As dataclass writes them: the repr of the shown fields, the hash of the compared.
        fields = dataclasses.fields(cls)
        shown = ", ".join(f"{f.name}={getattr(by_position, f.name)!r}" for f in fields if f.repr)
        assert repr(by_position) == f"{cls.__qualname__}({shown})"
        hashed = tuple(getattr(by_position, f.name) for f in fields if f.compare)
        assert hash(by_position) == hash(hashed)
        if not compiled:  # (compiled, these never pickled: mypyc's __new__ runs __init__)
            assert pickle.loads(pickle.dumps(by_position)) == by_position
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(by_position, names[0], values[0])


def test_the_compiled_modules_value_types_are_native_exactly_when_compiled() -> None:
    # The compiled modules' classes are decorated with @dataclass_by_build, which mypyc
    # reads as dataclass: compiled, mypyc makes them native classes (it gives each its
    # __mypyc_attrs__); in either build the decorator gives them the methods @frozen or
    # @mutable give (README, "A compiled build"). Either way the options written hold.
    import dataclasses

    import pytest

    compiled = os.environ.get("SHENGJI_COMPILED", "") == "1"
    classes = by_build_classes()
    assert len(classes) >= 14
    for cls, options in classes:
        assert ("__mypyc_attrs__" in cls.__dict__) is compiled, cls
        assert "_frozen_layout" in cls.__dict__, cls
        assert dataclasses.is_dataclass(cls), cls
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert (params.frozen, params.init) == (
            options.get("frozen", False),
            options.get("init", True),
        ), cls
        assert options.get("slots") is True, cls
        assert "__dict__" not in cls.__dict__, cls  # slots, or a native class's fields
        assert ("__setattr__" in cls.__dict__) is params.frozen, cls  # frozen's refusal
        if params.frozen and not compiled:  # (a native class is made by its __new__ only)
            bare = object.__new__(cls)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(bare, dataclasses.fields(cls)[0].name, None)
