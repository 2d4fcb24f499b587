"""Card-text splitting, game-independent: the compiler's first pass after
`effects.text.normalise`. `split_abilities` and `split_clauses` cut normalised text into the
pieces the pattern tiers match (EFFECTS.md §4). Deterministic: no set or dict order is involved."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tcgsim.simcore.effects.syntax import Syntax
from tcgsim.simcore.effects.text import rejoin_brackets

_TAG_RE = re.compile(r"^\s*((?:\[[^\]]+\]\s*/?\s*)+)")  # "[A]/[B]": either timing
_TAG_ONE_RE = re.compile(r"\[([^\]]+)\]")
_SENTENCE_RE = re.compile(r"(?<=\.)\s+(?=[A-Z\[])")
_SENTENCE_END = re.compile(r"\.(?:\s+[A-Z\[]|$)")  # a full stop ending a sentence, not "N.B. 1"


def strip_reminder(text: str, keywords: tuple[str, ...]) -> str:
    """Remove a parenthesised reminder that directly follows a keyword tag such as
    `[Keyword]` or `<Attribute>`: it restates a rule and is not an ability of its own."""
    out = text
    for kw in keywords:
        out = re.sub(r"(" + re.escape(kw) + r")\s*\([^()]*(?:\([^()]*\)[^()]*)*\)", r"\1", out)
    return out


@dataclass(frozen=True)
class RawAbility:
    """One ability paragraph cut into its timing tags, cost (before ':') and body."""

    tags: tuple[str, ...]
    cost: str
    body: str
    source: str


def split_abilities(text: str) -> list[RawAbility]:
    """Cut normalised text into abilities, one per line, with leading [tags] and the cost
    that stands between the tags and a ':' (the same shape in the three games' texts)."""
    out: list[RawAbility] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        tags: tuple[str, ...] = ()
        rest = line
        m = _TAG_RE.match(line)
        if m:
            tags = tuple(t.strip() for t in _TAG_ONE_RE.findall(m.group(1)))
            rest = line[m.end():].strip()
        cost = ""
        colon = _cost_colon(rest)
        if colon >= 0 and not _SENTENCE_END.search(rest[:colon]) and colon < 160:
            cost, rest = rest[:colon].strip(), rest[colon + 1:].strip()
        out.append(RawAbility(tags=tags, cost=cost, body=rest, source=line))
    return out


def _cost_colon(text: str) -> int:
    """Index of the first ':' outside [brackets], {braces} and (parentheses), or -1: a
    colon inside a tag such as [Keyword: Kind] does not end a cost."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0:
            return i
    return -1


def split_sentences(body: str) -> list[str]:
    """Sentences of an ability body (a full stop followed by a capital or a tag)."""
    return [s.strip() for s in rejoin_brackets(_SENTENCE_RE.split(body)) if s.strip()]


def split_clauses(sentence: str, syntax: Syntax) -> list[tuple[str, str]]:
    """(connector, clause) pairs of one sentence, cut at the game's connectors ("<words>,");
    the connector is '' for the first clause, else the kind the game gives its words."""
    kinds = dict(syntax.connectors)
    if not kinds:
        return [("", sentence.strip())] if sentence.strip() else []
    pattern = r"\s*\b(" + "|".join(re.escape(w) for w in kinds) + r"),\s*"
    parts = re.split(pattern, sentence)
    out: list[tuple[str, str]] = []
    if parts[0].strip():
        out.append(("", parts[0].strip()))
    for i in range(1, len(parts) - 1, 2):
        if parts[i + 1].strip():
            out.append((kinds[parts[i]], parts[i + 1].strip()))
    return out
