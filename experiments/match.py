"""Build a match from what the user typed: game, decks (built-in names or files), strategies."""

from pathlib import Path

from simcore.cards import CardTable
from simcore.errors import InputError
from simcore.game import Game
from simcore.games.registry import get_game
from simcore.runner import Seat
from strategies.registry import resolve


def deck_path(game: Game, spec: str) -> Path:
    """A built-in deck name or a path to a decklist file."""
    samples = game.sample_decks()
    if spec in samples:
        return samples[spec]
    path = Path(spec)
    if path.exists():
        return path
    raise InputError(
        f"{spec}: no such deck file or built-in {game.name} deck; built-in: {', '.join(samples)}"
    )


def load_match(game_name: str, deck_a: str, deck_b: str, strategy_a: str, strategy_b: str,
               card_files: tuple[str, ...] = ()) -> tuple[Game, CardTable, Seat, Seat]:
    """Resolve everything a run needs, raising InputError on the first problem."""
    game = get_game(game_name)
    for f in card_files:
        if not Path(f).exists():
            raise InputError(f"{f}: no such card file")
    table = game.load_cards(game.card_files() + [Path(f) for f in card_files])
    seats = []
    for spec, strat in ((deck_a, strategy_a), (deck_b, strategy_b)):
        deck = game.resolve_deck(deck_path(game, spec), table)
        fam, params = resolve(game.name, strat)
        seats.append(Seat(deck, strat, fam, params))
    return game, table, seats[0], seats[1]
