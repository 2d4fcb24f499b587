"""A real-results yardstick folder, read and checked: the decklists standing in for each
Leader, the matchup table of real games with its going-first / going-second splits, and the
Leaders' metagame shares (the format of shared/validation/<game>/, described in
docs/validation.md). Every problem is one InputError naming the file, line and column."""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tcgsim.simcore.errors import InputError

MATCHUP_COLUMNS = ("leader_a", "leader_b", "games", "wins_a", "first_games_a", "first_wins_a",
                   "second_games_a", "second_wins_a")
LEADER_COLUMNS = ("leader", "name", "field_share")


@dataclass
class Yardstick:
    """Real results among n Leaders (index order = `leaders`). Matrices are [a, b] from a's
    side over the games of a against b: games, wins, and the games and wins of a going
    first. Mirror cells keep the source's convention (each game counted once per seat):
    `first_games[a, a]` is the number of mirror games, `first_wins[a, a]` those the player
    going first won."""

    folder: Path
    leaders: list[str]
    names: list[str]
    shares: np.ndarray
    decks: dict[str, Path]
    games: np.ndarray
    wins: np.ndarray
    first_games: np.ndarray
    first_wins: np.ndarray
    notes: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.leaders)

    def rate(self) -> np.ndarray:
        """a's real win rate against b (NaN where they played no game, and on mirrors)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            r = self.wins / self.games
        np.fill_diagonal(r, np.nan)
        return r


def _rows(path: Path, columns: tuple[str, ...]) -> list[tuple[int, dict[str, str]]]:
    if not path.is_file():
        raise InputError(f"{path}: no such file (a yardstick folder holds matchups.csv, "
                         f"leaders.csv and decks/)")
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"{path}: line 1: missing column {missing[0]!r} "
                             f"(expected {', '.join(columns)})")
        return [(i + 2, r) for i, r in enumerate(reader)]


def _int(path: Path, line: int, row: dict[str, str], col: str) -> int:
    try:
        v = int(row[col])
    except (TypeError, ValueError):
        raise InputError(f"{path}: line {line}: {col}: expected a whole number, got "
                         f"{row[col]!r}") from None
    if v < 0:
        raise InputError(f"{path}: line {line}: {col}: must not be negative, got {v}")
    return v


def _leader_of(deck: Path) -> str:
    """The Leader code of a yardstick decklist: its first card line (tcgsim deck format,
    Leader first)."""
    from tcgsim.simcore.decks import parse_line

    for i, text in enumerate(deck.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            parsed = parse_line(text)
        except ValueError:
            raise InputError(f"{deck}: line {i}: not a card line: {text.strip()!r}") from None
        if parsed is not None:
            return parsed[0]
    raise InputError(f"{deck}: no card lines")


def read_yardstick(folder: str | Path) -> Yardstick:
    """Read and check a yardstick folder; raises InputError naming the file and line."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"{folder}: no such yardstick folder")
    lpath = folder / "leaders.csv"
    leaders, names, shares = [], [], []
    for line, r in _rows(lpath, LEADER_COLUMNS):
        code = r["leader"].strip().upper()
        if code in leaders:
            raise InputError(f"{lpath}: line {line}: leader {code} is listed twice")
        try:
            share = float(r["field_share"])
        except ValueError:
            raise InputError(f"{lpath}: line {line}: field_share: expected a number, got "
                             f"{r['field_share']!r}") from None
        if not 0 <= share <= 1:
            raise InputError(f"{lpath}: line {line}: field_share: expected 0 to 1, got {share}")
        leaders.append(code)
        names.append(r["name"].strip() or code)
        shares.append(share)
    if len(leaders) < 3:
        raise InputError(f"{lpath}: {len(leaders)} leaders; agreement needs at least 3")
    idx = {c: i for i, c in enumerate(leaders)}
    n = len(leaders)
    mats = {k: np.zeros((n, n), dtype=np.int64)
            for k in ("games", "wins", "first_games", "first_wins", "second_games",
                      "second_wins")}
    seen = np.zeros((n, n), dtype=bool)
    mpath = folder / "matchups.csv"
    for line, r in _rows(mpath, MATCHUP_COLUMNS):
        a, b = (r[k].strip().upper() for k in ("leader_a", "leader_b"))
        for k, code in (("leader_a", a), ("leader_b", b)):
            if code not in idx:
                raise InputError(f"{mpath}: line {line}: {k}: {code} is not in {lpath.name}")
        i, j = idx[a], idx[b]
        if seen[i, j]:
            raise InputError(f"{mpath}: line {line}: the pair {a} - {b} is listed twice")
        seen[i, j] = True
        v = {k: _int(mpath, line, r, k + ("" if k == "games" else "_a"))
             for k in ("games", "first_games", "first_wins", "second_games", "second_wins")}
        v["wins"] = _int(mpath, line, r, "wins_a")
        if v["wins"] > v["games"] or v["first_wins"] > v["first_games"] \
                or v["second_wins"] > v["second_games"]:
            raise InputError(f"{mpath}: line {line}: more wins than games")
        if i != j and (v["first_games"] + v["second_games"] != v["games"]
                       or v["first_wins"] + v["second_wins"] != v["wins"]):
            raise InputError(f"{mpath}: line {line}: going first + going second does not add "
                             f"up to games and wins_a")
        for k, x in v.items():
            mats[k][i, j] = x
    for i in range(n):
        for j in range(n):
            if i != j and seen[i, j] and seen[j, i] and (
                    mats["games"][i, j] != mats["games"][j, i]
                    or mats["wins"][i, j] + mats["wins"][j, i] != mats["games"][i, j]
                    or mats["first_games"][i, j] != mats["second_games"][j, i]):
                raise InputError(f"{mpath}: the rows {leaders[i]} - {leaders[j]} and "
                                 f"{leaders[j]} - {leaders[i]} describe different games")
    # a pair given in one direction only stands for both
    for i in range(n):
        for j in range(n):
            if i != j and seen[i, j] and not seen[j, i]:
                mats["games"][j, i] = mats["games"][i, j]
                mats["wins"][j, i] = mats["games"][i, j] - mats["wins"][i, j]
                mats["first_games"][j, i] = mats["second_games"][i, j]
                mats["first_wins"][j, i] = mats["second_games"][i, j] - mats["second_wins"][i, j]
    decks = _decks(folder, idx)
    notes = [f"{leaders[i]} - {leaders[j]}: no real games"
             for i in range(n) for j in range(i + 1, n) if mats["games"][i, j] == 0]
    return Yardstick(folder, leaders, names, np.array(shares), decks, mats["games"],
                     mats["wins"], mats["first_games"], mats["first_wins"], notes)


def _decks(folder: Path, idx: dict[str, int]) -> dict[str, Path]:
    ddir = folder / "decks"
    if not ddir.is_dir():
        raise InputError(f"{ddir}: no such folder (one decklist per leader)")
    decks: dict[str, Path] = {}
    for f in sorted(ddir.glob("*.txt")):
        code = _leader_of(f)
        if code not in idx:
            raise InputError(f"{f}: its Leader {code} is not in leaders.csv")
        if code in decks:
            raise InputError(f"{f}: a second decklist for {code} (the first: "
                             f"{decks[code].name})")
        decks[code] = f
    missing = [c for c in idx if c not in decks]
    if missing:
        raise InputError(f"{ddir}: no decklist for leader {missing[0]} (the first card line "
                         f"of each list is its Leader)")
    return decks
