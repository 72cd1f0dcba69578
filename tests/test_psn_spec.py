"""The spec's examples are tests too: every ``psn`` block of grammars/PSN.md reads
without error, and its JSON example is a record."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from notation.psn import from_json, parse, write
from notation.resources import grammar_path

SPEC = grammar_path("PSN.md").read_text(encoding="utf-8")
PSN_BLOCKS = re.findall(r"```psn\n(.*?)```", SPEC, re.S)


def test_the_spec_has_examples() -> None:
    assert len(PSN_BLOCKS) >= 10


@pytest.mark.parametrize("block", PSN_BLOCKS, ids=lambda b: b.splitlines()[0][:30])
def test_spec_example_reads_and_survives_formatting(block: str) -> None:
    record = parse(block, "PSN.md")
    assert record.errors == (), "\n".join(str(e) for e in record.errors)
    assert len(record.hands) == 1
    assert parse(write(record)) == record


def test_spec_complete_hand_has_every_construct() -> None:
    (hand,) = parse(next(b for b in PSN_BLOCKS if "Teaching evening" in b)).hands
    assert hand.header("Coach") == "Lin"
    assert len(hand.bids) == 2 and len(hand.kitty_exchanges) == 1
    assert hand.kitty_exchanges[0].held is not None and len(hand.kitty_exchanges[0].held) == 16
    assert hand.tricks[0].winner == 1
    assert hand.tricks[1].plays[2].variations
    assert hand.tricks[2].plays[0].is_failed_throw
    assert hand.result is not None and hand.result.next_dealer == 3


def test_spec_json_example_is_a_record_and_follows_the_schema() -> None:
    (block,) = re.findall(r"```json\n(.*?)```", SPEC, re.S)
    schema = json.loads(grammar_path("psn.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(block), schema, cls=jsonschema.Draft202012Validator)
    (hand,) = from_json(block).hands
    assert hand.tricks[0].plays[0].blocker == 3
    assert "[%clk 0:00:12]" in write(hand)
