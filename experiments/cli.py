"""The `tcgsim` command line."""

import os
import sys
from pathlib import Path

import click

from simcore.errors import InputError

GAME_HELP = "Game: onepiece (ONE PIECE Card Game)."


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tcgsim")
def cli() -> None:
    """tcgsim: Monte Carlo simulator for trading card games.

    Estimate win rates, going-first advantage and deck ratios over many simulated games.
    """


def _game_option(f):
    return click.option("--game", "-g", default="onepiece", show_default=True, help=GAME_HELP)(f)


def _match_options(f):
    f = click.option("--cards", "card_files", multiple=True, metavar="FILE",
                     help="Extra card pool (TOML) for decks that use cards not built in.")(f)
    f = click.option("--strategy-b", default="default", show_default=True,
                     help="Strategy of deck B: a name, or name:key=value,... "
                     "(see `tcgsim strategies`).")(f)
    f = click.option("--strategy-a", default="default", show_default=True,
                     help="Strategy of deck A.")(f)
    f = click.option("--ruleset", default=None,
                     help="Rules edition; onepiece: don (seed 003, default) or energio.")(f)
    f = click.option("--turn-cap", type=click.IntRange(1, 10000), default=None,
                     help="Game turns before a game is called a draw (default per game).")(f)
    f = click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True,
                     help="Master seed: same seed, same games.")(f)
    f = click.argument("deck_b")(f)
    f = click.argument("deck_a")(f)
    return _game_option(f)


def _ruleset(game, name: str | None) -> int:
    if name is None:
        return 0
    if name not in game.rulesets:
        raise InputError(f"unknown ruleset {name!r} for {game.name}; known: "
                         f"{', '.join(game.rulesets)}")
    return game.rulesets[name]


@cli.command()
@_match_options
@click.option("--games", "-n", "n_games", type=click.IntRange(1), default=100_000,
              show_default=True, help="Number of games (an odd number is rounded up: games "
              "come in pairs with the first player swapped).")
@click.option("--threads", "-t", type=click.IntRange(1), default=None,
              help="Worker threads (default: all cores).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write one row per game to this parquet file.")
@click.option("--debug", is_flag=True, help="Check the rules invariants after every action.")
def simulate(game, deck_a, deck_b, seed, turn_cap, ruleset, strategy_a, strategy_b,
             card_files, n_games, threads, out, debug):
    """Play DECK_A against DECK_B and report the win rate of DECK_A.

    DECK_A and DECK_B are built-in deck names (see `tcgsim decks`) or decklist files.
    The win rate counts a draw as half a win and comes with a 95 % Wilson interval,
    overall, going first and going second.
    """
    from experiments.match import load_match
    from reports.summary import format_summary, summarize
    from simcore.results import to_frame
    from simcore.runner import run_games

    g, table, a, b = load_match(game, deck_a, deck_b, strategy_a, strategy_b, card_files)
    rs = _ruleset(g, ruleset)
    if out is not None:
        parent = Path(out).resolve().parent
        if not parent.is_dir():
            raise InputError(f"{out}: folder {parent} does not exist")
    n_games += n_games % 2
    show = sys.stderr.isatty() and n_games >= 400_000
    batch = 100_000 if show else 1_000_000
    if show:
        with click.progressbar(length=n_games, label="games", file=sys.stderr) as bar:
            res = run_games(g, table, a, b, seed, n_games, ruleset=rs, turn_cap=turn_cap,
                            threads=threads, batch_size=batch, debug=debug, progress=bar.update)
    else:
        res = run_games(g, table, a, b, seed, n_games, ruleset=rs, turn_cap=turn_cap,
                        threads=threads, batch_size=batch, debug=debug)
    meta = {"game_name": g.name, "seed": seed, "deck_a": a.deck.name, "deck_b": b.deck.name,
            "strategy_a": a.strategy, "strategy_b": b.strategy,
            "ruleset": ruleset or next(iter(g.rulesets))}
    df = to_frame(res.rows, g.columns, g.reasons, meta)
    if res.interrupted:
        click.echo(f"Interrupted: reporting the {df.height} games that finished.", err=True)
    if df.height == 0:
        raise SystemExit(130)
    click.echo(format_summary(summarize(df), a.deck.name, b.deck.name, res.seconds))
    if out is not None:
        tmp = f"{out}.partial"
        df.write_parquet(tmp)
        os.replace(tmp, out)
        click.echo(f"  rows written to {out}")
    if res.interrupted:
        raise SystemExit(130)


@cli.command()
@_game_option
def decks(game):
    """List the built-in sample decks."""
    from simcore.games.registry import get_game

    g = get_game(game)
    table = g.load_cards(g.card_files())
    for name, path in g.sample_decks().items():
        d = g.resolve_deck(path, table)
        click.echo(f"{name:18s} {d.name}  (Leader {table.label(d.leader)})")


@cli.command()
@_game_option
def strategies(game):
    """List the strategies of a game and their parameters."""
    from strategies.registry import families

    for fam in families(game).values():
        click.echo(f"{fam.name}: {fam.description}")
        for pname, default, desc in fam.params:
            click.echo(f"    {pname} = {default:g}  ({desc})")


@cli.command()
@_match_options
@click.option("--index", "game_index", type=click.IntRange(0), default=0, show_default=True,
              help="Game index within the run (even: deck A first, odd: deck B first).")
def replay(game, deck_a, deck_b, seed, turn_cap, ruleset, strategy_a, strategy_b, card_files,
           game_index):
    """Print one game of a run, turn by turn: the same game `simulate` played."""
    from experiments.match import load_match

    g, table, a, b = load_match(game, deck_a, deck_b, strategy_a, strategy_b, card_files)
    import numpy as np

    fams = np.array([a.fam, b.fam], dtype=np.int64)
    params = np.stack([a.params, b.params])
    cap = turn_cap if turn_cap is not None else g.default_turn_cap
    for line in g.replay(table, a.deck, b.deck, seed, game_index, fams, params,
                         _ruleset(g, ruleset), cap):
        click.echo(line)


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
def benchmark(game, n_games, out, quick, note):
    """Measure speed, start-up time and memory; record them in docs/benchmarks.md.

    Plays the game's benchmark match (built-in decks, default strategies) and reports:
    games per second with 1 and 2 threads (JIT warm, median of 3 runs), warm start of
    `tcgsim simulate -n 2000`, peak memory of `tcgsim simulate -n 1000000`, and the cold
    compile time with an empty numba cache. Each figure is shown with its goal. Takes
    several minutes; run it on an otherwise idle machine.
    """
    from dataclasses import replace

    from experiments.benchmark import QUICK, Sizes, render_section, run_benchmark, write_section

    if out is None and not quick:
        out = "docs/benchmarks.md"
    if out is not None:
        parent = Path(out).resolve().parent
        if not parent.is_dir():
            raise InputError(f"{out}: folder {parent} does not exist")
    sizes = QUICK if quick else Sizes()
    if n_games is not None:
        sizes = replace(sizes, games=n_games)
    command = f"tcgsim benchmark --game {game}" + (" --quick" if quick else "")
    if n_games is not None:
        command += f" --games {n_games}"
    report = run_benchmark(game, sizes, note=note, command=command,
                           log=lambda m: click.echo(m, err=True))
    section = render_section(report)
    click.echo(section)
    if out is not None:
        write_section(Path(out), report.game, section)
        click.echo(f"section `{report.game}` written to {out}", err=True)


from experiments.commands import register  # noqa: E402

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
