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
        "KO-7.3": "bookkeeping: how the engine and the product keep the history the repetition draw counts on",
        "KO-9.1": "notation: how squares are written (the picture's edge labels show it)",
        "KO-9.2": "notation: the position string",
        "KO-9.3": "notation: how a move is written (the lessons' hints show it)",
        "KO-9.4": "notation: what applying a move does to the position string's fields",
        "KO-9.5": "engine: how a loaded position is judged",
        "KO-9.6": "notation: the outcome text",
        "KO-9.7": "engine: move listing order and perft counts",
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
        "K3-3.4": "product note: an automatic build offered by Mesa is an ordinary build",
        "K3-11.1": "notation: the position string",
        "K3-11.2": "notation: the start positions",
        "K3-11.3": "engine: a position whose player to move has no action is not canonical",
        "K3-11.4": "notation: how moves are written (the lessons' hints show it)",
        "K3-11.5": "engine: move listing order",
        "K3-11.6": "notation: who is to move in each phase and the outcome text",
    },
    "krakatoa": {
        "KR-8.3": "how a throw's result is recorded (the nine faces and whether it scratched, not which dice were "
                  "struck) and may be shown; the odds themselves are KR-8.2",
        "KR-9.1": "the information model: nothing is hidden, and the table draws each roll from a seeded RNG",
        "KR-10.1": "notation: the position's fields",
        "KR-10.2": "notation: the start position",
        "KR-10.3": "notation: how decisions are written (each step's hint says the words to type)",
        "KR-10.4": "notation: how rolls and scratches are written",
        "KR-10.5": "notation: listing chance outcomes with their probabilities, and perft",
        "KR-10.6": "notation: the outcome text",
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
