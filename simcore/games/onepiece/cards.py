"""ONE PIECE card table: columns, keyword bits, colours and the effect codes the engine models."""

from pathlib import Path

from tcgsim.simcore.cards import CardTable, build_table, read_toml
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece.layout import LIFE_CAP

# Upper bound of every number in a card entry: keeps the int32 table and the power sums the
# kernels compute (power + DON + boosts) far from overflow.
MAX_VALUE = 1_000_000

# Columns of the int32 card table.
CATEGORY, COLORS, COST, POWER, COUNTER, LIFE, KEYWORDS = 0, 1, 2, 3, 4, 5, 6
TRIGGER_EFF, TRIGGER_VAL = 7, 8  # [Trigger]: effect when revealed from Life
MAIN_EFF, MAIN_VAL = 9, 10  # Character [On Play] or Event [Main]
COUNTER_EFF, COUNTER_VAL = 11, 12  # Event [Counter]
NCOLS = 13

# Categories (2-2-2).
LEADER, CHARACTER, EVENT, STAGE = 1, 2, 3, 4
CATEGORIES = {"leader": LEADER, "character": CHARACTER, "event": EVENT, "stage": STAGE}

# Keyword bits (10-1).
KW_RUSH, KW_DOUBLE_ATTACK, KW_BANISH, KW_BLOCKER = 1, 2, 4, 8
KW_RUSH_CHAR = 16  # [Rush: Character]: may attack Characters on the turn it is played
KW_UNBLOCKABLE = 32  # [Unblockable]: the opponent cannot activate [Blocker] against it
KEYWORD_BITS = {
    "rush": KW_RUSH,
    "double_attack": KW_DOUBLE_ATTACK,
    "banish": KW_BANISH,
    "blocker": KW_BLOCKER,
    "rush_character": KW_RUSH_CHAR,
    "unblockable": KW_UNBLOCKABLE,
}

# Colours (2-3-3).
COLOR_BITS = {"red": 1, "green": 2, "blue": 4, "purple": 8, "black": 16, "yellow": 32}

# Effects the engine models. A card carries (effect, value) in each of its three slots.
EFF_NONE = 0
EFF_DRAW = 1  # draw `value` cards
EFF_PLAY_SELF = 2  # [Trigger] play this card
EFF_KO_COST_LE = 3  # K.O. up to 1 opponent Character with cost <= value
EFF_POWER_TURN = 4  # up to 1 of your Leader or Characters gains +value power during this turn
EFF_POWER_BATTLE = 5  # your Leader or 1 Character gains +value power during this battle
EFF_ADD_LIFE = 6  # add up to `value` cards from the top of your deck to the top of your Life
EFF_REST_COST_LE = 7  # rest up to 1 opponent Character with cost <= value
EFF_LIFE_DAMAGE = 8  # deal `value` damage to the opponent's Leader (effect damage)
EFF_KO_POWER_LE = 9  # K.O. up to 1 opponent Character with power <= value
EFF_BOUNCE_COST_LE = 10  # return up to 1 opponent Character with cost <= value to its hand
EFF_PROGRAM = 11  # a compiled program plays this ability (effects/pack.pair_tables only)
EFFECTS = {
    "none": EFF_NONE,
    "draw": EFF_DRAW,
    "play_self": EFF_PLAY_SELF,
    "ko_cost_le": EFF_KO_COST_LE,
    "power_turn": EFF_POWER_TURN,
    "power_battle": EFF_POWER_BATTLE,
    "add_life": EFF_ADD_LIFE,
    "rest_cost_le": EFF_REST_COST_LE,
    "life_damage": EFF_LIFE_DAMAGE,
    "ko_power_le": EFF_KO_POWER_LE,
    "bounce_cost_le": EFF_BOUNCE_COST_LE,
}
EFFECT_NAMES = {v: k for k, v in EFFECTS.items()} | {EFF_PROGRAM: "program"}

_SLOTS = {
    "trigger": TRIGGER_EFF, "on_play": MAIN_EFF, "main": MAIN_EFF, "counter_event": COUNTER_EFF,
}
_KEYS = {"any_copies",  # simcore.deckperm: any number of copies in a deck
         "text", "trigger_text", "types", "attributes",  # card text for the effect compiler
         "name", "category", "colors", "cost", "power", "counter", "life", "keywords", *_SLOTS}


def _effect(where: str, spec: object) -> tuple[int, int]:
    if isinstance(spec, str):
        spec = {"effect": spec}
    if not isinstance(spec, dict) or "effect" not in spec:
        raise InputError(f"{where}: expected {{ effect = \"...\", value = N }}")
    name = spec["effect"]
    if name not in EFFECTS:
        raise InputError(f"{where}: unknown effect {name!r}; known: {', '.join(EFFECTS)}")
    value = spec.get("value", 1 if name in ("draw", "add_life", "life_damage") else 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUE:
        raise InputError(
            f"{where}.value: expected a whole number from 0 to {MAX_VALUE}, got {value!r}"
        )
    return EFFECTS[name], value


def _int(where: str, entry: dict, key: str, default: int = 0) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUE:
        raise InputError(
            f"{where}.{key}: expected a whole number from 0 to {MAX_VALUE}, got {value!r}"
        )
    return value


def card_row(where: str, entry: dict) -> list[int]:
    """One table row from a card's TOML entry; `where` names file and key in errors."""
    unknown = set(entry) - _KEYS
    if unknown:
        raise InputError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    row = [0] * NCOLS
    cat = entry.get("category")
    if cat not in CATEGORIES:
        raise InputError(f"{where}.category: expected one of {', '.join(CATEGORIES)}, got {cat!r}")
    row[CATEGORY] = CATEGORIES[cat]
    colors = entry.get("colors", [])
    if not colors or not isinstance(colors, list):
        raise InputError(f"{where}.colors: expected a list such as [\"red\"]")
    for c in colors:
        if c not in COLOR_BITS:
            raise InputError(f"{where}.colors: unknown colour {c!r}")
        row[COLORS] |= COLOR_BITS[c]
    row[COST] = _int(where, entry, "cost")
    row[POWER] = _int(where, entry, "power")
    row[COUNTER] = _int(where, entry, "counter")
    row[LIFE] = _int(where, entry, "life")
    keywords = entry.get("keywords", [])
    if not isinstance(keywords, list):
        raise InputError(f"{where}.keywords: expected a list such as [\"blocker\"]")
    for kw in keywords:
        if kw not in KEYWORD_BITS:
            known = ", ".join(KEYWORD_BITS)
            raise InputError(f"{where}.keywords: unknown keyword {kw!r}; known: {known}")
        row[KEYWORDS] |= KEYWORD_BITS[kw]
    for key, col in _SLOTS.items():
        if key in entry:
            row[col], row[col + 1] = _effect(f"{where}.{key}", entry[key])
    if row[TRIGGER_EFF] == EFF_LIFE_DAMAGE:
        raise InputError(f"{where}.trigger: effect damage is not modelled in a [Trigger]")
    if row[CATEGORY] == LEADER and row[LIFE] == 0:
        raise InputError(f"{where}.life: a Leader needs a Life value (2-9)")
    if row[LIFE] > LIFE_CAP:
        raise InputError(f"{where}.life: at most {LIFE_CAP} Life cards are modelled, "
                         f"got {row[LIFE]}")
    return row


def load_cards(paths: list[Path], store: dict[str, dict] | None = None) -> CardTable:
    """Merge imported cards (`store`, lowest precedence) and card pool files; a later file
    may not redefine a code differently."""
    rows: dict[str, tuple[str, str, list[int]]] = {}
    any_copies: set[str] = set()
    text: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    traits: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for code, entry in (store or {}).items():
        rows[code] = (code, str(entry.get("name", code)), card_row(f"card store: {code}", entry))
        if entry.get("any_copies") is True:
            any_copies.add(code)
        _keep_text(text, traits, code, f"card store: {code}", entry)
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
            if code in rows and code not in imported and rows[code][2] != row:
                raise InputError(f"{where}: redefines {code} with different stats")
            rows[code] = (code, str(entry.get("name", code)), row)
            if entry.get("any_copies") is True:
                any_copies.add(code)
            _keep_text(text, traits, code, where, entry)  # else an imported card's text stays
            imported.discard(code)
    return build_table("onepiece", list(rows.values()), NCOLS, any_copies, text, traits)


def _keep_text(text: dict, traits: dict, code: str, where: str, entry: dict) -> None:
    """The entry's card text for the effect compiler (keys text, trigger_text, types,
    attributes); an entry without text keeps its types and attributes in `traits`."""
    words = {}
    for key, example in (("types", "Navy"), ("attributes", "Slash")):
        v = entry.get(key, [])
        if not isinstance(v, list) or not all(isinstance(t, str) for t in v):
            raise InputError(f"{where}.{key}: expected a list of strings such as [\"{example}\"]")
        words[key] = tuple(v)
    if "text" not in entry:
        traits.pop(code, None)
        if words["types"] or words["attributes"]:
            traits[code] = (words["types"], words["attributes"])
        return
    body, trigger = entry["text"], entry.get("trigger_text", "")
    if not isinstance(body, str) or not isinstance(trigger, str):
        raise InputError(f"{where}.text: expected a string")
    traits.pop(code, None)
    text[code] = (body, trigger, words["types"], words["attributes"])
