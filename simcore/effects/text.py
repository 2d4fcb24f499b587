"""Card text normalisation and clause shapes, for every game: the compiler and the coverage
histogram read text through here so that typography never decides whether a pattern
matches (EFFECTS.md, section 4)."""

import html
import re
import unicodedata

from tcgsim.simcore.effects.syntax import PLAIN, Syntax

# Circled numbers (① .. ⑳, and the dingbat forms ➀ .. ➉, ❶ .. ❿, ➊ .. ➓): a cost in a
# game's resource, written (N) before NFKC would make them bare digits.
_CIRCLED = {chr(0x2460 + i): f"({i + 1})" for i in range(20)} | {
    chr(base + i): f"({i + 1})" for base in (0x2776, 0x2780, 0x278A) for i in range(10)}
_TYPOGRAPHY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u00b4": "'", "\u201c": '"',
                             "\u201d": '"', "\u2010": "-", "\u2011": "-", "\u2012": "-",
                             "\u2013": "-", "\u2014": "-", "\u2212": "-", "\uff0d": "-"})
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                 "seven": "7", "eight": "8", "nine": "9", "ten": "10"}
_WORD = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
_BRACKETED = re.compile(r"(\{[^}]*\}|\[[^\]]*\])")
_SPACES = re.compile(r"[ \t\u00a0]+")


def normalise(text: str | None) -> str:
    """One spelling for the same text: HTML entities decoded (twice: some sources escape
    them again, &amp;lt;), <br> as a line break, circled numbers as (N), NFKC (full-width
    forms), straight quotes, ASCII dashes and minus, number words as digits except inside
    a {type} or a [name], single spaces, one ability paragraph a line."""
    if not text:
        return ""
    s = html.unescape(html.unescape(str(text)))
    s = re.sub(r"<br\s*/?>", "\n", s, flags=re.IGNORECASE)
    s = "".join(_CIRCLED.get(ch, ch) for ch in s)
    s = unicodedata.normalize("NFKC", s).translate(_TYPOGRAPHY)
    s = "".join(part if part[:1] in "{[" else
                _WORD.sub(lambda m: _NUMBER_WORDS[m.group(1).lower()], part)
                for part in _BRACKETED.split(s))
    lines = [_SPACES.sub(" ", ln).strip() for ln in s.replace("\r", "\n").split("\n")]
    return "\n".join(ln for ln in lines if ln)


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[•])")


def rejoin_brackets(parts: list[str], sep: str = " ") -> list[str]:
    """Pieces of a split joined again where the split fell inside a [name] or {type}: a
    full stop in "[Dr. Hogback]" ends no sentence."""
    out: list[str] = []
    for part in parts:
        if out and (out[-1].count("[") > out[-1].count("]")
                    or out[-1].count("{") > out[-1].count("}")):
            out[-1] += sep + part
        else:
            out.append(part)
    return out


def sentences(ability: str) -> list[str]:
    """An ability's sentences (a bullet option of "Choose one" is a sentence of its own)."""
    return [p.strip() for p in rejoin_brackets(_SENTENCE.split(ability)) if p.strip()]


def shape(clause: str, syntax: Syntax = PLAIN) -> str:
    """The clause's shape for the worklist of unmatched text: numbers -> N (a sign stays:
    +N power is not -N power), {types} -> {T}, [names] -> [NAME] (the game's timing and
    keyword tags, and tag contents its `kept` pattern matches, are kept), <attributes> ->
    <A>, quoted names -> "NAME"."""
    s = normalise(clause).replace("\n", " ")
    s = re.sub(r"\{[^}]*\}", "{T}", s)
    s = re.sub(r"<[^>]*>", "<A>", s)
    s = re.sub(r'"[^"]*"', '"NAME"', s)
    s = re.sub(r"\[([^\]]*)\]",
               lambda m: m.group(0) if m.group(1) in syntax.tags or (
                   syntax.kept and re.fullmatch(syntax.kept, m.group(1))) else "[NAME]", s)
    return re.sub(r"\d+", "N", s)
