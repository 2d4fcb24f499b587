"""The clause driver, game-free: reads an ability body sentence by sentence into program
rows: a leading condition that skips the rest of its sentence, a clause that runs only
after a success, an optional action, an action under a trailing condition, a choice among
options (EFFECTS.md §4). The game declares the words that mark each (its `Grammar`) and
reads what a condition or an action says (its hooks); the flow rows, their skips and the
order of the rows are the driver's, the same for every game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from tcgsim.simcore.effects import clauses
from tcgsim.simcore.effects.flow import (
    OP_CHOOSE_ONE,
    OP_IF_DO,
    OP_MAY,
    OP_OPTION,
    OP_SKIP_UNLESS,
)
from tcgsim.simcore.effects.ir import Ability, Cond, Op
from tcgsim.simcore.effects.patterns import Match, Rule
from tcgsim.simcore.effects.syntax import Syntax

IF_DO = "IF_DO"  # the connector kind whose clause runs only after the step before succeeded


@dataclass(frozen=True)
class Grammar:
    """The words a game's text joins conditions and actions with, as patterns. lead: a
    condition at the start of a clause (group 1 the condition, group 2 the rest); may: an
    optional action (group 1 the action); trailing: an action followed by its condition
    (groups 1 and 2); inner: a condition then its action inside a piece (groups 1 and 2);
    cond_prefix: what a condition read alone starts with, put before the condition of
    `trailing` and `inner`; pieces: where a clause splits into action pieces; options: the
    mark before each option of a choice."""

    lead: re.Pattern
    may: re.Pattern
    trailing: re.Pattern
    inner: re.Pattern
    cond_prefix: str
    pieces: re.Pattern
    options: str


def record(ab: Ability, m: Match, statuses: list[str]) -> None:
    """Record a matched rule's rule numbers, name, status and note on the ability."""
    ab.rules.extend(m.rule.rules)
    ab.patterns.append(m.rule.name)
    statuses.append(m.rule.status)
    if m.rule.note:
        ab.notes.append(f"{m.rule.name}: {m.rule.note}")


def _none(*_args) -> None:
    return None


def _cond_value(_ab: Ability, c: Match) -> Cond | None:
    return c.value


def _accept_all(_ab: Ability, _m: Match, _piece: str) -> bool:
    return True


@dataclass(frozen=True)
class Driver:
    """A game's clause driver: its syntax, its grammar and the hooks that read its words.

    conditions(text): the conditions of a condition clause (AND), or None if it does not read;
    actions(piece): the actions of one piece, or None; either(ab, text, statuses): rows of
    an OR of two conditions appended, the index of the row whose skip the driver sets, or None;
    whole(clause): a clause the game reads whole before any condition is split off, or
    None; condition_row(ab, match): the condition a leading condition's row tests (a game
    may move part of it to an earlier row), None if it cannot stand here; accept(ab, match,
    piece): whether an action may stand where it is (the game may also adjust earlier
    rows), else the piece is unread; opp_chooses: the rule recorded when the opponent
    chooses the option."""

    syntax: Syntax
    grammar: Grammar
    conditions: Callable[[str], list[Match] | None]
    actions: Callable[[str], list[Match] | None]
    either: Callable[[Ability, str, list[str]], int | None] = _none
    whole: Callable[[str], Match | None] = _none
    condition_row: Callable[[Ability, Match], Cond | None] = _cond_value
    accept: Callable[[Ability, Match, str], bool] = _accept_all
    opp_chooses: Rule | None = None

    def sentences(self, ab: Ability, body: str, statuses: list[str]) -> bool:
        """Append the rows of `body` to ab.body; False with ab.unmatched set on the first
        unread piece. A leading condition or an IF_DO connector governs the rest of its sentence."""
        g = self.grammar
        for sentence in clauses.split_sentences(body):
            skips = []  # SKIP_UNLESS / IF_DO rows of this sentence: they skip to its end
            for conn, clause in clauses.split_clauses(sentence, self.syntax):
                text = clause
                whole = self.whole(text)
                if whole is not None:
                    ab.body.extend(whole.value)
                    record(ab, whole, statuses)
                    continue
                cm = g.lead.match(text)
                if cm:
                    cond_text = cm.group(1)[:1].upper() + cm.group(1)[1:]
                    conds = self.conditions(cond_text)
                    if conds is None:
                        at = self.either(ab, cond_text, statuses)
                        if at is None:
                            ab.unmatched = cm.group(1)
                            return False
                        skips.append(at)
                        conds = []
                    for c in conds:
                        cond = self.condition_row(ab, c)
                        if cond is None:
                            ab.unmatched = cm.group(1)
                            return False
                        skips.append(len(ab.body))
                        ab.body.append(Op(OP_SKIP_UNLESS, 0, -1, cond=cond))
                        record(ab, c, statuses)
                    text = cm.group(2)
                if conn == IF_DO:
                    skips.append(len(ab.body))
                    ab.body.append(Op(OP_IF_DO, 0, -1))
                for piece in g.pieces.split(text):
                    if not self.piece(ab, piece.strip(), statuses):
                        return False
            for i in skips:
                ab.body[i] = replace(ab.body[i], b=len(ab.body) - i - 1)
        return True

    def piece(self, ab: Ability, piece: str, statuses: list[str]) -> bool:
        """One action piece, possibly an action under a trailing condition (the condition
        skips it) or an optional one (MAY skips it when declined)."""
        g = self.grammar
        mm = g.may.fullmatch(piece)
        if mm:
            at = len(ab.body)
            ab.body.append(Op(OP_MAY, 0, 0))
            if not self.piece(ab, mm.group(1), statuses):
                return False
            ab.body[at] = replace(ab.body[at], b=len(ab.body) - at - 1)
            return True
        found = self.actions(piece)
        if found is not None:
            for m in found:
                if not self.accept(ab, m, piece):
                    ab.unmatched = piece
                    return False
                ab.body.extend(m.value)
                record(ab, m, statuses)
            return True
        tm = g.trailing.fullmatch(piece)
        conds = self.conditions(g.cond_prefix + tm.group(2)) if tm else None
        found = self.actions(tm.group(1)) if conds else None
        lm = None if found is not None else g.inner.fullmatch(piece)
        if lm:
            conds = self.conditions(g.cond_prefix + lm.group(1))
            found = self.actions(lm.group(2)) if conds else None
        if found is None:
            ab.unmatched = piece
            return False
        start = len(ab.body)
        for c in conds:
            ab.body.append(Op(OP_SKIP_UNLESS, 0, -1, cond=c.value))
            record(ab, c, statuses)
        for m in found:
            ab.body.extend(m.value)
            record(ab, m, statuses)
        for i in range(start, start + len(conds)):
            ab.body[i] = replace(ab.body[i], b=len(ab.body) - i - 1)
        return True

    def choice_condition(self, ab: Ability, text: str, statuses: list[str]) -> bool:
        """The condition of a choice: SKIP_UNLESS rows that skip the whole choice, to the
        end of the body (a skip of -1)."""
        conds = self.conditions(text)
        if conds is None:
            ab.unmatched = text
            return False
        for c in conds:
            ab.body.append(Op(OP_SKIP_UNLESS, 0, -1, cond=c.value))
            record(ab, c, statuses)
        return True

    def choice(self, ab: Ability, body: str, statuses: list[str], opp: bool = False) -> bool:
        """A choice among options (each after the grammar's mark): CHOOSE_ONE over OPTION
        blocks; when the opponent chooses (b=1), the options still read as the
        controller's."""
        options = [o.strip() for o in body.split(self.grammar.options) if o.strip()]
        if len(options) < 2:
            ab.unmatched = body
            return False
        ab.body.append(Op(OP_CHOOSE_ONE, len(options), int(opp)))
        if opp and self.opp_chooses is not None:
            record(ab, Match(self.opp_chooses, None), statuses)
        for opt in options:
            at = len(ab.body)
            ab.body.append(Op(OP_OPTION, 0, 0))
            if not self.sentences(ab, opt, statuses):
                return False
            ab.body[at] = replace(ab.body[at], b=len(ab.body) - at - 1)
        return True
