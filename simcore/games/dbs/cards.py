"""Dragon Ball Super (Masters) card table: columns, keyword bits, colours, effect codes and the
TOML loader. Card text is not stored: a card is its stats, keywords and the few effect
templates the engine models (see docs/rules-coverage.md)."""

from pathlib import Path

from tcgsim.simcore.cards import CardTable, build_table, read_toml
from tcgsim.simcore.errors import InputError

MAX_VALUE = 1_000_000  # upper bound of every number in a card entry (int32 sums stay safe)

# Columns of the int32 card table.
TYPE, COLORS, COST, SPEC_MASK, SPEC_SUM = 0, 1, 2, 3, 4
SPEC = 5  # SPEC + c: specified (coloured) cost of colour c (2-11-4), 5 columns
POWER = 10
COMBO_COST, COMBO_POWER, HAS_COMBO = 11, 12, 13
KEYWORDS = 14
NAME_ID = 15  # same name, same id ([Unique], 10-42)
EFF, VAL = 16, 17  # Battle/Unison: "when you play this card"; Extra: its skill; Field: static
TIMING = 18  # Extras: when the skill may be used
LIMIT = 19  # [Limit X] on the effect (10-48), 0 = none
COND, COND_VAL, COND_POWER, COND_KW = 20, 21, 22, 23  # [Bond X]/[Sparking X] gated bonus
OVER_REALM = 24  # [Over Realm X] (10-15), 0 = none
AWAKEN_LIFE, AWAKEN_DRAW, AWAKEN_UNTAP, BACK_POWER, BACK_KW = 25, 26, 27, 28, 29  # Leaders
TRAITS = 30
BUSE = 31  # derived: energy needed to use it from hand in a battle step (NO_USE = never)
NCOLS = 32
NO_USE = 1 << 20

# Card types (2-3-2).
LEADER, BATTLE, EXTRA, UNISON = 1, 2, 3, 4
TYPES = {"leader": LEADER, "battle": BATTLE, "extra": EXTRA, "unison": UNISON}

# Colours (2-4-1-1): bit 1 << c for colour index c.
COLOR_NAMES = ["red", "blue", "green", "yellow", "black"]
COLOR_BITS = {n: 1 << i for i, n in enumerate(COLOR_NAMES)}

# Keyword bits (section 10).
KW_DOUBLE_STRIKE = 1 << 0  # 10-7
KW_TRIPLE_STRIKE = 1 << 1
KW_QUADRUPLE_STRIKE = 1 << 2
KW_CRITICAL = 1 << 3  # 10-6
KW_VICTORY_STRIKE = 1 << 4  # 10-20
KW_BARRIER = 1 << 5  # 10-16
KW_INDESTRUCTIBLE = 1 << 6  # 10-12
KW_DEFLECT = 1 << 7  # 10-22
KW_BLOCKER = 1 << 8  # 10-4
KW_DUAL_ATTACK = 1 << 9  # 10-8
KW_TRIPLE_ATTACK = 1 << 10
KW_REVENGE = 1 << 11  # 10-9
KW_UNIQUE = 1 << 12  # 10-42
KW_SERVANT = 1 << 13  # 10-43
KW_ENERGY_EXHAUST = 1 << 14  # 10-34
KW_ULTIMATE = 1 << 15  # 10-14 (deck rule)
KW_SUPER_COMBO = 1 << 16  # 10-17 (deck rule)
KW_DRAGON_BALL = 1 << 17  # 10-31 (deck rule)
KW_HEROIC = 1 << 18  # 10-38
KW_VILLAINOUS = 1 << 19  # 10-39
KW_OFFERING = 1 << 20  # 10-36
KEYWORD_BITS = {
    "double_strike": KW_DOUBLE_STRIKE,
    "triple_strike": KW_TRIPLE_STRIKE,
    "quadruple_strike": KW_QUADRUPLE_STRIKE,
    "critical": KW_CRITICAL,
    "victory_strike": KW_VICTORY_STRIKE,
    "barrier": KW_BARRIER,
    "indestructible": KW_INDESTRUCTIBLE,
    "deflect": KW_DEFLECT,
    "blocker": KW_BLOCKER,
    "dual_attack": KW_DUAL_ATTACK,
    "triple_attack": KW_TRIPLE_ATTACK,
    "revenge": KW_REVENGE,
    "unique": KW_UNIQUE,
    "servant": KW_SERVANT,
    "energy_exhaust": KW_ENERGY_EXHAUST,
    "ultimate": KW_ULTIMATE,
    "super_combo": KW_SUPER_COMBO,
    "dragon_ball": KW_DRAGON_BALL,
    "heroic": KW_HEROIC,
    "villainous": KW_VILLAINOUS,
    "offering": KW_OFFERING,
}
SERVANT_POWER = 10000  # 10-43

# Special traits read by [Heroic]/[Villainous] (10-38, 10-39).
TRAIT_HEROIC, TRAIT_VILLAINOUS = 1, 2
TRAIT_BITS = {"heroic": TRAIT_HEROIC, "villainous": TRAIT_VILLAINOUS}

# [Bond X] / [Sparking X] conditions (10-23, 10-29).
COND_NONE, COND_BOND, COND_SPARKING = 0, 1, 2

# Extra skill timings (8-5, 10-3, 10-10).
T_NONE, T_MAIN, T_BATTLE, T_MAIN_BATTLE, T_COUNTER_PLAY, T_COUNTER_ATTACK, T_FIELD = range(7)
# "none": an imported Extra whose printed skill is not modelled; it is never activated.
TIMINGS = {"none": T_NONE, "main": T_MAIN, "battle": T_BATTLE, "main_battle": T_MAIN_BATTLE,
           "counter_play": T_COUNTER_PLAY, "counter_attack": T_COUNTER_ATTACK, "field": T_FIELD}

# Effect templates the engine models (value in VAL).
EFF_NONE = 0
EFF_DRAW = 1  # draw `value` cards
EFF_KO_POWER_LE = 2  # KO up to 1 opponent Battle Card with power <= value
EFF_POWER_BATTLE = 3  # your card in this battle gains +value power for the battle
EFF_CHARGE = 4  # put the top `value` cards of your deck into your Energy Area in Rest
EFF_UNTAP_ENERGY = 5  # switch up to `value` of your energy to Active
EFF_NEGATE_PLAY = 6  # [Counter: Play] negate the play of a Battle Card of cost <= value
EFF_NEGATE_ATTACK = 7  # [Counter: Attack] negate the attack
EFF_FIELD_POWER = 8  # [Field] static: your Battle Cards gain +value power
EFFECTS = {
    "none": EFF_NONE, "draw": EFF_DRAW, "ko_power_le": EFF_KO_POWER_LE,
    "power_battle": EFF_POWER_BATTLE, "charge": EFF_CHARGE, "untap_energy": EFF_UNTAP_ENERGY,
    "negate_play": EFF_NEGATE_PLAY, "negate_attack": EFF_NEGATE_ATTACK,
    "field_power": EFF_FIELD_POWER,
}
EFFECT_NAMES = {v: k for k, v in EFFECTS.items()}
# Which timing each Extra effect needs.
_EXTRA_EFFECTS = {
    T_NONE: {EFF_NONE},
    T_MAIN: {EFF_DRAW, EFF_KO_POWER_LE, EFF_CHARGE, EFF_UNTAP_ENERGY},
    T_BATTLE: {EFF_POWER_BATTLE, EFF_DRAW, EFF_UNTAP_ENERGY},
    T_MAIN_BATTLE: {EFF_DRAW, EFF_UNTAP_ENERGY, EFF_KO_POWER_LE},
    T_COUNTER_PLAY: {EFF_NEGATE_PLAY},
    T_COUNTER_ATTACK: {EFF_NEGATE_ATTACK},
    T_FIELD: {EFF_FIELD_POWER, EFF_NONE},
}
_ON_PLAY_EFFECTS = {EFF_NONE, EFF_DRAW, EFF_KO_POWER_LE, EFF_CHARGE, EFF_UNTAP_ENERGY}

_KEYS = {"any_copies",  # simcore.deckperm: any number of copies in a deck
         "name", "type", "colors", "cost", "specified", "power", "combo", "keywords",
         "effect", "timing", "bond", "sparking", "over_realm", "awaken", "traits"}


def _int(where: str, entry: dict, key: str, default: int = 0) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUE:
        raise InputError(
            f"{where}.{key}: expected a whole number from 0 to {MAX_VALUE}, got {value!r}"
        )
    return value


def _table(where: str, entry: dict, key: str, keys: set[str]) -> dict:
    spec = entry[key]
    if not isinstance(spec, dict):
        raise InputError(f"{where}.{key}: expected a table such as {{ ... }}")
    unknown = set(spec) - keys
    if unknown:
        raise InputError(f"{where}.{key}: unknown key {sorted(unknown)[0]!r}")
    return spec


def _keywords(where: str, names: object) -> int:
    if not isinstance(names, list):
        raise InputError(f"{where}: expected a list such as [\"blocker\"]")
    bits = 0
    for kw in names:
        if kw not in KEYWORD_BITS:
            raise InputError(f"{where}: unknown keyword {kw!r}; known: {', '.join(KEYWORD_BITS)}")
        bits |= KEYWORD_BITS[kw]
    return bits


def card_row(where: str, entry: dict) -> list[int]:
    """One table row from a card's TOML entry; `where` names file and key in errors."""
    unknown = set(entry) - _KEYS
    if unknown:
        raise InputError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    row = [0] * NCOLS
    kind = entry.get("type")
    if kind not in TYPES:
        raise InputError(f"{where}.type: expected one of {', '.join(TYPES)}, got {kind!r}")
    row[TYPE] = t = TYPES[kind]
    colors = entry.get("colors", [])
    if not colors or not isinstance(colors, list):
        raise InputError(f"{where}.colors: expected a list such as [\"red\"]")
    for c in colors:
        if c not in COLOR_BITS:
            raise InputError(f"{where}.colors: unknown colour {c!r}; known: "
                             f"{', '.join(COLOR_NAMES)}")
        row[COLORS] |= COLOR_BITS[c]
    spec = entry.get("specified", [])
    if not isinstance(spec, list):
        raise InputError(f"{where}.specified: expected a list of colour pips such as "
                         "[\"red\", \"red\"]")
    for c in spec:
        if c not in COLOR_BITS:
            raise InputError(f"{where}.specified: unknown colour {c!r}")
        i = COLOR_NAMES.index(c)
        row[SPEC + i] += 1
        row[SPEC_MASK] |= 1 << i
    row[SPEC_SUM] = len(spec)
    # 2-11-2-1: a total below the specified cost is the specified cost.
    row[COST] = max(_int(where, entry, "cost"), row[SPEC_SUM])
    row[POWER] = _int(where, entry, "power")
    if "combo" in entry:
        combo = _table(where, entry, "combo", {"cost", "power"})
        if t != BATTLE:
            raise InputError(f"{where}.combo: only Battle Cards have combo cost and power (2-9)")
        if "cost" not in combo or "power" not in combo:
            raise InputError(f"{where}.combo: needs both cost and power (3-7-3-1)")
        row[COMBO_COST] = _int(f"{where}.combo", combo, "cost")
        row[COMBO_POWER] = _int(f"{where}.combo", combo, "power")
        row[HAS_COMBO] = 1
    row[KEYWORDS] = _keywords(f"{where}.keywords", entry.get("keywords", []))
    traits = entry.get("traits", [])
    if not isinstance(traits, list) or any(x not in TRAIT_BITS for x in traits):
        raise InputError(f"{where}.traits: expected a list of {', '.join(TRAIT_BITS)}")
    for x in traits:
        row[TRAITS] |= TRAIT_BITS[x]
    if "effect" in entry:
        eff = _table(where, entry, "effect", {"effect", "value", "limit"})
        name = eff.get("effect")
        if name not in EFFECTS:
            raise InputError(f"{where}.effect: unknown effect {name!r}; known: "
                             f"{', '.join(EFFECTS)}")
        row[EFF] = EFFECTS[name]
        row[VAL] = _int(f"{where}.effect", eff, "value", 1 if name in ("draw", "charge") else 0)
        row[LIMIT] = _int(f"{where}.effect", eff, "limit")
    timing = entry.get("timing")
    if t == EXTRA:
        if timing not in TIMINGS:
            raise InputError(f"{where}.timing: an Extra Card needs one of {', '.join(TIMINGS)}")
        row[TIMING] = TIMINGS[timing]
        if row[EFF] not in _EXTRA_EFFECTS[row[TIMING]]:
            raise InputError(f"{where}.effect: {EFFECT_NAMES[row[EFF]]} cannot be used with "
                             f"timing {timing}")
    elif timing is not None:
        raise InputError(f"{where}.timing: only Extra Cards have a timing")
    elif row[EFF] not in _ON_PLAY_EFFECTS:
        raise InputError(f"{where}.effect: {EFFECT_NAMES[row[EFF]]} is not a 'when you play "
                         "this card' effect")
    for key, cond in (("bond", COND_BOND), ("sparking", COND_SPARKING)):
        if key in entry:
            spec_ = _table(where, entry, key, {"count", "power", "keywords"})
            if row[COND] != COND_NONE:
                raise InputError(f"{where}.{key}: at most one of bond, sparking")
            row[COND] = cond
            row[COND_VAL] = _int(f"{where}.{key}", spec_, "count", 1)
            row[COND_POWER] = _int(f"{where}.{key}", spec_, "power")
            row[COND_KW] = _keywords(f"{where}.{key}.keywords", spec_.get("keywords", []))
    row[OVER_REALM] = _int(where, entry, "over_realm")
    if row[OVER_REALM] and t != BATTLE:
        raise InputError(f"{where}.over_realm: only Battle Cards are modelled with Over Realm")
    if t == LEADER:
        if row[POWER] == 0:
            raise InputError(f"{where}.power: a Leader needs power (2-8-2)")
        row[BACK_POWER] = row[POWER]
        if "awaken" in entry:
            aw = _table(where, entry, "awaken", {"life", "draw", "untap", "power", "keywords"})
            row[AWAKEN_LIFE] = _int(f"{where}.awaken", aw, "life", 4)
            row[AWAKEN_DRAW] = _int(f"{where}.awaken", aw, "draw", 2)
            row[AWAKEN_UNTAP] = _int(f"{where}.awaken", aw, "untap")
            row[BACK_POWER] = _int(f"{where}.awaken", aw, "power", row[POWER])
            row[BACK_KW] = _keywords(f"{where}.awaken.keywords", aw.get("keywords", []))
            if row[AWAKEN_LIFE] == 0:
                raise InputError(f"{where}.awaken.life: must be at least 1")
    elif "awaken" in entry:
        raise InputError(f"{where}.awaken: only Leaders awaken (10-2)")
    if t in (BATTLE, UNISON) and row[POWER] == 0 and "power" not in entry:
        raise InputError(f"{where}.power: a {kind} card needs power (2-8-2)")
    row[BUSE] = NO_USE  # a cheap filter for the Offense/Defense Step scans
    if t == BATTLE and row[HAS_COMBO]:
        row[BUSE] = row[COMBO_COST]
    elif t == EXTRA and row[TIMING] in (T_BATTLE, T_MAIN_BATTLE):
        row[BUSE] = row[COST]
    return row


def load_cards(paths: list[Path], store: dict[str, dict] | None = None) -> CardTable:
    """Merge imported cards (`store`, lowest precedence) and card pool files; a later file
    may not redefine a code differently."""
    rows: dict[str, tuple[str, str, list[int]]] = {}
    any_copies: set[str] = set()
    for code, entry in (store or {}).items():
        rows[code] = (code, str(entry.get("name", code)), card_row(f"card store: {code}", entry))
        if entry.get("any_copies") is True:
            any_copies.add(code)
    imported = set(rows)
    for path in paths:
        data = read_toml(path)
        cards = data.get("cards")
        if not isinstance(cards, dict):
            raise InputError(f"{path}: expected a [cards] table")
        for code, entry in cards.items():
            where = f"{path}: cards.{code}"
            if not isinstance(entry, dict):
                raise InputError(f"{where}: expected a table")
            row = card_row(where, entry)
            code = code.upper()
            name = str(entry.get("name", code))
            if (code in rows and code not in imported
                    and (rows[code][2] != row or rows[code][1] != name)):
                raise InputError(f"{where}: redefines {code} with different stats")
            rows[code] = (code, name, row)
            if entry.get("any_copies") is True:
                any_copies.add(code)
            imported.discard(code)
    names: dict[str, int] = {}
    for _, name, row in rows.values():
        row[NAME_ID] = names.setdefault(name, len(names))
    return build_table("dbs", list(rows.values()), NCOLS, any_copies)
