"""Dragon Ball Super Card Game (the original "Masters" game), comprehensive rules v1.23."""

from pathlib import Path

import numpy as np

from tcgsim.simcore.coverage import deck_coverage
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.effects.facet import builtin_facet
from tcgsim.simcore.effects.syntax import Syntax
from tcgsim.simcore.game import Game
from tcgsim.simcore.gamekit import Runner
from tcgsim.simcore.games.dbs.cards import load_cards
from tcgsim.simcore.games.dbs.deckrules import resolve_deck
from tcgsim.simcore.games.dbs.importer import read_database, store_entries
from tcgsim.simcore.games.dbs.layout import CARD_CAP, REASONS, RULESETS
from tcgsim.simcore.games.dbs.tuning import TUNING


def deck_arrays(deck_a: Deck, deck_b: Deck) -> tuple[np.ndarray, np.ndarray]:
    """(2, 60) int32 deck cards padded with -1 (decks hold 50-60 cards), and the Leaders."""
    decks = np.full((2, CARD_CAP), -1, dtype=np.int32)
    for p, d in enumerate((deck_a, deck_b)):
        decks[p, : len(d.cards)] = d.cards
    return decks, np.array([deck_a.leader, deck_b.leader], dtype=np.int32)


RUNNER = Runner("tcgsim.simcore.games.dbs", deck_arrays, title="Dragon Ball Super")

GAME = Game(
    name="dbs",
    title="Dragon Ball Super Card Game (Masters)",
    data_dir=Path(__file__).parent / "data",
    load_cards=load_cards,
    resolve_deck=resolve_deck,
    columns=RUNNER.columns(),
    reasons=REASONS,
    rulesets=RULESETS,
    default_turn_cap=120,
    run_batch=RUNNER.run_batch,
    replay=RUNNER.replay,
    import_cards=read_database,
    store_entries=store_entries,
    coverage=deck_coverage,
    effects=builtin_facet(("text", "back_text"), Syntax(tags=frozenset({
        "Auto", "Permanent", "Activate Main", "Activate Battle", "Activate Main/Battle",
        "Counter: Play", "Counter: Attack", "Once per Turn", "Awaken", "Double Strike",
        "Triple Strike", "Critical", "Barrier", "Dual Attack", "Evolve", "Union"}))),
    # Masters codes; Fusion World codes (FB/FS/SB, FP-) too, so that such a decklist is
    # recognised and refused with a clear message rather than read as another game's.
    tuning=TUNING,
    code_pattern=r"^(BT|SD|TB|EX|DB|XD|EB)\d+-\d+$|^P-\d+$|^(FB|FS|SB)\d+-\d+$|^FP-\d+$",
)
