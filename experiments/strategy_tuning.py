"""Tune a strategy family's parameters against a field of strategies by coordinate search
with common random numbers: every candidate plays the same games."""

from collections.abc import Callable
from dataclasses import dataclass

from tcgsim.experiments.ladder import match_score
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.game import Game
from tcgsim.strategies.registry import families


@dataclass
class Tuning:
    family: str
    start: dict[str, float]
    best: dict[str, float]
    start_score: float
    best_score: float
    history: list[str]
    interrupted: bool = False  # stopped by Ctrl-C: best is the best found so far


def _spec(family: str, values: dict[str, float]) -> str:
    return family + ":" + ",".join(f"{k}={v:g}" for k, v in values.items())


def field_score(game: Game, table, spec: str, field: list[str], n_games: int, seed: int,
                threads: int | None, games: Callable[[int], None] | None = None,
                decks: dict[str, Deck] | None = None) -> float:
    """Mean score of `spec` against each strategy of the field, over all ordered pairs of
    `decks` (default: the built-in ones); games(n) after each batch of n games (a progress
    bar)."""
    total = 0.0
    for opp in field:
        s, n = match_score(game, table, spec, opp, n_games, seed, threads, games, decks)
        total += s / n
    return total / len(field)


def tune(game: Game, table, family: str, field: list[str], n_games: int, seed: int,
         rounds: int = 1, threads: int | None = None,
         progress: Callable[[str], None] | None = None,
         games: Callable[[int], None] | None = None,
         decks: dict[str, Deck] | None = None) -> Tuning:
    """Coordinate search: each parameter in turn moves one step down or up within its range
    while that improves the field score; repeated `rounds` times. A Ctrl-C during the search
    returns the best values found so far, flagged interrupted."""
    fam = families(game.name)[family]
    values = {name: float(default) for name, default, _ in fam.params}
    start = dict(values)
    best = field_score(game, table, _spec(family, values), field, n_games, seed, threads,
                       games, decks)
    start_score = best
    history = [f"start: {100 * best:.2f} %"]
    interrupted = False
    try:
        for _ in range(rounds):
            for name in values:
                lo, hi = fam.ranges.get(name, (0.0, 1e9))
                step = 1000.0 if hi > 100 else 1.0
                improved = True
                while improved:
                    improved = False
                    for cand in (values[name] - step, values[name] + step):
                        if not lo <= cand <= hi:
                            continue
                        trial = {**values, name: cand}
                        s = field_score(game, table, _spec(family, trial), field, n_games,
                                        seed, threads, games, decks)
                        if s > best + 1e-9:
                            best, values, improved = s, trial, True
                            history.append(f"{name} = {cand:g}: {100 * s:.2f} %")
                            if progress:
                                progress(history[-1])
                            break
    except KeyboardInterrupt:
        interrupted = True
    return Tuning(family, start, values, start_score, best, history, interrupted)
