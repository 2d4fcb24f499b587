"""`tcgsim cards explain` and `tcgsim cards compiled`: what the effect compiler makes of the
imported card text (EFFECTS.md §4, §6). The engine does not run the compiled programs yet:
`tcgsim cards coverage` is what it plays today."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from tcgsim.simcore.errors import InputError


def _compiler(game: str):
    if game != "onepiece":
        raise InputError(f"the effect compiler covers onepiece only so far, not {game}")
    from tcgsim.simcore.games.onepiece.effects import opcodes, rules
    return rules, opcodes


def _rows(game: str, store: str | None) -> dict[str, dict]:
    from tcgsim.simcore.store import load_store, store_file

    df = load_store(game, store)
    if df is None:
        raise InputError(f"{store_file(game, store)}: no cards imported; run tcgsim cards import")
    if "text" not in df.columns:
        raise InputError(f"{store_file(game, store)}: the store has no card text (an older "
                         f"import); run tcgsim cards import again")
    return {r["code"]: r for r in df.iter_rows(named=True)}


def _entries(path: Path) -> list[tuple[str, int]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    out = []
    for line in lines:
        m = re.fullmatch(r"(\d+)\s*x\s*(\S+)", line.strip())
        if m:
            out.append((m.group(2), int(m.group(1))))
    return out


def register(cards: click.Group) -> None:
    """Add `explain` and `compiled` to the `cards` command group."""

    @cards.command("explain")
    @click.argument("code")
    @click.option("--game", "-g", default="onepiece", show_default=True)
    @click.option("--store", default=None, metavar="DIR", help="Card store folder.")
    def cards_explain(code, game, store):
        """Show CODE's text, each ability's status, the rules used and its program."""
        from tcgsim.simcore.effects import asm

        rules, oc = _compiler(game)
        rows = _rows(game, store)
        if code not in rows:
            raise InputError(f"{code}: no such card in the {game} store")
        r = rows[code]
        abilities = rules.compile_text(r["text"], r["trigger_text"])
        names = {v: k for k, v in oc.TIMINGS.items()}
        click.echo(f"{code} {r['name']}  {len(abilities)} abilities (compiled; the engine "
                   "does not run these programs yet)")
        click.echo(r["text"] or "")
        if r["trigger_text"]:
            click.echo(r["trigger_text"])
        for i, ab in enumerate(abilities, 1):
            click.echo(f" [{i}] {ab.status}  timing {names.get(ab.timing, ab.timing)}  "
                       f"rules {' '.join(dict.fromkeys(ab.rules))}")
            if ab.unmatched:
                click.echo(f"     unmatched: {ab.unmatched}")
            for note in ab.notes:
                click.echo(f"     approx: {note}")
            rows_ = [(o.op, o.a, o.b, o.c) for o in [*ab.costs, *ab.body]]
            for line in asm.disassemble(oc.OPS, rows_):
                click.echo(f"     {line}")

    @cards.command("compiled")
    @click.argument("decks", nargs=-1, type=click.Path())
    @click.option("--corpus", default=None, type=click.Path(), help="A folder of deck lists.")
    @click.option("--game", "-g", default="onepiece", show_default=True)
    @click.option("--store", default=None, metavar="DIR", help="Card store folder.")
    @click.option("--top", default=30, show_default=True, help="Unmatched shapes to list.")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON.")
    def cards_coverage(decks, corpus, game, store, top, as_json):
        """What the effect compiler makes of DECKS (or a --corpus folder): strict,
        approximate and unmodelled shares of compiled abilities. The engine does not run
        these programs yet; `tcgsim cards coverage` gives what it plays today."""
        from collections import Counter

        from tcgsim.simcore.effects.compiled import deck_figures

        rules, _ = _compiler(game)
        rows = _rows(game, store)
        paths = [Path(d) for d in decks]
        if corpus:
            paths += sorted(Path(corpus).glob("*.txt"))
        if not paths:
            raise InputError("give deck list files or --corpus DIR")
        cache: dict[str, list | None] = {}

        def compile_card(code):
            if code not in cache:
                r = rows.get(code)
                cache[code] = None if r is None else rules.compile_text(r["text"],
                                                                         r["trigger_text"])
            return cache[code]

        out, hist = [], Counter()
        keys = ("ab_strict", "ab_modelled", "card_strict", "card_modelled")
        for p in paths:
            fig = deck_figures(_entries(p), compile_card)
            hist.update(fig.unmatched)
            out.append({"deck": p.name, **{k: round(fig.share(k), 4) for k in keys}})
        mean = {k: round(sum(d[k] for d in out) / len(out), 4) for k in keys}
        shapes = sorted(hist.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        if as_json:
            click.echo(json.dumps({"decks": out, "mean": mean, "unmatched": shapes}, indent=1))
            return
        for d in out:
            click.echo(f"{d['deck']}: abilities {100 * d['ab_strict']:.1f} % strict, "
                       f"{100 * d['ab_modelled']:.1f} % modelled; cards "
                       f"{100 * d['card_strict']:.1f} % / {100 * d['card_modelled']:.1f} %")
        click.echo(f"mean: abilities {100 * mean['ab_strict']:.1f} % strict, "
                   f"{100 * mean['ab_modelled']:.1f} % modelled; cards "
                   f"{100 * mean['card_strict']:.1f} % / {100 * mean['card_modelled']:.1f} %")
        for shape, n in shapes:
            click.echo(f"{n:5d}  {shape}")
