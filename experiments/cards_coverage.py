"""`tcgsim cards coverage` and `tcgsim cards compiled`: how much of the card text of real
decklists the engine models (or the effect compiler turns into programs), per deck and over
a corpus, with the most frequent unmodelled clause shapes."""

import json
from pathlib import Path

from tcgsim.simcore.effects.coverage import (
    SHARES,
    CorpusFigures,
    DeckFigures,
    compiled_figures,
    deck_figures,
)
from tcgsim.simcore.effects.syntax import PLAIN
from tcgsim.simcore.errors import InputError


def corpus_figures(game_name: str | None, specs: list[str], store: str | None,
                   card_files: tuple[str, ...] = (), compiled: bool = False,
                   effects: str = "approx") -> tuple[str, CorpusFigures]:
    """(game, figures) of the decklists `specs` (files or built-in names): what the engine
    plays in effects mode `effects`, or with `compiled` what the effect compiler makes of
    the text."""
    from tcgsim.experiments.match import deck_path, infer_game, load_table
    from tcgsim.simcore.games.registry import get_game

    if not specs:
        raise InputError("cards coverage: name decklists or --corpus DIR")
    game = get_game(game_name or infer_game(specs))
    if game.coverage is None:
        raise InputError(f"coverage is not available for {game.name}")
    table, imported = load_table(game, card_files, store)
    if imported is None:
        raise InputError(f"no {game.title} cards imported (tcgsim cards import ... --game "
                         f"{game.name}): card text is needed to measure coverage")
    compile_card = _card_compiler(game, imported) if compiled else None
    syntax = game.effects.syntax if game.effects is not None else PLAIN
    decks: list[DeckFigures] = []
    for spec in specs:
        deck = game.resolve_deck(deck_path(game, spec), table)
        cov = game.coverage(deck, table, imported, effects)
        if compile_card is None:
            decks.append(deck_figures(Path(spec).stem, cov, syntax))
        else:
            decks.append(compiled_figures(Path(spec).stem,
                                          [(c.code, c.copies) for c in cov.cards],
                                          compile_card, syntax))
    return game.name, CorpusFigures(decks)


def effects_facet(game):
    """The game's effect engine facet (simcore.effects.facet); an InputError for a game
    without one."""
    if game.effects is None:
        raise InputError(f"{game.name} has no card-effect engine")
    return game.effects


def _card_compiler(game, store):
    """code -> the compiled abilities of its stored text (None when the store lacks it)."""
    from functools import cache

    fx = effects_facet(game)
    missing = [c for c in fx.texts if c not in store.columns]
    if missing:
        raise InputError("the card store has no card text (an older import); run tcgsim "
                         "cards import again")
    rows = {r["code"]: r for r in store.iter_rows(named=True)}

    @cache
    def compile_card(code: str):
        r = rows.get(code)
        return None if r is None else fx.compile_row(r)

    return compile_card


def corpus_specs(decks: tuple[str, ...], corpus: str | None) -> list[str]:
    specs = list(decks)
    if corpus is not None:
        folder = Path(corpus)
        if not folder.is_dir():
            raise InputError(f"--corpus {corpus}: no such folder")
        found = sorted(str(p) for p in folder.glob("*.txt"))
        if not found:
            raise InputError(f"--corpus {corpus}: no decklists (*.txt) in it")
        specs += found
    return specs


def _pct(x: float) -> str:
    return f"{100 * x:5.1f} %" if x == x else "    -"


def render(game: str, figs: CorpusFigures, top: int, compiled: bool = False,
           effects: str = "approx") -> str:
    what = ("what the effect compiler makes of the text, whether the engine runs it or not"
            if compiled else f"what the engine plays with --effects {effects}")
    lines = [f"Card text coverage ({game}), {what}: abilities weighted by copies; a card "
             "counts as modelled when all its abilities are", "",
             f"{'deck':<48} {'abilities':>9} {'strict':>8} {'approx':>8} {'modelled':>9} "
             f"{'by card':>8}"]
    for d in figs.decks:
        x = d.as_dict()
        lines.append(f"{d.name[:48]:<48} {d.abilities:>9} {_pct(x['strict_share']):>8} "
                     f"{_pct(d.share(d.approx, d.abilities)):>8} "
                     f"{_pct(x['modelled_share']):>9} {_pct(x['card_share']):>8}"
                     + (f"  ({d.unknown_cards} cards of unknown text)" if d.unknown_cards
                        else ""))
    low = figs.lowest()
    lines += ["", f"mean over {len(figs.decks)} decks: strict {_pct(figs.mean('strict_share'))}"
              f", modelled {_pct(figs.mean('modelled_share'))}, by card "
              f"{_pct(figs.mean('card_share'))} (strict {_pct(figs.mean('card_strict_share'))})"]
    if low is not None:
        lines.append(f"lowest: {low.name} ({_pct(low.share(low.modelled, low.abilities))} "
                     "modelled)")
    shapes = figs.unmatched().most_common(top)
    if shapes:
        lines += ["", f"most frequent unmodelled clause shapes (copies; top {top}):"]
        lines += [f"{n:6d}  {s}" for s, n in shapes]
    return "\n".join(lines)


def to_json(game: str, figs: CorpusFigures, top: int) -> str:
    return json.dumps({
        "game": game, "decks": [d.as_dict() for d in figs.decks],
        "mean": {k: figs.mean(k) for k in SHARES},
        "lowest": figs.lowest().name if figs.lowest() else None,
        "unmatched": [{"shape": s, "copies": n} for s, n in figs.unmatched().most_common(top)],
    }, indent=2)
