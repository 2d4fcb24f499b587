"""The local card store: one parquet file per game, written atomically, merged by card code.

Location: the path given, else $TCGSIM_DATA, else the per-user data directory.
"""

import os
from collections.abc import Callable
from pathlib import Path

import polars as pl
from platformdirs import user_data_dir

from tcgsim.simcore.errors import InputError

# The card store's schema: 2 keeps each card's whole text (`text`, and ONE PIECE's
# `trigger_text`) for the effect compiler, and the deck-construction permission
# (`any_copies`); 3 reads ONE PIECE's [Rush: Character] and [Unblockable] keywords; 4 keeps
# ONE PIECE's attributes (<Slash>, <Strike>, ...), which card text tests. Every row carries
# it in the `store_version` column.
STORE_VERSION = 4


def store_dir(override: str | os.PathLike | None = None) -> Path:
    if override:
        return Path(override)
    env = os.environ.get("TCGSIM_DATA")
    return Path(env) if env else Path(user_data_dir("tcgsim")) / "cards"


def check_store_dir(override: str | os.PathLike | None = None) -> None:
    """A card store folder named by --store or $TCGSIM_DATA must exist and hold imported
    cards: a mistyped one is one clear line now, not an "unknown card code" later."""
    named = override or os.environ.get("TCGSIM_DATA")
    if not named:
        return  # the user data folder: nothing imported yet is fine for built-in decks
    where = "--store" if override else "TCGSIM_DATA"
    folder = Path(named)
    if not folder.is_dir():
        raise InputError(f"{where}: {folder}: no such card store folder")
    if not any(folder.glob("*.parquet")):
        raise InputError(f"{where}: {folder}: the folder holds no imported cards (tcgsim cards "
                         f"import PATH --game GAME --store {folder})")


def store_file(game: str, override: str | os.PathLike | None = None) -> Path:
    return store_dir(override) / f"{game}.parquet"


def store_version(df: pl.DataFrame) -> int:
    """The schema version a store was written with (1: before versions were recorded)."""
    if "store_version" not in df.columns or df.height == 0:
        return 1 if "store_version" not in df.columns else STORE_VERSION
    return int(df["store_version"].min())


def load_store(game: str, override: str | os.PathLike | None = None) -> pl.DataFrame | None:
    """The game's imported cards, or None if nothing was imported yet. A store written by
    an older version is refused with one line saying to import the cards again."""
    path = store_file(game, override)
    if not path.exists():
        return None
    df = pl.read_parquet(path)
    if store_version(df) != STORE_VERSION:
        raise InputError(f"{path}: card store version {store_version(df)}, this tcgsim reads "
                         f"version {STORE_VERSION}; import the cards again (tcgsim cards "
                         f"import PATH --game {game})")
    return df


def merge_into_store(game: str, cards: pl.DataFrame,
                     override: str | os.PathLike | None = None) -> tuple[Path, int, int]:
    """Add or replace cards by `code`; returns (file, cards added, cards replaced).
    The file is written to a temporary name and renamed, so it is never half-written. A
    store of an older schema version is replaced by this import."""
    path = store_file(game, override)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = pl.read_parquet(path) if path.exists() else None
    if old is not None and store_version(old) != STORE_VERSION:
        old = None  # an older schema lacks columns: the store starts again from this import
    cards = cards.with_columns(pl.lit(STORE_VERSION, dtype=pl.Int32).alias("store_version"))
    added, replaced = cards.height, 0
    if old is not None:
        replaced = cards.join(old.select("code"), on="code", how="semi").height
        added = cards.height - replaced
        cards = pl.concat([old.join(cards.select("code"), on="code", how="anti"), cards],
                          how="diagonal_relaxed")
    tmp = path.with_suffix(".parquet.partial")
    cards.sort("code").write_parquet(tmp)
    os.replace(tmp, path)
    return path, added, replaced


def left_out_file(game: str, override: str | os.PathLike | None = None) -> Path:
    return store_dir(override) / f"{game}.left_out.json"


def record_left_out(game: str, codes: dict[str, str],
                    override: str | os.PathLike | None = None) -> None:
    """Remember the cards an import left out and what they are (code -> "a White card"),
    beside the store, so that a decklist naming one is told why it is missing."""
    import json

    path = left_out_file(game, override)
    known = left_out(game, override)
    known.update(codes)
    for code in codes_in_store(game, override):
        known.pop(code, None)  # imported since (another database, a newer edition)
    tmp = path.with_suffix(".json.partial")
    tmp.write_text(json.dumps(dict(sorted(known.items())), indent=0))
    os.replace(tmp, path)


def left_out(game: str, override: str | os.PathLike | None = None) -> dict[str, str]:
    """The cards earlier imports left out (record_left_out), by code."""
    import json

    path = left_out_file(game, override)
    try:
        return dict(json.loads(path.read_text()))
    except (OSError, ValueError):
        return {}


def codes_in_store(game: str, override: str | os.PathLike | None = None) -> set[str]:
    path = store_file(game, override)
    return set(pl.read_parquet(path, columns=["code"])["code"]) if path.exists() else set()


def keep_whole_texts(cards: pl.DataFrame, game: str, damaged: Callable[[str], bool],
                     override: str | os.PathLike | None = None) -> tuple[pl.DataFrame, list[str]]:
    """Leave out of an import the cards whose text `damaged` finds cut or garbled when the
    store already holds them with a whole text, so that a damaged database does not
    overwrite a good one; returns (the cards to merge, the codes kept as stored)."""
    path = store_file(game, override)
    if not path.exists() or "text" not in cards.columns:
        return cards, []
    old = pl.read_parquet(path)
    if store_version(old) != STORE_VERSION or "text" not in old.columns:
        return cards, []
    whole = {c for c, t in old.select("code", "text").iter_rows() if not damaged(t or "")}
    keep = sorted(c for c, t in cards.select("code", "text").iter_rows()
                  if c in whole and damaged(t or ""))
    return cards.filter(~pl.col("code").is_in(keep)), keep
