"""Recording the headers, the deal and the result, and the result the rules give once
the hand is complete. Headers and the deal never wait: a value the replay cannot read
is a finding of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from notation.psn import Deal, Deck, Header, Result, Side
from notation.recorder.base import _Base
from notation.recorder.values import HEADER_ORDER, Entry


class _Headers(_Base):
    """The headers, the deal and the result."""

    __slots__ = ()

    def rules_result(self) -> Result | None:
        """The result the rules give for the hand, as a ``result`` line, once it is
        complete and the kitty is known; else ``None``."""
        computed = self._replay.computed
        outcome = computed.outcome
        if not self.complete or outcome is None or computed.points is None:
            return None
        return Result(
            points=computed.points,
            kitty_points=computed.kitty_points,
            multiplier=computed.multiplier if computed.kitty_points is not None else None,
            side=Side(outcome.winner.value),
            levels=outcome.levels,
            next_dealer=computed.next_dealer,
        )

    def set_headers(self, values: Mapping[str, str | None]) -> Entry:
        """Set headers (``None`` or an empty value removes one), in :data:`HEADER_ORDER`;
        headers not named are kept. Returns what the replay finds now (a value it
        cannot read is a ``bad-header`` finding: headers never wait)."""
        headers = list(self._hand.headers)
        for tag, value in values.items():
            headers = _with_header(headers, tag, None if value is None else value.strip())
        return self._apply(replace(self._hand, headers=tuple(headers)), "headers", None)

    def set_deal(self, deal: Deal | Deck | None) -> Entry:
        """Record the deal (four hands and the kitty, any of them ``None``; or the deck),
        or ``None``: the cards are not known, any card may then be entered."""
        return self._apply(replace(self._hand, deal=deal), "deal", deal)

    def set_result(self, result: Result | None) -> Entry:
        """Write the result the players agreed on (or take it away with ``None``)."""
        return self._apply(replace(self._hand, result=result), "result", result)


def _with_header(headers: list[Header], tag: str, value: str | None) -> list[Header]:
    """``headers`` with ``tag`` set to ``value`` (removed if empty), in its place."""
    wanted = tag.lower()
    at = next((i for i, h in enumerate(headers) if h.tag.lower() == wanted), None)
    if not value:
        return [h for h in headers if h.tag.lower() != wanted]
    header = Header(tag, value)
    if at is not None:
        headers[at] = header
        return headers
    order = [t.lower() for t in HEADER_ORDER]
    rank = order.index(wanted) if wanted in order else len(order)
    place = next(
        (
            i
            for i, h in enumerate(headers)
            if (order.index(h.tag.lower()) if h.tag.lower() in order else len(order)) > rank
        ),
        len(headers),
    )
    headers.insert(place, header)
    return headers
