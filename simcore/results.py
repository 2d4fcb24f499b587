"""Per-game result rows as a polars DataFrame: the engine's int32 columns plus run metadata."""

import numpy as np
import polars as pl

META_COLUMNS = ["game_name", "seed", "deck_a", "deck_b", "strategy_a", "strategy_b", "ruleset",
                "effects", "text_a", "text_b"]  # text_*: the share of the deck's text played


def to_frame(rows: np.ndarray, columns: list[str], reasons: dict[int, str],
             meta: dict[str, object]) -> pl.DataFrame:
    """One row per game; `end_reason` spells out the engine's reason code."""
    df = pl.DataFrame({c: rows[:, i] for i, c in enumerate(columns)})
    df = df.with_columns(
        pl.col("game").cast(pl.Int64),
        pl.col("reason").replace_strict(reasons, return_dtype=pl.String).alias("end_reason"),
    )
    return df.with_columns(
        [pl.lit(meta[k]).alias(k) for k in META_COLUMNS if k in meta]
    ).select([k for k in META_COLUMNS if k in meta] + df.columns)
