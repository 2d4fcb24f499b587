"""Read the engine's card model out of Dragon Ball Super (Masters) card text: unconditional
keywords, [Over Realm X], Leader [Awaken], a plain [Bond]/[Sparking] power bonus and the effect
templates the engine models. Every other ability is returned as unmodelled text."""

import html
import re
from dataclasses import dataclass, field

# Printed keyword (the icon's name) -> keyword of the card model (cards.KEYWORD_BITS).
KEYWORDS = {
    "Double Strike": "double_strike", "Triple Strike": "triple_strike",
    "Quadruple Strike": "quadruple_strike", "Critical": "critical",
    "Victory Strike": "victory_strike", "Barrier": "barrier",
    "Indestructible": "indestructible", "Deflect": "deflect", "Blocker": "blocker",
    "Dual Attack": "dual_attack", "Triple Attack": "triple_attack", "Revenge": "revenge",
    "Unique": "unique", "Servant": "servant", "Energy-Exhaust": "energy_exhaust",
    "Energy Exhaust": "energy_exhaust", "Ultimate": "ultimate", "Super Combo": "super_combo",
    "Dragon Ball": "dragon_ball", "Heroic": "heroic", "Villainous": "villainous",
    "Offering": "offering",
}
# Extra Card timing tags -> cards.TIMINGS.
TIMING_TAGS = {"Activate Main": "main", "Activate Battle": "battle",
               "Activate: Main/Battle": "main_battle", "Counter Play": "counter_play",
               "Counter Attack": "counter_attack"}

_IMG = re.compile(r"<img[^>]*>", re.IGNORECASE)
_ALT = re.compile(r'alt="([^"]*)"')
_BALL = re.compile(r"/(red|blue|green|yellow|black)_ball\.png")
_REMINDER = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)")
_OPEN_REMINDER = re.compile(r"\s*\([^()]*$")  # a reminder whose closing bracket is missing
_COST_TOKENS = {"", "X", "one", "two", "three", "four", "five", "six", "seven", "eight",
                "nine", "ten", "sixteen"}  # icons with a number: an energy cost
_TOKENS_ONLY = re.compile(r"^(?:\[[^\]]*\]\s*)+$")
# Two skills run together in one paragraph: "...negated.[Auto] When you play ..."
_RUN_TOGETHER = re.compile(r"(?<=[.!?])\s*(?=\[(?:Auto|Permanent|Activate Main|Activate Battle|"
                           r"Activate: Main/Battle|Counter Play|Counter Attack)\])")
_BULLET = re.compile(r"^[・･\-－]\s*")
_NONE = ("", "-", "‐", "－", "–", "—")  # "no skills", in the dashes the sources use
# Reminder texts that name a modelled keyword (to recover a lost icon).
_REMINDER_KEYWORDS = {"you win the game": "Victory Strike",
                      "can't be chosen by the skills of your opponent's cards": "Barrier",
                      "change the target of the attack to this card": "Blocker",
                      "2 damage instead of 1": "Double Strike",
                      "3 damage instead of 1": "Triple Strike"}
_N = r"(\d+)"
_CARDS = r"cards?"

# Bodies of "when you play this card" skills (Battle and Unison Cards).
_ON_PLAY = re.compile(r"^\[Auto\] (?:When you play this card|When this card is played), (.+)$")
_ON_PLAY_BODIES = [
    (re.compile(rf"^draw {_N} {_CARDS}\.$"), "draw"),
    (re.compile(rf"^choose up to 1 of your opponent's Battle Cards with {_N} power or less "
                r"and KO it\.$"), "ko_power_le"),
    (re.compile(rf"^choose up to {_N} of your energy,? and switch (?:it|them) to Active Mode\.$"),
     "untap_energy"),
    (re.compile(rf"^switch up to {_N} of your energy to Active Mode\.$"), "untap_energy"),
    (re.compile(rf"^place the top {_N} {_CARDS} of your deck in your Energy Area in Rest "
                r"Mode\.$"), "charge"),
    (re.compile(rf"^add the top {_N} {_CARDS} of your deck to your energy in Rest Mode\.$"),
     "charge"),
]
# Bodies of Extra Card skills, by timing.
_DRAW = (re.compile(rf"^Draw {_N} {_CARDS}\.$"), "draw")
_KO = (re.compile(rf"^Choose up to 1 of your opponent's Battle Cards with {_N} power or less "
                  r"and KO it\.$"), "ko_power_le")
_UNTAP = (re.compile(rf"^Choose up to {_N} of your energy,? and switch (?:it|them) to Active "
                     r"Mode\.$"), "untap_energy")
_CHARGE = (re.compile(rf"^Place the top {_N} {_CARDS} of your deck in your Energy Area in Rest "
                      r"Mode\.$"), "charge")
_POWER = (re.compile(rf"^Choose (?:up to )?1 of your (?:cards|Leader Cards or Battle Cards)"
                     rf"(?: and it|\. It) (?:gets|gains) \+{_N} power for the (?:duration of "
                     r"the )?battle\.$"), "power_battle")
_NEGATE_ATTACK = (re.compile(r"^Negate the attack\.$"), "negate_attack")
_NEGATE_PLAY = (re.compile(rf"^Negate the play of (?:a|1) Battle Card with an energy cost of "
                           rf"{_N} or less\.$"), "negate_play")
_EXTRA_BODIES = {
    "main": [_DRAW, _KO, _UNTAP, _CHARGE],
    "battle": [_POWER, _DRAW, _UNTAP],
    "main_battle": [_DRAW, _UNTAP, _KO],
    "counter_play": [_NEGATE_PLAY],
    "counter_attack": [_NEGATE_ATTACK],
}
_EXTRA_SKILL = re.compile(r"^\[(Activate Main|Activate Battle|Activate: Main/Battle|"
                          r"Counter Play|Counter Attack)\]\s*(.+)$")
_OVER_REALM = re.compile(r"^\[Over Realm (\d+)\]$")
_COND = re.compile(r"^\[Permanent\]\s*\[(Bond|Sparking) (\d+)\]\s*:?\s*This card (?:gets|gains) "
                   r"(.+?)\.$")
_TRAIT = re.compile(r"^\[Permanent\] This card gains 《(Heroic|Villainous)》 in all areas\.$")
_AWAKEN = re.compile(r"^\[Awaken\] When your life is at (\d+) or less ?: ?(?:You may )?(.+?),? "
                     r"(?:and |then )?flip this card over\.$")
_AW_DRAW = re.compile(r"\bdraw (\d+) cards?", re.IGNORECASE)
_AW_UNTAP = re.compile(r"\bchoose up to (\d+) of your energy,? (?:and )?switch (?:them|it) to "
                       r"Active Mode|\bswitch up to (\d+) of your energy to Active Mode",
                       re.IGNORECASE)


@dataclass
class ParsedText:
    """What the engine will model of one card's text, and what it will not."""

    keywords: list[str] = field(default_factory=list)
    effect: tuple[str, int] | None = None  # (effect template, value)
    timing: str = ""  # Extras: when the skill is used ("" for other card types)
    over_realm: int = 0
    cond: tuple[str, int, int, list[str]] | None = None  # (bond|sparking, count, power, kws)
    traits: list[str] = field(default_factory=list)
    awaken: dict | None = None  # Leaders: {life, draw, untap, keywords}
    problems: list[str] = field(default_factory=list)  # text that could not be read
    modelled: list[str] = field(default_factory=list)  # abilities modelled (clean text)
    unmodelled: list[str] = field(default_factory=list)  # abilities not modelled (clean text)


def _img(m: re.Match) -> str:
    tag = m.group(0)
    ball = _BALL.search(tag)
    if ball:
        return "{" + ball.group(1) + "}"
    alt = _ALT.search(tag)
    return f"[{alt.group(1).strip()}]" if alt else ""


def abilities(text: str | None, problems: list[str] | None = None) -> list[str]:
    """The card's abilities in clean text: icons as [Name] (energy pips as {colour}),
    reminders dropped, one per paragraph; "choose one" options stay with their skill.
    A paragraph that lost its keyword icon is added to `problems` (and recovered from its
    reminder text when that names the keyword)."""
    if not text or text.strip() in _NONE:
        return []
    text = _IMG.sub(_img, text).replace("（", "(").replace("）", ")")
    out: list[str] = []
    for part in re.split(r"<br\s*/?>|\n", text):
        raw = html.unescape(re.sub(r"<[^>]+>", "", part))
        part = _OPEN_REMINDER.sub("", _REMINDER.sub("", raw))
        part = re.sub(r"\s+", " ", part).strip()
        if 0 < len(part) <= 2 and part not in _NONE:  # e.g. "c(When you deal ... win ...)"
            kw = next((k for phrase, k in _REMINDER_KEYWORDS.items() if phrase in raw), None)
            if problems is not None:
                problems.append(f"skill text {part!r} without its keyword icon; " + (
                    f"read as [{kw}] from its reminder text" if kw else "ignored"))
            if kw is None:
                continue
            part = f"[{kw}]"
        part = re.sub(r"(?<=\])\s+\]$", "", part)  # a stray bracket after an icon
        if part in _NONE:
            continue
        if out and _BULLET.match(part) and not part.startswith("-"):
            out[-1] = f"{out[-1]} {part}"
        else:
            out += _RUN_TOGETHER.split(part)
    return out


def _tokens(line: str) -> list[str]:
    return [t.strip() for t in re.findall(r"\[([^\]]*)\]", line)]


def _match(bodies: list, body: str) -> tuple[str, int] | None:
    for pattern, name in bodies:
        m = pattern.match(body)
        if m:
            return name, int(m.group(1)) if m.groups() else 0
    return None


def _keyword_line(line: str, kind: str, out: ParsedText) -> bool:
    """A line of icons only: modelled keywords are taken one by one, the rest of the line
    (e.g. [Revive Blue/Green], or a keyword followed by a cost) is one unmodelled ability.
    True if the line was handled."""
    if not _TOKENS_ONLY.match(line):
        return False
    groups: list[list[str]] = []
    for tok in _tokens(line):
        if groups and tok in _COST_TOKENS:  # a cost icon belongs to the skill before it
            groups[-1].append(tok)
        else:
            groups.append([tok])
    rest = []
    for group in groups:
        tok, text = group[0], "".join(f"[{t}]" for t in group)
        realm = re.match(r"^Over Realm (\d+)$", tok)
        if len(group) > 1:
            rest.append(text)
        elif tok in KEYWORDS:
            kw = KEYWORDS[tok]
            if kw not in out.keywords:
                out.keywords.append(kw)
            # 10-8: the engine applies [Dual/Triple Attack] to Battle Cards only
            if kw in ("dual_attack", "triple_attack") and kind != "battle":
                rest.append(text)
            else:
                out.modelled.append(text)
        elif tok == "Field" and kind == "extra" and not out.timing:
            out.timing = "field"
            out.modelled.append(text)
        elif realm and kind == "battle" and not out.over_realm:
            out.over_realm = int(realm.group(1))
            out.modelled.append(text)
        else:
            rest.append(text)
    if rest:
        out.unmodelled.append("".join(rest))
    return True


def _cond(m: re.Match) -> tuple[str, int, int, list[str]] | None:
    """[Bond X]/[Sparking X]: 'This card gets +N power', '... gains [KW]' or both."""
    gain = m.group(3)
    pm = re.match(r"^\+(\d+) power(?: and (.+))?$", gain)
    power, kws_text = (int(pm.group(1)), pm.group(2)) if pm else (0, gain)
    kws: list[str] = []
    if kws_text:
        toks = _tokens(kws_text)
        if not toks or not _TOKENS_ONLY.match(re.sub(r"\s*(?:and|,)\s*", "", kws_text)):
            return None
        for t in toks:
            if t not in KEYWORDS:
                return None
            kws.append(KEYWORDS[t])
    return m.group(1).lower(), int(m.group(2)), power, kws


def _awaken(line: str) -> dict | None:
    m = _AWAKEN.match(line)
    if not m:
        return None
    mid = m.group(2)
    draw = untap = 0
    d = _AW_DRAW.search(mid)
    if d:
        draw = int(d.group(1))
        mid = mid.replace(d.group(0), "", 1)
    u = _AW_UNTAP.search(mid)
    if u:
        untap = int(u.group(1) or u.group(2))
        mid = mid.replace(u.group(0), "", 1)
    if re.sub(r"\b(?:and|then)\b|[,\s]", "", mid):  # something else happens too
        return None
    return {"life": int(m.group(1)), "draw": draw, "untap": untap}


def parse_card(kind: str, text: str | None, back_text: str | None = None) -> ParsedText:
    """Model one card of type `kind` (leader, battle, extra, unison) from its skill text
    (and a Leader's back side): keywords, effects; every other ability is unmodelled."""
    out = ParsedText()
    for line in abilities(text, out.problems):
        if _keyword_line(line, kind, out):
            continue
        if kind == "leader":
            aw = _awaken(line)
            if aw and out.awaken is None:
                out.awaken = aw
                out.modelled.append(line)
            else:
                out.unmodelled.append(line)
            continue
        m = _OVER_REALM.match(line)
        if m and kind == "battle" and not out.over_realm:
            out.over_realm = int(m.group(1))
            out.modelled.append(line)
            continue
        m = _TRAIT.match(line)
        if m:
            out.traits.append(m.group(1).lower())
            out.modelled.append(line)
            continue
        m = _COND.match(line)
        cond = _cond(m) if m and kind == "battle" and out.cond is None else None
        if cond:
            out.cond = cond
            out.modelled.append(line)
            continue
        parsed, timing = None, ""
        if kind in ("battle", "unison") and out.effect is None:
            m = _ON_PLAY.match(line)
            parsed = _match(_ON_PLAY_BODIES, m.group(1)) if m else None
        elif kind == "extra" and out.effect is None and out.timing in ("", "field"):
            m = _EXTRA_SKILL.match(line)
            if m and out.timing == "":
                timing = TIMING_TAGS[m.group(1)]
                parsed = _match(_EXTRA_BODIES[timing], m.group(2))
        if parsed:
            out.effect = parsed
            if timing:
                out.timing = timing
            out.modelled.append(line)
        else:
            out.unmodelled.append(line)
    if kind == "leader" and back_text:
        back = ParsedText()
        for line in abilities(back_text, out.problems):
            if not _keyword_line(line, "leader", back):
                back.unmodelled.append(line)
        if out.awaken is not None:  # the back side is reached only by a modelled [Awaken]
            out.awaken["keywords"] = back.keywords
            out.modelled += [f"(awakened) {t}" for t in back.modelled]
        else:
            back.unmodelled = back.modelled + back.unmodelled
        out.unmodelled += [f"(awakened) {t}" for t in back.unmodelled]
    return out
