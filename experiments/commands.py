"""`tcgsim run / matchup / first-second / sweep / tune / report / groups`.

The direct commands write an experiment file (experiment.toml in the run folder) and run it
exactly as `tcgsim run` would, so every run can be repeated or resumed from its folder.
"""

import datetime
from pathlib import Path

import click

from tcgsim.experiments.threads import threads_option
from tcgsim.simcore.errors import InputError


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _deck_entry(spec: str, names: dict[str, str]) -> str:
    """Name under [decks] for a deck spec (built-in name or file), reusing repeats."""
    p = Path(spec)
    value = str(p.resolve()) if p.exists() else spec
    for k, v in names.items():
        if v == value:
            return k
    key = p.stem if p.exists() else spec
    key = "".join(c if c.isalnum() or c in "-_" else "_" for c in key) or "deck"
    base, i = key, 2
    while key in names:
        key, i = f"{base}_{i}", i + 1
    names[key] = value
    return key


def _opponents(specs: tuple[str, ...], names: dict[str, str]) -> dict[str, float]:
    """'DECK' or 'DECK=WEIGHT' (a metagame share) -> {deck key: weight}."""
    out: dict[str, float] = {}
    for s in specs:
        deck, eq, w = s.rpartition("=") if "=" in s else (s, "", "1")
        try:
            weight = float(w)
        except ValueError:
            raise InputError(f"opponent {s!r}: weight {w!r} is not a number") from None
        if weight < 0:
            raise InputError(f"opponent {s!r}: weight must not be negative")
        out[_deck_entry(deck, names)] = out.get(_deck_entry(deck, names), 0.0) + weight
    return out


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return _q(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_q(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"
    return repr(v)


def experiment_text(top: dict, sections: dict[str, dict]) -> str:
    """A small TOML writer for the experiment files the direct commands produce."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in top.items() if v is not None]
    for name, table in sections.items():
        if isinstance(table, list):
            for t in table:
                lines += ["", f"[[{name}]]"] + [f"{k} = {_toml_value(v)}"
                                                for k, v in t.items() if v is not None]
            continue
        if not table:
            continue
        lines += ["", f"[{name}]"]
        lines += [f"{_q(k) if not k.isidentifier() else k} = {_toml_value(v)}"
                  for k, v in table.items() if v is not None]
    return "\n".join(lines) + "\n"


def _run_options(f):
    opts = [
        click.option("--task-games", type=click.IntRange(2), default=None, metavar="N",
                     help="Dask: games per task, one parquet shard each [default: 50000]."),
        click.option("--workers", type=click.IntRange(1), default=None,
                     help="Dask without --scheduler: worker processes of the local cluster "
                     "[default: cores]."),
        click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Dask scheduler to run on (tcp://host:8786); implies --backend "
                     "dask [default: a local cluster on 127.0.0.1]."),
        click.option("--backend", type=click.Choice(["local", "dask"]), default=None,
                     help="Where games run: this machine's cores or a Dask cluster; the rows "
                     "are the same [default: the file's [backend], else local]."),
        click.option("--report/--no-report", default=True, show_default=True,
                     help="Write report.md and report.html into the run folder."),
        click.option("--progress/--no-progress", default=None,
                     help="Progress bar on stderr (games/s, ETA, the estimate so far) "
                     "[default: when stderr is a terminal]."),
        threads_option("numba threads (per worker with dask) [default: all cores; local "
                       "cluster: cores / workers]."),
        click.option("--out", "-o", type=click.Path(file_okay=False), default=None,
                     help="Run folder [default: runs/KIND-DATE-TIME]; an existing run of the "
                     "same experiment is resumed or extended."),
    ]
    for o in opts:
        f = o(f)
    return f


EFFECTS_HELP = ("Which card text plays: approx (default) runs the compiled abilities, the "
                "documented approximations too; strict only the exact ones; none only "
                "keywords, counters and the built-in effect codes (docs/effects.md).")
EFFECTS_OPTION = click.option("--effects", type=click.Choice(["approx", "strict", "none"]),
                              default="approx", show_default=True, help=EFFECTS_HELP)


def _exp_options(f):
    opts = [
        click.option("--batch", type=click.IntRange(2), default=None,
                     help="Games per round per pairing: shards, progress and stopping "
                     "decisions step by it [default: games / 5 for sweep, tune, --until-ci "
                     "and --sprt, so decided pairings and clearly worse variants stop early; "
                     "else min(games, 10000)]."),
        click.option("--beta", type=click.FloatRange(1e-6, 0.5), default=0.05,
                     show_default=True, help="SPRT: chance of missing a real P1."),
        click.option("--alpha", type=click.FloatRange(1e-6, 0.5), default=0.05,
                     show_default=True, help="SPRT: chance of a false P1."),
        click.option("--sprt", default=None, metavar="P0,P1",
                     help="Stop each pairing once a sequential test on paired games decides "
                     "between win rate P0 and P1 (e.g. 0.5,0.55)."),
        click.option("--until-ci", type=click.FloatRange(1e-6, 1.0), default=None,
                     metavar="WIDTH", help="Stop each pairing once its 95 % interval is this "
                     "wide (e.g. 0.02 for +-1 point); --games is then the most."),
        click.option("--games", "-n", "n_games", type=click.IntRange(2), default=10_000,
                     show_default=True, help="Games per pairing (the most, with --until-ci "
                     "or --sprt)."),
        click.option("--cards", "card_files", multiple=True, metavar="FILE",
                     help="Extra card pool (TOML)."),
        click.option("--store", default=None, metavar="DIR",
                     help="Card store folder of imported cards [default: $TCGSIM_DATA or the "
                     "user data folder]."),
        click.option("--turn-cap", type=click.IntRange(1, 10000), default=None,
                     help="Game turns before a game is called a draw."),
        click.option("--ruleset", default=None, help="Rules edition (per game)."),
        EFFECTS_OPTION,
        click.option("--strategy-b", default="default", show_default=True,
                     help="Strategy of the opponents' seat."),
        click.option("--strategy-a", default="default", show_default=True,
                     help="Strategy of the studied deck's seat."),
        click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1,
                     show_default=True, help="Master seed: same seed, same games."),
        click.option("--name", default=None, help="Experiment name [default: the kind]."),
        click.option("--game", "-g", default=None,
                     help="Game: onepiece, weiss or dbs [default: inferred from the decks]."),
    ]
    for o in opts:
        f = o(f)
    return f


def _common(kind: str, kw: dict, names: dict[str, str]) -> tuple[dict, dict]:
    top = {"name": kw["name"] or kind, "game": kw["game"], "kind": kind, "seed": kw["seed"],
           "ruleset": kw["ruleset"], "turn_cap": kw["turn_cap"], "effects": kw["effects"],
           "cards": [str(Path(c).resolve()) for c in kw["card_files"]] or None,
           "store": str(Path(kw["store"]).resolve()) if kw["store"] else None}
    stop: dict = {"games": kw["n_games"], "batch": kw["batch"], "until_ci": kw["until_ci"]}
    if kw["sprt"]:
        try:
            p0, p1 = (float(x) for x in kw["sprt"].split(","))
        except ValueError:
            raise InputError(f"--sprt: expected P0,P1 such as 0.5,0.55, got {kw['sprt']!r}") \
                from None
        stop["sprt"] = {"p0": p0, "p1": p1, "alpha": kw["alpha"], "beta": kw["beta"]}
    sections = {"decks": names,
                "strategies": {"a": kw["strategy_a"], "b": kw["strategy_b"]},
                "stop": stop}
    return top, sections


def _launch(text: str, kind: str, kw: dict) -> None:
    """Parse the generated experiment (so errors read the same as for files) and run it."""
    from tcgsim.experiments.spec import loads

    exp = loads(text, where="experiment", source=Path.cwd())
    _execute(exp, kw["out"], None, kw, kw["progress"], kw["report"], kind)


def _backend(exp, kw: dict):
    """The experiment's [backend] with the command-line options over it."""
    return exp.backend.overridden(name=kw["backend"], scheduler=kw["scheduler"],
                                  workers=kw["workers"], threads=kw["threads"],
                                  task_games=kw["task_games"])


def _execute(exp, out, max_games, kw: dict, progress, report, kind: str) -> None:
    from tcgsim.experiments.launch import run_experiment
    from tcgsim.experiments.progress import wanted
    from tcgsim.reports.aggregate import aggregate
    from tcgsim.reports.render import terminal, write_report

    if out is None:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        out = Path("runs") / f"{kind}-{stamp}"
    run_dir = Path(out)
    manifest = run_experiment(exp, run_dir, max_games, progress=wanted(progress),
                              backend=_backend(exp, kw))
    interrupted = manifest["status"] == "interrupted"
    if interrupted:
        click.echo(f"Interrupted: the finished games are kept in {run_dir}; "
                   f"`tcgsim run {run_dir}` resumes.", err=True)
    if not any((run_dir / "shards").glob("j*/g*.parquet")):
        raise SystemExit(130 if interrupted else 1)
    res = aggregate(run_dir)
    click.echo(terminal(res), nl=False)
    if report:
        md, ht = write_report(res, run_dir)
        click.echo(f"report: {md}, {ht}")
    click.echo(f"run folder: {run_dir}")
    if interrupted:
        raise SystemExit(130)


def register(cli: click.Group) -> None:
    """Add the experiment commands to the `tcgsim` group."""

    @cli.command()
    @click.argument("experiment", type=click.Path())
    @click.option("--games", "-n", "n_games", type=click.IntRange(2), default=None,
                  help="Extend every pairing to this many games (the most, with until_ci "
                  "or sprt) [default: the file's stop.games].")
    @click.option("--cards", "card_files", multiple=True, metavar="FILE",
                  help="Extra card pool (TOML), added to the file's cards.")
    @click.option("--store", default=None, metavar="DIR",
                  help="Card store folder [default: the file's store, else $TCGSIM_DATA or "
                  "the user data folder].")
    @_run_options
    def run(experiment, n_games, card_files, store, out, progress, report, **kw):
        """Run an experiment file, or resume / extend a run folder.

        EXPERIMENT is a TOML experiment file (see experiments/*.toml and the README) or a run
        folder made by an earlier run: it is resumed where it stopped, or extended with
        --games, without repeating or dropping a game.
        """
        from tcgsim.experiments.execute import read_manifest
        from tcgsim.experiments.spec import load, loads

        p = Path(experiment)
        if p.is_dir():
            m = read_manifest(p)
            f = p / "experiment.toml"
            if not f.exists():
                raise InputError(f"{p}: run folder has no experiment.toml")
            exp = loads(f.read_text(), where=str(f),
                        source=Path(m["experiment"].get("source_dir", ".")))
            exp.name = m["experiment"]["name"]
            if exp.store is None and m.get("store"):  # the store the run was made with
                exp.store = m["store"]  # (named by $TCGSIM_DATA then)
            out = out or p
        else:
            exp = load(p)
        if store:
            exp.store = str(Path(store).resolve())
        exp.cards += [str(Path(c).resolve()) for c in card_files]
        _execute(exp, out, n_games, kw, progress, report, exp.kind)

    @cli.command()
    @click.argument("deck")
    @click.argument("opponents", nargs=-1)
    @click.option("--round-robin", is_flag=True,
                  help="Play every pairing of DECK and OPPONENTS: a win-rate matrix.")
    @_exp_options
    @_run_options
    def matchup(deck, opponents, round_robin, **kw):
        """Win rate of DECK against one opponent, a weighted field or a round robin.

        OPPONENTS are decks, each with an optional metagame share: `green-kid=0.6
        blue-crocodile=0.4`. The field win rate is the share-weighted mean.
        """
        names: dict[str, str] = {}
        if not opponents:
            raise InputError("matchup: name at least one opponent deck")
        top, sec = _common("round-robin" if round_robin else "matchup", kw, names)
        if round_robin:
            pool = [_deck_entry(deck, names)] + [_deck_entry(o.split("=")[0], names)
                                                 for o in opponents]
            sec["matchup"] = {"decks": pool}
        else:
            d = _deck_entry(deck, names)
            sec["matchup"] = {"deck": d, "opponents": _opponents(opponents, names)}
        _launch(experiment_text(top, sec), top["kind"], kw)

    @cli.command("first-second")
    @click.argument("decks", nargs=-1, required=True)
    @_exp_options
    @_run_options
    def first_second(decks, **kw):
        """How much going first matters: every pairing of DECKS, mirrors included.

        For each pairing: deck A's win rate going first and going second, the paired
        difference (same shuffles, seats swapped) with its 95 % interval and p-value, and
        how often the first player wins.
        """
        names: dict[str, str] = {}
        top, sec = _common("first-second", kw, names)
        sec["matchup"] = {"decks": [_deck_entry(d, names) for d in decks]}
        _launch(experiment_text(top, sec), "first-second", kw)

    @cli.command()
    @click.argument("deck")
    @click.option("--vs", "opponents", multiple=True, required=True, metavar="DECK[=SHARE]",
                  help="Opponent deck with an optional metagame share (repeatable).")
    @click.option("--vary", required=True, metavar="GROUP|CARD",
                  help="Card group (see `tcgsim groups`) or card code whose count varies.")
    @click.option("--counts", required=True, metavar="N,N,...|LO-HI",
                  help="Counts to try: a list (6,7,8) or a range (6-8).")
    @click.option("--replace", default="", metavar="CODE,...",
                  help="Cards that give or take the difference, in order.")
    @click.option("--fill", "vary_cards", default="", metavar="CODE,...",
                  help="Cards of the group that gain or lose copies, in order [default: the "
                  "group's cards in the deck].")
    @click.option("--no-eliminate", is_flag=True,
                  help="Play every variant to the end (no sequential elimination).")
    @_exp_options
    @_run_options
    def sweep(deck, opponents, vary, counts, replace, vary_cards, no_eliminate, **kw):
        """How many of X: vary one count of DECK, evaluate every variant against the same
        opponents with the same random numbers, drop clearly worse variants early and rank
        by the lower bound of the interval."""
        names: dict[str, str] = {}
        top, sec = _common("sweep", kw, names)
        sec["matchup"] = {"deck": _deck_entry(deck, names),
                          "opponents": _opponents(opponents, names)}
        sec["sweep"] = {"vary": vary, "counts": _counts(counts),
                        "cards": _codes(vary_cards), "replace": _codes(replace)}
        if no_eliminate:
            sec["stop"]["eliminate"] = False
        _launch(experiment_text(top, sec), "sweep", kw)

    @cli.command()
    @click.argument("deck")
    @click.option("--vs", "opponents", multiple=True, required=True, metavar="DECK[=SHARE]",
                  help="Opponent deck with an optional metagame share (repeatable).")
    @click.option("--vary", "varies", multiple=True, required=True,
                  metavar="GROUP=LO-HI[:REPLACE,...]",
                  help="A count to tune and its range, optionally with the cards that give "
                  "or take the difference (repeatable): blocker=2-8:ST01-012,ST01-013.")
    @click.option("--replace", default="", metavar="CODE,...",
                  help="Cards that give or take the difference for every --vary without its "
                  "own list.")
    @click.option("--trials", type=click.IntRange(1), default=20, show_default=True,
                  help="Variants the optimiser (Optuna TPE, seeded) tries.")
    @_exp_options
    @_run_options
    def tune(deck, opponents, varies, replace, trials, **kw):
        """Several counts at once: an Optuna search over deck variants, each evaluated with
        --games games per opponent on the same random numbers."""
        names: dict[str, str] = {}
        top, sec = _common("tune", kw, names)
        sec["matchup"] = {"deck": _deck_entry(deck, names),
                          "opponents": _opponents(opponents, names)}
        sec["tune"] = {"trials": trials}
        tv = []
        for v in varies:
            head, _, rep = v.partition(":")
            group, eq, rng = head.partition("=")
            if not eq:
                raise InputError(f"--vary {v!r}: expected GROUP=LO-HI, e.g. blocker=2-8")
            c = _counts(rng)
            tv.append({"vary": group, "min": min(c), "max": max(c),
                       "replace": _codes(rep or replace)})
        text = experiment_text(top, sec) + "\n" + experiment_text({}, {"tune.vary": tv})
        _launch(text, "tune", kw)

    @cli.command()
    @click.argument("run_dir", type=click.Path())
    @click.option("--out", "-o", type=click.Path(file_okay=False), default=None,
                  help="Folder for report.md and report.html [default: RUN_DIR].")
    def report(run_dir, out):
        """Summarise a run folder: terminal tables, report.md and a self-contained
        report.html with plots."""
        from tcgsim.experiments.outputs import writable_dir
        from tcgsim.reports.aggregate import aggregate
        from tcgsim.reports.render import terminal, write_report

        if not Path(run_dir).is_dir():
            raise InputError(f"{run_dir}: no such run folder")
        writable_dir(Path(out or run_dir))
        res = aggregate(Path(run_dir))
        click.echo(terminal(res), nl=False)
        md, ht = write_report(res, Path(out or run_dir))
        click.echo(f"report: {md}, {ht}")

    @cli.command()
    @click.option("--game", "-g", default=None,
                  help="Game: onepiece, weiss or dbs [default: inferred from --deck, else "
                  "every game].")
    @click.option("--deck", default=None, help="Show how many of each group this deck runs.")
    @click.option("--cards", "card_files", multiple=True, metavar="FILE",
                  help="Extra card pool (TOML).")
    @click.option("--store", default=None, metavar="DIR",
                  help="Card store folder [default: $TCGSIM_DATA or the user data folder].")
    def groups(game, deck, card_files, store):
        """List the card groups a sweep or tune can vary (per game)."""
        from tcgsim.experiments.match import check_same_game, deck_path, infer_game, load_table
        from tcgsim.simcore.deckedit import DeckCounts
        from tcgsim.simcore.games.registry import games, get_game

        if game is None and deck is not None:
            game = infer_game([deck])
        chosen = [get_game(game)] if game else list(games().values())
        for g in chosen:
            if deck is not None:
                check_same_game(g, [deck])
            table, _ = load_table(g, card_files, store)
            known = g.tuning.groups(table) if g.tuning else {}
            if len(chosen) > 1:
                click.echo(f"{g.title} (--game {g.name}):")
            if not known:
                click.echo(f"no card groups are defined for {g.title}; vary a card by its code")
                continue
            counts = None
            if deck:
                counts = DeckCounts.of(g.resolve_deck(deck_path(g, deck), table), table)
            for name, idx in sorted(known.items()):
                codes = [table.codes[i] for i in idx]
                if counts is not None:
                    inside = [c for c in codes if counts.counts.get(c)]
                    click.echo(f"{name:16s} {counts.total(codes):3d} copies: "
                               + ", ".join(f"{counts.counts[c]}x{c}" for c in inside))
                else:
                    click.echo(f"{name:16s} {len(codes):3d} cards: {', '.join(codes)}")


def _codes(s: str) -> list[str]:
    return [c.strip().upper() for c in s.split(",") if c.strip()]


def _counts(s: str) -> list[int]:
    try:
        if "-" in s and "," not in s:
            lo, hi = (int(x) for x in s.split("-"))
            return list(range(lo, hi + 1))
        return [int(x) for x in s.split(",") if x.strip()]
    except ValueError:
        raise InputError(f"counts {s!r}: expected N,N,... or LO-HI such as 6-8") from None
