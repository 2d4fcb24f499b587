"""Summaries of per-game rows: win rates by seat, draws, turns and end reasons."""

from dataclasses import dataclass, field

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


@dataclass
class SummaryTally:
    """The counts a Summary is made of, added batch by batch: memory stays the same however
    many games are played (`tcgsim simulate` keeps no rows)."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    first_games: int = 0
    first_wins: int = 0
    first_draws: int = 0
    turns: int = 0
    errors: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, df: pl.DataFrame) -> "SummaryTally":
        """Count the games of one batch of rows (columns winner, first, turns, error,
        end_reason)."""
        if df.height == 0:
            return self
        first = pl.col("first") == 0
        won, drew = pl.col("winner") == 0, pl.col("winner") == -1
        c = df.select(
            won.sum().alias("wins"), drew.sum().alias("draws"),
            first.sum().alias("first_games"), (first & won).sum().alias("first_wins"),
            (first & drew).sum().alias("first_draws"),
            pl.col("turns").cast(pl.Int64).sum().alias("turns"),
            (pl.col("error") != 0).sum().alias("errors"),
        ).row(0, named=True)
        self.games += df.height
        for k, v in c.items():
            setattr(self, k, getattr(self, k) + int(v or 0))
        for reason, n in df.group_by("end_reason").len().iter_rows():
            self.reasons[str(reason)] = self.reasons.get(str(reason), 0) + int(n)
        return self

    def overall(self) -> Rate:
        return Rate(self.games, self.wins + 0.5 * self.draws)

    def summary(self) -> Summary:
        """Figures for deck A: overall, going first (first == 0), going second."""
        second = Rate(self.games - self.first_games,
                      self.wins - self.first_wins + 0.5 * (self.draws - self.first_draws))
        return Summary(
            games=self.games,
            overall=self.overall(),
            first=Rate(self.first_games, self.first_wins + 0.5 * self.first_draws),
            second=second,
            draws=self.draws,
            mean_turns=self.turns / self.games if self.games else float("nan"),
            reasons=sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])),
            errors=self.errors,
        )

    def estimate(self) -> str:
        """The live estimate beside a progress bar: deck A's win rate so far."""
        r = self.overall()
        if not r.games:
            return ""
        lo, hi = r.interval
        return f"win rate {100 * r.value:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})"


def summarize(df: pl.DataFrame) -> Summary:
    """Figures for deck A: overall, going first (first == 0), going second."""
    return SummaryTally().add(df).summary()


def speed_line(games: int, seconds: float, compile_seconds: float = 0.0,
               compile_games: int = 0) -> str:
    """games/s, leaving out the batches that waited for the engine to compile on a first
    run (they would make the figure look slow); said so when it does."""
    if compile_seconds <= 0:
        return f"{games / max(seconds, 1e-9):,.0f} games/s ({seconds:.2f} s)"
    rest, rest_s = games - compile_games, seconds - compile_seconds
    if rest <= 0 or rest_s <= 0:
        return (f"not measured: the engine was compiled during this first run "
                f"({seconds:.2f} s in all)")
    return (f"{rest / rest_s:,.0f} games/s ({seconds:.2f} s, of which {compile_seconds:.1f} s "
            "compiling the engine on this first run, left out)")


def format_summary(s: Summary, deck_a: str, deck_b: str, seconds: float,
                   compile_seconds: float = 0.0, compile_games: int = 0) -> str:
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
        f"  speed: {speed_line(s.games, seconds, compile_seconds, compile_games)}",
    ]
    if s.errors:
        lines.append(f"  WARNING: {s.errors} games stopped on an invariant error")
    return "\n".join(lines)
