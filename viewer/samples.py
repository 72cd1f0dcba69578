"""Sample records built from the library's simulator: an annotated hand (comments, marks,
a variation), a short match, and a file with a broken hand in the middle. The viewer
opens the annotated hand when no example is bundled; the tests use all three."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from notation.psn import Comment, Hand, PlayNode, Trick, Variation, write
from notation.rules.cards import Card
from notation.simulate import simulate_hand, simulate_match
from viewer.edit import Target, set_annotation

__all__ = ["annotated_hand", "annotated_text", "broken_text", "match_text", "revoke_text"]


def annotated_hand(seed: int = 7) -> Hand:
    """A whole simulated hand with an opening comment, marks and comments on a few plays,
    and a variation of the second play of trick 3: another play the rules allow there."""
    from notation.replay import replay
    from notation.rules.follow import legal_follows

    hand = simulate_hand("qq", seed=seed, event="Annotated sample")
    hand = replace(hand, comments=(Comment("A whole hand played by the library's bots."),))
    hand = set_annotation(hand, Target("play", 0, 0), ("The lead sets the tone.",), (1,))
    hand = set_annotation(hand, Target("play", 1, 2), ("Too early?",), (6, 14))
    first = hand.tricks[2]
    lead, play = first.plays[0], first.plays[1]
    played = replay(hand)
    before = next(s for s in played.states if s.event is lead).step - 1
    held = [c for c in played.states[before].hand(play.seat) if isinstance(c, Card)]
    led = [c for c in lead.cards if isinstance(c, Card)]  # a simulated hand: all known
    trump = played.computed.trump
    assert trump is not None
    options = legal_follows(led, held, trump)
    other = next((o for o in options if Counter(o) != Counter(play.cards)), options[0])
    alternative = Variation(
        (Trick(first.number, (PlayNode(play.seat, other, comments=(Comment("instead"),)),)),),
        comments=(Comment("what if"),),
    )
    plays = list(first.plays)
    plays[1] = replace(play, variations=(alternative,))
    tricks = list(hand.tricks)
    tricks[2] = replace(first, plays=tuple(plays))
    return replace(hand, tricks=tuple(tricks))


def annotated_text(seed: int = 7) -> str:
    """:func:`annotated_hand` as PSN text."""
    return write(annotated_hand(seed))


def revoke_text(seed: int = 7) -> str:
    """:func:`annotated_hand` where the second player of trick 1 plays, instead of its
    first card, a card it does not hold: the replay must report it."""
    from notation.replay import replay
    from notation.rules.cards import ALL_CARDS

    hand = annotated_hand(seed)
    trick = hand.tricks[0]
    play = trick.plays[1]
    before = next(s for s in replay(hand).states if s.event is play).step - 1
    held = set(replay(hand).states[before].hand(play.seat))
    stranger = next(c for c in ALL_CARDS if c not in held)
    plays = list(trick.plays)
    plays[1] = replace(play, cards=(stranger, *play.cards[1:]))
    tricks = (replace(trick, plays=tuple(plays)), *hand.tricks[1:])
    return write(replace(hand, tricks=tricks))


def match_text(seed: int = 5, hands: int = 3) -> str:
    """The first ``hands`` hands of a simulated match."""
    return write(list(simulate_match("qq", seed=seed, max_hands=hands)))


def broken_text(seed: int = 5) -> str:
    """A three-hand match whose second hand has an unknown card ``XX`` in trick 1."""
    from notation.psn import split_hands

    chunks = [chunk.text for chunk in split_hands(match_text(seed))]
    lines = chunks[1].split("\n")
    index = next(i for i, text in enumerate(lines) if text.startswith("1. "))
    head, _, rest = lines[index].partition(": ")
    lines[index] = f"{head}: XX{rest[rest.find(' ') :] if ' ' in rest else ''}"
    chunks[1] = "\n".join(lines)
    return "".join(chunks)
