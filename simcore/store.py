"""The local card store: one parquet file per game, written atomically, merged by card code.

Location: the path given, else $TCGSIM_DATA, else the per-user data directory.
"""

import os
from pathlib import Path

import polars as pl
from platformdirs import user_data_dir


def store_dir(override: str | os.PathLike | None = None) -> Path:
    if override:
        return Path(override)
    env = os.environ.get("TCGSIM_DATA")
    return Path(env) if env else Path(user_data_dir("tcgsim")) / "cards"


def store_file(game: str, override: str | os.PathLike | None = None) -> Path:
    return store_dir(override) / f"{game}.parquet"


def load_store(game: str, override: str | os.PathLike | None = None) -> pl.DataFrame | None:
    """The game's imported cards, or None if nothing was imported yet."""
    path = store_file(game, override)
    return pl.read_parquet(path) if path.exists() else None


def merge_into_store(game: str, cards: pl.DataFrame,
                     override: str | os.PathLike | None = None) -> tuple[Path, int, int]:
    """Add or replace cards by `code`; returns (file, cards added, cards replaced).
    The file is written to a temporary name and renamed, so it is never half-written."""
    path = store_file(game, override)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = pl.read_parquet(path) if path.exists() else None
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
