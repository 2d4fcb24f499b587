"""Import Weiß Schwarz card databases in the public English DB JSON format (one file per
set release, a list of cards with code, type, colour, level, cost, power, soul, trigger,
attributes and ability) into store rows."""

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from tcgsim.simcore.deckperm import allows_any_copies
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.weiss.cards import COLOR_BITS, ICONS, MAX_VALUE, TYPES
from tcgsim.simcore.games.weiss.textparse import parse_card

_NONE = ("", "-", "－", "—", "–")  # the DB's spellings of "no value"
_LIMITS = {"level": 3, "cost": 20, "soul": 20, "power": MAX_VALUE}


@dataclass
class ImportReport:
    """What an import read: printings, distinct cards, counts, and problems found."""

    files: int = 0
    printings: int = 0
    per_set: dict[str, int] = field(default_factory=dict)
    per_category: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def rules_id(code: str) -> str:
    """The card's rules identity: its code, trimmed and upper-cased as decklists are read."""
    return unicodedata.normalize("NFKC", code).strip().upper()


def set_of(code: str) -> str:
    """The set release a code belongs to: 'HOL/W104-E018' -> 'HOL/W104'."""
    return code.rsplit("-", 1)[0] if "-" in code else code


def _number(value: object, where: str, key: str, report: ImportReport) -> int | None:
    """Numbers come as ints, numeric strings, or a dash / empty string for none (None);
    anything else is reported and read as none."""
    if value is None or (isinstance(value, str) and value.strip() in _NONE):
        return None
    if isinstance(value, bool):
        report.problems.append(f"{where}: {key} is {value!r}; read as none")
        return None
    if isinstance(value, int | float) and float(value).is_integer():
        v = int(value)
    elif isinstance(value, str) and unicodedata.normalize("NFKC", value).strip().isdigit():
        v = int(unicodedata.normalize("NFKC", value).strip())
    else:
        report.problems.append(f"{where}: {key} is {value!r}; read as none")
        return None
    if not 0 <= v <= _LIMITS[key]:
        report.problems.append(f"{where}: {key} {v} out of range 0-{_LIMITS[key]}; read as none")
        return None
    return v


def _card_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if path.is_dir():
        return sorted(path.rglob("*.json"))
    raise InputError(f"{path}: no such file or folder")


def _cards(path: Path) -> list[dict] | None:
    """The cards in one JSON file, None if the file holds something else."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable JSON file ({exc})") from None
    if not isinstance(data, list) or not data or not all(isinstance(c, dict) for c in data):
        return None
    if not all("code" in c and "type" in c for c in data):
        return None
    return data


_SCHEMA = {
    "code": pl.String, "name": pl.String, "set": pl.String, "expansion": pl.String,
    "side": pl.String, "category": pl.String, "color": pl.String, "level": pl.Int32,
    "cost": pl.Int32, "power": pl.Int32, "soul": pl.Int32, "triggers": pl.List(pl.String),
    "traits": pl.List(pl.String), "counter": pl.Boolean, "climax_power": pl.Int32,
    "climax_soul": pl.Int32, "backup_power": pl.Int32, "backup_level": pl.Int32,
    "backup_cost": pl.Int32, "encore_stock": pl.Int32, "encore_hand": pl.Boolean,
    "brainstorm_flip": pl.Int32, "brainstorm_cost": pl.Int32, "assist": pl.Int32,
    "assist_per_level": pl.Int32, "event_effect": pl.String, "event_value": pl.Int32,
    "keywords": pl.List(pl.String), "modelled": pl.List(pl.String),
    "unmodelled": pl.List(pl.String), "printings": pl.Int32, "any_copies": pl.Boolean,
    "text": pl.String,
}


def read_database(path: Path) -> tuple[pl.DataFrame, ImportReport]:
    """Read every card under `path` (a DB file or folder); one row per card code."""
    report = ImportReport()
    rows: dict[str, dict] = {}
    for file in _card_files(Path(path)):
        cards = _cards(file)
        if cards is None:
            continue
        report.files += 1
        for c in cards:
            report.printings += 1
            code = rules_id(str(c.get("code") or ""))
            where = f"{file.name}: {code or '(no code)'}"
            if not code:
                report.problems.append(f"{where}: card without a code; skipped")
                continue
            if code in rows:
                rows[code]["printings"] += 1
                continue
            row = _row(c, code, where, report)
            if row is None:
                continue
            rows[code] = row
            report.per_set[row["set"]] = report.per_set.get(row["set"], 0) + 1
            report.per_category[row["category"]] = report.per_category.get(row["category"], 0) + 1
    if report.files == 0:
        raise InputError(f"{path}: no Weiß Schwarz card data found (expected the English DB "
                         "JSON: lists of cards with code and type)")
    df = pl.DataFrame(list(rows.values()), schema=_SCHEMA) if rows else pl.DataFrame(
        schema=_SCHEMA)
    return df, report


def _triggers(raw: object, where: str, report: ImportReport) -> list[str]:
    icons = []
    for t in raw if isinstance(raw, list) else ([] if raw in (None, "", "-") else [raw]):
        name = str(t).strip().lower()
        if name == "blue":  # one set's soul icon, scraped as its colour
            report.problems.append(f"{where}: trigger icon {t!r} read as soul")
            name = "soul"
        if name not in ICONS:
            report.problems.append(f"{where}: trigger icon {t!r} not understood; dropped")
            continue
        icons.append(name)
    if len(icons) > 2:
        report.problems.append(f"{where}: {len(icons)} trigger icons; the first 2 kept")
        icons = icons[:2]
    return icons


def _row(c: dict, code: str, where: str, report: ImportReport) -> dict | None:
    kind = str(c.get("type") or "").strip().lower()
    if kind not in TYPES:
        report.problems.append(f"{where}: unknown type {c.get('type')!r}; skipped")
        return None
    color = str(c.get("color") or "").strip().lower()
    if color not in COLOR_BITS:
        report.problems.append(f"{where}: colour {c.get('color')!r} not understood; skipped")
        return None
    stats = {k: _number(c.get(k), where, k, report) for k in ("level", "cost", "power", "soul")}
    if kind == "character":
        missing = [k for k in ("level", "power") if stats[k] is None]
        if missing:
            report.problems.append(f"{where}: a character without {' or '.join(missing)}; "
                                   "read as 0")
    else:  # climaxes have no level, cost, power or soul; events no power or soul
        extra = [k for k in (("power", "soul") if kind == "event" else stats)
                 if stats[k]]
        if extra:
            shown = ", ".join(f"{k} {c.get(k)!r}" for k in extra)
            article = "an" if kind == "event" else "a"
            report.problems.append(f"{where}: {article} {kind} with {shown}; ignored")
            for k in extra:
                stats[k] = None
    stats = {k: v or 0 for k, v in stats.items()}
    if kind == "character" and c.get("soul") is None:
        stats["soul"] = 1
    parsed = parse_card(kind, c.get("ability"))
    for text in parsed.broken:
        report.problems.append(f"{where}: ability text {text!r} is not an ability; ignored")
    it = parsed.items
    backup = it.get("backup") or {}
    encore = it.get("encore") or {}
    brain = it.get("brainstorm") or {}
    event = it.get("event") or {}
    return {
        "code": code, "name": str(c.get("name") or code).strip(), "set": set_of(code),
        "expansion": str(c.get("expansion") or ""), "side": str(c.get("side") or ""),
        "category": kind, "color": color, **stats,
        "triggers": _triggers(c.get("trigger"), where, report),
        "traits": [str(t) for t in (c.get("attributes") or []) if str(t).strip() not in _NONE],
        "counter": bool(it.get("counter")),
        "climax_power": it.get("climax_power", 0), "climax_soul": it.get("climax_soul", 0),
        "backup_power": backup.get("power", 0), "backup_level": backup.get("level", 0),
        "backup_cost": backup.get("cost", 0),
        "encore_stock": encore.get("stock", -1), "encore_hand": bool(encore.get("hand")),
        "brainstorm_flip": brain.get("flip", 0), "brainstorm_cost": brain.get("cost", 0),
        "assist": it.get("assist", 0), "assist_per_level": it.get("assist_per_level", 0),
        "event_effect": event.get("effect", ""), "event_value": event.get("value", 0),
        "keywords": parsed.keywords, "modelled": parsed.modelled,
        "unmodelled": parsed.unmodelled, "printings": 1,
        "any_copies": allows_any_copies(_text(c.get("ability"))),
        "text": _text(c.get("ability")),
    }


def _text(ability: object) -> str:
    """The card's abilities as one text, one per line."""
    if isinstance(ability, list):
        return "\n".join(str(a) for a in ability)
    return str(ability or "")


def store_entries(df: pl.DataFrame) -> dict[str, dict]:
    """Store rows as card entries in the TOML pool's shape (for cards.card_row)."""
    entries = {}
    for r in df.iter_rows(named=True):
        e: dict[str, object] = {
            "name": r["name"], "type": r["category"], "color": r["color"],
            "level": r["level"], "cost": r["cost"], "power": r["power"], "soul": r["soul"],
            "triggers": r["triggers"], "counter": r["counter"]}
        if r.get("any_copies"):
            e["any_copies"] = True
        if r["climax_power"]:
            e["climax_power"] = r["climax_power"]
        if r["climax_soul"]:
            e["climax_soul"] = r["climax_soul"]
        if r["backup_power"]:
            e["backup"] = {"power": r["backup_power"], "level": r["backup_level"],
                           "cost": r["backup_cost"]}
        if r["encore_hand"]:
            e["encore"] = {"hand": True}
        elif r["encore_stock"] >= 0:
            e["encore"] = {"stock": r["encore_stock"]}
        if r["brainstorm_flip"]:
            e["brainstorm"] = {"flip": r["brainstorm_flip"], "cost": r["brainstorm_cost"]}
        if r["assist"]:
            e["assist"] = r["assist"]
        if r["assist_per_level"]:
            e["assist_per_level"] = r["assist_per_level"]
        if r["event_effect"]:
            e["event"] = {"effect": r["event_effect"], "value": r["event_value"]}
        entries[r["code"]] = e
    return entries


def english_code(code: str, known) -> str | None:
    """The English printing of a Japanese-numbered code: 'E' inserted before the card
    number ('HOL/W104-018' -> 'HOL/W104-E018', 'HOL/W91-T10' -> 'HOL/W91-TE10'), if known."""
    m = re.match(r"^(.+-)([A-Z]*?)(\d+[A-Z]*)$", code)
    if not m or m.group(2).endswith("E"):
        return None
    cand = f"{m.group(1)}{m.group(2)}E{m.group(3)}"
    return cand if cand in known else None
