"""ONE PIECE Card Game (DON!! edition, seed 003; ENERGIO!! edition as a ruleset)."""

from pathlib import Path

import numpy as np

from simcore.cards import CardTable
from simcore.coverage import deck_coverage
from simcore.decks import Deck
from simcore.game import Game
from simcore.games.onepiece.cards import load_cards
from simcore.games.onepiece.deckrules import resolve_deck
from simcore.games.onepiece.importer import read_database, store_entries
from simcore.games.onepiece.layout import REASONS, RULESETS
from simcore.games.onepiece.tuning import TUNING


def _decks(deck_a: Deck, deck_b: Deck) -> tuple[np.ndarray, np.ndarray]:
    return (np.stack([deck_a.cards, deck_b.cards]).astype(np.int32),
            np.array([deck_a.leader, deck_b.leader], dtype=np.int32))


def run_batch(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, start: int, n: int,
              fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
              debug: bool) -> np.ndarray:
    """Play games start..start+n-1; one int32 result row per game (columns: COLUMNS)."""
    from simcore.games.onepiece import batch

    decks, leaders = _decks(deck_a, deck_b)
    out = np.zeros((n, batch.NCOL), dtype=np.int32)
    batch.run_batch(table.table, decks, leaders, np.uint64(seed), start, n, fams, params,
                    ruleset, turn_cap, debug, batch.STAT_OFFSETS, out)
    return out


def replay(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
           fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int) -> list[str]:
    """The game (seed, game) as run_batch plays it, described turn by turn."""
    from simcore.games.onepiece import batch
    from simcore.games.onepiece.layout import SIZE
    from simcore.games.onepiece.narrate import describe

    decks, leaders = _decks(deck_a, deck_b)
    lg = np.zeros((20000, 5), dtype=np.int32)
    st = np.zeros(SIZE, dtype=np.int32)
    batch.replay_game(table.table, decks, leaders, np.uint64(seed), game, fams, params,
                      ruleset, turn_cap, lg, st)
    return describe(table, (deck_a.name, deck_b.name), lg, st)


def _columns() -> list[str]:
    from simcore.games.onepiece.batch import COLUMNS

    return COLUMNS


GAME = Game(
    name="onepiece",
    title="ONE PIECE Card Game",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=_columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=100,
    run_batch=run_batch,
    replay=replay,
    import_cards=read_database,
    store_entries=store_entries,
    coverage=deck_coverage,
    code_pattern=r"^(OP|ST|EB|PRB)\d+-\d+$|^P-\d+$",
    tuning=TUNING,
)
