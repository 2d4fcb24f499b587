"""The strength ladder: every strategy family against every other on the built-in decks,
seats and decks balanced, paired games; scores with intervals and Elo-style ratings."""

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from tcgsim.reports.stats import Z95, wilson
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.game import Game
from tcgsim.simcore.runner import Seat, run_games
from tcgsim.strategies.registry import families, resolve


@dataclass
class Ladder:
    """Scores of row family against column family (draws count half) and ratings."""

    names: list[str]
    score: dict[tuple[str, str], float] = field(default_factory=dict)
    games: dict[tuple[str, str], int] = field(default_factory=dict)
    elo: dict[str, float] = field(default_factory=dict)
    elo_ci: dict[str, tuple[float, float]] = field(default_factory=dict)

    def rate(self, a: str, b: str) -> float:
        return self.score[a, b] / self.games[a, b]


def sample_decks(game: Game, table) -> dict[str, Deck]:
    """The game's built-in decks, by name."""
    return {k: game.resolve_deck(p, table) for k, p in game.sample_decks().items()}


def rated_strategies(game: Game) -> list[str]:
    """The families a ladder rates unless told: all but the search ones (too slow)."""
    return [n for n, f in families(game.name).items() if not f.search]


def match_score(game: Game, table, spec_a: str, spec_b: str, n_games: int, seed: int,
                threads: int | None = None,
                games: Callable[[int], None] | None = None,
                decks: dict[str, Deck] | None = None) -> tuple[float, int]:
    """Score of strategy A against B over every ordered pair of decks (default: the
    built-in ones); games(n) is called as each batch of n games finishes (a progress bar)."""
    decks = decks or sample_decks(game, table)
    fa, pa = resolve(game.name, spec_a)
    fb, pb = resolve(game.name, spec_b)
    score, total = 0.0, 0
    for da, db in itertools.product(decks.values(), repeat=2):
        res = run_games(game, table, Seat(da, spec_a, fa, pa), Seat(db, spec_b, fb, pb), seed,
                        n_games, threads=threads, progress=games)
        if res.interrupted:
            raise KeyboardInterrupt
        w = res.rows[:, 2]
        score += float((w == 0).sum() + 0.5 * (w == -1).sum())
        total += len(w)
    return score, total


def elo_ratings(names: list[str], score: dict, games: dict, anchor: str) -> dict[str, float]:
    """Bradley-Terry maximum likelihood on the Elo scale (400 points: 10 to 1 odds), with
    half a game added to each side so that 100 % results stay finite; `anchor` rates 0."""
    r = {n: 0.0 for n in names}
    for _ in range(2000):
        step = 0.0
        for i in names:
            got = exp = var = 0.0
            for j in names:
                if i == j or (i, j) not in games:
                    continue
                n = games[i, j] + 1
                s = score[i, j] + 0.5
                e = 1 / (1 + 10 ** ((r[j] - r[i]) / 400))
                got += s
                exp += n * e
                var += n * e * (1 - e)
            if var > 0:
                delta = (got - exp) / var * 400 / math.log(10)
                r[i] += max(-200.0, min(200.0, delta))
                step = max(step, abs(delta))
        if step < 1e-6:
            break
    base = r[anchor]
    return {n: v - base for n, v in r.items()}


def elo_intervals(names: list[str], games: dict, elo: dict[str, float],
                  anchor: str) -> dict[str, tuple[float, float]]:
    """95 % intervals of the ratings against the anchor's (fixed at 0): the normal
    approximation of the fit, standard error (400 / ln 10) / sqrt(sum n e (1 - e))."""
    out = {anchor: (0.0, 0.0)}
    for i in names:
        if i == anchor:
            continue
        info = sum((games[i, j] + 1) * e * (1 - e)
                   for j in names if j != i and (i, j) in games
                   for e in [1 / (1 + 10 ** ((elo[j] - elo[i]) / 400))])
        half = Z95 * 400 / math.log(10) / math.sqrt(info) if info > 0 else math.inf
        out[i] = (elo[i] - half, elo[i] + half)
    return out


def ladder_games(game: Game, n_games: int, strategies: list[str] | None = None,
                 n_decks: int | None = None) -> int:
    """How many games run_ladder plays: every strategy pairing on every ordered deck pair."""
    pairings = math.comb(len(strategies or rated_strategies(game)), 2)
    return pairings * (n_decks or len(game.sample_decks())) ** 2 * n_games


def run_ladder(game: Game, table, n_games: int, seed: int, threads: int | None = None,
               progress: Callable[[str], None] | None = None,
               games: Callable[[int], None] | None = None,
               strategies: list[str] | None = None,
               decks: dict[str, Deck] | None = None) -> Ladder:
    """Rate strategies (specs; default: rated_strategies) on decks (default: the built-in
    ones); progress(message) after each pairing; games(n) after each batch of n games."""
    names = list(strategies or rated_strategies(game))
    lad = Ladder(names)
    for a, b in itertools.combinations(names, 2):
        s, n = match_score(game, table, a, b, n_games, seed, threads, games, decks)
        lad.score[a, b], lad.games[a, b] = s, n
        lad.score[b, a], lad.games[b, a] = n - s, n
        if progress:
            progress(f"{a} vs {b}: {100 * s / n:.1f} %")
    anchor = "random" if "random" in names else names[0]
    lad.elo = elo_ratings(names, lad.score, lad.games, anchor)
    lad.elo_ci = elo_intervals(names, lad.games, lad.elo, anchor)
    return lad


def format_ladder(lad: Ladder) -> str:
    """A markdown table: row family's score against each column family, 95 % interval."""
    order = sorted(lad.names, key=lambda n: -lad.elo[n])
    head = "| family | Elo | 95 % | " + " | ".join(f"vs {n}" for n in order) + " |"
    lines = [head, "|---|---:|---:|" + "---:|" * len(order)]
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("—")
                continue
            lo, hi = wilson(lad.score[a, b], lad.games[a, b])
            cells.append(f"{100 * lad.rate(a, b):.1f} % ({100 * lo:.1f}–{100 * hi:.1f})")
        lo, hi = lad.elo_ci.get(a, (math.nan, math.nan))
        ci = "anchor" if lo == hi else f"{lo:.0f} to {hi:.0f}"
        lines.append(f"| {a} | {lad.elo[a]:.0f} | {ci} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ladder_matrix(lad: Ladder) -> np.ndarray:
    return np.array([[lad.rate(a, b) if a != b else 0.5 for b in lad.names] for a in lad.names])
