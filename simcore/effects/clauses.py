"""Card-text normalisation and splitting, game-independent: the compiler's first pass.

`normalise` turns stored card text into one canonical spelling (HTML entities, NFKC,
quotes, dashes and minus signs, circled numbers, number words) so that the pattern tables
see one form; `split_abilities` and `split_clauses` cut it into the pieces the tiers match
(EFFECTS.md §4). Deterministic: no set or dict order is involved."""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

_QUOTES = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00b4": "'"}
_DASHES = {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2012": "-", "\uff0d": "-"}
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                 "seven": "7", "eight": "8", "nine": "9", "ten": "10"}
_NUMBER_WORD_RE = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
_BRACKETED_RE = re.compile(r"(\{[^}]*\}|\[[^\]]*\])")
_CIRCLED_RE = re.compile("[\u2460-\u2473\u2780-\u2789]")
_SPACE_RE = re.compile(r"[ \t\u00a0]+")
_TAG_RE = re.compile(r"^\s*((?:\[[^\]]+\]\s*)+)")
_TAG_ONE_RE = re.compile(r"\[([^\]]+)\]")
_SENTENCE_RE = re.compile(r"(?<=\.)\s+(?=[A-Z\[])")
_CONNECTOR_RE = re.compile(r"\s*\b(Then|If you do),\s*")


def _circled(m: re.Match) -> str:
    base = 0x2780 if m.group(0) >= "\u2780" else 0x2460
    return f"({ord(m.group(0)) - base + 1})"


def _number_word(m: re.Match) -> str:
    return _NUMBER_WORDS[m.group(1).lower()]


def normalise(text: str) -> str:
    """One canonical spelling of `text`: entities decoded, NFKC, ASCII quotes and dashes,
    (1) for ①, digits for number words, single spaces, one ability paragraph a line."""
    if not text:
        return ""
    s = html.unescape(html.unescape(text))
    s = re.sub(r"<br\s*/?>", "\n", s, flags=re.IGNORECASE)
    s = _CIRCLED_RE.sub(_circled, s)  # before NFKC, which would turn ① into a bare 1
    s = unicodedata.normalize("NFKC", s)
    s = "".join(_QUOTES.get(ch, _DASHES.get(ch, ch)) for ch in s)
    # number words become digits, but never inside a {type} or a [name]
    s = "".join(part if part[:1] in "{[" else _NUMBER_WORD_RE.sub(_number_word, part)
                for part in _BRACKETED_RE.split(s))
    lines = [_SPACE_RE.sub(" ", ln).strip() for ln in s.replace("\r", "\n").split("\n")]
    return "\n".join(ln for ln in lines if ln)


def strip_reminder(text: str, keywords: tuple[str, ...]) -> str:
    """Drop a parenthesised reminder that directly follows a keyword tag such as
    `[Blocker]` or `<Slash>`: it restates a rule and is not an ability of its own."""
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
    that stands between the tags and a ':' (8-3-1 in ONE PIECE; the same shape elsewhere)."""
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
        colon = rest.find(":")
        if colon >= 0 and "." not in rest[:colon] and colon < 80:
            cost, rest = rest[:colon].strip(), rest[colon + 1:].strip()
        out.append(RawAbility(tags=tags, cost=cost, body=rest, source=line))
    return out


def split_sentences(body: str) -> list[str]:
    """Sentences of an ability body (a full stop followed by a capital or a tag)."""
    return [s.strip() for s in _SENTENCE_RE.split(body) if s.strip()]


def split_clauses(sentence: str) -> list[tuple[str, str]]:
    """(connector, clause) pairs of one sentence; the connector is '' for the first clause,
    'THEN' for 'Then,' and 'IF_DO' for 'If you do,'."""
    parts = _CONNECTOR_RE.split(sentence)
    out: list[tuple[str, str]] = []
    if parts[0].strip():
        out.append(("", parts[0].strip()))
    for i in range(1, len(parts) - 1, 2):
        conn = "THEN" if parts[i] == "Then" else "IF_DO"
        if parts[i + 1].strip():
            out.append((conn, parts[i + 1].strip()))
    return out


def shape(clause: str, names: tuple[str, ...] = ()) -> str:
    """The clause's shape for the unmatched histogram: numbers → N, {types} → {T},
    [names] → [N] (tags that are not in `names`, e.g. keywords, are kept)."""
    s = re.sub(r"\{[^}]*\}", "{T}", clause)
    s = re.sub(r"\[([^\]]+)\]", lambda m: m.group(0) if m.group(1) in names else "[N]", s)
    s = re.sub(r"[+-]?\d+", "N", s)
    return s
