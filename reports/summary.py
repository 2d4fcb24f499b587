"""Summaries of per-game rows: win rates by seat, draws, turns and end reasons."""

from dataclasses import dataclass

import polars as pl

from tcgsim.reports.stats import wilson


@dataclass
class Rate:
    """A win rate of deck A with draws counted as half a win, and its 95 % Wilson interval."""

    games: int
    score: float

    @property
    def value(self) -> float:
        return self.score / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)


def _rate(df: pl.DataFrame) -> Rate:
    wins = df.filter(pl.col("winner") == 0).height
    draws = df.filter(pl.col("winner") == -1).height
    return Rate(df.height, wins + 0.5 * draws)


@dataclass
class Summary:
    games: int
    overall: Rate
    first: Rate
    second: Rate
    draws: int
    mean_turns: float
    reasons: list[tuple[str, int]]
    errors: int


def summarize(df: pl.DataFrame) -> Summary:
    """Figures for deck A: overall, going first (first == 0), going second."""
    reasons = (
        df.group_by("end_reason").len().sort("len", descending=True).iter_rows()
        if df.height else []
    )
    return Summary(
        games=df.height,
        overall=_rate(df),
        first=_rate(df.filter(pl.col("first") == 0)),
        second=_rate(df.filter(pl.col("first") == 1)),
        draws=df.filter(pl.col("winner") == -1).height,
        mean_turns=float(df["turns"].mean()) if df.height else float("nan"),
        reasons=[(str(r), int(n)) for r, n in reasons],
        errors=df.filter(pl.col("error") != 0).height,
    )


def format_summary(s: Summary, deck_a: str, deck_b: str, seconds: float) -> str:
    """The terminal report of `tcgsim simulate`."""

    def pct(r: Rate) -> str:
        lo, hi = r.interval
        ci = f"95 % CI {100 * lo:.1f} - {100 * hi:.1f} %"
        return f"{100 * r.value:5.1f} %  ({ci}, {r.games} games)"

    lines = [
        f"{deck_a} vs {deck_b}: {s.games} games",
        f"  win rate of {deck_a}: {pct(s.overall)}",
        f"    going first:       {pct(s.first)}",
        f"    going second:      {pct(s.second)}",
        f"  draws: {s.draws} ({100 * s.draws / max(s.games, 1):.2f} %, counted as half a win)",
        f"  mean turns: {s.mean_turns:.2f}",
        "  end reasons: "
        + ", ".join(f"{r} {100 * n / max(s.games, 1):.1f} %" for r, n in s.reasons),
        f"  speed: {s.games / max(seconds, 1e-9):,.0f} games/s ({seconds:.2f} s)",
    ]
    if s.errors:
        lines.append(f"  WARNING: {s.errors} games stopped on an invariant error")
    return "\n".join(lines)
