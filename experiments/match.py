"""Build a match from what the user typed: game, decks (built-in names or files), strategies."""

import re
import sys
from pathlib import Path

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import not_text, parse_line
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.game import Game
from tcgsim.simcore.games.registry import games, get_game
from tcgsim.simcore.runner import Seat
from tcgsim.simcore.store import check_store_dir, left_out, load_store
from tcgsim.strategies.registry import resolve


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


def deck_game(spec: str) -> str | None:
    """The game a deck argument belongs to: the game of a built-in deck of that name, else
    the game most of the file's card codes look like; None when it cannot be told."""
    votes: dict[str, int] = {}
    for name, game in games().items():
        if spec in game.sample_decks():
            votes[name] = votes.get(name, 0) + 1000
    path = Path(spec)
    if path.is_file():
        try:
            lines = path.read_text(encoding="utf-8-sig").splitlines()
        except (OSError, UnicodeDecodeError):
            lines = []
        for line in lines:
            try:
                parsed = parse_line(line)
            except ValueError:
                continue
            for name, game in games().items():
                if parsed and game.code_pattern and re.match(game.code_pattern, parsed[0]):
                    votes[name] = votes.get(name, 0) + 1
    return max(votes, key=lambda k: votes[k]) if votes else None


def _different_games(found: dict[str, str]) -> InputError:
    described = ", ".join(f"{spec} is {get_game(g).title}" for spec, g in found.items())
    return InputError(f"these decks are of different games: {described}")


def infer_game(specs: list[str]) -> str:
    """The game of the deck arguments (built-in deck names or decklist files); an error when
    they belong to different games or to none that can be told."""
    found = {spec: g for spec in specs if (g := deck_game(spec)) is not None}
    if len(set(found.values())) > 1:
        raise _different_games(found)
    if not found:
        missing = [s for s in specs if not Path(s).exists()]
        if missing:
            raise InputError(f"{missing[0]}: no such deck file or built-in deck of any game")
        binary = [s for s in specs if Path(s).is_file() and not_text(s)]
        if binary:
            raise InputError(f"{binary[0]}: not a text decklist (binary data)")
        raise InputError(f"cannot tell the game of {', '.join(specs)}; pass --game")
    return next(iter(found.values()))


def check_same_game(game: Game, specs: list[str]) -> None:
    """With --game given: refuse a deck that is plainly of another game, by name."""
    found = {spec: g for spec in specs if (g := deck_game(spec)) is not None}
    if any(g != game.name for g in found.values()):
        raise _different_games({"--game": game.name, **found})


_WARNED: set[str] = set()


def load_table(game: Game, card_files: tuple[str, ...] = (), store: str | None = None):
    """The card table (imported cards, the built-in pool, then card files) and the store."""
    for f in card_files:
        if not Path(f).exists():
            raise InputError(f"{f}: no such card file")
    files = game.card_files() + [Path(f) for f in card_files]
    if game.store_entries is None:  # no importer for this game yet
        return game.load_cards(files), None
    check_store_dir(store)
    try:
        imported = load_store(game.name, store)
    except InputError as exc:  # an older store: built-in decks still play; say why once
        if str(exc) not in _WARNED:
            _WARNED.add(str(exc))
            print(f"tcgsim: warning: {exc}; its cards are not used", file=sys.stderr)
        imported = None
    entries = game.store_entries(imported) if imported is not None else None
    table = game.load_cards(files, entries)
    table.left_out = {c: why for c, why in left_out(game.name, store).items()
                      if c not in table.index}
    return table, imported


def load_match(game_name: str | None, deck_a: str, deck_b: str, strategy_a: str,
               strategy_b: str, card_files: tuple[str, ...] = (), store: str | None = None,
               params_a: tuple[str, ...] = (), params_b: tuple[str, ...] = ()
               ) -> tuple[Game, CardTable, Seat, Seat]:
    """Resolve everything a run needs, raising InputError on the first problem."""
    game = get_game(game_name or infer_game([deck_a, deck_b]))
    check_same_game(game, [deck_a, deck_b])
    table, _ = load_table(game, card_files, store)
    seats = []
    for spec, strat, extra in ((deck_a, strategy_a, params_a), (deck_b, strategy_b, params_b)):
        deck = game.resolve_deck(deck_path(game, spec), table)
        fam, params = resolve(game.name, strat, extra)
        label = strat + (":" if ":" not in strat else ",") + ",".join(extra) if extra else strat
        seats.append(Seat(deck, label, fam, params))
    return game, table, seats[0], seats[1]
