"""Pattern-matching framework for the effect compiler, game-independent (EFFECTS.md §4).

A `Rule` is a regex that must match a whole piece of text (a tag, a cost, a condition or a
clause) and a `build` that turns the match into IR; each rule names its status and the rule
numbers it implements. `match_piece` tries the rules of one table in order and returns the
first full match that reads, or None: a piece matches completely or not at all, never a guess."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tcgsim.simcore.effects.ir import APPROX, STRICT


@dataclass(frozen=True)
class Rule:
    """One pattern: `regex` (matched against the whole piece, case-sensitive), `build`
    (match → IR pieces), `status` (strict or approximate), the rules it implements and, for
    an approximation, the note saying what is simplified and why."""

    name: str
    regex: str
    build: Callable[[re.Match], Any]
    status: str = STRICT
    rules: tuple[str, ...] = ()
    note: str = ""
    compiled: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.status not in (STRICT, APPROX):
            raise ValueError(f"rule {self.name}: status {self.status!r}")
        if self.status == APPROX and not self.note:
            raise ValueError(f"rule {self.name}: an approximation needs a note")
        object.__setattr__(self, "compiled", re.compile(self.regex))


@dataclass(frozen=True)
class Match:
    """A successful full match: the rule and what its build returned."""

    rule: Rule
    value: Any


def match_piece(rules: tuple[Rule, ...], piece: str) -> Match | None:
    """The first rule of `rules` whose regex matches all of `piece` (trailing full stop and
    spaces ignored) and whose build reads it, with its built value: a build returns None
    when its phrase does not read, and the next rule is tried. None when no rule reads the
    whole piece."""
    s = piece.strip().rstrip(".").strip()
    for rule in rules:
        m = rule.compiled.fullmatch(s)
        if m is not None:
            value = rule.build(m)
            if value is not None:
                return Match(rule, value)
    return None
