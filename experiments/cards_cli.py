"""`tcgsim cards explain` and `tcgsim cards compiled`: what the effect compiler makes of the
imported card text (EFFECTS.md §4, §6), and whether the engine runs each program;
`tcgsim cards coverage` is what the engine plays."""

from __future__ import annotations

import click

from tcgsim.experiments.cards_coverage import effects_facet
from tcgsim.simcore.errors import InputError


def _rows(game: str, store: str | None) -> dict[str, dict]:
    from tcgsim.simcore.store import load_store, store_file

    df = load_store(game, store)
    if df is None:
        raise InputError(f"{store_file(game, store)}: no cards imported; run tcgsim cards import")
    if "text" not in df.columns:
        raise InputError(f"{store_file(game, store)}: the store has no card text (an older "
                         f"import); run tcgsim cards import again")
    return {r["code"]: r for r in df.iter_rows(named=True)}


def _plain(text: str | None) -> list[str]:
    """Card text for reading: its lines, without markup or HTML entities."""
    import html
    import re

    t = html.unescape(html.unescape(text or "")).replace("<br>", "\n")
    t = re.sub(r"</?(?:b|i|em|strong|span)[^>]*>", "", t)
    return [line.strip() for line in t.splitlines() if line.strip() and line.strip() != "-"]


def _game_of(code: str, store: str | None) -> str:
    """The game whose card codes look like CODE; where several do (P-001), the one whose
    store holds it."""
    import re

    from tcgsim.simcore.games.registry import games
    from tcgsim.simcore.store import load_store

    fits = [n for n, g in games().items() if g.code_pattern and re.match(g.code_pattern, code)]
    if not fits:  # a code of no known shape (a custom card): the store that holds it
        fits = [n for n in games() if (df := load_store(n, store)) is not None
                and code in set(df["code"])]
    if len(fits) > 1:
        held = [n for n in fits if (df := load_store(n, store)) is not None
                and code in set(df["code"])]
        fits = held or fits
    if len(fits) != 1:
        known = " or ".join(fits) if fits else "no game's"
        raise InputError(f"{code}: the code looks like {known} card codes; pass --game")
    return fits[0]


def register(cards: click.Group) -> None:
    """Add `explain` and `compiled` to the `cards` command group."""

    @cards.command("explain")
    @click.argument("code")
    @click.option("--game", "-g", default=None,
                  help="onepiece, weiss or dbs [default: inferred from the code].")
    @click.option("--store", default=None, metavar="DIR", help="Card store folder.")
    @click.option("--program", is_flag=True,
                  help="Also print each ability's compiled program (opcodes) and rules.")
    def cards_explain(code, game, store, program):
        """Show CODE's text and, for each ability, what the engine does with it, in plain
        words: modelled strictly, approximately (and how) or not at all."""
        game = game or _game_of(code, store)
        rows = _rows(game, store)
        if code not in rows:
            raise InputError(f"{code}: no such card in the {game} store")
        r = rows[code]
        from tcgsim.simcore.effects import asm
        from tcgsim.simcore.games.registry import get_game

        fx = effects_facet(get_game(game))
        abilities = fx.compile_row(r)
        n = len(abilities)
        click.echo(f"{code} {r['name']}: {n} {'ability' if n == 1 else 'abilities'}")
        for column in fx.texts:
            for line in _plain(r.get(column)):
                click.echo(f"  {line}")
        for i, ab in enumerate(abilities, 1):
            approx, why_a = fx.engine_status(ab, "approx")
            strict, _ = fx.engine_status(ab, "strict")
            plays = ("not modelled: the engine ignores it" if approx == "unmodelled"
                     else "strict: played as printed" if strict != "unmodelled"
                     else "approximate: played with --effects approx, not strict")
            click.echo(f"[{i}] {fx.timing_name(ab)}: {plays}")
            if ab.timing < 0:  # no timing read from the text: the ability itself
                click.echo(f"    {ab.source}")
            if approx != "unmodelled" and fx.words(ab):
                click.echo(f"    does: {fx.words(ab)}")
            if ab.unmatched:
                click.echo(f"    not read: {ab.unmatched}")
            elif approx == "unmodelled" and why_a:
                click.echo(f"    why: {why_a}")
            for note in ab.notes:
                click.echo(f"    approximation: {note}")
            if program:
                if ab.rules:
                    click.echo(f"    rules {' '.join(dict.fromkeys(ab.rules))}")
                rows_ = [(o.op, o.a, o.b, o.c) for o in [*ab.costs, *ab.body]]
                for line in asm.disassemble(fx.ops, rows_):
                    click.echo(f"      {line}")

    @cards.command("compiled")
    @click.argument("decks", nargs=-1)
    @click.option("--corpus", default=None, metavar="DIR",
                  help="Every decklist (*.txt) in this folder.")
    @click.option("--game", "-g", default=None,
                  help="onepiece, weiss or dbs [default: inferred from the decks].")
    @click.option("--store", default=None, metavar="DIR",
                  help="Card store folder [default: $TCGSIM_DATA or the user data folder].")
    @click.option("--cards", "card_files", multiple=True, metavar="FILE",
                  help="Extra card pool (TOML).")
    @click.option("--top", type=click.IntRange(0), default=30, show_default=True,
                  help="How many unmatched clause shapes to list.")
    @click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
    def cards_compiled(decks, corpus, game, store, card_files, top, as_json):
        """What the effect compiler makes of DECKS (or a --corpus folder): the same figures
        as `tcgsim cards coverage`, for every compiled program, whether the engine runs it
        yet or not; `tcgsim cards coverage` gives what it plays."""
        from tcgsim.experiments.cards_coverage import (
            corpus_figures,
            corpus_specs,
            render,
            to_json,
        )

        name, figs = corpus_figures(game, corpus_specs(decks, corpus), store, card_files,
                                    compiled=True)
        click.echo(to_json(name, figs, top) if as_json else render(name, figs, top, True))
