"""Seats and teams. Seats are 1..4 in playing order (counter-clockwise); 1&3 and 2&4
are partners.

>>> next_seat(4), partner(2), team(3), seats_from(3)
(1, 4, 1, (3, 4, 1, 2))
"""

from __future__ import annotations

from typing import Final

__all__ = ["SEATS", "Seat", "check_seat", "next_seat", "partner", "same_team", "seats_from", "team"]

Seat = int
SEATS: Final = (1, 2, 3, 4)


def check_seat(seat: object) -> Seat:
    """``seat`` if it is 1..4, else a ``ValueError``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in SEATS:
        raise ValueError(f"no seat {seat!r}: seats are 1, 2, 3 and 4")
    return seat


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat that plays ``steps`` turns after ``seat`` (下家 for one step)."""
    return (seat - 1 + steps) % 4 + 1


def partner(seat: Seat) -> Seat:
    """The seat opposite (对家)."""
    return next_seat(seat, 2)


def team(seat: Seat) -> int:
    """Team 1 is seats 1&3, team 2 is seats 2&4."""
    return 1 if seat % 2 == 1 else 2


def same_team(a: Seat, b: Seat) -> bool:
    """True if ``a`` and ``b`` are partners or the same seat."""
    return a % 2 == b % 2


def seats_from(leader: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats in playing order starting with ``leader``."""
    return (leader, next_seat(leader), next_seat(leader, 2), next_seat(leader, 3))
