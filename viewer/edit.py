"""Annotations and variations of a hand: find the node a step is about, change its
comments and marks, splice a variation in, and write the file back.

Nodes are frozen dataclasses; a change rebuilds the path from the hand down to the
node with :func:`dataclasses.replace`. A node is found by identity: a replay's states
hold the very nodes of the hand that was replayed.

>>> from notation.psn import parse_hand, write
>>> hand = parse_hand('[Event "x"]\\n\\n1. 1: SA 2: S3 3: S4 4: S5\\n')
>>> target = Target("play", 0, 1)
>>> print(write(set_annotation(hand, target, ("fine",), (1,))), end="")
[Event "x"]
<BLANKLINE>
1. 1: SA 2: S3! {fine} 3: S4 4: S5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any, Final

from notation.errors import SourceError
from notation.frozen import frozen
from notation.messages import MessageError, msg
from notation.psn import (
    BidNode,
    Comment,
    Deal,
    Deck,
    Hand,
    PlayNode,
    PSNError,
    Trick,
    Variation,
    parse_hand,
    split_hands,
    without_comments,
    write_event,
    write_hand,
)
from notation.psn.model import LANG_COMMAND
from notation.replay import State, StepKind
from notation.rules.cards import Card
from notation.variations import splice_variation

__all__ = [
    "NOTE_LANGUAGES",
    "Annotation",
    "NoteForm",
    "Target",
    "add_variation",
    "annotation",
    "annotation_node",
    "describe_target",
    "extend_variation",
    "holds",
    "replace_hand",
    "set_annotation",
    "splice_variation",
    "target_of",
]


@frozen
class Target:
    """Where an annotation lives: ``hand`` (its opening), ``deal``, ``auction`` (index),
    ``trick`` (index: comments before its lead), ``play`` (trick index, play index) or
    ``result``."""

    kind: str
    index: int = 0
    play: int = 0

    @property
    def takes_marks(self) -> bool:
        """Bids, fallbacks, buries and plays take marks (!, ?, $n); the others only
        comments."""
        return self.kind in ("auction", "play")


@frozen
class Annotation:
    """The comments, marks and variations of one node."""

    comments: tuple[Comment, ...] = ()
    nags: tuple[int, ...] = ()
    variations: tuple[Variation, ...] = ()

    @property
    def empty(self) -> bool:
        """True if there is nothing to show."""
        return not (self.comments or self.nags or self.variations)


def target_of(hand: Hand, state: State) -> Target | None:
    """The node a step is about, or ``None`` (the end of a hand with no result line)."""
    kind = state.kind
    if kind is StepKind.START:
        return Target("hand")
    if kind is StepKind.END:
        return Target("result") if hand.result is not None else None
    event = state.event
    if kind in (StepKind.BID, StepKind.FALLBACK, StepKind.KITTY):
        for i, e in enumerate(hand.auction):
            if e is event:
                return Target("auction", i)
        return None
    for ti, trick in enumerate(hand.tricks):
        if kind is StepKind.TRICK and trick is event:
            return Target("trick", ti)
        if kind is StepKind.PLAY:
            for pi, play in enumerate(trick.plays):
                if play is event:
                    return Target("play", ti, pi)
    return None


def _node(hand: Hand, target: Target) -> Any:
    if target.kind == "hand":
        return hand
    if target.kind == "deal":
        return hand.deal
    if target.kind == "auction":
        return hand.auction[target.index]
    if target.kind == "trick":
        return hand.tricks[target.index]
    if target.kind == "play":
        return hand.tricks[target.index].plays[target.play]
    if target.kind == "result":
        return hand.result
    raise ValueError(f"no annotation target {target.kind!r}")


def annotation_node(hand: Hand, target: Target) -> Any:
    """The node ``target`` names in ``hand`` (``None``: a result not written)."""
    return _node(hand, target)


def annotation(hand: Hand, target: Target) -> Annotation:
    """The comments, marks and variations at ``target``."""
    node = _node(hand, target)
    if node is None:
        return Annotation()
    return Annotation(
        tuple(getattr(node, "comments", ())),
        tuple(getattr(node, "nags", ())),
        tuple(getattr(node, "variations", ())),
    )


# The languages a comment is written in, a field each in the editor (the viewer's).
NOTE_LANGUAGES: Final = ("zh", "en")


def _language_of(text: str) -> str:
    """The language of a comment that names none: Chinese if it has a Chinese character.

    >>> _language_of("先出对子。"), _language_of("Lead the pair.")
    ('zh', 'en')
    """
    return "zh" if any("\u3400" <= ch <= "\u9fff" for ch in text) else "en"


def _editable(comment: Comment) -> dict[str, str] | None:
    """A comment's words by language, as the editor shows them, or ``None`` if it is
    kept as it is (an engine's analysis, a clock, words in another language, or words
    every language shares beside each language's own)."""
    commands = comment.commands
    if not commands:
        return {_language_of(comment.text): comment.text}
    if any(c.name != LANG_COMMAND for c in commands):
        return None
    shared, own = comment.in_languages()
    if shared or len(own) != len(commands) or not set(own) <= set(NOTE_LANGUAGES):
        return None
    return own


def _comment_text(words: Mapping[str, str]) -> str:
    """A comment of the given words: one language as plain text (when a reader would
    take it for that language), several as ``[%lang zh] … [%lang en] …``."""
    given = [(lang, text) for lang, text in words.items() if text]
    if len(given) == 1 and _language_of(given[0][1]) == given[0][0]:
        return given[0][1]
    return " ".join(f"[%{LANG_COMMAND} {lang}] {text}" for lang, text in given)


@frozen
class NoteForm:
    """An annotation as the editor shows it: the comments' words a field a language
    (``words``: no ``[%lang]`` markup; comments apart by a blank line, the n-th of
    each language being one comment), the first glyph (0 for none), the other marks by
    number. An engine's analysis and other comments with commands are kept as written."""

    words: Mapping[str, str]
    glyph: int
    extra: str

    @classmethod
    def of(cls, note: Annotation) -> NoteForm:
        """The form filled from an annotation.

        >>> two = Comment("[%lang zh] 好牌 [%lang en] Well played")
        >>> NoteForm.of(Annotation((two, Comment("b")), (14, 2)))
        NoteForm(words={'zh': '好牌', 'en': 'Well played\\n\\nb'}, glyph=2, extra='14')
        """
        paragraphs: dict[str, list[str]] = {lang: [] for lang in NOTE_LANGUAGES}
        for comment in note.comments:
            for lang, text in (_editable(comment) or {}).items():
                paragraphs[lang].append(text)
        glyph = next((n for n in note.nags if 1 <= n <= 6), 0)
        extra = " ".join(str(n) for n in note.nags if n != glyph)
        return cls({lang: "\n\n".join(p) for lang, p in paragraphs.items()}, glyph, extra)

    def read(self, before: Annotation) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The comments and marks the form says; comments left as they were keep their
        exact text (even one with a blank line inside), and those the form does not show
        are kept after the form's. Raises ``ValueError`` for marks that are not numbers.

        >>> NoteForm({"en": "new\\n\\nsecond"}, 1, "$14 146").read(Annotation())
        (('new', 'second'), (1, 14, 146))
        >>> NoteForm({"en": "typed\\r\\n\\r\\non Windows\\rtoo"}, 0, "").read(Annotation())
        (('typed', 'on Windows\\ntoo'), ())
        >>> NoteForm({"zh": "好牌", "en": "Well played"}, 0, "").read(Annotation())
        (('[%lang zh] 好牌 [%lang en] Well played',), ())
        """
        extras = tuple(int(x.removeprefix("$")) for x in self.extra.split())
        if any(n < 0 for n in extras):
            raise ValueError("a $n mark is a number 0 or more")
        nags = ((self.glyph,) if self.glyph else ()) + tuple(n for n in extras if n != self.glyph)
        if dict(self.words) == dict(NoteForm.of(before).words):
            return tuple(c.text for c in before.comments), nags
        paragraphs: dict[str, list[str]] = {}
        for lang, typed in self.words.items():
            # a line break typed as \r\n or \r is a line break (a comment keeps \n)
            text = typed.replace("\r\n", "\n").replace("\r", "\n")
            paragraphs[lang] = [p.strip() for p in text.split("\n\n") if p.strip()]
        count = max((len(p) for p in paragraphs.values()), default=0)
        written = tuple(
            _comment_text({lang: p[i] if i < len(p) else "" for lang, p in paragraphs.items()})
            for i in range(count)
        )
        kept = tuple(c.text for c in before.comments if _editable(c) is None)
        return written + kept, nags


def set_annotation(
    hand: Hand,
    target: Target,
    comments: tuple[str, ...],
    nags: tuple[int, ...] = (),
    *,
    into: Hand | None = None,
) -> Hand:
    """``hand`` with the comments (and, where allowed, the marks) at ``target`` replaced.

    ``into`` is the file's hand when ``hand`` is a variation line entered from it (see
    :func:`splice_variation`): the node is then changed where it stands in ``into``,
    inside its variation, and ``into`` so changed is returned.

    Raises ``ValueError`` for a comment with ``}`` or a negative mark, or a node that
    ``into`` does not hold (a trick a variation begins inside: annotate its plays).
    """
    new_comments = tuple(Comment(text) for text in comments)
    changes: dict[str, Any] = {"comments": new_comments}
    if target.takes_marks:
        changes["nags"] = tuple(nags)
    node = _node(hand, target)
    if node is None:
        raise ValueError("nothing to annotate here")
    return _changed(hand, target, node, replace(node, **changes), into)


def add_variation(
    hand: Hand, target: Target, text: str, *, into: Hand | None = None, lang: str = "en"
) -> Hand:
    """``hand`` with a new variation, written as PSN (``2: SK SK 3: S4 4: S5 2. 2: HA``),
    added to the bid or play at ``target``: the alternative to it and what follows.

    ``into`` is as for :func:`set_annotation`. Raises
    :class:`~notation.errors.SourceError` where the text is not a variation (placed in
    ``text``, with a caret, "your text" said in ``lang``), a
    :class:`~notation.messages.MessageError` (a ``ValueError``) where it is no single
    variation or ``target`` takes none.
    """
    if not target.takes_marks:
        raise MessageError(msg("variation.no-variations"))
    node = _node(hand, target)
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if not text:
        raise MessageError(msg("edit.no-line"))
    moves = without_comments(text)  # brackets inside comments are words
    if "(" in moves or ")" in moves:
        raise MessageError(msg("edit.nested-line"))
    # The variation is read in place: the event (with the plays of its trick before it)
    # written alone, the variation after it, and the whole read as a hand.
    bare = replace(node, variations=(), comments=(), nags=())
    if isinstance(node, PlayNode):
        trick = hand.tricks[target.index]
        plays = tuple(replace(p, variations=(), comments=(), nags=()) for p in trick.plays)
        written = write_event(Trick(trick.number, (*plays[: target.play], bare)))
    else:
        written = write_event(bare)
    full = f"{written} ({text})\n"
    try:
        read = parse_hand(full)
    except PSNError as e:
        raise _in_text(
            e, full, len(written) + 2, text, msg("edit.your-text").render(lang)
        ) from None
    events = read.tricks[0].plays if isinstance(node, PlayNode) else read.auction
    variation = events[-1].variations[0]
    return _changed(
        hand, target, node, replace(node, variations=(*node.variations, variation)), into
    )


def extend_variation(into: Hand, variation: Variation, trick: int, play: PlayNode) -> Hand:
    """The file's hand ``into`` with ``play`` written at the end of ``variation`` (found
    by identity, at any depth): in its last trick if that is trick number ``trick``,
    else as the lead of a new trick ``trick`` (the last one is won, or the variation
    ends with a bid or the bury). Raises a :class:`~notation.messages.MessageError` (a
    ``ValueError``) if ``into`` does not hold ``variation``."""
    last = variation.events[-1]
    if isinstance(last, Trick) and last.number == trick:
        events = (*variation.events[:-1], replace(last, plays=(*last.plays, play)))
    else:
        events = (*variation.events, Trick(trick, (play,)))
    changed = _swap(into, variation, replace(variation, events=events))
    if not isinstance(changed, Hand):
        raise MessageError(msg("edit.not-in-file"))
    return changed


def _changed(hand: Hand, target: Target, node: Any, new_node: Any, into: Hand | None) -> Hand:
    """The hand with ``node`` (at ``target`` of ``hand``) become ``new_node``: ``hand``
    itself, or the file's hand ``into`` that a variation line was entered from."""
    if into is None:
        return _put(hand, target, new_node)
    changed = _swap(into, node, new_node)
    if not isinstance(changed, Hand):
        raise MessageError(msg("edit.not-in-file"))
    return changed


def _in_text(error: PSNError, full: str, start: int, text: str, name: str) -> SourceError:
    """``error``, read in ``full``, placed in ``text`` (which starts at ``start``, and is
    called ``name``)."""
    lines = full.split("\n")
    line, column = error.line or 1, error.column or 1
    offset = sum(len(x) + 1 for x in lines[: line - 1]) + column - 1 - start
    offset = min(max(offset, 0), len(text))
    return SourceError(
        error.message,
        source=text,
        line=1,
        column=offset + 1,
        width=error.width,
        filename=name,
        text=error.text,
    )


def holds(hand: Hand, node: Any) -> bool:
    """True if ``node`` is written in ``hand``: in its main line or in a variation, at
    any depth (found by identity)."""
    return _swap(hand, node, node) is not None


def _swap(root: Any, old: Any, new: Any) -> Any:
    """``root`` rebuilt with the node ``old`` (found by identity, at any depth of the
    tree of nodes) replaced by ``new``; ``None`` if ``root`` does not hold ``old``."""
    if root is old:
        return new
    if not is_dataclass(root) or isinstance(root, type | Card):
        return None
    for f in fields(root):
        value = getattr(root, f.name)
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                changed = _swap(item, old, new)
                if changed is not None:
                    return replace(root, **{f.name: (*value[:i], changed, *value[i + 1 :])})
        elif value is not None:
            changed = _swap(value, old, new)
            if changed is not None:
                return replace(root, **{f.name: changed})
    return None


def _put(hand: Hand, target: Target, node: Any) -> Hand:
    if target.kind == "hand":
        assert isinstance(node, Hand)
        return node
    if target.kind == "deal":
        assert isinstance(node, Deal | Deck)
        return replace(hand, deal=node)
    if target.kind == "auction":
        auction = list(hand.auction)
        auction[target.index] = node
        return replace(hand, auction=tuple(auction))
    if target.kind == "result":
        return replace(hand, result=node)
    tricks = list(hand.tricks)
    if target.kind == "trick":
        tricks[target.index] = node
    else:
        trick = tricks[target.index]
        plays = list(trick.plays)
        plays[target.play] = node
        tricks[target.index] = replace(trick, plays=tuple(plays))
    return replace(hand, tricks=tuple(tricks))


def describe_target(target: Target, hand: Hand) -> dict[str, Any]:
    """What a target is, as values for a label: kind, seat, trick number, bid kind."""
    node = _node(hand, target)
    info: dict[str, Any] = {"kind": target.kind}
    if target.kind == "auction":
        info["event"] = type(node).__name__.lower()
        info["seat"] = getattr(node, "seat", None)
        if isinstance(node, BidNode):
            info["bid"] = node.kind.value
    if target.kind in ("trick", "play"):
        info["trick"] = hand.tricks[target.index].number
    if target.kind == "play":
        info["seat"] = node.seat
    return info


def replace_hand(text: str, number: int, hand: Hand) -> str:
    """The file ``text`` with its hand ``number`` (1-based) rewritten from ``hand``.

    The other hands keep their text exactly, unreadable ones included.
    """
    found = split_hands(text)
    index = next((i for i, chunk in enumerate(found) if chunk.number == number > 0), None)
    if index is None:
        raise ValueError(f"the file has no hand {number}")
    chunks = [chunk.text for chunk in found]
    old = chunks[index]
    trailing = len(old) - len(old.rstrip("\n"))
    new = write_hand(hand).rstrip("\n") + "\n" * max(trailing, 1)
    if index + 1 < len(chunks) and trailing < 2:
        new += "\n"  # keep a blank line between hands
    chunks[index] = new
    return "".join(chunks)  # the chunks of split_hands are the whole text
