"""The contract every game package fulfils, so runners, CLI and reports stay game-agnostic."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.deckedit import Tuning
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.effects.facet import EffectsFacet


@dataclass(frozen=True)
class Game:
    """What the rest of tcgsim needs to know about one game."""

    name: str
    title: str
    data_dir: Path
    # load_cards(pool files, imported store entries or None)
    load_cards: Callable[..., CardTable]
    resolve_deck: Callable[[Path, CardTable], Deck]
    columns: list[str]
    reasons: dict[int, str]
    rulesets: dict[str, int]
    default_turn_cap: int
    # run_batch(table, deck_a, deck_b, seed, start, n, fams, params, ruleset, turn_cap, debug,
    #           effects="approx")
    run_batch: Callable[..., np.ndarray]
    # replay(table, deck_a, deck_b, seed, game, fams, params, ruleset, turn_cap, effects) -> lines
    replay: Callable[..., list[str]]
    # searching(fams) -> True when a seat plays the game's search family: the runner then
    # plays small batches (progress and Ctrl-C every few seconds); None: no such family
    searching: Callable[[np.ndarray], bool] | None = None
    # diagnose(table, deck_a, deck_b, seed, games, fams, params, ruleset, turn_cap, effects)
    # -> record lists from the games' logs (abilities, turns, ends); None: not for this game
    diagnose: Callable[..., dict[str, list]] | None = None
    # abilities(table, card) -> (index, text, timing, once-per-turn slot) of the card's
    # abilities that resolve (not the continuous ones), in the engine's order
    abilities: Callable[..., list[str]] | None = None
    # import_cards(path) -> (store rows DataFrame, ImportReport); None: no importer yet
    import_cards: Callable[[Path], tuple[Any, Any]] | None = None
    # text_damaged(text) -> True when a database cut or garbled the card text: an import
    # with such a text does not replace a card the store holds with a whole one
    text_damaged: Callable[[str], bool] | None = None
    # store_entries(store DataFrame) -> {code: card entry}, the pool's TOML shape
    store_entries: Callable[[Any], dict[str, dict]] | None = None
    # coverage(deck, table, store DataFrame or None) -> DeckCoverage
    coverage: Callable[..., Any] | None = None
    # code_pattern: a regular expression that the game's card codes match (game inference)
    code_pattern: str = ""
    # Deck-ratio tuning hook (simcore.deckedit.Tuning): the game's named card groups and
    # per-card copy limit. None: `tcgsim sweep/tune` can vary single cards only by name.
    tuning: "Tuning | None" = None
    # The card-effect engine as `cards explain` / `cards compiled` see it
    # (simcore.effects.facet): compile a stored card, each ability's status, its words.
    effects: EffectsFacet | None = None
    # effects_version() -> the digest of the game's effect compiler ("" for a game without
    # one): run folders record it and refuse to be extended under another.
    effects_version: Callable[[], str] | None = None

    def card_files(self) -> list[Path]:
        return [self.data_dir / "cards.toml"]

    def sample_decks(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted((self.data_dir / "decks").glob("*.txt"))}
