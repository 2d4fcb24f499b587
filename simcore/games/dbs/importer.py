"""Import Dragon Ball Super card databases into store rows: the Masters game (the
dbscg-api JSON: per-set lists with `number`, `type`, `energy_text`, `skills_text`; and the
dbs-tracker data modules, BT1-BT31: tab-separated rows inside a TypeScript template literal,
read as data and never executed) and Fusion
World (the apitcg JSON: `code`, `cardType`, `specifiedCost`). Fusion World is a different game
the engine does not simulate: its cards are stored, flagged with their family, never played."""

import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from tcgsim.simcore.deckperm import allows_any_copies
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.dbs.cards import COLOR_BITS, MAX_VALUE
from tcgsim.simcore.games.dbs.textparse import abilities, parse_card

MASTERS, FUSION_WORLD = "masters", "fusion world"
# Alternate printings: _PR, _SPR, _BD, _PR2, _SPR_S (Masters); -p1 (Fusion World).
_ALT_ART = re.compile(r"_[A-Z][A-Z0-9_]*$|-P\d+$", re.IGNORECASE)
# Fusion World card codes (FB/FS/SB boosters and starters, FP promotions, E energy markers).
FUSION_WORLD_CODE = re.compile(r"^(?:FB|FS|SB)\d+-\d+$|^FP-\d+$|^E\d*-\d+$", re.IGNORECASE)
_FW_PIPS = {"R": "red", "U": "blue", "G": "green", "Y": "yellow", "B": "black"}
TYPES = ("leader", "battle", "extra", "unison")


@dataclass
class ImportReport:
    """What an import read: printings, distinct cards, counts, and problems found."""

    files: int = 0
    printings: int = 0
    per_set: dict[str, int] = field(default_factory=dict)
    per_category: dict[str, int] = field(default_factory=dict)
    per_family: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    # Printings left out because rules v1.23 has no place for them, by kind; and the codes
    # left out, with what they are (the store remembers them for decklist errors).
    not_in_rules: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)


_EX_ONE_DIGIT = re.compile(r"^EX(\d)-")


def rules_id(card_id: str) -> str:
    """The card's rules identity: alternate-art suffixes such as _SPR or -p1 removed, and
    expansion numbers written with two digits (EX3-18 and EX03-18 are one card)."""
    return _EX_ONE_DIGIT.sub(r"EX0\1-", _ALT_ART.sub("", card_id.strip()).upper())


def _number(value: object, where: str, key: str, report: ImportReport) -> int:
    """Numbers come as ints, numeric strings, null, '' or '-' (none); anything else is
    reported and read as 0."""
    if value is None or (isinstance(value, str) and value.strip() in ("", "-")):
        return 0
    if isinstance(value, bool):
        report.problems.append(f"{where}: {key} is {value!r}; read as 0")
        return 0
    if isinstance(value, int | float) and float(value).is_integer():
        v = int(value)
    elif isinstance(value, str) and value.strip().lstrip("+").isdigit():
        v = int(value.strip())
    else:
        report.problems.append(f"{where}: {key} is {value!r}; read as 0")
        return 0
    if not 0 <= v <= MAX_VALUE:
        report.problems.append(f"{where}: {key} {v} out of range; read as 0")
        return 0
    return v


def _card_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if path.is_dir():  # symbolic links to folders are followed
        return sorted(Path(d) / f for d, _, files in os.walk(path, followlinks=True)
                      for f in files if f.endswith((".json", ".ts")))
    raise InputError(f"{path}: no such file or folder")


def _printings(path: Path) -> tuple[str, list[dict]] | None:
    """(family, card printings) of one JSON file; None if it holds something else."""
    if path.suffix == ".ts":
        return tracker_printings(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable JSON file ({exc})") from None
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        data = data["data"]
    if not isinstance(data, list) or not data or not all(isinstance(c, dict) for c in data):
        return None
    if all("number" in c and "type" in c for c in data):
        return MASTERS, data
    if all(("code" in c or "id" in c) and "cardType" in c for c in data):
        return FUSION_WORLD, data
    return None


_SCHEMA = {
    "code": pl.String, "family": pl.String, "name": pl.String, "set": pl.String,
    "type": pl.String, "colors": pl.List(pl.String), "traits": pl.List(pl.String),
    "cost": pl.Int32, "specified": pl.List(pl.String), "power": pl.Int32,
    "combo_cost": pl.Int32, "combo_power": pl.Int32, "has_combo": pl.Boolean,
    "keywords": pl.List(pl.String), "effect": pl.String, "effect_value": pl.Int32,
    "timing": pl.String, "over_realm": pl.Int32, "cond": pl.String, "cond_count": pl.Int32,
    "cond_power": pl.Int32, "cond_keywords": pl.List(pl.String),
    "awaken": pl.Boolean, "awaken_life": pl.Int32, "awaken_draw": pl.Int32,
    "awaken_untap": pl.Int32, "back_power": pl.Int32, "back_keywords": pl.List(pl.String),
    "card_traits": pl.List(pl.String),
    "modelled": pl.List(pl.String), "unmodelled": pl.List(pl.String), "printings": pl.Int32,
    "any_copies": pl.Boolean, "text": pl.String, "back_text": pl.String,
}


# -- the dbs-tracker modules: `export const xData = \`` + one TSV row per printing + `\`;`

TRACKER_COLUMNS = ("number", "name", "rarity", "type", "color", "set", "power", "cost",
                   "combo_cost", "combo_power", "character", "traits", "era", "skills")
_LETTERS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "K": "black"}
_PRINTED_COST = re.compile(r"^\s*(\d+|X|-)?\s*-?\s*(?:\(([A-Z-]*)\))?\s*$", re.IGNORECASE)
_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                         "\u2212": "-"})
# What rules v1.23 (the engine's) does not know: the Z deck's cards and the White colour.
Z_TYPES = ("z-leader", "z-battle", "z-extra", "z-unison")


def tracker_printings(path: Path) -> tuple[str, list[dict]] | None:
    """The printings of one dbs-tracker data module, as dicts in the dbscg-api shape (so one
    reader builds the rows); None if the file is not such a module."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None
    head, sep, body = text.partition("`")
    if not sep or not head.strip().startswith("export const"):
        return None
    body = body.rsplit("`", 1)[0]
    out = []
    for line in body.splitlines():
        if not line.strip():
            continue
        cols = line.split("\t")
        if len(cols) != len(TRACKER_COLUMNS):
            out.append({"number": cols[0].strip(), "_broken": f"{len(cols)} columns, "
                        f"expected {len(TRACKER_COLUMNS)}", "type": ""})
            continue
        out.append(_tracker_card(dict(zip(TRACKER_COLUMNS, (c.strip() for c in cols),
                                          strict=True))))
    return MASTERS, out


def _halves(value: str) -> tuple[str, str | None]:
    """Leaders write front // back."""
    front, sep, back = value.partition(" // ")
    return front.strip(), (back.strip() if sep else None)


def _tracker_card(r: dict[str, str]) -> dict:
    kind = r["type"].lower()
    name, _ = _halves(r["name"])
    power, power_back = _halves(r["power"])
    skills, skills_back = _halves(r["skills"])
    c: dict = {"number": r["number"], "title": name, "type": kind,
               "power": power, "special_trait": _halves(r["traits"])[0],
               "skills_text": skills.replace(" | ", "\n")}
    if skills_back is not None:
        c["skills_back_text"] = skills_back.replace(" | ", "\n")
        c["power_back"] = power_back
    m = _PRINTED_COST.match(unicodedata.normalize("NFKC", r["cost"] or "-").translate(_DASHES))
    pips = [_LETTERS[x] for x in (m.group(2) or "") if x in _LETTERS] if m else []
    if m is None:
        c["_broken"] = f"printed cost {r['cost']!r} not understood"
    total = m.group(1) if m else None
    c["energy"] = total if total and total.isdigit() else (len(pips) if pips else None)
    c["_pips"] = pips
    colour = r["color"].lower()
    if colour == "multi":  # the colours are those of the specified-cost letters
        colour = "/".join(dict.fromkeys(pips)) or "multi"
    c["color"] = colour
    if kind == "battle" and r["combo_power"] not in ("", "-"):
        c["combo_energy"], c["combo_power"] = r["combo_cost"], r["combo_power"]
    return c


def read_database(path: Path) -> tuple[pl.DataFrame, ImportReport]:
    """Read every card printing under `path` (Masters, Fusion World or both); one row per
    rules identity. Problems are reported; an unreadable file stops the import."""
    report = ImportReport()
    rows: dict[str, dict] = {}
    seen: set[str] = set()
    for file in _card_files(Path(path)):
        found = _printings(file)
        if found is None:
            continue
        family, printings = found
        report.files += 1
        for c in printings:
            raw_id = str(c.get("number") or c.get("code") or c.get("id") or "").strip()
            if not raw_id or raw_id in seen:
                if not raw_id:
                    report.problems.append(f"{file.name}: a card without a number; skipped")
                continue
            seen.add(raw_id)
            report.printings += 1
            code = rules_id(raw_id)
            where = f"{file.name}: {raw_id}"
            row = (_masters_row if family == MASTERS else _fw_row)(c, code, where, report)
            if row is None:
                continue
            if code in rows:
                rows[code]["printings"] += 1
                if code == raw_id.upper():  # the base printing wins over an alternate art
                    row["printings"] = rows[code]["printings"]
                    rows[code] = row
                continue
            rows[code] = row
    for row in rows.values():
        cat = row["type"] if row["family"] == MASTERS else f"{FUSION_WORLD} {row['type']}"
        report.per_set[row["set"]] = report.per_set.get(row["set"], 0) + 1
        report.per_category[cat] = report.per_category.get(cat, 0) + 1
        report.per_family[row["family"]] = report.per_family.get(row["family"], 0) + 1
    if report.files == 0:
        raise InputError(f"{path}: no Dragon Ball Super card data found (expected the "
                         "dbscg-api Masters JSON or the Fusion World card JSON)")
    df = pl.DataFrame(list(rows.values()), schema=_SCHEMA) if rows else pl.DataFrame(
        schema=_SCHEMA)
    return df, report


def _base(code: str, family: str, name: str, kind: str, colors: list[str]) -> dict:
    row: dict = {k: None for k in _SCHEMA}
    row.update(code=code, family=family, name=name, set=code.split("-")[0], type=kind,
               colors=colors, traits=[], cost=0, specified=[], power=0, combo_cost=0,
               combo_power=0, has_combo=False, keywords=[], effect="", effect_value=0,
               timing="", over_realm=0, cond="", cond_count=0, cond_power=0,
               cond_keywords=[], awaken=False, awaken_life=0, awaken_draw=0, awaken_untap=0,
               back_power=0, back_keywords=[], card_traits=[], modelled=[], unmodelled=[],
               printings=1)
    return row


def _colors(value: object, where: str, report: ImportReport) -> list[str] | None:
    parts = [p.strip().lower() for p in re.split(r"[/,]", str(value or ""))]
    parts = [p for p in parts if p and p != "-"]
    if not parts or any(p not in COLOR_BITS for p in parts):
        report.problems.append(f"{where}: colour {value!r} not understood; skipped")
        return None
    return parts


def _masters_row(c: dict, code: str, where: str, report: ImportReport) -> dict | None:
    kind = str(c.get("type") or "").strip().lower()
    if "_broken" in c:
        report.problems.append(f"{where}: {c['_broken']}; skipped")
        return None
    if kind in Z_TYPES:
        report.not_in_rules["Z deck cards (Z-Leader, Z-Battle, Z-Extra, Z-Unison)"] = \
            report.not_in_rules.get("Z deck cards (Z-Leader, Z-Battle, Z-Extra, Z-Unison)",
                                    0) + 1
        report.left_out[code] = f"a {str(c.get('type')).strip()} card (the Z deck)"
        return None
    if "white" in str(c.get("color") or "").lower():
        report.not_in_rules["White cards (BT28 and later)"] = \
            report.not_in_rules.get("White cards (BT28 and later)", 0) + 1
        report.left_out[code] = "a White card"
        return None
    if kind not in TYPES:
        report.problems.append(f"{where}: unknown card type {c.get('type')!r}; skipped")
        return None
    colors = _colors(c.get("color"), where, report)
    if colors is None:
        return None
    name = str(c.get("title") or code).strip()
    row = _base(code, MASTERS, name, kind, colors)
    row["card_traits"] = [t.strip() for t in str(c.get("special_trait") or "").split("/")
                          if t.strip() and t.strip() != "-"]
    row["power"] = _number(c.get("power"), where, "power", report)
    if kind != "leader":
        pips = c["_pips"] if "_pips" in c else re.findall(
            r"/(red|blue|green|yellow|black)_ball\.png", str(c.get("energy_text") or ""))
        row["specified"] = pips
        cost = _number(c.get("energy"), where, "energy", report)
        if cost < len(pips):
            report.problems.append(f"{where}: energy {c.get('energy')!r} below its "
                                   f"{len(pips)} coloured pips; read as {len(pips)}")
            cost = len(pips)
        row["cost"] = cost
    if kind == "battle":
        if "combo_energy" in c or "combo_power" in c:
            row["has_combo"] = True
            row["combo_cost"] = _number(c.get("combo_energy"), where, "combo_energy", report)
            row["combo_power"] = _number(c.get("combo_power"), where, "combo_power", report)
    if kind in ("battle", "unison") and row["power"] == 0 and c.get("power") in (None, ""):
        report.problems.append(f"{where}: a {kind} card without power")
    parsed = parse_card(kind, c.get("skills_text"),
                        c.get("skills_back_text") if kind == "leader" else None)
    report.problems += [f"{where}: {p}" for p in parsed.problems]
    row.update(keywords=parsed.keywords, over_realm=parsed.over_realm,
               modelled=parsed.modelled, unmodelled=parsed.unmodelled,
               any_copies=allows_any_copies(c.get("skills_text")),
               text=str(c.get("skills_text") or ""),
               back_text=str(c.get("skills_back_text") or ""))
    traits = [t.lower() for t in row["card_traits"] if t in ("Heroic", "Villainous")]
    row["traits"] = sorted(set(traits + parsed.traits))
    if parsed.effect:
        row["effect"], row["effect_value"] = parsed.effect
    if kind == "extra":
        row["timing"] = parsed.timing or "none"
    if parsed.cond:
        row["cond"], row["cond_count"], row["cond_power"], row["cond_keywords"] = parsed.cond
    if kind == "leader":
        row["back_power"] = _number(c.get("power_back"), where, "power_back", report)
        if row["power"] == 0:
            report.problems.append(f"{where}: a Leader without power; skipped")
            return None
        if parsed.awaken:
            row.update(awaken=True, awaken_life=parsed.awaken["life"],
                       awaken_draw=parsed.awaken["draw"], awaken_untap=parsed.awaken["untap"],
                       back_keywords=parsed.awaken.get("keywords", []))
            if row["back_power"] == 0:
                report.problems.append(f"{where}: an [Awaken] Leader without back power; "
                                       "front power used")
                row["back_power"] = row["power"]
    return row


def _fw_row(c: dict, code: str, where: str, report: ImportReport) -> dict | None:
    """A Fusion World card: stats and text kept for reference, nothing modelled."""
    kind = re.sub(r"\s+", " ", str(c.get("cardType") or "").strip().lower())
    if not kind:
        report.problems.append(f"{where}: no card type; skipped")
        return None
    colors = [p.strip().lower() for p in re.split(r"[/,]", str(c.get("color") or ""))]
    row = _base(code, FUSION_WORLD, str(c.get("name") or code).strip(), kind,
                [p for p in colors if p and p != "-"])
    row["card_traits"] = [t.strip() for t in str(c.get("features") or "").split("/")
                          if t.strip() and t.strip() != "-"]
    row["cost"] = _number(c.get("cost"), where, "cost", report)
    row["power"] = _number(c.get("power"), where, "power", report)
    row["combo_power"] = _number(c.get("comboPower"), where, "comboPower", report)
    pips = str(c.get("specifiedCost") or "").strip()
    if pips not in ("", "-"):
        if all(p in _FW_PIPS for p in pips):
            row["specified"] = [_FW_PIPS[p] for p in pips]
        else:
            report.problems.append(f"{where}: specifiedCost {pips!r} not understood")
    row["unmodelled"] = abilities(c.get("effect"))
    return row


def store_entries(df: pl.DataFrame) -> dict[str, dict]:
    """Masters store rows as card entries in the TOML pool's shape (for cards.card_row);
    Fusion World rows are left out (the engine does not play that game)."""
    entries = {}
    for r in df.filter(pl.col("family") == MASTERS).iter_rows(named=True):
        e: dict = {"name": r["name"], "type": r["type"], "colors": r["colors"],
                   "cost": r["cost"], "specified": r["specified"], "power": r["power"],
                   "keywords": r["keywords"], "traits": r["traits"]}
        if r.get("any_copies"):
            e["any_copies"] = True
        if r["has_combo"]:
            e["combo"] = {"cost": r["combo_cost"], "power": r["combo_power"]}
        if r["effect"]:
            e["effect"] = {"effect": r["effect"], "value": r["effect_value"]}
        if r["type"] == "extra":
            e["timing"] = r["timing"]
        if r["over_realm"]:
            e["over_realm"] = r["over_realm"]
        if r["cond"]:
            e[r["cond"]] = {"count": r["cond_count"], "power": r["cond_power"],
                            "keywords": r["cond_keywords"]}
        if r["awaken"]:
            e["awaken"] = {"life": r["awaken_life"], "draw": r["awaken_draw"],
                           "untap": r["awaken_untap"], "power": r["back_power"],
                           "keywords": r["back_keywords"]}
        entries[r["code"]] = e
    return entries
