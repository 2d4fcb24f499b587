"""`tcgsim diagnose` and `tcgsim.diagnose`: replay games of a pairing exactly as `simulate`
plays them and say how each seat used its deck (reports.diagnostics)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tcgsim.simcore.errors import InputError


def deck_abilities(g, table, seat: int, deck) -> list[tuple[int, int, int, str, int, int]]:
    """(seat, card, ability index, text, timing, slot) of every ability of the deck's Leader
    and cards that can resolve."""
    cards = [int(deck.leader)] if deck.leader >= 0 else []
    cards += sorted({int(c) for c in deck.cards} - set(cards))
    return [(seat, c, k, text, timing, slot) for c in cards
            for k, text, timing, slot in g.abilities(table, c)]


def diagnose_match(g, table, a, b, seed: int = 1, games: int = 200, ruleset: int = 0,
                   turn_cap: int | None = None, effects: str = "approx", start: int = 0,
                   progress=None):
    """Diagnostics of games start..start+games-1 of seats a and b (experiments.match
    Seats), as `simulate` with this seed plays them."""
    from tcgsim.reports.diagnostics import summarise

    if g.diagnose is None or g.abilities is None:
        raise InputError(f"diagnostics are not available for {g.title} yet")
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    params = np.stack([a.params, b.params])
    cap = turn_cap if turn_cap is not None else g.default_turn_cap
    records = g.diagnose(table, a.deck, b.deck, seed, range(start, start + games), fams,
                         params, ruleset, cap, effects, progress)
    from importlib import import_module

    cols = import_module(f"tcgsim.simcore.games.{g.name}.diagnose")
    columns = {"abilities": cols.ABILITY_COLUMNS, "turns": cols.TURN_COLUMNS,
               "ends": cols.END_COLUMNS}
    listed = deck_abilities(g, table, 0, a.deck) + deck_abilities(g, table, 1, b.deck)
    # the log names an ability by its once-per-turn slot and timing: back to its index
    index = {(s, c, slot, timing): k for s, c, k, _, timing, slot in listed}
    records["abilities"] = [(gm, s, c, index.get((s, c, slot, timing), slot), timing, *rest)
                            for gm, s, c, slot, timing, *rest in records.get("abilities", [])]
    names = {i: table.label(i) for i in {x[1] for x in listed}
             | {r[2] for r in records["abilities"]}}
    return summarise(records, columns, games, [x[:4] for x in listed], names,
                     (a.deck.name, b.deck.name), dict(g.reasons),
                     (int(a.deck.leader), int(b.deck.leader)))


def diagnose(deck_a: str | Path, deck_b: str | Path, games: int = 200, seed: int = 1,
             strategy_a: str = "default", strategy_b: str = "default",
             store: str | Path | None = None, effects: str = "approx", *,
             game: str | None = None, cards: tuple[str, ...] = (), ruleset: str | None = None,
             turn_cap: int | None = None, start: int = 0):
    """How each seat used its deck over games start..start+games-1 of `simulate` with this
    seed: abilities resolved and the DON!! paid for them, DON!! and plays per turn, damage,
    how games end (a reports.diagnostics.Diagnostics: tables as polars DataFrames)."""
    from tcgsim.experiments.api import _spec, _text_named_in_errors, check_effects, ruleset_id
    from tcgsim.experiments.match import load_match

    check_effects(effects)
    if games < 1:
        raise InputError(f"games: expected at least 1, got {games}")
    with _text_named_in_errors():
        g, table, a, b = load_match(game, _spec(deck_a), _spec(deck_b), strategy_a,
                                    strategy_b, tuple(cards),
                                    None if store is None else str(store))
    return diagnose_match(g, table, a, b, seed, games, ruleset_id(g, ruleset), turn_cap,
                          effects, start)
