"""Weiss Schwarz (2023 comprehensive manual, seed 002; 2017 English rules, seed 004, as a
ruleset)."""

from pathlib import Path

import numpy as np

from simcore.cards import CardTable
from simcore.coverage import deck_coverage
from simcore.decks import Deck
from simcore.game import Game
from simcore.games.weiss.cards import load_cards
from simcore.games.weiss.deckrules import resolve_deck
from simcore.games.weiss.importer import read_database, store_entries
from simcore.games.weiss.layout import REASONS, RULESETS


def _decks(deck_a: Deck, deck_b: Deck) -> np.ndarray:
    return np.stack([deck_a.cards, deck_b.cards]).astype(np.int32)


def run_batch(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, start: int, n: int,
              fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
              debug: bool) -> np.ndarray:
    """Play games start..start+n-1; one int32 result row per game (columns: COLUMNS)."""
    from simcore.games.weiss import batch

    out = np.zeros((n, batch.NCOL), dtype=np.int32)
    batch.run_batch(table.table, _decks(deck_a, deck_b), np.uint64(seed), start, n, fams,
                    params, ruleset, turn_cap, debug, batch.STAT_OFFSETS, out)
    return out


def replay(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
           fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int) -> list[str]:
    """The game (seed, game) as run_batch plays it, described turn by turn."""
    from simcore.games.weiss import batch
    from simcore.games.weiss.layout import SIZE
    from simcore.games.weiss.narrate import describe

    lg = np.zeros((40000, 5), dtype=np.int32)
    st = np.zeros(SIZE, dtype=np.int32)
    batch.replay_game(table.table, _decks(deck_a, deck_b), np.uint64(seed), game, fams,
                      params, ruleset, turn_cap, lg, st)
    return describe(table, (deck_a.name, deck_b.name), lg, st)


def _columns() -> list[str]:
    from simcore.games.weiss.batch import COLUMNS

    return COLUMNS


GAME = Game(
    name="weiss",
    title="Weiß Schwarz",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=_columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=60,
    run_batch=run_batch,
    replay=replay,
    import_cards=read_database,
    store_entries=store_entries,
    coverage=deck_coverage,
    code_pattern=r"^[A-Z0-9]+/[A-Z]+\d+-[A-Z]*\d+[A-Z]*$",
)
