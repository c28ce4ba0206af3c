"""The move picker: walk a list of legal move strings step by step, at most 25 choices a step.

Discord's select menus hold at most 25 options, and a game may have 1,260 legal moves (Plateau's
first placement).  The picker knows no game: it only sees the canonical move strings and splits
them on their own notation.

- A move string is cut into *tokens*: a token starts at the beginning and at any punctuation or
  space that follows a letter or digit (``*a1:2-b2:1-c3`` -> ``*a1 :2 -b2 :1 -c3``; ``+xx.rb@a1`` -> ``+xx .rb @a1``;
  ``aim l1 hard`` -> ``aim  l1  hard``; ``Ka3-c3`` -> ``Ka3 -c3``).
- A step is a *prefix* of some moves.  Its choices are the distinct next tokens of those moves (the
  origin, then the destination, ...), plus "play the prefix" when the prefix is itself a move.
- When there are more than 25 next tokens, they are grouped by their first k characters, for the
  largest k giving at most 25 groups; and if even one character gives more than 25 groups, by
  contiguous ranges of the sorted tokens (a range step).  So every step has at most 25 choices and
  every legal move stays reachable.
- Every choice is advanced through any stretch where its moves agree (the longest common prefix),
  and a choice holding a single move is that move: no step offers a lone choice that decides nothing.

Choices are returned as ``Choice(label, value, final)``: ``value`` is the move itself when final,
otherwise an encoded step (``Step.encode``); ``option_value`` tells them apart in a select option.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

MAX_CHOICES = 25
MAX_VALUE = 100


def token_starts(move: str) -> list[int]:
    """Indices where the tokens of ``move`` start (always 0 first)."""
    starts = [0]
    for i in range(1, len(move)):
        prev, cur = move[i - 1], move[i]
        if not cur.isalnum() and prev.isalnum():
            starts.append(i)
    return starts


def tokens(move: str) -> list[str]:
    starts = [*token_starts(move), len(move)]
    return [move[a:b] for a, b in itertools.pairwise(starts)]


def next_token(move: str, at: int) -> str:
    """The rest of the token of ``move`` that continues at index ``at`` (to the next token start)."""
    for start in token_starts(move):
        if start > at:
            return move[at:start]
    return move[at:]


@dataclass(frozen=True)
class Step:
    """Where the walk is: the moves starting with ``prefix`` whose next token lies in [lo, hi]."""

    prefix: str = ""
    lo: str | None = None
    hi: str | None = None

    def encode(self) -> str:
        """``p:<prefix>`` or ``r:<lo>\\x1f<hi>\\x1f<prefix>`` (a select option value)."""
        if self.lo is None:
            return "p:" + self.prefix
        return f"r:{self.lo}\x1f{self.hi}\x1f{self.prefix}"

    @classmethod
    def decode(cls, value: str) -> Step:
        if value.startswith("r:"):
            lo, hi, prefix = value[2:].split("\x1f", 2)
            return cls(prefix, lo, hi)
        if value.startswith("p:"):
            return cls(value[2:])
        raise ValueError(f"not a picker step: {value!r}")

    def moves(self, legal: Iterable[str]) -> list[str]:
        found = [m for m in legal if m.startswith(self.prefix)]
        lo, hi = self.lo, self.hi
        if lo is not None and hi is not None:  # a range step names both ends (``decode``)
            at = len(self.prefix)
            found = [m for m in found if len(m) > at and lo <= next_token(m, at) <= hi]
        return found


@dataclass(frozen=True)
class Choice:
    label: str
    value: str
    final: bool

    @property
    def option_value(self) -> str:
        """The select option value: ``m:<move>`` for a move, else the encoded step."""
        return "m:" + self.value if self.final else self.value


def decode_option(value: str) -> tuple[str | None, Step | None]:
    """A select option value back as (move, None) or (None, step)."""
    if value.startswith("m:"):
        return value[2:], None
    return None, Step.decode(value)


def _common_prefix(words: Sequence[str]) -> str:
    """The longest string every word starts with (character by character)."""
    first, last = min(words), max(words)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


def _choice_for(group: list[str], key_prefix: str) -> Choice:
    """One choice holding ``group`` (moves all starting with ``key_prefix``), advanced as far as they agree."""
    if len(group) == 1:
        return Choice(group[0], group[0], True)
    prefix = _common_prefix(group)
    if len(prefix) < len(key_prefix):  # cannot happen: every move of the group starts with key_prefix
        prefix = key_prefix
    return Choice(prefix.strip() + "…", Step(prefix).encode(), False)


def choices(legal: Sequence[str], step: Step | str = "") -> list[Choice]:
    """The choices at ``step`` (a ``Step`` or a plain prefix) among the ``legal`` move strings."""
    if isinstance(step, str):
        step = Step(step)
    moves = sorted(set(step.moves(legal)))
    if not moves:
        return []
    prefix = step.prefix
    at = len(prefix)
    terminal = [m for m in moves if len(m) == at]
    rest = [m for m in moves if len(m) > at]
    if step.lo is None and not terminal and rest:
        # Advance through any stretch where every move agrees.
        common = _common_prefix(rest)
        if len(common) > at:
            return choices(legal, Step(common))
    by_token: dict[str, list[str]] = {}
    for move in rest:
        by_token.setdefault(next_token(move, at), []).append(move)
    room = MAX_CHOICES - len(terminal)
    out = [Choice(m, m, True) for m in terminal]
    if len(by_token) <= room:
        out += [_choice_for(group, prefix + token) for token, group in sorted(by_token.items())]
        return out
    # Too many tokens: group by their first k characters, k as large as fits.
    keys = sorted(by_token)
    longest = max(len(k) for k in keys)
    for k in range(longest, 0, -1):
        groups: dict[str, list[str]] = {}
        for key in keys:
            groups.setdefault(key[:k], []).extend(by_token[key])
        if len(groups) <= room:
            return out + [_choice_for(group, prefix + head) for head, group in sorted(groups.items())]
    # Even one character gives too many groups: contiguous ranges of the sorted tokens.
    size = -(-len(keys) // room)
    while -(-len(keys) // size) > room:
        size += 1
    for i in range(0, len(keys), size):
        chunk = keys[i:i + size]
        group = [m for key in chunk for m in by_token[key]]
        if len(group) == 1:
            out.append(Choice(group[0], group[0], True))
        elif len(chunk) == 1:
            out.append(_choice_for(group, prefix + chunk[0]))
        else:
            label = f"{(prefix + chunk[0]).strip()} … {(prefix + chunk[-1]).strip()}"
            out.append(Choice(label, Step(prefix, chunk[0], chunk[-1]).encode(), False))
    return out


def walk(legal: Sequence[str]) -> dict[str, list[str]]:
    """Every reachable step from the start, with the moves reachable below it (for tests and checks)."""
    reached: dict[str, list[str]] = {}
    pending = [Step()]
    seen: set[Step] = set()
    while pending:
        step = pending.pop()
        if step in seen:
            continue
        seen.add(step)
        for choice in choices(legal, step):
            if choice.final:
                reached.setdefault(choice.value, []).append(step.encode())
            else:
                pending.append(Step.decode(choice.value))
    return reached


def rank_for_autocomplete(legal: Sequence[str], typed: str, limit: int = MAX_CHOICES,
                          words: Callable[[], Mapping[str, str]] | None = None) -> list[str]:
    """Moves matching what is typed, most useful first: exact, then prefix matches, then the rest.

    Matching ignores case and spaces (as the engines' parsers do); when nothing is typed the first
    moves in canonical order come first.  When nothing matches, hyphens are left out too, as parsers
    that take a move without its hyphen do (KO-9.3: ``a6 d3``, ``a6d3``); and when still nothing does,
    the moves whose ``words`` (what each does, in the reader's language; asked for only then) have a word
    starting with each word typed ("captur", "ace c2", "poodle"), in the moves' order.
    """
    def squash(text: str) -> str:
        return "".join(text.split()).lower()

    def ranked(want: str, flat_of: Callable[[str], str]) -> list[str]:
        exact, starts, contains = [], [], []
        for move in legal:
            flat = flat_of(move)
            if flat == want:
                exact.append(move)
            elif flat.startswith(want):
                starts.append(move)
            elif want in flat:
                contains.append(move)
        return exact + starts + contains

    found = ranked(squash(typed), squash) or ranked(squash(typed).replace("-", ""),
                                                     lambda move: squash(move).replace("-", ""))
    wanted = re.findall(r"\w+", typed.casefold())
    if not found and words is not None and wanted:  # each word typed starts a word of the move's ("ace", not "face")
        said = words()
        found = [move for move in legal
                 if all(any(w.startswith(t) for w in re.findall(r"\w+", said.get(move, "").casefold()))
                        for t in wanted)]
    return found[:limit]
