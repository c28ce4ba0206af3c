"""Lessons teach the whole game (issue 30): every numbered rule of ``docs/spec/<game>.md`` that governs play
is taught by at least one step of the game's course (a step names the rules it teaches in its ``rules``),
and the few rules left out are listed here, each with its reason.  A step may only cite rules that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tables.learn import courses

SPEC = Path(__file__).resolve().parents[1] / "docs" / "spec"

#: a numbered rule: a line (or list item) that opens with its number (``K3-3.1``, ``- KO-4.1``, ``- **PL-5.1``)
RULE = re.compile(r"^(?:- )?(?:\*\*)?([A-Z0-9]+-\d+\.\d+(?:\.\d+)?)\b", re.MULTILINE)

#: the rules no lesson teaches, by game, each with why: not how the game is played, but how it is written
#: down, checked or shown (notation, perft, the information model's bookkeeping), or worked examples
LEFT_OUT: dict[str, dict[str, str]] = {
    "kona": {
    },
    "plateau": {
        "PL-8.2": "the tie-break for both players winning at once, which no action in a game played from the "
                  "start can cause (none adds to the other's prisoners or joins their pieces): loaded positions only",
        "PL-8.4": "a draw that cannot arise: a marker-topped stack always has a move, and of two mutually adjacent "
                  "stacks next to a stuck Mute one can always move, so with pieces on the board someone can act",
        "PL-9.5": "how moves are written in the public record (notation)",
        "PL-10.1": "notation: the position string",
        "PL-10.2": "notation: the start position string",
        "PL-10.3": "notation: the view strings",
        "PL-10.4": "notation: how moves are typed (each step's hint shows the move's form)",
        "PL-10.5": "how move lists are sorted (implementation)",
        "PL-10.6": "notation: the outcome strings",
        "PL-10.7": "perft counts (engine testing)",
    },
    "k3": {
    },
    "krakatoa": {
    },
}


def spec_rules(game: str) -> list[str]:
    return list(dict.fromkeys(RULE.findall((SPEC / f"{game}.md").read_text(encoding="utf-8"))))


@pytest.mark.parametrize("game", sorted(courses()))
def test_every_rule_that_governs_play_is_taught(game: str) -> None:
    rules = spec_rules(game)
    assert rules, f"no numbered rule found in docs/spec/{game}.md"
    taught = {rule for step in courses()[game].steps for rule in step.rules}
    left_out = LEFT_OUT[game]
    assert not taught - set(rules), f"steps cite rules docs/spec/{game}.md does not have"
    assert not set(left_out) - set(rules), "a rule left out that the spec does not have"
    assert all(reason.strip() for reason in left_out.values()), "each rule left out says why"
    assert not taught & set(left_out), "a rule both taught and left out"
    missing = [rule for rule in rules if rule not in taught and rule not in left_out]
    assert not missing, f"{game}: rules no step teaches: {', '.join(missing)}"


@pytest.mark.parametrize("game", sorted(courses()))
def test_every_step_names_what_it_teaches(game: str) -> None:
    for i, step in enumerate(courses()[game].steps, start=1):
        assert step.rules, f"{game} step {i} names no rule it teaches"
