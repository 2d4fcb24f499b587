"""The strength ladder: every strategy family against every other on the built-in decks,
seats and decks balanced, paired games; scores with intervals and Elo-style ratings."""

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from tcgsim.reports.stats import wilson
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

    def rate(self, a: str, b: str) -> float:
        return self.score[a, b] / self.games[a, b]


def match_score(game: Game, table, spec_a: str, spec_b: str, n_games: int, seed: int,
                threads: int | None = None,
                games: Callable[[int], None] | None = None) -> tuple[float, int]:
    """Score of strategy A against B over every ordered pair of built-in decks; games(n) is
    called as each batch of n games finishes (a progress bar)."""
    decks = {k: game.resolve_deck(p, table) for k, p in game.sample_decks().items()}
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


def ladder_games(game: Game, n_games: int) -> int:
    """How many games run_ladder plays: every family pairing on every ordered deck pair."""
    pairings = math.comb(len(families(game.name)), 2)
    return pairings * len(game.sample_decks()) ** 2 * n_games


def run_ladder(game: Game, table, n_games: int, seed: int, threads: int | None = None,
               progress: Callable[[str], None] | None = None,
               games: Callable[[int], None] | None = None) -> Ladder:
    """progress(message) after each pairing; games(n) after each batch of n games."""
    names = list(families(game.name))
    lad = Ladder(names)
    for a, b in itertools.combinations(names, 2):
        s, n = match_score(game, table, a, b, n_games, seed, threads, games)
        lad.score[a, b], lad.games[a, b] = s, n
        lad.score[b, a], lad.games[b, a] = n - s, n
        if progress:
            progress(f"{a} vs {b}: {100 * s / n:.1f} %")
    lad.elo = elo_ratings(names, lad.score, lad.games, "random" if "random" in names
                          else names[0])
    return lad


def format_ladder(lad: Ladder) -> str:
    """A markdown table: row family's score against each column family, 95 % interval."""
    order = sorted(lad.names, key=lambda n: -lad.elo[n])
    head = "| family | Elo | " + " | ".join(f"vs {n}" for n in order) + " |"
    lines = [head, "|---|---:|" + "---:|" * len(order)]
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("—")
                continue
            lo, hi = wilson(lad.score[a, b], lad.games[a, b])
            cells.append(f"{100 * lad.rate(a, b):.1f} % ({100 * lo:.1f}–{100 * hi:.1f})")
        lines.append(f"| {a} | {lad.elo[a]:.0f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ladder_matrix(lad: Ladder) -> np.ndarray:
    return np.array([[lad.rate(a, b) if a != b else 0.5 for b in lad.names] for a in lad.names])
