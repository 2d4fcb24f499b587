"""`tcgsim cards explain` and `tcgsim cards compiled`: what the effect compiler makes of the
imported card text (EFFECTS.md §4, §6), and whether the engine runs each program;
`tcgsim cards coverage` is what the engine plays."""

from __future__ import annotations

import click

from tcgsim.experiments.cards_coverage import compiler
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


def register(cards: click.Group) -> None:
    """Add `explain` and `compiled` to the `cards` command group."""

    @cards.command("explain")
    @click.argument("code")
    @click.option("--game", "-g", default="onepiece", show_default=True)
    @click.option("--store", default=None, metavar="DIR", help="Card store folder.")
    def cards_explain(code, game, store):
        """Show CODE's text, each ability's status, the rules used and its program."""
        from tcgsim.simcore.effects import asm

        rules, oc = compiler(game)
        rows = _rows(game, store)
        if code not in rows:
            raise InputError(f"{code}: no such card in the {game} store")
        r = rows[code]
        from tcgsim.simcore.games.onepiece.effects.status import engine_status

        abilities = rules.compile_text(r["text"], r["trigger_text"])
        names = {v: k for k, v in oc.TIMINGS.items()}
        click.echo(f"{code} {r['name']}  {len(abilities)} abilities; what the engine plays "
                   "with --effects approx / strict:")
        click.echo(r["text"] or "")
        if r["trigger_text"]:
            click.echo(r["trigger_text"])
        for i, ab in enumerate(abilities, 1):
            click.echo(f" [{i}] {ab.status}  timing {names.get(ab.timing, ab.timing)}  "
                       f"rules {' '.join(dict.fromkeys(ab.rules))}")
            plays = []
            for mode in ("approx", "strict"):
                status, why = engine_status(ab, mode)
                plays.append(f"{mode}: {'plays' if status != 'unmodelled' else 'no'}"
                             + (f" ({why})" if why and why != ab.unmatched else ""))
            click.echo(f"     engine {'; '.join(plays)}")
            if ab.unmatched:
                click.echo(f"     unmatched: {ab.unmatched}")
            for note in ab.notes:
                click.echo(f"     approx: {note}")
            rows_ = [(o.op, o.a, o.b, o.c) for o in [*ab.costs, *ab.body]]
            for line in asm.disassemble(oc.OPS, rows_):
                click.echo(f"     {line}")

    @cards.command("compiled")
    @click.argument("decks", nargs=-1)
    @click.option("--corpus", default=None, metavar="DIR",
                  help="Every decklist (*.txt) in this folder.")
    @click.option("--game", "-g", default=None,
                  help="onepiece (the only game the compiler covers so far) [default: "
                       "inferred from the decks].")
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
