"""Read the engine's card model out of Weiß Schwarz card text: the counter icon, Backup,
keyword Encore, Brainstorm, Assist, climax bonuses and simple events, each only when the
ability means exactly what the engine plays. Every other ability is returned as unmodelled."""

import re
import unicodedata
from dataclasses import dataclass, field

_TAGS = re.compile(r"\[(AUTO|CONT|ACT|COUNTER|CLOCK|REST)\]")
# Reminder text in parentheses; a stock cost such as "(1)" is kept.
_REMINDER = re.compile(r"\s*\((?!\d+\))(?:[^()]|\([^()]*\))*\)")
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
_ONE = r"(?:1|one|a|an)"
_ONE_G = r"(1|one|a|an)"  # the same, captured
_COUNTER = re.compile(r"^(?:【ACT】 )?【COUNTER】")

# The DB's typos are tolerated where the meaning stays plain: a missing comma or space,
# "{" for "[", a stock cost without its parentheses.
_BACKUP = re.compile(r"^【ACT】 【COUNTER】 Backup (\d+),? Level ?(\d+) [\[{](?:\(?(\d+)\)? ?)?Put "
                     r"this card from your hand into your waiting room\]$")
_ENCORE_STOCK = re.compile(r"^【AUTO】 Encore \[\((\d+)\)\]$")
_ENCORE_HAND = re.compile(rf"^【AUTO】 Encore \[Put {_ONE} characters? from your hand into "
                          r"your waiting room\]$")
_BRAINSTORM = re.compile(
    r"^【ACT】 Brainstorm \[(?:\(?(\d+)\)? )?【REST】 this card\] (?:Flip over|Reveal) "
    rf"(?:{_NUM} cards? from the top of your deck|the top {_NUM} cards? of your deck),? and put "
    r"(?:them|it) in(?:to)? your waiting room\. For each climax revealed(?: among those "
    rf"cards)?, (?:you may )?draw (?:up to )?{_ONE} cards?\.$")
_ASSIST = re.compile(r"^【CONT】 Assist All of your characters in front of this card gets? "
                     r"\+(\d+) power\.$")
_ASSIST_LV = re.compile(
    r"^【CONT】 Assist All of your characters in front of this card gets? \+X power\. X is "
    r"equal to (?:that character's level ?[×x*] ?(\d+)|(\d+) ?(?:[×x*]|multiplied by) ?that "
    r"character's level|the level of that character ?[×x*] ?(\d+))\.$")
_CLIMAX = re.compile(r"^【CONT】 All of your characters gets? (?:\+(\d+)-* power(?: and \+(\d+) "
                     r"soul)?|\+(\d+) soul)\.$")
_EVENTS = [
    (re.compile(rf"^Draw (?:up to )?{_NUM} cards?\.$"), "draw"),
    (re.compile(rf"^Deal {_NUM} damage to your opponent\.$"), "burn"),
    # Salvage is modelled for one character only (the engine's value is 1 in the spec).
    (re.compile(rf"^Choose (?:up to )?{_ONE_G} character in your waiting room, and "
                r"return it to your hand\.$"), "salvage"),
    (re.compile(rf"^Choose (?:up to )?{_ONE} of your characters, and that character gets "
                r"\+(\d+) power until end of turn\.$"), "power"),
]


@dataclass
class ParsedText:
    """What the engine will model of one card's text, and what it will not. `items` has
    the card pool's TOML keys (counter, backup, encore, brainstorm, assist, ...)."""

    items: dict[str, object] = field(default_factory=dict)
    modelled: list[str] = field(default_factory=list)  # abilities modelled (clean text)
    unmodelled: list[str] = field(default_factory=list)  # abilities not modelled (clean text)
    broken: list[str] = field(default_factory=list)  # paragraphs that are not abilities

    @property
    def keywords(self) -> list[str]:
        return sorted(self.items)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def normalize(text: str) -> str:
    """One spelling for the DB's variants: full-width brackets and digits, [AUTO]-style
    tags, spacing around 【】 tags and inside cost brackets."""
    s = unicodedata.normalize("NFKC", text)
    s = _TAGS.sub(r"【\1】", s)
    s = re.sub(r"】(?=[^\s\]])", "】 ", s)
    s = re.sub(r"(?<=[^\s\[(])【", " 【", s)
    s = re.sub(r"\s+", " ", s)
    return s.replace("[ ", "[").replace(" ]", "]").strip()


def clean(text: str) -> str:
    """Normalised text without reminder text in parentheses."""
    prev = None
    s = normalize(text)
    while prev != s:  # reminders may hold nested parentheses
        prev, s = s, _REMINDER.sub("", s)
    return re.sub(r"\s+", " ", s).strip()


_PLACEHOLDERS = ("", "-", "0", "―", "—", "–")  # "no ability" in the DB (after NFKC)


def _is_ability(text: str) -> bool:
    """Abilities have English words beyond their 【】 tags (not a placeholder, a bare tag
    or an editor's note in Japanese)."""
    return bool(re.search(r"[A-Za-z]", re.sub(r"【[^】]*】", "", text)))


def split_abilities(texts: list[str] | str | None) -> tuple[list[str], list[str]]:
    """(abilities, broken): the card's abilities, cleaned, with placeholders and pure
    reminder paragraphs (trigger icon help) dropped; `broken` holds the other paragraphs
    that are not abilities (a bare tag, an editor's note), as printed."""
    if texts is None:
        return [], []
    if isinstance(texts, str):
        texts = [texts]
    out, broken = [], []
    for t in texts:
        c = clean(str(t))
        if _is_ability(c):
            out.append(c)
        elif c not in _PLACEHOLDERS:
            broken.append(str(t))
    return out, broken


def abilities(texts: list[str] | str | None) -> list[str]:
    """The card's abilities, cleaned (see split_abilities)."""
    return split_abilities(texts)[0]


def _character(ability: str) -> dict[str, object] | None:
    m = _BACKUP.match(ability)
    if m:
        return {"backup": {"power": int(m.group(1)), "level": int(m.group(2)),
                           "cost": int(m.group(3) or 0)}}
    m = _ENCORE_STOCK.match(ability)
    if m:
        return {"encore": {"stock": int(m.group(1))}}
    if _ENCORE_HAND.match(ability):
        return {"encore": {"hand": True}}
    m = _BRAINSTORM.match(ability)
    if m:
        flip = _n(m.group(2) or m.group(3))
        return {"brainstorm": {"flip": flip, "cost": int(m.group(1) or 0)}}
    m = _ASSIST.match(ability)
    if m:
        return {"assist": int(m.group(1))}
    m = _ASSIST_LV.match(ability)
    if m:
        return {"assist_per_level": int(next(g for g in m.groups() if g))}
    return None


def _climax(ability: str) -> dict[str, object] | None:
    m = _CLIMAX.match(ability)
    if not m:
        return None
    out: dict[str, object] = {}
    if m.group(1):
        out["climax_power"] = int(m.group(1))
    soul = m.group(2) or m.group(3)
    if soul:
        out["climax_soul"] = int(soul)
    return out


def parse_event(text: str) -> tuple[str, int] | None:
    """(effect, value) if an event's whole effect is one the engine models."""
    body = _COUNTER.sub("", text).strip()
    for pattern, name in _EVENTS:
        m = pattern.match(body)
        if m:
            return name, _n(m.group(1))
    return None


def parse_card(card_type: str, texts: list[str] | str | None) -> ParsedText:
    """The modelled items of one card (type: character, event or climax) and the rest."""
    out = ParsedText()
    abil, out.broken = split_abilities(texts)
    if any(_COUNTER.match(a) for a in abil):
        out.items["counter"] = True
    if card_type == "event":
        ev = parse_event(" ".join(abil)) if abil else None
        if ev:
            out.items["event"] = {"effect": ev[0], "value": ev[1]}
            out.modelled.append(" ".join(abil))
        else:
            out.unmodelled.extend(abil)
        return out
    reader = _climax if card_type == "climax" else _character
    for ability in abil:
        got = reader(ability)
        if got and not set(got) & set(out.items):
            out.items.update(got)
            out.modelled.append(ability)
        else:
            out.unmodelled.append(ability)
    return out
