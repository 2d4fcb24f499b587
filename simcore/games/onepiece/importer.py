"""Import ONE PIECE card databases in the public punk-records JSON format (a folder of
per-pack card lists, or an index keyed by card id) into store rows."""

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from tcgsim.simcore.deckperm import allows_any_copies
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece.cards import CATEGORIES, COLOR_BITS, MAX_VALUE
from tcgsim.simcore.games.onepiece.layout import LIFE_CAP
from tcgsim.simcore.games.onepiece.textparse import parse_card

_ALT_ART = re.compile(r"_[a-z]\d+$", re.IGNORECASE)
SLOTS = ("on_play", "main", "counter_event", "trigger")


@dataclass
class ImportReport:
    """What an import read: printings, distinct cards, counts, and problems found."""

    files: int = 0
    printings: int = 0
    per_set: dict[str, int] = field(default_factory=dict)
    per_category: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def rules_id(card_id: str) -> str:
    """The card's rules identity: alternate-art suffixes such as _p1 or _r1 removed."""
    return _ALT_ART.sub("", card_id.strip()).upper()


def _number(value: object, where: str, key: str, report: ImportReport) -> int:
    """Numbers come as ints, numeric strings, null or '-' (none); anything else is reported."""
    if value is None or value == "-" or value == "":
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
    if path.is_dir():
        return sorted(p for p in path.rglob("*.json"))
    raise InputError(f"{path}: no such file or folder")


def _printings(path: Path) -> list[dict] | None:
    """The card printings in one JSON file, None if the file holds something else."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a readable JSON file ({exc})") from None
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        data = list(data.values())
    if not isinstance(data, list) or not data or not all(isinstance(c, dict) for c in data):
        return None
    if not all(("id" in c or "card_id" in c) and "category" in c for c in data):
        return None
    return data


def read_database(path: Path) -> tuple[pl.DataFrame, ImportReport]:
    """Read every card printing under `path`; one row per rules identity."""
    report = ImportReport()
    rows: dict[str, dict] = {}
    kept_from: dict[str, str] = {}  # code -> the printing whose values are kept
    differ: dict[str, set[str]] = {}  # code -> how its printings disagree
    seen: set[str] = set()
    for file in _card_files(Path(path)):
        printings = _printings(file)
        if printings is None:
            continue
        report.files += 1
        for c in printings:
            raw_id = str(c.get("id") or c.get("card_id"))
            if raw_id in seen:  # the same printing in a pack file and an index file
                continue
            seen.add(raw_id)
            report.printings += 1
            code = rules_id(raw_id)
            where = f"{file.name}: {raw_id}"
            row = _row(c, code, where, report)
            if row is None:
                continue
            base = raw_id.strip().upper() == code
            if code in rows:
                kept = rows[code]
                if _stats(kept) != _stats(row):
                    differ.setdefault(code, set()).update(
                        f"{k} {kept[k]} ({kept_from[code]}) vs {row[k]} ({raw_id})"
                        for k in STAT_KEYS if kept[k] != row[k])
                if base and kept_from[code] != code:  # the base printing's values win
                    row["printings"] = kept["printings"] + 1
                    rows[code], kept_from[code] = row, code
                else:
                    kept["printings"] += 1
                continue
            rows[code], kept_from[code] = row, raw_id.strip().upper()
            report.per_set[row["set"]] = report.per_set.get(row["set"], 0) + 1
            report.per_category[row["category"]] = report.per_category.get(row["category"], 0) + 1
    if report.files == 0:
        raise InputError(f"{path}: no ONE PIECE card data found (expected punk-records JSON)")
    for code in sorted(differ):
        report.problems.append(f"{code}: printings disagree ({'; '.join(sorted(differ[code]))}); "
                               f"the {'base' if kept_from[code] == code else 'first'} "
                               "printing's values are used")
    for code in sorted(rows):
        if text_damaged(rows[code]["text"]):
            report.problems.append(f"{code}: the card text looks cut or garbled "
                                   f"(...{rows[code]['text'][-40:]!r}); a whole text already "
                                   "in the card store is kept in its place")
    df = pl.DataFrame(list(rows.values()), schema=_SCHEMA) if rows else pl.DataFrame(
        schema=_SCHEMA)
    return df, report


_SCHEMA = {
    "code": pl.String, "name": pl.String, "set": pl.String, "category": pl.String,
    "colors": pl.List(pl.String), "types": pl.List(pl.String),
    "attributes": pl.List(pl.String), "cost": pl.Int32,
    "power": pl.Int32, "counter": pl.Int32, "life": pl.Int32,
    "keywords": pl.List(pl.String),
    **{f"{s}{suffix}": (pl.String if suffix == "" else pl.Int32)
       for s in SLOTS for suffix in ("", "_value")},
    "modelled": pl.List(pl.String), "unmodelled": pl.List(pl.String), "printings": pl.Int32,
    "any_copies": pl.Boolean, "text": pl.String, "trigger_text": pl.String,
}


_ENDS_SENTENCE = re.compile(r"[.)\]\"!?]\s*$")
_TRIGGER_AFTER_SENTENCE = re.compile(r"(?<=[.)])\s*(?=\[Trigger\])")


def _rejoin(effect: object, trigger: object) -> tuple[str | None, str | None]:
    """Undo a split made at a "[Trigger]" inside the effect text ("trash 1 card with a" +
    "[Trigger] from your hand: ..."): the effect then ends mid-sentence. A real [Trigger]
    after the end of a sentence in the joined text is split off again."""
    eff = str(effect) if effect else None
    trig = str(trigger) if trigger else None
    if eff and trig and not _ENDS_SENTENCE.search(eff):
        joined = _TRIGGER_AFTER_SENTENCE.split(f"{eff.rstrip()} {trig.lstrip()}", maxsplit=1)
        eff, trig = joined[0], (joined[1] if len(joined) > 1 else None)
    return eff, trig


_HTML_LEFT = re.compile(r"</(?!br\b)[A-Za-z]+>")  # a closing tag of a cut "<Slash>"
_TRAILING_BREAKS = re.compile(r"(?:<br>\s*)+$")


def text_damaged(text: str) -> bool:
    """Is this card text cut or garbled by its database: it stops mid-sentence ("You may
    rest your"), or carries what is left of an attribute icon read as a markup tag
    ("</slash>")? "-" (no text) is whole."""
    t = _TRAILING_BREAKS.sub("", (text or "").strip())
    return bool(t) and t != "-" and (bool(_HTML_LEFT.search(t)) or not _ENDS_SENTENCE.search(t))


# "attribute" with no <name> before it: the printed icon (<Slash>, ...) that some databases
# drop ("If your Leader has the attribute", "by attribute cards").
_LOST_ATTRIBUTE = re.compile(r"(?<![>＞;\s])(\s+)(?=attributes?\b)")
RESTORED = " (restored)"  # marks a name the import put back; the compiler reads it approx


def restore_attributes(text: str, attributes: list[str], where: str,
                       report: ImportReport) -> str:
    """Put a lost attribute name back as the card's own ("<Slash (restored)> attribute"):
    the cards that lose it name their own attribute where their text survives elsewhere.
    A card with no single attribute keeps its text, and the import says so."""
    if not _LOST_ATTRIBUTE.search(text):
        return text
    if len(attributes) != 1:
        report.problems.append(f"{where}: the text names an attribute without its name; "
                               "left as it is (the card has no single attribute)")
        return text
    report.problems.append(f"{where}: the text names an attribute without its name; read as "
                           f"the card's own <{attributes[0]}> (approximate)")
    return _LOST_ATTRIBUTE.sub(f" <{attributes[0]}{RESTORED}> ", text)


def _plain(value: object) -> str:
    """A database string with its HTML entities decoded ("Law &amp; Bepo" is "Law & Bepo",
    "&lt;Slash&gt;" is "<Slash>"; some databases escape twice), so names print and match as
    printed on the card."""
    return html.unescape(html.unescape(str(value))) if value else ""


STAT_KEYS = ("category", "colors", "cost", "power", "counter", "life", "keywords")


def _stats(row: dict) -> tuple:
    return tuple(tuple(row[k]) if isinstance(row[k], list) else row[k] for k in STAT_KEYS)


def _row(c: dict, code: str, where: str, report: ImportReport) -> dict | None:
    category = str(c.get("category") or "").strip().lower()
    if category not in CATEGORIES:
        report.problems.append(f"{where}: unknown category {c.get('category')!r}; skipped")
        return None
    colors = [str(x).strip().lower() for x in (c.get("colors") or [])]
    bad = [x for x in colors if x not in COLOR_BITS]
    if bad or not colors:
        report.problems.append(f"{where}: colours {c.get('colors')!r} not understood; skipped")
        return None
    cost = _number(c.get("cost"), where, "cost", report)
    life = 0
    if category == "leader":  # the Leader's Life is stored in `cost`
        life, cost = cost, 0
        if not 1 <= life <= LIFE_CAP:
            report.problems.append(f"{where}: Leader Life {life} out of range; skipped")
            return None
    effect, trigger = _rejoin(_plain(c.get("effect")), _plain(c.get("trigger")))
    attributes = [_plain(a) for a in (c.get("attributes") or [])]
    if effect:
        effect = restore_attributes(effect, attributes, where, report)
    parsed = parse_card(effect, trigger)
    row = {
        "code": code, "name": _plain(c.get("name")) or code, "set": code.split("-")[0],
        "category": category, "colors": colors,
        "types": [_plain(t) for t in (c.get("types") or [])],
        "attributes": attributes,
        "cost": cost, "power": _number(c.get("power"), where, "power", report),
        "counter": _number(c.get("counter"), where, "counter", report), "life": life,
        "keywords": parsed.keywords, "modelled": parsed.modelled,
        "unmodelled": parsed.unmodelled, "printings": 1,
        "any_copies": allows_any_copies(c.get("effect")),
        "text": effect or "", "trigger_text": trigger or "",
    }
    for slot in SLOTS:
        eff = parsed.effects.get(slot)
        row[slot] = eff[0] if eff else ""
        row[f"{slot}_value"] = eff[1] if eff else 0
    if category != "character" and row["counter"]:
        report.problems.append(f"{where}: a {category} with a counter value; ignored")
        row["counter"] = 0
    return row


def store_entries(df: pl.DataFrame) -> dict[str, dict]:
    """Store rows as card entries in the TOML pool's shape (for cards.card_row)."""
    entries = {}
    for r in df.iter_rows(named=True):
        e = {"name": r["name"], "category": r["category"], "colors": r["colors"],
             "cost": r["cost"], "power": r["power"], "counter": r["counter"],
             "keywords": r["keywords"]}
        if r["category"] == "leader":
            e["life"] = r["life"]
        if r.get("any_copies"):
            e["any_copies"] = True
        if r.get("text") is not None:
            e |= {"text": r["text"], "trigger_text": r.get("trigger_text") or "",
                  "types": list(r.get("types") or []),
                  "attributes": list(r.get("attributes") or [])}
        for slot in SLOTS:
            if r[slot]:
                e[slot] = {"effect": r[slot], "value": r[f"{slot}_value"]}
        entries[r["code"]] = e
    return entries
