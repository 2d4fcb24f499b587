"""Decklists in the formats players paste: '4xOP01-016', '4 OP01-016', 'OP01-016 x4', 'CODE'."""

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tcgsim.simcore.errors import InputError

_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S+)$|^(\d+)\s*[xX×]\s*(\S+)$")
_COUNT_LAST = re.compile(r"^(\S+)\s+[xX×]\s*(\d+)$")
_NAMED = re.compile(r"^(\d+)\s*[xX×]?\s+.*\(([^()\s]+)\)$")  # 4 Name (OP01-016)
_HEADER_COUNT = re.compile(r"\s*\(\d+\)\s*:?$|\s*:$")
_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9/_-]*-[A-Za-z0-9]+$")


@dataclass
class DeckLine:
    """One card line of a decklist: code, copies and where it was read."""

    code: str
    count: int
    line: int


@dataclass
class Deck:
    """A resolved deck: the leader's card index and the main deck's card indices."""

    name: str
    source: str
    leader: int
    cards: np.ndarray
    notes: list[str] = field(default_factory=list)  # how lines were read, e.g. code mappings


def short_name(name: str, width: int = 32) -> str:
    """A deck's name for a line that repeats it (a replay, a progress note): a file path
    gives its stem, a title's trailing " - source ..." goes, and what is left is cut to
    `width` characters with "…"."""
    text = " ".join(str(name).split())
    if text.endswith((".txt", ".ydk", ".json", ".toml")) or "/" in text:
        text = text.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    text = text.split(" - ", 1)[0].strip() or text
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def parse_line(text: str) -> tuple[str, int] | None:
    """(code, count) of one decklist line; None for a blank or comment line.

    Raises ValueError for a line that is not a card line."""
    s = text.split("#", 1)[0].strip()
    if not s:
        return None
    m = _COUNT_FIRST.match(s)
    if m:
        count, code = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if _CODE.match(code):
            return code.upper(), int(count)
    m = _NAMED.match(s)
    if m and _CODE.match(m.group(2)):
        return m.group(2).upper(), int(m.group(1))
    m = _COUNT_LAST.match(s)
    if m and _CODE.match(m.group(1)):
        return m.group(1).upper(), int(m.group(2))
    if _CODE.match(s):
        return s.upper(), 1
    raise ValueError(s)


def not_text(path: str | Path) -> bool:
    """Is this file binary data rather than a text decklist (NUL bytes, more than a stray
    one, or bytes that are not UTF-8, in its first 8 KiB)? A stray control character in a
    text line is left to the line's own check."""
    try:
        with open(path, "rb") as f:
            head = f.read(8192)
    except OSError:
        return False
    if head.count(b"\0") > max(1, len(head) // 100):
        return True
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start < len(head) - 4  # not just a character cut at the 8 KiB mark
    return False


def read_decklist(path: Path, headers: tuple[str, ...] = (),
                  skip_containing: tuple[str, ...] = ()) -> tuple[str, list[DeckLine]]:
    """Read a decklist file; the name is taken from a '# name: ...' line or the file name.
    Section headers (`headers`, with an optional count or colon: 'Characters (30)') and
    lines containing any of `skip_containing` (e.g. DON!! lines) are ignored."""
    if Path(path).is_file() and not_text(path):
        raise InputError(f"{path}: not a text decklist (binary data)")
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a BOM as Notepad writes it
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None
    name = Path(path).stem
    lines: list[DeckLine] = []
    for no, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.lower().startswith("# name:"):
            name = stripped.split(":", 1)[1].strip() or name
            bad = next((c for c in name if unicodedata.category(c) == "Cc"), None)
            if bad is not None:
                raise InputError(f"{path}:{no}: the deck name contains the control "
                                 f"character U+{ord(bad):04X}; remove it")
            continue
        low = stripped.lower()
        if _HEADER_COUNT.sub("", low) in headers:
            continue
        try:
            parsed = parse_line(raw)
        except ValueError:
            if any(w in low for w in skip_containing):
                continue
            raise InputError(
                f"{path}:{no}: cannot read {stripped!r} as a card line "
                "(expected e.g. '4xOP01-016', '4 OP01-016' or 'OP01-016 x4')"
            ) from None
        if parsed is None:
            continue
        code, count = parsed
        if count < 1:
            raise InputError(f"{path}:{no}: card count must be at least 1, got {count}")
        lines.append(DeckLine(code, count, no))
    if not lines:
        raise InputError(f"{path}: no card lines found")
    return name, lines
