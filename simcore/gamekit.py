"""The Python side of every game's batch runner and replay: decks to the kernels' arrays, the
result rows and the replay log back. Each game package names its modules and how its decks
become arrays; the numba kernels stay in the package (numba's cache needs them there)."""

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.firstrun import compiling


@dataclass(frozen=True)
class Runner:
    """package: the game package (its batch, layout and narrate modules); deck_arrays: the
    two decks as the kernels take them (a tuple of arrays); log_rows: replay log capacity."""

    package: str
    deck_arrays: Callable[[Deck, Deck], tuple[np.ndarray, ...]]
    log_rows: int = 40000
    title: str = ""  # the game's name in the first-run compile notice

    @property
    def game(self) -> str:
        return self.package.rsplit(".", 1)[-1]

    def _module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def columns(self) -> list[str]:
        """The result row's column names."""
        return self._module("batch").COLUMNS

    def run_batch(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, start: int,
                  n: int, fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
                  debug: bool) -> np.ndarray:
        """Play games start..start+n-1; one int32 result row per game (columns())."""
        batch = self._module("batch")
        out = np.zeros((n, batch.NCOL), dtype=np.int32)
        with compiling(self.game, self.title or self.game, "run_batch"):
            batch.run_batch(table.table, *self.deck_arrays(deck_a, deck_b), np.uint64(seed),
                            start, n, fams, params, ruleset, turn_cap, debug,
                            batch.STAT_OFFSETS, out)
        return out

    def replay(self, table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
               fams: np.ndarray, params: np.ndarray, ruleset: int,
               turn_cap: int) -> list[str]:
        """The game (seed, game) as run_batch plays it, described turn by turn."""
        lg = np.zeros((self.log_rows, 5), dtype=np.int32)
        st = np.zeros(self._module("layout").SIZE, dtype=np.int32)
        with compiling(self.game, self.title or self.game, "replay_game"):
            self._module("batch").replay_game(table.table, *self.deck_arrays(deck_a, deck_b),
                                              np.uint64(seed), game, fams, params, ruleset,
                                              turn_cap, lg, st)
        return self._module("narrate").describe(table, (deck_a.name, deck_b.name), lg, st)
