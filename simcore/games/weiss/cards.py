"""Weiss Schwarz card table: columns, types, colours, trigger icons and the modelled abilities."""

from pathlib import Path

from tcgsim.simcore.cards import CardTable, build_table, read_toml
from tcgsim.simcore.errors import InputError

MAX_VALUE = 1_000_000

# Columns of the int32 card table.
TYPE, COLOR, LEVEL, COST, POWER, SOUL = 0, 1, 2, 3, 4, 5
TRIG1, TRIG2 = 6, 7  # trigger icons (4.12.2), 0 = none
COUNTER = 8  # 1 if the card has the counter icon (2.8.2)
CX_POWER, CX_SOUL = 9, 10  # climax: +N power / +N soul to all your characters
BACKUP, BACKUP_LEVEL, BACKUP_COST = 11, 12, 13  # Backup +N, Level L [cost in stock] (10.5)
ENCORE_KIND, ENCORE_COST = 14, 15  # keyword Encore (10.2): ENC_STOCK with cost, ENC_HAND
BRAIN_N, BRAIN_COST = 16, 17  # Brainstorm: [cost, rest this] flip N, draw 1 per climax (10.7)
ASSIST, ASSIST_LV = 18, 19  # Assist: +N power, and +N per level, to characters in front
EVENT_EFF, EVENT_VAL = 20, 21  # event effect
NAME_ID = 22  # index of the card name (5.1.2.2 counts names, not codes)
NCOLS = 23

CHARACTER, EVENT, CLIMAX = 1, 2, 3
TYPES = {"character": CHARACTER, "event": EVENT, "climax": CLIMAX}
COLOR_BITS = {"yellow": 1, "green": 2, "red": 4, "blue": 8, "purple": 16}

# Trigger icons of the 2023 manual (4.12.2.2-4.12.2.11).
T_NONE, T_SOUL, T_RETURN, T_POOL, T_COMEBACK, T_DRAW = 0, 1, 2, 3, 4, 5
T_SHOT, T_TREASURE, T_GATE, T_STANDBY, T_CHOICE = 6, 7, 8, 9, 10
ICONS = {
    "soul": T_SOUL, "return": T_RETURN, "pool": T_POOL, "comeback": T_COMEBACK,
    "draw": T_DRAW, "shot": T_SHOT, "treasure": T_TREASURE, "gate": T_GATE,
    "standby": T_STANDBY, "choice": T_CHOICE,
}
ICON_NAMES = {v: k for k, v in ICONS.items()} | {T_NONE: "none"}

ENC_NONE, ENC_STOCK, ENC_HAND = 0, 1, 2  # keyword Encore: pay N stock / discard a character

# Event effects.
EV_NONE, EV_DRAW, EV_BURN, EV_SALVAGE, EV_POWER = 0, 1, 2, 3, 4
EVENT_EFFECTS = {"draw": EV_DRAW, "burn": EV_BURN, "salvage": EV_SALVAGE, "power": EV_POWER}
EVENT_NAMES = {v: k for k, v in EVENT_EFFECTS.items()}

_KEYS = {"any_copies",  # simcore.deckperm: any number of copies in a deck
         "name", "type", "color", "level", "cost", "power", "soul", "triggers", "counter",
         "climax_power", "climax_soul", "backup", "encore", "brainstorm", "assist",
         "assist_per_level", "event"}


def _int(where: str, entry: dict, key: str, default: int = 0, hi: int = MAX_VALUE) -> int:
    v = entry.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
        raise InputError(f"{where}.{key}: expected a whole number from 0 to {hi}, got {v!r}")
    return v


def _sub(where: str, entry: dict, key: str, fields: tuple[str, ...]) -> dict | None:
    spec = entry.get(key)
    if spec is None:
        return None
    if not isinstance(spec, dict) or set(spec) - set(fields):
        raise InputError(f"{where}.{key}: expected a table with keys {', '.join(fields)}")
    return spec


def card_row(where: str, entry: dict, names: dict[str, int]) -> list[int]:
    """One table row from a card's TOML entry; `where` names file and key in errors."""
    unknown = set(entry) - _KEYS
    if unknown:
        raise InputError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    row = [0] * NCOLS
    t = entry.get("type")
    if t not in TYPES:
        raise InputError(f"{where}.type: expected one of {', '.join(TYPES)}, got {t!r}")
    row[TYPE] = TYPES[t]
    c = entry.get("color")
    if c not in COLOR_BITS:
        raise InputError(f"{where}.color: expected one of {', '.join(COLOR_BITS)}, got {c!r}")
    row[COLOR] = COLOR_BITS[c]
    row[LEVEL] = _int(where, entry, "level", hi=3)
    row[COST] = _int(where, entry, "cost", hi=20)
    row[POWER] = _int(where, entry, "power")
    row[SOUL] = _int(where, entry, "soul", 1 if row[TYPE] == CHARACTER else 0, hi=20)
    trig = entry.get("triggers", [])
    if not isinstance(trig, list) or len(trig) > 2 or any(x not in ICONS for x in trig):
        raise InputError(f"{where}.triggers: expected up to 2 of {', '.join(ICONS)}")
    for i, x in enumerate(trig):
        row[TRIG1 + i] = ICONS[x]
    row[COUNTER] = 1 if entry.get("counter", False) else 0
    row[CX_POWER] = _int(where, entry, "climax_power")
    row[CX_SOUL] = _int(where, entry, "climax_soul", hi=20)
    if row[TYPE] != CLIMAX and (row[CX_POWER] or row[CX_SOUL]):
        raise InputError(f"{where}: climax_power/climax_soul are for climaxes")
    b = _sub(where, entry, "backup", ("power", "level", "cost"))
    if b is not None:
        row[BACKUP] = _int(f"{where}.backup", b, "power")
        row[BACKUP_LEVEL] = _int(f"{where}.backup", b, "level", hi=3)
        row[BACKUP_COST] = _int(f"{where}.backup", b, "cost", hi=20)
        row[COUNTER] = 1
    e = _sub(where, entry, "encore", ("stock", "hand"))
    if e is not None:
        if "hand" in e and e["hand"]:
            row[ENCORE_KIND] = ENC_HAND
        else:
            row[ENCORE_KIND] = ENC_STOCK
            row[ENCORE_COST] = _int(f"{where}.encore", e, "stock", hi=20)
    s = _sub(where, entry, "brainstorm", ("flip", "cost"))
    if s is not None:
        row[BRAIN_N] = _int(f"{where}.brainstorm", s, "flip", 4, hi=10)
        row[BRAIN_COST] = _int(f"{where}.brainstorm", s, "cost", 1, hi=20)
    row[ASSIST] = _int(where, entry, "assist")
    row[ASSIST_LV] = _int(where, entry, "assist_per_level")
    ev = _sub(where, entry, "event", ("effect", "value"))
    if ev is not None:
        if row[TYPE] != EVENT or ev.get("effect") not in EVENT_EFFECTS:
            raise InputError(f"{where}.event: an event's effect, one of "
                             f"{', '.join(EVENT_EFFECTS)}")
        row[EVENT_EFF] = EVENT_EFFECTS[ev["effect"]]
        row[EVENT_VAL] = _int(f"{where}.event", ev, "value", 1, hi=MAX_VALUE)
    if row[TYPE] != CHARACTER and (b or e or s or row[ASSIST] or row[ASSIST_LV]):
        raise InputError(f"{where}: backup/encore/brainstorm/assist are character abilities")
    name = str(entry.get("name", ""))
    row[NAME_ID] = names.setdefault(name, len(names)) if name else -1
    return row


def load_cards(paths: list[Path], store: dict[str, dict] | None = None) -> CardTable:
    """Merge imported cards (`store`, lowest precedence) and card pool files; a later file
    may not redefine a code differently."""
    rows: dict[str, tuple[str, str, list[int]]] = {}
    any_copies: set[str] = set()
    names: dict[str, int] = {}
    for code, entry in (store or {}).items():
        entry = entry if "name" in entry else {**entry, "name": code}
        rows[code] = (code, str(entry["name"]), card_row(f"card store: {code}", entry, names))
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
            code = code.upper()
            if "name" not in entry:
                entry = {**entry, "name": code}
            row = card_row(where, entry, names)
            if code in rows and code not in imported and rows[code][2] != row:
                raise InputError(f"{where}: redefines {code} with different stats")
            rows[code] = (code, str(entry["name"]), row)
            if entry.get("any_copies") is True:
                any_copies.add(code)
            imported.discard(code)
    return build_table("weiss", list(rows.values()), NCOLS, any_copies)
