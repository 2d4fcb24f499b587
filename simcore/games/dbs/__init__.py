"""Dragon Ball Super Card Game (the original "Masters" game), comprehensive rules v1.23."""

from pathlib import Path

import numpy as np

from simcore.cards import CardTable
from simcore.coverage import deck_coverage
from simcore.decks import Deck
from simcore.game import Game
from simcore.games.dbs.cards import load_cards
from simcore.games.dbs.deckrules import resolve_deck
from simcore.games.dbs.importer import read_database, store_entries
from simcore.games.dbs.layout import CARD_CAP, REASONS, RULESETS


def deck_arrays(deck_a: Deck, deck_b: Deck) -> tuple[np.ndarray, np.ndarray]:
    """(2, 60) int32 deck cards padded with -1 (decks hold 50-60 cards), and the Leaders."""
    decks = np.full((2, CARD_CAP), -1, dtype=np.int32)
    for p, d in enumerate((deck_a, deck_b)):
        decks[p, : len(d.cards)] = d.cards
    return decks, np.array([deck_a.leader, deck_b.leader], dtype=np.int32)


def run_batch(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, start: int, n: int,
              fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int,
              debug: bool) -> np.ndarray:
    """Play games start..start+n-1; one int32 result row per game (columns: COLUMNS)."""
    from simcore.games.dbs import batch

    decks, leaders = deck_arrays(deck_a, deck_b)
    out = np.zeros((n, batch.NCOL), dtype=np.int32)
    batch.run_batch(table.table, decks, leaders, np.uint64(seed), start, n, fams, params,
                    ruleset, turn_cap, debug, batch.STAT_OFFSETS, out)
    return out


def replay(table: CardTable, deck_a: Deck, deck_b: Deck, seed: int, game: int,
           fams: np.ndarray, params: np.ndarray, ruleset: int, turn_cap: int) -> list[str]:
    """The game (seed, game) as run_batch plays it, described turn by turn."""
    from simcore.games.dbs import batch
    from simcore.games.dbs.layout import SIZE
    from simcore.games.dbs.narrate import describe

    decks, leaders = deck_arrays(deck_a, deck_b)
    lg = np.zeros((40000, 5), dtype=np.int32)
    st = np.zeros(SIZE, dtype=np.int32)
    batch.replay_game(table.table, decks, leaders, np.uint64(seed), game, fams, params,
                      ruleset, turn_cap, lg, st)
    return describe(table, (deck_a.name, deck_b.name), lg, st)


def _columns() -> list[str]:
    from simcore.games.dbs.batch import COLUMNS

    return COLUMNS


GAME = Game(
    name="dbs",
    title="Dragon Ball Super Card Game (Masters)",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=_columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=120,
    run_batch=run_batch,
    replay=replay,
    import_cards=read_database,
    store_entries=store_entries,
    coverage=deck_coverage,
    # Masters codes; Fusion World codes (FB/FS/SB, FP-) too, so that such a decklist is
    # recognised and refused with a clear message rather than read as another game's.
    code_pattern=r"^(BT|SD|TB|EX|DB|XD|EB)\d+-\d+$|^P-\d+$|^(FB|FS|SB)\d+-\d+$|^FP-\d+$",
)
