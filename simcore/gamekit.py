"""The Python side of every game's batch runner and replay: decks to the kernels' arrays, the
result rows and the replay log back. Each game package names its modules and how its decks
become arrays; the numba kernels stay in the package (numba's cache needs them there)."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import import_module

import numba
import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck, short_name
from tcgsim.simcore.firstrun import compiling

# fx arrays by (table, decks, effects mode): packing compiles card text, so a run packs each
# deck pair once, not once a batch.
_FX_CACHE: dict[tuple, tuple[CardTable, np.ndarray, np.ndarray]] = {}


CHUNK = 512  # fewest games in a chunk of a batch, so that the calls cost well under 1 %


def in_chunks(play: Callable[[int, int], None], n: int, threads: int) -> None:
    """play(lo, hi) over 0..n-1 in chunks on `threads` threads (the kernels release the GIL;
    numba compiles a kernel once, under its lock, if two threads call it first). Every game
    is played by itself, so the result does not depend on the chunks; 32 chunks a thread
    keep the threads busy to the end."""
    size = max(CHUNK, -(-n // (32 * threads)))
    bounds = [(lo, min(n, lo + size)) for lo in range(0, n, size)]
    if threads == 1 or len(bounds) == 1:
        for lo, hi in bounds:
            play(lo, hi)
        return
    pool = ThreadPoolExecutor(threads, thread_name_prefix="tcgsim-games")
    try:
        for done in [pool.submit(play, lo, hi) for lo, hi in bounds]:
            done.result()  # an error in a chunk is raised here
    finally:  # on Ctrl-C, chunks not started are dropped
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class Runner:
    """package: the game package (its batch, layout and narrate modules); deck_arrays: the
    two decks as the kernels take them (a tuple of arrays); log_rows: replay log capacity."""

    package: str
    deck_arrays: Callable[[Deck, Deck], tuple[np.ndarray, ...]]
    log_rows: int = 40000
    title: str = ""  # the game's name in the first-run compile notice
    # The card table and compiled effect tables of a deck pair in an effects mode, for a game
    # whose kernels take them (an `fx` argument after the card table); None for the others.
    effects: Callable[[CardTable, Deck, Deck, str], tuple[np.ndarray, np.ndarray]] | None = None
    # The family id of the game's search player, whose pairs run the package's search_batch
    # module; -1: none.
    search_family: int = -1

    @property
    def game(self) -> str:
        return self.package.rsplit(".", 1)[-1]

    def _module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def columns(self) -> list[str]:
        """The result row's column names."""
        return self._module("batch").COLUMNS

    def _tables(self, table: CardTable, deck_a: Deck, deck_b: Deck,
                 effects: str) -> tuple[np.ndarray, ...]:
        """The card table, then (for a game with compiled effects) the pair's fx."""
        if self.effects is None:
            return (table.table,)
        key = (id(table), deck_a.cards.tobytes(), deck_a.leader, deck_b.cards.tobytes(),
               deck_b.leader, effects)
        hit = _FX_CACHE.get(key)
        if hit is None or hit[0] is not table:
            if len(_FX_CACHE) >= 32:
                _FX_CACHE.clear()
            hit = (table, *self.effects(table, deck_a, deck_b, effects))
            _FX_CACHE[key] = hit
        return hit[1], hit[2]

    def searching(self, fams: np.ndarray) -> bool:
        """Does a seat play the game's search family (search_family)?"""
        return self.search_family >= 0 and bool((np.asarray(fams) == self.search_family).any())

    def _kernel(self, name: str, fams: np.ndarray):
        """batch.<name>, or search_batch.<name>_search when a seat searches: only pairs with
        a search seat import and compile the search kernels."""
        if self.searching(fams):
            return getattr(self._module("search_batch"), name + "_search")
        return getattr(self._module("batch"), name)

    def run_batch(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, start: int,
                  n: int, fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
                  debug: bool, effects: str = "approx") -> np.ndarray:
        """Play games start..start+n-1; one int32 result row per game (columns())."""
        batch = self._module("batch")
        out = np.zeros((n, batch.NCOL), dtype=np.int32)
        tables = self._tables(table, deck_a, deck_b, effects)
        kernel = self._kernel("run_batch", fams)
        decks = self.deck_arrays(deck_a, deck_b)

        def play(lo: int, hi: int) -> None:
            kernel(*tables, *decks, np.uint64(seed), start + lo, hi - lo, fams, params,
                   ruleset, turn_cap, debug, batch.STAT_OFFSETS, out[lo:hi])

        with compiling(self.game, self.title or self.game, kernel.__name__,
                       source=kernel.py_func.__code__.co_filename):
            if kernel.targetoptions.get("parallel"):  # threads of its own (search seats)
                play(0, n)
            else:
                in_chunks(play, n, numba.get_num_threads())
        return out

    def game_log(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
                 fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
                 effects: str = "approx") -> tuple[np.ndarray, np.ndarray]:
        """The log records and the final state of game (seed, game), played exactly as
        run_batch plays it."""
        lg = np.zeros((self.log_rows, 5), dtype=np.int32)
        st = np.zeros(self._module("layout").SIZE, dtype=np.int32)
        tables = self._tables(table, deck_a, deck_b, effects)
        kernel = self._kernel("replay_game", fams)
        with compiling(self.game, self.title or self.game, kernel.__name__,
                       source=kernel.py_func.__code__.co_filename):
            kernel(*tables, *self.deck_arrays(deck_a, deck_b), np.uint64(seed), game, fams,
                   params, ruleset, turn_cap, lg, st)
        return lg, st

    def replay(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
               fams: np.ndarray, params: np.ndarray, ruleset: int,
               turn_cap: int, effects: str = "approx") -> list[str]:
        """The game (seed, game) as run_batch plays it, described turn by turn."""
        lg, st = self.game_log(table, deck_a, deck_b, seed, game, fams, params, ruleset,
                               turn_cap, effects)
        names = (short_name(deck_a.name), short_name(deck_b.name))
        return self._module("narrate").describe(table, names, lg, st)

    def diagnose(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int,
                 games: range, fams: np.ndarray, params: np.ndarray, ruleset: int,
                 turn_cap: int, effects: str = "approx", progress=None) -> dict[str, list]:
        """What the logs of `games` say about how each seat played its deck (the game
        package's diagnose.game_records, one game after another); progress(k) after each."""
        records = self._module("diagnose")
        out: dict[str, list] = {}
        for k, g in enumerate(games):
            lg, st = self.game_log(table, deck_a, deck_b, seed, g, fams, params, ruleset,
                                   turn_cap, effects)
            for key, rows in records.game_records(g, lg, st).items():
                out.setdefault(key, []).extend(rows)
            if progress is not None:
                progress(k + 1)
        return out
