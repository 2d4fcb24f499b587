"""The `tcgsim` command line."""

import sys
from pathlib import Path

import click

from tcgsim.experiments.commands import EFFECTS_OPTION
from tcgsim.experiments.interrupts import one_interrupt_per_ctrl_c
from tcgsim.experiments.threads import threads_option
from tcgsim.simcore.errors import InputError

GAME_HELP = ("Game: onepiece (ONE PIECE Card Game), weiss (Weiß Schwarz) or dbs (Dragon "
             "Ball Super Card Game, Masters).")
INFER_HELP = GAME_HELP + " Default: inferred from the decks."


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tcgsim")
def cli() -> None:
    """tcgsim: Monte Carlo simulator for trading card games.

    Estimate win rates, going-first advantage and deck ratios over many simulated games.
    """
    one_interrupt_per_ctrl_c()


def _game_option(f):
    return click.option("--game", "-g", default="onepiece", show_default=True, help=GAME_HELP)(f)


def _progress_option(f):
    return click.option("--progress/--no-progress", default=None,
                        help="Progress bar on stderr (games/s, ETA, the estimate so far) "
                        "[default: when stderr is a terminal].")(f)


def _match_options(f):
    f = click.option("--cards", "card_files", multiple=True, metavar="FILE",
                     help="Extra card pool (TOML) for decks that use cards not built in.")(f)
    f = click.option("--strategy-b", default="default", show_default=True,
                     help="Strategy of deck B: a name, or name:key=value,... "
                     "(see `tcgsim strategies`).")(f)
    f = click.option("--param-b", "params_b", multiple=True, metavar="KEY=VALUE",
                     help="A parameter of deck B's strategy (repeatable).")(f)
    f = click.option("--param-a", "params_a", multiple=True, metavar="KEY=VALUE",
                     help="A parameter of deck A's strategy (repeatable), e.g. "
                     "--param-a counter_reserve=2.")(f)
    f = click.option("--strategy-a", default="default", show_default=True,
                     help="Strategy of deck A.")(f)
    f = click.option("--ruleset", default=None,
                     help="Rules edition; onepiece: don (seed 003, default) or energio; "
                     "weiss: 2023 (manual, immediate refresh penalty, default) or 2017 "
                     "(English rules, refresh point); dbs: v1.23 (the only one).")(f)
    f = click.option("--turn-cap", type=click.IntRange(1, 10000), default=None,
                     help="Game turns before a game is called a draw (default per game).")(f)
    f = click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True,
                     help="Master seed: same seed, same games.")(f)
    f = click.option("--store", default=None, metavar="DIR",
                     help="Card store folder (default: $TCGSIM_DATA or the user data folder).")(f)
    f = click.argument("deck_b")(f)
    f = click.argument("deck_a")(f)
    return click.option("--game", "-g", default=None, help=INFER_HELP)(f)


@cli.command()
@_match_options
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=100_000,
              show_default=True, help="Number of games (an odd number is rounded up: games "
              "come in pairs with the first player swapped).")
@threads_option()
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write one row per game to this parquet file (written batch by batch, "
              "then joined: memory stays flat).")
@click.option("--debug", is_flag=True, help="Check the rules invariants after every action.")
@EFFECTS_OPTION
@_progress_option
def simulate(game, deck_a, deck_b, store, seed, turn_cap, ruleset, strategy_a, strategy_b,
             params_a, params_b, card_files, n_games, threads, out, debug, effects, progress):
    """Play DECK_A against DECK_B and report the win rate of DECK_A.

    DECK_A and DECK_B are built-in deck names (see `tcgsim decks`) or decklist files.
    The win rate counts a draw as half a win and comes with a 95 % Wilson interval,
    overall, going first and going second.
    """
    from tcgsim.experiments.api import simulate as play
    from tcgsim.experiments.progress import Progress, wanted

    if out is not None:
        parent = Path(out).resolve().parent
        if not parent.is_dir():
            raise InputError(f"{out}: folder {parent} does not exist")
    n_games += n_games % 2
    with Progress(n_games, wanted(progress)) as bar:
        res = play(deck_a, deck_b, n_games, seed, strategy_a, strategy_b, store, effects,
                   game=game, cards=card_files, params_a=params_a, params_b=params_b,
                   ruleset=ruleset, turn_cap=turn_cap, threads=threads, keep_rows=False,
                   out=out, progress=bar, debug=debug)
    if res.interrupted:
        click.echo(f"Interrupted: reporting the {res.games} games that finished.", err=True)
    if res.games == 0:
        raise SystemExit(130)
    click.echo(str(res))
    _print_coverage(res.game, deck_a, deck_b, card_files, store, effects)
    if out is not None:
        click.echo(f"  rows written to {out}")
    if res.interrupted:
        raise SystemExit(130)


def _chosen_games(game: str | None):
    from tcgsim.simcore.games.registry import games, get_game

    return [get_game(game)] if game else list(games().values())


def _print_coverage(game_name: str, deck_a: str, deck_b: str, card_files, store,
                    effects: str) -> None:
    """The coverage figure of decks read from files whose cards were imported, in the
    run's effects mode."""
    from tcgsim.experiments.match import deck_path, load_table
    from tcgsim.simcore.games.registry import get_game

    game = get_game(game_name)
    if game.coverage is None:
        return
    table, imported = load_table(game, tuple(card_files), store)
    if imported is None:
        return
    for spec in (deck_a, deck_b):
        path = deck_path(game, spec)
        if path.parent != game.data_dir / "decks":
            deck = game.resolve_deck(path, table)
            cov = game.coverage(deck, table, imported, effects)
            click.echo(f"  {deck.name}: {cov.figure()}")


@cli.command()
@click.option("--game", "-g", default=None, help=GAME_HELP + " Default: all games.")
def decks(game):
    """List the built-in sample decks."""
    for g in _chosen_games(game):
        table = g.load_cards(g.card_files())
        click.echo(f"{g.title} (--game {g.name}):")
        for name, path in g.sample_decks().items():
            d = g.resolve_deck(path, table)
            extra = f"  (Leader {table.label(d.leader)})" if d.leader >= 0 else ""
            click.echo(f"  {name:18s} {d.name}{extra}")


@cli.command()
@click.option("--game", "-g", default=None, help=GAME_HELP + " Default: all games.")
def strategies(game):
    """List the strategies of a game: families with their parameters, then presets
    (built-in and those installed through the `tcgsim.strategies` entry point)."""
    from tcgsim.strategies.registry import families, presets

    for g in _chosen_games(game):
        click.echo(f"{g.title} (--game {g.name}):")
        for fam in families(g.name).values():
            click.echo(f"  {fam.name}: {fam.description}")
            for pname, default, desc in fam.params:
                lo, hi = fam.ranges.get(pname, (None, None))
                rng = f", {lo:g}..{hi:g}" if lo is not None else ""
                click.echo(f"      {pname} = {default:g}  ({desc}{rng})")
        for name, pr in presets(g.name).items():
            settings = ", ".join(f"{k}={v:g}" for k, v in pr.params.items())
            click.echo(f"  {name}: preset of {pr.family} ({settings}): {pr.description}")


@cli.command()
@click.option("--game", "-g", default=None,
              help=GAME_HELP + " Default: the decks' game, or onepiece.")
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=2000,
              show_default=True, help="Games per strategy pairing and deck pairing.")
@click.option("--strategy", "-s", "strategies", multiple=True, metavar="SPEC",
              help="A strategy to rate (repeatable): a family, a preset or name:key=value. "
              "Default: every family but the search ones, which are slow; name `search` "
              "to rate it.")
@click.option("--deck", "decks", multiple=True, metavar="DECK",
              help="A deck to play on (repeatable): a built-in name or a decklist file. "
              "Default: the game's built-in decks.")
@click.option("--store", default=None, metavar="DIR",
              help="Card store folder (default: $TCGSIM_DATA or the user data folder).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True)
@threads_option()
@_progress_option
def ladder(game, n_games, strategies, decks, store, seed, threads, progress):
    """Play strategies against each other and rate them.

    Each pairing plays every ordered pair of decks, with paired games that swap the first
    player, so seats and decks are balanced. Prints each strategy's score against each
    other (draws count half) with a 95 % interval, and an Elo-style rating with its 95 %
    interval (Bradley-Terry fit; `random`, or the first strategy named, = 0).

    \b
    Example: tcgsim ladder -s default -s search --deck a.txt --deck b.txt -n 100
    """
    from tcgsim.experiments.ladder import format_ladder, ladder_games, run_ladder
    from tcgsim.experiments.match import check_same_game, deck_path, infer_game, load_table
    from tcgsim.experiments.progress import Progress, wanted
    from tcgsim.simcore.games.registry import get_game
    from tcgsim.strategies.registry import resolve

    g = get_game(game or (infer_game(list(decks)) if decks else "onepiece"))
    check_same_game(g, list(decks))
    table, _ = load_table(g, (), store)
    for spec in strategies:
        resolve(g.name, spec)  # a bad name or value: one line, before any game
    if len(set(strategies)) == 1:
        raise InputError("--strategy: name at least two different strategies to rate")
    chosen = {}
    for spec in decks:
        deck = g.resolve_deck(deck_path(g, spec), table)
        chosen[deck.name if deck.name not in chosen else spec] = deck
    names = list(dict.fromkeys(strategies)) or None
    with Progress(ladder_games(g, n_games, names, len(chosen) or None),
                  wanted(progress)) as bar:
        lad = run_ladder(g, table, n_games, seed, threads,
                         lambda m: (bar.write(m), bar.set_note(f"last: {m}")), bar.update,
                         names, chosen or None)
    click.echo(format_ladder(lad))


@cli.command("compile")
@click.option("--game", "-g", default=None, help=GAME_HELP + " Default: all games.")
def compile_engines(game):
    """Compile the engines now (numba, cached on disk), so that the first simulation does not
    wait for it: about 35 s for ONE PIECE, 12 s for Weiß Schwarz and 15 s for Dragon Ball
    Super on 2 cores, once per version of each engine's source. Helper processes compile on
    the other cores (TCGSIM_COMPILE_JOBS=N: N processes in all, 1 for this one only).
    Prints the time taken."""
    import time

    import numpy as np

    from tcgsim.experiments.match import load_match
    from tcgsim.simcore.runner import run_games

    for g in _chosen_games(game):
        decks = list(g.sample_decks())
        start = time.perf_counter()
        gm, table, a, b = load_match(g.name, decks[0], decks[1], "default", "default")
        run_games(gm, table, a, b, 1, 2)
        gm.replay(table, a.deck, b.deck, 1, 0, np.array([a.fam, b.fam], dtype=np.int64),
                  np.stack([a.params, b.params]), 0, gm.default_turn_cap)
        click.echo(f"{g.name}: ready ({time.perf_counter() - start:.1f} s)")


@cli.command("tune-strategy")
@click.option("--game", "-g", default=None,
              help=GAME_HELP + " Default: the decks' game, or onepiece.")
@click.option("--family", default="default", show_default=True, help="Family to tune.")
@click.option("--field", "field_", default=None,
              help="Comma-separated opponents (default: every other heuristic family and "
              "the family itself at its defaults).")
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=2000,
              show_default=True, help="Games per opponent and deck pairing per candidate.")
@click.option("--rounds", type=click.IntRange(1, 10), default=1, show_default=True)
@click.option("--deck", "decks", multiple=True, metavar="DECK",
              help="A deck to tune on (repeatable): a built-in name or a decklist file; every "
              "ordered pair is played. Default: the game's built-in decks.")
@click.option("--store", default=None, metavar="DIR",
              help="Card store folder (default: $TCGSIM_DATA or the user data folder).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True)
@threads_option()
@_progress_option
def tune_strategy(game, family, field_, n_games, rounds, decks, store, seed, threads,
                  progress):
    """Tune a strategy family's parameters against a field by coordinate search.

    Every candidate plays the same games (common random numbers). The gain is then
    measured again on fresh games (seed + 1) so the figure is not flattered by the search.

    \b
    Example: tcgsim tune-strategy --deck a.txt --deck b.txt --deck c.txt -n 200
    """
    from tcgsim.experiments.match import check_same_game, deck_path, infer_game, load_table
    from tcgsim.experiments.progress import Progress, wanted
    from tcgsim.experiments.strategy_tuning import _spec, field_score, tune
    from tcgsim.simcore.games.registry import get_game
    from tcgsim.strategies.registry import families

    if decks and game is None:
        game = infer_game(list(decks))
    g = get_game(game or "onepiece")
    check_same_game(g, list(decks))
    fams = families(g.name)
    if family not in fams:
        raise InputError(f"unknown strategy family {family!r} for {g.name}; "
                         f"known: {', '.join(fams)}")
    opponents = field_.split(",") if field_ else [n for n in fams
                                                   if n != "random" and not fams[n].search]
    for o in opponents:
        if o not in fams:
            raise InputError(f"--field: unknown strategy {o!r}; known: {', '.join(fams)}")
    if decks:
        table, _ = load_table(g, (), store)
        chosen = {}
        for spec in decks:
            deck = g.resolve_deck(deck_path(g, spec), table)
            chosen[deck.name if deck.name not in chosen else spec] = deck
    else:
        table, chosen = g.load_cards(g.card_files()), None
    with Progress(None, wanted(progress), label="tune-strategy") as bar:
        t = tune(g, table, family, opponents, n_games, seed, rounds, threads,
                 lambda m: (bar.write(m), bar.set_note(f"best {m}")), bar.update, chosen)
        if t.interrupted:
            bar.close()
            click.echo("Interrupted: best so far "
                       f"({100 * t.best_score:.2f} % on the search's games): "
                       + ", ".join(f"{k}={v:g}" for k, v in t.best.items()), err=True)
            raise SystemExit(130)
        bar.set_note("measuring the gain on fresh games")
        before = field_score(g, table, _spec(family, t.start), opponents, n_games, seed + 1,
                             threads, bar.update, chosen)
        after = field_score(g, table, _spec(family, t.best), opponents, n_games, seed + 1,
                            threads, bar.update, chosen)
    click.echo(f"field: {', '.join(opponents)}")
    click.echo("tuned: " + ", ".join(f"{k}={v:g}" for k, v in t.best.items()))
    click.echo(f"score against the field on fresh games: {100 * before:.2f} % -> "
               f"{100 * after:.2f} % ({100 * (after - before):+.2f} points)")


@cli.group()
def cards():
    """Import public card databases into the local card store."""


@cards.command("import")
@click.argument("path", type=click.Path())
@click.option("--game", "-g", required=True, help=GAME_HELP)
@click.option("--store", default=None, metavar="DIR",
              help="Card store folder (default: $TCGSIM_DATA or the user data folder).")
def cards_import(path, game, store):
    """Import the card database at PATH (a downloaded file or folder) into the card store.

    Keeps each card's rules identity (alternate arts merged), stats, colours, types,
    keywords and effects the engine models; the rest of its text is kept and reported as
    not modelled. Importing again replaces those cards; a newer set is added.
    """
    import polars as pl

    from tcgsim.simcore.games.registry import get_game
    from tcgsim.simcore.store import (
        STORE_VERSION,
        keep_whole_texts,
        merge_into_store,
        record_left_out,
        store_file,
        store_version,
    )

    g = get_game(game)
    if g.import_cards is None:
        raise InputError(f"importing cards is not available for {g.name} yet")
    df, report = g.import_cards(Path(path))
    for problem in report.problems:
        click.echo(f"warning: {problem}", err=True)
    old = store_file(g.name, store)
    if old.exists() and store_version(pl.read_parquet(old)) != STORE_VERSION:
        click.echo(f"{old}: made by an older version of tcgsim; it now holds the cards of this "
                   "import only (import your other databases again)", err=True)
    total, kept = df.height, []
    if g.text_damaged is not None:
        df, kept = keep_whole_texts(df, g.name, g.text_damaged, store)
    file, added, replaced = merge_into_store(g.name, df, store)
    if kept:
        click.echo(f"kept the whole stored text of {len(kept)} cards whose text here is cut "
                   f"or garbled: {', '.join(kept)}")
    cats = ", ".join(f"{n} {k}" for k, n in sorted(report.per_category.items()))
    click.echo(f"{total} cards ({report.printings} printings, {report.files} files): {cats}")
    click.echo(f"{added} added, {replaced} replaced in {file}")
    if getattr(report, "left_out", None):
        record_left_out(g.name, report.left_out, store)
    left_out = getattr(report, "not_in_rules", {})
    if left_out:
        click.echo("not imported, the engine's rules edition has no place for them: "
                   + ", ".join(f"{n} {what}" for what, n in sorted(left_out.items()))
                   + " (docs/rules-coverage.md)")
    if report.problems:
        click.echo(f"{len(report.problems)} values could not be read or were read "
                   "with an assumption (see the warnings above)")


@cards.command("coverage")
@click.argument("decks", nargs=-1)
@click.option("--corpus", default=None, metavar="DIR",
              help="Every decklist (*.txt) in this folder, e.g. a folder of tournament lists.")
@click.option("--game", "-g", default=None, help=INFER_HELP)
@click.option("--store", default=None, metavar="DIR",
              help="Card store folder [default: $TCGSIM_DATA or the user data folder].")
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="Extra card pool (TOML).")
@click.option("--top", type=click.IntRange(0), default=30, show_default=True,
              help="How many unmodelled clause shapes to list.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@EFFECTS_OPTION
def cards_coverage(decks, corpus, game, store, card_files, top, as_json, effects):
    """How much of the decks' card text the engine models: per deck and over the corpus,
    strict, approximate and modelled shares by ability and by card (weighted by copies),
    and the most frequent unmodelled clause shapes (numbers as N, types as {T}, names as
    [NAME]): what to model next."""
    from tcgsim.experiments.cards_coverage import corpus_figures, corpus_specs, render, to_json

    name, figs = corpus_figures(game, corpus_specs(decks, corpus), store, card_files,
                                effects=effects)
    click.echo(to_json(name, figs, top) if as_json else render(name, figs, top,
                                                               effects=effects))


def _register_compiler_commands() -> None:
    from tcgsim.experiments.cards_cli import register

    register(cards)


_register_compiler_commands()


@cli.group()
def deck():
    """Check decks."""


@deck.command("check")
@click.argument("file")
@click.option("--game", "-g", default=None, help=INFER_HELP)
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="Extra card pool (TOML).")
@click.option("--store", default=None, metavar="DIR", help="Card store folder.")
@EFFECTS_OPTION
def deck_check(file, game, card_files, store, effects):
    """Validate FILE against the game's deck rules and show, card by card, what the engine
    models and what it does not, with the share of the deck's abilities modelled."""
    from tcgsim.experiments.match import deck_path, infer_game, load_table
    from tcgsim.simcore.games.registry import get_game

    g = get_game(game or infer_game([file]))
    table, imported = load_table(g, card_files, store)
    d = g.resolve_deck(deck_path(g, file), table)
    leader = f", Leader {table.label(d.leader)}" if d.leader >= 0 else ""
    click.echo(f"{d.name}: a legal {g.title} deck of {len(d.cards)} cards{leader}")
    for note in d.notes:
        click.echo(f"  note: {note}")
    if g.coverage is None:
        return
    cov = g.coverage(d, table, imported, effects)
    for c in cov.cards:
        click.echo(f"  {c.copies}x {c.code} {c.name}")
        if not c.known:
            click.echo("      text unknown: stats from a card pool file")
        for text in c.modelled:
            label = "approximate: " if text in c.approx else "modelled:    "
            click.echo(f"      {label} {text}")
        for i, text in enumerate(c.unmodelled):
            click.echo(f"      not modelled: {text}")
            if i < len(c.reasons) and c.reasons[i]:
                click.echo(f"          ({c.reasons[i]})")
    click.echo(cov.figure())


@cli.command()
@_match_options
@click.option("--index", "game_index", type=click.IntRange(0), default=0, show_default=True,
              help="Game index within the run (even: deck A first, odd: deck B first).")
@EFFECTS_OPTION
def replay(game, deck_a, deck_b, store, seed, turn_cap, ruleset, strategy_a, strategy_b,
           params_a, params_b, card_files, game_index, effects):
    """Print one game of a run, turn by turn: the same game `simulate` played."""
    from tcgsim.experiments.api import ruleset_id
    from tcgsim.experiments.match import load_match

    g, table, a, b = load_match(game, deck_a, deck_b, strategy_a, strategy_b, card_files,
                                store, params_a, params_b)
    import numpy as np

    fams = np.array([a.fam, b.fam], dtype=np.int64)
    params = np.stack([a.params, b.params])
    cap = turn_cap if turn_cap is not None else g.default_turn_cap
    from tcgsim.simcore.decks import short_name

    if any(short_name(d.name) != d.name for d in (a.deck, b.deck)):  # said once, in full
        click.echo(f"A is {a.deck.name}.\nB is {b.deck.name}.\n")
    for line in g.replay(table, a.deck, b.deck, seed, game_index, fams, params,
                         ruleset_id(g, ruleset), cap, effects):
        click.echo(line)
    if g.diagnose is not None:
        from tcgsim.experiments.diagnose import diagnose_match
        from tcgsim.reports.diagnostics import ability_lines

        d = diagnose_match(g, table, a, b, seed, 1, ruleset_id(g, ruleset), turn_cap,
                           effects, start=game_index)
        if d.abilities.height:  # the decks have abilities that resolve
            click.echo("\nIn this game:")
            for line in ability_lines(d):
                click.echo(line)


@cli.command()
@_match_options
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=200,
              show_default=True, help="Games to replay (the first of the run).")
@click.option("--turns", "max_turns", type=click.IntRange(1), default=10, show_default=True,
              help="Own turns shown in the per-turn table.")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print a markdown section.")
@EFFECTS_OPTION
@_progress_option
def diagnose(game, deck_a, deck_b, store, seed, turn_cap, ruleset, strategy_a, strategy_b,
             params_a, params_b, card_files, n_games, max_turns, as_markdown, effects,
             progress):
    """Explain a result: how each deck was played over the run's first games.

    Replays the games `simulate` plays with the same options and reports, per deck: how
    often each ability of its cards resolved (per game, and in what share of games) and the
    DON!! rested or returned for it; per own turn the DON!! on the field, given to
    attackers and paid for abilities, cards played, damage dealt and taken; and how the
    games ended. Check at a glance that the deck is played as you would play it.
    """
    from tcgsim.experiments.api import ruleset_id
    from tcgsim.experiments.diagnose import diagnose_match
    from tcgsim.experiments.match import load_match
    from tcgsim.experiments.progress import Progress, wanted
    from tcgsim.reports.diagnostics import markdown, terminal

    g, table, a, b = load_match(game, deck_a, deck_b, strategy_a, strategy_b, card_files,
                                store, params_a, params_b)
    bar = Progress(n_games, wanted(progress), label="replaying ")
    done = [0]

    def step(k: int) -> None:
        bar.update(k - done[0])
        done[0] = k

    try:
        d = diagnose_match(g, table, a, b, seed, n_games, ruleset_id(g, ruleset), turn_cap,
                           effects, progress=step)
    finally:
        bar.close()
    click.echo(markdown(d, max_turns) if as_markdown else terminal(d, max_turns), nl=False)


@cli.command()
@_game_option
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=None,
              help="Games per throughput run  [default: 1,000,000; 2,000 with --quick].")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Markdown file whose section for this game is written or updated  "
              "[default: docs/benchmarks.md; with --quick: none, only printed].")
@click.option("--quick", is_flag=True,
              help="Smoke mode: tiny runs and no cold compile; takes seconds, measures nothing.")
@click.option("--note", default=None, help="A remark to record in the section "
              "(e.g. what else was running).")
@click.option("--memory-games", default=None, metavar="N,N,...",
              help="Sizes of the peak-memory runs of `tcgsim simulate --out`  "
              "[default: 1000000,10000000; 20000 with --quick].")
@click.option("--match", nargs=2, default=None, metavar="DECK_A DECK_B",
              help="Benchmark these two decks (e.g. real tournament lists) instead of the "
              "game's built-in match; they get a section of their own and the goal for "
              "compiled card text (>= 100,000 games/s on 2 cores).")
@click.option("--store", type=click.Path(file_okay=False), default=None,
              help="Card store folder for --match decks [default: $TCGSIM_DATA or the user "
              "data folder].")
@EFFECTS_OPTION
@_progress_option
def benchmark(game, n_games, out, quick, note, memory_games, match, store, effects, progress):
    """Measure speed, start-up time and memory; record them in docs/benchmarks.md.

    Plays the game's benchmark match (built-in decks, default strategies) and reports:
    games per second with 1 and 2 threads (JIT warm, median of 3 runs), warm start of
    `tcgsim simulate -n 2000`, peak memory of `tcgsim simulate --out` at 10^6 and 10^7
    games (it should not grow with the number of games), and the cold
    compile time with an empty numba cache. Each figure is shown with its goal. Takes
    several minutes; run it on an otherwise idle machine. `--match A B --store DIR` plays
    two decks of yours (such as real tournament lists) in the `--effects` mode instead.
    `--game weiss-damage` measures the Weiß Schwarz damage calculator's sequences per
    second instead.
    """
    from dataclasses import replace

    from tcgsim.experiments.bench.benchmark import (
        QUICK,
        Sizes,
        render_section,
        run_benchmark,
        section_key,
        write_section,
    )
    from tcgsim.experiments.progress import wanted

    if game != "weiss-damage":
        from tcgsim.simcore.games.registry import get_game

        get_game(game)  # an unknown game is named before anything else
    if out is None and not quick:
        out = "docs/benchmarks.md"
    if out is not None:
        parent = Path(out).resolve().parent
        if not parent.is_dir():
            raise InputError(f"{out}: folder {parent} does not exist")
    if game == "weiss-damage":
        _damage_benchmark(n_games, out, quick, note)
        return
    sizes = QUICK if quick else Sizes()
    if n_games is not None:
        sizes = replace(sizes, games=n_games)
    if memory_games is not None:
        sizes = replace(sizes, mem_games=_sizes("--memory-games", memory_games))
    command = f"tcgsim benchmark --game {game}" + (" --quick" if quick else "")
    if match:
        command += f" --match {match[0]} {match[1]} --effects {effects}"
        command += f" --store {store}" if store else ""
    if n_games is not None:
        command += f" --games {n_games}"
    if memory_games is not None:
        command += f" --memory-games {memory_games}"
    bar = wanted(progress)
    report = run_benchmark(game, sizes, note=note, command=command,
                           log=lambda m: click.echo(m, err=True), progress=bar,
                           match=tuple(match) if match else None, store=store,
                           effects=effects)
    section = render_section(report)
    click.echo(section)
    if out is not None:
        write_section(Path(out), section_key(report), section)
        click.echo(f"section `{section_key(report)}` written to {out}", err=True)


def _sizes(option: str, text: str) -> tuple[int, ...]:
    """A comma-separated list of game counts, each at least 2."""
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise InputError(f"{option}: expected numbers such as 1000000,10000000, "
                         f"got {text!r}") from None
    if not sizes or min(sizes) < 2:
        raise InputError(f"{option}: every size must be at least 2, got {text!r}")
    return sizes


def _damage_benchmark(n: int | None, out: str | None, quick: bool, note: str | None) -> None:
    """`tcgsim benchmark --game weiss-damage`: damage sequences per second (--games sets
    sequences per run)."""
    from tcgsim.experiments.bench.benchmark import write_section
    from tcgsim.experiments.ws_damage import GAME, render_damage_section, run_damage_benchmark

    seqs = n if n is not None else (200_000 if quick else 20_000_000)
    command = f"tcgsim benchmark --game {GAME}" + (" --quick" if quick else "")
    rep = run_damage_benchmark(seqs, 2 if quick else 3, note=note, command=command,
                               quick=quick, log=lambda m: click.echo(m, err=True))
    section = render_damage_section(rep)
    click.echo(section)
    if out is not None:
        write_section(Path(out), GAME, section)
        click.echo(f"section `{GAME}` written to {out}", err=True)


WS_DAMAGE_HELP = """If I swing these attacks into this deck, what is the chance they die?

Weiß Schwarz damage calculator. INSTANCES are the damage instances in order: a number is
that much damage (burn, or an attack whose trigger is known); a `t` suffix makes it an
attack with a trigger check first (the attacker's own deck: soul icons add to the damage,
Shot deals 1 more if this attack is cancelled); a `u` suffix means it cannot be cancelled.
Each instance reveals cards from the defender's deck one at a time; a climax cancels it.

Reports the chance the opponent loses (level 4, or deck and waiting room both empty), the
mean damage and P(damage = k) and P(damage >= k) for every k. Exact when the deck cannot run
out during the sequence; otherwise Monte Carlo with 95 % intervals, with the refresh and its
penalty: --ruleset 2023 (default, the penalty card goes to the clock at once) or 2017 (the
Refresh Point is paid at the check timing after the instance).

\b
Examples:
  tcgsim ws-damage 3 --deck 50 --climaxes 8
  tcgsim ws-damage 3t 3t 2t --deck 28 --climaxes 5 --clock 4 --level 3 --soul-triggers 10
  tcgsim ws-damage 3t 3t 3t 1u --deck 6 --climaxes 2 --waiting-room 30 --wr-climaxes 5 \\
      --clock 2 --level 3 --soul-triggers 10 --double-soul 2 --ruleset 2017 --json
"""


@cli.command("ws-damage", help=WS_DAMAGE_HELP,
             context_settings={"ignore_unknown_options": True})
@click.argument("instances", nargs=-1)
@click.option("--deck", type=int, default=50, show_default=True,
              help="Cards in the defender's deck.")
@click.option("--climaxes", type=int, default=8, show_default=True,
              help="Climaxes in the defender's deck.")
@click.option("--deck-top", default="", metavar="MARKS",
              help="Known top cards of the deck, top first: C a climax, . another card "
              "(counted in --deck and --climaxes).")
@click.option("--waiting-room", type=int, default=0, show_default=True,
              help="Cards in the defender's waiting room (shuffled in at a refresh).")
@click.option("--wr-climaxes", type=int, default=0, show_default=True,
              help="Climaxes in the waiting room.")
@click.option("--clock", type=int, default=0, show_default=True,
              help="Cards in the defender's clock (0-6).")
@click.option("--clock-climaxes", type=int, default=0, show_default=True,
              help="Climaxes in the clock (they go to the waiting room at level-up).")
@click.option("--level", type=int, default=0, show_default=True,
              help="The defender's level (0-3).")
@click.option("--trigger-deck", type=int, default=50, show_default=True,
              help="Cards in the attacker's deck, for trigger checks.")
@click.option("--soul-triggers", type=int, default=None,
              help="Attacker's cards with one soul trigger icon.")
@click.option("--double-soul", type=int, default=None,
              help="Attacker's cards with two soul trigger icons.")
@click.option("--shot-triggers", type=int, default=None,
              help="Attacker's cards with a Shot trigger icon.")
@click.option("--ruleset", default="2023", show_default=True,
              help="2023 (manual, immediate refresh penalty) or 2017 (English rules, "
              "Refresh Point).")
@click.option("--exact", "method", flag_value="exact",
              help="Exact only (an error when the deck could run out).")
@click.option("--monte-carlo", "method", flag_value="monte carlo",
              help="Monte Carlo even when exact is possible.")
@click.option("--samples", "-n", type=int, default=1_000_000, show_default=True,
              help="Monte Carlo sequences.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True,
              help="Master seed: same seed, same result.")
@threads_option()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def ws_damage(instances, deck, climaxes, deck_top, waiting_room, wr_climaxes, clock,
              clock_climaxes, level, trigger_deck, soul_triggers, double_soul, shot_triggers,
              ruleset, method, samples, seed, threads, as_json):
    from tcgsim.experiments.ws_damage import run_calculator, to_json_text
    from tcgsim.reports.ws_damage import format_damage

    res, seconds = run_calculator(
        instances, deck=deck, climaxes=climaxes, deck_top=deck_top, waiting_room=waiting_room,
        wr_climaxes=wr_climaxes, clock=clock, clock_climaxes=clock_climaxes, level=level,
        trigger_deck=trigger_deck, soul=soul_triggers, double_soul=double_soul,
        shot=shot_triggers, ruleset=ruleset, method=method or "auto", samples=samples,
        seed=seed, threads=threads)
    click.echo(to_json_text(res) if as_json else format_damage(res, seconds))


@cli.command()
@click.argument("folder", type=click.Path())
@click.option("--games", "-n", "n_games", type=click.IntRange(2), default=3000,
              show_default=True, help="Simulated games per pairing (mirrors included).")
@click.option("--strategy", "-s", "strategies", multiple=True, metavar="NAME",
              help="Strategy of both seats (repeatable: one validation each) "
              "[default: default].")
@click.option("--effects", "effects", multiple=True,
              type=click.Choice(["approx", "strict", "none"]),
              help="Effects mode (repeatable) [default: approx].")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True,
              help="Master seed: same seed, same games.")
@click.option("--store", default=None, metavar="DIR",
              help="Card store folder (default: $TCGSIM_DATA or the user data folder).")
@click.option("--out", "-o", type=click.Path(file_okay=False), default=None,
              help="Folder for the runs and report.md, report.html, agreement.json "
              "[default: runs/validate-DATE-TIME]; an earlier one is resumed or extended.")
@click.option("--bootstrap", "draws", type=click.IntRange(100), default=10_000,
              show_default=True, help="Bootstrap resamples of the correlation intervals.")
@click.option("--permutations", "perms", type=click.IntRange(99), default=9_999,
              show_default=True, help="Permutations of the pairing correlation's test.")
@threads_option()
@_progress_option
def validate(folder, n_games, strategies, effects, seed, store, out, draws, perms, threads,
             progress):
    """How well simulated win rates agree with real games.

    FOLDER is a real-results yardstick (matchups.csv, leaders.csv and decks/, as in
    docs/validation.md): every pairing of its decks is played with each strategy and
    effects mode, and the report gives the rank and linear correlation of the Leaders' field
    win rates, the pairing correlation, the error against a constant 50 % guess, the spread,
    and going first pooled, per pairing and per Leader, each against the real figure.
    """
    import datetime

    from tcgsim.experiments.progress import wanted
    from tcgsim.experiments.validate import validate as run_validation

    if out is None:
        out = Path("runs") / f"validate-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    res = run_validation(folder, n_games, strategies or ("default",), effects or ("approx",),
                         seed, store, out, threads, wanted(progress), draws, perms,
                         log=lambda s: click.echo(s, err=True))
    click.echo(str(res), nl=False)
    if res.runs:
        click.echo(f"report: {Path(out) / 'report.md'}, {Path(out) / 'report.html'}")
    if res.interrupted:
        click.echo(f"Interrupted: the finished games are kept in {out}; the same command "
                   f"with --out {out} resumes.", err=True)
        raise SystemExit(130)


from tcgsim.experiments.commands import register  # noqa: E402

register(cli)


def main() -> None:
    """Entry point: every user error is one line on stderr and exit status 2."""
    try:
        code = cli.main(standalone_mode=False)
    except InputError as exc:
        click.echo(f"tcgsim: error: {exc}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"tcgsim: error: {exc.format_message()}", err=True)
        sys.exit(2)
    except click.Abort:
        click.echo("tcgsim: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("tcgsim: interrupted", err=True)
        sys.exit(130)
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
