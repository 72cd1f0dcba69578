"""The table component in an AppTest: what it draws, and a click on its cards.

AppTest runs no JavaScript, so the component's side (``viewer/table/table.js``) is done
here: the table's HTML and moment are read from what the page sent the component, and a
click is sent back as the component sends it, a trigger value of the component's widget
(``setTriggerValue``), in the next run's widget states. The browser tests
(``tests/test_viewer_browser.py``) click the real cards.
"""

from __future__ import annotations

import json
import re
from typing import Any

from streamlit.runtime.state.session_state import STREAMLIT_INTERNAL_KEY_PREFIX
from streamlit.testing.v1 import AppTest

from notation.rules.cards import Card


def _element(at: AppTest, key: str) -> Any:
    """The table component drawn under ``key`` (``table``; the recorder's ``rec_table``)."""
    found = [
        e
        for e in at.get("bidi_component")
        if e.proto.component_name == "shengji_table" and e.proto.id.endswith(f"-{key}")
    ]
    assert found, f"no table component {key!r} on the page"
    return found[0]


def data(at: AppTest, key: str = "table") -> dict[str, Any]:
    """What the page sent the component: its HTML, its moment, the cards a follow needs."""
    sent: dict[str, Any] = json.loads(_element(at, key).proto.json)
    return sent


def html(at: AppTest, key: str = "table") -> str:
    """The table's HTML as the component draws it (chips, notices, seats, trick, tray)."""
    return str(data(at, key)["html"])


def send(at: AppTest, key: str, event: str, value: dict[str, Any]) -> AppTest:
    """The component under ``key`` sends ``value`` as its trigger ``event``; the page runs."""
    element = _element(at, key)
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = f"{STREAMLIT_INTERNAL_KEY_PREFIX}_{element.proto.id}__events"
    trigger.json_trigger_value = json.dumps([{"event": event, "value": value}])
    runner = at._tree._runner
    assert runner is not None
    runner._run(states, timeout=at.default_timeout)
    return at


def play(at: AppTest, cards: list[Card] | list[str]) -> AppTest:
    """The cards chosen on the table and played (a click each, then Play)."""
    moment = data(at)["at"]
    return send(at, "table", "play", {"cards": [str(c) for c in cards], "at": moment})


def pick(at: AppTest, card: object, back: bool = False) -> AppTest:
    """A card clicked in the recorder's tray (``back``: a chosen one, taken back)."""
    moment = data(at, "rec_table")["at"]
    return send(at, "rec_table", "pick", {"card": str(card), "back": back, "at": moment})


def tray(at: AppTest) -> list[dict[str, str]]:
    """The recorder's tray as drawn: each card button's attributes (``data-card``,
    ``data-key``, ``class``, ``aria-label``, ``aria-pressed``, ``disabled`` if so) and
    ``text``, what it shows."""
    drawn = html(at, "rec_table")
    found = []
    for attrs, text in re.findall(r'<button type="button" ([^>]*)>(.*?)</button>', drawn):
        if "data-key=" not in attrs:
            continue
        item = dict(re.findall(r'([a-z-]+)="([^"]*)"', attrs))
        if attrs.rstrip().endswith(" disabled"):
            item["disabled"] = "disabled"
        item["text"] = re.sub(r"<[^>]+>", "", text)
        found.append(item)
    return found
