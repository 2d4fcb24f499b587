"""Runs a number of games in batches on the local cores; stops cleanly on Ctrl-C.

A game's result depends only on (seed, game index, decks, strategies, ruleset): batches only
decide how work is cut, never what a game does.
"""

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numba
import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.firstrun import COMPILE_SECONDS
from tcgsim.simcore.game import Game

BATCH = 100_000
"""Games per engine call: about a second of work, so a Ctrl-C loses at most that much, while
the call itself (microseconds) costs nothing beside it."""
SEARCH_BATCH = 4
"""Games per thread in an engine call when a seat searches: a few seconds of work."""


@dataclass
class Seat:
    """One side of a match: its deck and strategy (family id and parameter vector)."""

    deck: Deck
    strategy: str
    fam: int
    params: np.ndarray


@dataclass
class RunResult:
    """rows: every finished game's row, or none when they went to a sink; games: how many
    games finished (whole batches)."""

    rows: np.ndarray
    interrupted: bool
    seconds: float
    games: int = 0
    # The batches during which the engine compiled (a first run): their seconds and games,
    # which a speed figure leaves out.
    compile_seconds: float = 0.0
    compile_games: int = 0


@contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Hold a Ctrl-C back until the block ends, then raise it: a finished batch is recorded
    whole (rows written and counted) or not at all."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[object] = []
    old = signal.signal(signal.SIGINT, lambda *sig: caught.append(sig))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if caught:
        raise KeyboardInterrupt


def run_games(game: Game, table: CardTable, a: Seat, b: Seat, seed: int, n_games: int,
              start: int = 0, ruleset: int = 0, turn_cap: int | None = None,
              threads: int | None = None, batch_size: int = BATCH, debug: bool = False,
              progress: Callable[[int], None] | None = None,
              sink: Callable[[np.ndarray], None] | None = None,
              effects: str = "approx") -> RunResult:
    """Play games start..start+n_games-1. On KeyboardInterrupt, returns the finished ones.
    effects: "approx", "strict" or "none", the card text the engine plays (docs/effects.md).

    sink: called with each batch's rows (an int32 array, one row per game) instead of
    keeping them, so memory does not grow with n_games; progress: called with each batch's
    number of games. Both run with Ctrl-C held back until they return."""
    import time

    if threads:
        if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise InputError(f"threads: {threads} is more than this machine runs; allowed: 1 "
                             f"to {numba.config.NUMBA_NUM_THREADS}")
        numba.set_num_threads(threads)
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    params = np.stack([a.params, b.params]).astype(np.float64)
    cap = turn_cap if turn_cap is not None else game.default_turn_cap
    if game.searching is not None and game.searching(fams):
        batch_size = min(batch_size, SEARCH_BATCH * numba.get_num_threads())
    batch_size = max(2, batch_size - batch_size % 2)
    parts: list[np.ndarray] = []
    t0 = time.perf_counter()
    interrupted = False
    done = 0
    compile_seconds, compile_games = 0.0, 0
    try:
        while done < n_games:
            n = min(batch_size, n_games - done)
            before, t_batch = COMPILE_SECONDS[0], time.perf_counter()
            rows = game.run_batch(table, a.deck, b.deck, seed, start + done, n, fams, params,
                                  ruleset, cap, debug, effects)
            if COMPILE_SECONDS[0] > before:  # this batch waited for the engine to compile
                compile_seconds += time.perf_counter() - t_batch
                compile_games += n
            with deferred_interrupt():
                if sink is None:
                    parts.append(rows)
                else:
                    sink(rows)
                done += n
                if progress:
                    progress(n)
    except KeyboardInterrupt:
        interrupted = True
    rows = np.concatenate(parts) if parts else np.zeros((0, len(game.columns)), np.int32)
    return RunResult(rows, interrupted, time.perf_counter() - t0, done, compile_seconds,
                     compile_games)
