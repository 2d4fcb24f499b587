"""Read the engine's card model out of ONE PIECE card text: unconditional keywords and the
effects the engine models. Every ability it cannot model is returned as unmodelled text."""

import re
from dataclasses import dataclass, field

_REMINDER = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)")
_KEYWORDS = {"Rush": "rush", "Blocker": "blocker", "Double Attack": "double_attack",
             "Banish": "banish", "Rush: Character": "rush_character",
             "Unblockable": "unblockable"}
_KEYWORD_LINE = re.compile(r"^(?:\[(?:Rush|Blocker|Double Attack|Banish|Rush: Character|"
                           r"Unblockable)\]\s*)+$")
_N = r"(\d+)"
_EFFECTS = [
    (re.compile(rf"^Draw {_N} cards?\.$"), "draw"),
    (re.compile(r"^Play this card\.$"), "play_self"),
    (re.compile(rf"^K\.O\. up to 1 of your opponent's Characters with a cost of {_N} or less\.$"),
     "ko_cost_le"),
    (re.compile(rf"^K\.O\. up to 1 of your opponent's Characters with {_N} power or less\.$"),
     "ko_power_le"),
    (re.compile(rf"^Rest up to 1 of your opponent's Characters with a cost of {_N} or less\.$"),
     "rest_cost_le"),
    (re.compile(r"^Rest up to 1 of your opponent's Characters\.$"), "rest_cost_le"),
    (re.compile(rf"^Return up to 1 Character with a cost of {_N} or less to the owner's hand\.$"),
     "bounce_cost_le"),
    (re.compile(rf"^Up to 1 of your Leader or Character cards gains \+{_N} power during this "
                r"turn\.$"), "power_turn"),
    (re.compile(rf"^Up to 1 of your Leader or Character cards gains \+{_N} power during this "
                r"battle\.$"), "power_battle"),
    (re.compile(r"^Add up to 1 card from the top of your deck to the top of your Life cards\.$"),
     "add_life"),
    (re.compile(rf"^Deal {_N} damage to your opponent's Leader\.$"), "life_damage"),
]
_ANY_COST = 99  # "Rest up to 1 of your opponent's Characters." has no cost limit
_SLOT_TAGS = {"On Play": "on_play", "Main": "main", "Counter": "counter_event"}
_TAGGED = re.compile(r"^\[(On Play|Main|Counter)\]\s*(.*)$")
_ACTIVATE = re.compile(r"^Activate this card's \[(On Play|Main|Counter)\] effect\.$")


@dataclass
class ParsedText:
    """What the engine will model of one card's text, and what it will not."""

    keywords: list[str] = field(default_factory=list)
    effects: dict[str, tuple[str, int]] = field(default_factory=dict)  # slot -> (effect, value)
    modelled: list[str] = field(default_factory=list)  # abilities modelled (clean text)
    unmodelled: list[str] = field(default_factory=list)  # abilities not modelled (clean text)


def clean(text: str) -> str:
    """Drop reminder text in parentheses and collapse spaces."""
    return re.sub(r"\s+", " ", _REMINDER.sub("", text)).strip()


def parse_effect(body: str) -> tuple[str, int] | None:
    """(effect, value) if the whole sentence is one effect the engine models."""
    body = clean(body)
    for pattern, name in _EFFECTS:
        m = pattern.match(body)
        if m:
            if m.groups():
                return name, int(m.group(1))
            return name, _ANY_COST if name == "rest_cost_le" else 1
    return None


# Some databases run abilities together on one line ("[Rush] (reminder)[When Attacking] ..."):
# an ability tag right after the end of a sentence or a reminder starts a new ability.
_RUN_ON = re.compile(
    r"(?<=[.)])\s*(?=\[(?:Rush|Rush: Character|Blocker|Double Attack|Banish|Unblockable|"
    r"When Attacking|On Play|"
    r"DON!! x\d+|Activate: ?Main|Main|Counter|On K\.O\.|On Block|End of Your Turn|"
    r"End of Your Opponent's Turn|Your Turn|Opponent's Turn|Once Per Turn|"
    r"On Your Opponent's Attack)\])")


# ... or a keyword line (with its reminder) straight into the next ability ("[Blocker]
# [On K.O.] ...", "[Rush] (reminder) When your opponent ...").
_KW = r"(?:Rush: Character|Rush|Blocker|Double Attack|Banish|Unblockable)"
_KEYWORDS_FIRST = re.compile(
    rf"^((?:\[{_KW}\]\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*)+)(?=\S)(?!\[{_KW}\])")


def paragraphs(effect_text: str | None) -> list[str]:
    """The effect text cut into one piece per ability, reminders kept: at line breaks, and
    where a database runs abilities together on one line."""
    if not effect_text or effect_text.strip() in ("", "-"):
        return []
    parts = []
    for paragraph in re.split(r"<br\s*/?>|\n", effect_text):
        for piece in _RUN_ON.split(paragraph):
            parts += _KEYWORDS_FIRST.sub("\\1\n", piece.strip()).split("\n")
    return [p.strip() for p in parts if p.strip()]


def abilities(effect_text: str | None) -> list[str]:
    """The card's abilities: one per paragraph of its effect text (reminders dropped)."""
    out: list[str] = []
    for c in (clean(p) for p in paragraphs(effect_text)):
        if c.startswith("•") and out:  # an option of "Choose one:" belongs to its ability
            out[-1] += " " + c
        elif c and c != "-":
            out.append(c)
    return out


def parse_card(effect_text: str | None, trigger_text: str | None) -> ParsedText:
    """Keywords and modelled effects of one card; every other ability is unmodelled."""
    out = ParsedText()
    for ability in abilities(effect_text):
        if _KEYWORD_LINE.match(ability):
            for kw in re.findall(r"\[([^\]]+)\]", ability):
                out.keywords.append(_KEYWORDS[kw])
            out.modelled.append(ability)
            continue
        m = _TAGGED.match(ability)
        parsed = parse_effect(m.group(2)) if m else None
        if m and parsed:
            out.effects[_SLOT_TAGS[m.group(1)]] = parsed
            out.modelled.append(ability)
        else:
            out.unmodelled.append(ability)
    trig = clean(trigger_text or "")
    if trig:
        body = re.sub(r"^\[Trigger\]\s*", "", trig)
        act = _ACTIVATE.match(body)
        parsed = out.effects.get(_SLOT_TAGS[act.group(1)]) if act else parse_effect(body)
        if parsed and parsed[0] != "life_damage":
            out.effects["trigger"] = parsed
            out.modelled.append(trig)
        else:
            out.unmodelled.append(trig)
    return out
